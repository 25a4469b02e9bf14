package game_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

func options(t testing.TB, set map[string]string) rules.Options {
	t.Helper()
	o, err := rules.NewOptions(plainSpecs, set)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// playMatch plays a whole match with the given AI level, checking the
// invariants after every action, and returns the match.
func playMatch(t testing.TB, o rules.Options, seed string, level ai.Level) *game.Match {
	t.Helper()
	cfg := game.MatchConfig{Ruleset: plain{}, Options: o, Seed: wall.SeedFromString(seed)}
	m, _, err := game.NewMatch(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var players [4]ai.Player
	for p := range players {
		players[p], _ = ai.New(level, wall.Derive(cfg.Seed, "p", p))
	}
	for hands := 0; !m.Over; hands++ {
		if hands > 400 {
			t.Fatalf("seed %s: the match did not end after 400 hands", seed)
		}
		for steps := 0; m.Hand.Phase != game.PhaseEnd; steps++ {
			if steps > 3000 {
				t.Fatalf("seed %s: hand %d did not end", seed, m.Number)
			}
			acted := false
			for p := range 4 {
				v := m.View(p)
				if len(v.Legal) == 0 {
					continue
				}
				if _, err := m.Apply(p, players[p].Decide(v)); err != nil {
					t.Fatalf("seed %s: %v", seed, err)
				}
				acted = true
				break
			}
			if !acted {
				t.Fatalf("seed %s: nobody may act", seed)
			}
			if err := m.Hand.CheckInvariants(); err != nil {
				t.Fatalf("seed %s hand %d: %v", seed, m.Number, err)
			}
		}
		if _, err := m.NextHand(); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

func TestRandomMatchesKeepInvariants(t *testing.T) {
	for _, set := range []map[string]string{
		{}, {"bonus": "off"}, {"layout": "dead-wall", "count": "passes", "celestial": "off"},
		{"calling": "on", "servi": "off"}, {"japanese": "on", "celestial": "off"},
	} {
		for i := range 20 {
			for _, level := range []ai.Level{ai.Random, ai.Novice} {
				if level == ai.Random && set["count"] == "passes" {
					continue // random players almost never win, so the deal would seldom pass
				}
				playMatch(t, options(t, set), fmt.Sprintf("%v-%d", set, i), level)
			}
		}
	}
}

func TestIllegalActionsAreRefusedWithReason(t *testing.T) {
	m, _, err := game.NewMatch(game.MatchConfig{Ruleset: plain{}, Options: options(t, nil), Seed: wall.SeedFromString("x")})
	if err != nil {
		t.Fatal(err)
	}
	east := m.PlayerAt(rules.E)
	south := m.PlayerAt(rules.S)
	_, err = m.Apply(south, game.Act(game.ActPass, 255))
	var ie *game.IllegalActionError
	if !asIllegal(err, &ie) || ie.Reason != game.ReasonNotYourTurn {
		t.Fatalf("south acting on east's turn: got %v", err)
	}
	_, err = m.Apply(east, game.Act(game.ActPung, 0))
	if !asIllegal(err, &ie) || ie.Reason != game.ReasonNotLegal || len(ie.Allowed) == 0 {
		t.Fatalf("east punging on his turn: got %v", err)
	}
}

func asIllegal(err error, target **game.IllegalActionError) bool {
	e, ok := err.(*game.IllegalActionError)
	*target = e
	return ok
}

func TestEventsRoundTripJSON(t *testing.T) {
	m, evs, err := game.NewMatch(game.MatchConfig{Ruleset: plain{}, Options: options(t, nil), Seed: wall.SeedFromString("json")})
	if err != nil {
		t.Fatal(err)
	}
	_ = m
	for _, e := range evs {
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		var back game.Event
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		b2, _ := json.Marshal(back)
		if string(b) != string(b2) {
			t.Fatalf("round trip changed\n%s\n%s", b, b2)
		}
	}
}
