package ai_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all" // every ruleset
	"github.com/fourwinds-mahjong/fourwinds/core/sim"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// minDecisions is how many decisions of the real levels each ruleset must
// see in TestNeverIllegal.
const minDecisions = 10000

// TestNeverIllegal plays every registered ruleset with the four levels
// mixed (the random player stirs the table into odd situations) until
// they have made at least 10,000 decisions, and checks that each one is
// among the view's legal actions and that the engine accepts it, and on
// every tenth that deciding does not change the view. A ruleset the
// engine does not play yet (no decision at all) is skipped.
func TestNeverIllegal(t *testing.T) {
	for _, id := range rules.IDs() {
		t.Run(id, func(t *testing.T) {
			t.Parallel()
			r, _ := rules.Get(id)
			levels := []ai.Level{ai.Expert, ai.Intermediate, ai.Novice, ai.Random}
			decisions, hands := 0, 0
			for g := 0; decisions < minDecisions && hands < 5000; g++ {
				seed := wall.Derive(wall.SeedFromString("never illegal "+id), "match", g)
				m, _, err := game.NewMatch(game.MatchConfig{Ruleset: r, Options: rules.DefaultOptions(r), Seed: seed})
				if err != nil {
					t.Fatal(err)
				}
				var ps [4]ai.Player
				for i := range ps {
					ps[i], _ = ai.New(levels[(i+g)%4], wall.Derive(seed, "player", i))
				}
				for !m.Over && decisions < minDecisions {
					for m.Hand.Phase != game.PhaseEnd {
						p, v := nextView(t, m)
						var before []byte
						if decisions%10 == 0 {
							before, _ = json.Marshal(v)
						}
						a := ps[p].Decide(v)
						if !slices.Contains(v.Legal, a) {
							t.Fatalf("%s chose %v; legal: %v", levels[(p+g)%4], a, v.Legal)
						}
						if before != nil {
							if after, _ := json.Marshal(v); string(after) != string(before) {
								t.Fatalf("%s changed the view it decided on", levels[(p+g)%4])
							}
						}
						if _, err := m.Apply(p, a); err != nil {
							t.Fatal(err)
						}
						decisions++
					}
					hands++
					if _, err := m.NextHand(); err != nil {
						t.Fatal(err)
					}
				}
			}
			if decisions == 0 {
				t.Skipf("%s: no decision in %d hands: the engine does not play it yet", id, hands)
			}
			if decisions < minDecisions {
				t.Fatalf("only %d decisions in %d hands", decisions, hands)
			}
		})
	}
}

// nextView returns the first player who owes a decision and his view.
func nextView(t *testing.T, m *game.Match) (int, *game.View) {
	t.Helper()
	for p := range 4 {
		if v := m.View(p); len(v.Legal) > 0 {
			return p, v
		}
	}
	t.Fatalf("hand %d: phase %s but nobody may act", m.Number, m.Hand.Phase)
	return 0, nil
}

// TestReproducible replays the same simulation twice for each ruleset and
// level: the same seed must give the same decisions, hence the same
// results; another seed must not.
func TestReproducible(t *testing.T) {
	for _, id := range rules.IDs() {
		r, _ := rules.Get(id)
		for _, l := range []ai.Level{ai.Novice, ai.Intermediate, ai.Expert, ai.Random} {
			t.Run(id+"/"+string(l), func(t *testing.T) {
				t.Parallel()
				run := func(seed string) sim.Stats {
					st, err := sim.Run(sim.Config{Ruleset: r, Options: rules.DefaultOptions(r), Seed: wall.SeedFromString(seed), Hands: 24,
						Levels: [4]ai.Level{l, l, l, l}})
					if err != nil {
						t.Fatal(err)
					}
					return st
				}
				a, b := run("same"), run("same")
				if fmt.Sprint(a) != fmt.Sprint(b) {
					t.Errorf("two runs with the same seed differ:\n%+v\n%+v", a, b)
				}
				if c := run("other"); fmt.Sprint(a) == fmt.Sprint(c) {
					t.Errorf("two runs with different seeds are identical")
				}
			})
		}
	}
}

// TestSameSeedSameChoice gives two players of each level, made with the
// same seed, the same views: they must choose alike.
func TestSameSeedSameChoice(t *testing.T) {
	vs := views(t, "classical", 4)
	for _, l := range []ai.Level{ai.Novice, ai.Intermediate, ai.Expert, ai.Random} {
		p1, _ := ai.New(l, wall.SeedFromString("twin"))
		p2, _ := ai.New(l, wall.SeedFromString("twin"))
		for i, v := range vs {
			if a, b := p1.Decide(v), p2.Decide(v); a != b {
				t.Fatalf("%s, view %d: %v and %v", l, i, a, b)
			}
		}
	}
}

func TestNewUnknownLevel(t *testing.T) {
	if _, err := ai.New("grandmaster", wall.Seed{}); err == nil {
		t.Fatal("ai.New accepted an unknown level")
	}
	for _, l := range ai.Levels() {
		if _, err := ai.New(l, wall.Seed{}); err != nil {
			t.Errorf("ai.New(%s): %v", l, err)
		}
	}
}
