package game_test

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// TestHintView_MeldsCountOnce: a hand read from notation carries its
// declared groups both as written and as melds; the hint view counts each
// once, whatever the ruleset reads them with (rules.ReadHand).
func TestHintView_MeldsCountOnce(t *testing.T) {
	for _, c := range []struct{ id, hand string }{
		{"classical", "[555z] 456m 789m 123p 5s 6s"},
		{"hongkong", "[555z] 456m 789m 123p 5s 6s"},
		{"french", "(5555z) 456m 789m 123p 5s 6s"},
		{"jilin", "[1z2z3z] 456m 789m 123p 9s 6s"},
	} {
		t.Run(c.id, func(t *testing.T) {
			cfg := handConfig(t, c.id, nil)
			n, err := tile.ParseHand(c.hand)
			if err != nil {
				t.Fatal(err)
			}
			h, err := rules.ReadHand(cfg.Ruleset, n)
			if err != nil {
				t.Fatal(err)
			}
			v, err := game.HintView(cfg, rules.S, rules.E, h)
			if err != nil {
				t.Fatalf("%s: %v", c.hand, err)
			}
			if got := len(v.Seats[rules.S].Melds); got != 1 {
				t.Fatalf("%s: %d melds in the view, want 1", c.hand, got)
			}
		})
	}
}
