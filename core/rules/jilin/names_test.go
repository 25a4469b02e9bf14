package jilin

import (
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// TestItemNamesHaveKeys: every score line names a registered phrase, so
// the app translates it by a stable key (JL-11, JL-13, JL-8.4).
func TestItemNamesHaveKeys(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range []struct {
		hand       string
		seat, from rules.Wind
		flags      rules.Flag
		joker      string
	}{
		{"123p 456s 345m 777s 8m +8m", rules.S, rules.NoWind, 0, ""},
		{"888s 9s 888p 123m 234s +7s", rules.S, rules.W, 0, ""},
		{"5p [123m] [777p] [456s] [999s] +5p", rules.S, rules.N, 0, ""},
		{"111m 999p 222s 77s 77z +7z", rules.E, rules.NoWind, 0, ""},
		{"11p 55p 33s 77s 22m 66m 8m +8m", rules.W, rules.NoWind, 0, ""},
		{"2345m 123p 789p [777s] +5m", rules.S, rules.NoWind, rules.JokerDrawn, "5m"},
		{"[1z2z3z4z] 234m 567m 888m 9m +9m", rules.S, rules.NoWind, rules.Compensation, ""},
		{"(2222p) [5555s] [5z6z7z] 1z2z3z 1m +1m", rules.S, rules.N, 0, ""},
		{"123m 456m 789m 1z2z3z 1p", rules.S, rules.N, 0, ""}, // a hand that did not win, nobody in TING
	} {
		ctx := rules.Context{Seat: c.seat, From: c.from, Flags: c.flags, Joker: tile.None}
		if strings.Contains(c.hand, "+") {
			ctx.Flags |= rules.Ting
		}
		if c.joker != "" {
			ctx.Joker = tile.MustParse(c.joker)[0]
		}
		v := Ruleset{}.Value(rulesHand(t, c.hand), ctx)
		if !v.Valid {
			t.Fatalf("%s: %s", c.hand, v.Error)
		}
		for _, it := range v.Items {
			p, _, ok := rules.PhraseOf(it.Name)
			if !ok {
				t.Errorf("%s: line %q has no translation key", c.hand, it.Name)
				continue
			}
			seen[p.Key] = true
			if rules.EnglishName(p.Key) == p.Key {
				t.Errorf("key %s has no English text", p.Key)
			}
		}
	}
	if len(seen) < len(phrases) {
		t.Errorf("only %d of jilin's %d line names met: %v", len(seen), len(phrases), seen)
	}
}
