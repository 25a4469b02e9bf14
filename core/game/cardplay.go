package game

import (
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// This file holds play with card calls and jokers (Setup.CardCalls,
// Setup.Jokers; american AM-5, AM-6) and dead hands (rules.DeadHands,
// AM-9): calls that expose 3 to 6 identical tiles, jokers included, a win
// after such a call, joker exchanges from any exposure, and the public
// feasibility test after every closed claim window, call and exchange.
// With card calls the eight flowers are one kind (AM-1.2): any flowers make
// a group of flowers, whose exposure has Tile 1f and counts each flower.

// sameKind returns the kind k counts as in groups: 1f for every flower
// with card calls, k itself otherwise.
func (s *State) sameKind(k tile.Kind) tile.Kind {
	if s.setup.CardCalls && k.IsBonus() {
		return tile.F1
	}
	return k
}

// naturals returns up to n of c's tiles of kind kind (as sameKind counts
// kinds), the lowest first.
func (s *State) naturals(c *tile.Counts, kind tile.Kind, n int) tile.Counts {
	var out tile.Counts
	for k := range tile.Kind(tile.Joker) {
		if s.sameKind(k) == kind {
			take := min(n, int(c[k]))
			out[k], n = uint8(take), n-take
		}
	}
	return out
}

// cardTurnActions lists the choices of the seat to play with card calls:
// a win (self-drawn after a draw, AM-8.2; on the called discard after a
// call, AM-5.5), joker exchanges (AM-6.3) and any discard, the drawn tile
// and jokers included (AM-5.2). There are no kongs to declare (AM-5.8).
func (s *State) cardTurnActions() []Action {
	seat := s.Turn
	var acts []Action
	switch s.how {
	case turnDraw:
		if k, _, ok := s.selfDrawWin(); ok {
			acts = append(acts, Act(ActSelfDraw, k))
		}
	case turnClaim:
		if k, ok := s.callWin(); ok {
			acts = append(acts, Act(ActMahjong, k))
		}
	}
	acts = append(acts, s.exchanges(seat)...)
	for _, k := range s.Players[seat].Concealed.Distinct() {
		acts = append(acts, Act(ActDiscard, k))
	}
	return acts
}

// calledTile returns the discard the seat to play has just called.
func (s *State) calledTile() tile.Kind {
	row := s.Players[s.lastDiscarder].Discards
	return row[len(row)-1].Tile
}

// callWin reports whether the seat to play, having called a discard to
// expose it, holds a winning hand: a win on that discard, paid by its
// discarder (AM-5.5, AM-14 #16). Every tile of the 14 values alike, so the
// winning tile named is a concealed natural, of the called kind if the seat
// holds one; a hand whose concealed tiles are all jokers is not offered,
// since a joker never wins on a discard (AM-6.4).
func (s *State) callWin() (tile.Kind, bool) {
	seat := s.Turn
	p := &s.Players[seat]
	w := s.calledTile()
	if nat := s.naturals(&p.Concealed, s.sameKind(w), 1); nat != (tile.Counts{}) {
		w = nat.Kinds()[0]
	} else {
		w = tile.None
		for _, k := range p.Concealed.Distinct() {
			if k != tile.Joker {
				w = k
				break
			}
		}
	}
	if w == tile.None {
		return tile.None, false
	}
	p.Concealed.Remove(w)
	ok := s.winValue(seat, w, s.lastDiscarder, 0).Valid
	p.Concealed.Add(w)
	return w, ok
}

// winAfterCall ends the hand with the seat to play winning after a call:
// the winning tile leaves its concealed tiles, as a discard would have come
// to them, and its discarder pays (AM-8.3).
func (s *State) winAfterCall(evs []Event, seat rules.Wind, k tile.Kind) []Event {
	s.Players[seat].Concealed.Remove(k)
	return s.endWin(evs, seat, k, s.lastDiscarder, 0)
}

// cardClaimOptions lists what seat may answer to the discard of k by from
// with card calls: nothing for a dead seat (AM-9.4) or a discarded joker
// (AM-6.4); a win if k completes its hand (AM-5.6); an expose call unless
// the wall is empty (AM-5.10) or the hot wall is in force (AM-5.9).
func (s *State) cardClaimOptions(seat, from rules.Wind, k tile.Kind, flags rules.Flag) []Action {
	acts := []Action{Act(ActPass, tile.None)}
	if s.Players[seat].Dead || (s.setup.Jokers && k == tile.Joker) {
		return acts
	}
	if s.canWinOn(seat, k, from, flags) {
		acts = append(acts, Act(ActMahjong, k))
	}
	if s.lastDiscard || (s.setup.HotWall && s.wall.InLastWall()) {
		return acts
	}
	return append(acts, s.calls(seat, k)...)
}

// calls lists seat's expose calls on the discard k: with L−1 concealed
// naturals of k's kind (the lowest flowers for a flower) and jokers, L from
// 3 to MaxExpose, never a pair or a single (AM-5.5), and none after which
// its hand would be dead (AM-9.2).
func (s *State) calls(seat rules.Wind, k tile.Kind) []Action {
	p := &s.Players[seat]
	kind := s.sameKind(k)
	nat := s.naturals(&p.Concealed, kind, s.setup.MaxExpose)
	n, j := nat.Total(), 0
	if s.setup.Jokers {
		j = int(p.Concealed[tile.Joker])
	}
	avail, jokers := s.pool()
	var acts []Action
	for size := 3; size <= s.setup.MaxExpose; size++ {
		for a := min(n, size-1); a >= 0 && size-1-a <= j; a-- {
			t := s.naturals(&p.Concealed, kind, a)
			after := avail
			for kk, c := range t {
				after[kk] -= c
			}
			t[tile.Joker] = uint8(size - 1 - a)
			if s.feasible(seat, after, jokers-(size-1-a), s.exposure(k, t)) {
				acts = append(acts, Action{Type: ActCall, Tile: k, Tiles: t})
			}
		}
	}
	return acts
}

// exposure returns the exposure that the discard k makes with the
// concealed tiles of a call.
func (s *State) exposure(k tile.Kind, tiles tile.Counts) hand.Meld {
	m := hand.Meld{Kind: hand.OfSize(tiles.Total() + 1), Tile: s.sameKind(k), Open: true, Jokers: tiles[tile.Joker]}
	if s.setup.CardCalls && k.IsBonus() {
		tiles.Add(k)
		for f := range m.Flowers {
			m.Flowers[f] = tiles[tile.F1+tile.Kind(f)]
		}
	}
	return m
}

// groupExposure reads an exposure written in notation (AM-5.5): 3 to 6
// tiles, naturals of one kind (any flowers, AM-1.2) and jokers, with at
// least one natural.
func (s *State) groupExposure(g tile.Group) (hand.Meld, bool) {
	if g.Kind != tile.Exposed || len(g.Tiles) < 3 || len(g.Tiles) > 6 {
		return hand.Meld{}, false
	}
	var c tile.Counts
	natural := tile.None
	for _, k := range g.Tiles {
		c.Add(k)
		if k == tile.Joker {
			continue
		}
		if natural != tile.None && s.sameKind(k) != s.sameKind(natural) {
			return hand.Meld{}, false
		}
		natural = k
	}
	if natural == tile.None {
		return hand.Meld{}, false
	}
	c.Remove(natural)
	return s.exposure(natural, c), true
}

// callMeld moves a call's concealed tiles out of p's hand and returns the
// exposure they make with the discard k.
func (s *State) callMeld(p *Player, k tile.Kind, tiles tile.Counts) hand.Meld {
	for t, n := range tiles {
		p.Concealed[t] -= n
	}
	return s.exposure(k, tiles)
}

// exchanges lists seat's joker exchanges: a natural of its concealed tiles
// for a joker of an exposure of that kind, any seat's (AM-6.3), one per
// seat and kind since the exposures of one seat and kind are alike to the
// rules; none after which its own hand would be dead (AM-9.2, as for calls).
func (s *State) exchanges(seat rules.Wind) []Action {
	if !s.setup.Jokers {
		return nil
	}
	c := &s.Players[seat].Concealed
	avail, jokers := s.pool()
	var acts []Action
	for x := range s.Players {
		var seen tile.Set
		for _, m := range s.Players[x].Melds {
			nat := s.naturals(c, m.Tile, 1)
			if m.Jokers == 0 || nat == (tile.Counts{}) || seen.Has(m.Tile) {
				continue
			}
			seen = seen.Add(m.Tile)
			k := nat.Kinds()[0]
			after := avail
			after[k]--
			if s.feasible(seat, after, jokers+1) {
				acts = append(acts, Action{Type: ActExchange, Tile: k, N: int8(x)})
			}
		}
	}
	return acts
}

// exchange swaps the natural a.Tile for a joker of seat a.N's exposure of
// that kind (AM-6.3); the seat's tile count does not change.
func (s *State) exchange(evs []Event, seat rules.Wind, a Action) []Event {
	owner := rules.Wind(a.N)
	melds := s.Players[owner].Melds
	kind := s.sameKind(a.Tile)
	i := 0
	for melds[i].Tile != kind || melds[i].Jokers == 0 {
		i++
	}
	melds[i].Jokers--
	if melds[i].Flowers != ([8]uint8{}) {
		melds[i].Flowers[a.Tile-tile.F1]++
	}
	p := &s.Players[seat]
	p.Concealed.Remove(a.Tile)
	p.Concealed.Add(tile.Joker)
	if s.drawn != tile.None && p.Concealed[s.drawn] == 0 {
		s.drawn = tile.None // the drawn tile went into the exposure
	}
	m := melds[i]
	m.Claimed, m.From = 0, 0 // the claim marks are the state's; records keep their form
	evs = append(evs, Event{Type: EvExchange, Seat: seat, From: owner, Tiles: []tile.Kind{a.Tile}, Meld: &m})
	return s.checkDead(evs)
}

// pool returns what AM-9.3 counts as still unseen: for each kind, its
// supply less its naturals in uncalled discards and in exposures (A_t),
// and the jokers neither discarded nor exposed (AJ).
func (s *State) pool() (tile.Counts, int) {
	avail := s.setup.Tiles
	jokers := int(avail[tile.Joker])
	avail[tile.Joker] = 0
	seen := func(k tile.Kind) {
		if k == tile.Joker {
			jokers--
		} else if avail[k] > 0 {
			avail[k]--
		}
	}
	for x := range s.Players {
		p := &s.Players[x]
		for _, d := range p.Discards {
			if !d.Claimed {
				seen(d.Tile)
			}
		}
		for _, m := range p.Melds {
			for _, k := range m.Tiles() {
				seen(k)
			}
		}
	}
	return avail, jokers
}

// feasible reports whether seat, with its exposures and extra ones, can
// still make a hand when avail and jokers are unseen (AM-9.3); always
// true for rulesets without dead hands.
func (s *State) feasible(seat rules.Wind, avail tile.Counts, jokers int, extra ...hand.Meld) bool {
	dh, ok := s.ruleset.(rules.DeadHands)
	if !ok {
		return true
	}
	var exposed [][]tile.Kind
	for _, ms := range [][]hand.Meld{s.Players[seat].Melds, extra} {
		for _, m := range ms {
			exposed = append(exposed, m.Tiles())
		}
	}
	return dh.Feasible(s.opts, exposed, avail, jokers)
}

// checkDead marks dead every live seat that can no longer make a hand
// from what is on the table (AM-9.2, AM-9.3).
func (s *State) checkDead(evs []Event) []Event {
	if _, ok := s.ruleset.(rules.DeadHands); !ok {
		return evs
	}
	avail, jokers := s.pool()
	for x := range s.Players {
		p := &s.Players[x]
		if !p.Dead && !s.feasible(rules.Wind(x), avail, jokers) {
			p.Dead = true
			evs = append(evs, Event{Type: EvDead, Seat: rules.Wind(x), From: rules.NoWind})
		}
	}
	return evs
}

// nextLive returns the first seat after from that is not dead (from
// itself last), or NoWind when all four are (AM-9.4).
func (s *State) nextLive(from rules.Wind) rules.Wind {
	for i := rules.Wind(1); i <= 4; i++ {
		if x := (from + i) % 4; !s.Players[x].Dead {
			return x
		}
	}
	return rules.NoWind
}
