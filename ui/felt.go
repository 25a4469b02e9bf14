package ui

import (
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
	"github.com/fourwinds-mahjong/fourwinds/ui/tileview"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// This file draws the table's felt as a real table looks: the wall as
// stacks around the centre, the dice, and the other players' racks as
// rows of standing backs.

// wallOf returns the wall's stacks as the view lets anyone see them, and
// the stacks per side: the ruleset's wall (its length, its dead wall,
// hill or reserved part) broken where the view's dice broke it, dealt,
// with a tail draw for every bonus tile and kong on the table and the
// front drawn down to the live tiles left. The tiles are not known and
// not needed: only where the stacks stand. It reports false when the
// view has no ruleset or no dice (a view from an older peer).
func wallOf(v *game.View) ([]wall.StackState, int, bool) {
	r := v.Rules()
	if r == nil || v.Dice[0] == 0 {
		return nil, 0, false
	}
	setup := r.Setup(v.Options())
	ring := make([]tile.Kind, setup.Wall.Tiles())
	for i := range ring {
		ring[i] = tile.M1
	}
	w, err := wall.New(setup.Wall, ring, v.Dice[0], max(v.Dice[1], 2))
	if err != nil {
		return nil, 0, false
	}
	w.Deal(setup.Deal)
	for range tailDraws(v) {
		w.DrawTail()
	}
	for w.LiveLeft() > v.WallLive {
		w.Draw()
	}
	return w.Stacks(), setup.Wall.StacksPerSide, true
}

// tailDraws is how many replacement tiles the hand has drawn from the
// wall's tail, as the table shows: one per bonus tile set aside and one
// per kong.
func tailDraws(v *game.View) int {
	n := 0
	for _, sv := range v.Seats {
		n += len(sv.Bonus)
		for _, m := range sv.Melds {
			if m.IsPungOrKong() && m.Size() == 4 { // a kong
				n++
			}
		}
	}
	return n
}

// wallRing draws the wall's stacks along the four edges of its size, each
// side in front of its owner, the person's at the bottom: a stack of two
// as a back, a single tile lighter and lower, the dead wall or hill (the
// kong box) and american's last wall ringed in gold, drawn stacks gone.
type wallRing struct {
	widget.BaseWidget
	stacks []wall.StackState
	per    int
	// me is the person's seat (offset from East): their wall is at the bottom.
	me    int
	style tileview.Style
	// alike draws the four sides' stacks one length (a wide screen's
	// ring); else each side's stacks fill it (a phone's low band, where
	// stacks as short as the sides' would be ticks).
	alike bool
}

// newWallRing returns the ring of stacks, per to a side, seen from seat
// me, its sides' stacks alike or filling each side.
func newWallRing(stacks []wall.StackState, per, me int, st tileview.Style, alike bool) *wallRing {
	r := &wallRing{stacks: stacks, per: per, me: me, style: st, alike: alike}
	r.ExtendBaseWidget(r)
	return r
}

// depth is the ring's thickness (a stack's depth) in a box of size sz.
func (r *wallRing) depth(sz fyne.Size) float32 {
	return min(max(min(sz.Width, sz.Height)/14, 6), ringDepthMost)
}

// ringDepthMost is the ring's greatest thickness.
const ringDepthMost = 16

// CreateRenderer draws a rectangle per stack.
func (r *wallRing) CreateRenderer() fyne.WidgetRenderer {
	back, inner := r.style.BackColours()
	rr := &ringRenderer{r: r}
	for _, st := range r.stacks {
		b := canvas.NewRectangle(back)
		b.CornerRadius = 1.5
		switch {
		case st.Tiles == 0:
			// Where a stack was drawn: a faint trace, so that the ring
			// keeps its shape and shows how far the draws have come.
			b.FillColor, b.StrokeColor, b.StrokeWidth = color.Transparent, drawnColour, 1
		case st.Tiles == 1:
			b.FillColor = inner
		}
		switch st.Role {
		case wall.RoleDead, wall.RoleHill, wall.RoleReserved:
			b.StrokeColor, b.StrokeWidth = kongBoxColour, 1.5
		}
		rr.rects = append(rr.rects, b)
	}
	return rr
}

// drawnColour traces the place of a stack already drawn.
var drawnColour = color.NRGBA{R: 0x1F, G: 0x6F, B: 0x5C, A: 0x50}

// kongBoxColour rings the stacks set apart: the dead wall, the hill, the
// last wall.
var kongBoxColour = color.NRGBA{R: 0xE0, G: 0xA8, B: 0x30, A: 0xFF}

type ringRenderer struct {
	r     *wallRing
	rects []*canvas.Rectangle
}

func (rr *ringRenderer) Layout(sz fyne.Size) {
	r := rr.r
	if r.per == 0 {
		return
	}
	d := r.depth(sz)
	const gap = 1.5
	// Each side has per places, hp long along the top and bottom, vp up
	// the sides; a stack fills its place (less a gap) or, alike, is as
	// long as the shorter place, centred in its own: the four sides'
	// stacks look alike however much longer the ring is than wide
	// (stretched to fill a portrait tablet's middle, they did not).
	hp := (sz.Width - 2*d - 2*gap) / float32(r.per)
	vp := (sz.Height - 2*d - 2*gap) / float32(r.per)
	hl, vl := hp-gap, vp-gap
	if r.alike {
		hl, vl = min(hl, vl), min(hl, vl)
	}
	hx, vy := (hp-gap-hl)/2, (vp-gap-vl)/2 // a stack's offset in its place
	for i, st := range r.stacks {
		b := rr.rects[i]
		k := float32(st.Number - 1)
		depth := d
		if st.Tiles == 1 {
			depth = d * .7
		}
		var x, y, w, h float32
		// Number 1 is at the owner's right hand: the ring runs clockwise
		// on the screen, bottom right to left, up the left, along the
		// top, down the right.
		switch (st.Side - r.me + 4) % 4 {
		case 0:
			x, y, w, h = sz.Width-d-gap-(k+1)*hp+hx, sz.Height-depth, hl, depth
		case 1:
			x, y, w, h = sz.Width-depth, d+gap+k*vp+vy, depth, vl
		case 2:
			x, y, w, h = d+gap+k*hp+hx, 0, hl, depth
		default:
			x, y, w, h = 0, sz.Height-d-gap-(k+1)*vp+vy, depth, vl
		}
		b.Move(fyne.NewPos(x, y))
		b.Resize(fyne.NewSize(max(w, 1), max(h, 1)))
	}
}

func (rr *ringRenderer) MinSize() fyne.Size {
	return fyne.NewSize(float32(rr.r.per)*4, float32(rr.r.per)*4)
}

func (rr *ringRenderer) Refresh() {}

func (rr *ringRenderer) Objects() []fyne.CanvasObject {
	out := make([]fyne.CanvasObject, len(rr.rects))
	for i, b := range rr.rects {
		out[i] = b
	}
	return out
}

func (rr *ringRenderer) Destroy() {}

// ringLayout lays the table's centre out: the wall ring (the first
// object) around the first of the others that fits inside it, centred
// (the others are hidden); the ring is never more than aspect times as
// wide as high, nor the reverse, so that its stacks keep a stack's shape.
type ringLayout struct{ aspect float32 }

// ringBox is the ring's box in size.
func (l ringLayout) ringBox(size fyne.Size) (fyne.Position, fyne.Size) {
	w, h := min(size.Width, l.aspect*size.Height), min(size.Height, l.aspect*size.Width)
	return fyne.NewPos((size.Width-w)/2, (size.Height-h)/2), fyne.NewSize(w, h)
}

func (l ringLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) == 0 {
		return
	}
	pos, box := l.ringBox(size)
	objs[0].Move(pos)
	objs[0].Resize(box)
	inset := theme.Padding()
	if r, ok := objs[0].(*wallRing); ok {
		inset += r.depth(box)
	}
	in := box.SubtractWidthHeight(2*inset, 2*inset)
	shown := false
	for _, o := range objs[1:] {
		m := o.MinSize()
		if shown || m.Width > in.Width || m.Height > in.Height {
			o.Hide()
			continue
		}
		shown = true
		o.Show()
		o.Move(fyne.NewPos((size.Width-m.Width)/2, (size.Height-m.Height)/2))
		o.Resize(m)
	}
}

func (ringLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	// As wide as the first (fullest) inside object wants, so that a
	// narrow centre (a portrait tablet) still holds the last discard; as
	// high as the last (smallest) wants, leaving the height to the
	// players' discards. The ring is outside them.
	if len(objs) < 2 {
		return fyne.Size{}
	}
	ring := 2 * (ringDepthMost + theme.Padding())
	return fyne.NewSize(objs[1].MinSize().Width+ring, objs[len(objs)-1].MinSize().Height+ring)
}

// centreSig is what the table's centre shows, for the panel cache.
func (s *TableScreen) centreSig() string {
	v, in := s.snap.View, s.snap.Info
	last := tile.None
	if e := s.snap.Last; e != nil && e.Type == game.EvDiscard {
		last = e.Tile()
	}
	return fmt.Sprint(last, s.app.Style(), v.WallLive, in.Round, v.Dice, tailDraws(v), s.seatOf(s.player), s.discardWidth(), s.ringAspect())
}

// centre is the middle of the table: the wall around the round wind, the
// wall's count, the dice and the last discard, larger than a rack tile
// (on a phone, the band at the felt's foot: what does not fit is left
// out, the ring stays).
func (s *TableScreen) centre() fyne.CanvasObject {
	v := s.snap.View
	objs := []fyne.CanvasObject{container.NewStack()}
	if stacks, per, ok := wallOf(v); ok {
		objs[0] = newWallRing(stacks, per, int(s.seatOf(s.player)), s.app.Style(), s.wide())
	}
	// From the most to the least, in a row or a column: the ring shows the
	// first that fits inside it.
	if e := s.snap.Last; e != nil && e.Type == game.EvDiscard {
		objs = append(objs, container.NewVBox(s.centreFacts(false), s.centreDiscard(e.Tile())),
			container.NewVBox(s.centreFacts(true), s.centreDiscard(e.Tile())))
	}
	objs = append(objs, s.centreFacts(false), s.centreFacts(true))
	return container.New(ringLayout{aspect: s.ringAspect()}, objs...)
}

// ringAspect is how much longer than wide the wall's ring may be: on a
// phone a band at the felt's foot; on a portrait tablet a tall ring in
// the middle band (tall enough that no band of felt is left empty above
// and below it), on a landscape screen a table's shape. A wide screen's
// sides have stacks of one length, the longer sides' spaced a little:
// the nearer the ring is to a square, the less.
func (s *TableScreen) ringAspect() float32 {
	switch c := s.app.win.Canvas(); {
	case !s.wide():
		return 4.5
	case c.Size().Height > c.Size().Width:
		return 2.3
	}
	return 1.4
}

// centreFacts are the round wind, the wall's count and the dice, in a row
// or (column) in a narrow column.
func (s *TableScreen) centreFacts(column bool) fyne.CanvasObject {
	v, in := s.snap.View, s.snap.Info
	facts := container.NewHBox()
	if s.winds {
		facts.Add(container.NewCenter(s.bin.get(in.Round.Tile(), s.app.Style(), tileview.MiniWidth)))
	}
	count := newWholeLine(words.F("table.wall", map[string]any{"N": v.WallLive}))
	count.bold = true // a line without a label's padding: the phone's wall band is low
	facts.Add(container.NewCenter(count))
	if v.Dice[0] == 0 {
		return container.NewCenter(facts)
	}
	if column {
		return container.NewVBox(container.NewCenter(facts), container.NewCenter(diceView(v.Dice)))
	}
	facts.Add(diceView(v.Dice))
	return container.NewCenter(facts)
}

// centreDiscard is the last discard, larger than a rack tile.
func (s *TableScreen) centreDiscard(k tile.Kind) fyne.CanvasObject {
	t := s.bin.get(k, s.app.Style(), tileview.RackWidth*1.5)
	t.Highlight = true
	return container.NewCenter(t)
}

// diceView draws the hand's two throws as two dice, each showing its
// total (two dice are thrown each time).
func diceView(d [2]int) fyne.CanvasObject {
	box := container.NewHBox()
	for _, n := range d {
		if n == 0 {
			continue
		}
		face := canvas.NewRectangle(color.White)
		face.CornerRadius, face.StrokeColor, face.StrokeWidth = 5, color.NRGBA{R: 0x55, G: 0x48, B: 0x38, A: 0xFF}, 1.5
		face.SetMinSize(fyne.NewSize(28, 28))
		pips := canvas.NewText(fmt.Sprint(n), color.Black)
		pips.TextStyle.Bold, pips.Alignment = true, fyne.TextAlignCenter
		box.Add(container.NewCenter(container.NewStack(face, container.NewCenter(pips))))
	}
	return box
}

// backsRow draws a player's concealed tiles as a row of standing backs,
// as their rack shows them across the table: n backs, each w wide and h
// high, overlapping where the row would not fit its width.
type backsRow struct {
	widget.BaseWidget
	n     int
	w, h  float32
	style tileview.Style
}

func newBacksRow(n int, w, h float32, st tileview.Style) *backsRow {
	b := &backsRow{n: n, w: w, h: h, style: st}
	b.ExtendBaseWidget(b)
	return b
}

// CreateRenderer draws each back as two rectangles: the back and its band.
func (b *backsRow) CreateRenderer() fyne.WidgetRenderer {
	back, inner := b.style.BackColours()
	r := &backsRenderer{b: b}
	for range b.n {
		o := canvas.NewRectangle(back)
		o.CornerRadius = 2
		o.StrokeColor, o.StrokeWidth = color.NRGBA{R: 0x10, G: 0x3A, B: 0x30, A: 0xFF}, 1
		i := canvas.NewRectangle(inner)
		i.CornerRadius = 1.5
		r.objs = append(r.objs, o, i)
	}
	return r
}

type backsRenderer struct {
	b    *backsRow
	objs []fyne.CanvasObject
}

func (r *backsRenderer) Layout(sz fyne.Size) {
	// Short of width, the backs overlap, each still a back wide: a rack
	// seen at a slant rather than a solid block.
	w := min(r.b.w, sz.Width)
	step := w + 1
	if r.b.n > 1 {
		step = min(step, (sz.Width-w)/float32(r.b.n-1))
	}
	for i := 0; i < len(r.objs); i += 2 {
		x := float32(i/2) * step
		r.objs[i].Move(fyne.NewPos(x, 0))
		r.objs[i].Resize(fyne.NewSize(w, sz.Height))
		// The band: the upper part of a standing back, a tile's rim apart.
		r.objs[i+1].Move(fyne.NewPos(x+w*.2, sz.Height*.12))
		r.objs[i+1].Resize(fyne.NewSize(w*.6, sz.Height*.5))
	}
}

func (r *backsRenderer) MinSize() fyne.Size {
	return fyne.NewSize(float32(r.b.n)*(r.b.w+1), r.b.h)
}

func (r *backsRenderer) Refresh() {}

func (r *backsRenderer) Objects() []fyne.CanvasObject { return r.objs }

func (r *backsRenderer) Destroy() {}

// phoneMeldWidth is the width, in pixels, of the other players' meld and
// bonus tiles on a phone: the least that reads at a glance.
const phoneMeldWidth = 24

// rackOf draws another player's rack (at screen side) with their name
// line: the concealed tiles as standing backs, then the exposed melds and
// the bonus tiles beside them, at meldWidth (at least 24 wide on a
// phone). It returns the panel's head — the name line, and on a phone
// the whole rack — and the row of the rack below it (on a phone an empty
// one, for what the panel adds). On a phone, whose
// panels are narrow, the name, the bonus tiles, the backs and the melds
// follow each other, wrapping: the name whole (cut with an ellipsis only
// when it does not fit a line by itself), the backs and the tiles at their
// sizes, nothing squeezed.
func (s *TableScreen) rackOf(side int, name fyne.CanvasObject, sv game.SeatView) (fyne.CanvasObject, *fyne.Container) {
	row := container.New(&flowLayout{})
	w, sc := s.meldWidth(), s.app.Style().Scale()
	if !s.wide() {
		row = container.New(&flowLayout{rowWidth{widthOf: s.phonePanelWidth}}, container.New(wholeLayout{}, name))
	}
	var bonus []fyne.CanvasObject
	for _, b := range sv.Bonus {
		bonus = append(bonus, s.bin.get(b, s.app.Style(), w))
	}
	if !s.wide() {
		// Small, the bonus tiles fill the name's line.
		row.Objects, bonus = append(row.Objects, bonus...), nil
	}
	switch {
	case sv.Concealed > 0 && s.wide():
		row.Add(newBacksRow(sv.Concealed, w*sc*.5, w*sc*4/3, s.app.Style()))
	case sv.Concealed > 0:
		row.Add(newBacksRow(sv.Concealed, phoneBackWidth, phoneBackHeight, s.app.Style()))
	}
	for j, m := range sv.Melds {
		o := s.meldTiles(m, w)
		if j == len(sv.Melds)-1 {
			o = s.claimed(o, m, side)
		}
		row.Add(o)
	}
	row.Objects = append(row.Objects, bonus...)
	if !s.wide() {
		return row, container.New(&flowLayout{})
	}
	return name, row
}

// phonePanelWidth is the width of a seat panel on a phone, two to a row
// on the felt (padded, in the padded window).
func (s *TableScreen) phonePanelWidth() float32 {
	return (s.app.win.Canvas().Size().Width - 5*theme.Padding()) / 2
}

// A back's size on a phone's racks.
const (
	phoneBackWidth  = 6
	phoneBackHeight = 16
)

// wholeLayout asks for the width its object's text needs whole (a name
// line in a flow, which would otherwise get its least width, cut).
type wholeLayout struct{}

func (wholeLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	place(objs[0], 0, 0, size.Width, size.Height)
}

func (wholeLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(wholeWidth(objs[0]), objs[0].MinSize().Height)
}

// wholeWidth is the width o needs to show its text line's whole text.
func wholeWidth(o fyne.CanvasObject) float32 {
	w := o.MinSize().Width
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *textLine:
			w += fyne.MeasureText(x.text, theme.TextSize(), fyne.TextStyle{Bold: x.bold}).Width
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		}
	}
	walk(o)
	return w
}

// wide reports whether the window has room for the players around the
// table (seatsLayout.wide).
func (s *TableScreen) wide() bool {
	c := s.app.win.Canvas()
	return c != nil && (seatsLayout{}).wide(c.Size())
}
