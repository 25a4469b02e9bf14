package game

import (
	"errors"
	"fmt"
	"slices"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// MatchConfig is what a game needs: the ruleset, its options and the seed
// every wall of the game is derived from.
type MatchConfig struct {
	Ruleset rules.Ruleset
	Options rules.Options
	Seed    wall.Seed
	// HandSeeds are the walls' seeds supplied from outside, by hand: hand
	// n is dealt from HandSeeds[n-1] when there is one, else from a seed
	// derived from Seed. A networked table fills it hand by hand from its
	// commit-reveal (Match.SupplySeed).
	HandSeeds []wall.Seed
	// Uniform deals every hand with HandConfig.Uniform.
	Uniform bool
	// Rings are walls given from outside, by hand number: hand n is dealt
	// from Rings[n] (NewHandOn) when there is one, whatever the seeds say,
	// as a sealed table deals from its jointly shuffled deck. Such a hand
	// has no seed (its State.Seed and HandSummary.Seed are zero).
	Rings map[int]Ring
}

// Ring is a hand's wall given from outside: its tiles in the order
// wall.New takes them and the two throws that break it (NewHandOn).
type Ring struct {
	Tiles  []tile.Kind
	Throws [2]int
}

// HandSummary is one finished hand of a match.
type HandSummary struct {
	Number int        `json:"number"`
	Round  rules.Wind `json:"round"`
	// Dealer is the player who was East.
	Dealer int `json:"dealer"`
	// Winner is the winning player, or -1 for a void hand.
	Winner int     `json:"winner"`
	Result *Result `json:"result"`
	// Net is each player's gain or loss (indexed by player, not wind).
	Net [4]int `json:"net"`
	// Seed is the seed the hand's wall was dealt from, published once the
	// hand is over so that the deal can be checked; it tells nothing about
	// the walls of other hands.
	Seed wall.Seed `json:"seed"`
}

// Match runs hands and rounds to the end of a game. Players are numbered
// 0..3 around the table in turn order; their winds change as the deal passes.
type Match struct {
	cfg   MatchConfig
	setup rules.Setup

	// Dealer is the player who is East this hand.
	Dealer        int
	initialDealer int
	// Number is the current hand's number, from 1.
	Number int
	Round  rules.Wind
	// passes counts passes of the deal in the current round (CountDealerPasses).
	passes int
	// Balances are each player's running totals.
	Balances [4]int
	History  []HandSummary
	Hand     *State
	Over     bool
}

// ErrMatchOver is returned when a finished match is asked for another hand.
var ErrMatchOver = errors.New("game: the match is over")

// NewMatch starts a game: it chooses the first dealer with the dice (HK-2.1,
// FR-2.2, CL-2.3) and deals the first hand.
func NewMatch(cfg MatchConfig) (*Match, []Event, error) {
	setup := cfg.Ruleset.Setup(cfg.Options)
	m := &Match{cfg: cfg, setup: setup, Number: 1, Round: rules.E}
	m.initialDealer = wall.NewRand(wall.Derive(cfg.Seed, "seats", 0)).IntN(4)
	m.Dealer = m.initialDealer
	for i := range m.Balances {
		m.Balances[i] = setup.StartBalance
	}
	evs, err := m.deal()
	return m, evs, err
}

// Config returns the match's configuration.
func (m *Match) Config() MatchConfig { return m.cfg }

// WindOf returns a player's seat wind in the current hand.
func (m *Match) WindOf(player int) rules.Wind { return rules.Wind((player - m.Dealer + 4) % 4) }

// PlayerAt returns the player sitting at a wind in the current hand.
func (m *Match) PlayerAt(w rules.Wind) int { return (m.Dealer + int(w)) % 4 }

// HandSeed returns the seed hand n is dealt from.
func (m *Match) HandSeed(n int) wall.Seed {
	if n >= 1 && n <= len(m.cfg.HandSeeds) {
		return m.cfg.HandSeeds[n-1]
	}
	return wall.Derive(m.cfg.Seed, "hand", n)
}

// SupplySeed sets the seed of hand n, for a table whose walls come from
// outside; call it before NextHand deals hand n. Seeds are supplied in
// order: n must be the first hand without one (hand 1's seed goes in
// MatchConfig.HandSeeds).
func (m *Match) SupplySeed(n int, seed wall.Seed) error {
	if n != len(m.cfg.HandSeeds)+1 {
		return fmt.Errorf("game: seed for hand %d supplied out of order; the next supplied seed is for hand %d", n, len(m.cfg.HandSeeds)+1)
	}
	m.cfg.HandSeeds = append(m.cfg.HandSeeds, seed)
	return nil
}

func (m *Match) deal() ([]Event, error) {
	cfg := HandConfig{Ruleset: m.cfg.Ruleset, Options: m.cfg.Options, Number: m.Number, Round: m.Round, Uniform: m.cfg.Uniform}
	var st *State
	var evs []Event
	var err error
	if r, ok := m.cfg.Rings[m.Number]; ok {
		st, evs, err = NewHandOn(cfg, r.Tiles, r.Throws)
	} else {
		cfg.Seed = m.HandSeed(m.Number)
		st, evs, err = NewHand(cfg)
	}
	if err != nil {
		return nil, err
	}
	m.Hand = st
	if st.Phase == PhaseEnd {
		m.record(st.Result, st.Seed)
	}
	return evs, nil
}

// Apply applies a player's action to the current hand; when the hand ends,
// the balances are updated. Call NextHand to deal the next one.
func (m *Match) Apply(player int, a Action) ([]Event, error) {
	if player < 0 || player > 3 {
		return nil, fmt.Errorf("game: player %d does not exist; players are 0 to 3", player)
	}
	evs, err := m.Hand.Apply(m.WindOf(player), a)
	if err == nil && m.Hand.Phase == PhaseEnd {
		m.record(m.Hand.Result, m.Hand.Seed)
	}
	return evs, err
}

// ApplyUnchecked is Apply without the legality check (AI fast path).
func (m *Match) ApplyUnchecked(player int, a Action) []Event {
	evs := m.Hand.ApplyUnchecked(m.WindOf(player), a)
	if m.Hand.Phase == PhaseEnd {
		m.record(m.Hand.Result, m.Hand.Seed)
	}
	return evs
}

// record books the finished hand's result and seed.
func (m *Match) record(res *Result, seed wall.Seed) {
	sum := HandSummary{Number: m.Number, Round: m.Round, Dealer: m.Dealer, Winner: -1, Result: res, Seed: seed}
	if res.Winner != rules.NoWind {
		sum.Winner = m.PlayerAt(res.Winner)
	}
	for p := range 4 {
		sum.Net[p] = res.Net[m.WindOf(p)]
		m.Balances[p] += sum.Net[p]
	}
	m.History = append(m.History, sum)
}

// NextHand moves the deal and the round on after a finished hand and deals
// the next one, or ends the match (CL-3, HK-2.3–2.5, FR-3).
func (m *Match) NextHand() ([]Event, error) {
	if m.Over {
		return nil, ErrMatchOver
	}
	if m.Hand.Phase != PhaseEnd {
		return nil, fmt.Errorf("game: hand %d is not over yet", m.Number)
	}
	if m.advance(m.Hand.Result) {
		return m.end(), nil
	}
	return m.deal()
}

// Book ends the current hand with a result reached outside this match's
// engine, as a sealed table's hand is (played on tiles no device knew,
// its result that of its end-of-hand audit): it books the result like a
// hand played here and moves the deal, the round and the hand number on,
// or ends the match. The hand the match dealt itself is dropped: the
// caller deals hand Number, Round and Dealer say, its own way. It returns
// the match end's events once the match is over.
func (m *Match) Book(res *Result) ([]Event, error) {
	if m.Over {
		return nil, ErrMatchOver
	}
	if res == nil {
		return nil, fmt.Errorf("game: hand %d booked without a result", m.Number)
	}
	m.record(res, wall.Seed{})
	m.Hand = nil
	if m.advance(res) {
		return m.end(), nil
	}
	return nil, nil
}

// advance moves the deal, the round and the hand number on after a hand
// that ended with res; it reports true when the match ends instead.
func (m *Match) advance(res *Result) (over bool) {
	g := m.setup.Game
	keep := (res.Winner == rules.E && g.DealerKeepsOnWin) || (res.Winner == rules.NoWind && g.DealerKeepsOnDraw)
	if !keep {
		m.Dealer = (m.Dealer + 1) % 4
	}
	rounds := max(g.Rounds, 1)
	switch g.Count {
	case rules.CountDealerPasses:
		if !keep {
			m.passes++
		}
		if m.passes == 4 {
			m.passes = 0
			if int(m.Round)+1 >= rounds {
				return true
			}
			m.newRound(m.Round + 1)
		}
	default:
		if m.Number >= 4*rounds {
			return true
		}
		if m.Number%4 == 0 {
			m.newRound(rules.Wind(m.Number / 4))
		}
	}
	m.Number++
	return false
}

// Standing is where a match stands before one of its hands is dealt, in
// public facts only: no seed, no tile. A table can go on from it on
// another device (ResumeMatch), its walls' seeds supplied from outside.
type Standing struct {
	// Number is the hand to deal; Round its prevailing wind; Dealer the
	// player who will be East.
	Number int        `json:"number"`
	Round  rules.Wind `json:"round"`
	Dealer int        `json:"dealer"`
	// FirstDealer is the first hand's dealer, from whom the winds are
	// rotated at a new round (HK-2.5, FR-3.3).
	FirstDealer int `json:"first_dealer"`
	// Passes counts the passes of the deal in the round (CountDealerPasses).
	Passes int `json:"passes"`
	// Balances are each player's totals before the hand.
	Balances [4]int `json:"balances"`
	// Over is set when no hand is left to deal.
	Over bool `json:"over,omitempty"`
}

// Standing returns where the match stands for a table that would go on
// from it now: before the current hand while it is being played (a hand
// cut short is voided, its tiles never counted), before the next hand once
// it has ended.
func (m *Match) Standing() Standing {
	c := *m
	if m.Hand != nil && m.Hand.Phase == PhaseEnd && !m.Over {
		c.Over = c.advance(m.Hand.Result)
	}
	return Standing{Number: c.Number, Round: c.Round, Dealer: c.Dealer, FirstDealer: c.initialDealer, Passes: c.passes, Balances: c.Balances, Over: c.Over}
}

// ResumeMatch goes on with a match from public facts: where it stands and
// its finished hands (history, whose seeds become the first hand seeds),
// and deals hand st.Number from seed. cfg.Seed serves only what is not
// dealt from the hand seeds (the dice of a "redraw" round start); the
// walls of the next hands are supplied hand by hand (SupplySeed).
func ResumeMatch(cfg MatchConfig, st Standing, history []HandSummary, seed wall.Seed) (*Match, []Event, error) {
	switch {
	case st.Over:
		return nil, nil, ErrMatchOver
	case st.Number != len(history)+1:
		return nil, nil, fmt.Errorf("game: hand %d cannot follow %d finished hands; it must be hand %d", st.Number, len(history), len(history)+1)
	case st.Dealer < 0 || st.Dealer > 3 || st.FirstDealer < 0 || st.FirstDealer > 3:
		return nil, nil, fmt.Errorf("game: dealer %d, first dealer %d; players are 0 to 3", st.Dealer, st.FirstDealer)
	case st.Round < rules.E || st.Round > rules.N || st.Passes < 0 || st.Passes > 3:
		return nil, nil, fmt.Errorf("game: round %d with %d passes; want a wind and 0 to 3 passes", st.Round, st.Passes)
	}
	for i, h := range history {
		if h.Number != i+1 {
			return nil, nil, fmt.Errorf("game: finished hand %d is numbered %d", i+1, h.Number)
		}
	}
	cfg.HandSeeds = make([]wall.Seed, 0, st.Number)
	for _, h := range history {
		cfg.HandSeeds = append(cfg.HandSeeds, h.Seed)
	}
	cfg.HandSeeds = append(cfg.HandSeeds, seed)
	m := &Match{cfg: cfg, setup: cfg.Ruleset.Setup(cfg.Options), Dealer: st.Dealer, initialDealer: st.FirstDealer,
		Number: st.Number, Round: st.Round, passes: st.Passes, Balances: st.Balances, History: slices.Clone(history)}
	evs, err := m.deal()
	return m, evs, err
}

// newRound starts round r and re-designates the winds as the setup says
// (HK-2.5, HK-OPT-15, FR-3.3): "rotate" gives the player who had wind k in
// the first hand the wind k−r, "redraw" chooses the dealer with the dice
// again, anything else leaves the deal where it stands (CL-3.4).
func (m *Match) newRound(r rules.Wind) {
	m.Round = r
	switch m.setup.Game.RoundStart {
	case "rotate":
		m.Dealer = (m.initialDealer + int(r)) % 4
	case "redraw":
		m.Dealer = wall.NewRand(wall.Derive(m.cfg.Seed, "seats", m.Number)).IntN(4)
	}
}

// end closes the match with its final balances.
func (m *Match) end() []Event {
	m.Over = true
	b := m.Balances
	return []Event{{Type: EvMatchEnd, Seat: rules.NoWind, From: rules.NoWind, Balances: &b}}
}

// View returns a player's view of the current hand.
func (m *Match) View(player int) *View { return m.Hand.View(m.WindOf(player)) }
