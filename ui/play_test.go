package ui

import (
	"os"
	"slices"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/record"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/ui/tileview"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// uiQueue makes the test goroutine the UI thread: the table screen's
// updates queue here and the test runs them between its taps.
func uiQueue(t *testing.T) chan func() {
	q := make(chan func(), 4096)
	onUI = func(f func()) { q <- f }
	t.Cleanup(func() { onUI = fyne.Do })
	return q
}

// drain runs the queued UI work; it waits for some when wait is set
// (a guard of a minute turns a hang into a failure).
func drain(t *testing.T, q chan func(), wait bool) {
	t.Helper()
	if wait {
		select {
		case f := <-q:
			f()
		case <-time.After(20 * time.Second):
			t.Fatal("no update from the table for 20 s")
		}
	}
	for {
		select {
		case f := <-q:
			f()
		default:
			return
		}
	}
}

// findButton finds the button showing text under o.
func findButton(o fyne.CanvasObject, text string) *widget.Button {
	switch x := o.(type) {
	case *widget.Button:
		if x.Text == text {
			return x
		}
	case *fyne.Container:
		for _, c := range x.Objects {
			if b := findButton(c, text); b != nil {
				return b
			}
		}
	case *container.Scroll:
		return findButton(x.Content, text)
	}
	return nil
}

// startByTapping opens the new-game screen for ruleset id and taps Deal.
func startByTapping(t *testing.T, a *App, w fyne.Window, id string) *TableScreen {
	t.Helper()
	a.fy.Preferences().SetString("last_rules", id)
	a.fy.Preferences().SetInt(PrefPace, 0)
	a.ShowNewGame()
	deal := findButton(w.Content(), words.T("newgame.start"))
	if deal == nil {
		t.Fatal("no Deal button on the new-game screen")
	}
	test.Tap(deal)
	if a.screen == nil {
		t.Fatal("Deal opened no table")
	}
	return a.screen
}

// tapAction taps the claim button of act.
func tapAction(t *testing.T, s *TableScreen, act game.Action) {
	t.Helper()
	var walk func(o fyne.CanvasObject) bool
	walk = func(o fyne.CanvasObject) bool {
		switch x := o.(type) {
		case *ClaimButton:
			if x.Action == act {
				test.Tap(x)
				return true
			}
		case *fyne.Container:
			return slices.ContainsFunc(x.Objects, walk)
		}
		return false
	}
	if !walk(s.claims) {
		t.Fatalf("no button for %v among %v", act, claimActions(s))
	}
}

// tapRack taps the rack tile at place i.
func tapRack(s *TableScreen, i int) {
	test.Tap(s.rack.Objects[s.rackLayout.melds+i].(*tileview.Tile))
}

// claimTypes are the claims the test takes whenever it may.
var claimTypes = []game.ActionType{game.ActPung, game.ActChow, game.ActKong, game.ActCall}

// decide plays the person's decision on screen by tapping, as a player
// would: mah-jong when offered, any claim, the Charleston's tiles, else a
// discard (the drawn tile when it may go); it reports the claim taken.
func decide(t *testing.T, s *TableScreen) (claimed bool) {
	t.Helper()
	v := s.snap.View
	buttons := claimActions(s)
	for _, a := range buttons {
		if a.Type == game.ActMahjong || a.Type == game.ActSelfDraw {
			tapAction(t, s, a)
			return false
		}
	}
	for _, a := range buttons {
		if slices.Contains(claimTypes, a.Type) {
			tapAction(t, s, a)
			return true
		}
	}
	if s.giveOffered() {
		var give game.Action
		for _, a := range v.Legal {
			if a.Type == game.ActGive {
				give = a
				break
			}
		}
		need := give.Tiles
		for i, k := range s.order {
			if need[k] > 0 {
				need[k]--
				tapRack(s, i)
			}
		}
		tapAction(t, s, give)
		return false
	}
	for _, i := range []int{len(s.order) - 1, 0} {
		if _, ok := s.discardAction(s.order[i]); ok {
			tapRack(s, i)
			tapRack(s, i)
			return false
		}
	}
	for i, k := range s.order {
		if _, ok := s.discardAction(k); ok {
			tapRack(s, i)
			tapRack(s, i)
			return false
		}
	}
	if slices.ContainsFunc(buttons, func(a game.Action) bool { return a.Type == game.ActPass }) {
		tapAction(t, s, game.Act(game.ActPass, tile.None))
		return false
	}
	if len(buttons) > 0 {
		tapAction(t, s, buttons[0])
		return false
	}
	t.Fatalf("cannot play any of %v", v.Legal)
	return false
}

// TestSoloHandByTapping plays whole solo hands of every ruleset through
// the screens, by tapping: a new game from the new-game screen, discards
// from the rack, claims from their buttons, until a hand with a claim has
// ended on the end-of-hand sheet, whose Next button deals again.
func TestSoloHandByTapping(t *testing.T) {
	for _, id := range rules.IDs() {
		t.Run(id, func(t *testing.T) {
			q := uiQueue(t)
			a, w := newTestApp(t, Solo{Seed: "four winds ui tests"}, fyne.NewSize(360, 640))
			s := startByTapping(t, a, w, id)
			defer a.ShowHome()
			claimed, sheets := false, 0
			acted := ^uint64(0)
			idle, sheetHand, hinted := false, -1, false
			for steps := 0; !(claimed && sheets > 0); steps++ {
				if steps > 20000 || sheets > 8 {
					t.Fatalf("%d steps, %d hands, claimed %v", steps, sheets, claimed)
				}
				drain(t, q, idle)
				idle = true
				v := s.snap.View
				if v == nil {
					continue
				}
				if s.sheet != nil {
					if s.snap.Info.Ready[s.player] || s.snap.Info.Hand == sheetHand {
						continue
					}
					sheetHand, idle = s.snap.Info.Hand, false
					if v.Result == nil || len(s.sheetBox.Objects) == 0 {
						t.Fatal("hand over with no sheet")
					}
					sheets++
					if claimed {
						break
					}
					next := findButton(s.sheetBox, words.T("sheet.next"))
					if next == nil {
						t.Fatal("no Next hand button on the sheet")
					}
					test.Tap(next)
					continue
				}
				if len(v.Legal) == 0 || table.NothingToDecide(v) || v.StateID == acted {
					continue // nothing to decide, or the screen passed by itself
				}
				acted, idle = v.StateID, false
				if !hinted {
					hinted = true
					test.Tap(s.hintBtn)
					if !s.hintLabel.Visible() || s.hintLabel.Text == "" {
						t.Errorf("Hint showed nothing for %v", v.Legal)
					}
				}
				if decide(t, s) {
					claimed = true
				}
			}
			// The exported record replays as `fourwinds replay` replays it.
			b, err := recordBytes(s.t)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := record.Decode(b)
			if err == nil {
				_, err = rec.Replay(nil)
			}
			if err != nil {
				t.Errorf("the exported record does not replay: %v", err)
			}
		})
	}
}

// TestResumeAfterKill copies the save of a game waiting for the person
// (as a killed process leaves it: the table saves after every event) and
// resumes it in a new app at the same decision with the same tiles.
func TestResumeAfterKill(t *testing.T) {
	q := uiQueue(t)
	a, w := newTestApp(t, Solo{Seed: "four winds ui tests"}, fyne.NewSize(360, 640))
	s := startByTapping(t, a, w, "hongkong")
	var before *game.View
	acted := ^uint64(0)
	for i := range 2000 {
		drain(t, q, i > 0)
		v := s.snap.View
		if v == nil || len(v.Legal) == 0 || table.NothingToDecide(v) || v.StateID == acted {
			continue
		}
		if v.Phase == game.PhaseTurn && v.Turn == v.Seat && s.snap.Info.History == nil && len(v.Seats[v.Seat].Discards) >= 2 {
			before = v
			break
		}
		acted = v.StateID
		decide(t, s)
	}
	if before == nil {
		t.Fatal("the person never had a turn")
	}
	saved, err := os.ReadFile(a.SavePath())
	if err != nil {
		t.Fatal(err)
	}
	killed := t.TempDir() + "/solo-game.json"
	if err := os.WriteFile(killed, saved, 0o644); err != nil {
		t.Fatal(err)
	}
	a.ShowHome()
	drain(t, q, false)

	b, _ := newTestApp(t, Solo{Seed: "four winds ui tests"}, fyne.NewSize(360, 640))
	b.dir = t.TempDir()
	if err := os.WriteFile(b.SavePath(), saved, 0o644); err != nil {
		t.Fatal(err)
	}
	if findButton(b.homeScreen(), words.T("home.continue")) == nil {
		t.Fatal("home offers no Continue with a saved game")
	}
	b.continueGame()
	defer b.ShowHome()
	after := b.screen.snap.View
	if after.StateID != before.StateID || after.Hand != before.Hand || after.Drawn != before.Drawn || after.Ruleset != before.Ruleset {
		t.Errorf("resumed at decision %d with %v (drawn %v), want %d with %v (drawn %v)",
			after.StateID, after.Hand.Kinds(), after.Drawn, before.StateID, before.Hand.Kinds(), before.Drawn)
	}
}

// relayout lays out every container under o again, top down, as a frame
// of a real window would after sizes changed below.
func relayout(o fyne.CanvasObject) {
	c, ok := o.(*fyne.Container)
	if !ok {
		return
	}
	if c.Layout != nil {
		c.Layout.Layout(c.Objects, c.Size())
	}
	for _, x := range c.Objects {
		relayout(x)
	}
}

// TestFeltStill (issue 20): on a 360×640 phone the felt keeps its size
// and place through a whole hand played by tapping — the calls, the hint
// and the messages come and go, the rack fills and empties — so that no
// tile moves under the finger. The computer players carry the language's
// names, the same as on the new-game screen.
func TestFeltStill(t *testing.T) {
	q := uiQueue(t)
	if err := words.Use("fr"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = words.Use("en") })
	a, w := newTestApp(t, Solo{Seed: "four winds ui tests"}, fyne.NewSize(360, 640))
	s := startByTapping(t, a, w, "hongkong")
	defer a.ShowHome()
	for p := 1; p < 4; p++ {
		if got, want := s.snap.Info.Seats[p].Name, words.Computer(p); got != want || want == "" {
			t.Errorf("player %d is %q at the table, %q on the new-game screen", p, got, want)
		}
	}
	felt := s.middle.Objects[0].(*fyne.Container).Objects[0] // the cloth under the seats
	var size fyne.Size
	var pos fyne.Position
	acted := ^uint64(0)
	hinted, claimed, updates := false, false, 0
	check := func() {
		t.Helper()
		if s.sheet != nil {
			return // the hand is over: the sheet covers the table
		}
		relayout(w.Content())
		d := fyne.CurrentApp().Driver()
		if size == (fyne.Size{}) {
			size, pos = felt.Size(), d.AbsolutePositionForObject(felt)
			return
		}
		if got, at := felt.Size(), d.AbsolutePositionForObject(felt); got != size || at != pos {
			t.Fatalf("update %d: the felt is %v at %v, was %v at %v", updates, got, at, size, pos)
		}
	}
	s.onChange = func() { updates++; check() }
	for steps := 0; s.sheet == nil; steps++ {
		if steps > 20000 {
			t.Fatalf("%d steps and the hand is not over", steps)
		}
		drain(t, q, true)
		v := s.snap.View
		if v == nil || s.sheet != nil || len(v.Legal) == 0 || table.NothingToDecide(v) || v.StateID == acted {
			continue
		}
		acted = v.StateID
		if !hinted {
			hinted = true
			test.Tap(s.hintBtn)
			check()
		}
		claimed = decide(t, s) || claimed
		check()
	}
	if updates < 20 || !hinted {
		t.Errorf("%d updates seen, hint shown %v: the hand was not played through", updates, hinted)
	}
	t.Logf("%d updates, a claim taken: %v, the felt %v", updates, claimed, size)
}
