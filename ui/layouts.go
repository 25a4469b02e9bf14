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
	left := l.left(size.Width, tw, perRow)
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

// left is where the rack's rows start in width w for tiles tw wide,
// perRow to a row: centred, the drawn tile's gap always included, so that
// the rack does not move as a tile is drawn and discarded.
func (l *rackLayout) left(w, tw float32, perRow int) float32 {
	return max(theme.Padding(), (w-tw*float32(perRow)-rackGap)/2)
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
// is wide, two by two on a narrow one with the centre (the wall's band)
// between the rows. It chooses one size
// for every discarded tile, the largest that lets all the panels fit the
// space without scrolling (up to 48 wide on a wide screen, 30 on a
// narrow one, times the style's scale). Below 16 times the scale the
// panels take more tiles to a row instead, and only where even that does
// not fit (a phone late in a hand with every claim offered) do the tiles
// shrink further, never below 10.
type seatsLayout struct {
	scale float32
}

// wide reports whether size has room for the panels around the table.
func (seatsLayout) wide(size fyne.Size) bool { return size.Width >= 760 }

// narrowBand is the least height of the wall's band between the two rows
// of players on a narrow screen.
const narrowBand = 16

// The discarded tiles' widths, before the style's scale.
const (
	discardLeast      = 16
	discardMostNarrow = 30
	discardMostWide   = 48
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

// rows is how many rows of six the panel's discards take.
func (p panelParts) rows() int { return p.rowsOf(6) }

// rowsOf is how many rows of per the panel's discards take.
func (p panelParts) rowsOf(per int) int { return (p.n + per - 1) / per }

// height is the panel's height with its discards tw wide, six to a row.
func (p panelParts) height(tw float32) float32 { return p.heightOf(tw, 6) }

// heightOf is the panel's height with its discards tw wide, per to a row.
func (p panelParts) heightOf(tw float32, per int) float32 {
	r := float32(p.rowsOf(per))
	if r == 0 {
		return p.head
	}
	return p.head + r*tw*4/3 + (r-1)*discardGap
}

// tileFor is the discard width that fits rows of six into h after heads
// of height head, and six tiles into width w, within the bounds.
func (l seatsLayout) tileFor(w, h, head float32, rows int, most float32) float32 {
	return l.tileForRows(w, h, head, rows, most, 6)
}

// tileForRows is tileFor with per tiles to a row.
func (l seatsLayout) tileForRows(w, h, head float32, rows int, most float32, per int) float32 {
	tw := min(most*l.scaleOf(), (w-float32(per-1)*discardGap)/float32(per))
	if rows > 0 {
		tw = min(tw, (h-head-float32(rows)*discardGap)*3/4/float32(rows))
	}
	return max(tw, discardLeast*l.scaleOf())
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

func (l seatsLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) < 5 {
		return
	}
	pad := theme.Padding()
	me, right, across, left, centre := objs[0], objs[1], objs[2], objs[3], objs[4]
	pm, pr, pa, pl := partsOf(me), partsOf(right), partsOf(across), partsOf(left)
	if !l.wide(size) {
		// Two by two, the wall's band between the rows taking what the
		// panels leave (at least narrowBand).
		cw := (size.Width - pad) / 2
		avail := size.Height - 2*pad - narrowBand
		head := max(pa.head, pr.head) + max(pl.head, pm.head)
		tw := l.tileFor(cw, avail, head, max(pa.rows(), pr.rows())+max(pl.rows(), pm.rows()), discardMostNarrow)
		setTile(tw, pm, pr, pa, pl)
		top := max(pa.height(tw), pr.height(tw))
		bottom := max(pl.height(tw), pm.height(tw))
		if top+bottom > avail && top+bottom > 0 {
			// Even the least tiles in rows of six do not fit: share the
			// height, and the panels take more tiles to a row.
			top = max(avail*top/(top+bottom), max(pa.head, pr.head))
			bottom = max(avail-top, 0)
		}
		band := max(size.Height-top-bottom-2*pad, 0)
		place(across, 0, 0, cw, top)
		place(right, cw+pad, 0, cw, top)
		place(centre, 0, top+pad, size.Width, band)
		place(left, 0, top+band+2*pad, cw, bottom)
		place(me, cw+pad, top+band+2*pad, cw, bottom)
		return
	}
	centre.Show()
	// The side columns are as wide as six of the largest discards where
	// the centre leaves room (a portrait tablet), and a quarter of the
	// width at least.
	most := discardMostWide * l.scaleOf()
	side := max(size.Width*.24, left.MinSize().Width, right.MinSize().Width,
		min((size.Width-centre.MinSize().Width-2*pad)/2, 6*most+5*discardGap))
	midW := size.Width - 2*side - 2*pad
	centreH := centre.MinSize().Height
	tw := min(l.tileFor(side, size.Height, pl.head, pl.rows(), discardMostWide),
		l.tileFor(side, size.Height, pr.head, pr.rows(), discardMostWide))
	// Across and the person sit between the side columns when six
	// discards fit there (a landscape screen), the sides then spanning the
	// whole height; otherwise above and below them.
	between := 6*tw+5*discardGap <= midW
	per := 6 // across's and the person's discards to a row
	if between {
		// Short of height (a landscape screen late in a hand), across and
		// the person take nine to a row when that keeps the tiles larger.
		avail := size.Height - centreH - 2*pad
		six := l.tileFor(midW, avail, pa.head+pm.head, pa.rows()+pm.rows(), discardMostWide)
		nine := l.tileForRows(midW, avail, pa.head+pm.head, pa.rowsOf(9)+pm.rowsOf(9), discardMostWide, 9)
		if min(tw, nine) > min(tw, six)+1 {
			six, per = nine, 9
		}
		tw = min(tw, six)
	} else {
		band := max(pl.head, pr.head)
		tw = min(tw, l.tileFor(size.Width, size.Height-2*pad, pa.head+pm.head+band,
			pa.rows()+pm.rows()+max(pl.rows(), pr.rows()), discardMostWide))
	}
	setTile(tw, pm, pr, pa, pl)
	topH, meH := pa.heightOf(tw, per), pm.heightOf(tw, per)
	if avail := size.Height - centreH - 2*pad; topH+meH > avail && topH+meH > 0 {
		topH = max(avail*topH/(topH+meH), pa.head)
		meH = max(avail-topH, pm.head)
	}
	cx, cw := side+pad, midW
	if !between {
		cx, cw = 0, size.Width
	}
	// As wide as six of the largest discards, so that melds keep to a row.
	rowW := max(6*most+5*discardGap, float32(per)*(tw+discardGap))
	aw := min(cw, max(rowW, across.MinSize().Width))
	mw := min(cw, max(rowW, me.MinSize().Width))
	place(across, cx+(cw-aw)/2, 0, aw, topH)
	place(me, cx+(cw-mw)/2, size.Height-meH, mw, meH)
	bandY, bandH := float32(0), size.Height
	if !between {
		bandY, bandH = topH+pad, max(size.Height-topH-meH-2*pad, 0)
	}
	lh, rh := min(pl.height(tw), bandH), min(pr.height(tw), bandH)
	place(left, 0, bandY+(bandH-lh)/2, side, lh)
	place(right, size.Width-side, bandY+(bandH-rh)/2, side, rh)
	place(centre, side+pad, topH+pad, midW, max(size.Height-topH-meH-2*pad, centreH))
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
	pad := theme.Padding()
	me, right, across, left, centre := objs[0].MinSize(), objs[1].MinSize(), objs[2].MinSize(), objs[3].MinSize(), objs[4].MinSize()
	narrowW := 2*max(me.Width, right.Width, across.Width, left.Width) + pad
	narrowH := max(across.Height, right.Height) + max(left.Height, me.Height) + 2*pad + narrowBand
	wideH := max(left.Height, right.Height, across.Height+me.Height+centre.Height+2*pad)
	return fyne.NewSize(min(narrowW, 300), max(narrowH, min(wideH, narrowH)))
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
	x, y, lh := float32(0), float32(0), float32(0)
	for _, o := range objs {
		m := o.MinSize()
		if x+m.Width > size.Width && x > 0 {
			x, y, lh = 0, y+lh+theme.Padding(), 0
		}
		o.Move(fyne.NewPos(x, y))
		o.Resize(m)
		x += m.Width + theme.Padding()
		lh = max(lh, m.Height)
	}
}

func (f *flowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	w := f.get()
	x, h, lh, mw := float32(0), float32(0), float32(0), float32(0)
	for _, o := range objs {
		m := o.MinSize()
		mw = max(mw, m.Width)
		if x+m.Width > w && x > 0 {
			x, h, lh = 0, h+lh+theme.Padding(), 0
		}
		x += m.Width + theme.Padding()
		lh = max(lh, m.Height)
	}
	return fyne.NewSize(mw, h+lh)
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
