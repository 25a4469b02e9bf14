package ui

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/ui/tileview"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// showSheet shows the end-of-hand sheet when the hand is over, and the
// standings when the match is.
func (s *TableScreen) showSheet() {
	v := s.snap.View
	if v.Result == nil || v.Phase != game.PhaseEnd {
		s.sheet, s.next = nil, nil
		s.sheetBox.Objects = nil
		s.sheetBox.Hide()
		s.playArea.Show()
		return
	}
	s.sheet = s.sheetContent(v.Result)
	s.sheetBox.Objects = []fyne.CanvasObject{s.sheet}
	s.sheetBox.Show()
	s.playArea.Hide()
}

// sheetGuard is how long the sheet's Next button waits after the sheet
// appears (when animation is on).
const sheetGuard = 700 * time.Millisecond

// sheetContent is the end-of-hand sheet: the result, every hand revealed
// with its itemised score (rule id and translated name per line), the
// payments as arrows between players, the running totals, and one button
// to the next hand (or the standings at the end of the game).
func (s *TableScreen) sheetContent(r *game.Result) fyne.CanvasObject {
	in := s.snap.Info
	title := words.T("sheet.void")
	if r.Winner >= rules.E && r.Winner <= rules.N {
		key := "sheet.win_discard"
		if r.From == rules.NoWind {
			key = "sheet.win_self"
		}
		if s.playerAt(r.Winner) == s.player {
			key = strings.Replace(key, "win_", "you_win_", 1)
		}
		title = words.F(key, map[string]any{"Name": s.name(s.playerAt(r.Winner)), "From": s.name(s.playerAt(r.From)), "Tile": words.Tile(r.Tile)})
	}
	head := widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	head.Wrapping = fyne.TextWrapWord
	head.SizeName = theme.SizeNameSubHeadingText
	body := container.NewVBox(head)
	if l := auditLine(in); l != nil {
		body.Add(l)
	}
	if r.Void != "" {
		body.Add(widget.NewLabel(r.Void))
	}
	order := []rules.Wind{}
	if r.Winner >= rules.E && r.Winner <= rules.N {
		order = append(order, r.Winner)
	}
	for w := rules.E; w <= rules.N; w++ {
		if w != r.Winner {
			order = append(order, w)
		}
	}
	for _, w := range order {
		p := s.playerAt(w)
		body.Add(widget.NewSeparator())
		name := widget.NewLabelWithStyle(fmt.Sprintf("%s · %s", s.name(p), valueText(r.Values[w])), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		name.Wrapping = fyne.TextWrapWord
		body.Add(container.NewBorder(nil, nil, seatMark(w, s.winds, s.app.Style()), nil, name))
		body.Add(s.handTiles(r.Hands[w], r.Values[w], seatMelds(s.snap.View, w)))
		if len(r.Values[w].Items) > 0 {
			body.Add(scoreLines(r.Values[w].Items, func(rule string) { s.app.showGuide(in.Rules, rule) }))
		}
	}
	body.Add(widget.NewSeparator())
	body.Add(widget.NewLabelWithStyle(words.T("sheet.payments"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	pays := make([]string, len(r.Settlement.Transfers)) // one label: lines close together, as the score lines
	for i, t := range r.Settlement.Transfers {
		pays[i] = words.F("sheet.payment", map[string]any{"From": s.name(s.playerAt(t.From)), "To": s.name(s.playerAt(t.To)), "N": t.Amount})
	}
	if len(pays) == 0 {
		pays = append(pays, words.T("sheet.no_payments"))
	}
	body.Add(widget.NewLabel(strings.Join(pays, "\n")))
	if r.Settlement.Note != "" {
		n := widget.NewLabel(r.Settlement.Note)
		n.Wrapping = fyne.TextWrapWord
		body.Add(n)
	}
	next := widget.NewButton(words.T("sheet.next"), s.nextHand)
	next.Importance = widget.HighImportance
	s.next = next
	if in.Over {
		s.next = nil
		next = widget.NewButton(words.T("sheet.home"), s.app.ShowHome)
		body.Add(widget.NewLabelWithStyle(words.T("sheet.over"), fyne.TextAlignCenter, fyne.TextStyle{Bold: true}))
	} else if in.Ready[s.player] {
		next.Disable()
		next.SetText(words.T("sheet.waiting"))
	} else if s.app.fy.Preferences().BoolWithFallback(PrefAnimate, true) {
		// The button lies where the rack was: it waits a moment, so that
		// a tap meant for a tile as the hand ends does not skip the sheet.
		next.Disable()
		s.guard = time.AfterFunc(sheetGuard, func() { s.onUI(next.Enable) })
	}
	// The totals stay in sight with the button: no scrolling to find them.
	foot := container.NewVBox(s.totalsBar(r), next)
	return container.NewBorder(nil, container.New(&narrow{max: 760}, foot), nil, nil, container.NewVScroll(container.New(&narrow{max: 760}, body)))
}

// standings lists the players by running total, best first.
func standings(in table.Info, name func(int) string) fyne.CanvasObject {
	rows := container.NewVBox()
	for i, p := range byTotal(in.Balances) {
		rows.Add(container.NewBorder(nil, nil, widget.NewLabel(fmt.Sprintf("%d. %s", i+1, name(p))), widget.NewLabelWithStyle(total(in.Balances[p]), fyne.TextAlignTrailing, fyne.TextStyle{})))
	}
	return rows
}

// valueText is a hand's value: "32 points", "limit", "not a winning hand".
func valueText(v rules.Valuation) string {
	if !v.Valid {
		if v.Error != "" {
			return v.Error
		}
		return words.T("sheet.no_value")
	}
	s := words.F("sheet.value", map[string]any{"N": v.Value})
	if v.Limit {
		s += " · " + words.T("sheet.limit")
	}
	if v.Line != "" {
		s += " · " + v.Line
	}
	return s
}

// scoreLines lists score lines, one a line: rule id, translated name,
// what the line adds. With open, each rule id is a link that open is
// called with (the guide's paragraph on that rule).
func scoreLines(items []rules.Item, open func(rule string)) fyne.CanvasObject {
	if open == nil {
		lines := make([]string, len(items))
		for i, it := range items {
			lines[i] = fmt.Sprintf("%s   %s   %s", it.Rule, words.Score(it.Name), itemAmount(it))
		}
		l := widget.NewLabel(strings.Join(lines, "\n"))
		l.Wrapping = fyne.TextWrapWord
		return l
	}
	box := container.New(layout.NewCustomPaddedVBoxLayout(0))
	for _, it := range items {
		link := widget.NewHyperlink(it.Rule, nil)
		link.OnTapped = func() { open(it.Rule) }
		l := widget.NewLabel(words.Score(it.Name) + "   " + itemAmount(it))
		l.Wrapping = fyne.TextWrapWord
		box.Add(container.NewBorder(nil, nil, link, nil, l))
	}
	return box
}

// itemAmount writes what a score line adds: "+4", "×2", "= 500".
func itemAmount(it rules.Item) string {
	var parts []string
	if it.Points != 0 {
		parts = append(parts, fmt.Sprintf("+%d", it.Points))
	}
	if it.Doubles != 0 {
		parts = append(parts, fmt.Sprintf("×%d", 1<<it.Doubles))
	}
	if it.Value != 0 {
		parts = append(parts, fmt.Sprintf("= %d", it.Value))
	}
	if it.Bonus != 0 {
		parts = append(parts, fmt.Sprintf("+%d", it.Bonus))
	}
	return strings.Join(parts, " ")
}

// handTiles draws a hand written in notation, valued v: concealed tiles
// (a winning hand's in the sets and pairs its score read), then each group
// apart, the winning tile last; melds, the seat's melds in the order of
// its groups, turn each claimed tile on its side.
func (s *TableScreen) handTiles(notation string, v rules.Valuation, melds []game.Meld) fyne.CanvasObject {
	return handTiles(notation, v, s.app.Style(), melds...)
}

// handTiles draws a hand in notation valued v (see TableScreen.handTiles).
func handTiles(notation string, v rules.Valuation, st tileview.Style, melds ...game.Meld) fyne.CanvasObject {
	// The sets wrap onto a second line where the width is short (a
	// phone), each set whole; its tiles side by side.
	box := container.New(&flowLayout{})
	h, err := tile.ParseHand(notation)
	if err != nil {
		box.Add(widget.NewLabel(notation))
		return box
	}
	w := tileview.DiscardWidth
	set := func(ks []tile.Kind, marked tile.Kind) {
		row := container.New(layout.NewCustomPaddedHBoxLayout(1))
		for _, k := range ks {
			t := tileview.NewTile(k, st, w)
			if k == marked {
				t.Highlight, marked = true, tile.None
			}
			row.Add(t)
		}
		box.Add(row)
	}
	if sets, ok := v.Sets(h); ok {
		// A winning hand: its concealed tiles in the sets its score read,
		// the winning tile marked in its set.
		marked := h.Winning
		for _, ks := range sets {
			set(ks, marked)
			if slices.Contains(ks, marked) {
				marked = tile.None
			}
		}
		h.Winning = tile.None
	} else {
		for _, k := range h.Concealed {
			box.Add(tileview.NewTile(k, st, w))
		}
	}
	for i, g := range h.Groups {
		box.Add(exposedGroup(g, meldAt(melds, i), st, w))
	}
	if h.Winning != tile.None {
		box.Add(widget.NewLabel("+"))
		t := tileview.NewTile(h.Winning, st, w)
		t.Highlight = true
		box.Add(t)
	}
	for _, k := range h.Bonus {
		box.Add(tileview.NewTile(k, st, w*.8))
	}
	return box
}

// pressNext presses the sheet's Next hand button from the keyboard, when
// it is there and alive: a key pressed as the hand ends does not skip the
// sheet any more than a tap does.
func (s *TableScreen) pressNext() {
	if s.next != nil && !s.next.Disabled() {
		s.next.OnTapped()
	}
}

// nextHand says the person is ready for the next hand.
func (s *TableScreen) nextHand() {
	v := s.snap.View
	if v == nil || v.Phase != game.PhaseEnd || s.snap.Info.Over {
		return
	}
	s.submit(table.Intent{Player: s.player, Kind: table.IntentNextHand, Decision: v.StateID})
}
