package sealedplay

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/sealed"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// This file holds the Charleston and the courtesy pass (american AM-4):
// a give moves the giver's slots into fresh slots by a transfer (a
// verifiable shuffle of 2 or 3 slots) or a copy (one slot), which are
// then revealed to the receiver alone. Nobody but the giver can link a
// fresh slot to the slot it came from.

// charlestonPhase reports whether ph is a step of the Charleston, whose
// answers are all published once all are in.
func charlestonPhase(ph game.Phase) bool {
	switch ph {
	case game.PhaseCharleston, game.PhaseMush, game.PhaseVote, game.PhaseCourtesy:
		return true
	}
	return false
}

// The imagined arrangement gives every slot a tile, fresh slots
// included. Each tile of the deck is a chain of slots: its slot of the
// deck, then the fresh slot of each move that gave it on, linked by the
// move's permutation, which only its giver knows. solve links every move
// so that each chain holds at most one kind among the slots this party
// knows and no kind has more chains than the set has tiles, then gives
// every other chain a tile left over.

// maxSearch bounds the links solve tries, firstSearch those of its first
// start.
const (
	maxSearch   = 2000000
	firstSearch = 10000
)

// perms are the permutations of 1, 2 and 3 slots.
var perms = [4][][]int{1: {{0}}, 2: {{0, 1}, {1, 0}}, 3: {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}}

// solve re-imagines every slot this party does not know after the
// Charleston has moved tiles (see above); a chain that was given holds
// no joker unless this party saw one in it.
func (t *tracker) solve() error {
	root := make([]int, len(t.ring))
	label := make([]tile.Kind, t.n0)
	var used tile.Counts
	for w := range t.n0 {
		root[w], label[w] = w, t.known[w]
		if k := t.known[w]; k != tile.None {
			used[k]++
		}
	}
	// reach is, per slot, the kinds this party knows in it or in a slot
	// its tile may have been given into: a chain of a kind is tried first
	// in the fresh slot that leads to that kind.
	reach := make([]uint64, len(t.ring))
	for w, k := range t.known {
		if k != tile.None {
			reach[w] = 1 << k
		}
	}
	for i := len(t.moves) - 1; i >= 0; i-- {
		var u uint64
		for _, f := range t.moves[i].fresh {
			u |= reach[f]
		}
		for _, w := range t.moves[i].from {
			if t.known[w] == tile.None {
				reach[w] = u
			}
		}
	}
	// fits is, per slot, the kinds a chain there may hold: the kind this
	// party knows there, and one its tile can carry to a slot of that
	// kind through every move still to come (each move takes all its
	// slots on). A chain that could meet only slots of other kinds is
	// never linked there.
	fits := make([]uint64, len(t.ring))
	for w, k := range t.known {
		fits[w] = ^uint64(0)
		if k != tile.None {
			fits[w] = 1 << k
		}
	}
	for i := len(t.moves) - 1; i >= 0; i-- {
		m := t.moves[i]
		var u uint64
		for _, f := range m.fresh {
			u |= fits[f]
		}
		for j, w := range m.from {
			if m.ranked {
				fits[w] &= fits[m.fresh[j]]
			} else {
				fits[w] &= u
			}
		}
	}
	for w := range t.n0 {
		if k := t.known[w]; k != tile.None && fits[w]&(1<<k) == 0 {
			return fmt.Errorf("sealedplay: slot %d holds %v, which no move can carry to the tiles seen after it", w, k)
		}
	}
	// anc is, per move, the moves that made its sources, and theirs (a
	// bit set: a hand has at most 28 moves); by is the move that gave a
	// chain its kind (-1: a slot of the deck this party knows).
	anc := make([]uint64, len(t.moves))
	for i, m := range t.moves {
		for _, w := range m.from {
			if g := t.moveOf(w); g >= 0 {
				anc[i] |= anc[g] | 1<<g
			}
		}
	}
	by := make([]int, t.n0)
	for i := range by {
		by[i] = -1
	}
	// blame returns the moves that decided the chain r holds kind k: the
	// ancestors of move i, which routed r there, and the moves that gave
	// a chain k with their ancestors, which routed that chain into the
	// slot where its kind was seen.
	blame := func(i, r int, k tile.Kind) uint64 {
		c := anc[i]
		for x := range t.n0 {
			if b := by[x]; b >= 0 && (x == r || label[x] == k) {
				c |= anc[b] | 1<<b
			}
		}
		return c
	}
	ranked := t.rankedMoves()
	remaining := func() tile.Counts {
		left := t.setup.Tiles
		for k, n := range used {
			left[k] -= n
		}
		return left
	}
	var budget int
	const all = ^uint64(0)
	// undo takes back the kinds a move's links gave chains.
	undo := func(set []int) {
		for _, r := range set {
			used[label[r]]--
			label[r], by[r] = tile.None, -1
		}
	}
	// shuffle, after the first start, orders the links of the same score.
	var shuffle *rand.Rand
	// link links moves i… with conflict-directed backjumping: a failure
	// returns the moves whose links caused it, and a move not among them
	// tries no other links.
	var link func(i int) (bool, uint64)
	link = func(i int) (bool, uint64) {
		if i == len(t.moves) {
			// The chains in ranked moves take their tiles now: when no
			// tiles left fit, other links may.
			set, ok := t.fillRanked(ranked, root, label, remaining())
			for _, r := range set {
				if ok {
					used[label[r]]++
				} else {
					label[r] = tile.None
				}
			}
			return ok, all
		}
		if budget--; budget < 0 {
			return false, all
		}
		m := t.moves[i]
		tried := map[[3]int]bool{}
		score := func(p []int) int {
			n := 0
			for j, f := range m.fresh {
				if l := label[root[m.from[p[j]]]]; l != tile.None && reach[f]&(1<<l) != 0 {
					n += 2
				} else if l != tile.None && reach[f] != 0 {
					n--
				}
			}
			return n
		}
		order := slices.Clone(perms[len(m.from)])
		if m.ranked {
			order = order[:1] // the order is the public one
		}
		if shuffle != nil {
			shuffle.Shuffle(len(order), func(a, b int) { order[a], order[b] = order[b], order[a] })
		}
		slices.SortStableFunc(order, func(a, b []int) int { return score(b) - score(a) })
		// twins are the moves that gave the chains of this move's slots
		// their kinds, and their ancestors: a link skipped as the same as
		// one tried may put another chain of the same kind in a slot.
		var twins uint64
		for _, w := range m.from {
			if b := by[root[w]]; b >= 0 {
				twins |= anc[b] | 1<<b
			}
		}
		var conflict uint64
		for _, p := range order {
			// Links that put the same kinds in the same fresh slots are
			// the same, unless a ranked move before this one told the
			// chains apart.
			var key [3]int
			for j := range p {
				r := root[m.from[p[j]]]
				key[j] = int(label[r])
				if key[j] == int(tile.None) && t.rankedBefore(ranked, i, root, r) {
					key[j] = -1 - r
				}
			}
			if tried[key] {
				conflict |= twins
				continue // the same labels in the same fresh slots
			}
			tried[key] = true
			var set []int
			ok := true
			for j, f := range m.fresh {
				r := root[m.from[p[j]]]
				root[f] = r
				switch k := t.known[f]; {
				case label[r] != tile.None && fits[f]&(1<<label[r]) == 0:
					ok = false
					conflict |= blame(i, r, label[r])
				case k == tile.None || label[r] == k:
				case label[r] == tile.None && used[k] < t.setup.Tiles[k]:
					label[r], by[r] = k, i
					used[k]++
					set = append(set, r)
				default:
					ok = false
					conflict |= blame(i, r, k)
				}
				if !ok {
					break
				}
			}
			if ok {
				if c := t.disorder(ranked, i, root, label, by, anc); c != 0 {
					ok, conflict = false, conflict|c
				}
			}
			if ok {
				done, sub := link(i + 1)
				if done {
					return true, 0
				}
				if sub&(1<<i) == 0 && sub != all {
					undo(set)
					return false, sub // this move's links are not the cause
				}
				conflict |= sub
			}
			undo(set)
		}
		return false, conflict &^ (1 << i)
	}
	// A search that took a wrong turn early rarely recovers within its
	// budget (its cost is heavy-tailed): it starts again with twice the
	// budget, trying links of the same score in another order (a fixed
	// one per start), until maxSearch links were tried in all.
	done := false
	for start, spent, per := 0, 0, firstSearch; spent < maxSearch && !done; start, per = start+1, per*2 {
		budget = min(per, maxSearch-spent)
		if start > 0 {
			shuffle = rand.New(rand.NewPCG(uint64(start), 1))
		}
		b := budget
		done, _ = link(0)
		spent += b - max(budget, 0)
	}
	if !done {
		return errors.New("sealedplay: no arrangement of the unseen tiles agrees with the tiles seen")
	}
	given := make([]bool, t.n0)
	for _, m := range t.moves {
		for _, f := range m.fresh[:m.n] {
			given[root[f]] = true
		}
	}
	left := remaining()
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
					return errors.New("sealedplay: no tile but a joker is left for a given slot")
				}
			}
			label[r] = k
			left[k]--
		}
	}
	if _, _, ok := t.bounds(ranked, root, label, nil); !ok {
		return errors.New("sealedplay: no arrangement of the unseen tiles keeps a blind pass's or the mush's tiles in the order of their kinds")
	}
	for w := range t.ring {
		t.ring[w] = label[root[w]]
	}
	return nil
}

// rankedMoves returns the moves whose tiles the engine sends, by the
// order of their kinds, to more than one seat (a blind pass's packet
// split by a forward, the mush): their fresh slots must hold tiles of
// kinds that do not decrease, or the engine would give another seat
// another tile (see routed). A move whose tiles all go to one seat gives
// it the same tiles in any order.
func (t *tracker) rankedMoves() []int {
	var out []int
	for i, m := range t.moves {
		if m.ranked && slices.ContainsFunc(m.dest[:m.n], func(x rules.Wind) bool { return x != m.dest[0] }) {
			out = append(out, i)
		}
	}
	return out
}

// rankedBefore reports whether chain r lies among the tiles given in a
// ranked move before move i.
func (t *tracker) rankedBefore(ranked []int, i int, root []int, r int) bool {
	for _, g := range ranked {
		if g >= i {
			break
		}
		m := t.moves[g]
		if slices.ContainsFunc(m.fresh[:m.n], func(f uint32) bool { return root[f] == r }) {
			return true
		}
	}
	return false
}

// disorder returns, when the ranked moves up to move i cannot hold kinds
// that do not decrease along their given slots (see bounds; the tiles
// left are checked once every move is linked), the moves that may have
// caused it: those moves and their ancestors, which put the chains there,
// the moves that gave those chains their kinds and their ancestors, and
// move i; 0 when they can.
func (t *tracker) disorder(ranked []int, i int, root []int, label []tile.Kind, by []int, anc []uint64) uint64 {
	upto := ranked[:0:0]
	for _, g := range ranked {
		if g <= i {
			upto = append(upto, g)
		}
	}
	if _, _, ok := t.bounds(upto, root, label, nil); ok {
		return 0
	}
	c := anc[i] | 1<<i
	for _, g := range upto {
		c |= anc[g] | 1<<g
		m := t.moves[g]
		for _, f := range m.fresh[:m.n] {
			if b := by[root[f]]; b >= 0 {
				c |= anc[b] | 1<<b
			}
		}
	}
	return c
}

// bounds returns, for every chain without a kind in the given slots of
// the ranked moves, the lowest and the highest kind it may hold so that
// no ranked move's kinds decrease, through every ranked move it lies in;
// ok is false when the known kinds decrease, or a chain's bounds cross,
// or (left given) no tile left but a joker (they were given) lies
// between them.
func (t *tracker) bounds(ranked []int, root []int, label []tile.Kind, left *tile.Counts) (lo, hi map[int]tile.Kind, ok bool) {
	lo, hi = map[int]tile.Kind{}, map[int]tile.Kind{}
	for changed := true; changed; {
		changed = false
		for _, g := range ranked {
			m := t.moves[g]
			given := m.fresh[:m.n]
			run := tile.Kind(0)
			for _, f := range given {
				r := root[f]
				if k := label[r]; k != tile.None {
					if k < run {
						return nil, nil, false
					}
					run = k
					continue
				}
				if v, seen := lo[r]; !seen || v < run {
					lo[r], changed = run, true
				}
				run = lo[r]
			}
			run = tile.NumKinds - 1
			for j := len(given) - 1; j >= 0; j-- {
				r := root[given[j]]
				if k := label[r]; k != tile.None {
					run = k
					continue
				}
				if v, seen := hi[r]; !seen || v > run {
					hi[r], changed = run, true
				}
				run = hi[r]
			}
		}
	}
	for r, l := range lo {
		fits := l <= hi[r] && left == nil
		for k := l; k <= hi[r] && !fits; k++ {
			fits = k != tile.Joker && left[k] > 0
		}
		if !fits {
			return nil, nil, false
		}
	}
	return lo, hi, true
}

// fillRanked gives the chains in ranked moves that hold no known kind a
// tile left (never a joker: they were given) so that no ranked move's
// kinds decrease: the chain with the lowest upper bound first, the lowest
// kind that fits its bounds (which leaves the most to the others). It
// returns the chains it gave a tile, and whether every one got one.
func (t *tracker) fillRanked(ranked []int, root []int, label []tile.Kind, left tile.Counts) ([]int, bool) {
	var set []int
	for {
		lo, hi, ok := t.bounds(ranked, root, label, &left)
		if !ok || len(lo) == 0 {
			return set, ok
		}
		// The chains whose predecessors all have a tile first (all, in a
		// cycle), the one with the lowest upper bound among them.
		ready := map[int]bool{}
		for r := range lo {
			ready[r] = true
		}
		for _, g := range ranked {
			m := t.moves[g]
			for j, f := range m.fresh[:m.n] {
				for _, e := range m.fresh[:j] {
					if label[root[e]] == tile.None {
						ready[root[f]] = false
					}
				}
			}
		}
		pick := -1
		for r := range lo {
			better := pick < 0 || ready[r] && !ready[pick] ||
				ready[r] == ready[pick] && (hi[r] < hi[pick] || hi[r] == hi[pick] && r < pick)
			if better {
				pick = r
			}
		}
		k := lo[pick]
		for k == tile.Joker || left[k] == 0 {
			k++
		}
		label[pick] = k
		left[k]--
		set = append(set, pick)
	}
}

// moveOf returns the index of the move that made fresh slot w, or -1.
func (t *tracker) moveOf(w uint32) int {
	for i, m := range t.moves {
		if slices.Contains(m.fresh, w) {
			return i
		}
	}
	return -1
}

// giveCount returns how many slots seat moves in the step under way: 3
// in a pass (a blind one included) and the mush, the agreed count in the
// courtesy pass, 0 otherwise; free is set when the seat gives only some
// of them (a blind pass, the mush: see routed).
func (t *tracker) giveCount(seat rules.Wind) (n int, free bool) {
	v := t.st.View(seat).Charleston
	switch {
	case v == nil:
		return 0, false
	case t.st.Phase == game.PhaseMush || v.Blind:
		return 3, true
	case t.st.Phase == game.PhaseCharleston:
		return 3, false
	}
	return v.Count, false
}

// routed is how a move's fresh slots reach their holders. In a pass and
// the courtesy pass all go to the seat the give names, by a transfer
// whose order nobody but the giver knows. In a blind pass (AM-4.6) and
// the mush (AM-4.3) a seat gives 0 to 3 tiles, and the engine lays each
// seat's tiles, in the order of their kinds, into its packet or the pool,
// where the hand's seed (public) says which seat ends with each
// (game.PassRoutes, game.MushRoutes). So there a seat always moves 3 of
// its slots, listed in the order the engine lays them: the n it gives in
// the order of their kinds, then the ones it keeps, which come back to
// it; its action says n (Action.N) and nothing else, and its transfer
// keeps that order (sealed.ShuffleAs; the audit checks it), so everyone
// knows which fresh slot each slot went to. Once every seat has answered,
// each given slot goes straight to the seat that ends with it: a seat
// that forwards a tile blind never holds its slot, which is revealed to
// its final holder alone.
type routed struct {
	// dest is the seat that ends with each fresh slot: NoWind, in a blind
	// pass or the mush, until every seat has answered.
	dest []rules.Wind
	// step is the engine's decision id of the step (game.State.DecisionID).
	step uint64
	// n: the first n fresh slots hold the tiles given; the others the
	// tiles the giver keeps.
	n int
	// ranked: a blind pass's or the mush's move, whose fresh slot j holds
	// the tile of slot from[j], the tiles given in the order of their kinds.
	ranked bool
}

// give checks a seat's give, a transfer or a copy of slots it holds into
// the next fresh slots, and applies it with the tiles this party knows or
// imagines in them. What the seat gave is checked when a joker is found
// among them (its receiver opens it) and by the audit.
func (t *tracker) give(from uint32, seat rules.Wind, a game.Action, mv sealed.Move) error {
	if t.cfg.Seats[seat] != from {
		return cheat(from, "acts for seat %v, which holder %d plays", seat, t.cfg.Seats[seat])
	}
	n, free := 0, false
	if slices.Contains(t.st.Waiting(), seat) {
		n, free = t.giveCount(seat)
	}
	if a.Tile != tile.None || a.Tiles != (tile.Counts{}) || a.Declare != game.DeclNone || (a.N != 0 && !free) {
		return cheat(from, "a give shows its tiles; it names its slots only (and, in a blind pass or the mush, how many it gives)")
	}
	if a.N < 0 || int(a.N) > n {
		return cheat(from, "seat %v gives %d tiles; it gives 0 to %d now", seat, a.N, n)
	}
	var src, fresh []uint32
	var outs sealed.Deck
	switch {
	case mv.Transfer != nil && mv.Copy == nil:
		tr := mv.Transfer
		src, fresh, outs = tr.From, tr.To, tr.Deck
		if tr.Holder != from {
			return cheat(from, "a transfer by holder %d", tr.Holder)
		}
	case mv.Copy != nil && mv.Transfer == nil:
		c := mv.Copy
		src, fresh, outs = []uint32{c.From}, []uint32{c.To}, sealed.Deck{c.Ct}
	default:
		return cheat(from, "a move is one transfer or one copy")
	}
	if len(src) != n || (n == 1) != (mv.Copy != nil) {
		return cheat(from, "seat %v moves %d slots; it moves %d now, one by a copy, more by a transfer", seat, len(src), n)
	}
	in := make(sealed.Deck, len(src))
	for i, w := range src {
		if !t.hidden[seat][w] || slices.Contains(src[:i], w) {
			return cheat(from, "gives slot %d, which seat %v does not hold", w, seat)
		}
		in[i] = t.deck[w]
	}
	for i, f := range fresh {
		if int(f) != len(t.deck)+i {
			return cheat(from, "gives into slot %d; the next fresh slot is %d", f, len(t.deck)+i)
		}
	}
	var err error
	if mv.Copy != nil {
		err = sealed.VerifyCopy(t.cfg.Ctx, t.joint, in[0], *mv.Copy)
	} else {
		err = sealed.VerifyShuffle(t.cfg.Ctx, t.joint, in, *mv.Transfer)
	}
	if err != nil {
		return cheat(from, "bad proof: %v", err)
	}
	to := t.st.View(seat).Charleston.To
	m := move{seat: seat, to: to, from: slices.Clone(src), fresh: slices.Clone(fresh), routed: routed{step: t.st.DecisionID(), n: len(src), ranked: free}}
	if free {
		m.n = int(a.N)
	}
	for i := range fresh {
		t.grow(outs[i], t.ring[src[i]])
		switch {
		case i >= m.n:
			m.dest = append(m.dest, seat)
		case free:
			m.dest = append(m.dest, rules.NoWind)
		default:
			m.dest = append(m.dest, to)
		}
	}
	t.moves = append(t.moves, m)
	t.steps = append(t.steps, step{seat: seat, action: a, move: len(t.moves)})
	if free && slices.Equal(t.st.Waiting(), []rules.Wind{seat}) {
		t.route(m.step)
		if t.disordered() {
			// The tiles imagined in a give that is now split between
			// seats are not in the order of their kinds.
			if err := t.solve(); err != nil {
				return err
			}
		}
	}
	t.dirty = true
	return t.refresh()
}

// route sends the given slots of a blind pass's or the mush's moves (step
// id), once every seat has answered, to the seats that end with them.
func (t *tracker) route(id uint64) {
	var own [4]int
	for _, m := range t.moves {
		if m.step == id {
			own[m.seat] = m.n
		}
	}
	var dest [4][]rules.Wind
	if t.st.Phase == game.PhaseMush {
		dest = game.MushRoutes(t.st.Seed, own)
	} else {
		dest = game.PassRoutes(t.st.Seed, t.st.View(rules.E).Charleston.Pass, own)
	}
	for i, m := range t.moves {
		if m.step == id {
			copy(t.moves[i].dest, dest[m.seat])
		}
	}
}

// disordered reports whether a ranked move's imagined tiles decrease.
func (t *tracker) disordered() bool {
	for _, g := range t.rankedMoves() {
		m := t.moves[g]
		for j := 1; j < m.n; j++ {
			if t.ring[m.fresh[j]] < t.ring[m.fresh[j-1]] {
				return true
			}
		}
	}
	return false
}

// misrouted says what is wrong with a move once every tile is open: a
// fresh slot revealed to another holder than the seat's that ends with
// it, or, in a blind pass or the mush, tiles given out of the order of
// their kinds, which the engine followed (empty: nothing).
func (t *tracker) misrouted(m move) string {
	for i, f := range m.fresh {
		if want := t.cfg.Seats[m.dest[i]]; m.dest[i] == rules.NoWind || t.revealTo[f] != want {
			return fmt.Sprintf("slot %d (%v) was given to seat %v but was revealed to %s", f, t.known[f], m.dest[i], holderName(t.revealTo[f]))
		}
		if m.ranked && t.known[f] != t.known[m.from[i]] {
			return fmt.Sprintf("seat %v (holder %d) moved slot %d into slot %d, which holds another tile", m.seat, t.cfg.Seats[m.seat], m.from[i], f)
		}
		if i > 0 && i < m.n && m.ranked && t.known[f] < t.known[m.fresh[i-1]] {
			return fmt.Sprintf("seat %v (holder %d) gave slots %v out of the order of their kinds, which decides who ends with each (AM-4.6, AM-4.3)", m.seat, t.cfg.Seats[m.seat], m.fresh[:m.n])
		}
	}
	return ""
}

// engineAction returns the action the engine applies for a step: a
// concealed kong of the tile in its slots, a give of the tiles in its
// given slots, real or imagined.
func (t *tracker) engineAction(s step) game.Action {
	a := s.action
	if s.kong {
		a.Tile = t.ring[s.open[0]]
	}
	if s.move > 0 {
		m := t.moves[s.move-1]
		for _, w := range m.fresh[:m.n] {
			a.Tiles[t.ring[w]]++
		}
		a.N = 0
	}
	return a
}

// followMove moves a give's slots from the giver's hand to the seats
// that end with them (in a blind pass or the mush, the given ones once
// every seat has answered).
func (t *tracker) followMove(m move) {
	for _, w := range m.from {
		delete(t.hidden[m.seat], w)
	}
	for i, x := range m.dest {
		if x != rules.NoWind {
			t.hidden[x][m.fresh[i]] = true
			t.holder[m.fresh[i]] = x
		}
	}
}

// given reports whether fresh slot w holds a tile its seat gave (not one
// a blind pass or the mush gave back to its seat).
func (t *tracker) given(w uint32) bool {
	g := t.moveOf(w)
	return g >= 0 && slices.Index(t.moves[g].fresh, w) < t.moves[g].n
}

// followExchange moves a joker exchange's slots: the natural goes into
// the first exposure of its kind of seat N holding a joker, whose joker
// (the lowest slot) comes into the seat's hand (AM-6.3).
func (t *tracker) followExchange(seat rules.Wind, a game.Action, natural uint32) {
	owner := rules.Wind(a.N)
	same := func(k tile.Kind) bool { return k == a.Tile || (t.setup.CardCalls && k.IsBonus() && a.Tile.IsBonus()) }
	for i := range t.exposed[owner] {
		e := &t.exposed[owner][i]
		if !same(e.kind) {
			continue
		}
		for j, w := range e.slots {
			if t.known[w] == tile.Joker {
				e.slots[j] = natural
				t.hidden[seat][w] = true
				return
			}
		}
	}
}

// give returns the message of a seat's give: its slots of the tiles a
// gives, moved into the next fresh slots by a transfer or a copy; the
// action names no tile. In a blind pass and the mush it moves 3 slots,
// the tiles given first in the order of their kinds, then tiles kept,
// from slots drawn at random, and says how many it gives (see routed).
func (d *Device) give(m Msg, a game.Action) (Msg, error) {
	t := d.t
	need := a.Tiles
	held := make([]uint32, 0, len(t.hidden[m.Seat]))
	for w := range t.hidden[m.Seat] {
		held = append(held, w)
	}
	slices.Sort(held)
	var src, rest []uint32
	for _, w := range held {
		if k := t.known[w]; k != tile.None && need[k] > 0 {
			need[k]--
			src = append(src, w)
		} else {
			rest = append(rest, w)
		}
	}
	count, free := t.giveCount(m.Seat)
	if need != (tile.Counts{}) || len(src) == 0 && !free || len(src) > count || len(held) < count {
		return Msg{}, errors.New("sealedplay: the seat does not hold the tiles of " + a.String())
	}
	m.Action = game.Act(game.ActGive, tile.None)
	n := len(src)
	var pi []int // any order: the receiver takes them all
	if free {
		// The tiles given in the order of their kinds, then the ones
		// kept, each into the fresh slot of the same rank.
		m.Action.N = int8(n)
		for _, i := range rand.Perm(len(rest))[:count-n] {
			src = append(src, rest[i])
		}
		slices.SortStableFunc(src[:n], func(x, y uint32) int { return int(t.known[x]) - int(t.known[y]) })
		slices.Sort(src[n:])
		pi = []int{0, 1, 2}
	}
	next := uint32(len(t.deck))
	for x := rules.E; x < m.Seat; x++ {
		if slices.Contains(t.st.Waiting(), x) {
			c, _ := t.giveCount(x)
			next += uint32(c)
		}
	}
	in := make(sealed.Deck, len(src))
	fresh := make([]uint32, len(src))
	for i, w := range src {
		in[i], fresh[i] = t.deck[w], next+uint32(i)
	}
	if len(src) == 1 {
		c := sealed.ReEncrypt(t.cfg.Ctx, t.joint, src[0], fresh[0], in[0])
		m.Move = &sealed.Move{Copy: &c}
		return m, nil
	}
	s, err := sealed.ShuffleAs(t.cfg.Ctx, t.me, t.joint, in, src, fresh, pi)
	if err != nil {
		return Msg{}, err
	}
	m.Move = &sealed.Move{Transfer: &s}
	return m, nil
}
