package sealedplay

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// The imagined arrangement gives every slot a tile, fresh slots
// included. Each tile of the deck is a chain of slots: its slot of the
// deck, then the fresh slot of each move that gave it on, linked by the
// move's permutation, which only its giver knows (a blind pass's and the
// mush's moves keep their order: see routed).
//
// solve labels every slot with a kind, or with wild: a tile of a kind
// seen nowhere in its chain. An arrangement is exactly a labelling in
// which every slot this party knows holds its kind, every move gives the
// labels of its slots on unchanged (as a multiset; one by one in a
// ranked move), no kind labels more slots of the deck than the set has
// tiles, and the tiles left fit the wild chains, never a joker in one
// that was given (a real one is opened by its receiver): the chains are
// then the moves' slots matched label to label.
//
// A chain labelled a kind seen nowhere in it may as well be wild (it
// takes a tile left instead), so solve looks only for labellings in
// which every chain of a kind meets a slot this party saw that kind in;
// the real tiles, relabelled so, make one: an arrangement always exists.
//
// Before it starts, a kind k stays only in the slots from which a chain
// can reach a slot seen k. It searches the labellings depth first. At
// every node it first narrows each slot's labels to those that can
// still be part of such a labelling, by necessary conditions only:
// every move must have a
// permutation under which each slot shares a label with the slot it
// goes to (it keeps the labels some such permutation supports); a kind
// whose copies all label slots of the deck labels no other slot of the
// deck; per kind k, the chains of k must be able to pass through every
// slot labelled only k, each slot once and each move as often as it has
// slots, with no more chains than the set has copies of k (a minimum
// flow with lower bounds over the slots and the moves: the condition a
// search in the gives' order met too late, when a kind's copies are all
// placed and must be routed through many gives); and in a ranked move
// whose tiles the engine splits between seats by the order of their
// kinds, a given slot keeps only kinds between those its neighbours
// surely hold. Then it tries the labelling that makes every slot with
// more than one label left wild. When that breaks a move (a slot surely
// holds a kind no slot across the move surely holds), it branches on a
// slot of that move that may take a kind it needs, with the fewest
// labels left, and tries each of its labels in turn, the kinds the move
// needs first, then wild; when the tiles left do not fit the wild
// chains (a ranked move's order), on a slot of a ranked move. Kinds meet
// where the flows of single kinds do not see it (two kinds bound through
// the one slot of a move that may hold either): a start ends after twice
// the nodes of the one before (64 first), the next branches first on the
// slots whose moves failed narrowing most (dom/wdeg), and every other
// start breaks ties between slots at random (a fixed seed per start).
//
// The search is complete: narrowing drops only labels that no such
// labelling gives the slot, the branching tries every label left, and a
// start's limit grows without end, so the first start whose limit
// exceeds the nodes of a full search below the root finds one, if
// earlier starts did not (only a ranked move's order is filled greedily,
// by fillRanked, in the labellings the search reaches). maxNodes stops
// it only against a bug: no Charleston recorded takes more than a few
// hundred nodes.

// wild is the label of a tile of a kind seen nowhere in its chain.
const wild = 63

// maxNodes bounds the nodes solve visits.
const maxNodes = 200000

// perms are the permutations of 1, 2 and 3 slots.
var perms = [4][][]int{1: {{0}}, 2: {{0, 1}, {1, 0}}, 3: {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}}

// labels is solve's search: every slot's labels left (a bit per kind,
// and wild), undone through trail.
type labels struct {
	t   *tracker
	dom []uint64
	// in is the move that made each slot (-1: a slot of the deck), out
	// the move that gave it on (-1: none).
	in, out []int
	trail   []undo
	// queue are the moves to narrow, queued; dirty the kinds whose
	// chains lost a slot or gained a required one.
	queue  []int
	queued []bool
	dirty  uint64
	nodes  int
	// limit ends the current start; weight counts, per move, the nodes
	// where narrowing it emptied a slot.
	limit  int
	weight []int
	// shuffle, after the first start, breaks the ties between slots.
	shuffle *rand.Rand
	flow    flowNet
	// ordered are the ranked moves whose given slots must hold kinds
	// that do not decrease (rankedMoves).
	ordered []bool
}

// errRestart ends a start of the search that reached its limit.
var errRestart = errors.New("sealedplay: start again")

// undo is a slot's labels before a change.
type undo struct {
	w   int
	dom uint64
}

// solve re-imagines every slot this party does not know after the
// Charleston has moved tiles (see above).
func (t *tracker) solve() error {
	s := &labels{t: t, dom: make([]uint64, len(t.ring)), in: make([]int, len(t.ring)), out: make([]int, len(t.ring)), queued: make([]bool, len(t.moves)), weight: make([]int, len(t.moves))}
	var present uint64
	for _, k := range t.known {
		if k != tile.None {
			present |= 1 << k
		}
	}
	for w := range t.ring {
		s.in[w], s.out[w] = -1, -1
		s.dom[w] = present | 1<<wild
		if k := t.known[w]; k != tile.None {
			s.dom[w] = 1 << k
		}
	}
	for i, m := range t.moves {
		for _, w := range m.from {
			s.out[w] = i
		}
		for _, f := range m.fresh {
			s.in[f] = i
		}
	}
	s.ordered = make([]bool, len(t.moves))
	for _, i := range t.rankedMoves() {
		s.ordered[i] = true
	}
	for v := present; v != 0; v &= v - 1 {
		s.reachable(tile.Kind(bits.TrailingZeros64(v)))
	}
	// A start that took a wrong turn early rarely recovers (the search's
	// cost is heavy-tailed): each start ends after twice the nodes of the
	// one before, and the next branches first where narrowing failed
	// most.
	var ok bool
	var err error
	for start, per := 0, 64; ; start, per = start+1, per*2 {
		s.back(0)
		for i := range t.moves {
			s.push(i)
		}
		s.dirty, s.limit = present, s.nodes+per
		s.shuffle = nil
		if start%2 == 1 {
			s.shuffle = rand.New(rand.NewPCG(uint64(start), 1))
		}
		if ok, err = s.search(); err != errRestart {
			break
		}
	}
	if err != nil {
		return err
	}
	if !ok {
		return errors.New("sealedplay: no arrangement of the unseen tiles agrees with the tiles seen")
	}
	return nil
}

// push queues move i to be narrowed.
func (s *labels) push(i int) {
	if i >= 0 && !s.queued[i] {
		s.queued[i] = true
		s.queue = append(s.queue, i)
	}
}

// set narrows slot w's labels to d (a subset), queueing its moves.
func (s *labels) set(w int, d uint64) {
	if s.dom[w] == d {
		return
	}
	s.trail = append(s.trail, undo{w, s.dom[w]})
	s.dirty |= s.dom[w] &^ d
	if d&(d-1) == 0 {
		s.dirty |= d
	}
	s.dirty &^= 1 << wild
	s.dom[w] = d
	s.push(s.in[w])
	s.push(s.out[w])
}

// back undoes the changes after the first n of the trail.
func (s *labels) back(n int) {
	for len(s.trail) > n {
		u := s.trail[len(s.trail)-1]
		s.dom[u.w] = u.dom
		s.trail = s.trail[:len(s.trail)-1]
	}
	for _, i := range s.queue {
		s.queued[i] = false
	}
	s.queue, s.dirty = s.queue[:0], 0
}

// search narrows, then tries the wild labelling, then branches; it
// reports whether it found an arrangement (set in the tracker's ring).
func (s *labels) search() (bool, error) {
	if s.nodes++; s.nodes > maxNodes {
		return false, errors.New("sealedplay: the search for an arrangement of the unseen tiles ran out")
	}
	if s.nodes > s.limit {
		return false, errRestart
	}
	if !s.narrow() {
		return false, nil
	}
	w, need, done := s.branch()
	if done || w < 0 {
		return done, nil
	}
	mark := len(s.trail)
	d := s.dom[w]
	order := []int{}
	for _, v := range []uint64{d & need, d & (1 << wild), d &^ need &^ (1 << wild)} {
		for v != 0 {
			order = append(order, bits.TrailingZeros64(v))
			v &= v - 1
		}
	}
	for _, v := range order {
		s.set(w, 1<<v)
		ok, err := s.search()
		if ok || err != nil {
			return ok, err
		}
		s.back(mark)
	}
	return false, nil
}

// reachable drops kind k from the slots no chain through a slot seen k
// can reach: a chain of k that meets no slot this party saw k in may as
// well be wild. Slots seen k reach themselves, so none is left empty.
func (s *labels) reachable(k tile.Kind) {
	t := s.t
	bit := uint64(1) << k
	reach := make([]bool, len(t.ring))
	var known []uint32
	for w, kw := range t.known {
		if kw == k {
			known = append(known, uint32(w))
		}
	}
	for _, forward := range []bool{true, false} {
		done := make([]bool, len(t.ring))
		todo := slices.Clone(known)
		for len(todo) > 0 {
			w := todo[len(todo)-1]
			todo = todo[:len(todo)-1]
			reach[w] = true
			i := s.in[w]
			if forward {
				i = s.out[w]
			}
			if i < 0 {
				continue
			}
			m := t.moves[i]
			from, next := m.fresh, m.from
			if forward {
				from, next = m.from, m.fresh
			}
			if m.ranked {
				j := slices.Index(from, w)
				next = next[j : j+1]
			}
			for _, v := range next {
				if s.dom[v]&bit != 0 && !done[v] {
					done[v] = true
					todo = append(todo, v)
				}
			}
		}
	}
	for w, r := range reach {
		if !r && s.dom[w]&bit != 0 {
			s.dom[w] &^= bit
		}
	}
}

// narrow drops labels until every move, the deck's counts and every
// dirty kind's chains allow each one left; false when a slot has none.
func (s *labels) narrow() bool {
	t := s.t
	for len(s.queue) > 0 || s.dirty != 0 {
		for len(s.queue) > 0 {
			i := s.queue[0]
			s.queue = s.queue[1:]
			s.queued[i] = false
			if !s.narrowMove(i) {
				s.weight[i]++
				return false
			}
		}
		var sure [tile.NumKinds]int
		for w := range t.n0 {
			if d := s.dom[w]; d&(d-1) == 0 && d != 1<<wild {
				sure[bits.TrailingZeros64(d)]++
			}
		}
		for w := range t.n0 {
			d := s.dom[w]
			if d&(d-1) == 0 {
				continue
			}
			for v := d &^ (1 << wild); v != 0; v &= v - 1 {
				k := bits.TrailingZeros64(v)
				if sure[k] >= int(t.setup.Tiles[k]) {
					d &^= 1 << k
				}
			}
			if d == 0 {
				return false
			}
			s.set(w, d)
		}
		for k := range tile.NumKinds {
			if sure[k] > int(t.setup.Tiles[k]) {
				return false
			}
		}
		if len(s.queue) > 0 {
			continue
		}
		for s.dirty != 0 && len(s.queue) == 0 {
			k := bits.TrailingZeros64(s.dirty)
			s.dirty &^= 1 << k
			if !s.routes(tile.Kind(k)) {
				return false
			}
		}
	}
	return true
}

// narrowMove keeps, in move i's slots, the labels some permutation of
// the move (its own order, if ranked) supports: each slot and the slot
// it goes to share them.
func (s *labels) narrowMove(i int) bool {
	m := s.t.moves[i]
	n := len(m.from)
	ps := perms[n]
	if m.ranked {
		ps = ps[:1]
	}
	var from, fresh [3]uint64
	for _, p := range ps {
		var both [3]uint64
		ok := true
		for j := range n {
			if both[j] = s.dom[m.from[p[j]]] & s.dom[m.fresh[j]]; both[j] == 0 {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		for j := range n {
			from[p[j]] |= both[j]
			fresh[j] |= both[j]
		}
	}
	if s.ordered[i] {
		// The tiles given in the order of their kinds: a slot's kinds
		// lie between those its neighbours surely hold.
		low := uint64(1)
		for j := range m.n {
			fresh[j] &^= (low - 1) &^ (1 << wild)
			if d := fresh[j] &^ (1 << wild); d != 0 && fresh[j]&(1<<wild) == 0 {
				low = max(low, d&-d)
			}
		}
		high := uint64(1) << (tile.NumKinds - 1)
		for j := m.n - 1; j >= 0; j-- {
			fresh[j] &^= ^(high<<1 - 1) &^ (1 << wild)
			if d := fresh[j]; d != 0 && d&(1<<wild) == 0 {
				high = min(high, uint64(1)<<(63-bits.LeadingZeros64(d)))
			}
		}
		for j := range n {
			from[j] &= fresh[j]
		}
	}
	for j := range n {
		if from[j] == 0 || fresh[j] == 0 {
			return false
		}
		s.set(int(m.from[j]), from[j])
		s.set(int(m.fresh[j]), fresh[j])
	}
	return true
}

// branch tries the labelling in which every slot with more than one
// label left is wild: done when that is an arrangement (then in the
// ring), else the slot to branch on (-1: none) and the kinds its move
// needs there.
func (s *labels) branch() (w int, need uint64, done bool) {
	t := s.t
	// label is slot w's label in that labelling (tile.None: wild).
	label := func(w uint32) tile.Kind {
		if d := s.dom[w]; d&(d-1) == 0 && d != 1<<wild {
			return tile.Kind(bits.TrailingZeros64(d))
		}
		return tile.None
	}
	pick, best := -1, 0
	// consider picks slot w, which its move needs one of kinds in, when
	// it has the fewest labels for the failures of its moves so far.
	consider := func(w uint32, kinds uint64) {
		c := bits.OnesCount64(s.dom[w])
		if c < 2 {
			return
		}
		c = c * 64 / (1 + s.fails(int(w))) * 1024
		if s.shuffle != nil {
			c += s.shuffle.IntN(1024) // ties in another order
		}
		if pick < 0 || c < best {
			pick, best, need = int(w), c, kinds
		}
	}
	broken := false
	for _, m := range t.moves {
		taken := [3]bool{}
		for j, f := range m.fresh {
			at := -1
			for i, w := range m.from {
				if !taken[i] && label(w) == label(f) && (!m.ranked || i == j) {
					at = i
					break
				}
			}
			if at < 0 {
				broken = true
				var kinds uint64
				for i, w := range m.from {
					if !taken[i] {
						kinds |= 1 << label(w) & (1<<wild - 1)
					}
				}
				kinds |= 1 << label(f) & (1<<wild - 1)
				for i := range m.from {
					for _, w := range []uint32{m.from[i], m.fresh[i]} {
						if s.dom[w]&kinds != 0 {
							consider(w, kinds) // where a kind it needs may go
						}
					}
				}
				at = slices.Index(taken[:], false)
			}
			taken[at] = true
		}
	}
	for w, d := range s.dom {
		if d&(1<<wild) == 0 {
			consider(uint32(w), 0) // no wild left to try
		}
	}
	if pick >= 0 || broken {
		return pick, need, false // pick < 0: broken by singletons, which narrowing forbids
	}
	if s.fill() {
		return -1, 0, true
	}
	// The tiles left did not fit: the chains of the ordered moves first.
	for i, m := range t.moves {
		if s.ordered[i] {
			s.weight[i]++
			for _, w := range m.from {
				consider(w, 0)
			}
		}
	}
	for w := range s.dom {
		if pick < 0 {
			consider(uint32(w), 0)
		}
	}
	return pick, 0, false
}

// fails returns how often narrowing failed in the moves of slot w.
func (s *labels) fails(w int) int {
	n := 0
	for _, i := range []int{s.in[w], s.out[w]} {
		if i >= 0 {
			n += s.weight[i]
		}
	}
	return n
}

// fill gives the wild chains of the labelling in which every slot with
// more than one label left is wild (which breaks no move) the tiles left
// and sets the ring; false when the tiles left do not fit them.
func (s *labels) fill() bool {
	t := s.t
	// The chains: every move's slots matched label to label.
	slot := make([]tile.Kind, len(t.ring))
	for w, d := range s.dom {
		slot[w] = tile.None
		if d&(d-1) == 0 && d != 1<<wild {
			slot[w] = tile.Kind(bits.TrailingZeros64(d))
		}
	}
	root := make([]int, len(t.ring))
	for w := range t.n0 {
		root[w] = w
	}
	for _, m := range t.moves {
		taken := [3]bool{}
		for j, f := range m.fresh {
			at := -1
			for i, w := range m.from {
				if !taken[i] && slot[w] == slot[f] && (!m.ranked || i == j) {
					at = i
					break
				}
			}
			taken[at] = true
			root[f] = root[m.from[at]]
		}
	}
	// A chain labelled a kind seen nowhere in it is wild: it takes a
	// tile left, never a joker if it was given.
	seen := make([]bool, t.n0)
	for w, k := range t.known {
		if k != tile.None {
			seen[root[w]] = true
		}
	}
	label := make([]tile.Kind, t.n0)
	left := t.setup.Tiles
	for r := range t.n0 {
		label[r] = tile.None
		if k := slot[r]; k != tile.None && seen[r] {
			label[r] = k
			if left[k] == 0 {
				return false
			}
			left[k]--
		}
	}
	ranked := t.rankedMoves()
	// The chains in ranked moves take their tiles first, in the order
	// of their kinds.
	set, ok := t.fillRanked(ranked, root, label, left)
	if !ok {
		return false
	}
	for _, r := range set {
		left[label[r]]--
	}
	given := make([]bool, t.n0)
	for _, m := range t.moves {
		for _, f := range m.fresh[:m.n] {
			given[root[f]] = true
		}
	}
	// Given chains first, each keeping its imagined tile when it can.
	for _, g := range []bool{true, false} {
		for r := range t.n0 {
			if label[r] != tile.None || given[r] != g {
				continue
			}
			k := t.ring[r]
			if left[k] == 0 || (g && k == tile.Joker) {
				k = tile.None
				for _, c := range left.Kinds() {
					if !g || c != tile.Joker {
						k = c
						break
					}
				}
				if k == tile.None {
					return false // no tile but a joker is left for a given chain
				}
			}
			label[r] = k
			left[k]--
		}
	}
	if _, _, ok := t.bounds(ranked, root, label, nil); !ok {
		return false
	}
	for w := range t.ring {
		t.ring[w] = label[root[w]]
	}
	return true
}

// routes reports whether the chains of kind k can pass through every
// slot labelled only k, each slot once, each move as often as it has
// slots and a ranked move in its order, with at most the set's copies
// of k: a minimum flow from the deck, through the slots that may hold k
// and the moves, to the slots no move gives on, with a lower bound of
// one into every slot labelled only k.
func (s *labels) routes(k tile.Kind) bool {
	t := s.t
	bit := uint64(1) << k
	required := 0
	for _, d := range s.dom {
		if d == bit {
			required++
		}
	}
	if required <= int(t.setup.Tiles[k]) {
		return true // never more chains than slots: the bound holds
	}
	const src, sink, ssrc, ssink = 0, 1, 2, 3
	slot := func(w uint32) int { return 4 + int(w) }
	hub := func(i int) int { return 4 + len(t.ring) + i }
	f := &s.flow
	f.reset(4 + len(t.ring) + len(t.moves))
	bal := f.bal
	// edge adds u→v, or, when v must hold k, its lower bound.
	edge := func(u, v int, w uint32) {
		if s.dom[w] == bit {
			bal[v]++
			bal[u]--
			return
		}
		f.add(u, v, 1)
	}
	for w := range t.n0 {
		if s.dom[w]&bit != 0 {
			edge(src, slot(uint32(w)), uint32(w))
		}
	}
	for i, m := range t.moves {
		for j, fr := range m.fresh {
			switch {
			case s.dom[fr]&bit == 0:
			case m.ranked && s.dom[m.from[j]]&bit != 0:
				edge(slot(m.from[j]), slot(fr), fr)
			case !m.ranked:
				edge(hub(i), slot(fr), fr)
			}
		}
		if !m.ranked {
			for _, w := range m.from {
				if s.dom[w]&bit != 0 {
					f.add(slot(w), hub(i), 1)
				}
			}
		}
	}
	for w := range t.ring {
		if s.dom[w]&bit != 0 && s.out[w] < 0 {
			f.add(slot(uint32(w)), sink, 1)
		}
	}
	back := f.add(sink, src, len(t.ring))
	need := 0
	for v, b := range bal {
		switch {
		case b > 0:
			f.add(ssrc, v, b)
			need += b
		case b < 0:
			f.add(v, ssink, -b)
		}
	}
	if f.max(ssrc, ssink) < need {
		return false
	}
	chains := f.cap[back^1]
	f.cap[back], f.cap[back^1] = 0, 0
	chains -= f.max(sink, src)
	return chains <= int(t.setup.Tiles[k])
}

// flowNet is a flow network of small integer capacities, kept between
// uses.
type flowNet struct {
	head, bal, seen []int
	next, to, cap   []int
	stamp           int
}

// reset empties the network and gives it n nodes.
func (f *flowNet) reset(n int) {
	f.head, f.bal, f.seen = resize(f.head, n, -1), resize(f.bal, n, 0), resize(f.seen, n, 0)
	f.next, f.to, f.cap = f.next[:0], f.to[:0], f.cap[:0]
}

// resize returns s with n elements, all v.
func resize(s []int, n, v int) []int {
	s = slices.Grow(s[:0], n)[:n]
	for i := range s {
		s[i] = v
	}
	return s
}

// add adds an edge u→v of capacity c and its reverse; it returns the
// edge's index (the reverse's is the index ^ 1).
func (f *flowNet) add(u, v, c int) int {
	e := len(f.to)
	f.to = append(f.to, v, u)
	f.cap = append(f.cap, c, 0)
	f.next = append(f.next, f.head[u], f.head[v])
	f.head[u], f.head[v] = e, e+1
	return e
}

// max pushes as much flow as it can from a to b, a unit per path found,
// and returns how much.
func (f *flowNet) max(a, b int) int {
	n := 0
	for {
		f.stamp++
		if !f.augment(a, b) {
			return n
		}
		n++
	}
}

// augment pushes a unit along a path from u to b with capacity left.
func (f *flowNet) augment(u, b int) bool {
	if u == b {
		return true
	}
	f.seen[u] = f.stamp
	for e := f.head[u]; e >= 0; e = f.next[e] {
		if v := f.to[e]; f.cap[e] > 0 && f.seen[v] != f.stamp && f.augment(v, b) {
			f.cap[e]--
			f.cap[e^1]++
			return true
		}
	}
	return false
}
