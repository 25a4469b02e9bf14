package ui

import (
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// rackLayout lays the person's rack out along the bottom: the own melds
// in a row above (its room kept before the first claim), then the
// concealed tiles in one row, or two when a row would make them narrower
// than 44 (times the style's scale; more rows only below 44) — the drawn
// tile set a little apart at the end. Tiles are as wide as the window
// allows for a full rack, up to 72 (times the scale): the rack keeps its
// size through a hand.
type rackLayout struct {
	// melds is how many of the objects are meld groups (first); drawn
	// that the last tile is the drawn one.
	melds int
	drawn bool
	// rowWidth gives MinSize the width the rack will have; scale is the
	// tile style's size (the large style's tiles are never narrower than
	// 44×scale).
	rowWidth
	scale float32
	tileW float32
	// meldRoom is the height kept for a row of melds before there is one,
	// so that the tiles do not move down at the first claim.
	meldRoom float32
	// arrive lifts the drawn tile by that many tile heights as it comes
	// in from the wall.
	arrive float32
	// The tile being dragged, and how far.
	dragIndex      int
	dragDX, dragDY float32
}

const (
	rackMinTile = 44
	rackMaxTile = 72
	// rackFull is the most tiles a rack holds (with the drawn one);
	// rackGap sets the drawn tile apart.
	rackFull = 14
	rackGap  = 10
)

// geometry returns the tile width and tiles per row for width w and n tiles.
func (l *rackLayout) geometry(w float32, n int) (tw float32, perRow int) {
	pad := theme.Padding()
	// The width is chosen for a full rack and its drawn tile's gap,
	// whatever the rack holds now: the tiles keep their size and rows
	// through a hand.
	n = max(n, rackFull)
	gap := float32(rackGap)
	// The style's larger tiles take a second row, never a third: a third
	// row would leave a phone no room for the table.
	least := rackMinTile * max(l.scale, 1)
	perRow = max(n, 1)
	tw = (w - 2*pad - gap) / float32(perRow)
	for rows := 2; perRow > 1 && (tw < least && rows <= 2 || tw < rackMinTile); rows++ {
		perRow = (n + rows - 1) / rows
		tw = (w - 2*pad - gap) / float32(perRow)
	}
	return min(tw, rackMaxTile*max(l.scale, 1)), perRow
}

func (l *rackLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	pad := theme.Padding()
	melds, tiles := objs[:min(l.melds, len(objs))], objs[min(l.melds, len(objs)):]
	tw, perRow := l.geometry(size.Width, len(tiles))
	// The rack is centred: on a wide window it does not leave the right
	// third empty. The melds start where the tiles do.
	left := l.left(size.Width, tw, perRow, len(tiles))
	x, y := left, float32(0)
	meldH := float32(0)
	for _, m := range melds {
		ms := m.MinSize()
		if x+ms.Width > size.Width-pad && x > left {
			x, y = left, y+meldH+pad
			meldH = 0
		}
		m.Move(fyne.NewPos(x, y))
		m.Resize(ms)
		x += ms.Width + pad
		meldH = max(meldH, ms.Height)
	}
	if len(melds) > 0 {
		y += meldH + pad
	}
	y = max(y, l.meldRoom)
	l.tileW = tw
	th := tw * 4 / 3
	y += th * .14 // room for a lifted, selected tile
	for i, t := range tiles {
		row, col := i/perRow, i%perRow
		tx := left + float32(col)*tw
		ty := y + float32(row)*(th+pad)
		if l.drawn && i == len(tiles)-1 {
			tx, ty = tx+rackGap, ty-l.arrive*th
		}
		pos := fyne.NewPos(tx, ty)
		if i == l.dragIndex && (l.dragDX != 0 || l.dragDY != 0) {
			pos = pos.AddXY(l.dragDX, l.dragDY)
		}
		t.Move(pos)
		t.Resize(fyne.NewSize(tw-2, th))
	}
}

// left is where the rack's rows start in width w for n tiles tw wide,
// perRow to a row: the tiles the rack holds centred (a rack shortened by
// claims too), the drawn tile's place and gap always included, so that
// the rack does not move as a tile is drawn and discarded.
func (l *rackLayout) left(w, tw float32, perRow, n int) float32 {
	if !l.drawn {
		n++ // the drawn tile's place
	}
	return max(theme.Padding(), (w-tw*float32(min(perRow, n))-rackGap)/2)
}

func (l *rackLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	w := l.get()
	pad := theme.Padding()
	melds, tiles := objs[:min(l.melds, len(objs))], objs[min(l.melds, len(objs)):]
	h := float32(0)
	x, meldH := pad, float32(0)
	for _, m := range melds {
		ms := m.MinSize()
		if x+ms.Width > w-pad && x > pad {
			h += meldH + pad
			x, meldH = pad, 0
		}
		x += ms.Width + pad
		meldH = max(meldH, ms.Height)
	}
	if len(melds) > 0 {
		h += meldH + pad
	}
	h = max(h, l.meldRoom)
	tw, perRow := l.geometry(w, len(tiles))
	rows := (max(len(tiles), rackFull) + perRow - 1) / perRow
	th := tw * 4 / 3
	h += th*.14 + float32(rows)*(th+pad)
	return fyne.NewSize(rackMinTile*2, h)
}

// seatsLayout places the four seat panels (the person, right, across,
// left) and the centre: around the table as on a real one when the screen
// is wide, two by two on a narrow one. The centre's box, and so the
// wall's ring, depends on the size alone, never on what the panels hold:
// nothing resizes the wall during a hand. On a landscape screen the side players'
// columns span the height, across and the person above and below the
// centre; on a portrait one across and the person span the width, the
// side players beside the centre, in the middle band. On a narrow screen
// the wall's band lies at the felt's foot, where the calls float over it
// while they are offered (foot high), and the panels take the rest. It
// chooses one size for every discarded tile, the largest that lets all
// the panels' discards fit their boxes (up to 48 wide on a wide screen,
// 30 on a narrow one, times the style's scale), more to a row where that
// keeps them larger; only where nothing else fits (a phone late in a hand)
// do they shrink below 16, never below 10.
type seatsLayout struct {
	scale float32
	// foot is the height kept at the felt's foot for the calls that float
	// there.
	foot float32
}

// wide reports whether size has room for the panels around the table.
func (seatsLayout) wide(size fyne.Size) bool { return size.Width >= 760 }

// The discarded tiles' widths, before the style's scale.
const (
	discardLeast      = 16
	discardMostNarrow = 30
	discardMostWide   = 48
)

// The table's frame on a wide screen: the share of the height the centre
// takes on a landscape screen (divided by the style's scale), the share
// across and the person each take on a portrait one (times the scale):
// larger tiles need more room around the centre.
const (
	centreShareLandscape = .4
	bandSharePortrait    = .18
)

// panelParts is what seatsLayout needs of a seat panel: the height of its
// head rows (name, melds) and its discards.
type panelParts struct {
	head float32
	n    int
	grid *discardLayout
}

// partsOf returns the parts of seat panel o.
func partsOf(o fyne.CanvasObject) panelParts {
	if c, ok := o.(*fyne.Container); ok && len(c.Objects) > 0 {
		if d, ok := c.Objects[len(c.Objects)-1].(*fyne.Container); ok {
			if dl, ok := d.Layout.(*discardLayout); ok {
				return panelParts{head: c.MinSize().Height - d.MinSize().Height, n: len(d.Objects), grid: dl}
			}
		}
	}
	return panelParts{head: o.MinSize().Height}
}

// discardsBox is the height the panel's discards have in a panel h high.
func (p panelParts) discardsBox(h float32) float32 { return max(h-p.head-theme.Padding(), 0) }

// fit returns the largest discard width, at most most, that lays the
// panel's discards out in a panel w by h, and the tiles to a row then.
func (p panelParts) fit(w, h, most float32) (float32, int) {
	if p.n == 0 {
		return most, 6
	}
	return (&discardLayout{most: most}).fit(p.n, w, p.discardsBox(h))
}

// height is the panel's height with its discards tw wide, per to a row.
func (p panelParts) height(tw float32, per int) float32 {
	r := float32((p.n + per - 1) / per)
	if r == 0 {
		return p.head
	}
	return p.head + theme.Padding() + r*tw*4/3 + (r-1)*discardGap
}

// rowWidth is the width of the widest row of the panel's discards tw
// wide, per to a row.
func (p panelParts) rowWidth(tw float32, per int) float32 {
	n := float32(min(p.n, per))
	return n*tw + max(n-1, 0)*discardGap
}

func (l seatsLayout) scaleOf() float32 { return max(l.scale, 1) }

// setTile makes every panel's discards tw wide (at most).
func setTile(tw float32, ps ...panelParts) {
	for _, p := range ps {
		if p.grid != nil {
			p.grid.most = tw
		}
	}
}

// box is a panel's place in the layout.
type box struct{ x, y, w, h float32 }

// frame returns the boxes of the person, right, across and left and of
// the centre in size. The centre's box (and so the wall's ring) and a
// wide screen's bands and columns depend on the size alone; on a narrow
// screen the two rows share the height their heads leave (heads: the
// highest of each row) equally, so that their discards have as much room.
func (l seatsLayout) frame(size fyne.Size, heads [2]float32) (boxes [4]box, centre box) {
	pad := theme.Padding()
	me, right, across, left := 0, 1, 2, 3
	if !l.wide(size) {
		// Two by two above the wall's band at the foot.
		cw := (size.Width - pad) / 2
		rest := max(size.Height-l.foot-2*pad-heads[0]-heads[1], 0)
		th, bh := heads[0]+rest/2, heads[1]+rest/2
		boxes[across] = box{0, 0, cw, th}
		boxes[right] = box{cw + pad, 0, cw, th}
		boxes[left] = box{0, th + pad, cw, bh}
		boxes[me] = box{cw + pad, th + pad, cw, bh}
		return boxes, box{0, size.Height - l.foot, size.Width, l.foot}
	}
	// The side columns are as wide as six of the largest discards, within
	// a quarter and a third of the width.
	most := discardMostWide * l.scaleOf()
	side := max(size.Width*.24, min(size.Width*.33, 6*most+5*discardGap))
	midW := max(size.Width-2*side-2*pad, 0)
	body := max(size.Height-l.foot, 0)
	if size.Width >= size.Height {
		centreH := body * centreShareLandscape / l.scaleOf()
		band := max((body-centreH-2*pad)/2, 0)
		boxes[across] = box{side + pad, 0, midW, band}
		boxes[me] = box{side + pad, body - band, midW, band}
		boxes[left] = box{0, 0, side, body}
		boxes[right] = box{size.Width - side, 0, side, body}
		return boxes, box{side + pad, band + pad, midW, centreH}
	}
	band := body * bandSharePortrait * l.scaleOf()
	midH := max(body-2*band-2*pad, 0)
	boxes[across] = box{0, 0, size.Width, band}
	boxes[me] = box{0, body - band, size.Width, band}
	boxes[left] = box{0, band + pad, side, midH}
	boxes[right] = box{size.Width - side, band + pad, side, midH}
	return boxes, box{side + pad, band + pad, midW, midH}
}

func (l seatsLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) < 5 {
		return
	}
	most := discardMostWide * l.scaleOf()
	if !l.wide(size) {
		most = discardMostNarrow * l.scaleOf()
	}
	if l.wide(size) {
		// The panels' head rows wrap at the width the panels will have
		// (at least): measured at an earlier width, a head could claim a
		// row too many and leave its discards a sliver.
		boxes, _ := l.frame(size, [2]float32{})
		for i, o := range objs[:4] {
			o.Resize(fyne.NewSize(min(boxes[i].w, max(6*most+5*discardGap, unwrapped(o))), boxes[i].h))
		}
	}
	var parts [4]panelParts
	for i := range parts {
		parts[i] = partsOf(objs[i])
	}
	boxes, c := l.frame(size, [2]float32{max(parts[2].head, parts[1].head), max(parts[3].head, parts[0].head)})
	place(objs[4], c.x, c.y, c.w, c.h)
	tw := most
	for i, p := range parts {
		t, _ := p.fit(boxes[i].w, boxes[i].h, most)
		tw = min(tw, t)
	}
	setTile(tw, parts[:]...)
	for i, p := range parts {
		b := boxes[i]
		if l.wide(size) {
			// A panel as wide as six of the largest discards, or its
			// discards' rows, or its head's rows unwrapped, and as high as
			// it needs, centred in its box.
			_, per := p.fit(b.w, b.h, tw)
			w := min(b.w, max(6*most+5*discardGap, p.rowWidth(tw, per), unwrapped(objs[i])))
			h := min(b.h, p.height(tw, per))
			b = box{b.x + (b.w-w)/2, b.y + (b.h-h)/2, w, h}
		}
		place(objs[i], b.x, b.y, b.w, b.h)
	}
}

// unwrapped is the width seat panel o needs for each of its rows on one
// line: its widest row, a flowing row's objects side by side.
func unwrapped(o fyne.CanvasObject) float32 {
	c, ok := o.(*fyne.Container)
	if !ok {
		return o.MinSize().Width
	}
	w := c.MinSize().Width
	for _, r := range c.Objects {
		if f, ok := r.(*fyne.Container); ok {
			if _, ok := f.Layout.(*flowLayout); ok {
				line := float32(0)
				for _, x := range f.Objects {
					line += x.MinSize().Width + theme.Padding()
				}
				w = max(w, line-theme.Padding())
			}
		}
	}
	return w
}

// place moves o to x, y and sizes it w by h.
func place(o fyne.CanvasObject, x, y, w, h float32) {
	o.Move(fyne.NewPos(x, y))
	o.Resize(fyne.NewSize(w, h))
}

func (l seatsLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if len(objs) < 5 {
		return fyne.Size{}
	}
	// Two by two over the foot, each panel's discards in a row of the
	// smallest.
	pad := theme.Padding()
	var least [4]float32
	w := float32(0)
	for i, o := range objs[:4] {
		w = max(w, o.MinSize().Width)
		p := partsOf(o)
		least[i] = p.head
		if p.n > 0 {
			least[i] += pad + discardFloor*4/3
		}
	}
	return fyne.NewSize(min(2*w+pad, 300), max(least[2], least[1])+max(least[3], least[0])+3*pad+l.foot)
}

// flowLayout lays objects out left to right, wrapping onto new lines: the
// claim buttons above the rack, a seat's melds. width is the last width
// laid out, for MinSize, unless widthOf gives the width the objects will
// have (a parent asks for MinSize before laying out at a new width: with the
// last width, a row too many was left empty on wide screens).
type flowLayout struct {
	rowWidth
}

// rowWidth is the width a wrapping layout will have, for its MinSize: the
// last width laid out, unless widthOf gives the width it will have (a
// parent asks for MinSize before laying out at a new width); 360 before
// either is known.
type rowWidth struct {
	width   float32
	widthOf func() float32
}

// get returns the width to plan rows for.
func (r rowWidth) get() float32 {
	w := r.width
	if r.widthOf != nil {
		w = r.widthOf()
	}
	if w <= 0 {
		w = 360
	}
	return w
}

func (f *flowLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	f.width = size.Width
	flowRows(objs, 0, size.Width, true)
}

func (f *flowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	mw := float32(0)
	for _, o := range objs {
		mw = max(mw, o.MinSize().Width)
	}
	return fyne.NewSize(mw, flowRows(objs, 0, f.get(), false))
}

// flowRows lays objs out left to right from y in width w, wrapping onto
// new lines, each at its least size (none wider than w), when move (else
// it only measures), and returns the height they take.
func flowRows(objs []fyne.CanvasObject, y, w float32, move bool) float32 {
	x, h, lh := float32(0), float32(0), float32(0)
	for _, o := range objs {
		m := o.MinSize()
		if x+m.Width > w && x > 0 {
			x, h, lh = 0, h+lh+theme.Padding(), 0
		}
		if move {
			place(o, x, y+h, min(m.Width, w), m.Height) // nothing wider than the line
		}
		x += m.Width + theme.Padding()
		lh = max(lh, m.Height)
	}
	return h + lh
}

// narrow centres its objects in a column at most max wide, with padding:
// forms and menus that would be too wide on a desktop.
type narrow struct{ max float32 }

func (n *narrow) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding() * 2
	w := min(size.Width-2*pad, n.max)
	for _, o := range objs {
		o.Move(fyne.NewPos((size.Width-w)/2, pad))
		o.Resize(fyne.NewSize(w, max(size.Height-2*pad, o.MinSize().Height)))
	}
}

func (n *narrow) MinSize(objs []fyne.CanvasObject) fyne.Size {
	pad := theme.Padding() * 2
	var m fyne.Size
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return fyne.NewSize(m.Width+2*pad, m.Height+2*pad)
}

// tall gives each object at least the height of a comfortable touch
// target (52).
func tall(objs []fyne.CanvasObject) []fyne.CanvasObject {
	out := make([]fyne.CanvasObject, len(objs))
	for i, o := range objs {
		r := canvas.NewRectangle(color.Transparent)
		r.SetMinSize(fyne.NewSize(0, 52))
		out[i] = container.NewStack(r, o)
	}
	return out
}

// discardLayout lays a seat's discards out in order, in rows of six while
// that lets the tiles be their largest, more to a row when the panel is
// short of height (a phone late in a hand). The tiles take the room they
// are given, up to most wide (a tile is 4/3 as high as wide, and whole
// pixels wide); least is the size its MinSize asks a row for; from moves
// the last tile by that many tile widths and heights as it slides into
// place.
type discardLayout struct {
	least, most float32
	from        fyne.Position
}

// discardGap is the space between discarded tiles.
const discardGap = 2

// fit returns the tile width and tiles per row for n tiles in w by h.
func (l *discardLayout) fit(n int, w, h float32) (tw float32, perRow int) {
	tw, perRow = min(l.most, (w-5*discardGap)/6), 6
	if n == 0 {
		return tw, perRow
	}
	best := float32(0)
	for per := 6; per <= max(6, n); per++ {
		rows := (n + per - 1) / per
		c := min(l.most, (w-float32(per-1)*discardGap)/float32(per), ((h-float32(rows-1)*discardGap)/float32(rows))*3/4)
		if c > best+.5 {
			best, tw, perRow = c, c, per
		}
	}
	return float32(math.Floor(float64(max(tw, discardFloor)))), perRow
}

// discardFloor is the narrowest a discard is ever drawn, when a panel has
// no more room (a phone late in a hand with every claim offered).
const discardFloor = 10

func (l *discardLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	tw, per := l.fit(len(objs), size.Width, size.Height)
	th := tw * 4 / 3
	for i, o := range objs {
		x, y := float32(i%per)*(tw+discardGap), float32(i/per)*(th+discardGap)
		if i == len(objs)-1 {
			x, y = x+l.from.X*tw, y+l.from.Y*th
		}
		place(o, x, y, tw, th)
	}
}

func (l *discardLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if len(objs) == 0 {
		return fyne.Size{}
	}
	// At least a row of six: the tiles shrink, and rows take more tiles,
	// to fit the height the panel is given.
	return fyne.NewSize(6*l.least+5*discardGap, l.least*4/3)
}

// panelLayout stacks a seat panel: its head rows (name, melds) at their
// heights, then its discards (the last object, a discardLayout) in the
// rest.
type panelLayout struct{}

func (panelLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) == 0 {
		return
	}
	y := float32(0)
	for _, o := range objs[:len(objs)-1] {
		h := o.MinSize().Height
		place(o, 0, y, size.Width, h)
		y += h + theme.Padding()
	}
	place(objs[len(objs)-1], 0, y, size.Width, max(size.Height-y, 0))
}

func (panelLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for i, o := range objs {
		s := o.MinSize()
		m.Width = max(m.Width, s.Width)
		m.Height += s.Height
		if i > 0 {
			m.Height += theme.Padding()
		}
	}
	return m
}

// barLayout lays the claim buttons out across the width, above the rack,
// each row centred:
// as many to a row as fit at their least widths (72 for a button, enough
// for a chow's tiles), sharing the row, none wider than 180 unless its
// content needs it. Four claims fit one row on a 360-wide phone.
type barLayout struct {
	rowWidth
}

const (
	barLeast = 72
	barMost  = 180
)

// leastWidth is the narrowest o can be drawn in the bar.
func leastWidth(o fyne.CanvasObject) float32 {
	if c, ok := o.(*fyne.Container); ok && len(c.Objects) > 0 {
		if b, ok := c.Objects[0].(*ClaimButton); ok {
			return b.least()
		}
	}
	if b, ok := o.(*ClaimButton); ok {
		return b.least()
	}
	return o.MinSize().Width
}

// rows splits objs into the bar's rows at width w.
func (l *barLayout) rows(objs []fyne.CanvasObject, w float32) [][]fyne.CanvasObject {
	var out [][]fyne.CanvasObject
	var row []fyne.CanvasObject
	used := float32(0)
	for _, o := range objs {
		need := leastWidth(o)
		if len(row) > 0 && used+theme.Padding()+need > w {
			out, row, used = append(out, row), nil, 0
		}
		if len(row) > 0 {
			used += theme.Padding()
		}
		row, used = append(row, o), used+need
	}
	if len(row) > 0 {
		out = append(out, row)
	}
	return out
}

func (l *barLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	pad := theme.Padding()
	y := float32(0)
	for _, row := range l.rows(objs, size.Width) {
		least, h := float32(0), float32(0)
		for _, o := range row {
			least += leastWidth(o)
			h = max(h, o.MinSize().Height)
		}
		extra := max(0, size.Width-least-float32(len(row)-1)*pad) / float32(len(row))
		widths, used := make([]float32, len(row)), float32(len(row)-1)*pad
		for i, o := range row {
			widths[i] = min(leastWidth(o)+extra, max(barMost, leastWidth(o)))
			used += widths[i]
		}
		x := max(0, (size.Width-used)/2) // centred over the rack
		for i, o := range row {
			place(o, x, y, widths[i], h)
			x += widths[i] + pad
		}
		y += h + pad
	}
}

func (l *barLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	w := l.get()
	var m fyne.Size
	for i, row := range l.rows(objs, w) {
		h := float32(0)
		for _, o := range row {
			h = max(h, o.MinSize().Height)
			m.Width = max(m.Width, leastWidth(o))
		}
		if i > 0 {
			m.Height += theme.Padding()
		}
		m.Height += h
	}
	return m
}

// cornerLayout lays its second object (a badge) over the lower right-hand
// corner of its first (a tile), half outside it.
type cornerLayout struct{}

// MinSize is the first object's, widened by half the badge.
func (cornerLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	t, b := objs[0].MinSize(), objs[1].MinSize()
	return fyne.NewSize(t.Width+b.Width/2, max(t.Height, b.Height))
}

// Layout places the tile at the left and the badge on its corner.
func (cornerLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	t, b := objs[0].MinSize(), objs[1].MinSize()
	objs[0].Resize(t)
	objs[0].Move(fyne.NewPos(0, (size.Height-t.Height)/2))
	objs[1].Resize(b)
	objs[1].Move(fyne.NewPos(t.Width-b.Width/2, (size.Height+t.Height)/2-b.Height*.8))
}
