package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
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
	text := widget.NewRichText()
	text.Wrapping = fyne.TextWrapWord
	opts := widget.NewLabel("")
	opts.Wrapping = fyne.TextWrapWord
	reference := container.NewTabItem(words.T("rules.reference"), container.NewVScroll(text))
	tabs := container.NewAppTabs(
		container.NewTabItem(words.T("rules.guide"), guideBox),
		reference,
		container.NewTabItem(words.T("rules.options"), container.NewVScroll(opts)),
	)
	// The reference is long: it is read and laid out only when shown.
	ref := ""
	showReference := func() {
		if tabs.Selected() == reference && ref != "" {
			text.ParseMarkdown(ref)
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
		fmt.Fprintf(&b, "    %s: %s\n", words.T("option.default"), optionValueName(s, s.Default))
		fmt.Fprintf(&b, "    %s: %s\n\n", words.T("option.allowed"), allowedNames(s))
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
