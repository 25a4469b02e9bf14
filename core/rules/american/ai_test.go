package american_test

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/american"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/american/card"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// notationHand reads a hand in notation as the american ruleset does.
func notationHand(t testing.TB, s string) rules.Hand {
	t.Helper()
	n, err := tile.ParseHand(s)
	if err != nil {
		t.Fatal(err)
	}
	h, err := american.Ruleset{}.HandFromNotation(n)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestAICard checks the AI's card hook: the house card under the default
// options, paid with the jokerless bonus (AM-8.4, AM-10).
func TestAICard(t *testing.T) {
	r := american.Ruleset{}
	c, po := r.AICard(rules.DefaultOptions(r))
	if c != card.House() || po != (card.PayOptions{JokerlessBonus: true}) {
		t.Errorf("AICard = %s, %+v; want the house card with the jokerless bonus", c.Name, po)
	}
}

// TestAIShanten checks the distance the AI reads (AM-7.4): -1 for a
// matching hand, 0 one tile away, and no distance for a malformed hand.
func TestAIShanten(t *testing.T) {
	r := american.Ruleset{}
	ctx := rules.Context{Options: rules.DefaultOptions(r)}
	for _, c := range []struct {
		hand string
		want int
	}{
		{vector3, -1},
		{"55p 666p 77p 0j 5z [888p0j]", 0}, // vector 3 less its winning White
		{"55p 666p 77p 0j 9s [888p0j]", 1}, // both Whites missing
		{"2222m 5555z 2222p 6s +6s", -1},   // AM-13 #2
		{"2222m 5555z 222p 6s +9s", 1},     // Y3 lacks a 2p and a 6s
		{"123m", hand.NoShanten},           // too few tiles
	} {
		if got := r.AIShanten(notationHand(t, c.hand), ctx); got != c.want {
			t.Errorf("AIShanten(%s) = %d, want %d", c.hand, got, c.want)
		}
	}
}

// BenchmarkAIShanten measures the distance of a 13-tile hand in play.
func BenchmarkAIShanten(b *testing.B) {
	r := american.Ruleset{}
	h := notationHand(b, "2m 44m 6p 88p 13s 0j 5z 7z 1f 2z 3z")
	ctx := rules.Context{Options: rules.DefaultOptions(r)}
	for b.Loop() {
		r.AIShanten(h, ctx)
	}
}
