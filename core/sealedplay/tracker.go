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
	return nil
}

// Playable reports why a ruleset with its options is not dealt at a
// sealed table, or nil when it is. The protocol plays american's mush
// (charleston.go), but after it a party's search for an arrangement of
// the tiles it has not seen (solve.go) runs out in about one hand in ten
// that novice players play, and the party refuses an honest message
// (docs/sealed.md, "The mush"): until the search holds, a sealed table
// does not deal the mush.
func Playable(r rules.Ruleset, o rules.Options) error {
	if ch := r.Setup(o).Charleston; ch != nil && ch.Mush {
		return fmt.Errorf("sealedplay: the mush is not dealt sealed; allowed: american with option %s off", "mush")
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

// Fault is who voided a hand, and how (TVoid, Verdict): the faces name
// the players of Holder's device in their own words.
type Fault struct {
	Kind   FaultKind
	Holder uint32 // the key holder at fault, unless Kind is NoFault
}

// FaultKind is how a key holder voided a hand.
type FaultKind uint8

const (
	// NoFault: no key holder is named (a hand that is not void).
	NoFault FaultKind = iota
	// Withheld: the holder did not send in time what it owed, such as its
	// key, its link of the shuffle, its shares of a tile, its
	// acknowledgement, the opening of a claim or the joker holder's
	// confirmation that the indicator stands (Sequencer.Timeout and
	// Stalled).
	Withheld
	// Cheated: the holder sent what the protocol or the rules refuse, such
	// as a bad proof, a tile opened that it did not hold, a passed joker or
	// a false Mah-Jong (Cheat).
	Cheated
)

// faultOf is the fault of a voiding error: its Cheat's holder, or NoFault.
func faultOf(err error) Fault {
	var c *Cheat
	if errors.As(err, &c) {
		return Fault{Kind: Cheated, Holder: c.Holder}
	}
	return Fault{}
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
	// move: a give of the Charleston or the courtesy pass, 1 + its index
	// in tracker.moves (0: none); its tiles are the ones in its slots.
	move int
}

// move is a give of the Charleston or the courtesy pass: seat's slots
// from, moved by a transfer (or a copy of one slot) into the fresh slots
// of seat to; see charleston.go for a blind pass's and the mush's.
type move struct {
	seat, to    rules.Wind
	from, fresh []uint32
	routed
}

// exposure is the slots a card call took from a seat's hand, and the kind
// of the discard it called (american AM-5.5).
type exposure struct {
	kind  tile.Kind
	slots []uint32
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

	// ring is the imagined arrangement, by slot: known tiles where known;
	// the first n0 are the shuffled deck (the wall), fresh slots follow.
	ring  []tile.Kind
	n0    int
	moves []move // the gives of the Charleston, in order
	// groups are the slots of other seats' concealed kongs, which hold one
	// kind, imagined, until they are opened.
	groups [][]uint32
	steps  []step
	st     *game.State
	// events are what the engine made of a checked replay (the audit's).
	events []game.Event
	dirty  bool
	// Derived by rebuild from the engine's takes.
	takes   []uint32
	holder  []rules.Wind
	hidden  [4]map[uint32]bool
	applied int           // steps the engine has applied
	rows    [4][]uint32   // each seat's discards not taken by a claim or an invocation, by slot, oldest first
	exposed [4][]exposure // each seat's card calls, for joker exchanges

	window []Answer // answers of a closed window, until the winner opens
	void   string
	fault  Fault // why void, when void

	// The jilin joker (joker.go): the copies of its indicators made for
	// the TING devices, in order, and the indicators opened as they went
	// back; derived by rebuild, the slots the engine drew as indicators
	// and how many of them went back.
	copies     []jcopy
	backs      []uint32
	indicators []uint32
	returns    int
	// stands counts the joker holder's confirmations that the indicator
	// out stands, one per check at its turn start (game.State.JokerChecks).
	stands int
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
	if t.key != nil && m.From == t.me && !k.X.Equal(t.key.X) {
		return fmt.Errorf("sealedplay: the key holder %d sent in this deal is not this device's key; a device resumes only with the key it saved when the deal began", t.me)
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
	t.deck = slices.Clone(t.decks[len(t.decks)-1])
	n := len(t.deck)
	t.n0 = n
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
	switch {
	case t.deck == nil:
		return nil, cheat(from, "shares before the deck is shuffled")
	case int(from) >= t.holders():
		return nil, fmt.Errorf("sealedplay: shares from holder %d of %d", from, t.holders())
	}
	// Every share is checked before any is kept.
	var slots []uint32
	for _, s := range ss {
		if s.Holder != from || int(s.Slot) >= len(t.deck) {
			return nil, cheat(from, "a share of slot %d by holder %d", s.Slot, s.Holder)
		}
		if t.shares[s.Slot][from] != nil || slices.Contains(slots, s.Slot) {
			continue // the same share again (an opening repeats a reveal's)
		}
		if err := sealed.VerifyShare(t.cfg.Ctx, t.keys[from].X, t.deck[s.Slot], s); err != nil {
			return nil, cheat(from, "bad proof: %v", err)
		}
		slots = append(slots, s.Slot)
	}
	for _, s := range ss {
		if t.shares[s.Slot] == nil {
			t.shares[s.Slot] = map[uint32]*sealed.Point{}
		}
		if t.shares[s.Slot][from] == nil {
			t.shares[s.Slot][from] = s.D
		}
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
				if g := t.moveOf(w); t.given(w) && t.public[w] && t.known[w] == tile.Joker && t.revealTo[w] == m.From {
					mv := t.moves[g]
					return nil, cheat(t.cfg.Seats[mv.seat], "passed a joker: seat %v gave it to seat %v (slot %d), and jokers are never passed (AM-4.1)", mv.seat, t.holder[w], w)
				}
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
		if m.Action.Type == game.ActGive {
			if m.Move == nil || len(m.Shares) > 0 || len(m.Slots) > 0 || len(m.Equal) > 0 {
				return nil, cheat(m.From, "a give moves its slots (a transfer or a copy) and opens nothing")
			}
			if err = t.refresh(); err == nil {
				err = t.give(m.From, m.Seat, m.Action, *m.Move)
			}
			break
		}
		if len(m.Slots) > 0 || len(m.Equal) > 0 || m.Move != nil {
			return nil, cheat(m.From, "slots and equality proofs come with a concealed kong only, a move with a give")
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
	case TJoker:
		switch {
		case m.Move != nil:
			_, err = t.addCopy(m.From, *m.Move.Copy)
		case len(m.Shares) == 0:
			err = t.stand(m.From)
		default:
			slots, err = t.openJoker(m.From, m.Shares)
		}
	case TVoid:
		if m.Fault.Kind != NoFault && int(m.Fault.Holder) >= t.holders() {
			err = fmt.Errorf("sealedplay: a void hand blamed on holder %d of %d", m.Fault.Holder, t.holders())
			break
		}
		t.void, t.fault = m.Reason, m.Fault
	default:
		err = fmt.Errorf("sealedplay: unknown message type %v", m.Type)
	}
	if err == nil {
		err = t.refresh()
	}
	return slots, err
}

// grow adds a fresh slot holding ciphertext ct, imagined to hold k.
func (t *tracker) grow(ct sealed.Ciphertext, k tile.Kind) {
	t.deck = append(t.deck, ct)
	t.shares = append(t.shares, nil)
	t.known = append(t.known, tile.None)
	t.public = append(t.public, false)
	t.revealTo = append(t.revealTo, Public)
	t.ring = append(t.ring, k)
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
