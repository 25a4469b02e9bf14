package ui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// textLine is one line of text without a label's inner padding, cut short
// with an ellipsis when it is wider than its space: the table's status,
// last action and seat names, where a phone has no height to spare.
type textLine struct {
	widget.BaseWidget
	text string
	// shorter are shorter ways to say text, shown, the first that fits,
	// before text is cut.
	shorter []string
	bold    bool
	// whole asks for the whole text's width instead of being cut.
	whole bool
}

// newTextLine returns a line showing text, in bold when bold.
func newTextLine(text string, bold bool) *textLine {
	l := &textLine{text: text, bold: bold}
	l.ExtendBaseWidget(l)
	return l
}

// newWholeLine returns a line that is never cut: a short figure.
func newWholeLine(text string) *textLine {
	l := &textLine{text: text, whole: true}
	l.ExtendBaseWidget(l)
	return l
}

// SetText changes the text.
func (l *textLine) SetText(text string) { l.SetTexts(text) }

// SetTexts changes the text to text, or, where it does not fit, the
// first of shorter that does: the table's header on a phone keeps whose
// turn it is rather than cut it off.
func (l *textLine) SetTexts(text string, shorter ...string) {
	if text == l.text && slices.Equal(shorter, l.shorter) {
		return
	}
	l.text, l.shorter = text, shorter
	l.Refresh()
}

// CreateRenderer draws the line.
func (l *textLine) CreateRenderer() fyne.WidgetRenderer {
	r := &textLineRenderer{l: l, t: canvas.NewText("", theme.Color(theme.ColorNameForeground))}
	r.t.TextStyle = fyne.TextStyle{Bold: l.bold}
	r.Refresh()
	return r
}

type textLineRenderer struct {
	l *textLine
	t *canvas.Text
}

// fit returns text cut to width w with an ellipsis.
func (r *textLineRenderer) fit(w float32) string {
	size, style := r.t.TextSize, r.t.TextStyle
	s := r.l.text
	for _, t := range append([]string{s}, r.l.shorter...) {
		if s = t; fyne.MeasureText(s, size, style).Width <= w {
			return s
		}
	}
	rs := []rune(s)
	for n := len(rs) - 1; n > 0; n-- {
		if c := string(rs[:n]) + "…"; fyne.MeasureText(c, size, style).Width <= w {
			return c
		}
	}
	return ""
}

func (r *textLineRenderer) Layout(size fyne.Size) {
	r.t.Text = r.fit(size.Width - 2*theme.Padding())
	r.t.Move(fyne.NewPos(theme.Padding(), 0))
	r.t.Resize(fyne.NewSize(size.Width-2*theme.Padding(), size.Height))
}

func (r *textLineRenderer) MinSize() fyne.Size {
	h := fyne.MeasureText("Mg", r.t.TextSize, r.t.TextStyle).Height
	w := float32(0)
	if r.l.whole {
		w = fyne.MeasureText(r.l.text, r.t.TextSize, r.t.TextStyle).Width
	}
	return fyne.NewSize(w+2*theme.Padding(), h+theme.Padding())
}

func (r *textLineRenderer) Refresh() {
	r.t.TextSize = theme.TextSize()
	r.t.Color = theme.Color(theme.ColorNameForeground)
	r.Layout(r.l.Size())
	r.t.Refresh()
}

func (r *textLineRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.t} }

func (r *textLineRenderer) Destroy() {}

// newNote returns secondary text that wraps: an option's rule ids and
// default, a how-to line. It is drawn smaller, in the theme's placeholder
// colour, which stays readable on the dark theme where a low-importance
// label's disabled colour is too faint.
func newNote(text string, align fyne.TextAlign) *widget.RichText {
	n := widget.NewRichText(&widget.TextSegment{Text: text, Style: widget.RichTextStyle{
		Alignment: align,
		ColorName: theme.ColorNamePlaceHolder,
		SizeName:  theme.SizeNameCaptionText,
	}})
	n.Wrapping = fyne.TextWrapWord
	return n
}
