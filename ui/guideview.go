package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/ui/guide"
	"github.com/fourwinds-mahjong/fourwinds/ui/tileview"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// guideMax is the widest a guide's column grows on a large screen.
const guideMax = 760

// showGuide shows the guide of ruleset over the current screen (the
// end-of-hand sheet goes on under it), at the paragraph that explains rule.
func (a *App) showGuide(ruleset, rule string) {
	d := dialog.NewCustom(rule, words.T("guide.close"), a.guideView(ruleset, rule), a.win)
	d.Resize(a.win.Canvas().Size())
	d.Show()
}

// guideView draws the guide of ruleset in the app's language: headings,
// paragraphs, rows of tiles and example hands. With rule set, the block
// that explains rule is marked and scrolled to; a rule the guide does not
// explain is shown first, as the engine reference states it.
func (a *App) guideView(ruleset, rule string) fyne.CanvasObject {
	doc, ok, err := guide.Load(ruleset, words.Current())
	var col *fyne.Container
	scroll := container.NewVScroll(nil)
	width := func() float32 { return min(scroll.Size().Width-4*theme.Padding(), guideMax) }
	col = container.NewVBox()
	var target fyne.CanvasObject
	if rule != "" && (!ok || doc.Find(rule) < 0) {
		text := guide.Reference(ruleset, rule)
		if text == "" {
			text = words.F("guide.unknown_rule", map[string]any{"Rule": rule})
		}
		target = marked(container.NewVBox(
			flowText(words.T("rules.reference")+" · "+rule, theme.TextSize(), true, theme.ColorNameForeground, width),
			flowText(strings.ReplaceAll(text, "**", ""), theme.TextSize(), false, theme.ColorNameForeground, width)))
		col.Add(target)
	}
	switch {
	case err != nil:
		col.Add(flowText(err.Error(), theme.TextSize(), false, theme.ColorNameError, width))
	case !ok:
		col.Add(flowText(words.T("guide.none"), theme.TextSize(), false, theme.ColorNameForeground, width))
	default:
		col.Add(flowText(doc.Title, theme.TextHeadingSize(), true, theme.ColorNameForeground, width))
		r, _ := rules.Get(ruleset) // nil for an unknown ruleset: its hands are drawn unscored
		at := doc.Find(rule)
		for i, b := range doc.Blocks {
			o := a.guideBlock(b, r, width)
			if i == at {
				o = marked(o)
				target = o
			}
			col.Add(o)
		}
	}
	scroll.Content = container.New(&narrow{max: guideMax}, col)
	return container.New(&scrollToLayout{scroll: scroll, target: target}, scroll)
}

// guideBlock draws one block of a guide, with the rule ids it explains.
func (a *App) guideBlock(b guide.Block, r rules.Ruleset, width func() float32) fyne.CanvasObject {
	box := container.NewVBox()
	switch b.Kind {
	case guide.Heading:
		box.Add(flowText(b.Text, theme.TextSubHeadingSize(), true, theme.ColorNameForeground, width))
	case guide.Paragraph:
		box.Add(flowText(b.Text, theme.TextSize(), false, theme.ColorNameForeground, width))
	case guide.Tiles:
		box.Add(tileGroups(b.Notation, a.Style(), width))
	case guide.Hand:
		// Drawn in the sets its score reads, as on the end-of-hand sheet.
		var v rules.Valuation
		if r != nil {
			if sh, err := b.Score(r); err == nil {
				v = sh.Valuation
			}
		}
		box.Add(handTiles(b.Notation, v, a.Style()))
	}
	if b.Kind != guide.Heading && b.Kind != guide.Paragraph && b.Text != "" {
		box.Add(flowText(b.Text, theme.TextSize(), false, theme.ColorNameForeground, width))
	}
	if len(b.Rules) > 0 {
		box.Add(flowText(strings.Join(b.Rules, " · "), theme.CaptionTextSize(), false, theme.ColorNamePlaceHolder, width))
	}
	return box
}

// marked sets o on a tinted background: the block a rule id led to.
func marked(o fyne.CanvasObject) fyne.CanvasObject {
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameSelection))
	bg.CornerRadius = theme.InputRadiusSize()
	return container.NewStack(bg, o)
}

// tileGroups draws tiles written in notation, each field ("123m",
// "[555z]") a group kept whole on one line.
func tileGroups(notation string, st tileview.Style, width func() float32) fyne.CanvasObject {
	box := container.New(&flowLayout{rowWidth: rowWidth{widthOf: width}})
	for _, f := range strings.Fields(notation) {
		ks, err := tile.Parse(strings.Trim(f, "[]()+"))
		if err != nil {
			box.Add(widget.NewLabel(f))
			continue
		}
		row := container.New(layout.NewCustomPaddedHBoxLayout(1))
		for _, k := range ks {
			row.Add(tileview.NewTile(k, st, tileview.DiscardWidth))
		}
		box.Add(row)
	}
	return box
}

// flowText is text wrapped at ordinary spaces only: a no-break space
// (U+00A0, or U+202F before French : ; ! ?) and a tile range such as
// "1s–9s" never break across lines.
func flowText(text string, size float32, bold bool, colour fyne.ThemeColorName, width func() float32) fyne.CanvasObject {
	style := fyne.TextStyle{Bold: bold}
	gap := fyne.MeasureText(" ", size, style).Width
	if gap <= 0 {
		gap = size / 4
	}
	l := &wordsLayout{rowWidth: rowWidth{widthOf: width}, gap: gap}
	c := container.New(l)
	for _, w := range strings.Split(text, " ") {
		if w == "" {
			continue
		}
		t := canvas.NewText(w, theme.Color(colour))
		t.TextSize, t.TextStyle = size, style
		c.Add(t)
		m := fyne.MeasureText(w, size, style)
		l.sizes = append(l.sizes, m)
		l.widest = max(l.widest, m.Width)
	}
	return c
}

// wordsLayout lays words out left to right, gap apart, onto as many lines
// as the width needs. The words are measured once (sizes, in the order of
// the objects): a guide has thousands, laid out again at every resize.
type wordsLayout struct {
	rowWidth
	gap    float32
	sizes  []fyne.Size
	widest float32
}

// place calls at with each word's index and position for width w and
// returns the height used.
func (l *wordsLayout) place(w float32, at func(int, fyne.Position)) float32 {
	x, y, lh := float32(0), float32(0), float32(0)
	for i, m := range l.sizes {
		if x > 0 && x+m.Width > w {
			x, y = 0, y+lh
		}
		at(i, fyne.NewPos(x, y))
		x += m.Width + l.gap
		lh = max(lh, m.Height)
	}
	return y + lh
}

func (l *wordsLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	l.place(size.Width, func(i int, p fyne.Position) {
		objs[i].Move(p)
		objs[i].Resize(l.sizes[i])
	})
}

func (l *wordsLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(l.widest, l.place(max(l.get(), l.widest), func(int, fyne.Position) {}))
}

// scrollToLayout fills its space with scroll and, the first time it is laid
// out, scrolls target (a block of the scroll's column) into view.
type scrollToLayout struct {
	scroll *container.Scroll
	target fyne.CanvasObject
}

func (l *scrollToLayout) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	l.scroll.Resize(size)
	if l.target == nil || size.Height <= 0 {
		return
	}
	l.scroll.ScrollToOffset(fyne.NewPos(0, l.target.Position().Y))
	l.target = nil
}

func (l *scrollToLayout) MinSize([]fyne.CanvasObject) fyne.Size { return l.scroll.MinSize() }
