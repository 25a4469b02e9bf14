package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"github.com/fourwinds-mahjong/fourwinds/core/table"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/internal/uitest"
	"github.com/fourwinds-mahjong/fourwinds/ui/tileview"
)

// lateHand is midHand near the end of a hand: every seat has discarded 21
// tiles, the others have two exposed melds each and bonus tiles, and the
// person may chow two ways, pung, kong, call Mah-Jong or pass.
func lateHand() (s table.Snapshot) {
	s = midHand()
	v := *s.View
	v.WallLive = 4
	for w := rules.E; w <= rules.N; w++ {
		sv := v.Seats[w]
		sv.Discards = discards("19m 19p 19s 1234567z 2468m 357p 24s")
		sv.Discards[3].Claimed = true
		if w != rules.S {
			sv.Concealed = 7
			sv.Melds = []hand.Meld{{Kind: hand.Pung, Tile: tile.Red, Open: true, Claimed: 3, From: 1},
				{Kind: hand.Chow, Tile: tile.P1 + 4, Open: true, Claimed: 1, From: 3}}
			sv.Bonus = []tile.Kind{tile.F1, tile.Y1 + 2}
		}
		v.Seats[w] = sv
	}
	v.Legal = append(v.Legal, game.Act(game.ActKong, tile.S1+3), game.Act(game.ActMahjong, tile.S1+3))
	s.View = &v
	return s
}

// ownTurn is lateHand at the person's turn: a drawn tile, a pung of
// their own above the rack, Mah-Jong offered beside the discards.
func ownTurn() table.Snapshot {
	s := lateHand()
	v := *s.View
	v.Phase, v.Turn, v.StateID = game.PhaseTurn, v.Seat, 43
	v.Hand = tile.CountsOf(tile.MustParse("23s 44s 567p 19m 5z 4p"))
	v.Drawn = tile.P1 + 3
	me := v.Seats[v.Seat]
	me.Melds = []hand.Meld{{Kind: hand.Pung, Tile: tile.East, Open: true, Claimed: 2, From: 2}}
	v.Seats[v.Seat] = me
	v.Legal = []game.Action{game.Act(game.ActSelfDraw, tile.None)}
	for _, k := range v.Hand.Kinds() {
		v.Legal = append(v.Legal, game.Act(game.ActDiscard, k))
	}
	s.View = &v
	s.Last = &game.Event{Type: game.EvDraw, Seat: v.Seat}
	return s
}

// TestPhoneClaimFits (issue 13, "nothing cut off at 360×640"): on a
// 360×640 phone (and at 800×1280 and 1280×800) with claims offered,
// mid-hand and late in a hand, in the standard and the large tile style,
// the table screen needs no scrolling:
// the felt's content fits its height, every discard and meld lies inside
// the felt and off the wall, and every claim button and every rack tile lies inside the
// window, the buttons at least 72×56.
func TestPhoneClaimFits(t *testing.T) {
	type fit struct {
		name  string
		snap  func() table.Snapshot
		style tileview.Style
		win   fyne.Size
	}
	var cases []fit
	for _, win := range []fyne.Size{{Width: 360, Height: 640}, {Width: 800, Height: 1280}, {Width: 1280, Height: 800}} {
		cases = append(cases,
			fit{"mid", midHand, tileview.Standard, win},
			fit{"late", lateHand, tileview.Standard, win},
			fit{"mid-large", midHand, tileview.Large, win},
			fit{"late-large", lateHand, tileview.Large, win},
			fit{"turn", ownTurn, tileview.Standard, win},
			fit{"turn-large", ownTurn, tileview.Large, win})
	}
	for _, c := range cases {
		win := c.win
		name := fmt.Sprintf("%s_%dx%d", c.name, int(win.Width), int(win.Height))
		t.Run(name, func(t *testing.T) {
			f := newStillTable(c.snap())
			a, w := newTestApp(t, noTables{f}, win)
			a.fy.Preferences().SetString(PrefStyle, string(c.style))
			a.openTable(f)
			w.Resize(win)
			s := a.screen
			if dir := os.Getenv("FOURWINDS_SCREENSHOTS"); dir != "" {
				uitest.WritePNG(t, filepath.Join(dir, "fit_"+name+".png"), w.Canvas().Capture())
			}
			d := fyne.CurrentApp().Driver()
			scroll := findScroll(s.middle)
			if scroll == nil {
				t.Fatal("no felt")
			}
			if need, have := scroll.Content.MinSize().Height, scroll.Size().Height; need > have {
				t.Errorf("the felt needs %v high, has %v: it scrolls", need, have)
			}
			felt := rect{d.AbsolutePositionForObject(scroll), scroll.Size()}
			inside := func(what string, o fyne.CanvasObject, in rect) {
				t.Helper()
				r := rect{d.AbsolutePositionForObject(o), o.Size()}
				if !in.holds(r) {
					t.Errorf("%s at %v size %v is outside %v size %v", what, r.pos, r.size, in.pos, in.size)
				}
			}
			ring := ringRect(t, s)
			for i, o := range s.seats.Objects[:4] {
				walkTiles(o, func(tl *tileview.Tile) {
					inside(fmt.Sprintf("seat %d's %v", i, tl.Kind), tl, felt)
					if r := (rect{d.AbsolutePositionForObject(tl), tl.Size()}); r.meets(ring) {
						t.Errorf("seat %d's %v at %v size %v lies on the wall at %v size %v", i, tl.Kind, r.pos, r.size, ring.pos, ring.size)
					}
				})
			}
			screen := rect{size: win}
			buttons := 0
			walkClaims(s.claims, func(b *ClaimButton) {
				buttons++
				inside(b.SpokenName(), b, screen)
				if sz := b.Size(); sz.Width < barLeast || sz.Height < 56 {
					t.Errorf("%s is %v, too small a target", b.SpokenName(), sz)
				}
			})
			if want := len(claimActionsOf(s.snap.View.Legal)); buttons != want {
				t.Errorf("%d claim buttons, want %d", buttons, want)
			}
			n := 0
			walkTiles(s.rack, func(tl *tileview.Tile) { n++; inside("rack "+tl.SpokenName(), tl, screen) })
			if n < 11 {
				t.Errorf("%d tiles on the rack", n)
			}
		})
	}
}

// rect is a rectangle on the window.
type rect struct {
	pos  fyne.Position
	size fyne.Size
}

// holds reports whether o lies inside r (to half a pixel).
func (r rect) holds(o rect) bool {
	return o.pos.X >= r.pos.X-.5 && o.pos.Y >= r.pos.Y-.5 &&
		o.pos.X+o.size.Width <= r.pos.X+r.size.Width+.5 && o.pos.Y+o.size.Height <= r.pos.Y+r.size.Height+.5
}

// meets reports whether r and o overlap (by more than half a pixel).
func (r rect) meets(o rect) bool {
	return o.pos.X < r.pos.X+r.size.Width-.5 && r.pos.X < o.pos.X+o.size.Width-.5 &&
		o.pos.Y < r.pos.Y+r.size.Height-.5 && r.pos.Y < o.pos.Y+o.size.Height-.5
}

// findScroll returns the first scroll container under o.
func findScroll(o fyne.CanvasObject) *container.Scroll {
	switch x := o.(type) {
	case *container.Scroll:
		return x
	case *fyne.Container:
		for _, c := range x.Objects {
			if s := findScroll(c); s != nil {
				return s
			}
		}
	}
	return nil
}

// walkTiles calls f on every visible tile under o.
func walkTiles(o fyne.CanvasObject, f func(*tileview.Tile)) {
	if !o.Visible() {
		return
	}
	switch x := o.(type) {
	case *tileview.Tile:
		f(x)
	case *fyne.Container:
		for _, c := range x.Objects {
			walkTiles(c, f)
		}
	}
}

// walkClaims calls f on every claim button under o.
func walkClaims(o fyne.CanvasObject, f func(*ClaimButton)) {
	switch x := o.(type) {
	case *ClaimButton:
		f(x)
	case *fyne.Container:
		for _, c := range x.Objects {
			walkClaims(c, f)
		}
	}
}

// TestRackCentred (issue 20, "your rack centred", at every size): the
// person's tiles lie in the middle of the rack's width, a rack shortened
// by claims too: the room left and right of them differs by at most the
// drawn tile's place and gap (kept while no tile is drawn) and the
// rack's padding (a full rack is no wider than the window), at 360×640,
// 800×1280 and 1280×800, in the standard and the large tile style.
func TestRackCentred(t *testing.T) {
	for _, sz := range feltSizes {
		for _, st := range []tileview.Style{tileview.Standard, tileview.Large} {
			for _, c := range []struct {
				name string
				snap func() table.Snapshot
			}{{"mid", midHand}, {"turn", ownTurn}} {
				t.Run(fmt.Sprintf("%s-%s_%dx%d", c.name, st, int(sz.Width), int(sz.Height)), func(t *testing.T) {
					f := newStillTable(c.snap())
					a, w := newTestApp(t, noTables{f}, sz)
					a.fy.Preferences().SetString(PrefStyle, string(st))
					a.openTable(f)
					w.Resize(sz)
					s := a.screen
					d := fyne.CurrentApp().Driver()
					lo, hi := float32(1e9), float32(-1e9)
					walkTiles(s.rack, func(tl *tileview.Tile) {
						x := d.AbsolutePositionForObject(tl).X
						lo, hi = min(lo, x), max(hi, x+tl.Size().Width)
					})
					x, rw := d.AbsolutePositionForObject(s.rack).X, s.rack.Size().Width
					left, right := lo-x, x+rw-hi
					if slack := s.rackLayout.tileW + rackGap + 2*theme.Padding(); left-right > slack || right-left > slack {
						t.Errorf("the rack's tiles leave %v at the left and %v at the right of %v", left, right, rw)
					}
				})
			}
		}
	}
}

// TestDesktopDiscardsReadable (issue 20): at 1280×800 late in a hand,
// in every tile style, every discard is at least as wide as the exposed
// melds' mini tiles (tileview.MiniWidth, 20 px: a face's index and suit
// still read at that width, as the exposures' do), never the 10 px floor
// kept for a phone with no more room.
func TestDesktopDiscardsReadable(t *testing.T) {
	win := fyne.NewSize(1280, 800)
	for _, st := range tileview.Styles {
		t.Run(string(st), func(t *testing.T) {
			f := newStillTable(lateHand())
			a, w := newTestApp(t, noTables{f}, win)
			a.fy.Preferences().SetString(PrefStyle, string(st))
			a.openTable(f)
			w.Resize(win)
			n := 0
			for i, o := range a.screen.seats.Objects[:4] {
				c := o.(*fyne.Container)
				walkTiles(c.Objects[len(c.Objects)-1], func(tl *tileview.Tile) {
					n++
					if wd := tl.Size().Width; wd < tileview.MiniWidth {
						t.Errorf("seat %d's discard %v is %v wide", i, tl.Kind, wd)
					}
				})
			}
			if n == 0 {
				t.Fatal("no discards found")
			}
		})
	}
}
