// Package record reads and writes game records: a header line (format,
// ruleset, options, seed) followed by the game's events, one JSON object a
// line. Replaying a record re-applies its actions to a fresh match and
// checks that every event comes out the same, so a record reproduces every
// state of the game. A hand's wall comes from its seed, or, in a sealed
// match's record (FormatWalls), from the wall written out in the header.
package record

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// Format is the record format of a game whose walls all come from seeds.
const Format = "fourwinds-record/1"

// FormatWalls is the record format of a game with hands dealt from walls
// written out in the header (Header.Walls), as a sealed match's are: a
// reader that knows Format alone refuses it, rather than deal those hands
// from seeds. Everything else in it is as in Format.
const FormatWalls = "fourwinds-record/2"

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
	// Walls are the hands dealt from a wall written out here rather than
	// from a seed, in the order of their numbers (FormatWalls only).
	Walls []Wall `json:"walls,omitempty"`
}

// Wall is a hand dealt from a given wall (game.NewHandOn), as a sealed
// table deals from its jointly shuffled deck, written out once the hand
// is over and every tile opened.
type Wall struct {
	// Hand is the hand's number in the match.
	Hand int `json:"hand"`
	// Ring is the wall's tiles in the order wall.New takes them.
	Ring []tile.Kind `json:"ring"`
	// Throws are the two dice totals that break the wall.
	Throws [2]int `json:"throws"`
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

// AddWall writes out the wall a hand was dealt from, once it is over; the
// record's format becomes FormatWalls. Walls are added in the order of
// their hands.
func (r *Record) AddWall(w Wall) {
	r.Header.Format = FormatWalls
	r.Header.Walls = append(r.Header.Walls, w)
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
			if err := r.Header.check(); err != nil {
				return nil, fmt.Errorf("%w: line %d: %v", ErrRecord, line, err)
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

// check checks the header's format and its walls as far as they go
// without the ruleset (Record.Config checks their tiles against its set).
func (h *Header) check() error {
	switch h.Format {
	case Format:
		if len(h.Walls) > 0 {
			return fmt.Errorf("format %q with walls; a record with walls is %q", Format, FormatWalls)
		}
		return nil
	case FormatWalls:
	default:
		return fmt.Errorf("format %q, want %q or %q", h.Format, Format, FormatWalls)
	}
	for i, w := range h.Walls {
		if i > 0 && w.Hand <= h.Walls[i-1].Hand {
			return fmt.Errorf("the wall of hand %d follows that of hand %d; walls come once each, in the order of their hands", w.Hand, h.Walls[i-1].Hand)
		}
		if w.Hand < 1 {
			return fmt.Errorf("a wall of hand %d; hands are numbered from 1", w.Hand)
		}
		for _, t := range w.Throws {
			if t < 2 || t > 12 {
				return fmt.Errorf("hand %d's wall is broken by throws %v; a throw is a two-dice total, 2 to 12", w.Hand, w.Throws)
			}
		}
		for j, k := range w.Ring {
			if !k.Valid() {
				return fmt.Errorf("hand %d's ring holds %v at %d, which is not a tile", w.Hand, k, j)
			}
		}
	}
	return nil
}

// rings are the header's walls for a match of ruleset rs with options
// o, each checked to hold that ruleset's set of tiles.
func (h *Header) rings(rs rules.Ruleset, o rules.Options) (map[int]game.Ring, error) {
	if len(h.Walls) == 0 {
		return nil, nil
	}
	set := rs.Setup(o).Tiles
	out := make(map[int]game.Ring, len(h.Walls))
	for _, w := range h.Walls {
		var have tile.Counts
		for _, k := range w.Ring {
			have[k]++
		}
		for k := range set {
			if have[k] != set[k] {
				return nil, fmt.Errorf("hand %d's ring of %d tiles holds %d of %v; a %s set of %d tiles holds %d", w.Hand, len(w.Ring), have[k], tile.Kind(k), rs.ID(), set.Total(), set[k])
			}
		}
		out[w.Hand] = game.Ring{Tiles: w.Ring, Throws: w.Throws}
	}
	return out, nil
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
	if err := r.Header.check(); err != nil {
		return game.MatchConfig{}, fmt.Errorf("%w: %v", ErrRecord, err)
	}
	rings, err := r.Header.rings(rs, o)
	if err != nil {
		return game.MatchConfig{}, fmt.Errorf("%w: %v", ErrRecord, err)
	}
	return game.MatchConfig{Ruleset: rs, Options: o, Seed: r.Header.Seed, HandSeeds: r.Header.HandSeeds, Uniform: r.Header.Uniform, Rings: rings}, nil
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
	_, walled := cfg.Rings[n]
	if n < 1 || (len(cfg.HandSeeds) < n && !walled) {
		return nil, nil, fmt.Errorf("%w: a game taken over at hand %d has %d hand seeds and no wall of hand %d", ErrRecord, n, len(cfg.HandSeeds), n)
	}
	if len(r.Header.Walls) > 0 && r.Header.Walls[0].Hand < n {
		return nil, nil, fmt.Errorf("%w: a wall of hand %d in a record that begins at hand %d", ErrRecord, r.Header.Walls[0].Hand, n)
	}
	var seed wall.Seed
	var later []wall.Seed
	if len(cfg.HandSeeds) >= n {
		seed, later = cfg.HandSeeds[n-1], cfg.HandSeeds[n:]
	}
	m, evs, err := game.ResumeMatch(cfg, f.Standing, f.History, seed)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrRecord, err)
	}
	for i, s := range later {
		if err := m.SupplySeed(n+1+i, s); err != nil {
			return nil, nil, fmt.Errorf("%w: %v", ErrRecord, err)
		}
	}
	return m, evs, nil
}
