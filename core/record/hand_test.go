package record_test

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/record"
)

// firstHand returns the golden hongkong game's first hand: its
// configuration (seed published after the hand) and its events.
func firstHand(t *testing.T) (game.HandConfig, []game.Event) {
	t.Helper()
	rec, _ := readGolden(t, "hongkong")
	m, err := rec.Replay(nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := rec.Config()
	if err != nil {
		t.Fatal(err)
	}
	h := m.History[0]
	end := indexOf(rec.Events, game.EvHandStart, 1)
	if end < 0 {
		t.Fatal("the golden game has one hand only")
	}
	return game.HandConfig{Ruleset: cfg.Ruleset, Options: cfg.Options, Seed: h.Seed, Number: h.Number, Round: h.Round, Uniform: cfg.Uniform}, rec.Events[:end]
}

// TestReplayHand: a hand's events follow from its seed and its actions,
// and at sees the hand before each action.
func TestReplayHand(t *testing.T) {
	cfg, evs := firstHand(t)
	actions, seen := 0, 0
	for _, e := range evs {
		if e.Type == game.EvAction {
			actions++
		}
	}
	if err := record.ReplayHand(cfg, evs, func(*game.State) { seen++ }); err != nil {
		t.Fatal(err)
	}
	if seen != actions {
		t.Fatalf("at was called %d times for %d actions", seen, actions)
	}
}

// TestReplayHandRefuses: a tampered hand, or one replayed from another
// seed, is refused with the event that differs.
func TestReplayHandRefuses(t *testing.T) {
	for _, c := range tamperings {
		t.Run(c.name, func(t *testing.T) {
			cfg, evs := firstHand(t)
			wantRefused(t, record.ReplayHand(cfg, c.tamper(evs), nil), c.want)
		})
	}
	t.Run("another seed", func(t *testing.T) {
		cfg, evs := firstHand(t)
		cfg.Seed[0] ^= 1
		wantRefused(t, record.ReplayHand(cfg, evs, nil), "differs on replay")
	})
}
