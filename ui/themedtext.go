package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// themedText is a line of large text in the theme's foreground colour,
// taken again whenever the theme changes. A bare canvas text keeps the
// colour it was made with: on a phone that turns to its light theme after
// the first screen is built, the home screen's title stayed white on
// white.
type themedText struct {
	widget.BaseWidget
	t *canvas.Text
}

// newThemedText returns text drawn at size points in style, aligned as align.
func newThemedText(text string, size float32, style fyne.TextStyle, align fyne.TextAlign) *themedText {
	t := canvas.NewText(text, theme.Color(theme.ColorNameForeground))
	t.TextSize, t.TextStyle, t.Alignment = size, style, align
	w := &themedText{t: t}
	w.ExtendBaseWidget(w)
	return w
}

// CreateRenderer draws the text.
func (w *themedText) CreateRenderer() fyne.WidgetRenderer { return themedTextRenderer{w.t} }

type themedTextRenderer struct{ t *canvas.Text }

func (r themedTextRenderer) Layout(size fyne.Size)        { r.t.Resize(size) }
func (r themedTextRenderer) MinSize() fyne.Size           { return r.t.MinSize() }
func (r themedTextRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.t} }
func (r themedTextRenderer) Destroy()                     {}

func (r themedTextRenderer) Refresh() {
	r.t.Color = theme.Color(theme.ColorNameForeground)
	r.t.Refresh()
}
