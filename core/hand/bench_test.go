package hand

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// benchHands returns a fixed set of realistic hands of size tiles: half
// drawn from a full wall, half one or two exchanges from complete.
func benchHands(size int) []tile.Counts {
	rng := newRand(42)
	return handSet(func(i int) tile.Counts {
		if i%2 == 0 {
			return wallHand(rng, size)
		}
		return nearHand(rng, size)
	})
}

// completeHands returns a fixed set of complete 14-tile hands (four sets
// and a pair, half of them mostly one suit); with ready, one tile of each
// is taken out, so that the 13 left wait on at least that tile.
func completeHands(ready bool) []tile.Counts {
	rng := newRand(44)
	return handSet(func(i int) tile.Counts {
		c := completeHand(rng, 4, i%2 == 0)
		if ready {
			removeRandom(rng, &c)
		}
		return c
	})
}

// wallHands are hands of size tiles drawn from a full wall.
func wallHands(size int) []tile.Counts {
	rng := newRand(45)
	return handSet(func(int) tile.Counts { return wallHand(rng, size) })
}

// handSet returns 1024 hands made by next.
func handSet(next func(i int) tile.Counts) []tile.Counts {
	hs := make([]tile.Counts, 1024)
	for i := range hs {
		hs[i] = next(i)
	}
	return hs
}

// benchmark times f over the hands hs, cycled; the tables are built
// before the timing.
func benchmark(b *testing.B, hs []tile.Counts, f func(*tile.Counts)) {
	f(&hs[0])
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		f(&hs[i%len(hs)])
	}
}

// BenchmarkIsComplete: on complete hands (every one is) and on hands
// drawn from a full wall (almost none is).
func BenchmarkIsComplete(b *testing.B) {
	b.Run("complete", func(b *testing.B) { benchmark(b, completeHands(false), func(c *tile.Counts) { IsComplete(c) }) })
	b.Run("random", func(b *testing.B) { benchmark(b, wallHands(14), func(c *tile.Counts) { IsComplete(c) }) })
}

// BenchmarkWaits: on ready 13-tile hands (a complete hand less a tile)
// and on hands drawn from a full wall.
func BenchmarkWaits(b *testing.B) {
	b.Run("ready", func(b *testing.B) { benchmark(b, completeHands(true), func(c *tile.Counts) { Waits(c) }) })
	b.Run("random", func(b *testing.B) { benchmark(b, wallHands(13), func(c *tile.Counts) { Waits(c) }) })
}

func BenchmarkShanten(b *testing.B) {
	b.Run("13", func(b *testing.B) { benchmark(b, benchHands(13), func(c *tile.Counts) { Shanten(c) }) })
	b.Run("14", func(b *testing.B) { benchmark(b, benchHands(14), func(c *tile.Counts) { Shanten(c) }) })
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
