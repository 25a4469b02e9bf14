package ui

import (
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// ShowNewGame shows the new-game screen.
func (a *App) ShowNewGame() {
	a.closeGame()
	a.show(a.newGameScreen())
}

// newGameForm is the state of the new-game screen.
type newGameForm struct {
	rules   string
	values  map[string]string // option values by preferred name
	levels  [3]string
	card    string
	cardMsg *widget.Label
	// useCard selects "the card loaded" in the card option's choice.
	useCard func()
	// changed is called after an option or the card changes (the scorer
	// re-scores).
	changed func()
}

// set sets option name to v.
// rulesetPicker returns the ruleset choice of f (set to f.rules), the
// chosen ruleset's one-line description and its option rows, which follow
// the choice (the new-game and host screens share it).
func (a *App) rulesetPicker(f *newGameForm) (*widget.Select, *widget.Label, *fyne.Container) {
	ids := rules.IDs()
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i], _ = words.Ruleset(id)
	}
	desc := widget.NewLabel("")
	desc.Wrapping = fyne.TextWrapWord
	options := container.NewVBox()
	pick := widget.NewSelect(names, nil)
	pick.OnChanged = func(string) {
		f.rules = ids[pick.SelectedIndex()]
		_, line := words.Ruleset(f.rules)
		desc.SetText(line)
		f.values, f.card = map[string]string{}, ""
		options.Objects = a.optionRows(f)
		options.Refresh()
	}
	pick.SetSelectedIndex(max(slices.Index(ids, f.rules), 0))
	return pick, desc, options
}

func (f *newGameForm) set(name, v string) {
	f.values[name] = v
	if f.changed != nil {
		f.changed()
	}
}

func (a *App) newGameScreen() fyne.CanvasObject {
	f := &newGameForm{rules: a.fy.Preferences().StringWithFallback("last_rules", rules.DefaultID),
		levels: [3]string{string(ai.Intermediate), string(ai.Intermediate), string(ai.Intermediate)}}
	pick, desc, options := a.rulesetPicker(f)
	levels := []string{}
	for _, l := range ai.Levels() {
		if l != ai.Random {
			levels = append(levels, string(l))
		}
	}
	levelNames := make([]string, len(levels))
	for i, l := range levels {
		levelNames[i] = words.T("level." + l)
	}
	seats := widget.NewForm()
	for s := range f.levels {
		lv := widget.NewSelect(levelNames, nil)
		lv.SetSelectedIndex(1)
		lv.OnChanged = func(string) { f.levels[s] = levels[lv.SelectedIndex()] }
		seats.Append(words.Computer(s+1), lv) // the name the table shows
	}
	start := widget.NewButton(words.T("newgame.start"), func() { a.startGame(f) })
	start.Importance = widget.HighImportance
	body := container.NewVBox(
		widget.NewLabelWithStyle(words.T("newgame.ruleset"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		pick, desc,
		widget.NewLabelWithStyle(words.T("newgame.opponents"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		seats,
		widget.NewLabelWithStyle(words.T("rules.options"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		options,
	)
	return a.page(words.T("home.new"), container.NewBorder(nil, container.New(&narrow{max: 640}, start), nil, nil,
		container.NewVScroll(container.New(&narrow{max: 640}, body))))
}

// optionRows renders every option of the ruleset's schema: a choice as a
// select, on/off as a check, a number as an entry with its range; each
// with its default and rule id.
func (a *App) optionRows(f *newGameForm) []fyne.CanvasObject {
	r, err := rules.Get(f.rules)
	if err != nil {
		return []fyne.CanvasObject{widget.NewLabel(err.Error())}
	}
	var rows []fyne.CanvasObject
	for _, s := range r.OptionSpecs() {
		name := s.Name()
		var input fyne.CanvasObject
		switch s.Type {
		case rules.OptionBool:
			c := widget.NewCheck(words.Option(s), func(on bool) { f.set(name, map[bool]string{true: "on", false: "off"}[on]) })
			c.SetChecked(s.Default == "on")
			input = c
		case rules.OptionInt:
			e := widget.NewEntry()
			e.SetText(s.Default)
			e.Validator = func(v string) error {
				n, err := strconv.Atoi(strings.TrimSpace(v))
				if err != nil || n < s.Min || n > s.Max || (s.Even && n%2 != 0) {
					return errors.New(words.F("option.range", map[string]any{"Min": s.Min, "Max": s.Max}))
				}
				return nil
			}
			e.OnChanged = func(v string) { f.set(name, strings.TrimSpace(v)) }
			input = container.NewBorder(nil, nil, widget.NewLabel(words.Option(s)), nil, e)
		case rules.OptionChoice:
			choices := make([]string, len(s.Choices))
			for i, c := range s.Choices {
				choices[i] = words.Choice(c)
			}
			sel := widget.NewSelect(choices, nil)
			for i, c := range s.Choices {
				if c == s.Default {
					sel.SetSelectedIndex(i)
				}
			}
			sel.OnChanged = func(string) { f.set(name, s.Choices[sel.SelectedIndex()]) }
			input = container.NewBorder(nil, nil, widget.NewLabel(words.Option(s)), nil, sel)
			if cc, ok := r.(rules.CardChecker); ok {
				if option, own := cc.CardOption(); name == option {
					f.useCard = func() { sel.SetSelectedIndex(slices.Index(s.Choices, own)) }
					input = container.NewVBox(input, a.cardLoader(f))
				}
			}
		}
		note := newNote(optionID(s)+" · "+words.Labelled(words.T("option.default"), optionValueName(s, s.Default)), fyne.TextAlignLeading)
		rows = append(rows, input, note)
	}
	return rows
}

// cardLoader lets a game on a card (american) load a user's card file;
// problems are shown by line and column as `fourwinds card check` writes
// them.
func (a *App) cardLoader(f *newGameForm) fyne.CanvasObject {
	f.cardMsg = widget.NewLabel("")
	f.cardMsg.Wrapping = fyne.TextWrapWord
	load := widget.NewButton(words.T("newgame.card.load"), func() {
		d := dialog.NewFileOpen(func(rc fyne.URIReadCloser, err error) {
			if err != nil || rc == nil {
				return
			}
			defer rc.Close()
			b, err := io.ReadAll(rc)
			if err != nil {
				f.cardMsg.SetText(err.Error())
				return
			}
			f.setCard(rc.URI().Name(), b)
		}, a.win)
		d.Show()
	})
	return container.NewVBox(load, f.cardMsg)
}

// setCard checks a card file's text with the ruleset (rules.CardChecker)
// and keeps it when some line is valid.
func (f *newGameForm) setCard(name string, b []byte) {
	lines, msg := 0, []string(nil)
	if r, err := rules.Get(f.rules); err == nil {
		if cc, ok := r.(rules.CardChecker); ok {
			lines, msg = cc.CheckCard(name, b)
		}
	}
	if lines == 0 {
		f.card = ""
		msg = append(msg, words.T("newgame.card.refused"))
	} else {
		f.card = string(b)
		if f.useCard != nil {
			f.useCard()
		}
		msg = append(msg, words.F("newgame.card.loaded", map[string]any{"N": lines}))
	}
	f.cardMsg.SetText(strings.Join(msg, "\n"))
	if f.changed != nil {
		f.changed()
	}
}

// startGame deals the game set up in f.
func (a *App) startGame(f *newGameForm) {
	r, err := rules.Get(f.rules)
	if err == nil {
		_, err = rules.ResolveOptions(r, f.values)
	}
	if err != nil {
		dialog.ShowError(err, a.win)
		return
	}
	a.fy.Preferences().SetString("last_rules", f.rules)
	t, err := a.tables.New(Setup{Rules: f.rules, Options: f.values, Card: f.card, Levels: f.levels,
		Name: a.PlayerName(), Pace: a.Pace(), SavePath: a.SavePath()})
	if err != nil {
		dialog.ShowError(err, a.win)
		return
	}
	a.openTable(t)
}
