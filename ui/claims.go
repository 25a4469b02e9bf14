package ui

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/ui/tileview"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// ClaimButton is one offered action above the rack: its words, and the
// tiles it takes where they say more than words (a chow's run, an exposed
// combination, the tiles of a call).
type ClaimButton struct {
	widget.Button
	// Action is what the button plays.
	Action game.Action
	// content is drawn over the button (its tiles), or nil.
	content fyne.CanvasObject
}

// showClaims offers every legal action that is not a plain discard:
// discards are played from the rack, Charleston passes from tiles picked
// on the rack. Declarations that go with a discard are toggles.
func (s *TableScreen) showClaims() {
	v := s.snap.View
	s.claims.Objects = nil
	s.declares.Objects = nil
	decls := map[game.Declaration]bool{}
	if table.NothingToDecide(v) {
		s.claims.Refresh()
		s.declares.Refresh()
		return
	}
	var pass []fyne.CanvasObject // Pass comes last, after the claims
	for _, a := range v.Legal {
		switch {
		case a.Type == game.ActDiscard:
			if a.Declare != game.DeclNone {
				decls[a.Declare] = true
			}
		case a.Type == game.ActGive:
		case a.Type == game.ActPass || a.Type == game.ActContinue:
			pass = append(pass, s.claimRow(a))
		default:
			s.claims.Add(s.claimRow(a))
		}
	}
	s.claims.Objects = append(s.claims.Objects, pass...)
	if offered := claimActionsOf(v.Legal); len(offered) > 0 {
		names := make([]string, len(offered))
		for i, a := range offered {
			names[i] = spokenAction(a)
		}
		s.claimsSpoken = strings.Join(names, " · ")
	} else {
		s.claimsSpoken = ""
	}
	if give, ok := s.pickedGive(); ok {
		b := s.claimButton(give)
		b.Importance = widget.HighImportance
		b.Text = s.giveText(give.Tiles.Total())
		if c := s.snap.View.Charleston; c != nil && (c.Blind || c.Pass == 0) {
			// Picking is optional: the prompt stays, saying what the button does.
			s.claims.Add(widget.NewLabel(s.charlestonText()))
		}
		s.claims.Add(b)
	} else if s.giveOffered() {
		s.claims.Add(widget.NewLabel(s.charlestonText()))
	}
	if slices.ContainsFunc(v.Legal, func(a game.Action) bool { return a.Type == game.ActPropose }) {
		// The votes are numbers: the prompt says what they count (AM-4.7).
		s.claims.Objects = append([]fyne.CanvasObject{widget.NewLabel(words.T("charleston.propose"))}, s.claims.Objects...)
	}
	for _, d := range []game.Declaration{game.DeclServi, game.DeclCalling, game.DeclTing} {
		if !decls[d] {
			continue
		}
		c := widget.NewCheck(words.T("declare."+d.String()), nil)
		c.SetChecked(s.declare == d)
		c.OnChanged = func(on bool) {
			s.declare = game.DeclNone
			if on {
				s.declare = d
			}
		}
		s.declares.Add(c)
	}
	s.claims.Refresh()
	s.declares.Refresh()
}

// claimActionsOf are the legal actions offered as buttons.
func claimActionsOf(legal []game.Action) []game.Action {
	var out []game.Action
	for _, a := range legal {
		if a.Type != game.ActDiscard && a.Type != game.ActGive {
			out = append(out, a)
		}
	}
	return out
}

// charlestonText says which pass is asked for, how many tiles, and where
// they go: a pass of the Charleston (AM-4.2, AM-4.5), a blind one
// (AM-4.6), the mush (AM-4.3) or the courtesy pass's tiles (AM-4.7).
func (s *TableScreen) charlestonText() string {
	v := s.snap.View
	c := v.Charleston
	data := map[string]any{"Dir": passDirection(v)}
	switch {
	case c == nil:
		return words.F("charleston.pick", data)
	case v.Phase == game.PhaseMush:
		return words.T("charleston.mush")
	case c.Pass == 0:
		return words.N("charleston.courtesy", c.Count, data)
	case c.Blind:
		data["Pass"] = c.Pass
		return words.F("charleston.blind", data)
	}
	data["Pass"] = c.Pass
	return words.F("charleston.pick", data)
}

// charlestonStep says what the table is doing in the Charleston, for its
// header instead of whose turn it is (every seat answers at once,
// AM-4.1): "Charleston: pass 3 tiles right". It is "" outside the
// Charleston.
func charlestonStep(v *game.View) string {
	c := v.Charleston
	if c == nil {
		return ""
	}
	data := map[string]any{"Dir": passDirection(v), "Pass": c.Pass}
	switch {
	case v.Phase == game.PhaseMush:
		return words.T("charleston.step.mush")
	case v.Phase == game.PhaseVote:
		return words.T("charleston.step.vote")
	case v.Phase == game.PhaseCourtesy && c.Count > 0:
		return words.N("charleston.step.courtesy", c.Count, data)
	case v.Phase == game.PhaseCourtesy:
		return words.T("charleston.step.propose")
	case c.To == rules.NoWind: // a spectator: the pass, not its direction
		return words.F("charleston.step.number", data)
	case c.Blind:
		return words.F("charleston.step.blind", data)
	}
	return words.F("charleston.step.pass", data)
}

// giveText is the Charleston button's text for n picked tiles: "Pass 3
// tiles right"; with none picked, that a blind pass forwards the tiles
// received unseen (AM-4.6), or that nothing is passed.
func (s *TableScreen) giveText(n int) string {
	data := map[string]any{"Dir": passDirection(s.snap.View)}
	switch c := s.snap.View.Charleston; {
	case n > 0:
		return words.N("action.give.n", n, data)
	case c != nil && c.Blind:
		return words.F("action.give.unseen", data)
	}
	return words.T("action.give.none")
}

// passDirection says in words where the seat's Charleston tiles go:
// right (the next seat in turn), across or left (AM-4.2, AM-4.5, AM-4.7).
func passDirection(v *game.View) string {
	if v.Charleston == nil || v.Charleston.To == rules.NoWind {
		return ""
	}
	return words.T([...]string{"", "charleston.dir.right", "charleston.dir.across", "charleston.dir.left"}[(v.Charleston.To-v.Seat)&3])
}

// pickedGive returns the legal ActGive matching the picked tiles (none
// picked: a blind pass that forwards every tile unseen, when legal).
func (s *TableScreen) pickedGive() (game.Action, bool) {
	var c tile.Counts
	for _, i := range s.picked {
		if i < len(s.order) {
			c.Add(s.order[i])
		}
	}
	for _, a := range s.snap.View.Legal {
		if a.Type == game.ActGive && a.Tiles == c {
			return a, true
		}
	}
	return game.Action{}, false
}

// claimButton is a large button for a, with its tiles when it has some.
func (s *TableScreen) claimButton(a game.Action) *ClaimButton {
	b := &ClaimButton{Action: a}
	b.Text = actionLabel(a)
	b.OnTapped = func() { s.play(a) }
	// Mah-Jong and the claims are primary; passing is secondary.
	b.Importance = widget.HighImportance
	if a.Type == game.ActPass || a.Type == game.ActContinue {
		b.Importance = widget.MediumImportance
	}
	b.ExtendBaseWidget(b)
	return b
}

// SpokenName says the button's action in full: "Pung of Four of Bamboo",
// "Chow: Two of Bamboo, Three of Bamboo, Four of Bamboo", "Pass".
func (b *ClaimButton) SpokenName() string { return spokenAction(b.Action) }

// spokenAction is an action in words, its tiles named in full.
func spokenAction(a game.Action) string {
	if m, ok := a.Meld(); ok {
		return words.Meld(m)
	}
	if a.Type == game.ActPropose || a.Type == game.ActExchange {
		return actionLabel(a)
	}
	s := words.T("action." + a.Type.String())
	if ks := actionTiles(a); len(ks) > 0 {
		names := make([]string, len(ks))
		for i, k := range ks {
			names[i] = words.Tile(k)
		}
		s = words.Labelled(s, strings.Join(names, ", "))
	}
	return s
}

// claimHeight is a claim button's least height: a thumb's.
const claimHeight = 56

// MinSize keeps claim buttons large (at least 96 by 56, a thumb's
// target) and makes room for tiles.
func (b *ClaimButton) MinSize() fyne.Size {
	m := b.tight()
	return fyne.NewSize(max(m.Width, 96), max(m.Height, claimHeight))
}

// least is the narrowest the claim bar may draw the button where room is
// short (a phone): its words or tiles, and never below 72.
func (b *ClaimButton) least() float32 { return max(b.tight().Width, barLeast) }

// tight is the size of the button's words or tiles.
func (b *ClaimButton) tight() fyne.Size {
	m := b.Button.MinSize()
	if b.content != nil {
		m = m.Max(b.content.MinSize())
	}
	return m
}

// actionTiles are the tiles an action shows.
func actionTiles(a game.Action) []tile.Kind {
	switch a.Type {
	case game.ActChow:
		return []tile.Kind{a.Tile, a.Tile + 1, a.Tile + 2}
	case game.ActExpose, game.ActCall, game.ActGive:
		return a.Tiles.Kinds()
	case game.ActPass, game.ActStop, game.ActContinue, game.ActPropose, game.ActMahjong, game.ActSelfDraw:
		return nil
	}
	if a.Tile.Valid() {
		return []tile.Kind{a.Tile}
	}
	return nil
}

// actionLabel is an action's words with its tiles written by their corner
// indexes ("Chow 3|4|5|"), and its spoken name as the tiles' names.
func actionLabel(a game.Action) string {
	return actionText(a, func(ks []tile.Kind) string {
		s := ""
		for _, k := range ks {
			s += tileview.Index(k)
		}
		return s
	}, game.ActDiscard)
}

// actionText is an action's words with its tiles written by tiles; the
// tiles of a pung, a kong, an exchange (whose words name the tile) and of
// the types in also are left out.
func actionText(a game.Action, tiles func([]tile.Kind) string, also ...game.ActionType) string {
	label := words.T("action." + a.Type.String())
	switch a.Type {
	case game.ActPropose:
		label = words.F("action.propose", map[string]any{"N": a.N})
	case game.ActExchange:
		label = words.F("action.exchange", map[string]any{"Tile": words.Tile(a.Tile)})
	}
	if ks := actionTiles(a); len(ks) > 0 && !slices.Contains(append([]game.ActionType{game.ActExchange, game.ActPung, game.ActKong}, also...), a.Type) {
		label += " " + tiles(ks)
	}
	if a.Declare != game.DeclNone {
		label += " + " + words.T("declare."+a.Declare.String())
	}
	return label
}

// claimRow is the button of a; an action on tiles a player should see
// (a chow's run, an exposure, a call) shows them as tiles inside the button.
func (s *TableScreen) claimRow(a game.Action) fyne.CanvasObject {
	b := s.claimButton(a)
	if !slices.Contains([]game.ActionType{game.ActChow, game.ActExpose, game.ActCall}, a.Type) {
		return b
	}
	row := container.NewHBox()
	if a.Type != game.ActChow { // a chow's run speaks for itself
		row.Add(widget.NewLabelWithStyle(words.T("action."+a.Type.String()), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	}
	for _, k := range actionTiles(a) {
		t := tileview.NewTile(k, s.app.Style(), tileview.DiscardWidth)
		t.OnTapped = b.OnTapped
		row.Add(t)
	}
	b.Text = ""
	b.content = container.NewCenter(row)
	return container.NewStack(b, b.content)
}
