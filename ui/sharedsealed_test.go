package ui

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/internal/uitest"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// hostingNet records the table the host screen sets up, and hosts none.
type hostingNet struct {
	quietNet
	got chan HostSetup
}

func (n hostingNet) Host(s HostSetup) (Hosted, error) {
	n.got <- s
	return nil, errors.New("no hosting in this test")
}

// sealedForm finds the host screen's sealed choice, its ruleset choice
// and its open button.
func sealedForm(t *testing.T, a *App) (check *widget.Check, pick *widget.Select, open *widget.Button) {
	t.Helper()
	walkObjects(a.win.Content(), func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *widget.Check:
			if x.Text == words.T("share.sealed_on") {
				check = x
			}
		case *widget.Select:
			if rs, _ := words.Ruleset(rules.DefaultID); slices.Contains(x.Options, rs) {
				pick = x
			}
		case *widget.Button:
			if x.Text == words.T("share.open") {
				open = x
			}
		}
	})
	if check == nil || pick == nil || open == nil {
		t.Fatalf("the host screen has no sealed choice (%v), ruleset choice (%v) or open button (%v)", check != nil, pick != nil, open != nil)
	}
	return check, pick, open
}

// shownText is every words label's text on show in o.
func shownText(o fyne.CanvasObject) string {
	var out []string
	for _, o := range test.LaidOutObjects(o) {
		if l, ok := o.(*wordsLabel); ok && l.Visible() {
			out = append(out, l.Text())
		}
	}
	return strings.Join(out, "\n")
}

// TestHostSealed: the host screen offers a sealed table, says what it
// means and, under the seats, that a phone must join; the table it sets up
// is sealed. Every ruleset keeps the choice offered; american with its
// blind pass is refused when hosted, saying why.
func TestHostSealed(t *testing.T) {
	defer func(f func() string) { newPIN = f }(newPIN)
	newPIN = func() string { return "4321" }
	defer words.Use("en")
	for _, lang := range []string{"en", "fr"} {
		a, w := newTestApp(t, noTables{}, fyne.NewSize(360, 640))
		if err := words.Use(lang); err != nil {
			t.Fatal(err)
		}
		n := hostingNet{got: make(chan HostSetup, 1)}
		a.SetNetwork(n)
		a.fy.Preferences().SetString("last_rules", "hongkong")
		a.ShowHost()
		check, pick, open := sealedForm(t, a)
		if check.Disabled() {
			t.Fatalf("%s: hongkong cannot be chosen sealed", lang)
		}
		if strings.Contains(shownText(a.win.Content()), words.T("share.sealed_seats")) {
			t.Errorf("%s: the note that a sealed table needs a phone shows before Sealed is chosen", lang)
		}
		test.Tap(check)
		all := shownText(a.win.Content())
		for _, key := range []string{"share.sealed_what", "share.sealed_seats"} {
			if !strings.Contains(all, words.T(key)) {
				t.Errorf("%s: the host screen with Sealed chosen does not say %q", lang, words.T(key))
			}
		}
		scrollTo(a.win.Content(), check)
		uitest.Golden(t, "host-sealed-"+lang+".png", w.Canvas().Capture())
		test.Tap(open)
		if s := <-n.got; !s.Sealed || s.Rules != "hongkong" {
			t.Errorf("%s: the host screen set up %+v; want a sealed hongkong table", lang, s)
		}

		for i, id := range rules.IDs() {
			pick.SetSelectedIndex(i)
			if check.Disabled() {
				t.Errorf("%s: %s turns the sealed choice off; every ruleset is dealt sealed", lang, id)
			}
		}
		// American with its default options (the blind pass) is dealt
		// sealed as every other ruleset.
		pick.SetSelectedIndex(slices.Index(rules.IDs(), "american"))
		if !check.Checked {
			test.Tap(check)
		}
		test.Tap(open)
		select {
		case s := <-n.got:
			if !s.Sealed || s.Rules != "american" {
				t.Errorf("%s: the host screen set up %+v; want a sealed american table", lang, s)
			}
		case <-time.After(5 * time.Second):
			t.Errorf("%s: a sealed american table with its default options was not set up", lang)
		}
		// The mush is not dealt sealed: hosting it says so, in words.
		if err := sealedRefused(HostSetup{Rules: "american", Sealed: true, Options: map[string]string{"mush": "true"}}); err == nil || err.Error() != words.T("share.sealed_mush") {
			t.Errorf("%s: a sealed american table with the mush is refused with %v; want %q", lang, err, words.T("share.sealed_mush"))
		}
		for _, s := range []HostSetup{{Rules: "american", Sealed: true}, {Rules: "american", Options: map[string]string{"mush": "true"}}} {
			if err := sealedRefused(s); err != nil {
				t.Errorf("%s: %+v is refused: %v", lang, s, err)
			}
		}
		a.ShowHome()
	}
}

// scrollTo scrolls the first scroll in o so that target is near its top,
// below the heading over it.
func scrollTo(o fyne.CanvasObject, target fyne.CanvasObject) {
	var sc *container.Scroll
	walkObjects(o, func(o fyne.CanvasObject) {
		if x, ok := o.(*container.Scroll); ok && sc == nil {
			sc = x
		}
	})
	if sc == nil {
		return
	}
	d := fyne.CurrentApp().Driver()
	sc.Offset = fyne.NewPos(0, d.AbsolutePositionForObject(target).Y-d.AbsolutePositionForObject(sc.Content).Y-48)
	sc.Refresh()
}

// TestSealedLobby: a joiner learns that a table is sealed from its card in
// the list, and again, with what its device will see, before it sits.
func TestSealedLobby(t *testing.T) {
	a, w := newTestApp(t, noTables{}, fyne.NewSize(360, 640))
	a.SetNetwork(quietNet{})
	a.ShowJoin()
	j := a.Joining()
	j.spin.Stop()
	ad := TableAd{Addr: "/ip4/192.168.1.20/tcp/40123/p2p/12D3KooW", Name: "Kitchen", Rules: "hongkong", Free: []int{1, 2}, Sealed: true}
	j.add(ad)
	if !strings.Contains(widgetText(j.list), words.T("share.sealed")) {
		t.Errorf("the sealed table's card says %q; want %q", widgetText(j.list), words.T("share.sealed"))
	}
	j.choose(ad)
	over := w.Canvas().Overlays().Top()
	if over == nil || !strings.Contains(shownText(over), words.T("share.sealed_what")) {
		t.Error("the seat dialog of a sealed table does not say what the device will see")
	}
	uitest.Golden(t, "join-sealed-en.png", w.Canvas().Capture())
	a.ShowHome()
}

// widgetText is every label's text in o (widget.Label, wordsLabel).
func widgetText(o fyne.CanvasObject) string {
	var out []string
	for _, o := range test.LaidOutObjects(o) {
		switch l := o.(type) {
		case *widget.Label:
			out = append(out, l.Text)
		case *wordsLabel:
			out = append(out, l.Text())
		}
	}
	return strings.Join(out, "\n")
}

// TestSealedNotices: a sealed table says so before it starts, with what a
// device sees there (a joined device learns it from its network while the
// table is in its lobby); after each hand it says the hand was audited, or void
// with the reason and dealt again, instead of the ordinary deal check; a
// device whose match went on without it says it plays its seat from the
// next deal.
func TestSealedNotices(t *testing.T) {
	newTestApp(t, noTables{}, fyne.NewSize(360, 640))
	yes, no := true, false
	name := func(p int) string { return []string{"Anne", "Bea", "Cal", "Dee"}[p] }
	const why = "the hand was void: holder 1 withheld its shares of 3 tiles"
	var seats [4]table.SeatInfo
	for p := range seats {
		seats[p].Name = name(p)
	}
	withheld := table.Info{Seats: seats, Sealed: true, Started: true, Verified: &no, Void: why, VoidWhy: table.VoidWithheld, VoidBy: []int{1, 3}}
	cheat := table.Info{Seats: seats, Sealed: true, Started: true, Verified: &no, Void: "the hand does not replay: …", VoidWhy: table.VoidCheat, VoidBy: []int{2}}
	three := table.Info{Seats: seats, Sealed: true, Started: true, Verified: &no, Void: why, VoidWhy: table.VoidWithheld, VoidBy: []int{0, 1, 3}}
	unblamed := table.Info{Sealed: true, Started: true, Verified: &no, Void: "the hand is not over or not every tile is opened"}
	t.Cleanup(func() { _ = words.Use("en") })
	for _, c := range []struct {
		lang, what string
		in         table.Info
		want       notice
	}{
		{"en", "in the lobby", table.Info{Sealed: true}, notice{text: "Sealed table: " + words.T("share.sealed_what"), imp: widget.HighImportance}},
		{"en", "audited", table.Info{Sealed: true, Started: true, Verified: &yes}, notice{text: "Hand audited: every tile and every proof checked", imp: widget.SuccessImportance}},
		{"en", "withheld", withheld, notice{text: "Hand void: Bea and Dee’s phone held back its part of the keys; dealt again with fresh keys", imp: widget.DangerImportance}},
		{"en", "withheld by three", three, notice{text: "Hand void: Anne, Bea and Dee’s phone held back its part of the keys; dealt again with fresh keys", imp: widget.DangerImportance}},
		{"en", "cheat", cheat, notice{text: "Hand void: Cal’s phone was caught cheating; dealt again with fresh keys", imp: widget.DangerImportance}},
		{"en", "void, no device named", unblamed, notice{text: "Hand void: the audit found it does not check out; dealt again with fresh keys", imp: widget.DangerImportance}},
		{"fr", "withheld", withheld, notice{text: "Main annulée\u202f: le téléphone qui joue pour Bea et Dee a retenu sa part des clés\u202f; redonnée avec de nouvelles clés", imp: widget.DangerImportance}},
		{"fr", "cheat", cheat, notice{text: "Main annulée\u202f: le téléphone qui joue pour Cal a été pris à tricher\u202f; redonnée avec de nouvelles clés", imp: widget.DangerImportance}},
		{"fr", "void, no device named", unblamed, notice{text: "Main annulée\u202f: la vérification a échoué\u202f; redonnée avec de nouvelles clés", imp: widget.DangerImportance}},
	} {
		if err := words.Use(c.lang); err != nil {
			t.Fatal(err)
		}
		got := notices(c.in, name, link{})
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%s, %s: the notices are %+v; want %+v", c.lang, c.what, got, c.want)
		}
	}
	if err := words.Use("en"); err != nil {
		t.Fatal(err)
	}
	lobby := notice{text: "Sealed table: " + words.T("share.sealed_what"), imp: widget.HighImportance}
	if got := notices(table.Info{}, name, link{sealed: true}); len(got) != 1 || got[0] != lobby {
		t.Errorf("the lobby of a table its network says is sealed gives %+v; want %+v", got, lobby)
	}
	late := notice{text: words.T("share.sealed_late"), imp: widget.WarningImportance}
	if got := notices(table.Info{}, name, link{sealed: true, late: true}); len(got) != 1 || got[0] != late {
		t.Errorf("the lobby of a sealed table whose match went on without this device gives %+v; want %+v", got, late)
	}
	if got := notices(table.Info{Sealed: true, Started: true}, name, link{}); len(got) != 0 {
		t.Errorf("a sealed hand in play gives %+v; want no notice before its verdict", got)
	}
}

// sealedEnd is the end of a hand at a sealed table, with its verdict:
// audited, or void for why, withheld by player 2's device.
func sealedEnd(why string) table.Snapshot {
	s := handOver()
	ok := why == ""
	s.Info.Sealed, s.Info.Started, s.Info.Verified, s.Info.Void = true, true, &ok, why
	if !ok {
		s.Info.VoidWhy, s.Info.VoidBy = table.VoidWithheld, []int{2}
	}
	return s
}

// TestSealedSheet: the end-of-hand sheet of a sealed table says the hand
// was audited, under its title.
func TestSealedSheet(t *testing.T) {
	sz := fyne.NewSize(420, 780)
	a, w := newTestApp(t, noTables{}, sz)
	a.openTable(newStillTable(sealedEnd("")))
	w.Resize(sz)
	if !strings.Contains(widgetText(w.Content()), words.T("share.audited")) {
		t.Errorf("the sheet of a sealed hand says %q; want %q", widgetText(w.Content()), words.T("share.audited"))
	}
	uitest.Golden(t, "sheet-sealed_420x780.png", w.Canvas().Capture())
	a.openTable(newStillTable(handOver()))
	if strings.Contains(widgetText(w.Content()), words.T("share.audited")) {
		t.Error("the sheet of an ordinary hand says it was audited")
	}
	// A void hand's sheet names the player whose device withheld its
	// part, in the player's language.
	t.Cleanup(func() { _ = words.Use("en") })
	void := sealedEnd("the hand was void: holder 1 withheld its shares of 3 tiles")
	for _, lang := range []string{"en", "fr"} {
		if err := words.Use(lang); err != nil {
			t.Fatal(err)
		}
		want := words.F("share.sealed_void_withheld", map[string]any{"Names": playerName(void.Info, 2)})
		a.openTable(newStillTable(void))
		if got := widgetText(w.Content()); !strings.Contains(got, want) {
			t.Errorf("%s: the sheet of a void hand says %q; want %q", lang, got, want)
		}
	}
}

// TestSealedCentre: the table centre shows a void hand's verdict, with
// its reason.
func TestSealedCentre(t *testing.T) {
	a, w := newTestApp(t, noTables{}, fyne.NewSize(1280, 800))
	a.SetNetwork(quietNet{})
	const why = "the hand was void: holder 2 withheld its shares of 3 tiles"
	a.openShared(newStillTable(sealedEnd(why)), table.Spectator)
	c := a.Centre()
	if c == nil {
		t.Fatal("no centre display")
	}
	want := "Hand void: " + playerName(sealedEnd(why).Info, 2) + "’s phone held back its part of the keys; dealt again with fresh keys"
	if !slices.Contains(c.Notices(), want) {
		t.Errorf("the centre's notices are %q; want %q", c.Notices(), want)
	}
	uitest.Golden(t, "centre-sealed-void.png", w.Canvas().Capture())
	a.ShowHome()
}

// TestSealedLastDiscard: a sealed table's snapshots carry no events; the
// discard a claim window answers is read from the view, and rack mode
// shows it as it does an ordinary table's. An ordinary table's snapshot
// is left as it came.
func TestSealedLastDiscard(t *testing.T) {
	a, _ := newTestApp(t, noTables{}, fyne.NewSize(360, 640))
	a.SetNetwork(quietNet{})
	s := midHand()
	s.Last = nil
	if got := withLast(s).Last; got != nil {
		t.Errorf("an ordinary table's snapshot was given the last event %+v", got)
	}
	s.Info.Sealed = true
	e := withLast(s).Last
	if e == nil || e.Type != game.EvDiscard || e.Seat != s.View.Turn || e.Tile() != s.View.Pending {
		t.Fatalf("a sealed claim window's last event is %+v; want %v's discard of %v", e, s.View.Turn, s.View.Pending)
	}
	a.openShared(newStillTable(s), 0)
	r := a.Rack()
	if r == nil || r.lastText.Text == "" || len(r.lastTile.Objects) != 1 {
		t.Error("rack mode at a sealed table does not show the discard its claim window answers")
	}
	a.ShowHome()
}
