package ui

import (
	"cmp"
	"regexp"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/assets"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/internal/uitest"
	"github.com/fourwinds-mahjong/fourwinds/ui/guide"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// TestGuideGolden renders the Hong Kong guide on a phone in English and
// French from the rules screen, and in English opened at a rule (HK-S-8)
// as a tap on the score sheet does.
func TestGuideGolden(t *testing.T) {
	for _, c := range []struct{ name, lang, rule string }{
		{"guide_hongkong_en.png", "en", ""},
		{"guide_hongkong_fr.png", "fr", ""},
		{"guide_hongkong_HK-S-8_en.png", "en", "HK-S-8"},
	} {
		t.Run(c.name, func(t *testing.T) {
			sz := fyne.NewSize(360, 640)
			a, w := newTestApp(t, noTables{}, sz)
			if err := words.Use(c.lang); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = words.Use("en") })
			if c.rule == "" {
				a.show(a.rulesScreen("hongkong"))
			} else {
				a.ShowHome()
				a.showGuide("hongkong", c.rule)
			}
			w.Resize(sz)
			uitest.Golden(t, c.name, w.Canvas().Capture())
		})
	}
}

// markedText returns the words of the block the guide marked (the one a
// rule id led to) in o, and whether there is one.
func markedText(o fyne.CanvasObject) (string, bool) {
	var found []string
	ok := false
	var walk func(o fyne.CanvasObject, in bool)
	walk = func(o fyne.CanvasObject, in bool) {
		switch x := o.(type) {
		case *fyne.Container:
			if len(x.Objects) == 2 {
				if r, isRect := x.Objects[0].(*canvas.Rectangle); isRect && r.FillColor == theme.Color(theme.ColorNameSelection) {
					in, ok = true, true
				}
			}
			for _, c := range x.Objects {
				walk(c, in)
			}
		case *container.Scroll:
			walk(x.Content, in)
		case *canvas.Text:
			if in {
				found = append(found, x.Text)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c, in)
			}
		}
	}
	walk(o, false)
	return strings.Join(found, " "), ok
}

// TestSheetRuleOpensGuide taps every rule id on the end-of-hand sheet and
// checks that the guide opens at the paragraph that explains that rule
// (or, for a rule the guide does not explain, at the reference's text).
func TestSheetRuleOpensGuide(t *testing.T) {
	a, w := newTestApp(t, noTables{}, fyne.NewSize(360, 640))
	a.openTable(newStillTable(handOver()))
	doc, ok, err := guide.Load("hongkong", "en")
	if err != nil || !ok {
		t.Fatalf("no hongkong guide: %v", err)
	}
	links := find[*widget.Hyperlink](w.Content())
	if len(links) == 0 {
		t.Fatal("the sheet shows no rule id to tap")
	}
	for _, l := range links {
		test.TapAt(l, fyne.NewPos(l.Size().Width/2, l.Size().Height/2))
		over := w.Canvas().Overlays().Top()
		if over == nil {
			t.Fatalf("tapping %s opened nothing", l.Text)
		}
		got, ok := markedText(over)
		if !ok {
			t.Fatalf("tapping %s: no paragraph marked", l.Text)
		}
		want := guide.Reference("hongkong", l.Text)
		if i := doc.Find(l.Text); i >= 0 {
			want = doc.Blocks[i].Text
		}
		if !strings.Contains(got, strings.Join(strings.Fields(want), " ")) || !strings.Contains(got, l.Text) {
			t.Errorf("tapping %s marked %q, want the text %q", l.Text, got, want)
		}
		w.Canvas().Overlays().Remove(over)
	}
	// A rule the guide does not explain opens on the reference's text.
	a.showGuide("hongkong", "HK-D-10")
	got, ok := markedText(w.Canvas().Overlays().Top())
	if !ok || !strings.Contains(got, "Decision HK-D-10:") {
		t.Errorf("HK-D-10 (no guide paragraph) marked %q, want its reference text", got)
	}
}

// find returns the objects of type T in o.
func find[T fyne.CanvasObject](o fyne.CanvasObject) []T {
	var out []T
	if x, ok := o.(T); ok {
		out = append(out, x)
	}
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			out = append(out, find[T](c)...)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			out = append(out, find[T](c)...)
		}
	}
	return out
}

// TestRulesReference checks that the Reference tab shows the engine
// reference of the ruleset picked, read when the tab is shown.
func TestRulesReference(t *testing.T) {
	a, w := newTestApp(t, noTables{}, fyne.NewSize(360, 640))
	a.show(a.rulesScreen("hongkong"))
	tabs := find[*container.AppTabs](w.Content())
	picks := find[*widget.Select](w.Content())
	if len(tabs) != 1 || len(picks) != 1 {
		t.Fatalf("want one tab bar and one ruleset pick; got %d, %d", len(tabs), len(picks))
	}
	shown := func() string { return strings.Join(renderedLines(tabs[0].Items[1].Content), "\n") }
	if got := shown(); got != "" {
		t.Errorf("the reference was read before it was shown: %.80q", got)
	}
	tabs[0].SelectIndex(1)
	if !strings.HasPrefix(shown(), "Ruleset hongkong") {
		t.Errorf("the Reference tab does not show hongkong's rules: %.80q", shown())
	}
	picks[0].SetSelected(picks[0].Options[slices.Index(rules.IDs(), "jilin")])
	if !strings.HasPrefix(shown(), "Ruleset jilin") {
		t.Errorf("after picking jilin the Reference tab shows %.80q", shown())
	}
}

// TestFlowTextKeepsWordsWhole checks that guide text wraps only at
// ordinary spaces: a tile range ("1s–9s") and a French colon with its
// narrow no-break space stay whole on a line, however narrow.
func TestFlowTextKeepsWordsWhole(t *testing.T) {
	test.NewTempApp(t)
	o := flowText("Bambous de 1s–9s, voici\u202f: «\u202fSeven\u202f»", theme.TextSize(), false, theme.ColorNameForeground, func() float32 { return 40 })
	c := o.(*fyne.Container)
	c.Resize(fyne.NewSize(40, c.MinSize().Height))
	var lines []float32
	for _, w := range c.Objects {
		text := w.(*canvas.Text).Text
		if text == "1s–9s," || text == "voici\u202f:" || text == "«\u202fSeven\u202f»" {
			lines = append(lines, w.Position().Y)
		}
	}
	if len(lines) != 3 {
		t.Fatalf("the range, the colon and the quotes were split: %d whole words of 3", len(lines))
	}
	if lines[0] == lines[1] || lines[1] == lines[2] {
		t.Errorf("at 40 px each word should have its own line: %v", lines)
	}
}

// renderedLines returns the lines of text o draws, top to bottom: its
// canvas texts grouped by their height on screen, left to right.
func renderedLines(o fyne.CanvasObject) []string {
	type piece struct {
		x, y, w float32
		text    string
	}
	var pieces []piece
	var walk func(o fyne.CanvasObject, at fyne.Position)
	walk = func(o fyne.CanvasObject, at fyne.Position) {
		if !o.Visible() {
			return
		}
		at = at.Add(o.Position())
		switch x := o.(type) {
		case *canvas.Text:
			pieces = append(pieces, piece{at.X, at.Y, x.Size().Width, x.Text})
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c, at)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c, at)
			}
		}
	}
	walk(o, fyne.Position{})
	slices.SortStableFunc(pieces, func(a, b piece) int {
		if a.y != b.y {
			return cmp.Compare(a.y, b.y)
		}
		return cmp.Compare(a.x, b.x)
	})
	var lines []string
	for i, p := range pieces {
		if i > 0 && p.y == pieces[i-1].y {
			if prev := pieces[i-1]; p.x > prev.x+prev.w+1 {
				lines[len(lines)-1] += " " // apart: a list's mark and its item
			}
			lines[len(lines)-1] += p.text
			continue
		}
		lines = append(lines, p.text)
	}
	return lines
}

// wholeTokens are the tokens a line must not break: tile ranges ("1s–9s"),
// rule ids ("HK-S-12", "JL-9.1–9.3") and other runs joined by hyphens,
// dashes or points ("E–W", "2–12").
var wholeTokens = regexp.MustCompile(`[0-9A-Za-z]+(?:[-–.][0-9A-Za-z]+)+`)

// TestReferenceKeepsTokensWhole (issue 20): at 360 px wide, no line of any
// ruleset's reference starts or ends inside a tile range or a rule id:
// every such token of the text is found whole on one line.
func TestReferenceKeepsTokensWhole(t *testing.T) {
	a, w := newTestApp(t, noTables{}, fyne.NewSize(360, 640))
	a.show(a.rulesScreen("hongkong"))
	tabs := find[*container.AppTabs](w.Content())[0]
	pick := find[*widget.Select](w.Content())[0]
	tabs.SelectIndex(1)
	for i, id := range rules.IDs() {
		pick.SetSelectedIndex(i)
		w.Resize(fyne.NewSize(360, 640))
		ref := tabs.Items[1].Content
		if ref.Size().Width > 360 {
			t.Fatalf("%s: the reference is %.0f wide", id, ref.Size().Width)
		}
		var want, got []string
		for _, l := range renderedLines(ref) {
			got = append(got, wholeTokens.FindAllString(l, -1)...)
		}
		src, err := assets.Rules.ReadFile("rules/" + id + ".md")
		if err != nil {
			t.Fatal(err)
		}
		want = wholeTokens.FindAllString(strings.NewReplacer("`", "", "*", "").Replace(string(src)), -1)
		if len(want) < 40 {
			t.Fatalf("%s: only %d tokens in the reference", id, len(want))
		}
		count := map[string]int{}
		for _, tok := range got {
			count[tok]++
		}
		var broken []string
		for _, tok := range want {
			if count[tok]--; count[tok] < 0 {
				broken = append(broken, tok)
			}
		}
		if len(broken) > 0 {
			t.Errorf("%s: %d tokens broken across lines at 360 px, such as %q", id, len(broken), broken[:min(len(broken), 8)])
		}
	}
}

// TestOptionSummaryTypography (issue 20): the Rules screen's Options tab
// writes "par défaut : Oui" with French typography's narrow no-break space
// before the colon, and capitalised values.
func TestOptionSummaryTypography(t *testing.T) {
	test.NewTempApp(t)
	if err := words.Use("fr"); err != nil {
		t.Fatal(err)
	}
	defer words.Use("en")
	for _, id := range rules.IDs() {
		s := optionSummary(id)
		for i, r := range []rune(s) {
			if r == ':' && []rune(s)[i-1] != '\u202f' {
				t.Fatalf("%s: a colon without its narrow no-break space in %q", id, s)
			}
		}
		if id == "hongkong" && !strings.Contains(s, "par défaut\u202f: Oui") {
			t.Errorf("hongkong's options say %.200q", s)
		}
	}
}
