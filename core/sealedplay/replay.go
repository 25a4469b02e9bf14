package sealedplay

import (
	"errors"
	"fmt"
	"slices"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/sealed"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// playKong checks a concealed kong proven by three equality proofs over
// four slots the seat holds, and applies it with the kind this party
// knows there or imagines there.
func (t *tracker) playKong(from uint32, seat rules.Wind, slots []uint32, eqs []sealed.Equality) error {
	if t.cfg.Seats[seat] != from {
		return cheat(from, "acts for seat %v, which holder %d plays", seat, t.cfg.Seats[seat])
	}
	if len(slots) != 4 || len(eqs) != 3 {
		return cheat(from, "a concealed kong of %d slots with %d equality proofs; it needs 4 and 3", len(slots), len(eqs))
	}
	for i, w := range slots {
		if !t.hidden[seat][w] || slices.Contains(slots[:i], w) {
			return cheat(from, "a concealed kong of slot %d, which seat %v does not hold", w, seat)
		}
	}
	for i, q := range eqs {
		a, b := slots[0], slots[i+1]
		oa, okA := t.sharesOf(a, from)
		ob, okB := t.sharesOf(b, from)
		if q.Holder != from || q.A != a || q.B != b || !okA || !okB {
			return cheat(from, "equality proof %d is not of slots %d and %d by holder %d", i, a, b, from)
		}
		if err := sealed.VerifyEqual(t.cfg.Ctx, t.keys[from].X, t.deck[a], t.deck[b], oa, ob, q); err != nil {
			return cheat(from, "bad proof: %v", err)
		}
	}
	if k := t.known[slots[0]]; k == tile.None {
		t.groups = append(t.groups, slices.Clone(slots))
		if err := t.imagineKongs(tile.None); err != nil {
			return err
		}
		if err := t.refresh(); err != nil {
			return err
		}
	}
	a := game.Act(game.ActConcealedKong, t.ring[slots[0]])
	t.steps = append(t.steps, step{seat: seat, action: game.Act(game.ActConcealedKong, tile.None), open: slices.Clone(slots), kong: true})
	evs, err := t.apply(seat, a)
	if err != nil {
		t.steps = t.steps[:len(t.steps)-1]
		return cheat(from, "%v", err)
	}
	if err := t.absorb(evs); err != nil {
		return err
	}
	t.dirty = true
	return t.refresh()
}

// sharesOf returns every holder's share of slot w but skip's.
func (t *tracker) sharesOf(w, skip uint32) ([]*sealed.Point, bool) {
	var out []*sealed.Point
	for j := range uint32(t.holders()) {
		if j == skip {
			continue
		}
		d := t.shares[w][j]
		if d == nil {
			return nil, false
		}
		out = append(out, d)
	}
	return out, true
}

// rebuild deals the imagined arrangement and replays every step.
func (t *tracker) rebuild() error { return t.replay(false) }

// replay deals the arrangement t.ring and replays every step, checked by
// the engine when checked is set; a checked replay keeps the engine's
// events (t.events).
func (t *tracker) replay(checked bool) error {
	st, evs, err := game.NewHandOn(t.cfg.Hand, t.ring[:t.n0], t.cfg.Dice)
	if err != nil {
		return err
	}
	t.st, t.takes = st, nil
	t.holder = make([]rules.Wind, len(t.known))
	for i := range t.holder {
		t.holder[i] = rules.NoWind
	}
	for i := range t.hidden {
		t.hidden[i] = map[uint32]bool{}
	}
	t.rows, t.applied, t.exposed = [4][]uint32{}, 0, [4][]exposure{}
	t.indicators, t.returns = nil, 0
	t.events = nil
	if checked {
		t.events = evs
	}
	if err := t.absorb(evs); err != nil {
		return err
	}
	for _, s := range t.steps {
		evs := t.st.ApplyUnchecked
		if checked {
			evs = func(seat rules.Wind, a game.Action) []game.Event {
				out, e := t.st.Apply(seat, a)
				if e != nil && err == nil {
					err = fmt.Errorf("seat %v's %v was not legal: %v", seat, a, e)
				}
				t.events = append(t.events, out...)
				return out
			}
		}
		if e := t.absorb(evs(s.seat, t.engineAction(s))); e != nil {
			return e
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// absorb assigns the slots the engine took since the last call to the
// seats that took them (the deal by the deal style, then one per draw
// event; a joker indicator to none) and sets aside the slots of bonus
// tiles.
func (t *tracker) absorb(evs []game.Event) error {
	all := t.st.Wall().Taken()
	inds := t.st.Wall().Indicators()
	var draws []rules.Wind
	for _, e := range evs {
		if e.Type == game.EvDraw {
			draws = append(draws, e.Seat)
		}
	}
	for _, r := range all[len(t.takes):] {
		var seat rules.Wind
		if i := len(t.takes); slices.Contains(inds, i) {
			t.takes = append(t.takes, uint32(r))
			t.indicators = append(t.indicators, uint32(r))
			continue
		} else if i < wall.DealTiles {
			seat = rules.Wind(t.setup.Deal.Seat(i))
		} else {
			if len(draws) == 0 {
				return errors.New("sealedplay: the engine took a tile without a draw")
			}
			seat, draws = draws[0], draws[1:]
		}
		t.takes = append(t.takes, uint32(r))
		t.holder[r] = seat
		t.hidden[seat][uint32(r)] = true
	}
	for _, e := range evs {
		switch e.Type {
		case game.EvBonus:
			for w := range t.hidden[e.Seat] {
				if t.known[w] == e.Tiles[0] {
					delete(t.hidden[e.Seat], w)
					break
				}
			}
		case game.EvAction:
			t.follow(t.steps[t.applied])
			t.applied++
		case game.EvClaim:
			// A claimed discard leaves its row; a claimed duplicate of a
			// combination (JL-6.5) was in none.
			if n := len(t.rows[e.From]); n > t.unclaimed(e.From) {
				t.rows[e.From] = t.rows[e.From][:n-1]
			}
		case game.EvJokerReturned:
			t.returns++
		case game.EvInvoke:
			row := t.rows[e.From]
			for i := len(row) - 1; i >= 0; i-- {
				if w := row[i]; t.known[w] == e.Tiles[0] {
					t.rows[e.From], t.hidden[e.Seat][w] = slices.Delete(row, i, i+1), true
					break
				}
			}
		}
	}
	return nil
}

// follow moves a step's slots: a discard goes to the seat's row, the
// tiles of a meld leave the concealed hand, a give goes to the receiver,
// a joker exchange swaps a natural for a joker; a whole hand opened
// (Mah-Jong, an invocation) stays where it is.
func (t *tracker) follow(s step) {
	switch {
	case opensHand(s.action.Type):
		return
	case s.move > 0:
		t.followMove(t.moves[s.move-1])
		return
	}
	for _, w := range s.open {
		delete(t.hidden[s.seat], w)
	}
	switch s.action.Type {
	case game.ActDiscard:
		t.rows[s.seat] = append(t.rows[s.seat], s.open[0])
	case game.ActCall:
		t.exposed[s.seat] = append(t.exposed[s.seat], exposure{kind: s.action.Tile, slots: slices.Clone(s.open)})
	case game.ActExchange:
		t.followExchange(s.seat, s.action, s.open[0])
	}
}

// need returns the tiles an action must open, and whether it opens the
// whole concealed hand instead.
func (t *tracker) need(a game.Action) (tile.Counts, bool, error) {
	return needOf(a, t.st.Pending)
}

// opensHand reports whether an action opens the whole concealed hand: a
// Mah-Jong, or an invocation, which may complete the hand, as the engine
// decides from the hand (HK-8.2, FR-12.2).
func opensHand(t game.ActionType) bool {
	return t == game.ActMahjong || t == game.ActSelfDraw || t == game.ActInvoke
}

// needOf is need with k the tile the window offers.
func needOf(a game.Action, k tile.Kind) (tile.Counts, bool, error) {
	var c tile.Counts
	switch {
	case opensHand(a.Type):
		return c, true, nil
	case a.Type == game.ActPass || a.Type == game.ActStop || a.Type == game.ActContinue || a.Type == game.ActPropose:
		return c, false, nil
	case a.Type == game.ActDiscard || a.Type == game.ActAddKong || a.Type == game.ActConcealedKong || a.Type == game.ActChow || a.Type == game.ActExchange || a.Type == game.ActExtend:
		if !a.Tile.Valid() {
			return c, false, fmt.Errorf("sealedplay: %v names no tile", a.Type)
		}
	case a.Type == game.ActExpose:
	case !k.Valid():
		return c, false, fmt.Errorf("sealedplay: %v with no tile offered", a.Type)
	}
	switch a.Type {
	case game.ActDiscard, game.ActAddKong, game.ActExchange, game.ActExtend:
		c[a.Tile] = 1
	case game.ActCall, game.ActExpose:
		c = a.Tiles
	case game.ActConcealedKong:
		return c, false, errors.New("sealedplay: a concealed kong is proven (Slots, Equal), not opened")
	case game.ActPung:
		c[k] = 2
	case game.ActKong:
		c[k] = 3
	case game.ActChow:
		for x := a.Tile; x < a.Tile+3 && x.Valid(); x++ {
			c[x]++
		}
		if !k.Valid() || c[k] == 0 {
			return c, false, fmt.Errorf("sealedplay: a chow from %v does not take the tile offered (%v)", a.Tile, k)
		}
		c[k]--
	default:
		return c, false, fmt.Errorf("sealedplay: %v is not played sealed", a.Type)
	}
	return c, false, nil
}

// play checks seat's action and its opened slots against the public facts
// and applies it. The engine checks it in full when the action depends
// on the seat's tiles only through the opened ones or when this party
// knows all of them; a declaration over hidden tiles waits for the audit.
func (t *tracker) play(from uint32, seat rules.Wind, a game.Action, open []uint32) error {
	if t.cfg.Seats[seat] != from {
		return cheat(from, "acts for seat %v, which holder %d plays", seat, t.cfg.Seats[seat])
	}

	need, whole, err := t.need(a)
	if err != nil {
		return cheat(from, "%v", err)
	}
	if whole {
		open = t.withoutCopy(from, open)
	}
	if whole && a.Type != game.ActInvoke {
		kongs := t.kongSlots(seat)
		for _, w := range kongs {
			if !slices.Contains(open, w) || !t.public[w] {
				return cheat(from, "a Mah-Jong opens the seat's concealed kongs too; slot %d is not opened", w)
			}
		}
		open = slices.DeleteFunc(slices.Clone(open), func(w uint32) bool { return slices.Contains(kongs, w) })
	}
	if a.Type == game.ActDiscard && t.st.Phase == game.PhaseTurn && t.st.Players[seat].Declared == game.DeclTing {
		if w, ok := t.drawnSlot(seat); ok && (len(open) != 1 || open[0] != w) {
			return cheat(from, "seat %v announced TING and discards slot %v; it must discard the tile it drew, slot %d (JL-7.5)", seat, open, w)
		}
	}
	var got tile.Counts
	for i, w := range open {
		if !t.hidden[seat][w] || slices.Contains(open[:i], w) {
			return cheat(from, "opened slot %d, which seat %v does not hold", w, seat)
		}
		if !t.public[w] {
			return cheat(from, "slot %d is not opened", w)
		}
		got[t.known[w]]++
	}
	switch {
	case whole && len(open) != len(t.hidden[seat]):
		return cheat(from, "%v opens %d of the %d concealed tiles", a.Type, len(open), len(t.hidden[seat]))
	case !whole && got != need:
		return cheat(from, "%v (phase %v) opened %s; it needs %s", a, t.st.Phase, tile.Format(got.Kinds()), tile.Format(need.Kinds()))
	}
	t.steps = append(t.steps, step{seat: seat, action: a, open: open})
	evs, err := t.apply(seat, a)
	if err != nil {
		t.steps = t.steps[:len(t.steps)-1]
		reason := fmt.Sprintf("%v", err)
		if whole {
			reason = "false Mah-Jong: " + reason
		}
		return cheat(from, "%s", reason)
	}
	if err := t.absorb(evs); err != nil {
		return err
	}
	t.dirty = true // a new take may need a plain imagined tile
	return t.refresh()
}

// apply applies seat's action to the engine: checked in full when it
// depends on the seat's tiles only through the opened ones or when this
// party knows all of them; otherwise (a declaration made with a discard,
// any action of a seat that announced TING, whose winning set depends on
// its hidden tiles, JL-7.5) only the seat's turn is checked, and the
// audit checks the rest.
func (t *tracker) apply(seat rules.Wind, a game.Action) ([]game.Event, error) {
	full := true
	for w := range t.hidden[seat] {
		full = full && t.known[w] != tile.None
	}
	if full || (a.Declare == game.DeclNone && t.st.Players[seat].Declared != game.DeclTing) {
		return t.st.Apply(seat, a)
	}
	if !slices.Contains(t.st.Waiting(), seat) {
		return nil, fmt.Errorf("seat %v owes no decision now", seat)
	}
	return t.st.ApplyUnchecked(seat, a), nil
}

// unclaimed counts seat's discards still in its row in the engine.
func (t *tracker) unclaimed(seat rules.Wind) int {
	n := 0
	for _, d := range t.st.Players[seat].Discards {
		if !d.Claimed {
			n++
		}
	}
	return n
}

// kongSlots returns the slots of seat's concealed kongs, which a Mah-Jong
// opens with the hand: whether the hand wins may depend on their kind
// (jilin's suits, JL-9.2), and the hand is over.
func (t *tracker) kongSlots(seat rules.Wind) []uint32 {
	var out []uint32
	for _, s := range t.steps {
		if s.kong && s.seat == seat {
			out = append(out, s.open...)
		}
	}
	return out
}

// withoutCopy returns the slots a Mah-Jong opens without holder from's
// copy of the joker indicator out, which it may open with its hand
// (JL-8.4); the copy's share was added with the others.
func (t *tracker) withoutCopy(from uint32, open []uint32) []uint32 {
	a, ok := t.indicator()
	if !ok {
		return open
	}
	i := t.copyOf(from, a)
	if i < 0 {
		return open
	}
	return slices.DeleteFunc(slices.Clone(open), func(w uint32) bool { return w == t.copies[i].slot })
}

// slotsOf returns the slots of a batch of shares.
func slotsOf(ss sealed.Shares) []uint32 {
	out := make([]uint32, len(ss))
	for i, s := range ss {
		out[i] = s.Slot
	}
	return out
}

// winnerOpens reports the seat that must open tiles after the window's
// answers, or NoWind.
func (t *tracker) winnerOpens(ans []Answer) (rules.Wind, game.Action) {
	var all [4]game.Action
	for _, a := range ans {
		all[a.Seat] = a.Action
	}
	w := game.ClaimWinner(t.st.Turn, all)
	if w == rules.NoWind {
		return w, game.Action{}
	}
	return w, all[w]
}

// playWindow applies a closed window's answers, the winner's with the
// slots it opened.
func (t *tracker) playWindow(open []uint32) error {
	ans := t.window
	t.window = nil
	w, _ := t.winnerOpens(ans)
	for _, a := range ans {
		var o []uint32
		if a.Seat == w {
			o = open
		}
		if a.Seat != w && a.Action.Type != game.ActPass {
			return errors.New("sealedplay: a window's answers tell the winner's claim only")
		}
		if err := t.play(t.cfg.Seats[a.Seat], a.Seat, a.Action, o); err != nil {
			return err
		}
	}
	return nil
}

// unrevealed returns the next tiles to reveal to the seats that took
// them: the whole deal at once, then one tile at a time, since a bonus
// tile found in it moves every later draw (HK-4.2: replacements go in turn
// order from East, each seat's until it holds no bonus tile); the fresh
// slots of a Charleston pass to their receivers.
func (t *tracker) unrevealed() []uint32 {
	var out []uint32
	for _, m := range t.moves {
		for _, f := range m.fresh {
			if h := t.holder[f]; h != rules.NoWind && t.hidden[h][f] && t.revealTo[f] == Public && !t.public[f] {
				out = append(out, f)
			}
		}
	}
	if len(out) > 0 {
		return out // a Charleston pass's fresh slots, all at once
	}
	for i, w := range t.takes {
		if t.holder[w] == rules.NoWind || !t.hidden[t.holder[w]][w] || t.revealTo[w] != Public || t.public[w] {
			continue
		}
		if i >= wall.DealTiles {
			if len(out) == 0 {
				out = append(out, w)
			}
			break
		}
		out = append(out, w)
	}
	return out
}
