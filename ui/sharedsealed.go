package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/sealedplay"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// sealedPlayable tells whether the game of ruleset id with options and
// card can be dealt at a sealed table (docs/sealed.md), and if not, why.
func sealedPlayable(id string, options map[string]string, card string) error {
	r, err := rules.GetWithCard(id, card)
	if err != nil {
		return err
	}
	o, err := rules.ResolveOptions(r, options)
	if err != nil {
		return err
	}
	return sealedplay.Playable(r, o)
}

// sealedChoice is the host screen's choice of a sealed table: a check,
// what it means, and why it is off when the game chosen cannot be dealt
// sealed; a note under the seats says that a sealed table needs a phone.
type sealedChoice struct {
	check *widget.Check
	why   *wordsLabel
	seats *wordsLabel
}

func newSealedChoice() *sealedChoice {
	c := &sealedChoice{why: wrapped(""), seats: wrapped(words.T("share.sealed_seats"))}
	c.why.colour = theme.ColorNameWarning
	c.seats.colour = theme.ColorNameWarning
	c.check = widget.NewCheck(words.T("share.sealed_on"), func(on bool) {
		if on {
			c.seats.Show()
		} else {
			c.seats.Hide()
		}
	})
	c.seats.Hide()
	c.why.Hide()
	return c
}

// content is the choice as the host screen shows it.
func (c *sealedChoice) content() fyne.CanvasObject {
	return container.NewVBox(c.check, wrapped(words.T("share.sealed_what")), c.why)
}

// follow offers the choice when the game f can be dealt sealed, and
// otherwise turns it off, disabled, with the reason in words.
func (c *sealedChoice) follow(f *newGameForm) {
	err := sealedPlayable(f.rules, f.values, f.card)
	if err == nil {
		c.check.Enable()
		c.why.Hide()
		return
	}
	c.check.SetChecked(false)
	c.check.Disable()
	c.why.SetText(words.F("share.sealed_off", map[string]any{"Reason": err}))
	c.why.Show()
}

// sealedSetup checks that s, set up sealed, can be dealt sealed.
func sealedSetup(s HostSetup) error {
	if !s.Sealed {
		return nil
	}
	if err := sealedPlayable(s.Rules, s.Options, s.Card); err != nil {
		return fmt.Errorf("%s", words.F("share.sealed_off", map[string]any{"Reason": err}))
	}
	return nil
}

// sealedNote says, in a lobby or a waiting room, that the table is
// sealed and what a device sees there.
func sealedNote() fyne.CanvasObject {
	head := wrapped(words.T("share.sealed"))
	head.bold = true
	return container.NewVBox(head, wrapped(words.T("share.sealed_what")))
}
