package ui

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/ledger"
	"github.com/fourwinds-mahjong/fourwinds/core/score"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/ui/tileview"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// ShowScorer shows the scorer for games played with real tiles.
func (a *App) ShowScorer() {
	a.closeGame()
	sc := NewScorer(a)
	a.show(a.page(words.T("home.scorer"), sc.Content()))
}

// Target is where the scorer's next tapped tile goes.
type Target int

// The scorer's targets.
const (
	ToConcealed Target = iota // ToConcealed: the concealed tiles.
	ToExposed                 // ToExposed: the exposed meld being built.
	ToKong                    // ToKong: the concealed kong being built.
	ToBonus                   // ToBonus: the flowers and seasons.
	ToWinning                 // ToWinning: the winning tile.
)

// Scorer builds a hand by tapping tiles, sets its context and shows the
// itemised score and payments through rules.Score (the scorer `fourwinds
// score` uses), with a running four-player ledger.
type Scorer struct {
	app *App
	// Hand is the hand being built.
	Hand tile.Hand
	// open is the group being built (exposed meld or concealed kong).
	open   []tile.Kind
	target Target
	rules  rules.Ruleset
	ctx    rules.Context
	ledger *ledger.Ledger

	// palette offers the tiles the ruleset plays (showPalette).
	palette                    *fyne.Container
	handBox, result, ledgerBox *fyne.Container
	// guide tells the person what to tap next.
	guide *wordsLabel
	// scroll is the page's scroll, which drags on the palette's tiles
	// move (touch scrolling).
	scroll *container.Scroll
	// form holds the options' values and the american card file loaded.
	form *newGameForm
	// options are the ruleset's options (from its schema); joker the
	// shared joker, shown where the ruleset has one (jilin).
	options  *fyne.Container
	body     *fyne.Container
	joker    *widget.Select
	jokerRow *fyne.Container
	flagsBox *fyne.Container
	// contextBox holds the win's context: the winner's seat, the round and
	// dominant winds where the ruleset scores them (showContext), and
	// where the winning tile came from.
	contextBox                  *fyne.Container
	seat, round, dominant, from *widget.Select
	content                     fyne.CanvasObject
	// Valuation is the last score shown.
	Valuation rules.Valuation
	// Payments are the seats' nets shown for Valuation; Paid is false when
	// none are shown (no winning tile, or payments that depend on the
	// other hands).
	Payments [4]int
	Paid     bool
}

// NewScorer returns a scorer for the last ruleset used.
func NewScorer(a *App) *Scorer {
	s := &Scorer{app: a, target: ToConcealed}
	s.Hand.Winning = tile.None
	s.setRules(a.fy.Preferences().StringWithFallback("last_rules", rules.DefaultID))
	s.build()
	s.refresh()
	return s
}

// Content is the scorer's root object.
func (s *Scorer) Content() fyne.CanvasObject { return s.content }

func (s *Scorer) setRules(id string) {
	r, err := rules.Get(id)
	if err != nil {
		r, _ = rules.Get(rules.IDs()[0])
	}
	s.rules = r
	s.ctx = rules.Context{Options: rules.DefaultOptions(r), Seat: rules.E, Round: rules.E, Dominant: rules.E, From: rules.NoWind, Joker: tile.None}
	s.ledger = ledger.New(r, s.ctx.Options, [4]string{words.Wind(rules.E), words.Wind(rules.S), words.Wind(rules.W), words.Wind(rules.N)})
}

func (s *Scorer) build() {
	ids := rules.IDs()
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i], _ = words.Ruleset(id)
	}
	pick := widget.NewSelect(names, nil)
	for i, id := range ids {
		if id == s.rules.ID() {
			pick.SetSelectedIndex(i)
		}
	}
	pick.OnChanged = func(string) { s.SetRules(ids[pick.SelectedIndex()]) }
	targets := []string{words.T("scorer.concealed"), words.T("scorer.exposed"), words.T("scorer.kong"), words.T("scorer.bonus"), words.T("scorer.winning")}
	target := widget.NewSelect(targets, nil)
	target.SetSelectedIndex(0)
	target.OnChanged = func(string) {
		s.SetTarget(Target(target.SelectedIndex()))
		s.refresh()
	}
	s.palette = container.NewGridWrap(fyne.NewSize(pickWidth+2, pickWidth*4/3+2))
	windNames := []string{words.Wind(rules.E), words.Wind(rules.S), words.Wind(rules.W), words.Wind(rules.N)}
	seat := widget.NewSelect(windNames, func(string) {})
	seat.SetSelectedIndex(0)
	round := widget.NewSelect(windNames, nil)
	round.SetSelectedIndex(0)
	round.OnChanged = func(string) { s.ctx.Round = rules.Wind(round.SelectedIndex()); s.refresh() }
	dominant := widget.NewSelect(windNames, nil)
	dominant.SetSelectedIndex(0)
	dominant.OnChanged = func(string) { s.ctx.Dominant = rules.Wind(dominant.SelectedIndex()); s.refresh() }
	fromNames := append([]string{words.T("scorer.self_drawn")}, windNames...)
	from := widget.NewSelect(fromNames, nil)
	from.SetSelectedIndex(0)
	from.OnChanged = func(string) { s.ctx.From = rules.Wind(from.SelectedIndex() - 1); s.refresh() }
	seat.OnChanged = func(string) { s.ctx.Seat = rules.Wind(seat.SelectedIndex()); s.refresh() }
	s.flagsBox = container.NewVBox()

	clear := widget.NewButton(words.T("scorer.clear"), func() {
		s.Hand, s.open = tile.Hand{Winning: tile.None}, nil
		s.refresh()
	})
	newMeld := widget.NewButton(words.T("scorer.close_group"), func() { s.closeGroup(); s.refresh() })
	s.options = container.NewVBox()
	s.joker = widget.NewSelect(nil, nil)
	s.handBox = container.NewVBox()
	s.guide = wrapped("")
	s.result = container.NewVBox()
	s.ledgerBox = container.NewVBox()
	record := widget.NewButton(words.T("scorer.record"), s.record)
	undo := widget.NewButton(words.T("scorer.undo"), func() { s.ledger.Undo(); s.refresh() })
	kinds := []string{words.T("scorer.no_joker")}
	for k := tile.Kind(0); k < tile.NumStandard; k++ {
		kinds = append(kinds, words.Tile(k))
	}
	s.joker.Options = kinds
	s.joker.SetSelectedIndex(0)
	s.joker.OnChanged = func(string) {
		s.ctx.Joker = tile.None
		if i := s.joker.SelectedIndex(); i > 0 {
			s.ctx.Joker = tile.Kind(i - 1)
		}
		s.refresh()
	}
	s.jokerRow = container.NewBorder(nil, nil, widget.NewLabel(words.T("scorer.joker")), nil, s.joker)
	s.showOptions()
	s.showFlags()
	s.seat, s.round, s.dominant, s.from = seat, round, dominant, from
	s.contextBox = container.NewStack()
	s.showContext()
	s.body = container.NewVBox(pick,
		container.NewBorder(nil, nil, widget.NewLabel(words.T("scorer.add_to")), nil, target), s.palette, s.guide, s.handBox, container.NewHBox(newMeld, clear),
		widget.NewLabelWithStyle(words.T("scorer.context"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		s.contextBox, s.jokerRow, s.flagsBox,
		widget.NewAccordion(widget.NewAccordionItem(words.T("rules.options"), s.options)),
		widget.NewLabelWithStyle(words.T("scorer.score"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		s.result,
		widget.NewLabelWithStyle(words.T("scorer.ledger"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		container.NewHBox(record, undo), s.ledgerBox)
	s.scroll = container.NewVScroll(container.New(&narrow{max: 720}, s.body))
	s.content = s.scroll
}

// showContext offers the winds the ruleset's scoring reads: the seat's,
// the round's and the dominant wind where they count (rules.Setup); where
// winds do not count (american, jilin) the seat only says who won.
func (s *Scorer) showContext() {
	if s.contextBox == nil {
		return // still being built: the options' rows set their values
	}
	setup := s.rules.Setup(s.ctx.Options)
	seat := words.T("scorer.seat")
	if !setup.UsesWinds() {
		seat = words.T("scorer.winner")
	}
	form := widget.NewForm(widget.NewFormItem(seat, s.seat))
	if setup.RoundWind {
		form.Append(words.T("scorer.round"), s.round)
	}
	if setup.DominantWind {
		form.Append(words.T("scorer.dominant"), s.dominant)
	}
	form.Append(words.T("scorer.from"), s.from)
	s.contextBox.Objects = []fyne.CanvasObject{form}
	s.contextBox.Refresh()
}

// pickWidth is the width of the palette's and the hand's tiles: a finger's
// target (44 dp) on a phone.
const pickWidth = tileview.RackWidth

// showFlags offers the situations that matter to the ruleset's scoring
// (rules.ScoreFlagsOf), in their order.
func (s *Scorer) showFlags() {
	fs := rules.ScoreFlagsOf(s.rules)
	s.flagsBox.Objects = nil
	grid := container.NewGridWrap(fyne.NewSize(230, 40))
	for f := rules.Flag(1); f != 0; f <<= 1 {
		if !fs.Has(f) {
			continue
		}
		c := widget.NewCheck(words.T("flag."+f.Names()[0]), func(on bool) {
			if on {
				s.ctx.Flags |= f
			} else {
				s.ctx.Flags &^= f
			}
			s.refresh()
		})
		grid.Add(c)
	}
	s.flagsBox.Add(grid)
	s.flagsBox.Refresh()
}

// showOptions renders the ruleset's options from its schema; a change
// re-scores the hand.
func (s *Scorer) showOptions() {
	f := &newGameForm{rules: s.rules.ID(), values: map[string]string{}}
	f.changed = func() {
		r, err := rules.GetWithCard(f.rules, f.card)
		var o rules.Options
		if err == nil {
			o, err = rules.ResolveOptions(r, f.values)
		}
		if err != nil {
			s.result.Objects = []fyne.CanvasObject{widget.NewLabel(err.Error())}
			s.result.Refresh()
			return
		}
		s.rules, s.ctx.Options = r, o
		s.showContext()
		s.showPalette()
		s.refresh()
	}
	s.form = f
	s.options.Objects = s.app.optionRows(f)
	s.options.Refresh()
	s.jokerRow.Hidden = !s.rules.Setup(s.ctx.Options).SharedJoker
	s.showPalette()
}

// showPalette offers the tiles the ruleset plays with its options
// (rules.Setup's tile set): jokers only where it has them, flowers and
// seasons only where they are in play. The tiles are targets a finger
// hits (44 wide); a drag on them scrolls the page, as it would anywhere
// else.
func (s *Scorer) showPalette() {
	if s.palette == nil {
		return // still being built
	}
	in := s.rules.Setup(s.ctx.Options).Tiles
	s.palette.Objects = nil
	for k := tile.Kind(0); k < tile.NumKinds; k++ {
		if in[k] == 0 {
			continue
		}
		t := tileview.NewTile(k, s.app.Style(), pickWidth)
		t.OnTapped = func() { s.Tap(k) }
		t.OnDragged = func(e *fyne.DragEvent) { s.scroll.Dragged(e) }
		t.OnDragEnd = func() { s.scroll.DragEnd() }
		s.palette.Add(t)
	}
	s.palette.Refresh()
}

// Tap adds tile k where the scorer's target says. The tile that brings a
// hand with no winning tile to 14 becomes its winning tile (the last
// concealed tile tapped, when a meld brought it there), so that tapping a
// whole hand in any order scores it.
func (s *Scorer) Tap(k tile.Kind) {
	switch s.target {
	case ToConcealed:
		s.Hand.Concealed = append(s.Hand.Concealed, k)
	case ToExposed, ToKong:
		s.open = append(s.open, k)
		if s.autoClose() {
			s.closeGroup()
		}
	case ToBonus:
		s.Hand.Bonus = append(s.Hand.Bonus, k)
	case ToWinning:
		s.Hand.Winning = k
	}
	if n := len(s.Hand.Concealed); !s.Hand.HasWinning() && n > 0 && s.held() == 14 {
		s.Hand.Winning, s.Hand.Concealed = s.Hand.Concealed[n-1], s.Hand.Concealed[:n-1]
	}
	s.refresh()
}

// held counts the hand's tiles as its size is counted (a kong as 3; a
// card's groups tile by tile), the group being built included.
func (s *Scorer) held() int {
	h, _ := tile.ParseHand(s.Notation())
	return s.rules.Setup(s.ctx.Options).HandTiles(h)
}

// WinOn makes k, one of the concealed tiles, the winning tile; the winning
// tile before it goes back among the concealed tiles.
func (s *Scorer) WinOn(k tile.Kind) {
	i := slices.Index(s.Hand.Concealed, k)
	if i < 0 {
		return
	}
	s.Hand.Concealed = slices.Delete(s.Hand.Concealed, i, i+1)
	if s.Hand.HasWinning() {
		s.Hand.Concealed = append(s.Hand.Concealed, s.Hand.Winning)
	}
	s.Hand.Winning = k
	s.refresh()
}

// The parts of the hand a tap on the built hand takes out.
type handPart int

const (
	partConcealed handPart = iota // partConcealed is one concealed tile.
	partGroup                     // partGroup is a whole declared group.
	partOpen                      // partOpen is the group being built.
	partBonus                     // partBonus is one bonus tile.
	partWinning                   // partWinning is the winning tile.
)

// Remove takes out of the hand the part at index i of its kind: one
// concealed or bonus tile, a whole group (its tiles make sense only
// together), the group being built, or the winning tile.
func (s *Scorer) Remove(p handPart, i int) {
	h := &s.Hand
	switch {
	case p == partConcealed && i < len(h.Concealed):
		h.Concealed = slices.Delete(h.Concealed, i, i+1)
	case p == partGroup && i < len(h.Groups):
		h.Groups = slices.Delete(h.Groups, i, i+1)
	case p == partOpen:
		s.open = nil
	case p == partBonus && i < len(h.Bonus):
		h.Bonus = slices.Delete(h.Bonus, i, i+1)
	case p == partWinning:
		h.Winning = tile.None
	}
	s.refresh()
}

// SetTarget says where the next tiles go.
func (s *Scorer) SetTarget(t Target) {
	s.closeGroup()
	s.target = t
}

// SetContext sets the winning context (seat, round, dominant, from, flags).
func (s *Scorer) SetContext(seat, round, dominant, from rules.Wind, flags rules.Flag) {
	s.ctx.Seat, s.ctx.Round, s.ctx.Dominant, s.ctx.From, s.ctx.Flags = seat, round, dominant, from, flags
	s.refresh()
}

// SetRules switches the scorer to ruleset id and clears the ledger.
func (s *Scorer) SetRules(id string) {
	s.setRules(id)
	s.showOptions()
	s.showFlags()
	s.showContext()
	s.refresh()
}

// autoClose reports whether the group being built is complete: a kong, or
// three tiles that are not a pung in the making. Where groups may be
// longer than a kong or mixed (rules.Setup.LongGroups), they end with the
// close-group button or a new target.
func (s *Scorer) autoClose() bool {
	if s.rules.Setup(s.ctx.Options).LongGroups() {
		return false
	}
	return len(s.open) == 4 || s.target == ToExposed && len(s.open) == 3 && !sameKind(s.open)
}

// SetOptions sets the ruleset's options from KEY=VALUE assignments (the
// values the options form sets), defaults for the others.
func (s *Scorer) SetOptions(m map[string]string) error {
	o, err := rules.ResolveOptions(s.rules, m)
	if err != nil {
		return err
	}
	s.ctx.Options = o
	s.showContext()
	s.refresh()
	return nil
}

// SetJoker sets jilin's shared joker (tile.None: none).
func (s *Scorer) SetJoker(k tile.Kind) {
	s.joker.SetSelectedIndex(int(k) + 1) // None (-1) is the first choice
}

func sameKind(ks []tile.Kind) bool {
	for _, k := range ks {
		if k != ks[0] {
			return false
		}
	}
	return true
}

// closeGroup ends the group being built: a pung or chow becomes an exposed
// meld, four alike a kong (concealed when the target is the concealed kong).
func (s *Scorer) closeGroup() {
	if len(s.open) == 0 {
		return
	}
	g := tile.Group{Kind: tile.Exposed, Tiles: s.open}
	if s.target == ToKong {
		g.Kind = tile.ConcealedKong
	}
	s.Hand.Groups = append(s.Hand.Groups, g)
	s.open = nil
}

// Notation is the hand built, in the rules files' notation.
func (s *Scorer) Notation() string {
	h := s.Hand
	if len(s.open) > 0 {
		h.Groups = append(append([]tile.Group(nil), h.Groups...), tile.Group{Kind: tile.Exposed, Tiles: s.open})
	}
	return h.String()
}

// refresh shows the hand, its score and the ledger.
func (s *Scorer) refresh() {
	if s.body == nil {
		return // still being built
	}
	n := s.Notation()
	s.result.Objects = nil
	s.Paid = false
	s.Valuation = rules.Valuation{}
	held := s.held()
	s.guide.SetText(s.guideText(held))
	// A hand is scored once it is whole: 14 tiles with the winning one,
	// or 13 without (a hand that did not win, where losers score).
	if whole := s.Hand.HasWinning() && held == 14 || !s.Hand.HasWinning() && held == 13; whole && len(s.open) == 0 {
		s.showScore(n)
	}
	s.result.Refresh()
	s.handBox.Objects = []fyne.CanvasObject{s.builtHand()}
	if s.Hand.HasWinning() && len(s.Hand.Concealed) > 0 {
		s.handBox.Add(s.winningChoice())
	}
	s.handBox.Refresh()
	s.ledgerBox.Objects = nil
	tot := s.ledger.Totals()
	grid := container.NewGridWithColumns(4)
	for p := range 4 {
		grid.Add(widget.NewLabelWithStyle(s.ledger.Players[p], fyne.TextAlignCenter, fyne.TextStyle{Bold: true}))
	}
	for _, h := range s.ledger.Hands {
		for p := range 4 {
			grid.Add(widget.NewLabelWithStyle(payment(h.Net[p]), fyne.TextAlignCenter, fyne.TextStyle{}))
		}
	}
	for p := range 4 {
		grid.Add(widget.NewLabelWithStyle(total(tot[p]), fyne.TextAlignCenter, fyne.TextStyle{Bold: true}))
	}
	s.ledgerBox.Add(grid)
	s.ledgerBox.Refresh()
	s.body.Refresh() // the parts changed size
}

// guideText says what to tap next, for a hand of held tiles.
func (s *Scorer) guideText(held int) string {
	switch {
	case held == 0:
		return words.T("scorer.guide.start")
	case held > 14 || held == 14 && !s.Hand.HasWinning():
		return words.N("scorer.guide.too_many", held-14, nil)
	case held == 14:
		return words.T("scorer.guide.change")
	case held == 13 && !s.Hand.HasWinning():
		return words.T("scorer.guide.loser")
	}
	return words.N("scorer.guide.more", 14-held, nil)
}

// showScore scores the hand in notation n and shows its lines, value and
// payments, or why it does not score, in the player's words.
func (s *Scorer) showScore(n string) {
	if s.Hand.HasWinning() && s.ctx.From == s.ctx.Seat {
		s.result.Add(wrapped(words.T("scorer.from_self")))
		return
	}
	sh, err := score.Hand(s.rules, s.ctx.Options, n, s.ctx)
	v := sh.Valuation
	switch {
	case err != nil || !v.Valid:
		key := "scorer.not_winning"
		if !s.Hand.HasWinning() {
			key = "scorer.not_scored"
		}
		s.result.Add(wrapped(words.T(key)))
		return
	}
	s.Valuation = v
	if h, err := tile.ParseHand(n); err == nil && h.HasWinning() {
		s.result.Add(handTiles(n, v, s.app.Style()))
	}
	s.result.Add(scoreLines(v.Items, func(rule string) { s.app.showGuide(s.rules.ID(), rule) }))
	s.result.Add(widget.NewLabelWithStyle(valueText(v), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	if sh.Payments != nil {
		net := [4]int(*sh.Payments)
		s.Payments, s.Paid = net, true
		var parts []string
		for w := rules.E; w <= rules.N; w++ {
			parts = append(parts, words.Wind(w)+" "+payment(net[w]))
		}
		s.result.Add(widget.NewLabel(strings.Join(parts, " · ")))
	}
}

// builtHand draws the hand being built at a finger's size, each part
// taken out by a tap: the concealed tiles (sorted), each declared group
// (whole), the group being built, the winning tile set apart, the bonus
// tiles.
func (s *Scorer) builtHand() fyne.CanvasObject {
	box := container.New(&flowLayout{})
	st := s.app.Style()
	part := func(p handPart, i int, ks []tile.Kind, lead fyne.CanvasObject) {
		row := container.New(layout.NewCustomPaddedHBoxLayout(1))
		if lead != nil {
			row.Add(lead)
		}
		for _, k := range ks {
			t := tileview.NewTile(k, st, pickWidth)
			t.Highlight = p == partWinning
			t.OnTapped = func() { s.Remove(p, i) }
			row.Add(t)
		}
		box.Add(row)
	}
	concealed := slices.Clone(s.Hand.Concealed)
	slices.Sort(concealed)
	for _, k := range concealed {
		part(partConcealed, slices.Index(s.Hand.Concealed, k), []tile.Kind{k}, nil)
	}
	for i, g := range s.Hand.Groups {
		part(partGroup, i, g.Tiles, nil)
	}
	if len(s.open) > 0 {
		part(partOpen, 0, s.open, nil)
	}
	if s.Hand.HasWinning() {
		part(partWinning, 0, []tile.Kind{s.Hand.Winning}, widget.NewLabel("+"))
	}
	for i, k := range s.Hand.Bonus {
		part(partBonus, i, []tile.Kind{k}, nil)
	}
	return box
}

// winningChoice offers the hand's concealed kinds as the winning tile
// instead, one tap each.
func (s *Scorer) winningChoice() fyne.CanvasObject {
	box := container.New(&flowLayout{})
	box.Add(widget.NewLabel(words.T("scorer.win_on")))
	kinds := slices.Clone(s.Hand.Concealed)
	slices.Sort(kinds)
	for _, k := range slices.Compact(kinds) {
		if k == s.Hand.Winning {
			continue
		}
		t := tileview.NewTile(k, s.app.Style(), pickWidth)
		t.OnTapped = func() { s.WinOn(k) }
		box.Add(t)
	}
	return box
}

// record settles the scored winning hand into the ledger (the other
// players' hands count 0); players sit at their winds (player 1 East).
func (s *Scorer) record() {
	if !s.Valuation.Valid || !s.Hand.HasWinning() {
		return
	}
	in := rules.SettleInput{Options: s.ctx.Options, Winner: s.ctx.Seat, From: s.ctx.From, Flags: s.ctx.Flags}
	in.Values[s.ctx.Seat] = s.Valuation.Value
	if _, err := s.ledger.Settle(s.rules, [4]int{0, 1, 2, 3}, in); err != nil {
		s.result.Add(widget.NewLabel(err.Error()))
	}
	s.refresh()
}
