package game

import (
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// This file holds the Charleston (Setup.Charleston, AM-4): passes 1–6 with
// blind passes, the mush, the stop vote and the courtesy pass. Every step is
// a phase in which all four seats commit an answer, hidden; the tiles move
// only once all four have answered (AM-4.1), so no tile is ever in flight
// between two actions and every seat keeps 13 tiles, East 14.

// charleston is the state of the Charleston in progress.
type charleston struct {
	// pass is the pass being played, or the last one played (1–6).
	pass int
	// giving: the courtesy proposals are in and the tiles are due.
	giving bool
	// acts holds each seat's answer in the step; done marks who answered.
	acts [4]Action
	done [4]bool
	// count is, in the courtesy swap, how many tiles each seat gives.
	count [4]int
}

// passTo is the offset of the receiving seat in passes 1–6: right,
// across, left, then left, across, right (AM-4.2, AM-4.5).
var passTo = [7]rules.Wind{1: 1, 2: 2, 3: 3, 4: 3, 5: 2, 6: 1}

// passSize is the number of tiles of a Charleston pass.
const passSize = 3

// blindPass reports whether the pass being played allows blind passing:
// passes 3 and 6 with option blind_pass (AM-4.6).
func (s *State) blindPass() bool {
	return s.setup.Charleston.Blind && (s.ch.pass == 3 || s.ch.pass == 6)
}

// inCharleston reports whether the hand is in one of the Charleston's phases.
func (s *State) inCharleston() bool {
	switch s.Phase {
	case PhaseCharleston, PhaseMush, PhaseVote, PhaseCourtesy:
		return true
	}
	return false
}

// openStep starts a step in which every seat answers.
func (s *State) openStep(ph Phase) {
	s.Phase, s.windowID = ph, s.StateID
	s.ch.acts, s.ch.done = [4]Action{}, [4]bool{}
}

// startPass starts pass n (AM-4.2, AM-4.5).
func (s *State) startPass(n int) {
	s.ch.pass = n
	s.openStep(PhaseCharleston)
}

// charlestonActions lists a seat's answers in the step: the tiles it may
// give (never a joker, AM-4.1), its vote or its courtesy proposal.
func (s *State) charlestonActions(seat rules.Wind) []Action {
	if s.ch.done[seat] {
		return nil
	}
	c := &s.Players[seat].Concealed
	switch s.Phase {
	case PhaseCharleston:
		if s.blindPass() {
			return giveChoices(c, 0, passSize)
		}
		return giveChoices(c, passSize, passSize)
	case PhaseMush:
		return giveChoices(c, 0, passSize)
	case PhaseVote:
		return []Action{Act(ActContinue, tile.None), Act(ActStop, tile.None)}
	case PhaseCourtesy:
		if s.ch.giving {
			return giveChoices(c, s.ch.count[seat], s.ch.count[seat])
		}
		acts := make([]Action, 0, passSize+1)
		for n := range passSize + 1 {
			acts = append(acts, Action{Type: ActPropose, Tile: tile.None, N: int8(n)})
		}
		return acts
	}
	return nil
}

// giveChoices returns one ActGive for every distinct multiset of lo to hi
// non-joker tiles of c.
func giveChoices(c *tile.Counts, lo, hi int) []Action {
	kinds := c.Distinct()
	var acts []Action
	var pick tile.Counts
	var walk func(i, n int)
	walk = func(i, n int) {
		if n >= lo {
			acts = append(acts, Action{Type: ActGive, Tile: tile.None, Tiles: pick})
		}
		if n == hi {
			return
		}
		for j := i; j < len(kinds); j++ {
			k := kinds[j]
			if k == tile.Joker || pick[k] == c[k] {
				continue
			}
			pick[k]++
			walk(j, n+1)
			pick[k]--
		}
	}
	walk(0, 0)
	return acts
}

// applyCharleston records a seat's answer; once all four have answered,
// the step is resolved and the next one starts.
func (s *State) applyCharleston(evs []Event, seat rules.Wind, a Action) []Event {
	s.ch.acts[seat], s.ch.done[seat] = a, true
	if s.ch.done != [4]bool{true, true, true, true} {
		return evs
	}
	switch s.Phase {
	case PhaseCharleston:
		evs = s.resolvePass(evs, passTo[s.ch.pass], wall.Derive(s.Seed, "charleston", s.ch.pass))
		return s.afterPass(evs)
	case PhaseMush:
		evs = s.resolveMush(evs)
		return s.afterFirst(evs)
	case PhaseVote:
		for _, v := range s.ch.acts {
			if v.Type == ActStop {
				return s.courtesy(evs) // AM-4.4: one stop is enough (AM-14 #7)
			}
		}
		s.startPass(4)
		return evs
	}
	return s.applyCourtesy(evs)
}

// afterPass moves on after a pass: the next pass, the mush and the vote
// after pass 3, the courtesy pass after pass 6.
func (s *State) afterPass(evs []Event) []Event {
	switch s.ch.pass {
	case 3:
		if s.setup.Charleston.Mush {
			s.openStep(PhaseMush) // AM-4.3: right after pass 3
			return evs
		}
		return s.afterFirst(evs)
	case 6:
		return s.courtesy(evs)
	}
	s.startPass(s.ch.pass + 1)
	return evs
}

// afterFirst follows the first Charleston: the stop vote, or the courtesy
// pass when there is no second Charleston (AM-4.4).
func (s *State) afterFirst(evs []Event) []Event {
	if s.setup.Charleston.Second {
		s.openStep(PhaseVote)
		return evs
	}
	return s.courtesy(evs)
}

// courtesy starts the courtesy pass after the last Charleston played, or
// play when it is off (AM-4.7).
func (s *State) courtesy(evs []Event) []Event {
	if !s.setup.Charleston.Courtesy {
		s.startPlay()
		return evs
	}
	s.ch.giving = false
	s.openStep(PhaseCourtesy)
	return evs
}

// applyCourtesy resolves the courtesy proposals (n is the smaller of the
// pair's two, AM-14 #8), then the swap across.
func (s *State) applyCourtesy(evs []Event) []Event {
	if !s.ch.giving {
		swap := false
		for x := range s.ch.count {
			s.ch.count[x] = int(min(s.ch.acts[x].N, s.ch.acts[(x+2)%4].N))
			swap = swap || s.ch.count[x] > 0
		}
		if swap {
			s.ch.giving = true
			s.openStep(PhaseCourtesy)
			for x, n := range s.ch.count {
				s.ch.done[x] = n == 0 // a pair that swaps nothing has answered
			}
			return evs
		}
	} else {
		for x := range s.Players {
			for _, k := range s.ch.acts[x].Tiles.Kinds() {
				s.Players[x].Concealed.Remove(k)
			}
		}
		for x, n := range s.ch.count {
			if n > 0 {
				across := rules.Wind(x+2) % 4
				evs = s.receive(evs, rules.Wind(x), across, s.ch.acts[across].Tiles.Kinds())
			}
		}
	}
	s.startPlay()
	return evs
}

// resolvePass moves the committed tiles of a pass to the seat `to` places
// on (AM-4.1). In a blind pass a seat that gave k < 3 own tiles links its
// other 3−k slots to distinct slots of its incoming packet, drawn with the
// seed: it keeps the k slots it did not link, and a kept slot's tile is
// found by following the links back to a slot holding an own tile (AM-4.6).
// The tiles forwarded blind never enter the forwarder's hand.
func (s *State) resolvePass(evs []Event, to rules.Wind, seed wall.Seed) []Event {
	var own [4][]tile.Kind
	var n [4]int
	for x := range own {
		own[x] = s.ch.acts[x].Tiles.Kinds()
		n[x] = len(own[x])
		for _, k := range own[x] {
			s.Players[x].Concealed.Remove(k)
		}
	}
	packets := passPackets(seed, n)
	for x := range own {
		from := (rules.Wind(x) - to + 4) % 4
		var got []tile.Kind
		for _, i := range packets.kept(rules.Wind(x)) {
			if y, j, ok := packets.follow(to, from, i); ok {
				got = append(got, own[y][j])
			}
		}
		evs = s.receive(evs, rules.Wind(x), from, got)
	}
	return evs
}

// packets are the outgoing packets of a pass: seat x's first own[x] slots
// hold its tiles, in the order of their kinds; each other slot links to a
// slot of the packet coming to it.
type packets struct {
	own  [4]int
	link [4][passSize]int
}

// passPackets draws the links of a pass whose seats give own[x] tiles of
// their own (AM-4.6).
func passPackets(seed wall.Seed, own [4]int) packets {
	p := packets{own: own}
	r := wall.NewRand(seed)
	for x := range p.link {
		if own[x] < passSize {
			for i, t := range r.Perm(passSize)[:passSize-own[x]] {
				p.link[x][own[x]+i] = t
			}
		}
	}
	return p
}

// kept returns the slots of the packet coming to seat x that it did not
// link: the ones it keeps.
func (p *packets) kept(x rules.Wind) []int {
	var linked [passSize]bool
	for i := p.own[x]; i < passSize; i++ {
		linked[p.link[x][i]] = true
	}
	var out []int
	for i, l := range linked {
		if !l {
			out = append(out, i)
		}
	}
	return out
}

// follow returns the seat and own slot whose tile lies in slot i of
// from's packet, following the links back: each leads to the packet sent
// to the seat that made the link. A slot nobody linked heads a chain that
// ends on an own tile, so this ends within the 12 slots of a pass.
func (p *packets) follow(to, from rules.Wind, i int) (rules.Wind, int, bool) {
	for range 4 * passSize {
		if i < p.own[from] {
			return from, i, true
		}
		i, from = p.link[from][i], (from-to+4)%4
	}
	return rules.NoWind, 0, false
}

// PassRoutes returns, for pass n (1–6) of a hand of the given seed in
// which seat x gives own[x] tiles of its own, the seat that ends with each
// of them: PassRoutes(…)[x][j] receives seat x's tile j, its tiles taken
// in the order of their kinds. A tile forwarded blind goes on to the seat
// the links lead to (AM-4.6).
func PassRoutes(seed wall.Seed, n int, own [4]int) [4][]rules.Wind {
	var out [4][]rules.Wind
	if n < 1 || n >= len(passTo) {
		return out
	}
	to := passTo[n]
	p := passPackets(wall.Derive(seed, "charleston", n), own)
	for x := range out {
		out[x] = make([]rules.Wind, max(own[x], 0))
	}
	for x := range rules.Wind(4) {
		from := (x - to + 4) % 4
		for _, i := range p.kept(x) {
			if y, j, ok := p.follow(to, from, i); ok && j < len(out[y]) {
				out[y][j] = x
			}
		}
	}
	return out
}

// receive adds tiles to a seat's hand and tells it.
func (s *State) receive(evs []Event, seat, from rules.Wind, got []tile.Kind) []Event {
	for _, k := range got {
		s.Players[seat].Concealed.Add(k)
	}
	return append(evs, Event{Type: EvReceive, Seat: seat, From: from, Tiles: tile.Sorted(got)})
}

// resolveMush pools the tiles put in, shuffles them with the hand's seed,
// and lets each seat from East take back as many as it put in (AM-4.3).
func (s *State) resolveMush(evs []Event) []Event {
	var pool []tile.Kind
	var n [4]int
	for x := range s.Players {
		for _, k := range s.ch.acts[x].Tiles.Kinds() {
			s.Players[x].Concealed.Remove(k)
			pool = append(pool, k)
		}
		n[x] = s.ch.acts[x].Tiles.Total()
	}
	order := mushOrder(s.Seed, len(pool))
	for x := range s.Players {
		got := make([]tile.Kind, n[x])
		for i := range got {
			got[i] = pool[order[i]]
		}
		evs = s.receive(evs, rules.Wind(x), rules.NoWind, got)
		order = order[n[x]:]
	}
	return evs
}

// mushOrder returns the pool's places in the order the seats take them
// back: the pool of n tiles shuffled with the hand's seed.
func mushOrder(seed wall.Seed, n int) []int {
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	r := wall.NewRand(wall.Derive(seed, "mush", 0))
	r.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
	return order
}

// MushRoutes returns, for the mush of a hand of the given seed in which
// seat x puts in n[x] tiles, the seat that takes each back:
// MushRoutes(…)[x][j] takes seat x's tile j, its tiles taken in the order
// of their kinds (AM-4.3).
func MushRoutes(seed wall.Seed, n [4]int) [4][]rules.Wind {
	var out [4][]rules.Wind
	var owner []rules.Wind
	var index []int
	for x := range out {
		out[x] = make([]rules.Wind, max(n[x], 0))
		for j := range out[x] {
			owner, index = append(owner, rules.Wind(x)), append(index, j)
		}
	}
	order := mushOrder(seed, len(owner))
	for x := range rules.Wind(4) {
		for _, p := range order[:len(out[x])] {
			out[owner[p]][index[p]] = x
		}
		order = order[len(out[x]):]
	}
	return out
}

// CharlestonView is what a seat sees of the Charleston step it is in.
type CharlestonView struct {
	// Pass is the pass being played (1–6), 0 outside the passes.
	Pass int `json:"pass"`
	// To is the seat that receives this seat's tiles: the pass's direction,
	// or the seat across in the courtesy pass; NoWind otherwise.
	To rules.Wind `json:"to"`
	// Blind: fewer than 3 own tiles may go, the rest forwarded unseen (AM-4.6).
	Blind bool `json:"blind,omitempty"`
	// Count is how many courtesy tiles this seat gives, once agreed (AM-4.7).
	Count int `json:"count,omitempty"`
	// Given are the tiles this seat has committed in the step, still in its
	// hand until every seat has answered; no seat sees another's.
	Given tile.Counts `json:"given,omitzero"`
}

// charlestonView returns seat's view of the step (nil outside the
// Charleston; a spectator sees the step only).
func (s *State) charlestonView(seat rules.Wind) *CharlestonView {
	if !s.inCharleston() {
		return nil
	}
	v := &CharlestonView{To: rules.NoWind}
	if s.Phase == PhaseCharleston {
		v.Pass, v.Blind = s.ch.pass, s.blindPass()
	}
	if seat < rules.E || seat > rules.N {
		return v
	}
	switch s.Phase {
	case PhaseCharleston:
		v.To = (seat + passTo[s.ch.pass]) % 4
	case PhaseCourtesy:
		v.To = (seat + 2) % 4
		if s.ch.giving {
			v.Count = s.ch.count[seat]
		}
	}
	if s.ch.done[seat] {
		v.Given = s.ch.acts[seat].Tiles
	}
	return v
}
