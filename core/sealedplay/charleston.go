package sealedplay

import (
	"errors"
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

// maxSearch bounds the links solve tries.
const maxSearch = 2000000

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
	// a chain k.
	blame := func(i, r int, k tile.Kind) uint64 {
		c := anc[i]
		for x := range t.n0 {
			if by[x] >= 0 && (x == r || label[x] == k) {
				c |= 1 << by[x]
			}
		}
		return c
	}
	budget := maxSearch
	const all = ^uint64(0)
	// link links moves i… with conflict-directed backjumping: a failure
	// returns the moves whose links caused it, and a move not among them
	// tries no other links.
	var link func(i int) (bool, uint64)
	link = func(i int) (bool, uint64) {
		if i == len(t.moves) {
			return true, 0
		}
		if budget--; budget < 0 {
			return false, all
		}
		m := t.moves[i]
		tried := map[[3]tile.Kind]bool{}
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
		slices.SortStableFunc(order, func(a, b []int) int { return score(b) - score(a) })
		var conflict uint64
		for _, p := range order {
			var key [3]tile.Kind
			for j := range p {
				key[j] = label[root[m.from[p[j]]]]
			}
			if tried[key] {
				continue // the same labels in the same fresh slots
			}
			tried[key] = true
			var set []int
			ok := true
			for j, f := range m.fresh {
				r := root[m.from[p[j]]]
				root[f] = r
				switch k := t.known[f]; {
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
				done, sub := link(i + 1)
				if done {
					return true, 0
				}
				if sub&(1<<i) == 0 && sub != all {
					for _, r := range set {
						used[label[r]]--
						label[r], by[r] = tile.None, -1
					}
					return false, sub // this move's links are not the cause
				}
				conflict |= sub
			}
			for _, r := range set {
				used[label[r]]--
				label[r], by[r] = tile.None, -1
			}
		}
		return false, conflict &^ (1 << i)
	}
	if done, _ := link(0); !done {
		return errors.New("sealedplay: no arrangement of the unseen tiles agrees with the tiles seen")
	}
	given := make([]bool, t.n0)
	for _, m := range t.moves {
		for _, w := range m.from {
			given[root[w]] = true
		}
	}
	left := t.setup.Tiles
	for k, n := range used {
		left[k] -= n
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
					return errors.New("sealedplay: no tile but a joker is left for a given slot")
				}
			}
			label[r] = k
			left[k]--
		}
	}
	for w := range t.ring {
		t.ring[w] = label[root[w]]
	}
	return nil
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

// giveCount returns how many tiles seat gives in the step under way: 3 in
// a pass, the agreed count in the courtesy pass, 0 otherwise.
func (t *tracker) giveCount(seat rules.Wind) int {
	v := t.st.View(seat).Charleston
	switch {
	case v == nil:
		return 0
	case t.st.Phase == game.PhaseCharleston:
		return 3
	}
	return v.Count
}

// give checks a seat's give, a transfer or a copy of slots it holds into
// the next fresh slots, and applies it with the tiles this party knows or
// imagines in them. What the seat gave is checked when a joker is found
// among them (its receiver opens it) and by the audit.
func (t *tracker) give(from uint32, seat rules.Wind, a game.Action, mv sealed.Move) error {
	if t.cfg.Seats[seat] != from {
		return cheat(from, "acts for seat %v, which holder %d plays", seat, t.cfg.Seats[seat])
	}
	if a.Tile != tile.None || a.Tiles != (tile.Counts{}) || a.N != 0 || a.Declare != game.DeclNone {
		return cheat(from, "a give shows its tiles; it names its slots only")
	}
	n := 0
	if slices.Contains(t.st.Waiting(), seat) {
		n = t.giveCount(seat)
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
		return cheat(from, "seat %v gives %d tiles; it gives %d now, one by a copy, more by a transfer", seat, len(src), n)
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
	for i := range fresh {
		t.grow(outs[i], t.ring[src[i]])
	}
	t.moves = append(t.moves, move{seat: seat, to: to, from: slices.Clone(src), fresh: slices.Clone(fresh)})
	t.steps = append(t.steps, step{seat: seat, action: a, move: len(t.moves)})
	t.dirty = true
	return t.refresh()
}

// engineAction returns the action the engine applies for a step: a
// concealed kong of the tile in its slots, a give of the tiles in its
// slots, real or imagined.
func (t *tracker) engineAction(s step) game.Action {
	a := s.action
	if s.kong {
		a.Tile = t.ring[s.open[0]]
	}
	if s.move > 0 {
		for _, w := range t.moves[s.move-1].from {
			a.Tiles[t.ring[w]]++
		}
	}
	return a
}

// followMove moves a give's slots from the giver's hand to the
// receiver's.
func (t *tracker) followMove(m move) {
	for _, w := range m.from {
		delete(t.hidden[m.seat], w)
	}
	for _, f := range m.fresh {
		t.hidden[m.to][f] = true
		t.holder[f] = m.to
	}
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
// action names no tile.
func (d *Device) give(m Msg, a game.Action) (Msg, error) {
	t := d.t
	need := a.Tiles
	held := make([]uint32, 0, len(t.hidden[m.Seat]))
	for w := range t.hidden[m.Seat] {
		held = append(held, w)
	}
	slices.Sort(held)
	var src []uint32
	for _, w := range held {
		if k := t.known[w]; k != tile.None && need[k] > 0 {
			need[k]--
			src = append(src, w)
		}
	}
	if need != (tile.Counts{}) || len(src) == 0 {
		return Msg{}, errors.New("sealedplay: the seat does not hold the tiles of " + a.String())
	}
	next := uint32(len(t.deck))
	for x := rules.E; x < m.Seat; x++ {
		if slices.Contains(t.st.Waiting(), x) {
			next += uint32(t.giveCount(x))
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
	} else {
		s, err := sealed.Shuffle(t.cfg.Ctx, t.me, t.joint, in, src, fresh)
		if err != nil {
			return Msg{}, err
		}
		m.Move = &sealed.Move{Transfer: &s}
	}
	m.Action = game.Act(game.ActGive, tile.None)
	return m, nil
}
