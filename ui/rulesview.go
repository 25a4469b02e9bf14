package ui

import (
	"fmt"
	"regexp"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/assets"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// ShowRules shows each ruleset's guide for players, the engine reference
// (the project's rules texts, with their ids) and the ruleset's options.
func (a *App) ShowRules() {
	a.closeGame()
	a.show(a.rulesScreen(""))
}

func (a *App) rulesScreen(id string) fyne.CanvasObject {
	ids := rules.IDs()
	names := make([]string, len(ids))
	for i, r := range ids {
		names[i], _ = words.Ruleset(r)
	}
	guideBox := container.NewStack()
	text := container.NewVBox()
	refScroll := container.NewVScroll(text)
	opts := widget.NewLabel("")
	opts.Wrapping = fyne.TextWrapWord
	reference := container.NewTabItem(words.T("rules.reference"), refScroll)
	tabs := container.NewAppTabs(
		container.NewTabItem(words.T("rules.guide"), guideBox),
		reference,
		container.NewTabItem(words.T("rules.options"), container.NewVScroll(opts)),
	)
	// The reference is long: it is read and laid out only when shown.
	ref := ""
	showReference := func() {
		if tabs.Selected() == reference && ref != "" {
			text.Objects = referenceBlocks(ref, func() float32 { return refScroll.Size().Width - 2*theme.Padding() })
			text.Refresh()
			refScroll.ScrollToTop()
			ref = ""
		}
	}
	tabs.OnSelected = func(*container.TabItem) { showReference() }
	pick := widget.NewSelect(names, nil)
	pick.OnChanged = func(string) {
		r := ids[pick.SelectedIndex()]
		guideBox.Objects = []fyne.CanvasObject{a.guideView(r, "")}
		guideBox.Refresh()
		opts.SetText(optionSummary(r))
		b, err := assets.Rules.ReadFile("rules/" + r + ".md")
		ref = string(b)
		if err != nil {
			ref = err.Error()
		}
		showReference()
	}
	sel := 0
	for i, r := range ids {
		if r == id {
			sel = i
		}
	}
	pick.SetSelectedIndex(sel)
	return a.page(words.T("home.rules"), container.New(&narrow{max: 820}, container.NewBorder(pick, nil, nil, nil, tabs)))
}

// referenceBlocks draws a rules file (markdown) for reading on any
// screen: headings, paragraphs, list items, table rows (a table's head in
// bold) and code, the text wrapped at spaces only (flowText), so that a
// tile range ("1s–9s"), a rule id ("HK-S-12") or "E–W" is never broken
// across lines. A paragraph's bold lead ("**AM-4.7 Courtesy pass**") is
// its own bold line; other inline marks are dropped.
func referenceBlocks(md string, width func() float32) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	var para []string
	add := func(text string, size float32, bold bool) {
		out = append(out, flowText(text, size, bold, theme.ColorNameForeground, width))
	}
	flush := func() {
		if len(para) == 0 {
			return
		}
		text := strings.Join(para, " ")
		para = nil
		if lead, rest, ok := boldLead(text); ok {
			add(plainText(lead), theme.TextSize(), true)
			text = rest
		}
		if text = strings.TrimSpace(plainText(text)); text != "" {
			add(text, theme.TextSize(), false)
		}
	}
	lines := strings.Split(md, "\n")
	fence := false
	for i, line := range lines {
		t := strings.TrimSpace(line)
		switch {
		case fence && strings.HasPrefix(t, "```"):
			fence = false
		case fence:
			code := canvas.NewText(line, theme.Color(theme.ColorNameForeground))
			code.TextStyle = fyne.TextStyle{Monospace: true}
			out = append(out, container.NewHScroll(code))
		case strings.HasPrefix(t, "```"):
			flush()
			fence = true
		case t == "":
			flush()
		case strings.HasPrefix(t, "#"):
			flush()
			level := len(t) - len(strings.TrimLeft(t, "#"))
			size := []float32{theme.TextHeadingSize(), theme.TextSubHeadingSize()}[min(level, 2)-1]
			add(plainText(strings.TrimSpace(t[level:])), size, true)
		case strings.HasPrefix(t, "|"):
			flush()
			if tableRule.MatchString(t) {
				continue
			}
			var cells []string
			for _, c := range strings.Split(strings.Trim(t, "|"), "|") {
				if c = strings.TrimSpace(c); c != "" {
					cells = append(cells, c)
				}
			}
			head := i+1 < len(lines) && tableRule.MatchString(strings.TrimSpace(lines[i+1]))
			add(plainText(strings.Join(cells, " · ")), theme.TextSize(), head)
		case listItem.MatchString(t):
			flush()
			m := listItem.FindStringSubmatch(t)
			mark := "•"
			if m[1] != "-" && m[1] != "*" && m[1] != "+" {
				mark = m[1]
			}
			para = []string{mark + " " + m[2]}
		default:
			para = append(para, strings.TrimSpace(strings.TrimPrefix(t, ">")))
		}
	}
	flush()
	return out
}

// tableRule is a markdown table's rule under its head ("|---|:--|").
var tableRule = regexp.MustCompile(`^\|[-:| ]+\|$`)

// listItem is a markdown list item: its mark ("-", "3.") and its text.
var listItem = regexp.MustCompile(`^([-*+]|\d+\.) +(.*)$`)

// codeSpan is inline code, whose text is kept as it is written.
var codeSpan = regexp.MustCompile("`([^`]*)`")

// emphasis is text set in bold or italics outside code.
var emphasis = regexp.MustCompile(`\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*`)

// plainText drops a markdown line's inline marks: code spans keep their
// text ("`+6p*`" is "+6p*"), bold and italics lose their stars.
func plainText(md string) string {
	var b strings.Builder
	for {
		loc := codeSpan.FindStringSubmatchIndex(md)
		if loc == nil {
			b.WriteString(emphasis.ReplaceAllString(md, "$1$2"))
			return b.String()
		}
		b.WriteString(emphasis.ReplaceAllString(md[:loc[0]], "$1$2"))
		b.WriteString(md[loc[2]:loc[3]])
		md = md[loc[1]:]
	}
}

// boldLead splits a paragraph that opens in bold ("**HK-2.5 New
// round.** At the start…") into its lead and the rest.
func boldLead(text string) (lead, rest string, ok bool) {
	body, found := strings.CutPrefix(text, "**")
	if !found {
		return "", text, false
	}
	lead, rest, ok = strings.Cut(body, "**")
	return lead, rest, ok && lead != ""
}

// optionSummary lists a ruleset's options: name, rule id, allowed values
// and default.
func optionSummary(id string) string {
	r, err := rules.Get(id)
	if err != nil {
		return err.Error()
	}
	var b strings.Builder
	for _, s := range r.OptionSpecs() {
		fmt.Fprintf(&b, "%s (%s)\n", words.Option(s), optionID(s))
		fmt.Fprintf(&b, "    %s\n", words.Labelled(words.T("option.default"), optionValueName(s, s.Default)))
		fmt.Fprintf(&b, "    %s\n\n", words.Labelled(words.T("option.allowed"), allowedNames(s)))
	}
	return b.String()
}

// optionID is the rule ids an option names: its own id and the rule it changes.
func optionID(s rules.OptionSpec) string {
	ids := []string{}
	for _, x := range []string{s.ID, s.Rule} {
		if x != "" {
			ids = append(ids, x)
		}
	}
	if len(ids) == 0 {
		return s.Key
	}
	return strings.Join(ids, ", ")
}

// optionValueName is an option value for people.
func optionValueName(s rules.OptionSpec, v string) string {
	if s.Type == rules.OptionBool {
		return words.T("value." + v)
	}
	if s.Type == rules.OptionChoice {
		return words.Choice(v)
	}
	return v
}

// allowedNames says which values an option takes, translated.
func allowedNames(s rules.OptionSpec) string {
	switch s.Type {
	case rules.OptionBool:
		return words.T("value.on") + ", " + words.T("value.off")
	case rules.OptionInt:
		return words.F("option.range", map[string]any{"Min": s.Min, "Max": s.Max})
	}
	out := make([]string, len(s.Choices))
	for i, c := range s.Choices {
		out[i] = words.Choice(c)
	}
	return strings.Join(out, ", ")
}
