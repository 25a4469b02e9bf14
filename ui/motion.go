package ui

import (
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// This file moves what the table does, each move with its meaning: a
// discard slides from its player's rack to its place, a claimed meld
// comes from the discarder's side, a drawn tile arrives from the wall,
// and Mah-Jong is celebrated. Each move is short, runs on Fyne's
// animation loop (input never waits for it) and is skipped when the
// animation setting (PrefAnimate) is off.

// motionTime is how long every move lasts: under 300 ms.
const motionTime = 240 * time.Millisecond

// moves are the updates whose moves were shown, so that each happens once
// however often its panel is drawn again.
type moves struct {
	discard, claim, draw, mahjong uint64
}

// motion runs step from 0 to 1 over motionTime, easing out, when animation
// is on, and returns the animation; when it is off it calls step(1) at
// once and returns nil.
func (s *TableScreen) motion(step func(p float32)) *fyne.Animation {
	if !s.app.fy.Preferences().BoolWithFallback(PrefAnimate, true) {
		step(1)
		return nil
	}
	a := fyne.NewAnimation(motionTime, step)
	a.Curve = fyne.AnimationEaseOut
	a.Start()
	return a
}

// fresh reports whether the move of the shown update has not been made yet
// (*seen is the update of the last one) and marks it made.
func (s *TableScreen) fresh(seen *uint64) bool {
	if *seen == s.snap.Seq {
		return false
	}
	*seen = s.snap.Seq
	return true
}

// sideVector points from the centre towards screen side i (0 the
// person's at the bottom, 1 right, 2 across, 3 left).
func sideVector(i int) fyne.Position {
	return [4]fyne.Position{{X: 0, Y: 1}, {X: 1, Y: 0}, {X: 0, Y: -1}, {X: -1, Y: 0}}[i%4]
}

// arrive slides the last discard in grid, of the player at screen side
// i, into its place from that player's rack: the person's below the
// felt, another player's above their discards. It keeps the tile's size
// (a tile drawn at a new size costs new text textures). Each discard
// arrives once.
func (s *TableScreen) arrive(grid *fyne.Container, i int) {
	if !s.fresh(&s.moves.discard) {
		return
	}
	l := grid.Layout.(*discardLayout)
	from := fyne.NewPos(0, -1.5) // in tile heights
	if i == 0 {
		from = fyne.NewPos(0, 3)
	}
	s.motion(func(p float32) {
		l.from = fyne.NewPos(from.X*(1-p), from.Y*(1-p))
		grid.Refresh()
	})
}

// slideLayout places its objects at off from where their container is,
// at its size: a meld on its way.
type slideLayout struct{ off fyne.Position }

func (l *slideLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(l.off)
		o.Resize(size)
	}
}

func (l *slideLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m
}

// claimFrom is how far (in pixels) a claimed meld travels.
const claimFrom = 160

// claimed returns meld box o of meld m, the player at screen side i's
// newest, flying in from the discarder's side when the shown update is
// the claim that made it.
func (s *TableScreen) claimed(o fyne.CanvasObject, m game.Meld, i int) fyne.CanvasObject {
	e := s.snap.Last
	if e == nil || e.Type != game.EvClaim || m.From == 0 || s.seatSide(e.Seat) != i || !s.fresh(&s.moves.claim) {
		return o
	}
	to, from := sideVector(i), sideVector(i+int(m.From))
	d := fyne.NewPos((from.X-to.X)*claimFrom, (from.Y-to.Y)*claimFrom)
	l := &slideLayout{off: d}
	c := container.New(l, o)
	s.motion(func(p float32) {
		l.off = fyne.NewPos(d.X*(1-p), d.Y*(1-p))
		c.Refresh()
	})
	return c
}

// drawIn brings the person's drawn tile in from the wall, above the rack,
// when the shown update is the person's draw.
func (s *TableScreen) drawIn() {
	e := s.snap.Last
	if e == nil || e.Type != game.EvDraw || s.seatSide(e.Seat) != 0 || !s.fresh(&s.moves.draw) {
		return
	}
	l := s.rackLayout
	s.motion(func(p float32) {
		l.arrive = 1.5 * (1 - p)
		s.rack.Refresh()
	})
}

// celebrate shows "Mah-Jong!" growing over the table and fading, when
// the shown update is a Mah-Jong; it takes no input.
func (s *TableScreen) celebrate() {
	e := s.snap.Last
	if e == nil || e.Type != game.EvMahjong || !s.fresh(&s.moves.mahjong) {
		return
	}
	gold := color.NRGBA{R: 0xE0, G: 0xA8, B: 0x30, A: 0xFF}
	text := canvas.NewText(words.T("action.mahjong"), gold)
	text.TextStyle.Bold, text.Alignment = true, fyne.TextAlignCenter
	over := container.NewCenter(text)
	s.root.Add(over)
	s.motion(func(p float32) {
		text.TextSize = 24 + 40*p
		text.Color = color.NRGBA{R: gold.R, G: gold.G, B: gold.B, A: uint8(255 * min(1, 2*(1-p)))}
		over.Refresh()
		if p == 1 {
			s.root.Remove(over)
		}
	})
}

// seatSide is where seat w sits on the screen, seen by the person: 0 at
// the bottom, 1 right, 2 across, 3 left.
func (s *TableScreen) seatSide(w rules.Wind) int {
	return (int(w) - int(s.seatOf(s.player)) + 4) % 4
}
