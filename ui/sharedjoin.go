package ui

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// NothingFoundAfter is how long the join screen searches before it says
// that no table was found and explains the fallbacks.
var NothingFoundAfter = 8 * time.Second

// JoinScreen lists the tables found nearby as they appear, with a spinner
// while it searches, a clear message when nothing was found after a while,
// and the address entry for networks that block discovery. It searches
// while it is on screen with the app in the foreground.
type JoinScreen struct {
	app  *App
	root fyne.CanvasObject
	body *fyne.Container
	list *fyne.Container
	ads  []TableAd
	spin *widget.Activity
	none *wordsLabel
	addr *widget.Entry
	// stop ends the search under way (nil while paused); closed is set
	// by Close.
	stop   context.CancelFunc
	closed bool
}

// ShowJoin shows the join screen and starts searching.
func (a *App) ShowJoin() {
	a.closeGame()
	a.leaveShared()
	j := a.newJoinScreen()
	a.share.join = j
	a.show(j.root)
	j.search()
}

func (a *App) newJoinScreen() *JoinScreen {
	j := &JoinScreen{app: a, list: container.NewVBox(), spin: widget.NewActivity()}
	j.none = wrapped(words.T("share.none_found"))
	j.none.colour = theme.ColorNameWarning
	j.none.Hide()
	j.addr = widget.NewEntry()
	j.addr.SetPlaceHolder(words.T("share.addr_placeholder"))
	j.addr.OnSubmitted = func(string) { j.lookup() }
	look := widget.NewButtonWithIcon(words.T("share.lookup"), theme.SearchIcon(), j.lookup)
	head := container.NewHBox(j.spin, widget.NewLabelWithStyle(words.T("share.searching"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	manual := container.NewVBox(widget.NewSeparator(),
		widget.NewLabelWithStyle(words.T("share.by_address"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		wrapped(words.T("share.by_address_help")),
		container.NewBorder(nil, nil, nil, look, j.addr))
	j.body = container.NewVBox(head, j.list, j.none, manual)
	j.root = a.page(words.T("share.join"), container.NewVScroll(container.NewPadded(j.body)))
	return j
}

// search browses until the screen is left or paused, and says so when
// nothing was found after NothingFoundAfter.
func (j *JoinScreen) search() {
	ctx, stop := context.WithCancel(context.Background())
	j.stop = stop
	j.spin.Show()
	j.spin.Start()
	go func() {
		err := j.app.share.net.Browse(ctx, func(ad TableAd) { fyne.Do(func() { j.add(ad) }) })
		fyne.Do(func() {
			if ctx.Err() != nil {
				return // stopped by pause or Close, which see to the screen
			}
			j.spin.Stop()
			j.spin.Hide()
			if err != nil {
				j.none.SetText(err.Error() + "\n" + words.T("share.none_found"))
				j.relayout()
			}
		})
	}()
	wait := NothingFoundAfter
	go func() {
		select {
		case <-ctx.Done():
		case <-time.After(wait):
			fyne.Do(j.nothingFound)
		}
	}()
}

// nothingFound says that no table was found, unless one was meanwhile.
func (j *JoinScreen) nothingFound() {
	if len(j.ads) == 0 {
		j.relayout()
	}
}

// relayout shows the nothing-found message and lays the screen out again:
// twice, as a wrapped label knows its height only once it has its width.
func (j *JoinScreen) relayout() {
	j.none.Show()
	j.body.Refresh()
	j.body.Refresh()
}

// pause stops searching until resume (the app left the foreground).
func (j *JoinScreen) pause() {
	if j.stop != nil {
		j.stop()
		j.stop = nil
		j.spin.Stop()
		j.spin.Hide()
	}
}

// resume searches again after pause, unless the screen was closed.
func (j *JoinScreen) resume() {
	if j.stop == nil && !j.closed {
		j.search()
	}
}

// Close stops searching for good.
func (j *JoinScreen) Close() {
	j.closed = true
	j.pause()
}

// Tables returns the tables listed.
func (j *JoinScreen) Tables() []TableAd { return slices.Clone(j.ads) }

// add lists a table, or updates it when it is already listed.
func (j *JoinScreen) add(ad TableAd) {
	if i := slices.IndexFunc(j.ads, func(x TableAd) bool { return x.Addr == ad.Addr }); i >= 0 {
		j.ads[i] = ad
	} else {
		j.ads = append(j.ads, ad)
	}
	j.none.Hide()
	j.list.Objects = nil
	for _, ad := range j.ads {
		j.list.Add(j.card(ad))
	}
	j.body.Refresh()
}

// card is one table in the list: name, ruleset, free seats, PIN needed,
// and the join button.
func (j *JoinScreen) card(ad TableAd) fyne.CanvasObject {
	rs, _ := words.Ruleset(ad.Rules)
	free := "share.free"
	if len(ad.Free) == 1 {
		free = "share.free_one"
	}
	facts := []string{rs, words.F(free, map[string]any{"N": len(ad.Free)})}
	if ad.PIN {
		facts = append(facts, words.T("share.needs_pin"))
	}
	if ad.Sealed {
		facts = append(facts, words.T("share.sealed"))
	}
	if ad.Hand > 0 {
		facts = append(facts, words.F("table.hand", map[string]any{"N": ad.Hand}))
	}
	name := widget.NewLabelWithStyle(ad.Name, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	info := widget.NewLabel(strings.Join(facts, "\n"))
	join := widget.NewButtonWithIcon(words.T("share.join_table"), theme.LoginIcon(), func() { j.choose(ad) })
	join.Importance = widget.HighImportance
	return widget.NewCard("", "", container.NewBorder(nil, nil, nil, join, container.NewVBox(name, info)))
}

// lookup asks the typed address which table it is and lists it.
func (j *JoinScreen) lookup() {
	addr := strings.TrimSpace(j.addr.Text)
	if addr == "" {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		ad, err := j.app.share.net.Lookup(ctx, addr)
		fyne.Do(func() {
			if err != nil {
				dialog.ShowError(err, j.app.win)
				return
			}
			j.add(ad)
			j.choose(ad)
		})
	}()
}

// seatName names a seat the way a joiner chooses it.
func seatName(p int) string {
	return words.F("share.seat.n", map[string]any{"N": p + 1, "Wind": words.Wind(rules.Wind(p))})
}

// choose asks for the PIN (when the table has one) and the seat, then
// joins.
func (j *JoinScreen) choose(ad TableAd) {
	seats := []int{}
	names := []string{}
	for _, p := range ad.Free {
		seats = append(seats, p)
		names = append(names, seatName(p))
	}
	seats = append(seats, table.Spectator)
	names = append(names, words.T("share.as_centre"))
	pick := widget.NewRadioGroup(names, nil)
	pick.SetSelected(names[0])
	pin := widget.NewPasswordEntry()
	pin.SetPlaceHolder(words.T("share.pin"))
	items := []*widget.FormItem{widget.NewFormItem(words.T("share.seat"), pick)}
	if ad.Sealed {
		// Known before sitting: this device will see the hands of the
		// seat it takes, and no other.
		items = append([]*widget.FormItem{widget.NewFormItem("", sealedNote())}, items...)
	}
	if ad.PIN {
		items = append(items, widget.NewFormItem(words.T("share.pin"), pin))
	}
	d := dialog.NewForm(ad.Name, words.T("share.join_table"), words.T("share.cancel"), items, func(ok bool) {
		if !ok {
			return
		}
		seat := seats[slices.Index(names, pick.Selected)]
		j.Join(JoinRequest{Addr: ad.Addr, PIN: strings.TrimSpace(pin.Text), Seat: seat, Name: j.app.sharedName()})
	}, j.app.win)
	d.Resize(fyne.NewSize(340, 0))
	d.Show()
}

// Join takes the seat and opens the table in rack mode, or as the centre
// display.
func (j *JoinScreen) Join(r JoinRequest) {
	wait := dialog.NewCustomWithoutButtons(words.T("share.joining"), widget.NewProgressBarInfinite(), j.app.win)
	wait.Show()
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		t, player, err := j.app.share.net.Join(ctx, r)
		fyne.Do(func() {
			wait.Hide()
			if err != nil {
				dialog.ShowError(joinError(err), j.app.win)
				return
			}
			j.Close()
			j.app.openShared(t, player)
		})
	}()
}

// joinError says what a refused join means for people.
func joinError(err error) error {
	var re *table.RefusedError
	if !errors.As(err, &re) {
		return err
	}
	switch re.Reason {
	case table.ReasonBadPIN:
		return fmt.Errorf("%s", words.T("share.err.bad_pin"))
	case table.ReasonPINWait:
		return fmt.Errorf("%s", words.T("share.err.pin_wait"))
	case table.ReasonTooMany:
		return fmt.Errorf("%s", words.T("share.err.too_many"))
	}
	return err
}
