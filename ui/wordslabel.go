package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// wordsLabel is a label wrapped at ordinary spaces only (flowText), each
// of its lines ("\n") a paragraph: Fyne's own wrapping breaks at any
// Unicode space, so that a French label wrapped at its narrow no-break
// space (U+202F) began a line with ":". Its padding is a label's.
type wordsLabel struct {
	widget.BaseWidget
	text string
	bold bool
	// colour is the text's theme colour: the foreground, or the error or
	// warning colour of a warning.
	colour fyne.ThemeColorName
}

// wrapped returns a label of text that wraps its words, never at a
// no-break space.
func wrapped(text string) *wordsLabel {
	l := &wordsLabel{text: text, colour: theme.ColorNameForeground}
	l.ExtendBaseWidget(l)
	return l
}

// Text returns the text (a widget.Label's Text field), for the screens'
// tests that read what a screen says.
func (l *wordsLabel) Text() string { return l.text }

// SetText changes the text.
func (l *wordsLabel) SetText(text string) {
	if text == l.text {
		return
	}
	l.text = text
	l.Refresh()
}

// CreateRenderer draws the text's paragraphs.
func (l *wordsLabel) CreateRenderer() fyne.WidgetRenderer {
	r := &wordsLabelRenderer{l: l, box: container.NewVBox()}
	r.Refresh()
	return r
}

type wordsLabelRenderer struct {
	l     *wordsLabel
	box   *fyne.Container
	width float32
}

// inner is the width the text wraps in: the label's, less its padding.
func (r *wordsLabelRenderer) inner() float32 { return r.width - 2*theme.InnerPadding() }

func (r *wordsLabelRenderer) Layout(size fyne.Size) {
	r.width = size.Width
	pad := theme.InnerPadding()
	r.box.Move(fyne.NewPos(pad, pad/2))
	r.box.Resize(fyne.NewSize(max(size.Width-2*pad, 0), max(size.Height-pad, 0)))
}

func (r *wordsLabelRenderer) MinSize() fyne.Size {
	pad := theme.InnerPadding()
	return r.box.MinSize().AddWidthHeight(2*pad, pad)
}

func (r *wordsLabelRenderer) Refresh() {
	r.box.Objects = nil
	for _, line := range strings.Split(r.l.text, "\n") {
		r.box.Add(flowText(line, theme.TextSize(), r.l.bold, r.l.colour, r.inner))
	}
	r.box.Refresh()
}

func (r *wordsLabelRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.box} }

func (r *wordsLabelRenderer) Destroy() {}
