package fourwinds

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
)

// Table is a table dealt on this device (core/table's Local): one match,
// played by a person at player 0 and the computer at the other seats, or
// as its configuration says. Its methods are safe to call from any thread.
type Table struct {
	t *table.Local
}

// NewSoloTable deals a solo table: player 0 is the person on this device,
// players 1 to 3 are computers. rules is a ruleset id (see Rulesets);
// options a JSON object of table options by id or key ("" for the
// defaults); seed any text (the same seed deals the same walls) or "" for
// a random one; levels the computers' levels, one for all three or three
// separated by commas ("novice", "intermediate", "expert"; "" for
// intermediate); paceMillis how long a computer waits before it acts.
func NewSoloTable(rules, options, seed, levels string, paceMillis int) (*Table, error) {
	cfg := table.LocalConfig{Rules: rules, Seed: seed, Pace: time.Duration(paceMillis) * time.Millisecond}
	if strings.TrimSpace(options) != "" {
		if err := json.Unmarshal([]byte(options), &cfg.Options); err != nil {
			return nil, fmt.Errorf("fourwinds: options must be a JSON object of names and values, such as {\"scoring\":\"advanced\"}: %w", err)
		}
	}
	ls := strings.Split(levels, ",")
	switch len(ls) {
	case 1:
		ls = []string{ls[0], ls[0], ls[0]}
	case 3:
	default:
		return nil, fmt.Errorf("fourwinds: %d levels in %q; give one level for the three computers or three separated by commas", len(ls), levels)
	}
	cfg.Seats[0] = table.SeatConfig{Kind: table.SeatHuman}
	for i, l := range ls {
		cfg.Seats[i+1] = table.SeatConfig{Kind: table.SeatAI, Level: ai.Level(strings.TrimSpace(l))}
	}
	return start(cfg)
}

// NewTable deals a table from its whole configuration: the JSON of
// core/table's LocalConfig ({"rules", "options", "card", "seed", "seats":
// [{"name", "kind", "level"}, ...], "pace", "claim_clock", "hands", ...},
// durations in nanoseconds).
func NewTable(config string) (*Table, error) {
	var cfg table.LocalConfig
	if err := json.Unmarshal([]byte(config), &cfg); err != nil {
		return nil, fmt.Errorf("fourwinds: the table configuration is not the JSON expected: %w", err)
	}
	return start(cfg)
}

func start(cfg table.LocalConfig) (*Table, error) {
	t, err := table.NewLocal(cfg)
	if err != nil {
		return nil, err
	}
	return &Table{t: t}, nil
}

// Snapshot returns everything player (0 to 3, or -1 for a spectator) may
// see now, as the JSON of core/table's Snapshot: {"seq", "player",
// "info", "view", "clock", "last"}. The view's "legal" are the actions the
// player may take and "state_id" the decision to answer.
func (t *Table) Snapshot(player int) (string, error) {
	s, err := t.t.Snapshot(context.Background(), player)
	if err != nil {
		return "", err
	}
	return marshal(s)
}

// Submit plays an intent, the JSON of core/table's Intent: {"player",
// "kind": "action" or "next-hand", "decision": the view's state_id,
// "action": one of the view's legal actions}. A refusal is an error
// reading "table: <reason>: <detail>".
func (t *Table) Submit(intent string) error {
	var in table.Intent
	if err := json.Unmarshal([]byte(intent), &in); err != nil {
		return &table.RefusedError{Reason: table.ReasonBadIntent, Detail: "the intent is not the JSON expected: " + err.Error()}
	}
	return t.t.Submit(context.Background(), in)
}

// Hint returns the computer's advice for player's decision now, as JSON:
// {"action", "reason": {"key", "args", "text"}, "options": [...]}, the
// same as `fourwinds hint --json` without its rules and hand.
func (t *Table) Hint(player int) (string, error) {
	s, err := t.t.Snapshot(context.Background(), player)
	if err != nil {
		return "", err
	}
	a, err := table.Hint(&s)
	if err != nil {
		return "", err
	}
	return marshal(a)
}

// Record returns the game record so far as JSON lines (a header, then
// the events), which `fourwinds replay` reads.
func (t *Table) Record() (string, error) {
	r, err := t.t.Record()
	if err != nil {
		return "", err
	}
	b, err := r.Encode()
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// Close stops the table and ends its subscriptions.
func (t *Table) Close() error { return t.t.Close() }

// Listener receives a subscription's updates. Its methods are called on a
// goroutine of the subscription's own, in order.
type Listener interface {
	// Update receives one update, the JSON of core/table's Update:
	// {"seq", "events", "snapshot"}. A gap in seq means updates were
	// missed: take a fresh Snapshot.
	Update(update string)
	// Closed is called once, after the last update.
	Closed()
}

// Subscription is one player's stream of updates to a Listener.
type Subscription struct {
	snapshot string
	sub      table.Subscription
	once     sync.Once
}

// Subscribe sends player's updates to l from the subscription's snapshot
// on (Subscription.Snapshot).
func (t *Table) Subscribe(player int, l Listener) (*Subscription, error) {
	snap, sub, err := t.t.Subscribe(context.Background(), player)
	if err != nil {
		return nil, err
	}
	first, err := marshal(snap)
	if err != nil {
		sub.Close()
		return nil, err
	}
	go func() {
		defer l.Closed()
		for u := range sub.Updates() {
			if s, err := marshal(u); err == nil {
				l.Update(s)
			}
		}
	}()
	return &Subscription{snapshot: first, sub: sub}, nil
}

// Snapshot returns the snapshot the updates start after, as Table.Snapshot.
func (s *Subscription) Snapshot() string { return s.snapshot }

// Close ends the subscription; the listener's Closed follows.
func (s *Subscription) Close() { s.once.Do(s.sub.Close) }
