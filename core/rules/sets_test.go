package rules_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// TestValuationSets: the sets a score read a winning hand's concealed
// tiles and winning tile into, its declared groups left out; none for a
// loser's hand or a card line.
func TestValuationSets(t *testing.T) {
	for _, c := range []struct {
		rules, hand string
		want        string // the sets, one a field; "" for none
	}{
		// The declared [777z] is left out, the winning pair kept.
		{"hongkong", "234s 444s 567p 1z [777z] +1z bonus: 2y", "567p 234s 444s 11z"},
		// The pungs the score counted, not the chows the tiles also make.
		{"classical", "111222333m 789p 5z +5z", "111m 222m 333m 789p 55z"},
		{"hongkong", "123m 456p 789s 5z [111z] +5z", "123m 456p 789s 55z"},
		// Jilin's seven pairs (JL-9.1, shape C).
		{"jilin", "88m 99m 9m 33p 22s 88s 22z +9m", "88m 99m 99m 33p 22s 88s 22z"},
		// A card line is no split into sets (AM-7.4).
		{"american", "55p 666p 77p 0j 5z [888p0j] +5z", ""},
		// A loser's hand has no winning tile to split with.
		{"hongkong", "234s 444s 567p 1z [777z]", ""},
	} {
		r, err := rules.Get(c.rules)
		if err != nil {
			t.Fatal(err)
		}
		ctx := rules.Context{Options: rules.DefaultOptions(r), Seat: rules.S, From: rules.W, Dominant: rules.W, Joker: tile.None}
		v, err := rules.Score(r, c.hand, ctx)
		if err != nil || !v.Valid {
			t.Fatalf("%s %s: %+v %v", c.rules, c.hand, v, err)
		}
		h, err := tile.ParseHand(c.hand)
		if err != nil {
			t.Fatal(err)
		}
		var want [][]tile.Kind
		for _, f := range strings.Fields(c.want) {
			want = append(want, tile.MustParse(f))
		}
		got, ok := v.Sets(h)
		if ok != (want != nil) || (ok && !reflect.DeepEqual(got, want)) {
			t.Errorf("%s %s read as %q: sets %v %v, want %v", c.rules, c.hand, v.Decomposition, got, ok, want)
		}
	}
	// A decomposition of other tiles than the hand's (jokers read as the
	// tiles they stand for) is no split of it.
	h, _ := tile.ParseHand("123m 45m 99p +7m")
	if sets, ok := (rules.Valuation{Valid: true, Decomposition: "123m 456m 99p"}).Sets(h); ok {
		t.Errorf("a decomposition of other tiles split the hand: %v", sets)
	}
}

// TestScoreFlagsOf: a scorer asks about the situations each ruleset's
// values read.
func TestScoreFlagsOf(t *testing.T) {
	for id, want := range map[string]rules.Flag{
		"classical": rules.StandardScoreFlags,
		"hongkong":  rules.StandardScoreFlags,
		"french":    rules.StandardScoreFlags,
		"jilin":     rules.Ting | rules.JokerDrawn | rules.JokerWins | rules.NoCalls | rules.Compensation | rules.AnyTing,
		"american":  0,
	} {
		r, err := rules.Get(id)
		if err != nil {
			t.Fatal(err)
		}
		if got := rules.ScoreFlagsOf(r); got != want {
			t.Errorf("%s: a scorer asks about %v, want %v", id, got.Names(), want.Names())
		}
	}
}

// TestSetupFacts: what tables show of a ruleset follows its setup: winds
// where they score, groups typed to their end where they may be longer
// than a kong or mixed.
func TestSetupFacts(t *testing.T) {
	for id, want := range map[string][2]bool{
		"classical": {true, false}, "hongkong": {true, false}, "french": {true, false},
		"jilin": {false, true}, "american": {false, true},
	} {
		r, err := rules.Get(id)
		if err != nil {
			t.Fatal(err)
		}
		s := r.Setup(rules.DefaultOptions(r))
		if got := [2]bool{s.UsesWinds(), s.LongGroups()}; got != want {
			t.Errorf("%s: winds, long groups %v, want %v", id, got, want)
		}
	}
}

// TestHandTiles counts every ruleset's test-vector hands as 14.
func TestHandTiles(t *testing.T) {
	for _, c := range []struct{ rules, hand string }{
		{"classical", "234s 67s 99s [666z] (5555s) +8s"},
		{"hongkong", "5555z 6666z 777z 44z +7z"},
		{"french", "234s 78s 33z [555z] (1111p) +9s bonus: 4f"},
		{"jilin", "[1z2z3z4z] 234m 567m 888m 9m +9m"},
		{"american", "222m 0j 5555z 2222p 6s +6s"},
		{"american", "55p 666p 77p 0j 5z [888p0j] +5z"},
	} {
		r, err := rules.Get(c.rules)
		if err != nil {
			t.Fatal(err)
		}
		h, err := tile.ParseHand(c.hand)
		if err != nil {
			t.Fatal(err)
		}
		if n := r.Setup(rules.DefaultOptions(r)).HandTiles(h); n != 14 {
			t.Errorf("%s %q counts %d tiles, want 14", c.rules, c.hand, n)
		}
		h.Winning = tile.None
		if n := r.Setup(rules.DefaultOptions(r)).HandTiles(h); n != 13 {
			t.Errorf("%s %q without its winning tile counts %d, want 13", c.rules, c.hand, n)
		}
	}
}
