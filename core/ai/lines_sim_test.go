package ai_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// TestCardHints asks for a hint at every decision of a few american hands
// played by experts, the Charleston included: each is legal, ranks every
// legal action and gives a reason.
func TestCardHints(t *testing.T) {
	r, _ := rules.Get("american")
	seed := wall.SeedFromString("card hints")
	m, _, err := game.NewMatch(game.MatchConfig{Ruleset: r, Options: rules.DefaultOptions(r), Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	var ps [4]ai.Player
	for i := range ps {
		ps[i], _ = ai.New(ai.Expert, wall.Derive(seed, "player", i))
	}
	keys := ai.Messages()
	seen := map[string]bool{}
	for hands := 0; hands < 3; hands++ {
		for m.Hand.Phase != game.PhaseEnd {
			p, v := nextView(t, m)
			a := ai.Hint(v)
			if !slices.Contains(v.Legal, a.Action) || a.Options[0].Action != a.Action || len(a.Options) != len(v.Legal) {
				t.Fatalf("%s: advice %v is not the first of %d options among the %d legal actions", v.Phase, a.Action, len(a.Options), len(v.Legal))
			}
			for i := 1; i < len(a.Options); i++ {
				if a.Options[i].Score > a.Options[i-1].Score {
					t.Fatalf("%s: options not ranked: %v before %v", v.Phase, a.Options[i-1], a.Options[i])
				}
			}
			if _, ok := keys[a.Reason.Key]; !ok || a.Reason.Text == "" || strings.Contains(a.Reason.Text, "{{") {
				t.Fatalf("%s: reason %+v", v.Phase, a.Reason)
			}
			seen[a.Reason.Key] = true
			if _, err := m.Apply(p, ps[p].Decide(v)); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := m.NextHand(); err != nil {
			t.Fatal(err)
		}
	}
	for _, k := range []string{"hint.line", "hint.line.give", "hint.line.pass"} {
		if !seen[k] {
			t.Errorf("no hint gave the reason %s; seen %v", k, seen)
		}
	}
}
