package hand

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// TestDrawsMatchesShanten: Draws gives the figures of Shanten,
// OrphansShanten and SevenPairsShanten for every kind drawn, on hands from
// a full wall and near complete, of every size.
func TestDrawsMatchesShanten(t *testing.T) {
	rng := newRand(7)
	for i := range 20000 {
		size := []int{1, 4, 7, 10, 13}[i%5]
		c := wallHand(rng, size)
		if i%2 == 1 {
			c = nearHand(rng, size)
		}
		d := NewDraws(&c)
		for k := range tile.Kind(tile.NumStandard) {
			c[k]++
			want := [3]int{Shanten(&c), OrphansShanten(&c), SevenPairsShanten(&c)}
			c[k]--
			if got := [3]int{d.Shanten(k), d.Orphans(k), d.SevenPairs(k)}; got != want {
				t.Fatalf("%s + %s: Draws says %v, Shanten, OrphansShanten and SevenPairsShanten %v", notation(c), k, got, want)
			}
		}
	}
}

// BenchmarkDraws: the shanten of a 13-tile hand with each of the 34 kinds
// drawn, through Draws and through Shanten.
func BenchmarkDraws(b *testing.B) {
	hs := benchHands(13)
	Shanten(&hs[0]) // build the tables outside the timing
	b.Run("Draws", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			d := NewDraws(&hs[i%len(hs)])
			for k := range tile.Kind(tile.NumStandard) {
				d.Shanten(k)
			}
		}
	})
	b.Run("Shanten", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			c := hs[i%len(hs)]
			for k := range tile.Kind(tile.NumStandard) {
				c[k]++
				Shanten(&c)
				c[k]--
			}
		}
	})
}
