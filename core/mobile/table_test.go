package fourwinds

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// updates is a Listener that hands updates to the test.
type updates struct {
	ch     chan string
	closed chan struct{}
}

func newUpdates() *updates { return &updates{ch: make(chan string, 1024), closed: make(chan struct{})} }

func (u *updates) Update(s string) { u.ch <- s }
func (u *updates) Closed()         { close(u.closed) }

// snapshotJSON is the part of a snapshot the test reads.
type snapshotJSON struct {
	Info struct {
		History []json.RawMessage `json:"history"`
		Over    bool              `json:"over"`
	} `json:"info"`
	View *struct {
		StateID uint64            `json:"state_id"`
		Legal   []json.RawMessage `json:"legal"`
		Result  json.RawMessage   `json:"result"`
	} `json:"view"`
}

// adviceJSON is the part of a hint the test reads.
type adviceJSON struct {
	Action json.RawMessage `json:"action"`
}

// guard is how long a hand may take before the test gives up: a guard
// against a hang, not a speed check.
const guard = 2 * time.Minute

// playHand plays player 0's decisions by the hints until the first hand
// is over, reading and writing nothing but JSON.
func playHand(t *testing.T, tb *Table, u *updates) (moves int) {
	t.Helper()
	deadline := time.After(guard)
	for {
		s, err := tb.Snapshot(0)
		if err != nil {
			t.Fatal(err)
		}
		var snap snapshotJSON
		if err := json.Unmarshal([]byte(s), &snap); err != nil {
			t.Fatalf("snapshot: %v in %s", err, s)
		}
		if len(snap.Info.History) > 0 || snap.Info.Over || snap.View != nil && len(snap.View.Result) > 0 && string(snap.View.Result) != "null" {
			return moves
		}
		if snap.View != nil && len(snap.View.Legal) > 0 {
			h, err := tb.Hint(0)
			if err != nil {
				t.Fatalf("hint: %v", err)
			}
			var a adviceJSON
			if err := json.Unmarshal([]byte(h), &a); err != nil {
				t.Fatalf("hint: %v in %s", err, h)
			}
			intent := `{"player":0,"kind":"action","decision":` + jsonNumber(snap.View.StateID) + `,"action":` + string(a.Action) + `}`
			if err := tb.Submit(intent); err != nil && !strings.Contains(err.Error(), "stale") {
				t.Fatalf("submit %s: %v", intent, err)
			} else if err == nil {
				moves++
			}
			continue
		}
		select {
		case <-u.ch:
		case <-u.closed:
			t.Fatal("the subscription closed before the hand ended")
		case <-deadline:
			t.Fatalf("no end of hand after %v; last snapshot %s", guard, s)
		}
	}
}

func jsonNumber(n uint64) string { b, _ := json.Marshal(n); return string(b) }

// TestWholeHandThroughJSON plays a whole hand of every ruleset through the
// binding's JSON calls alone: snapshots, hints, intents, updates, record.
func TestWholeHandThroughJSON(t *testing.T) {
	list, err := Rulesets()
	if err != nil {
		t.Fatal(err)
	}
	var sets []struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal([]byte(list), &sets); err != nil {
		t.Fatal(err)
	}
	for _, r := range sets {
		t.Run(r.ID, func(t *testing.T) {
			tb, err := NewSoloTable(r.ID, "", "mobile-"+r.ID, "novice", 0)
			if err != nil {
				t.Fatal(err)
			}
			u := newUpdates()
			sub, err := tb.Subscribe(0, u)
			if err != nil {
				t.Fatal(err)
			}
			if !json.Valid([]byte(sub.Snapshot())) {
				t.Fatalf("subscription snapshot is not JSON: %s", sub.Snapshot())
			}
			moves := playHand(t, tb, u)
			t.Logf("%s: the person made %d moves", r.ID, moves)
			if moves == 0 {
				t.Error("the person made no move in a whole hand")
			}
			rec, err := tb.Record()
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSpace(rec), "\n")
			if len(lines) < 10 || !json.Valid([]byte(lines[0])) {
				t.Errorf("record of %d lines, first %q", len(lines), lines[0])
			}
			sub.Close()
			if err := tb.Close(); err != nil {
				t.Fatal(err)
			}
			select {
			case <-u.closed:
			case <-time.After(guard):
				t.Fatal("the listener was never told the subscription closed")
			}
		})
	}
}

func TestTableErrors(t *testing.T) {
	for _, tc := range []struct{ rules, options, levels string }{
		{"nope", "", ""},
		{"hongkong", "not json", ""},
		{"hongkong", `{"scoring":"cheap"}`, ""},
		{"hongkong", "", "novice,expert"},
		{"hongkong", "", "grandmaster"},
	} {
		if tb, err := NewSoloTable(tc.rules, tc.options, "", tc.levels, 0); err == nil {
			tb.Close()
			t.Errorf("%+v: no error", tc)
		}
	}
	if _, err := NewTable("{"); err == nil {
		t.Error("NewTable({): no error")
	}
	tb, err := NewSoloTable("hongkong", `{"scoring":"advanced"}`, "x", "expert,intermediate,novice", 0)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	for _, in := range []string{`nope`, `{"player":0,"kind":"action","decision":1,"action":{}}`, `{"player":7,"kind":"action"}`} {
		if err := tb.Submit(in); err == nil || !strings.HasPrefix(err.Error(), "table: ") {
			t.Errorf("Submit(%s) = %v, want a refusal", in, err)
		}
	}
	if _, err := tb.Snapshot(9); err == nil {
		t.Error("Snapshot(9): no error")
	}
}

// BenchmarkSnapshotJSON is the binding's snapshot call: the table's
// snapshot of a dealt hand, as JSON (README performance).
func BenchmarkSnapshotJSON(b *testing.B) {
	tb, err := NewSoloTable("hongkong", "", "bench", "novice", 0)
	if err != nil {
		b.Fatal(err)
	}
	defer tb.Close()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := tb.Snapshot(0); err != nil {
			b.Fatal(err)
		}
	}
}
