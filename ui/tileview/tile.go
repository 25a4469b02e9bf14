package tileview

import (
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// Standard sizes: the width of a tile (its height is 4/3 of it) on a rack
// and in discard rows, before the style's Scale.
const (
	RackWidth    float32 = 44
	DiscardWidth float32 = 26
	MiniWidth    float32 = 20
)

// Tile is a tile widget: a face (or the back for tile.Unknown), selectable,
// tappable and draggable. Change its fields, then call Refresh.
type Tile struct {
	widget.BaseWidget
	// Kind is the tile; tile.Unknown draws the back.
	Kind  tile.Kind
	Style Style
	// Width is the tile's width; its height is 4/3 of it.
	Width float32
	// Selected lifts the tile and rings it; Highlight rings it (the last
	// discard); Dim greys it (a claimed discard); Sideways lays it on its
	// side (a claimed tile in a meld).
	Selected, Highlight, Dim, Sideways bool
	// OnTapped is called on a tap; OnDragged and OnDragEnd while and after
	// the tile is dragged (nil: the tile does not drag).
	OnTapped  func()
	OnDragged func(*fyne.DragEvent)
	OnDragEnd func()
}

// NewTile returns a tile widget of kind k at width w.
func NewTile(k tile.Kind, s Style, w float32) *Tile {
	t := &Tile{Kind: k, Style: s, Width: w}
	t.ExtendBaseWidget(t)
	return t
}

// Tapped calls OnTapped.
func (t *Tile) Tapped(*fyne.PointEvent) {
	if t.OnTapped != nil {
		t.OnTapped()
	}
}

// Dragged calls OnDragged.
func (t *Tile) Dragged(e *fyne.DragEvent) {
	if t.OnDragged != nil {
		t.OnDragged(e)
	}
}

// DragEnd calls OnDragEnd.
func (t *Tile) DragEnd() {
	if t.OnDragEnd != nil {
		t.OnDragEnd()
	}
}

// Cursor shows a pointer over a tile that does something.
func (t *Tile) Cursor() desktop.Cursor {
	if t.OnTapped != nil {
		return desktop.PointerCursor
	}
	return desktop.DefaultCursor
}

// MinSize is the tile's size (lying on its side when Sideways).
func (t *Tile) MinSize() fyne.Size {
	w := t.Width * t.Style.Scale()
	if t.Sideways {
		return fyne.NewSize(w*4/3, w)
	}
	return fyne.NewSize(w, w*4/3)
}

// CreateRenderer draws the tile.
func (t *Tile) CreateRenderer() fyne.WidgetRenderer {
	r := &tileRenderer{t: t}
	r.build()
	return r
}

type tileRenderer struct {
	t                *Tile
	kind             tile.Kind
	style            Style
	edge, face, dim  *canvas.Rectangle
	ring             *canvas.Rectangle
	index            *canvas.Text
	parts            []part
	objects          []fyne.CanvasObject
	backStripe       *canvas.Rectangle
	sideways, facing bool
}

// build makes the objects of the tile's current kind and style.
func (r *tileRenderer) build() {
	t := r.t
	r.kind, r.style, r.sideways = t.Kind, t.Style, t.Sideways
	p := t.Style.palette()
	r.facing = t.Kind.Valid()
	r.edge = canvas.NewRectangle(p.edge)
	r.face = canvas.NewRectangle(p.face)
	r.ring = canvas.NewRectangle(color.Transparent)
	r.dim = canvas.NewRectangle(p.dim)
	r.parts, r.index, r.backStripe = nil, nil, nil
	if r.facing {
		r.parts = artParts(t.Kind, p)
		r.index = canvas.NewText(Index(t.Kind), p.indexColour)
		if k := t.Kind.Suit(); k == tile.Circles || k == tile.Characters {
			r.index.FontSource = cjk
		}
		r.index.TextStyle = fyne.TextStyle{Bold: true}
	} else {
		r.face.FillColor = p.back
		r.backStripe = canvas.NewRectangle(color.Transparent)
		r.backStripe.StrokeColor, r.backStripe.StrokeWidth = p.backInner, 2
	}
	r.objects = []fyne.CanvasObject{r.edge, r.face}
	if r.backStripe != nil {
		r.objects = append(r.objects, r.backStripe)
	}
	for _, pt := range r.parts {
		r.objects = append(r.objects, pt.obj)
	}
	if r.index != nil {
		r.objects = append(r.objects, r.index)
	}
	r.objects = append(r.objects, r.dim, r.ring)
}

func (r *tileRenderer) Layout(size fyne.Size) {
	t, p := r.t, r.t.Style.palette()
	w, h := size.Width, size.Height
	radius := min(w, h) * .12
	r.edge.CornerRadius, r.face.CornerRadius, r.dim.CornerRadius, r.ring.CornerRadius = radius, radius-1, radius, radius
	r.edge.Move(fyne.NewPos(0, 0))
	r.edge.Resize(fyne.NewSize(w, h))
	// The dark edge shows more at the bottom, as the tile's thickness.
	e := p.edgeWidth
	r.face.Move(fyne.NewPos(e, e))
	r.face.Resize(fyne.NewSize(w-2*e, h-2*e-max(2, h*.05)))
	r.dim.Move(fyne.NewPos(0, 0))
	r.dim.Resize(fyne.NewSize(w, h))
	r.dim.Hidden = !t.Dim
	r.ring.Move(fyne.NewPos(0, 0))
	r.ring.Resize(fyne.NewSize(w, h))
	switch {
	case t.Selected:
		r.ring.StrokeColor, r.ring.StrokeWidth = p.selected, p.selectedEdge
	case t.Highlight:
		r.ring.StrokeColor, r.ring.StrokeWidth = p.highlight, p.selectedEdge
	default:
		r.ring.StrokeWidth = 0
	}
	fw, fh := r.face.Size().Width, r.face.Size().Height
	fx, fy := e, e
	if r.backStripe != nil {
		r.backStripe.CornerRadius = radius * .7
		r.backStripe.Move(fyne.NewPos(fx+fw*.12, fy+fh*.1))
		r.backStripe.Resize(fyne.NewSize(fw*.76, fh*.8))
	}
	if r.sideways {
		// A tile on its side: the face turned a quarter left, as large as
		// on a tile standing up (the numeral beside 萬, the sticks lying
		// down), the characters themselves upright; the corner index
		// stays top left.
		r.placeTurned(fx+fw*.17, fy+fh*.04, fw*.81, fh*.92)
	} else {
		indexH := fh * .2
		r.placeArt(fx+fw*.06, fy+indexH, fw*.88, fh-indexH-fh*.02)
	}
	if r.index != nil {
		r.index.TextSize = textSize(max(7, fh*.15))
		if r.sideways {
			r.index.TextSize = textSize(max(7, fh*.2))
		}
		r.index.Move(fyne.NewPos(fx+fw*.07, fy+fh*.01))
		r.index.Resize(r.index.MinSize())
	}
	if t.Selected {
		// A selected tile sits higher, in the room the rack leaves above it.
		for _, o := range r.objects {
			o.Move(o.Position().AddXY(0, -h*.12))
		}
	}
}

// placeArt lays the face's parts out in the art area.
func (r *tileRenderer) placeArt(x, y, w, h float32) {
	for _, pt := range r.parts {
		if txt, ok := pt.obj.(*canvas.Text); ok {
			txt.TextSize = textSize(pt.h * h * .82)
			txt.Move(fyne.NewPos(x, y+pt.y*h))
			txt.Resize(fyne.NewSize(w, pt.h*h))
			continue
		}
		pt.obj.Move(fyne.NewPos(x+pt.x*w, y+pt.y*h))
		pt.obj.Resize(fyne.NewSize(pt.w*w, pt.h*h))
	}
}

// placeTurned lays the face's parts out in the art area turned a quarter
// left: a part's band across the face becomes a band along it, and the
// text in it stays upright, as large as its band allows.
func (r *tileRenderer) placeTurned(x, y, w, h float32) {
	for _, pt := range r.parts {
		if txt, ok := pt.obj.(*canvas.Text); ok {
			txt.TextSize = textSize(min(pt.h*w, h) * .82)
			th := txt.MinSize().Height
			txt.Move(fyne.NewPos(x+pt.y*w, y+(h-th)/2))
			txt.Resize(fyne.NewSize(pt.h*w, th))
			continue
		}
		pt.obj.Move(fyne.NewPos(x+pt.y*w, y+(1-pt.x-pt.w)*h))
		pt.obj.Resize(fyne.NewSize(pt.h*w, pt.w*h))
	}
}

// textSize rounds a text size to a whole point: the GL painter keeps a
// texture for each text at each size for a minute, and tiles sized by
// the room they have would otherwise ask for a new one at every size.
func textSize(s float32) float32 { return float32(math.Round(float64(s))) }

func (r *tileRenderer) MinSize() fyne.Size { return r.t.MinSize() }

func (r *tileRenderer) Refresh() {
	t := r.t
	if t.Kind != r.kind || t.Style != r.style || t.Sideways != r.sideways {
		r.build()
	}
	r.Layout(t.Size())
	canvas.Refresh(t)
}

func (r *tileRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *tileRenderer) Destroy() {}

// SpokenName is the tile's name in full for people who cannot see it:
// "Three of Bamboo", "Red Dragon", "Hidden tile".
func (t *Tile) SpokenName() string { return words.Tile(t.Kind) }
