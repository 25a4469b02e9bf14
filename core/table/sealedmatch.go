package table

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/record"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/sealed"
	"github.com/fourwinds-mahjong/fourwinds/core/sealedplay"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// DecodeSealedSetup strictly decodes a setup sent in JSON (a setup
// frame, or a deal note's key holders): no unknown field, nothing after
// it.
func DecodeSealedSetup(b []byte) (SealedSetup, error) {
	var s SealedSetup
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&s); err != nil {
		return SealedSetup{}, fmt.Errorf("table: bad setup: %w", err)
	}
	if d.More() {
		return SealedSetup{}, errors.New("table: bad setup: data after it")
	}
	return s, nil
}

// SealedSetup is what every party of a sealed match agrees on before its
// first deal: the dealer's device sends it first (in JSON) to every device
// and spectator.
type SealedSetup struct {
	// Rules is the ruleset's id, Options the table's options by name.
	Rules   string            `json:"rules"`
	Options map[string]string `json:"options,omitempty"`
	// Seed chooses the first dealer and every deal's dice. The tiles come
	// from the joint shuffle only, so the dealer's device that picks it
	// learns nothing from it.
	Seed wall.Seed `json:"seed"`
	// Hands is the number of hands the match ends after (0: the whole game).
	Hands int `json:"hands,omitempty"`
	// Peers are the key holders' ids (a transport's peer ids), in holder
	// order.
	Peers []string `json:"peers"`
	// Players are the holder that plays each player (0–3), AI players
	// included: its device sees their tiles.
	Players [4]int `json:"players"`
	// Names are the players' names (defaults when empty).
	Names []string `json:"names,omitempty"`
	// From, for a spectator that comes after the first deal, is the
	// ledger so far, which it takes on the dealer's word: it follows and
	// verifies every deal from the next one on. For a key holder that
	// rejoins (SealedConfig.Rejoin) it is the ledger before the dealer's
	// current deal. For every party of a match a successor dealer deals
	// on (From.Start) it is where that dealer's session starts. Nil for
	// the parties there from the start.
	From *SealedFrom `json:"from,omitempty"`
}

// SealedFrom is where a sealed match stands before a deal: a late
// spectator's ledger.
type SealedFrom struct {
	// Deal is the number of deals dealt so far.
	Deal uint32 `json:"deal"`
	// Standing is where the ledger stands; History are its booked hands.
	Standing game.Standing      `json:"standing"`
	History  []game.HandSummary `json:"history,omitempty"`
	// Start is set when a successor dealer's session starts here: the
	// table was handed over or taken over, and every key holder of the
	// new session starts from this ledger with a fresh key (no old key,
	// shuffle or dealer is needed); a hand cut short is dealt again
	// under its number. Unset for a late spectator's or a rejoining key
	// holder's ledger (Sealed.Ledger).
	Start bool `json:"start,omitempty"`
}

// SealedHand is one deal of a sealed match as a party saw it.
type SealedHand struct {
	// Deal numbers the deals of the table from 1: a void hand is dealt
	// again under the next deal (and fresh keys), with the same Number.
	Deal   uint32 `json:"deal"`
	Number int    `json:"number"`
	// Verified is the party's end-of-hand audit: the whole hand, opened,
	// replayed through the engine; Reason says why not (a void hand's
	// reason names who withheld what).
	Verified bool   `json:"verified"`
	Reason   string `json:"reason,omitempty"`
	// VoidWhy and VoidBy are how the deal was voided and the players whose
	// device voided it, as in Info.VoidWhy and Info.VoidBy.
	VoidWhy VoidWhy `json:"void_why,omitempty"`
	VoidBy  []int   `json:"void_by,omitempty"`
}

// SealedRecord is a sealed match as one party saw it.
type SealedRecord struct {
	// Hands are every deal, void ones included.
	Hands []SealedHand `json:"hands"`
	// History are the hands booked, whose results were verified.
	History []game.HandSummary `json:"history"`
	// Balances are each player's totals.
	Balances [4]int `json:"balances"`
	// Over is set when the match ended.
	Over bool `json:"over"`
	// Game is the match's game record as this party verified it, for
	// record.Replay and `fourwinds replay`: each verified hand dealt from
	// its opened wall (record.FormatWalls), its public events, and the
	// match's end. Void deals are not in it: they never count (Hands
	// lists them). A party that came after the first deal begins it
	// where the match stood then (record.Header.From).
	Game *record.Record `json:"-"`
}

// sealedMatch is a sealed match as every party keeps it: the setup, the
// ordinary ledger (scoring, dealer rotation, rounds) and the deal.
type sealedMatch struct {
	table  string
	setup  SealedSetup
	rs     rules.Ruleset
	opts   rules.Options
	ledger *game.Match
	deal   uint32
	hands  []SealedHand
	// game is the game record of the verified hands.
	game *record.Record
}

// SealedPlayable reports why the ruleset id with the options by name is
// not dealt at a sealed table (sealedplay.Playable), or nil when it is.
func SealedPlayable(id string, options map[string]string) error {
	r, err := rules.Get(id)
	if err != nil {
		return fmt.Errorf("table: %w", err)
	}
	o, err := rules.ResolveOptions(r, options)
	if err != nil {
		return fmt.Errorf("table: %w", err)
	}
	return sealedplay.Playable(r, o)
}

// newSealedMatch checks a setup and starts its ledger.
func newSealedMatch(table string, s SealedSetup) (*sealedMatch, error) {
	r, err := rules.Get(s.Rules)
	if err != nil {
		return nil, fmt.Errorf("table: %w", err)
	}
	o, err := rules.ResolveOptions(r, s.Options)
	if err != nil {
		return nil, fmt.Errorf("table: %w", err)
	}
	if err := sealedplay.Playable(r, o); err != nil {
		return nil, err
	}
	if n := len(s.Peers); n < 2 || n > 4 {
		return nil, fmt.Errorf("table: %d key holders; a sealed table needs 2 to 4", n)
	}
	seen := map[string]bool{}
	for _, p := range s.Peers {
		if seen[p] {
			return nil, fmt.Errorf("table: key holder %s listed twice", p)
		}
		seen[p] = true
	}
	held := make([]bool, len(s.Peers))
	for p, h := range s.Players {
		if h < 0 || h >= len(s.Peers) {
			return nil, fmt.Errorf("table: player %d is played by holder %d of %d", p, h, len(s.Peers))
		}
		held[h] = true
	}
	for h, ok := range held {
		if !ok && s.From == nil {
			// Taken up during the match, a holder may have given every
			// player it played to devices that came late (AddHolder).
			return nil, fmt.Errorf("table: holder %d plays no player; every key holder plays one", h)
		}
	}
	if s.Hands < 0 {
		return nil, fmt.Errorf("table: %d hands; want 0 (the whole game) or more", s.Hands)
	}
	if len(s.Names) > 4 {
		return nil, fmt.Errorf("table: %d names; a table has 4 players", len(s.Names))
	}
	mc := game.MatchConfig{Ruleset: r, Options: o, Seed: s.Seed, Uniform: true}
	var l *game.Match
	if s.From != nil {
		l, _, err = game.ResumeMatch(mc, s.From.Standing, s.From.History, wall.Seed{})
	} else {
		l, _, err = game.NewMatch(mc)
	}
	if err != nil {
		return nil, fmt.Errorf("table: %w", err)
	}
	m := &sealedMatch{table: table, setup: s, rs: r, opts: o, ledger: l, game: record.New(mc)}
	m.game.Header.Format = record.FormatWalls
	if s.From != nil {
		m.deal = s.From.Deal
		m.game.Header.From = &record.Continuation{Standing: s.From.Standing, History: s.From.History}
	}
	if _, err := m.config(); err != nil {
		return nil, err // a ruleset not played sealed
	}
	return m, nil
}

// over reports whether the match has ended.
func (m *sealedMatch) over() bool {
	return m.ledger.Over || (m.setup.Hands > 0 && len(m.ledger.History) >= m.setup.Hands)
}

// config is the sealed hand configuration of the current deal: the
// ledger's hand, the deal's dice and the holder of each seat wind.
func (m *sealedMatch) config() (sealedplay.Config, error) {
	l := m.ledger
	rng := wall.NewRand(wall.Derive(m.setup.Seed, "sealed dice", int(m.deal)))
	cfg := sealedplay.Config{
		Hand: game.HandConfig{Ruleset: m.rs, Options: m.opts, Number: l.Number, Round: l.Round, Uniform: true},
		Dice: [2]int{2 + rng.IntN(6) + rng.IntN(6), 2 + rng.IntN(6) + rng.IntN(6)},
		Ctx:  sealed.Context{Table: m.table, Hand: m.deal, Ruleset: m.rs.ID(), Peers: m.setup.Peers},
	}
	for w := range cfg.Seats {
		cfg.Seats[w] = uint32(m.setup.Players[l.PlayerAt(rules.Wind(w))])
	}
	_, err := sealedplay.NewSpectator(cfg)
	return cfg, err
}

// end books the deal's verdict: a verified hand goes into the ledger, a
// void or unverified one is dealt again.
func (m *sealedMatch) end(v sealedplay.Verdict) error {
	h := SealedHand{Deal: m.deal, Number: m.ledger.Number, Verified: v.Verified, Reason: v.Reason}
	if !v.Verified {
		h.VoidWhy, h.VoidBy = m.blame(v.Fault)
	}
	m.hands = append(m.hands, h)
	if !v.Verified {
		return nil
	}
	m.game.AddWall(record.Wall{Hand: m.ledger.Number, Ring: v.Ring.Tiles, Throws: v.Ring.Throws})
	m.game.Add(v.Events...)
	evs, err := m.ledger.Book(v.Result)
	m.game.Add(evs...)
	return err
}

// blame is a void deal's fault in players: how, and the players the
// device at fault plays (Setup.Players); nothing when no holder is named.
func (m *sealedMatch) blame(f sealedplay.Fault) (VoidWhy, []int) {
	why := map[sealedplay.FaultKind]VoidWhy{sealedplay.Withheld: VoidWithheld, sealedplay.Cheated: VoidCheat}[f.Kind]
	if why == "" {
		return "", nil
	}
	var by []int
	for p, h := range m.setup.Players {
		if h == int(f.Holder) {
			by = append(by, p)
		}
	}
	return why, by
}

// from is the setup as a spectator that comes now takes the match up
// from the next deal.
func (m *sealedMatch) from() SealedSetup {
	s := m.setup
	s.From = &SealedFrom{Deal: m.deal, Standing: m.ledger.Standing(), History: m.ledger.History}
	return s
}

// record returns the match as this party saw it.
func (m *sealedMatch) record() SealedRecord {
	h := m.ledger.History
	g := &record.Record{Header: m.game.Header, Events: slices.Clone(m.game.Events)}
	g.Header.Walls = slices.Clone(g.Header.Walls)
	return SealedRecord{Hands: append([]SealedHand(nil), m.hands...), History: append([]game.HandSummary(nil), h...), Balances: m.ledger.Balances, Over: m.over(), Game: g}
}
