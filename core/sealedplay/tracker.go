package sealedplay

import (
	"bytes"
	"errors"
	"fmt"
	"slices"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/sealed"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// Config is what every party of a sealed hand agrees on before it starts.
type Config struct {
	// Hand is the hand's ruleset, options, number and round; Uniform is
	// always on (every claim window asks every other seat, so the shape
	// of play depends on public facts only).
	Hand game.HandConfig
	// Dice are the two throws that break the wall, from the table's
	// commit-reveal.
	Dice [2]int
	// Ctx binds every proof to the table, hand, ruleset and key holders
	// (Ctx.Peers, in holder order).
	Ctx sealed.Context
	// Seats is the key holder that plays each seat wind, AI seats included.
	Seats [4]uint32
}

func (c Config) check() error {
	if c.Hand.Ruleset == nil {
		return errors.New("sealedplay: no ruleset")
	}
	n := len(c.Ctx.Peers)
	if n < 2 || n > 4 {
		return fmt.Errorf("sealedplay: %d key holders; sealed play needs 2 to 4", n)
	}
	for w, h := range c.Seats {
		if int(h) >= n {
			return fmt.Errorf("sealedplay: seat %v is played by holder %d of %d", rules.Wind(w), h, n)
		}
	}
	s := c.Hand.Ruleset.Setup(c.Hand.Options)
	if s.SharedJoker || s.Charleston != nil || s.Ting || s.Combinations || s.Compensation {
		return fmt.Errorf("sealedplay: %s is not played sealed yet; allowed: rulesets of the hongkong, classical and french family", c.Hand.Ruleset.ID())
	}
	return nil
}

// Cheat is a message refused because its sender broke the protocol or
// the rules: Holder names the key holder, Reason what it did.
type Cheat struct {
	Holder uint32
	Reason string
}

// Error implements error.
func (c *Cheat) Error() string {
	return fmt.Sprintf("sealedplay: holder %d cheated: %s", c.Holder, c.Reason)
}

func cheat(h uint32, format string, a ...any) error {
	return &Cheat{Holder: h, Reason: fmt.Sprintf(format, a...)}
}

// step is one applied action and the slots it opened.
type step struct {
	seat   rules.Wind
	action game.Action
	open   []uint32
	// kong: a concealed kong proven, not opened; its tile is the one in
	// its slots, real or imagined (open holds the same slots).
	kong bool
}

// tracker is what every party keeps of a sealed hand from its public
// messages: the keys, the shuffle chain, every share, the slots it knows
// and a game.State played on an imagined arrangement of the tiles it
// does not know (see the package doc).
type tracker struct {
	cfg   Config
	setup rules.Setup
	me    uint32             // this party's holder index, or Public
	key   *sealed.PrivateKey // nil for the sequencer and spectators

	keys     []*sealed.KeyMsg
	joint    *sealed.Point
	decks    []sealed.Deck // D₀ … Dₙ
	made     []byte        // the encoded shuffle this device made
	deck     sealed.Deck   // Dₙ once the chain is complete
	shares   []map[uint32]*sealed.Point
	known    []tile.Kind // per slot, tile.None while unknown
	public   []bool      // every holder has shared the slot
	revealTo []uint32    // the holder a slot was revealed to, or Public

	ring []tile.Kind // the imagined arrangement: known tiles where known
	// groups are the slots of other seats' concealed kongs, which hold one
	// kind, imagined, until they are opened.
	groups [][]uint32
	steps  []step
	st     *game.State
	dirty  bool
	// Derived by rebuild from the engine's takes.
	takes   []uint32
	holder  []rules.Wind
	hidden  [4]map[uint32]bool
	applied int             // steps the engine has applied
	rows    [4][]uint32     // each seat's discards, by slot, oldest first
	gone    map[uint32]bool // discards taken by a claim or an invocation

	window []Answer // answers of a closed window, until the winner opens
	void   string
}

func newTracker(cfg Config, me uint32, key *sealed.PrivateKey) (*tracker, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	cfg.Hand.Uniform = true
	t := &tracker{cfg: cfg, setup: cfg.Hand.Ruleset.Setup(cfg.Hand.Options), me: me, key: key}
	t.keys = make([]*sealed.KeyMsg, len(cfg.Ctx.Peers))
	var kinds []int
	for k, n := range t.setup.Tiles {
		for range n {
			kinds = append(kinds, k)
		}
	}
	d0, err := sealed.InitialDeck(kinds)
	if err != nil {
		return nil, err
	}
	t.decks = []sealed.Deck{d0}
	return t, nil
}

func (t *tracker) holders() int { return len(t.cfg.Ctx.Peers) }

// addKey verifies and records a key message.
func (t *tracker) addKey(m Msg) error {
	k := m.Key
	if k.Holder != m.From || int(m.From) >= t.holders() || t.keys[m.From] != nil {
		return cheat(m.From, "a key message for holder %d, or a second key", k.Holder)
	}
	if err := k.Verify(t.cfg.Ctx); err != nil {
		return cheat(m.From, "bad proof: %v", err)
	}
	t.keys[m.From] = k
	if slices.Contains(t.keys, nil) {
		return nil
	}
	var all []sealed.KeyMsg
	for _, k := range t.keys {
		all = append(all, *k)
	}
	joint, err := sealed.JointKey(t.cfg.Ctx, all)
	if err != nil {
		return err
	}
	t.joint = joint
	return nil
}

// addShuffle verifies and records the next link of the shuffle chain.
func (t *tracker) addShuffle(m Msg) error {
	s := m.Shuffle
	i := len(t.decks) - 1
	switch {
	case t.joint == nil:
		return cheat(m.From, "a shuffle before every key is in")
	case t.deck != nil || int(m.From) != i || s.Holder != m.From || len(s.From) != 0 || len(s.To) != 0:
		return cheat(m.From, "a shuffle out of turn: holder %d shuffles now", i)
	}
	// A device need not check the shuffle it made itself (the very bytes).
	if b, err := s.MarshalBinary(); err != nil || t.made == nil || !bytes.Equal(b, t.made) {
		if err := sealed.VerifyShuffle(t.cfg.Ctx, t.joint, t.decks[i], *s); err != nil {
			return cheat(m.From, "bad proof: %v", err)
		}
	}
	t.decks = append(t.decks, s.Deck)
	if len(t.decks) <= t.holders() {
		return nil
	}
	return t.start()
}

// start deals the imagined hand once the deck is final: no tile is known,
// and no imagined bonus tile lies where a hidden deal takes a tile.
func (t *tracker) start() error {
	t.deck = t.decks[len(t.decks)-1]
	n := len(t.deck)
	t.shares = make([]map[uint32]*sealed.Point, n)
	t.known = make([]tile.Kind, n)
	t.public = make([]bool, n)
	t.revealTo = make([]uint32, n)
	for i := range t.known {
		t.known[i], t.revealTo[i] = tile.None, Public
	}
	var set []tile.Kind
	for k, c := range t.setup.Tiles {
		for range c {
			set = append(set, tile.Kind(k))
		}
	}
	probe, _, err := game.NewHandOn(t.cfg.Hand, set, t.cfg.Dice)
	if err != nil {
		return err
	}
	dealt := probe.Wall().Taken()[:wall.DealTiles]
	// Non-bonus tiles first into the dealt slots, then the rest.
	slices.SortStableFunc(set, func(a, b tile.Kind) int {
		switch {
		case a.IsBonus() == b.IsBonus():
			return 0
		case a.IsBonus():
			return 1
		}
		return -1
	})
	t.ring = make([]tile.Kind, n)
	for i := range t.ring {
		t.ring[i] = tile.None
	}
	for i, r := range dealt {
		t.ring[r] = set[i]
	}
	rest := set[len(dealt):]
	for i := range t.ring {
		if t.ring[i] == tile.None {
			t.ring[i], rest = rest[0], rest[1:]
		}
	}
	t.dirty = true
	return t.refresh()
}

// addShares verifies shares by holder from and records them; it reports
// the slots whose shares were added.
func (t *tracker) addShares(from uint32, ss sealed.Shares) ([]uint32, error) {
	if t.deck == nil {
		return nil, cheat(from, "shares before the deck is shuffled")
	}
	var slots []uint32
	for _, s := range ss {
		if s.Holder != from || int(s.Slot) >= len(t.deck) {
			return nil, cheat(from, "a share of slot %d by holder %d", s.Slot, s.Holder)
		}
		if t.shares[s.Slot][from] != nil {
			continue // the same share again (an opening repeats a reveal's)
		}
		if err := sealed.VerifyShare(t.cfg.Ctx, t.keys[from].X, t.deck[s.Slot], s); err != nil {
			return nil, cheat(from, "bad proof: %v", err)
		}
		if t.shares[s.Slot] == nil {
			t.shares[s.Slot] = map[uint32]*sealed.Point{}
		}
		t.shares[s.Slot][from] = s.D
		slots = append(slots, s.Slot)
	}
	return slots, t.settle(slots)
}

// settle decrypts the slots whose shares are complete: every holder's
// (public), or every other holder's for this party's key.
func (t *tracker) settle(slots []uint32) error {
	for _, w := range slots {
		var ds []*sealed.Point
		var missing []uint32
		for j := range uint32(t.holders()) {
			if d := t.shares[w][j]; d != nil {
				ds = append(ds, d)
			} else {
				missing = append(missing, j)
			}
		}
		var k int
		var err error
		switch {
		case len(missing) == 0:
			k, err = sealed.Decrypt(t.deck[w], ds)
			t.public[w] = true
		case t.key != nil && len(missing) == 1 && missing[0] == t.me:
			k, err = t.key.Reveal(t.deck[w], ds)
		default:
			continue
		}
		if err != nil {
			return err
		}
		if err := t.learn(w, tile.Kind(k)); err != nil {
			return err
		}
	}
	return nil
}

// learn records slot w's tile; when the imagined arrangement put another
// tile there, it swaps in the slot of an unknown tile of kind k (one not
// yet taken when there is one) and marks the engine for a rebuild.
func (t *tracker) learn(w uint32, k tile.Kind) error {
	if !k.Valid() || t.setup.Tiles[k] == 0 {
		return fmt.Errorf("sealedplay: slot %d decrypts to %v, which is not in the set", w, k)
	}
	if g := t.group(w); g >= 0 {
		t.groups = slices.Delete(t.groups, g, g+1) // the kong is being opened
	}
	if t.ring[w] == k {
		t.known[w] = k
		return nil
	}
	u, ok := t.unknownSlot(func(r tile.Kind) bool { return r == k }, w)
	if !ok {
		// The unseen copies of k are all imagined in a concealed kong:
		// imagine that kong of another kind.
		for g, slots := range t.groups {
			if t.ring[slots[0]] == k {
				if err := t.imagineKong(g); err != nil {
					return err
				}
			}
		}
		if u, ok = t.unknownSlot(func(r tile.Kind) bool { return r == k }, w); !ok {
			return fmt.Errorf("sealedplay: slot %d decrypts to %v, of which no unseen copy is left", w, k)
		}
	}
	t.ring[w], t.ring[u] = t.ring[u], t.ring[w]
	t.known[w] = k
	t.dirty = true
	return nil
}

// group returns the index of the concealed kong holding slot w, or -1.
func (t *tracker) group(w uint32) int {
	for g, slots := range t.groups {
		if slices.Contains(slots, w) {
			return g
		}
	}
	return -1
}

// imagineKong fills the slots of concealed kong g with a kind of which
// this party has seen no copy and that no other kong holds.
func (t *tracker) imagineKong(g int) error {
	slots := t.groups[g]
	var seen tile.Counts
	for _, k := range t.known {
		if k != tile.None {
			seen[k]++
		}
	}
	for h, other := range t.groups {
		if h != g {
			seen[t.ring[other[0]]] = 4
		}
	}
	for k, n := range t.setup.Tiles {
		kind := tile.Kind(k)
		if n != 4 || seen[k] > 0 || kind == t.ring[slots[0]] {
			continue
		}
		for i, w := range slots {
			if t.ring[w] == kind {
				continue
			}
			u, ok := uint32(0), false
			for x := range uint32(len(t.ring)) {
				if t.ring[x] == kind && t.known[x] == tile.None && !slices.Contains(slots[:i+1], x) && (slices.Contains(slots, x) || t.group(x) < 0) {
					u, ok = x, true
					break
				}
			}
			if !ok {
				return fmt.Errorf("sealedplay: no unseen %v is left for a concealed kong", kind)
			}
			t.ring[w], t.ring[u] = t.ring[u], t.ring[w]
		}
		t.dirty = true
		return nil
	}
	return errors.New("sealedplay: no kind is left to imagine a concealed kong of")
}

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
		if t.ring[slots[0]] != t.ring[slots[1]] || t.ring[slots[0]] != t.ring[slots[2]] || t.ring[slots[0]] != t.ring[slots[3]] {
			if err := t.imagineKong(len(t.groups) - 1); err != nil {
				return err
			}
		}
		if err := t.refresh(); err != nil {
			return err
		}
	}
	a := game.Act(game.ActConcealedKong, t.ring[slots[0]])
	t.steps = append(t.steps, step{seat: seat, action: game.Act(game.ActConcealedKong, tile.None), open: slices.Clone(slots), kong: true})
	evs, err := t.st.Apply(seat, a)
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

// unknownSlot returns an unknown slot other than not whose imagined tile
// satisfies ok, preferring slots still in the wall.
func (t *tracker) unknownSlot(ok func(tile.Kind) bool, not uint32) (uint32, bool) {
	found, best := uint32(0), false
	for u := range uint32(len(t.ring)) {
		if u == not || t.known[u] != tile.None || !ok(t.ring[u]) || t.group(u) >= 0 {
			continue
		}
		if t.holder == nil || t.holder[u] == rules.NoWind {
			return u, true
		}
		found, best = u, true
	}
	return found, best
}

// refresh replays the hand on the imagined arrangement when it changed,
// until no imagined bonus tile lies in a slot a seat holds unseen (a real
// bonus tile is always opened by its holder).
func (t *tracker) refresh() error {
	for t.dirty {
		t.dirty = false
		if err := t.rebuild(); err != nil {
			return err
		}
		for _, w := range t.takes {
			if t.known[w] != tile.None || !t.ring[w].IsBonus() || t.holder[w] == rules.NoWind {
				continue
			}
			u, ok := t.unknownSlot(func(r tile.Kind) bool { return !r.IsBonus() }, w)
			if !ok {
				return fmt.Errorf("sealedplay: no unseen plain tile is left for slot %d", w)
			}
			t.ring[w], t.ring[u] = t.ring[u], t.ring[w]
			t.dirty = true
		}
	}
	return nil
}

// rebuild deals the imagined arrangement and replays every step.
func (t *tracker) rebuild() error { return t.replay(false) }

// replay deals the arrangement t.ring and replays every step, checked by
// the engine when checked is set.
func (t *tracker) replay(checked bool) error {
	st, evs, err := game.NewHandOn(t.cfg.Hand, t.ring, t.cfg.Dice)
	if err != nil {
		return err
	}
	t.st, t.takes = st, nil
	t.holder = make([]rules.Wind, len(t.ring))
	for i := range t.holder {
		t.holder[i] = rules.NoWind
	}
	for i := range t.hidden {
		t.hidden[i] = map[uint32]bool{}
	}
	t.rows, t.gone, t.applied = [4][]uint32{}, map[uint32]bool{}, 0
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
				return out
			}
		}
		a := s.action
		if s.kong {
			a.Tile = t.ring[s.open[0]]
		}
		if e := t.absorb(evs(s.seat, a)); e != nil {
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
// event) and sets aside the slots of bonus tiles.
func (t *tracker) absorb(evs []game.Event) error {
	all := t.st.Wall().Taken()
	var draws []rules.Wind
	for _, e := range evs {
		if e.Type == game.EvDraw {
			draws = append(draws, e.Seat)
		}
	}
	for _, r := range all[len(t.takes):] {
		var seat rules.Wind
		if i := len(t.takes); i < wall.DealTiles {
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
			row := t.rows[e.From]
			t.gone[row[len(row)-1]] = true
		case game.EvInvoke:
			row := t.rows[e.From]
			for i := len(row) - 1; i >= 0; i-- {
				if w := row[i]; !t.gone[w] && t.known[w] == e.Tiles[0] {
					t.gone[w], t.hidden[e.Seat][w] = true, true
					break
				}
			}
		}
	}
	return nil
}

// follow moves a step's opened slots: a discard goes to the seat's row,
// the tiles of a meld leave the concealed hand; a whole hand opened
// (Mah-Jong, an invocation) stays where it is.
func (t *tracker) follow(s step) {
	if opensHand(s.action.Type) {
		return
	}
	for _, w := range s.open {
		delete(t.hidden[s.seat], w)
	}
	if s.action.Type == game.ActDiscard {
		t.rows[s.seat] = append(t.rows[s.seat], s.open[0])
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
	case a.Type == game.ActPass:
		return c, false, nil
	case a.Type == game.ActDiscard || a.Type == game.ActAddKong || a.Type == game.ActConcealedKong || a.Type == game.ActChow:
		if !a.Tile.Valid() {
			return c, false, fmt.Errorf("sealedplay: %v names no tile", a.Type)
		}
	case !k.Valid():
		return c, false, fmt.Errorf("sealedplay: %v with no tile offered", a.Type)
	}
	switch a.Type {
	case game.ActDiscard, game.ActAddKong:
		c[a.Tile] = 1
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
		if c[k] == 0 {
			return c, false, fmt.Errorf("sealedplay: a chow from %v does not take %v", a.Tile, k)
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
	full := true
	for w := range t.hidden[seat] {
		full = full && t.known[w] != tile.None
	}
	t.steps = append(t.steps, step{seat: seat, action: a, open: open})
	var evs []game.Event
	if a.Declare == game.DeclNone || full {
		if evs, err = t.st.Apply(seat, a); err != nil {
			t.steps = t.steps[:len(t.steps)-1]
			reason := fmt.Sprintf("%v", err)
			if whole {
				reason = "false Mah-Jong: " + reason
			}
			return cheat(from, "%s", reason)
		}
	} else {
		if !slices.Contains(t.st.Waiting(), seat) {
			t.steps = t.steps[:len(t.steps)-1]
			return cheat(from, "seat %v owes no decision now", seat)
		}
		evs = t.st.ApplyUnchecked(seat, a)
	}
	if err := t.absorb(evs); err != nil {
		return err
	}
	t.dirty = true // a new take may need a plain imagined tile
	return t.refresh()
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
// order from East, each seat's until it holds no bonus tile).
func (t *tracker) unrevealed() []uint32 {
	var out []uint32
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

// observe verifies a message relayed by the sequencer and updates the
// public record and the engine; it returns the slots whose shares it
// carried.
func (t *tracker) observe(m Msg) ([]uint32, error) {
	if err := m.check(); err != nil {
		return nil, err
	}
	var slots []uint32
	var err error
	switch m.Type {
	case TKey:
		err = t.addKey(m)
	case TShuffle:
		err = t.addShuffle(m)
	case TReveal:
		if t.deck == nil {
			return nil, errors.New("sealedplay: a reveal before the deck is shuffled")
		}
		for _, w := range m.Slots {
			if int(w) >= len(t.deck) {
				return nil, fmt.Errorf("sealedplay: reveal of slot %d, which does not exist", w)
			}
			if m.To != Public {
				t.revealTo[w] = m.To
			}
		}
	case TShares:
		slots, err = t.addShares(m.From, m.Shares)
	case TAck:
		if slots, err = t.addShares(m.From, m.Shares); err == nil {
			for _, w := range slots {
				if !t.public[w] || !t.known[w].IsBonus() || t.revealTo[w] != m.From {
					return nil, cheat(m.From, "opened slot %d as a bonus tile; it was not revealed to it or holds no bonus tile", w)
				}
			}
		}
	case TAct:
		if m.Action.Type == game.ActConcealedKong && m.Action.Tile == tile.None && len(m.Shares) == 0 {
			if err = t.refresh(); err == nil {
				err = t.playKong(m.From, m.Seat, m.Slots, m.Equal)
			}
			break
		}
		if len(m.Slots) > 0 || len(m.Equal) > 0 {
			return nil, cheat(m.From, "slots and equality proofs come with a concealed kong only")
		}
		if slots, err = t.addShares(m.From, m.Shares); err == nil {
			if err = t.refresh(); err == nil {
				err = t.play(m.From, m.Seat, m.Action, slotsOf(m.Shares))
			}
		}
	case TAnswers:
		t.window = m.Answers
		if w, a := t.winnerOpens(m.Answers); w == rules.NoWind || a.Type == game.ActPass {
			err = t.playWindow(nil)
		}
	case TOpen:
		if slots, err = t.addShares(m.From, m.Shares); err == nil {
			if err = t.refresh(); err == nil {
				err = t.playWindow(slotsOf(m.Shares))
			}
		}
	case TVoid:
		t.void = m.Reason
	default:
		err = fmt.Errorf("sealedplay: unknown message type %v", m.Type)
	}
	if err == nil {
		err = t.refresh()
	}
	return slots, err
}

// Verdict is a party's check of a hand after it ended: the whole hand,
// opened, replayed through the engine (game.NewHandOn and Apply) from the
// deck's tiles, with every action checked and every tile dealt or drawn to
// the seat it was revealed to.
type Verdict struct {
	Verified bool
	Reason   string       // why not, when not verified
	Result   *game.Result // the replayed hand's result, when verified
}

// audit replays the opened hand.
func (t *tracker) audit() Verdict {
	if t.void != "" {
		return Verdict{Reason: "the hand was void: " + t.void}
	}
	if t.deck == nil || slices.Contains(t.known, tile.None) || t.st.Phase != game.PhaseEnd {
		return Verdict{Reason: "the hand is not over or not every tile is opened"}
	}
	r := &tracker{cfg: t.cfg, setup: t.setup, known: t.known, steps: t.steps, ring: slices.Clone(t.known)}
	if err := r.replay(true); err != nil {
		return Verdict{Reason: "the hand does not replay: " + err.Error()}
	}
	taken := map[uint32]bool{}
	for _, w := range r.takes {
		taken[w] = true
		if want := t.cfg.Seats[r.holder[w]]; t.revealTo[w] != want {
			return Verdict{Reason: fmt.Sprintf("slot %d (%v) went to seat %v of holder %d but was revealed to %s (an undeclared bonus tile?)", w, t.known[w], r.holder[w], want, holderName(t.revealTo[w]))}
		}
	}
	for w, h := range t.revealTo {
		if h != Public && !taken[uint32(w)] {
			return Verdict{Reason: fmt.Sprintf("slot %d was revealed to holder %d but the replayed hand never takes it", w, h)}
		}
	}
	return Verdict{Verified: true, Result: r.st.Result}
}

func holderName(h uint32) string {
	if h == Public {
		return "nobody"
	}
	return fmt.Sprintf("holder %d", h)
}

// knows returns the tiles this party has decrypted, by slot.
func (t *tracker) knows() map[uint32]tile.Kind {
	out := map[uint32]tile.Kind{}
	for w, k := range t.known {
		if k != tile.None {
			out[uint32(w)] = k
		}
	}
	return out
}
