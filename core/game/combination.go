package game

import (
	"slices"

	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// This file holds the engine's special combinations of honours (Setup.
// Combinations): exposing three different winds or dragons (JL-6.4, JL-7.4),
// extending an exposed combination with a compensation draw (JL-6.1,
// JL-6.4), and the TCHA window on a duplicate (JL-6.5).

// exposeActions lists the 3-tile combinations seat may expose from its
// concealed tiles: three different winds, or the three dragons (JL-6.4).
func (s *State) exposeActions(seat rules.Wind) []Action {
	c := &s.Players[seat].Concealed
	var acts []Action
	add := func(ks ...tile.Kind) {
		var t tile.Counts
		for _, k := range ks {
			if c[k] == 0 {
				return
			}
			t[k]++
		}
		acts = append(acts, Action{Type: ActExpose, Tile: tile.None, Tiles: t})
	}
	for skip := tile.East; skip <= tile.North; skip++ { // three of the four winds
		var ks []tile.Kind
		for k := tile.East; k <= tile.North; k++ {
			if k != skip {
				ks = append(ks, k)
			}
		}
		add(ks...)
	}
	add(tile.White, tile.Green, tile.Red)
	return acts
}

// extendActions lists the tiles seat may add to its exposed combinations
// (same class: winds to winds, dragons to dragons; never a claimed run of
// dragons, JL-5.6).
func (s *State) extendActions(seat rules.Wind) []Action {
	p := &s.Players[seat]
	var set tile.Set
	for _, m := range p.Melds {
		if m.Kind != hand.Combination {
			continue
		}
		for _, k := range p.Concealed.Distinct() {
			if k.IsHonor() && k.IsWind() == m.Tile.IsWind() {
				set = set.Add(k)
			}
		}
	}
	var acts []Action
	for _, k := range set.Kinds() {
		acts = append(acts, Act(ActExtend, k))
	}
	return acts
}

// frozenChanges lists the kongs, exposures and extensions a seat that has
// announced TING may still make: those after which its waits are not empty
// and are a subset of its winning set (JL-7.5, JL-D9).
func (s *State) frozenChanges(seat rules.Wind) []Action {
	var keep []Action
	for _, a := range s.handChanges(seat) {
		if s.keepsWaits(seat, a) {
			keep = append(keep, a)
		}
	}
	return keep
}

// keepsWaits reports whether a change leaves a TING seat's waits non-empty
// and within its winning set (JL-7.5); always true for other seats.
func (s *State) keepsWaits(seat rules.Wind, a Action) bool {
	p := &s.Players[seat]
	if p.Declared != DeclTing {
		return true
	}
	q := p.clone()
	applyChange(&q, a)
	if a.Type == ActExpose && s.drawn != tile.None && s.Phase == PhaseTurn {
		q.Concealed.Remove(s.drawn) // he then discards the drawn tile
	}
	w := s.waitsOf(seat, &q)
	return w != 0 && w&^p.waits == 0
}

// roundExposures lists a seat's exposures in PhaseExpose.
func (s *State) roundExposures(seat rules.Wind) []Action {
	var acts []Action
	for _, a := range s.exposeActions(seat) {
		if s.keepsWaits(seat, a) {
			acts = append(acts, a)
		}
	}
	return acts
}

// applyChange makes a kong, exposure or extension on a player's tiles
// (without its replacement draw).
func applyChange(p *Player, a Action) {
	p.Concealed, p.Melds = Changed(p.Concealed, p.Melds, a)
}

// Changed returns concealed tiles c and melds after the hand change a: a
// concealed kong, an added kong, an exposed combination (JL-6.4) or an
// extension of one (without the replacement draw). melds is not modified.
// Other actions leave the hand as it is. The AI plans with it.
func Changed(c tile.Counts, melds []hand.Meld, a Action) (tile.Counts, []hand.Meld) {
	switch a.Type {
	case ActConcealedKong:
		c[a.Tile] -= min(c[a.Tile], 4)
		return c, append(slices.Clip(melds), hand.Meld{Kind: hand.Kong, Tile: a.Tile})
	case ActExpose:
		for k, n := range a.Tiles {
			c[k] -= min(c[k], n)
		}
		return c, append(slices.Clip(melds), hand.NewCombination(a.Tiles.Kinds()))
	case ActAddKong, ActExtend:
		c.Remove(a.Tile)
		out := slices.Clone(melds)
		for i, m := range out {
			switch {
			case a.Type == ActAddKong && m.Kind == hand.Pung && m.Tile == a.Tile:
				out[i].Kind, out[i].Added = hand.Kong, true
				return c, out
			case a.Type == ActExtend && m.Kind == hand.Combination && a.Tile.IsHonor() && m.Tile.IsWind() == a.Tile.IsWind():
				out[i].Mix[a.Tile-tile.East]++
				return c, out
			}
		}
		return c, out
	}
	return c, melds
}

// expose applies an exposure, in the seat's turn or in PhaseExpose.
func (s *State) expose(evs []Event, seat rules.Wind, a Action) []Event {
	p := &s.Players[seat]
	applyChange(p, a)
	m := p.Melds[len(p.Melds)-1]
	evs = append(evs, Event{Type: EvExpose, Seat: seat, From: rules.NoWind, Meld: &m})
	if s.Phase == PhaseExpose {
		s.updateSeatWaits(seat)
	}
	return evs
}

// extend adds a tile to the seat's combination: when it makes a duplicate
// that an opponent could TCHA, the opponents answer first (JL-6.5);
// otherwise the tile is added and a compensation drawn (JL-6.1).
func (s *State) extend(evs []Event, seat rules.Wind, k tile.Kind) []Event {
	evs = append(evs, Event{Type: EvExtend, Seat: seat, From: rules.NoWind, Tiles: []tile.Kind{k}})
	open := false
	if s.combinationHas(seat, k) == 1 {
		open = s.uniform
		for x := seat.Next(); x != seat; x = x.Next() {
			q := &s.Players[x]
			s.options[x] = []Action{Act(ActPass, tile.None)}
			if q.Concealed[k] >= 2 && q.Declared != DeclTing {
				s.options[x] = append(s.options[x], Act(ActPung, k))
				open = true
			}
		}
	}
	if open {
		s.openWindow(PhaseDuplicate, seat, k)
		return evs
	}
	return s.completeExtend(evs, seat, k)
}

// combinationHas counts the tiles of k in the seat's combination of k's class.
func (s *State) combinationHas(seat rules.Wind, k tile.Kind) int {
	for _, m := range s.Players[seat].Melds {
		if m.Kind == hand.Combination && m.Tile.IsWind() == k.IsWind() {
			return int(m.Mix[k-tile.East])
		}
	}
	return 0
}

// completeExtend adds the tile and draws its compensation.
func (s *State) completeExtend(evs []Event, seat rules.Wind, k tile.Kind) []Event {
	applyChange(&s.Players[seat], Act(ActExtend, k))
	s.updateSeatWaits(seat)
	t, ok := s.wall.DrawTail()
	if !ok {
		return s.endVoid(evs, "no compensation tile is left")
	}
	s.Players[seat].Concealed.Add(t)
	s.Phase, s.Turn, s.drawn, s.drawnFrom, s.how = PhaseTurn, seat, t, FromTail, turnComp
	return append(evs, Event{Type: EvDraw, Seat: seat, From: rules.NoWind, Tiles: []tile.Kind{t}, Source: FromTail})
}

// takeDuplicate gives the duplicate to the seat that claimed it: he exposes
// a triple and discards; the adder's turn ends without a discard (JL-6.5,
// JL-D6).
func (s *State) takeDuplicate(evs []Event, claimer, adder rules.Wind, k tile.Kind) []Event {
	s.Players[adder].Concealed.Remove(k)
	s.updateSeatWaits(adder)
	p := &s.Players[claimer]
	p.Concealed[k] -= 2
	p.Called = true
	m := hand.Meld{Kind: hand.Pung, Tile: k, Open: true}
	p.Melds = append(p.Melds, m.WithClaim(k, int(adder-claimer))) // the event says where it came from
	s.firstGoAround = false
	evs = append(evs, Event{Type: EvClaim, Seat: claimer, From: adder, Tiles: []tile.Kind{k}, Meld: &m})
	s.Phase, s.Turn, s.drawn, s.how = PhaseTurn, claimer, tile.None, turnClaim
	return evs
}

// startExposeRound opens the exposures of the first TING (JL-7.4): every
// seat in turn from the one after the announcer, the announcer last, may
// expose 3-tile combinations; seats with none are skipped.
func (s *State) startExposeRound(from rules.Wind) bool {
	s.exposeQueue = s.exposeQueue[:0]
	for i := 1; i <= 4; i++ {
		x := (from + rules.Wind(i)) % 4
		if s.uniform || len(s.roundExposures(x)) > 0 {
			s.exposeQueue = append(s.exposeQueue, x)
		}
	}
	if len(s.exposeQueue) == 0 {
		return false
	}
	s.Phase = PhaseExpose
	return true
}

// applyExposeRound handles an answer in PhaseExpose: a seat that exposed
// answers again while it has more to expose, or, in a uniform hand (where
// what it has is not public), until it passes.
func (s *State) applyExposeRound(evs []Event, seat rules.Wind, a Action) []Event {
	if a.Type == ActExpose {
		evs = s.expose(evs, seat, a)
		if s.uniform || len(s.roundExposures(seat)) > 0 {
			return evs
		}
	}
	s.exposeQueue = s.exposeQueue[1:]
	if len(s.exposeQueue) > 0 {
		return evs
	}
	return s.offerDiscard(evs, s.Turn, s.Pending)
}
