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
