package jilin

import (
	"math/rand/v2"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// BenchmarkWaitsEngine times Ruleset.Waits as the engine calls it, on
// engine melds, for each discard a player in turn considers: most of these
// hands wait on nothing.
func BenchmarkWaitsEngine(b *testing.B) {
	melds := [][]hand.Meld{
		nil,
		{{Kind: hand.Pung, Tile: tile.MustParse("7s")[0], Open: true}},
		{hand.NewCombination(tile.MustParse("123z")), {Kind: hand.Chow, Tile: tile.MustParse("2m")[0], Open: true}},
	}
	hands := []string{"1357m 2468p 1359s 12z", "12378m 4569p 67s 7z", "2357m 139p 57z", "12m 123p 5z"}
	var rhs []rules.Hand
	for i, s := range hands {
		rhs = append(rhs, rules.Hand{Concealed: tile.CountsOf(tile.MustParse(s)), Melds: melds[i%len(melds)], Winning: tile.None})
	}
	ctx := rules.Context{From: rules.NoWind, Joker: tile.None}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		Ruleset{}.Waits(rhs[i%len(rhs)], ctx)
	}
}

// TestDiscardWaitsMatchTingWaits: for random hands of 14 effective tiles,
// discardWaits gives the wait set TingWaits gives after each discard.
func TestDiscardWaitsMatchTingWaits(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	rounds, ready := 20000, 0
	if testing.Short() {
		rounds = 2000
	}
	for range rounds {
		h := randomHand(r)
		all := h.All()
		for {
			k := tile.Kind(r.IntN(tile.NumStandard))
			if all[k] < 4 {
				h.Concealed.Add(k)
				break
			}
		}
		if err := h.check(tile.None); err != nil {
			t.Fatalf("%s: %v", h, err)
		}
		got := discardWaits(h)
		for d := range tile.Kind(tile.NumStandard) {
			var want tile.Set
			if h.Concealed[d] > 0 {
				left := h
				left.Concealed.Remove(d)
				want = TingWaits(left)
			}
			if got[d] != want {
				t.Fatalf("%s discarding %s: discardWaits {%s}, TingWaits {%s}", h, d, got[d], want)
			}
			if want != 0 {
				ready++
			}
		}
	}
	t.Logf("%d discards of %d random hands leave a wait", ready, rounds)
	if ready < rounds/10 {
		t.Errorf("only %d discards of %d random hands leave a wait; the generator is too weak", ready, rounds)
	}
}

func BenchmarkDiscardWaits(b *testing.B) {
	hs := make([]Hand, len(benchHands))
	for i, s := range benchHands {
		hs[i], _ = parse(b, s, false)
		hs[i].Concealed.Add(tile.MustParse("5s")[0])
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		discardWaits(hs[i%len(hs)])
	}
}
