package american_test

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/american"
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

// TestAICard checks the AI's card hook (AM-7.4, AM-8.4): the meter under
// the default options sees the 152-tile set, measures the house card's
// lines, and pays a jokerless hand double only while the jokerless bonus
// is on; meters under the same options compare equal.
func TestAICard(t *testing.T) {
	r := american.Ruleset{}
	def := rules.DefaultOptions(r)
	m := r.AICard(def)
	if m != r.AICard(def) {
		t.Error("two meters under the same options differ")
	}
	s := m.Set()
	if n := s.Naturals.Total(); n != 144 || s.Jokers != 8 || s.Naturals[tile.F1] != 8 {
		t.Errorf("Set: %d naturals (%d flowers), %d jokers; want 144 (8), 8", n, s.Naturals[tile.F1], s.Jokers)
	}
	o := m.NewOutlook()
	for _, c := range []struct {
		hand string
		want int
	}{
		{"55p 666p 77p 0j 5z 5z [888p0j]", 0}, // vector 3
		{"55p 666p 77p 0j 5z 9s [888p0j]", 1}, // one White missing
	} {
		h, err := american.CardHand(notationHand(t, c.hand))
		if err != nil {
			t.Fatal(err)
		}
		if err := o.Measure(h.Concealed, h.Exposed, 0, nil); err != nil || o.Distance() != c.want {
			t.Errorf("Measure(%s): distance %d (%v), want %d", c.hand, o.Distance(), err, c.want)
		}
	}
	jokerless := tile.CountsOf(tile.MustParse("2222m 5555z 2222p 66s")) // AM-13 #2, Y3 (25)
	off, err := rules.ResolveOptions(r, map[string]string{american.OptJokerlessBonus: "off"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		o    rules.Options
		want int
	}{{def, 50}, {off, 25}} {
		if got, ok := r.AICard(c.o).Pay(jokerless, nil); !ok || got != c.want {
			t.Errorf("Pay(AM-13 #2) = %d, %v; want %d", got, ok, c.want)
		}
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
