package game

import (
	"fmt"
	"strings"
	"sync"

	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// Phase is what a hand is waiting for.
type Phase uint8

// The phases. PhaseNone is the none value.
const (
	PhaseNone Phase = iota
	// PhaseTurn waits for Turn to discard, declare a kong or win.
	PhaseTurn
	// PhaseClaim waits for the other seats to answer the discard.
	PhaseClaim
	// PhaseRob waits for the other seats to answer an added kong.
	PhaseRob
	// PhaseInvoke waits for Turn to invoke the Celestial Empire or pass.
	PhaseInvoke
	// PhaseExpose waits for the seats, one by one, to expose combinations
	// at the first TING of the hand (JL-7.4).
	PhaseExpose
	// PhaseDuplicate waits for the other seats to answer a duplicate added
	// to a combination (JL-6.5).
	PhaseDuplicate
	// PhaseEnd: the hand is over; Result is set.
	PhaseEnd
	// PhaseCharleston waits for every seat to pass tiles (AM-4.2, AM-4.5,
	// AM-4.6).
	PhaseCharleston
	// PhaseMush waits for every seat to put 0–3 tiles in the mush (AM-4.3).
	PhaseMush
	// PhaseVote waits for every seat to vote on a second Charleston (AM-4.4).
	PhaseVote
	// PhaseCourtesy waits for the across pairs to propose and then swap
	// their courtesy tiles (AM-4.7).
	PhaseCourtesy
)

var phaseNames = [...]string{"none", "turn", "claim", "rob", "invoke", "expose", "duplicate", "end", "charleston", "mush", "vote", "courtesy"}

// String returns the phase's name.
func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("Phase(%d)", uint8(p))
}

// MarshalText writes the phase's name.
func (p Phase) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText reads a phase's name.
func (p *Phase) UnmarshalText(b []byte) error {
	for i, n := range phaseNames {
		if n == string(b) {
			*p = Phase(i)
			return nil
		}
	}
	return fmt.Errorf("game: unknown phase %q; allowed: %s", b, strings.Join(phaseNames[:], ", "))
}

// Simultaneous reports whether every seat that owes a decision in the
// phase answers the same decision at once (claim, robbing and duplicate
// windows, the Charleston's steps): a seat's answer does not change the
// decision the others were shown.
func (p Phase) Simultaneous() bool {
	switch p {
	case PhaseClaim, PhaseRob, PhaseDuplicate, PhaseCharleston, PhaseMush, PhaseVote, PhaseCourtesy:
		return true
	}
	return false
}

// Discard is a tile in a seat's discard row.
type Discard struct {
	Tile tile.Kind `json:"tile"`
	// Claimed: the tile was taken by a claim, robbing or invocation.
	Claimed bool `json:"claimed,omitempty"`
}

// Player is one seat's private and public state in a hand.
type Player struct {
	Concealed tile.Counts
	Melds     []hand.Meld
	Bonus     []tile.Kind
	Discards  []Discard
	// Declared is the seat's declaration (servi, calling hand), which locks it.
	Declared Declaration
	// Discarded counts the seat's discards this hand.
	Discarded int
	// Called is set once the seat has claimed a discard (a chow, pung or
	// kong; TCHE or TCHA).
	Called bool
	// Dead: the hand can no longer be made; the seat no longer draws,
	// discards or calls (AM-9.3, AM-9.4).
	Dead bool
	// waits caches the tiles that may complete the hand (13 effective tiles).
	waits tile.Set
}

// effective returns the number of tiles counted toward a hand: concealed
// tiles plus 3 per meld, or plus every tile of each meld when sized (card
// calls, where a kong, quint or sextet is 4, 5 or 6 of the 13, AM-5.3).
func (p *Player) effective(sized bool) int {
	n := p.Concealed.Total()
	for _, m := range p.Melds {
		if sized {
			n += m.Size()
		} else {
			n += 3
		}
	}
	return n
}

// clone returns a deep copy.
func (p Player) clone() Player {
	p.Melds = append([]hand.Meld(nil), p.Melds...)
	p.Bonus = append([]tile.Kind(nil), p.Bonus...)
	p.Discards = append([]Discard(nil), p.Discards...)
	return p
}

// turnKind records how the seat to play came to hold its 14th tile.
type turnKind uint8

const (
	turnDraw      turnKind = iota // a live draw (or the dealer's dealt hand)
	turnKong                      // a replacement after a kong
	turnClaim                     // a chow or pung claim: discard only (FR-8.9)
	turnInvoke                    // an invoked tile that did not win: discard only
	turnLoneInvke                 // the last tile needed a replacement: invoke alone (HK-8.1, FR-12.4)
	turnComp                      // a compensation draw for a tile added to a combination (JL-6.4)
)

// State is the whole, authoritative state of one hand. Only the dealer
// device holds it; everyone else sees a View.
type State struct {
	ruleset rules.Ruleset
	opts    rules.Options
	setup   rules.Setup

	Number   int
	Round    rules.Wind
	Dominant rules.Wind
	Dice     [2]int
	Seed     wall.Seed

	wall    *wall.Wall
	Players [4]Player

	Phase Phase
	// Turn is the seat to play in PhaseTurn and PhaseInvoke; in PhaseClaim
	// and PhaseRob it is the discarder or the kong's owner.
	Turn rules.Wind
	// drawn is the tile the seat to play last drew (tile.None after a claim).
	drawn tile.Kind
	// drawnFrom is where drawn came from: the front, the tail (a kong's
	// replacement or a compensation) or the tail for a bonus tile.
	drawnFrom Source
	how       turnKind
	// Pending is the discard (PhaseClaim) or the added tile (PhaseRob).
	Pending tile.Kind
	// answers holds each seat's answer in a claim or robbing window.
	answers [4]*Action
	// options holds each seat's legal answers in the window.
	options [4][]Action

	// firstGoAround is true until a claim or an added kong breaks the first
	// turns; a concealed kong is not a claim (CL-10.4, CL-D-22).
	firstGoAround bool
	// dealerDiscarded is set once the dealer has discarded.
	dealerDiscarded bool
	// invokers counts the seats that have had their invocation chance.
	invokers int
	// lastDiscard marks the discard after the last live tile.
	lastDiscard bool
	// lastDiscarder made the latest discard (NoWind before any).
	lastDiscarder rules.Wind
	// windowFlags are the flags a mahjong claim in the open window wins with.
	windowFlags rules.Flag

	// legal caches each seat's legal actions until the next action.
	legal      [4][]Action
	legalKnown [4]bool
	// mu guards the cache, and the tiles that working out the legal
	// actions moves for a moment, against concurrent views.
	mu *sync.Mutex

	// joker is the shared joker's kind J while its indicator is out of the
	// wall (JL-8), held by jokerHolder, the first seat to announce TING.
	joker       tile.Kind
	jokerHolder rules.Wind
	jokerRolls  int
	// jokerChecks counts the joker holder's turn starts after whose check
	// an indicator was out of the wall (JL-8.1, JL-8.3).
	jokerChecks int
	// outOfPlay holds indicators whose slot was gone when they returned (JL-8.3).
	outOfPlay []tile.Kind
	// anyTing is set at the first TING of the hand.
	anyTing bool
	// exposeQueue lists the seats still to answer in PhaseExpose.
	exposeQueue []rules.Wind
	// ch is the Charleston in progress (AM-4).
	ch charleston

	// StateID increases with every applied action.
	StateID uint64
	// windowID is the StateID at which the window or Charleston step in
	// progress opened: the decision id every seat in it is shown.
	windowID uint64
	// uniform: every discard and added kong opens a window that every
	// other seat answers (HandConfig.Uniform).
	uniform bool
	Result  *Result
}

// DecisionID returns the decision id a seat is shown and quotes back
// (core/table's Intent.Decision): the StateID, except in a simultaneous phase, where it is the
// id at which the window or step opened, so that the seats answering it
// are not made stale by each other's answers.
func (s *State) DecisionID() uint64 {
	if s.Phase.Simultaneous() {
		return s.windowID
	}
	return s.StateID
}

// Ruleset returns the hand's ruleset.
func (s *State) Ruleset() rules.Ruleset { return s.ruleset }

// Options returns the hand's table options.
func (s *State) Options() rules.Options { return s.opts }

// Setup returns the data the hand is played with.
func (s *State) Setup() rules.Setup { return s.setup }

// WallLive returns the live draws left before the wall is exhausted.
func (s *State) WallLive() int { return s.wall.LiveLeft() }

// Wall returns a copy of the wall, for tests and the dealer's audit.
func (s *State) Wall() *wall.Wall { return s.wall.Clone() }

// JokerChecks returns how many of the joker holder's turn starts so far
// ended their check of the shared joker with an indicator out of the
// wall (JL-8.1, JL-8.3): a sealed table's joker holder confirms each.
func (s *State) JokerChecks() int { return s.jokerChecks }

// Clone returns a deep copy of the state (for AI search and tests).
func (s *State) Clone() *State {
	c := *s
	c.mu = new(sync.Mutex)
	c.wall = s.wall.Clone()
	c.outOfPlay = append([]tile.Kind(nil), s.outOfPlay...)
	c.exposeQueue = append([]rules.Wind(nil), s.exposeQueue...)
	for i := range c.Players {
		c.Players[i] = s.Players[i].clone()
	}
	for i, a := range s.answers {
		if a != nil {
			x := *a
			c.answers[i] = &x
		}
	}
	for i := range s.options {
		c.options[i] = append([]Action(nil), s.options[i]...)
	}
	if s.Result != nil {
		r := *s.Result
		c.Result = &r
	}
	return &c
}

// HandConfig is what a new hand needs beyond the ruleset.
type HandConfig struct {
	Ruleset rules.Ruleset
	Options rules.Options
	Seed    wall.Seed
	Number  int
	Round   rules.Wind
	// Uniform makes the shape of the hand tell nothing about who could
	// claim: every discard, added kong and duplicate opens a window that
	// every other live seat answers (pass when it can do nothing else),
	// and the exposure round of the first TING asks every seat, each until
	// it passes (JL-7.4).
	// Results are the same as without it; only more answers are asked.
	// Tables people play at set it; self-play and the golden records do not.
	Uniform bool
}

// NewHand deals a new hand from the seed and returns its state and the
// opening events (hand start, deal, bonus tiles and replacements).
func NewHand(cfg HandConfig) (*State, []Event, error) {
	setup := cfg.Ruleset.Setup(cfg.Options)
	r := wall.NewRand(cfg.Seed)
	ring := wall.Shuffle(setup.Tiles, r)
	a1, a2 := wall.RollDice(r)
	b1, b2 := wall.RollDice(r)
	return NewHandOn(cfg, ring, [2]int{a1 + a2, b1 + b2})
}

// NewHandOn deals a new hand from a given ring of tiles (in the order
// wall.New takes) broken with the given throws, as NewHand does from the
// ring and throws its seed draws; cfg.Seed is only recorded. A sealed
// table deals this way from its jointly shuffled deck. The ring must hold
// the ruleset's set of tiles.
func NewHandOn(cfg HandConfig, ring []tile.Kind, dice [2]int) (*State, []Event, error) {
	setup := cfg.Ruleset.Setup(cfg.Options)
	var have tile.Counts
	for _, k := range ring {
		if !k.Valid() {
			return nil, nil, fmt.Errorf("game: the ring holds %v, which is not a tile", k)
		}
		have[k]++
	}
	if have != setup.Tiles {
		return nil, nil, fmt.Errorf("game: the ring's %d tiles are not the set of %s", len(ring), cfg.Ruleset.ID())
	}
	w, err := wall.New(setup.Wall, ring, dice[0], dice[1])
	if err != nil {
		return nil, nil, fmt.Errorf("game: cannot build the wall of %s: %w", cfg.Ruleset.ID(), err)
	}
	s := &State{
		ruleset: cfg.Ruleset, opts: cfg.Options, setup: setup,
		Number: cfg.Number, Round: cfg.Round, Seed: cfg.Seed,
		Dice: dice, wall: w, Turn: rules.E,
		Dominant: rules.Wind(w.Dominant()), firstGoAround: true, drawn: tile.None, lastDiscarder: rules.NoWind,
		joker: tile.None, jokerHolder: rules.NoWind, Pending: tile.None, uniform: cfg.Uniform, mu: new(sync.Mutex),
	}
	evs := []Event{{Type: EvHandStart, Seat: rules.NoWind, From: rules.NoWind, Start: &HandStart{
		Number: s.Number, Round: s.Round, Dominant: s.Dominant, Dice: s.Dice, Wall: len(ring)}}}
	for seat, ts := range w.Deal(setup.Deal) {
		p := &s.Players[seat]
		p.Concealed = tile.CountsOf(ts)
		evs = append(evs, Event{Type: EvDeal, Seat: rules.Wind(seat), From: rules.NoWind, Tiles: tile.Sorted(ts)})
	}
	// HK-4.2, FR-6.1, CL-5.3: bonus tiles set aside in turn order from East.
	for seat := rules.E; seat <= rules.N && setup.Bonus; seat++ {
		evs = s.replaceBonus(seat, evs)
		if s.Phase == PhaseEnd {
			return s, evs, nil
		}
	}
	if setup.Charleston != nil {
		s.startPass(1) // AM-4.2
		return s, evs, nil
	}
	s.startPlay()
	return s, evs, nil
}

// startPlay gives the dealer the first turn on the dealt hand.
func (s *State) startPlay() {
	s.Phase, s.Turn, s.drawn, s.drawnFrom, s.Pending = PhaseTurn, rules.E, tile.None, "", tile.None
	s.how = turnDraw // HK-D-19, FR-D14, AM-5.1: the dealer's 14 dealt tiles count as a draw.
	s.updateWaits()
}

// replaceBonus sets aside the seat's bonus tiles and draws replacements from
// the tail until none is left (HK-4.2, HK-4.3, FR-6.2).
func (s *State) replaceBonus(seat rules.Wind, evs []Event) []Event {
	p := &s.Players[seat]
	for {
		k := firstBonus(&p.Concealed)
		if k == tile.None {
			return evs
		}
		p.Concealed.Remove(k)
		p.Bonus = append(p.Bonus, k)
		evs = append(evs, Event{Type: EvBonus, Seat: seat, From: rules.NoWind, Tiles: []tile.Kind{k}})
		t, ok := s.wall.DrawTail()
		if !ok {
			// HK-8.1, FR-12.4: no replacement exists.
			return s.noReplacement(seat, evs)
		}
		p.Concealed.Add(t)
		s.drawn, s.drawnFrom = t, FromBonus
		evs = append(evs, Event{Type: EvDraw, Seat: seat, From: rules.NoWind, Tiles: []tile.Kind{t}, Source: FromBonus})
	}
}

func firstBonus(c *tile.Counts) tile.Kind {
	for k := tile.F1; k < tile.Joker; k++ {
		if c[k] > 0 {
			return k
		}
	}
	return tile.None
}

// noReplacement handles a bonus tile or kong that needs a replacement when
// the wall has none: the seat invokes alone if the Celestial Empire is on,
// otherwise the hand is void (HK-8.1, FR-12.4).
func (s *State) noReplacement(seat rules.Wind, evs []Event) []Event {
	if s.setup.CelestialEmpire && len(s.deadDiscards()) > 0 {
		s.Phase, s.Turn, s.how, s.drawn = PhaseInvoke, seat, turnLoneInvke, tile.None
		return evs
	}
	return s.endVoid(evs, "no replacement tile is left (HK-8.1, FR-12.4)")
}

// deadDiscards returns the kinds lying unclaimed in the discard rows.
func (s *State) deadDiscards() []tile.Kind {
	var set tile.Set
	for _, p := range s.Players {
		for _, d := range p.Discards {
			if !d.Claimed {
				set = set.Add(d.Tile)
			}
		}
	}
	return set.Kinds()
}

// updateWaits refreshes every seat's cached waits.
func (s *State) updateWaits() {
	for seat := range s.Players {
		s.updateSeatWaits(rules.Wind(seat))
	}
}

// updateSeatWaits refreshes the cached waits of a seat holding 13 tiles.
func (s *State) updateSeatWaits(seat rules.Wind) {
	p := &s.Players[seat]
	p.waits = s.waitsOf(seat, p)
}

// waitsOf returns the tiles that may complete p, the tiles of seat, when p
// holds 13 effective tiles and is not dead (none otherwise).
func (s *State) waitsOf(seat rules.Wind, p *Player) tile.Set {
	if p.effective(s.setup.CardCalls) != 13 || p.Dead {
		return 0
	}
	if s.setup.CardCalls {
		// AM-5.6: every discard is a candidate, which Value confirms at
		// once: cheaper than matching every kind against the card.
		return tile.Set(1)<<tile.NumKinds - 1
	}
	if w, ok := s.ruleset.(rules.Waiter); ok {
		h := rules.Hand{Concealed: p.Concealed, Melds: p.Melds, Bonus: p.Bonus, Winning: tile.None}
		return w.Waits(h, s.context(seat, rules.NoWind, 0))
	}
	return hand.Waits(&p.Concealed)
}

// scoringHand returns the seat's tiles as a rules.Hand with winning tile w.
func (s *State) scoringHand(seat rules.Wind, w tile.Kind) rules.Hand {
	p := &s.Players[seat]
	return rules.Hand{Concealed: p.Concealed, Melds: p.Melds, Bonus: p.Bonus, Winning: w}
}

// context returns the scoring context of seat winning on a tile from
// `from` (rules.NoWind: self-drawn) with flags.
func (s *State) context(seat, from rules.Wind, flags rules.Flag) rules.Context {
	p := &s.Players[seat]
	joker := tile.None
	switch {
	case p.Declared == DeclCalling:
		flags |= rules.Calling
	case p.Declared == DeclTing:
		flags |= rules.Ting
		joker = s.joker
	}
	if s.anyTing {
		flags |= rules.AnyTing
	}
	if s.setup.Ting && !p.Called {
		flags |= rules.NoCalls
	}
	return rules.Context{Options: s.opts, Seat: seat, Round: s.Round, Dominant: s.Dominant, From: from, Flags: flags, Joker: joker}
}

// winValue values seat's win on tile k from `from` with flags; the hand
// (without k) must be the seat's current tiles.
func (s *State) winValue(seat rules.Wind, k tile.Kind, from rules.Wind, flags rules.Flag) rules.Valuation {
	return s.ruleset.Value(s.scoringHand(seat, k), s.context(seat, from, flags))
}

// canWinOn reports whether seat may win on tile k discarded (or robbed, or
// invoked) from `from`.
func (s *State) canWinOn(seat rules.Wind, k tile.Kind, from rules.Wind, flags rules.Flag) bool {
	return s.mayWin(seat) && s.Players[seat].waits.Has(k) && s.winValue(seat, k, from, flags).Valid
}

// mayWin reports whether seat may declare a win at all: with TING, only
// after announcing it or before the first discard (JL-9.5, JL-D13).
func (s *State) mayWin(seat rules.Wind) bool {
	p := &s.Players[seat]
	return !s.setup.Ting || p.Declared == DeclTing || p.Discarded == 0
}
