package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

// TestTextLineCuts: a line too long for its width shows as much as fits
// and an ellipsis; one that fits shows whole; a whole line asks for its
// text's width.
func TestTextLineCuts(t *testing.T) {
	test.NewTempApp(t)
	long := "Hand 12 · South round · 61 in the wall · Bartholomew to play"
	for _, c := range []struct {
		text  string
		width float32
		cut   bool
	}{
		{long, 160, true},
		{long, 2000, false},
		{"Li -380", 160, false},
	} {
		l := newTextLine(c.text, true)
		w := test.NewTempWindow(t, l)
		w.Resize(fyne.NewSize(c.width, 40))
		l.Resize(fyne.NewSize(c.width, l.MinSize().Height))
		shown := test.TempWidgetRenderer(t, l).Objects()[0].(*canvas.Text)
		if got := strings.HasSuffix(shown.Text, "…"); got != c.cut {
			t.Errorf("%q at %v shows %q", c.text, c.width, shown.Text)
		}
		if sz := fyne.MeasureText(shown.Text, shown.TextSize, shown.TextStyle); sz.Width > c.width-2*theme.Padding() {
			t.Errorf("%q at %v: %q is %v wide", c.text, c.width, shown.Text, sz.Width)
		}
	}
	whole := newWholeLine("×13")
	if w := whole.MinSize().Width; w < fyne.MeasureText("×13", theme.TextSize(), fyne.TextStyle{}).Width {
		t.Errorf("a whole line asks for %v", w)
	}
}

// TestTextLineSaysItShorter: where the header does not fit, the shorter
// form that fits is shown whole (whose turn it is), not the long one cut.
func TestTextLineSaysItShorter(t *testing.T) {
	test.NewTempApp(t)
	long, short := "Hand 1 · East round · 67 in the wall · Grace to play", "Hand 1 · Grace to play"
	for _, c := range []struct {
		width float32
		want  string
	}{{2000, long}, {220, short}} {
		l := newTextLine("", true)
		l.SetTexts(long, short)
		w := test.NewTempWindow(t, l)
		w.Resize(fyne.NewSize(c.width, 40))
		l.Resize(fyne.NewSize(c.width, l.MinSize().Height))
		if got := test.TempWidgetRenderer(t, l).Objects()[0].(*canvas.Text).Text; got != c.want {
			t.Errorf("at %v the line shows %q, want %q", c.width, got, c.want)
		}
	}
}
