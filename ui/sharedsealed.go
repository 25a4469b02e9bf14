package ui

import (
	"errors"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// sealedChoice is the host screen's choice of a sealed table (every
// ruleset with every option is dealt sealed): a check and what it means;
// a note under the seats says that a sealed table needs a phone.
type sealedChoice struct {
	check *widget.Check
	seats *wordsLabel
}

func newSealedChoice() *sealedChoice {
	c := &sealedChoice{seats: wrapped(words.T("share.sealed_seats"))}
	c.seats.colour = theme.ColorNameWarning
	c.check = widget.NewCheck(words.T("share.sealed_on"), func(on bool) {
		if on {
			c.seats.Show()
		} else {
			c.seats.Hide()
		}
	})
	c.seats.Hide()
	return c
}

// content is the choice as the host screen shows it.
func (c *sealedChoice) content() fyne.CanvasObject {
	return container.NewVBox(c.check, wrapped(words.T("share.sealed_what")))
}

// sealedRefused says, in words, why s is not dealt sealed: american's
// mush is not (docs/sealed.md, "The mush").
func sealedRefused(s HostSetup) error {
	if s.Sealed && table.SealedPlayable(s.Rules, s.Options) != nil {
		return errors.New(words.T("share.sealed_mush"))
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

// Sealing is implemented by a joined table its dealer deals sealed: it
// tells so while the table is still in its lobby, whose snapshots are the
// ordinary table's that seated the device.
type Sealing interface {
	Sealed() bool
}

// sealedLobby tells whether t says it is a sealed table (Sealing).
func sealedLobby(t table.Table) bool {
	x, ok := t.(Sealing)
	return ok && x.Sealed()
}

// SealedLate is implemented by a joined sealed table: Late tells whether
// its match is under way without this device, which was seated but not
// connected when the host dealt it, and waits for the next deal to play
// its seat (the host's computer plays it until then).
type SealedLate interface {
	Late() bool
}

// sealedLate tells whether t says its device waits for the next deal
// (SealedLate).
func sealedLate(t table.Table) bool {
	x, ok := t.(SealedLate)
	return ok && x.Late()
}

// withLast gives snap, a sealed table's (whose snapshots carry no
// events), the discard its claim window answers as its last event, read
// from the view: the rack and the table centre show it as they show an
// ordinary table's.
func withLast(snap table.Snapshot) table.Snapshot {
	v := snap.View
	if !snap.Info.Sealed || snap.Last != nil || v == nil || v.Phase != game.PhaseClaim {
		return snap
	}
	if ds := v.Seats[v.Turn].Discards; len(ds) > 0 && ds[len(ds)-1].Tile == v.Pending {
		snap.Last = &game.Event{Type: game.EvDiscard, Seat: v.Turn, Tiles: []tile.Kind{v.Pending}}
	}
	return snap
}

// sealedNotices are a sealed table's own notices: before it starts, that
// it is sealed and what a device sees there (lobby: a lobby whose
// table is sealed), or, on a device that came after its match started
// (late), that it plays its seat from the next deal; after a hand, its
// audit (auditNotice).
func sealedNotices(in table.Info, lobby, late bool) []notice {
	if late {
		return []notice{{text: words.T("share.sealed_late"), imp: widget.WarningImportance}}
	}
	if !in.Sealed && !lobby {
		return nil
	}
	if !in.Started {
		return []notice{{text: words.Labelled(words.T("share.sealed"), words.T("share.sealed_what")), imp: widget.HighImportance}}
	}
	if n, ok := auditNotice(in); ok {
		return []notice{n}
	}
	return nil
}

// voidKeys are the notices of a void hand by how it was voided
// (table.Info.VoidWhy); a void hand that names no device has
// share.sealed_void.
var voidKeys = map[table.VoidWhy]string{
	table.VoidWithheld: "share.sealed_void_withheld",
	table.VoidCheat:    "share.sealed_void_cheat",
}

// auditNotice is the verdict of a sealed table's last hand: audited, or
// void, naming the players whose device voided it by the names the table
// shows (playerName: a device's own player is named as the others see
// it, never "You"), and dealt again with fresh keys; ok is false before
// the first verdict and at a table that is not sealed.
func auditNotice(in table.Info) (n notice, ok bool) {
	if !in.Sealed || in.Verified == nil {
		return notice{}, false
	}
	if *in.Verified && in.Void == "" {
		return notice{text: words.T("share.audited"), imp: widget.SuccessImportance}, true
	}
	key, blamed := voidKeys[in.VoidWhy]
	if !blamed || len(in.VoidBy) == 0 {
		key = "share.sealed_void"
	}
	return notice{text: words.F(key, map[string]any{"Names": names(in)}), imp: widget.DangerImportance}, true
}

// names are the players of in.VoidBy named and joined as a list: "Anna",
// "Anna and Ben", "Anna, Ben and Cleo" (share.names_and).
func names(in table.Info) string {
	var n []string
	for _, p := range in.VoidBy {
		n = append(n, playerName(in, p))
	}
	if len(n) < 2 {
		return strings.Join(n, "")
	}
	return words.F("share.names_and", map[string]any{"Names": strings.Join(n[:len(n)-1], ", "), "Last": n[len(n)-1]})
}

// auditLine is the verdict of a sealed table's hand on its end-of-hand
// sheet, or nil at a table that is not sealed.
func auditLine(in table.Info) fyne.CanvasObject {
	n, ok := auditNotice(in)
	if !ok {
		return nil
	}
	l := wrapped(n.text)
	l.bold, l.colour = true, theme.ColorNameSuccess
	if n.imp == widget.DangerImportance {
		l.colour = theme.ColorNameError
	}
	return l
}
