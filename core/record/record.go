// Package record reads and writes game records: a header line (format,
// ruleset, options, seed) followed by the game's events, one JSON object a
// line. Replaying a record re-applies its actions to a fresh match and
// checks that every event comes out the same, so a record reproduces every
// state of the game.
package record

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// Format is the record format written in every header.
const Format = "fourwinds-record/1"

// MaxLine is the longest line a record may have.
const MaxLine = 1 << 20

// ErrRecord is wrapped by every error about a malformed record.
var ErrRecord = errors.New("record: bad record")

// Header is a record's first line.
type Header struct {
	Format  string            `json:"format"`
	Ruleset string            `json:"ruleset"`
	Options map[string]string `json:"options"`
	Seed    wall.Seed         `json:"seed"`
	// Card is the text of a user's American card (AM-11), when the game
	// plays one.
	Card string `json:"card,omitempty"`
	// HandSeeds are the walls' seeds supplied from outside, by hand
	// (game.MatchConfig.HandSeeds).
	HandSeeds []wall.Seed `json:"hand_seeds,omitempty"`
	// Uniform: every discard opened a window every seat answered
	// (game.MatchConfig.Uniform).
	Uniform bool `json:"uniform,omitempty"`
	// From, for a game taken over from another device, is where the match
	// stood when this record begins (game.ResumeMatch).
	From *Continuation `json:"from,omitempty"`
}

// Continuation is where a match taken over from another device stood:
// its standing and its finished hands.
type Continuation struct {
	Standing game.Standing      `json:"standing"`
	History  []game.HandSummary `json:"history,omitempty"`
}

// Record is a whole game: its header and its events.
type Record struct {
	Header Header
	Events []game.Event
}

// New returns an empty record for a match configuration. A game on a
// user's card sets Header.Card to the card's text.
func New(cfg game.MatchConfig) *Record {
	return &Record{Header: Header{Format: Format, Ruleset: cfg.Ruleset.ID(), Options: cfg.Options.Map(), Seed: cfg.Seed,
		HandSeeds: cfg.HandSeeds, Uniform: cfg.Uniform}}
}

// Add appends events.
func (r *Record) Add(evs ...game.Event) { r.Events = append(r.Events, evs...) }

// Encode writes the record as JSON lines.
func (r *Record) Encode() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	if err := enc.Encode(r.Header); err != nil {
		return nil, err
	}
	for _, e := range r.Events {
		if err := enc.Encode(e); err != nil {
			return nil, fmt.Errorf("record: cannot encode a %s event: %w", e.Type, err)
		}
	}
	return b.Bytes(), nil
}

// Decode reads a record written by Encode. Errors name the line.
func Decode(data []byte) (*Record, error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), MaxLine)
	r := &Record{}
	line, header := 0, false
	for sc.Scan() {
		line++
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		if !header {
			if err := json.Unmarshal(text, &r.Header); err != nil {
				return nil, fmt.Errorf("%w: line %d is not a header: %v", ErrRecord, line, err)
			}
			if r.Header.Format != Format {
				return nil, fmt.Errorf("%w: line %d: format %q, want %q", ErrRecord, line, r.Header.Format, Format)
			}
			header = true
			continue
		}
		var e game.Event
		if err := json.Unmarshal(text, &e); err != nil {
			return nil, fmt.Errorf("%w: line %d: %v", ErrRecord, line, err)
		}
		if err := e.Check(); err != nil {
			return nil, fmt.Errorf("%w: line %d: %v", ErrRecord, line, err)
		}
		r.Events = append(r.Events, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: line %d: %v (a line may have %d bytes)", ErrRecord, line+1, err, MaxLine)
	}
	if !header {
		return nil, fmt.Errorf("%w: empty", ErrRecord)
	}
	return r, nil
}

// Config rebuilds the match configuration the record was made with.
func (r *Record) Config() (game.MatchConfig, error) {
	rs, err := rules.GetWithCard(r.Header.Ruleset, r.Header.Card)
	if err != nil {
		return game.MatchConfig{}, fmt.Errorf("%w: %v", ErrRecord, err)
	}
	o, err := rules.ResolveOptions(rs, r.Header.Options)
	if err != nil {
		return game.MatchConfig{}, fmt.Errorf("%w: %v", ErrRecord, err)
	}
	return game.MatchConfig{Ruleset: rs, Options: o, Seed: r.Header.Seed, HandSeeds: r.Header.HandSeeds, Uniform: r.Header.Uniform}, nil
}

// Step is called after each replayed event with the match as it stands.
type Step func(m *game.Match, e game.Event)

// Replay re-applies the record's actions to a fresh match, checking that the
// engine produces exactly the recorded events, and calls step after each
// event. It returns the match as it stands at the end of the record.
func (r *Record) Replay(step Step) (*game.Match, error) {
	cfg, err := r.Config()
	if err != nil {
		return nil, err
	}
	m, produced, err := r.start(cfg)
	if err != nil {
		return nil, err
	}
	err = follow(r.Events, produced, func(e game.Event) ([]game.Event, error) {
		switch {
		case e.Type == game.EvAction && e.Action != nil:
			return m.Apply(m.PlayerAt(e.Seat), *e.Action)
		case (e.Type == game.EvHandStart || e.Type == game.EvMatchEnd) && m.Hand.Phase == game.PhaseEnd && !m.Over:
			return m.NextHand()
		}
		return nil, errUncaused
	}, func(e game.Event) {
		if step != nil {
			step(m, e)
		}
	})
	return m, err
}

// ReplayHand deals one hand again from cfg (its seed, number and round)
// and re-applies the actions among evs, the hand's events from its
// start, checking as Replay does that the engine produces exactly evs.
// at, when set, is called with the hand as it stands before each action
// is applied.
func ReplayHand(cfg game.HandConfig, evs []game.Event, at func(*game.State)) error {
	st, produced, err := game.NewHand(cfg)
	if err != nil {
		return fmt.Errorf("%w: hand %d cannot be dealt: %v", ErrRecord, cfg.Number, err)
	}
	return follow(evs, produced, func(e game.Event) ([]game.Event, error) {
		if at != nil {
			at(st)
		}
		if e.Type != game.EvAction || e.Action == nil {
			return nil, errUncaused
		}
		return st.Apply(e.Seat, *e.Action)
	}, nil)
}

// errUncaused is a cause's answer for an event that no action and no
// deal of the next hand produced.
var errUncaused = errors.New("not caused by any action")

// follow checks that the engine produces exactly the recorded events evs,
// starting from the events it produced already (produced). Whenever those
// are used up, cause is given the next recorded event and returns the
// events its cause (an action applied, the next hand dealt) produces, or
// errUncaused; step, when set, is called after each event that matched.
func follow(evs, produced []game.Event, cause func(game.Event) ([]game.Event, error), step func(game.Event)) error {
	for i := 0; i < len(evs); {
		if len(produced) == 0 {
			var err error
			if produced, err = cause(evs[i]); errors.Is(err, errUncaused) {
				return fmt.Errorf("%w: event %d (%s) was %v", ErrRecord, i+1, evs[i].Type, err)
			} else if err != nil {
				return fmt.Errorf("%w: event %d: %v", ErrRecord, i+1, err)
			}
			continue
		}
		want, _ := json.Marshal(evs[i])
		got, _ := json.Marshal(produced[0])
		if !bytes.Equal(want, got) {
			return fmt.Errorf("%w: event %d differs on replay:\n recorded %s\n replayed %s", ErrRecord, i+1, want, got)
		}
		if step != nil {
			step(produced[0])
		}
		produced = produced[1:]
		i++
	}
	return nil
}

// start deals the record's first hand: a new match, or the match taken
// over where it stood (Header.From), with the hand seeds that follow.
func (r *Record) start(cfg game.MatchConfig) (*game.Match, []game.Event, error) {
	f := r.Header.From
	if f == nil {
		return game.NewMatch(cfg)
	}
	n := f.Standing.Number
	if n < 1 || len(cfg.HandSeeds) < n {
		return nil, nil, fmt.Errorf("%w: a game taken over at hand %d has %d hand seeds", ErrRecord, n, len(cfg.HandSeeds))
	}
	m, evs, err := game.ResumeMatch(cfg, f.Standing, f.History, cfg.HandSeeds[n-1])
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrRecord, err)
	}
	for i, s := range cfg.HandSeeds[n:] {
		if err := m.SupplySeed(n+1+i, s); err != nil {
			return nil, nil, fmt.Errorf("%w: %v", ErrRecord, err)
		}
	}
	return m, evs, nil
}
