package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// rackLayout lays the person's rack out along the bottom: the own melds
// and bonus tiles in a row above, then the concealed tiles in one row, or
// more when a row would make them narrower than 44 (times the style's
// scale) — the drawn tile set a little apart at the end. Tiles are as wide
// as the window allows, up to 72 (times the scale).
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
	// The tile being dragged, and how far.
	dragIndex      int
	dragDX, dragDY float32
}

const (
	rackMinTile = 44
	rackMaxTile = 72
)

// geometry returns the tile width and tiles per row for width w and n tiles.
func (l *rackLayout) geometry(w float32, n int) (tw float32, perRow int) {
	pad := theme.Padding()
	gap := float32(0)
	if l.drawn {
		gap = 10
	}
	least := rackMinTile * max(l.scale, 1)
	perRow = max(n, 1)
	tw = (w - 2*pad - gap) / float32(perRow)
	for rows := 2; tw < least && perRow > 1; rows++ {
		perRow = (n + rows - 1) / rows
		tw = (w - 2*pad - gap) / float32(perRow)
	}
	return min(tw, rackMaxTile*max(l.scale, 1)), perRow
}

func (l *rackLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	pad := theme.Padding()
	melds, tiles := objs[:min(l.melds, len(objs))], objs[min(l.melds, len(objs)):]
	x, y := pad, float32(0)
	meldH := float32(0)
	for _, m := range melds {
		ms := m.MinSize()
		if x+ms.Width > size.Width-pad && x > pad {
			x, y = pad, y+meldH+pad
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
	tw, perRow := l.geometry(size.Width, len(tiles))
	l.tileW = tw
	th := tw * 4 / 3
	y += th * .14 // room for a lifted, selected tile
	for i, t := range tiles {
		row, col := i/perRow, i%perRow
		tx := pad + float32(col)*tw
		if l.drawn && i == len(tiles)-1 {
			tx += 10
		}
		pos := fyne.NewPos(tx, y+float32(row)*(th+pad))
		if i == l.dragIndex && (l.dragDX != 0 || l.dragDY != 0) {
			pos = pos.AddXY(l.dragDX, l.dragDY)
		}
		t.Move(pos)
		t.Resize(fyne.NewSize(tw-2, th))
	}
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
	tw, perRow := l.geometry(w, len(tiles))
	rows := (len(tiles) + perRow - 1) / perRow
	th := tw * 4 / 3
	h += th*.14 + float32(rows)*(th+pad)
	return fyne.NewSize(rackMinTile*2, h)
}

// seatsLayout places the four seat panels (the person, right, across,
// left) and the centre: around the table as on a real one when the screen
// is wide, two by two with no centre on a narrow one.
type seatsLayout struct{}

// wide reports whether size has room for the panels around the table.
func (seatsLayout) wide(size fyne.Size) bool { return size.Width >= 760 }

func (l seatsLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) < 5 {
		return
	}
	pad := theme.Padding()
	me, right, across, left, centre := objs[0], objs[1], objs[2], objs[3], objs[4]
	if !l.wide(size) {
		centre.Hide()
		cw := (size.Width - pad) / 2
		top := max(across.MinSize().Height, right.MinSize().Height)
		bottom := max(left.MinSize().Height, me.MinSize().Height)
		place(across, 0, 0, cw, top)
		place(right, cw+pad, 0, cw, top)
		place(left, 0, top+pad, cw, bottom)
		place(me, cw+pad, top+pad, cw, bottom)
		return
	}
	centre.Show()
	side := max(size.Width*.24, left.MinSize().Width, right.MinSize().Width)
	midW := size.Width - 2*side - 2*pad
	topH := across.MinSize().Height
	meH := me.MinSize().Height
	h := max(size.Height, l.MinSize(objs).Height)
	lh, rh := left.MinSize().Height, right.MinSize().Height
	place(left, 0, (h-lh)/2, side, lh)
	place(right, size.Width-side, (h-rh)/2, side, rh)
	place(across, side+pad, 0, midW, topH)
	place(me, side+pad, h-meH, midW, meH)
	place(centre, side+pad, topH+pad, midW, max(h-topH-meH-2*pad, 0))
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
	narrowH := max(across.Height, right.Height) + max(left.Height, me.Height) + pad
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
