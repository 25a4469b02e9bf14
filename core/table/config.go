package table

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/record"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// LocalConfig is what a Local table is made with.
type LocalConfig struct {
	// Rules is the ruleset id; Options the table options by name (the
	// ruleset's defaults for the others).
	Rules   string            `json:"rules"`
	Options map[string]string `json:"options,omitempty"`
	// Card is the text of a user's American card (AM-11), or "".
	Card string `json:"card,omitempty"`
	// Seed is the match seed: 64 hex digits or any text
	// (wall.SeedFromString); a random one when empty. It stays secret:
	// only each finished hand's own seed is shown (game.HandSummary.Seed).
	Seed string `json:"seed"`
	// Seats say who plays each player.
	Seats [4]SeatConfig `json:"seats"`
	// Name is the table's name.
	Name string `json:"name,omitempty"`
	// Pace is how long a computer player thinks before it acts (0:
	// instantly, for tests and self-play; about a second in the app).
	Pace time.Duration `json:"pace,omitempty"`
	// ClaimClock is how long a person has to answer a claim window before
	// silence counts as a pass. 0 means american's claim_timeout_s and no
	// clock for the other rulesets; a negative clock never runs out.
	ClaimClock time.Duration `json:"claim_clock,omitempty"`
	// DiscardPause is the least time every claim window stays open, so
	// that a discard nobody can claim pauses as long as one that somebody
	// could (0: windows close as soon as every seat has answered).
	DiscardPause time.Duration `json:"discard_pause,omitempty"`
	// StandIn is how long a disconnected person's seat waits before the
	// computer plays for it (SetConnected); 0 stands in at once.
	StandIn time.Duration `json:"stand_in,omitempty"`
	// SavePath is where the table saves itself after every event (temp
	// file and rename), for Resume; "" saves nothing.
	SavePath string `json:"-"`
	// Hands ends the match after that many hands; 0 plays the whole game.
	Hands int `json:"hands,omitempty"`
	// AutoNext deals the next hand as soon as one ends, without waiting
	// for IntentNextHand (tables with no person, such as self-play).
	AutoNext bool `json:"auto_next,omitempty"`
	// Hold keeps the table in its lobby until Start: seats may still be
	// changed (SetSeat) and no hand is dealt.
	Hold bool `json:"-"`
	// HandSeed, when set, supplies the seed of each hand's wall (a
	// networked table's commit-reveal). It is called, outside the table's
	// goroutine, before each hand is dealt; until it returns the table
	// waits between hands. An error leaves the table waiting; the next
	// IntentNextHand (or Start) asks again.
	HandSeed func(ctx context.Context, hand int) (wall.Seed, error) `json:"-"`
	// Plain lets the engine open a claim window only when some seat can
	// claim (game.HandConfig.Uniform off). It is faster, but the shape of
	// the game then shows who could claim: only for tables nobody plays
	// at or watches, such as self-play.
	Plain bool `json:"plain,omitempty"`
	// NoRecord keeps no game record (self-play that wants none; Record
	// then fails). A table that saves always keeps one.
	NoRecord bool `json:"-"`
	// From, when set, goes on with a match taken over from another
	// device where it stood (Info.Standing and Info.History), from public
	// facts only: its first hand is From.Standing.Number, and Seed serves
	// only this device's computer players and dice, never a wall (each
	// wall comes from HandSeed).
	From *record.Continuation `json:"from,omitempty"`
	// Watch, when set, is called on the table's goroutine after every
	// step with the match and the step's events, unredacted: for
	// self-play statistics and invariant checks. It must not change the
	// match, and it sees every secret: never give it to a client.
	Watch func(m *game.Match, evs []game.Event) `json:"-"`
}

// SeatConfig says who plays one player.
type SeatConfig struct {
	// Name is the player's name (a default when empty).
	Name string `json:"name"`
	// Kind is who plays the seat (SeatAI when empty).
	Kind SeatKind `json:"kind"`
	// Level is the level of the computer playing an AI seat or standing
	// in for a person (intermediate when empty).
	Level ai.Level `json:"level,omitempty"`
	// Player, when set, is the computer player of an AI seat instead of
	// one made from Level (self-play that instruments its players).
	Player ai.Player `json:"-"`
}

// resolved is a LocalConfig checked and turned into engine values.
type resolved struct {
	rs    rules.Ruleset
	opts  rules.Options
	seed  wall.Seed
	clock time.Duration
}

// resolve checks cfg and fills in its defaults.
func (cfg *LocalConfig) resolve() (resolved, error) {
	var r resolved
	rs, err := rules.GetWithCard(cfg.Rules, cfg.Card)
	if err != nil {
		return r, fmt.Errorf("table: %w", err)
	}
	o, err := rules.ResolveOptions(rs, cfg.Options)
	if err != nil {
		return r, fmt.Errorf("table: %w", err)
	}
	r.rs, r.opts = rs, o
	if cfg.Seed == "" {
		var b [32]byte
		if _, err := rand.Read(b[:]); err != nil {
			return r, fmt.Errorf("table: no random seed: %w", err)
		}
		cfg.Seed = hex.EncodeToString(b[:])
	}
	r.seed = wall.SeedFromString(cfg.Seed)
	r.clock = cfg.ClaimClock
	if r.clock == 0 && hasOption(o, claimTimeout) {
		r.clock = time.Duration(o.Int(claimTimeout)) * time.Second // AM-5.4
	}
	if cfg.Hands < 0 {
		return r, fmt.Errorf("table: %d hands; want 0 (the whole game) or more", cfg.Hands)
	}
	for p := range cfg.Seats {
		s := &cfg.Seats[p]
		if s.Kind == "" {
			s.Kind = SeatAI
		}
		switch s.Kind {
		case SeatAI, SeatHuman, SeatRemote:
		default:
			return r, fmt.Errorf("table: player %d: seat kind %q; allowed: human, ai, remote", p, s.Kind)
		}
		if s.Level == "" {
			s.Level = ai.Intermediate
		}
		if _, err := ai.New(s.Level, wall.Seed{}); err != nil {
			return r, fmt.Errorf("table: player %d: %w", p, err)
		}
		if s.Name == "" {
			s.Name = DefaultName(p, s.Kind)
		}
	}
	return r, nil
}

// claimTimeout is the table option that sets the claim clock in seconds
// (american's claim_timeout_s, AM-5.4).
const claimTimeout = "claim_timeout_s"

// hasOption reports whether o's schema has an option called name.
func hasOption(o rules.Options, name string) bool {
	for _, s := range o.Specs() {
		if s.Matches(name) {
			return true
		}
	}
	return false
}

// DefaultName is the name a table gives player p when its seat of kind k
// was given none ("AI 3", "Player 2"); an app may show such a seat by a
// name of its own, in its language.
func DefaultName(p int, k SeatKind) string {
	if k == SeatAI {
		return fmt.Sprintf("AI %d", p+1)
	}
	return fmt.Sprintf("Player %d", p+1)
}
