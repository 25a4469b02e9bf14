package ui

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// TestMotionSetting checks that a move is skipped with the animation
// setting off (its end shown at once, no animation) and that with it on
// every move lasts under 300 ms and ends where it should.
func TestMotionSetting(t *testing.T) {
	for _, on := range []bool{false, true} {
		a, _ := newTestApp(t, noTables{}, fyne.NewSize(360, 640))
		a.fy.Preferences().SetBool(PrefAnimate, on)
		a.openTable(newStillTable(midHand()))
		var got []float32
		anim := a.screen.motion(func(p float32) { got = append(got, p) })
		switch {
		case !on && anim != nil:
			t.Error("animation off: a move was animated")
		case on && (anim == nil || anim.Duration >= 300*time.Millisecond):
			t.Errorf("animation on: %v: want a move under 300 ms", anim)
		case len(got) == 0 || got[len(got)-1] != 1:
			t.Errorf("animate %v: steps %v: want the move to end at 1", on, got)
		}
	}
}

// TestMovesEnd shows a discard, a claim, the person's draw and a Mah-Jong
// with animation on and off: each move is made once and ends with every
// tile in its place and the celebration gone.
func TestMovesEnd(t *testing.T) {
	claim := func() table.Snapshot {
		s := midHand()
		v := *s.View
		v.Seats[rules.W].Melds = []hand.Meld{{Kind: hand.Pung, Tile: tile.S1 + 3, Open: true, Claimed: 3, From: 3}}
		s.View, s.Seq = &v, 8
		s.Last = &game.Event{Type: game.EvClaim, Seat: rules.W}
		return s
	}
	draw := func() table.Snapshot {
		s := ownTurn()
		s.Seq = 9
		return s
	}
	won := func() table.Snapshot {
		s := handOver()
		s.Seq = 10
		return s
	}
	for _, on := range []bool{false, true} {
		a, _ := newTestApp(t, noTables{}, fyne.NewSize(1280, 800))
		a.fy.Preferences().SetBool(PrefAnimate, on)
		a.openTable(newStillTable(midHand()))
		s := a.screen
		for _, snap := range []table.Snapshot{claim(), draw(), won()} {
			s.showSnapshot(snap)
		}
		if s.moves != (moves{discard: 7, claim: 8, draw: 9, mahjong: 10}) {
			t.Errorf("animate %v: moves made at %+v: want each once, at its update", on, s.moves)
		}
		for i := range 4 {
			p := s.panels[i].(*fyne.Container)
			if l := p.Objects[len(p.Objects)-1].(*fyne.Container).Layout.(*discardLayout); l.from != (fyne.Position{}) {
				t.Errorf("animate %v: panel %d's last discard is %v away from its place", on, i, l.from)
			}
		}
		if s.rackLayout.arrive != 0 || len(s.root.Objects) != 2 {
			t.Errorf("animate %v: the drawn tile %v tiles high, %d objects over the table: want 0 and 2", on, s.rackLayout.arrive, len(s.root.Objects))
		}
	}
}
