package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"
)

// feltColour tints the table's centre like a table's cloth.
var feltColour = color.NRGBA{R: 0x1F, G: 0x6F, B: 0x5C, A: 0x30}

// clockBar is the thin countdown bar of the claim clock above the rack.
type clockBar struct {
	widget.BaseWidget
	frac      float32
	bar, back *canvas.Rectangle
}

func newClockBar() *clockBar {
	c := &clockBar{bar: canvas.NewRectangle(color.NRGBA{R: 0xE8, G: 0xA3, B: 0x17, A: 0xFF}),
		back: canvas.NewRectangle(color.NRGBA{A: 0x20})}
	c.bar.CornerRadius, c.back.CornerRadius = 3, 3
	c.ExtendBaseWidget(c)
	return c
}

// set shows the share f (0–1) of the clock left.
func (c *clockBar) set(f float32) {
	c.frac = min(max(f, 0), 1)
	c.Refresh()
}

func (c *clockBar) CreateRenderer() fyne.WidgetRenderer { return &clockRenderer{c} }

type clockRenderer struct{ c *clockBar }

func (r *clockRenderer) Layout(s fyne.Size) {
	r.c.back.Resize(s)
	r.c.bar.Resize(fyne.NewSize(s.Width*r.c.frac, s.Height))
}
func (r *clockRenderer) MinSize() fyne.Size { return fyne.NewSize(40, 6) }
func (r *clockRenderer) Refresh() {
	r.Layout(r.c.Size())
	canvas.Refresh(r.c)
}
func (r *clockRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.c.back, r.c.bar} }
func (r *clockRenderer) Destroy()                     {}
