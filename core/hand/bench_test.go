package hand

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// benchHands returns a fixed set of realistic hands of size tiles: half
// drawn from a full wall, half one or two exchanges from complete.
func benchHands(size int) []tile.Counts {
	rng := newRand(42)
	hs := make([]tile.Counts, 1024)
	for i := range hs {
		if i%2 == 0 {
			hs[i] = wallHand(rng, size)
		} else {
			hs[i] = nearHand(rng, size)
		}
	}
	return hs
}

func benchmark(b *testing.B, size int, f func(*tile.Counts)) {
	hs := benchHands(size)
	f(&hs[0]) // build the tables outside the timing
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		f(&hs[i%len(hs)])
	}
}

func BenchmarkIsComplete(b *testing.B) {
	benchmark(b, 14, func(c *tile.Counts) { IsComplete(c) })
}

func BenchmarkWaits(b *testing.B) {
	benchmark(b, 13, func(c *tile.Counts) { Waits(c) })
}

func BenchmarkShanten(b *testing.B) {
	b.Run("13", func(b *testing.B) { benchmark(b, 13, func(c *tile.Counts) { Shanten(c) }) })
	b.Run("14", func(b *testing.B) { benchmark(b, 14, func(c *tile.Counts) { Shanten(c) }) })
}

func BenchmarkDecompose(b *testing.B) {
	rng := newRand(43)
	hs := make([]tile.Counts, 1024)
	for i := range hs {
		hs[i] = completeHand(rng, 4, i%2 == 0)
	}
	Decompose(&hs[0])
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		Decompose(&hs[i%len(hs)])
	}
}

// BenchmarkTables measures building the tables, which the first call to
// the analysis does once.
func BenchmarkTables(b *testing.B) {
	for b.Loop() {
		newGroupTable(9, true)
		newGroupTable(7, false)
	}
}
