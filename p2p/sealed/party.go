package sealed

import (
	"errors"
	"fmt"
	"sync"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/sealed"
	"github.com/fourwinds-mahjong/fourwinds/core/sealedplay"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// Decider chooses the actions of the players a device plays. Decide is
// called on the device's goroutine and must not block: it answers later,
// from any goroutine, or at once, by calling answer once with one of
// v.Legal. An answer to a decision that no longer stands is dropped.
type Decider interface {
	Decide(player int, v *game.View, answer func(game.Action))
}

// Hand is one deal as a party saw it.
type Hand struct {
	// Deal numbers the deals of the table from 1: a void hand is dealt
	// again under the next deal (and fresh keys), with the same Number.
	Deal   uint32 `json:"deal"`
	Number int    `json:"number"`
	// Verdict is the party's end-of-hand audit: verified, with the hand's
	// result, or why not (a void hand's reason names who withheld what).
	Verdict sealedplay.Verdict `json:"verdict"`
}

// Record is a sealed match as one party saw it.
type Record struct {
	// Hands are every deal, void ones included.
	Hands []Hand `json:"hands"`
	// History are the hands booked, whose results were verified.
	History []game.HandSummary `json:"history"`
	// Balances are each player's totals.
	Balances [4]int `json:"balances"`
	// Over is set when the match ended.
	Over bool `json:"over"`
}

// match is a sealed match as every party keeps it: the setup, the
// ordinary ledger (scoring, dealer rotation, rounds) and the deal.
type match struct {
	table  string
	setup  setup
	rules  rules.Ruleset
	opts   rules.Options
	ledger *game.Match
	deal   uint32
	hands  []Hand
}

func newMatch(table string, s setup) (*match, error) {
	r, err := rules.Get(s.Rules)
	if err != nil {
		return nil, err
	}
	o, err := rules.ResolveOptions(r, s.Options)
	if err != nil {
		return nil, err
	}
	if n := len(s.Peers); n < 2 || n > 4 {
		return nil, fmt.Errorf("sealed: %d key holders; a sealed table needs 2 to 4", n)
	}
	seen := map[string]bool{}
	for _, p := range s.Peers {
		if seen[p] {
			return nil, fmt.Errorf("sealed: key holder %s listed twice", p)
		}
		seen[p] = true
	}
	held := make([]bool, len(s.Peers))
	for p, h := range s.Players {
		if h < 0 || h >= len(s.Peers) {
			return nil, fmt.Errorf("sealed: player %d is played by holder %d of %d", p, h, len(s.Peers))
		}
		held[h] = true
	}
	for h, ok := range held {
		if !ok {
			return nil, fmt.Errorf("sealed: holder %d plays no player; every key holder plays one", h)
		}
	}
	if s.Hands < 0 {
		return nil, fmt.Errorf("sealed: %d hands; want 0 (the whole game) or more", s.Hands)
	}
	l, _, err := game.NewMatch(game.MatchConfig{Ruleset: r, Options: o, Seed: s.Seed, Uniform: true})
	if err != nil {
		return nil, err
	}
	m := &match{table: table, setup: s, rules: r, opts: o, ledger: l}
	if _, err := m.config(); err != nil {
		return nil, err // a ruleset not played sealed
	}
	return m, nil
}

// over reports whether the match has ended.
func (m *match) over() bool {
	return m.ledger.Over || (m.setup.Hands > 0 && len(m.ledger.History) >= m.setup.Hands)
}

// config is the sealed hand configuration of the current deal: the
// ledger's hand, the deal's dice and the holder of each seat wind.
func (m *match) config() (sealedplay.Config, error) {
	l := m.ledger
	rng := wall.NewRand(wall.Derive(m.setup.Seed, "sealed dice", int(m.deal)))
	cfg := sealedplay.Config{
		Hand: game.HandConfig{Ruleset: m.rules, Options: m.opts, Number: l.Number, Round: l.Round, Uniform: true},
		Dice: [2]int{2 + rng.IntN(6) + rng.IntN(6), 2 + rng.IntN(6) + rng.IntN(6)},
		Ctx:  sealed.Context{Table: m.table, Hand: m.deal, Ruleset: m.rules.ID(), Peers: m.setup.Peers},
	}
	for w := range cfg.Seats {
		cfg.Seats[w] = uint32(m.setup.Players[l.PlayerAt(rules.Wind(w))])
	}
	_, err := sealedplay.NewSpectator(cfg)
	return cfg, err
}

// end books the deal's verdict: a verified hand goes into the ledger, a
// void or unverified one is dealt again.
func (m *match) end(v sealedplay.Verdict) error {
	m.hands = append(m.hands, Hand{Deal: m.deal, Number: m.ledger.Number, Verdict: v})
	if !v.Verified {
		return nil
	}
	_, err := m.ledger.Book(v.Result)
	return err
}

// record returns the match as this party saw it.
func (m *match) record() Record {
	return Record{Hands: m.hands, History: m.ledger.History, Balances: m.ledger.Balances, Over: m.over()}
}

// party is a device's (or a spectator's) part in the match: the current
// deal's Device, or Spectator, and the decisions of the seats it plays.
type party struct {
	m      *match
	me     uint32 // holder index, or sealedplay.Public for a spectator
	dev    *sealedplay.Device
	spec   *sealedplay.Spectator
	ended  bool // the current deal is over and booked
	decide Decider
	asked  map[rules.Wind]uint64 // the StateID each seat was last asked about, +1

	// answers are the decisions made, until the party's goroutine takes them.
	mu      sync.Mutex
	answers []answer
	wake    chan struct{}
}

// answer is a decision of a seat in a deal.
type answer struct {
	deal   uint32
	seat   rules.Wind
	action game.Action
}

func newParty(m *match, me uint32, decide Decider) *party {
	return &party{m: m, me: me, decide: decide, ended: true, wake: make(chan struct{}, 1)}
}

// begin starts deal n with a fresh key; it returns the key message of a
// key holder.
func (p *party) begin(n uint32) ([]sealedplay.Msg, error) {
	if !p.ended || n != p.m.deal+1 || p.m.over() {
		return nil, fmt.Errorf("sealed: deal %d cannot start after deal %d (over: %v)", n, p.m.deal, p.ended)
	}
	p.m.deal, p.ended, p.asked = n, false, map[rules.Wind]uint64{}
	cfg, err := p.m.config()
	if err != nil {
		return nil, err
	}
	if p.me == sealedplay.Public {
		p.spec, err = sealedplay.NewSpectator(cfg)
		return nil, err
	}
	d, key, err := sealedplay.NewDevice(cfg, p.me)
	if err != nil {
		return nil, err
	}
	p.dev = d
	return []sealedplay.Msg{key}, nil
}

// errNoDeal refuses a message outside a deal.
var errNoDeal = errors.New("sealed: a message outside a deal")

// receive takes a message the sequencer relayed and returns this
// device's answers; once the deal is over it books its verdict.
func (p *party) receive(m sealedplay.Msg) ([]sealedplay.Msg, error) {
	if p.ended {
		return nil, errNoDeal
	}
	var out []sealedplay.Msg
	var err error
	var over bool
	if p.dev != nil {
		out, err = p.dev.Receive(m)
		over = p.dev.Over()
	} else {
		err = p.spec.Receive(m)
		over = p.spec.Over()
	}
	if err != nil || !over {
		return out, err
	}
	p.ended = true
	v := p.spec.Audit
	if p.dev != nil {
		v = p.dev.Audit
	}
	return out, p.m.end(v())
}

// ask asks the decider about every seat of this device that owes a
// decision it was not yet asked about.
func (p *party) ask() {
	if p.dev == nil || p.ended || p.decide == nil {
		return
	}
	deal := p.m.deal
	for _, seat := range p.dev.Decides() {
		v := p.dev.View(seat)
		if v == nil || len(v.Legal) == 0 || p.asked[seat] == v.StateID+1 {
			continue
		}
		p.asked[seat] = v.StateID + 1
		p.decide.Decide(p.m.ledger.PlayerAt(seat), v, func(a game.Action) {
			p.mu.Lock()
			p.answers = append(p.answers, answer{deal: deal, seat: seat, action: a})
			p.mu.Unlock()
			select {
			case p.wake <- struct{}{}:
			default:
			}
		})
	}
}

// decided returns the messages of the decisions made since the last
// call; those of an earlier deal, or no longer legal, are dropped.
func (p *party) decided() []sealedplay.Msg {
	p.mu.Lock()
	as := p.answers
	p.answers = nil
	p.mu.Unlock()
	var out []sealedplay.Msg
	for _, a := range as {
		if a.deal != p.m.deal || p.ended || p.dev == nil {
			continue
		}
		if m, err := p.dev.Act(a.seat, a.action); err == nil {
			out = append(out, m)
		}
	}
	return out
}
