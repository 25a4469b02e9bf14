package game

import (
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// LegalActions returns what seat may do now; nil when seat has no decision
// to make. Whenever a decision is due, the seat that owes it has at least
// one legal action. The list is cached until the next action: do not
// change it (View gives a copy). LegalActions, View and Waiting may be
// called from several goroutines at once, but not while an action is
// applied.
func (s *State) LegalActions(seat rules.Wind) []Action {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.legalLocked(seat)
}

// legalLocked is LegalActions for a caller that holds s.mu: working the
// list out moves tiles for a moment, and the list is cached.
func (s *State) legalLocked(seat rules.Wind) []Action {
	if seat < rules.E || seat > rules.N {
		return nil
	}
	if !s.legalKnown[seat] {
		s.legal[seat] = s.computeLegal(seat)
		s.legalKnown[seat] = true
	}
	return s.legal[seat]
}

// computeLegal works out LegalActions; the result is cached until the next
// applied action.
func (s *State) computeLegal(seat rules.Wind) []Action {
	switch s.Phase {
	case PhaseTurn:
		if seat == s.Turn && s.setup.CardCalls {
			return s.cardTurnActions()
		}
		if seat == s.Turn {
			return s.turnActions()
		}
	case PhaseCharleston, PhaseMush, PhaseVote, PhaseCourtesy:
		return s.charlestonActions(seat)
	case PhaseClaim, PhaseRob, PhaseDuplicate:
		if s.answers[seat] == nil {
			return s.options[seat]
		}
	case PhaseExpose:
		if len(s.exposeQueue) > 0 && s.exposeQueue[0] == seat {
			return append([]Action{Act(ActPass, tile.None)}, s.roundExposures(seat)...)
		}
	case PhaseInvoke:
		if seat == s.Turn {
			acts := []Action{Act(ActPass, tile.None)}
			for _, k := range s.deadDiscards() {
				acts = append(acts, Act(ActInvoke, k))
			}
			return acts
		}
	}
	return nil
}

// Waiting returns the seats that owe a decision now.
func (s *State) Waiting() []rules.Wind {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []rules.Wind
	for seat := rules.E; seat <= rules.N; seat++ {
		if len(s.legalLocked(seat)) > 0 {
			out = append(out, seat)
		}
	}
	return out
}

// turnActions lists the seat to play's choices.
func (s *State) turnActions() []Action {
	seat := s.Turn
	p := &s.Players[seat]
	var acts []Action
	drew := s.how == turnDraw || s.how == turnKong || s.how == turnComp
	if drew {
		if k, _, ok := s.selfDrawWin(); ok {
			acts = append(acts, Act(ActSelfDraw, k))
		}
	}
	if p.Declared != DeclNone && s.drawn != tile.None && s.how != turnInvoke {
		// HK-5.4, FR-11.3, JL-7.5: a locked hand discards the drawn tile;
		// after TING, changes that keep the waits are still allowed (JL-D9).
		acts = append(acts, Act(ActDiscard, s.drawn))
		if p.Declared == DeclTing {
			acts = append(acts, s.frozenChanges(seat)...)
		}
		return acts
	}
	if drew {
		acts = append(acts, s.handChanges(seat)...)
	}
	var left discardSets
	for _, k := range p.Concealed.Distinct() {
		acts = append(acts, Act(ActDiscard, k))
		if s.how == turnInvoke || s.how == turnLoneInvke {
			continue
		}
		acts = s.declarations(acts, seat, k, &left)
	}
	return acts
}

// handChanges lists the kongs, exposures and extensions the seat to play
// may make after drawing.
func (s *State) handChanges(seat rules.Wind) []Action {
	p := &s.Players[seat]
	var acts []Action
	if s.kongAllowed() {
		for _, k := range p.Concealed.Distinct() {
			if p.Concealed[k] == 4 {
				acts = append(acts, Act(ActConcealedKong, k))
			}
		}
		for _, m := range p.Melds {
			if m.Kind != hand.Pung || !m.Open {
				continue
			}
			// HK-7.2, HK-D-8, FR-9.2, CL-8.3: only the tile drawn this turn;
			// JL-D4: any tile of the hand.
			if (s.setup.AddKongAnyTurn && p.Concealed[m.Tile] > 0) || (!s.setup.AddKongAnyTurn && s.drawn == m.Tile) {
				acts = append(acts, Act(ActAddKong, m.Tile))
			}
		}
	}
	if s.setup.Combinations {
		acts = append(acts, s.exposeActions(seat)...)
		if s.wall.TailLeft() > 0 {
			acts = append(acts, s.extendActions(seat)...)
		}
	}
	return acts
}

// kongAllowed reports whether a kong may be declared now: a replacement
// must exist, except in hill layouts where a kong on the last tile leads to
// a lone invocation (HK-8.1, FR-12.4).
func (s *State) kongAllowed() bool {
	return s.wall.TailLeft() > 0 || (s.setup.Wall.Layout == wall.Hill && s.setup.CelestialEmpire)
}

// selfDrawWin reports whether the seat to play may declare a self-drawn
// win, on which tile, and with which flags.
func (s *State) selfDrawWin() (tile.Kind, rules.Flag, bool) {
	seat := s.Turn
	p := &s.Players[seat]
	var flags rules.Flag
	switch {
	case s.setup.Compensation && (s.how == turnKong || s.how == turnComp):
		flags |= rules.Compensation // JL-6.1, JL-11 M6
	case s.how == turnKong && s.drawnFrom == FromTail:
		flags |= rules.KongReplacement // CL-12; CL-5.3: not a bonus tile's replacement
	}
	// CL-12, HK-S-25, FR-4.7: the last live tile itself, from the front or,
	// where the tail is live (the hill), from the tail; never a replacement
	// from the dead wall drawn after (or because of) the last live tile.
	if s.wall.LiveLeft() == 0 && (s.drawnFrom == FromFront || s.wall.TailIsLive()) {
		flags |= rules.LastTile
	}
	if s.setup.Heavenly && seat == rules.E && p.Discarded == 0 && s.how == turnDraw && s.firstGoAround {
		flags |= rules.Heavenly // CL-10.3, JL-9.5: the dealt tiles, before any kong
	}
	if !s.mayWin(seat) {
		return tile.None, 0, false
	}
	candidates := []tile.Kind{s.drawn}
	if s.drawn == tile.None { // the dealer's dealt 14 (HK-D-19, JL-9.5)
		candidates = p.Concealed.Distinct()
	}
	best, bestFlags, bestValue := tile.None, flags, -1
	try := func(k tile.Kind, f rules.Flag) {
		if !p.Concealed.Remove(k) {
			return
		}
		v := s.winValue(seat, k, rules.NoWind, f)
		p.Concealed.Add(k)
		if v.Valid && v.Value > bestValue {
			best, bestFlags, bestValue = k, f, v.Value
		}
	}
	for _, k := range candidates {
		try(k, flags)
	}
	if s.joker != tile.None && s.drawn == s.joker && p.Declared == DeclTing {
		try(s.drawn, flags|rules.JokerDrawn) // JL-8.4
	}
	return best, bestFlags, bestValue >= 0
}

// discardWaiter is a rules.Waiter that also gives, for a hand of 14
// effective tiles, the waits each concealed discard would leave, indexed by
// the discarded kind, in one go (jilin's TING offers, JL-7.2).
type discardWaiter interface {
	DiscardWaits(h rules.Hand, ctx rules.Context) [tile.NumStandard]tile.Set
}

// discardSets holds, for one turn, the waits each discard leaves, when the
// ruleset is a discardWaiter (ok); known once worked out.
type discardSets struct {
	known, ok bool
	w         [tile.NumStandard]tile.Set
}

// declarations appends to acts the discards of k with each declaration
// seat may make: servi at the end of his first turn and, where the
// ruleset has it, the calling hand or TING — on the first turn a ready
// player chooses between servi and the calling hand (HK-5.4, HK-OPT-9,
// FR-11.3, FR-11.4, JL-7.5). left caches the turn's discardSets.
func (s *State) declarations(acts []Action, seat rules.Wind, k tile.Kind, left *discardSets) []Action {
	p := &s.Players[seat]
	if p.Declared != DeclNone {
		return acts
	}
	servi := s.setup.Servi && p.Discarded == 0 && len(p.Melds) == 0 && s.how == turnDraw
	if !servi && !s.setup.CallingHand && !s.setup.Ting {
		return acts
	}
	if !left.known {
		left.known = true
		if dw, ok := s.ruleset.(discardWaiter); ok && !p.Dead {
			left.w, left.ok = dw.DiscardWaits(s.scoringHand(seat, tile.None), s.context(seat, rules.NoWind, 0)), true
		}
	}
	p.Concealed.Remove(k)
	var waits tile.Set
	if left.ok && k < tile.NumStandard {
		waits = left.w[k]
	} else {
		waits = s.waitsOf(seat, p)
	}
	ready := s.isReady(seat, waits)
	p.Concealed.Add(k)
	if !ready {
		return acts
	}
	if servi {
		acts = append(acts, Action{Type: ActDiscard, Tile: k, Declare: DeclServi})
	}
	switch {
	case s.setup.Ting:
		acts = append(acts, Action{Type: ActDiscard, Tile: k, Declare: DeclTing})
	case s.setup.CallingHand:
		acts = append(acts, Action{Type: ActDiscard, Tile: k, Declare: DeclCalling})
	}
	return acts
}

// isReady reports whether seat's 13 tiles, whose waits are waits, are one
// tile from a valid win on a tile that still exists. Regular shapes always
// win in rulesets without a Waiter; a Waiter's candidates are confirmed
// with Value.
func (s *State) isReady(seat rules.Wind, waits tile.Set) bool {
	_, special := s.ruleset.(rules.Waiter)
	for k := range tile.Kind(tile.NumKinds) {
		if !waits.Has(k) || s.holds(seat, k) >= 4 {
			continue
		}
		if !special || s.winValue(seat, k, rules.NoWind, 0).Valid {
			return true
		}
	}
	return false
}

// holds counts the tiles of kind k the seat holds, melds included.
func (s *State) holds(seat rules.Wind, k tile.Kind) int {
	p := &s.Players[seat]
	n := int(p.Concealed[k])
	for _, m := range p.Melds {
		for _, t := range m.Tiles() {
			if t == k {
				n++
			}
		}
	}
	return n
}

// claimOptions lists what seat may answer to the discard of k by from.
func (s *State) claimOptions(seat, from rules.Wind, k tile.Kind, flags rules.Flag) []Action {
	if s.setup.CardCalls {
		return s.cardClaimOptions(seat, from, k, flags)
	}
	p := &s.Players[seat]
	acts := []Action{Act(ActPass, tile.None)}
	if s.canWinOn(seat, k, from, flags) {
		acts = append(acts, Act(ActMahjong, k))
	}
	if s.lastDiscard || p.Declared != DeclNone {
		// CL-7.4, HK-D-18, FR-8.10; HK-5.4, FR-11.3: mahjong only.
		return acts
	}
	if p.Concealed[k] >= 2 {
		acts = append(acts, Act(ActPung, k))
	}
	if p.Concealed[k] == 3 && s.wall.LiveLeft() > 0 {
		acts = append(acts, Act(ActKong, k))
	}
	if s.setup.Chow && seat == from.Next() && k.IsDragon() && s.setup.ChowDragons {
		// JL-5.1: TCHE of the three dragons.
		c := p.Concealed
		c[k]++
		if c[tile.White] > 0 && c[tile.Green] > 0 && c[tile.Red] > 0 {
			acts = append(acts, Act(ActChow, tile.White))
		}
	}
	if s.setup.Chow && seat == from.Next() && k.IsSuited() {
		// CL-7.1d, HK-6.3, FR-8.4, JL-5.1: only the next player chows.
		n := k.Number()
		for start := max(1, n-2); start <= min(n, 7); start++ {
			first := k - tile.Kind(n-start)
			c := p.Concealed
			c[k]++
			if c[first] > 0 && c[first+1] > 0 && c[first+2] > 0 {
				acts = append(acts, Act(ActChow, first))
			}
		}
	}
	return acts
}

// robOptions lists what seat may answer to an added kong of k by from.
func (s *State) robOptions(seat, from rules.Wind, k tile.Kind) []Action {
	acts := []Action{Act(ActPass, tile.None)}
	if s.canWinOn(seat, k, from, rules.RobbingKong) {
		acts = append(acts, Act(ActMahjong, k))
	}
	return acts
}
