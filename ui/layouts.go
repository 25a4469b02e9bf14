package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// rackLayout lays the person's rack out along the bottom: the own melds
// and bonus tiles in a row above, then the concealed tiles in one row, or
// two when a row would make them narrower than 44 — the drawn tile set a
// little apart at the end. Tiles are as wide as the window allows, up to 72.
type rackLayout struct {
	// melds is how many of the objects are meld groups (first); drawn
	// that the last tile is the drawn one.
	melds int
	drawn bool
	// width is the last width laid out, for MinSize.
	width float32
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
	perRow = max(n, 1)
	tw = (w - 2*pad - gap) / float32(perRow)
	if tw < rackMinTile && n > 1 {
		perRow = (n + 1) / 2
		tw = (w - 2*pad - gap) / float32(perRow)
	}
	return min(tw, rackMaxTile), perRow
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
	w := l.width
	if w == 0 {
		w = 360
	}
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

// discardGrid lays the four discard blocks out in two columns on a narrow
// screen and four on a wide one.
type discardGrid struct{}

func (discardGrid) columns(w float32, objs []fyne.CanvasObject) int {
	cw := float32(0)
	for _, o := range objs {
		cw = max(cw, o.MinSize().Width)
	}
	if cw > 0 && w >= 4*cw+3*theme.Padding() {
		return 4
	}
	return 2
}

func (g discardGrid) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	cols := g.columns(size.Width, objs)
	cw := (size.Width - float32(cols-1)*theme.Padding()) / float32(cols)
	y := float32(0)
	for i := 0; i < len(objs); i += cols {
		rh := float32(0)
		for j := i; j < min(i+cols, len(objs)); j++ {
			rh = max(rh, objs[j].MinSize().Height)
		}
		for j := i; j < min(i+cols, len(objs)); j++ {
			objs[j].Move(fyne.NewPos(float32(j-i)*(cw+theme.Padding()), y))
			objs[j].Resize(fyne.NewSize(cw, rh))
		}
		y += rh + theme.Padding()
	}
}

func (g discardGrid) MinSize(objs []fyne.CanvasObject) fyne.Size {
	w, h := float32(0), float32(0)
	for i := 0; i < len(objs); i += 2 {
		rh := float32(0)
		for j := i; j < min(i+2, len(objs)); j++ {
			rh = max(rh, objs[j].MinSize().Height)
			w = max(w, objs[j].MinSize().Width)
		}
		h += rh + theme.Padding()
	}
	return fyne.NewSize(2*w+theme.Padding(), h)
}

// flowLayout lays objects out left to right, wrapping onto new lines: the
// claim buttons above the rack.
type flowLayout struct{ width float32 }

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
	w := f.width
	if w == 0 {
		w = 360
	}
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
