package jilin

import (
	"math/rand/v2"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// aiShanten reads a hand in notation and measures it.
func aiShanten(t *testing.T, s string) int {
	t.Helper()
	return Ruleset{}.AIShanten(rulesHand(t, s), rules.Context{})
}

// TestAIShantenJL_7_1 checks the distance the AI reads on hands whose
// readiness only the Jilin rules decide.
func TestAIShantenJL_7_1(t *testing.T) {
	for _, c := range []struct {
		hand string
		want int
		why  string
	}{
		{"234m 456p 68s 55p 1z2z3z", 0, "closed wait on 7s, wind combination (JL-15 V2)"},
		{"234m 456p 67s 55p 1z2z3z", 1, "two-sided 67s is no TING wait (JL-7.1)"},
		{"234m 456p 789s 1z 2z3z4z", 0, "waits on 1z; the combination counts as a triple (JL-0)"},
		{"123m 456p 789s 1z2z 3z4z", 0, "two winds wait for a third (JL-7.3)"},
		{"123m 456m 789m 11p 567p", 1, "two suits (JL-9.2)"},
		{"234m 456m 678m 55m 678m", 1, "four séries: no triple-like group (JL-9.1 A)"},
		{"22m 33m 55s 66s 77p 11z 4p", 0, "seven pairs (JL-15 V12)"},
		{"5p [123m] [777p] [456s] [999s]", 0, "pair wait with four groups exposed (JL-15 V16)"},
		{"123m 456p 789s 1z 2z3z4z +1z", -1, "a win on a legal wait"},
		{"123m 456p 789s 1z 2z3z4z +5z", 0, "one discard from TING"},
		{"1z2z3z4z 5z6z7z 123m 456m 9m", 0, "only 3-tile combinations count concealed (JL-6.4)"},
		{"19m 19p 19s 1z2z3z4z5z6z 7z", 4, "far from anything"},
	} {
		if got := aiShanten(t, c.hand); got != c.want {
			t.Errorf("AIShanten(%s) = %d, want %d: %s", c.hand, got, c.want, c.why)
		}
	}
	if got := (Ruleset{}).AIShanten(rules.Hand{Concealed: tile.CountsOf(tile.MustParse("1f 123m"))}, rules.Context{}); got != hand.NoShanten {
		t.Errorf("AIShanten of a hand with a flower = %d, want NoShanten", got)
	}
}

// TestAIShantenAgreesWithTing checks on random hands that a 13-tile hand is
// at 0 exactly when it may announce TING, and that 14 tiles are at the
// best of their discards, or at -1 when a discard leaves them waiting on
// the discarded tile (a win).
func TestAIShantenAgreesWithTing(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	rounds, ready := 5000, 0
	if testing.Short() {
		rounds = 500
	}
	ctx := rules.Context{}
	for range rounds {
		h := randomHand(r)
		rh := rulesHand(t, h.String())
		sh := Ruleset{}.AIShanten(rh, ctx)
		if (sh == 0) != (TingWaits(h) != 0) {
			t.Fatalf("%s: AIShanten %d, TingWaits %s", h, sh, TingWaits(h))
		}
		if sh == 0 {
			ready++
		}
		for k := range tile.Kind(tile.NumStandard) {
			if h.All()[k] >= 4 {
				continue
			}
			rh.Winning = k
			drawn := Ruleset{}.AIShanten(rh, ctx)
			rh.Winning = tile.None
			if drawn == -1 && !TingWaits(h).Has(k) && !winsAfterDiscard(h, k) {
				t.Fatalf("%s + %s: AIShanten -1 but no legal win", h, k)
			}
			best := hand.NoShanten
			full := rh
			full.Concealed.Add(k)
			for _, d := range full.Concealed.Kinds() {
				less := full
				less.Concealed.Remove(d)
				best = min(best, Ruleset{}.AIShanten(less, ctx))
			}
			if want := max(best, 0); drawn != want && !(drawn == -1 && best == 0) {
				t.Fatalf("%s + %s: AIShanten %d, best discard leaves %d", h, k, drawn, best)
			}
		}
	}
	t.Logf("%d of %d random hands ready", ready, rounds)
}

// TestAIShantenDraws checks on random hands, and on hands that hold 4 of a
// kind, a winning tile or 5 of a kind, that measuring every draw at once
// gives AIShanten of the hand with each tile drawn.
func TestAIShantenDraws(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	hands := []rules.Hand{
		rulesHand(t, "1111m 456p 68s 55p 1z2z3z"),
		rulesHand(t, "123m 456p 789s 1z 2z3z4z +5z"),
		{Concealed: tile.CountsOf(tile.MustParse("11111m 456p 68s 55p 1z")), Winning: tile.None},
	}
	for range 300 {
		hands = append(hands, rulesHand(t, randomHand(r).String()))
	}
	all := tile.Set(1)<<tile.NumStandard - 1
	for _, rh := range hands {
		var got [tile.NumStandard]int
		Ruleset{}.AIShantenDraws(rh, rules.Context{}, all, &got)
		for k := range tile.Kind(tile.NumStandard) {
			more := rh
			more.Concealed.Add(k)
			if want := (Ruleset{}).AIShanten(more, rules.Context{}); got[k] != want {
				t.Fatalf("%v %v + %s: AIShantenDraws %d, AIShanten %d", rh.Concealed.Kinds(), rh.Groups, k, got[k], want)
			}
		}
	}
}

// winsAfterDiscard reports whether h + k, less some tile d, waits on d.
func winsAfterDiscard(h Hand, k tile.Kind) bool {
	h.Concealed.Add(k)
	for _, d := range h.Concealed.Kinds() {
		less := h
		less.Concealed.Remove(d)
		if TingWaits(less).Has(d) {
			return true
		}
	}
	return false
}

func BenchmarkAIShanten(b *testing.B) {
	rh := rules.Hand{Concealed: tile.CountsOf(tile.MustParse("234m 456p 68s 55p 1z2z3z")), Winning: tile.None}
	for b.Loop() {
		Ruleset{}.AIShanten(rh, rules.Context{})
	}
}

// TestAIValueJL_11 checks the AI's estimate follows the multipliers it can
// know: M4 (no claim) and M5 (dealer) double it, seven pairs (B5) raise it.
func TestAIValueJL_11(t *testing.T) {
	value := func(s string, seat rules.Wind) float64 {
		return Ruleset{}.AIValue(rulesHand(t, s), rules.Context{Seat: seat}, nil)
	}
	plain := value("234m 456p 68s 55p 1z2z", rules.S)
	if claimed := value("68s 55p 1z2z [234m] [456p]", rules.S); claimed*2 != plain {
		t.Errorf("claimed hand %.2f, concealed %.2f: M4 should double it", claimed, plain)
	}
	if dealer := value("234m 456p 68s 55p 1z2z", rules.E); dealer != 2*plain {
		t.Errorf("dealer %.2f, south %.2f: M5 should double it", dealer, plain)
	}
	if pairs := value("22m 33m 55s 66s 77p 1z 4p", rules.S); pairs <= plain {
		t.Errorf("five pairs %.2f, plain %.2f: B5 should raise it", pairs, plain)
	}
	if v := (Ruleset{}).AIValue(rules.Hand{Concealed: tile.CountsOf(tile.MustParse("1f 234m"))}, rules.Context{}, nil); v != 0 {
		t.Errorf("a malformed hand is worth %.2f, want 0", v)
	}
}
