package wall

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// Seat offsets from East, for readable tests.
const (
	east, south, west, north = 0, 1, 2, 3
)

// Specs of the five rulesets under their default options.
var (
	classical = Spec{Layout: DeadWall, StacksPerSide: 17}
	hongkong  = Spec{Layout: Hill, StacksPerSide: 18}
	french    = Spec{Layout: Hill, StacksPerSide: 18}
	jilin     = Spec{Layout: Stacks, StacksPerSide: 17, EndStacks: 6}
	american  = Spec{Layout: Reserved, StacksPerSide: 19}
)

// tileSet returns the standard 136 tiles, plus the 8 bonus tiles and the
// given number of jokers.
func tileSet(bonus bool, jokers int) tile.Counts {
	var c tile.Counts
	for k := range tile.NumStandard {
		c[k] = 4
	}
	if bonus {
		for k := tile.F1; k < tile.Joker; k++ {
			c[k] = 1
		}
	}
	c[tile.Joker] = uint8(jokers)
	return c
}

// setFor returns the tile set that fills a spec's wall.
func setFor(s Spec) tile.Counts {
	switch s.StacksPerSide {
	case 18:
		return tileSet(true, 0)
	case 19:
		return tileSet(true, 8)
	}
	return tileSet(false, 0)
}

// place is a physical slot: a stack of a seat's wall, top or bottom tile.
type place struct {
	side, number int
	top          bool
}

// top and bottom name physical slots.
func top(side, number int) place    { return place{side, number, true} }
func bottom(side, number int) place { return place{side, number, false} }

// ringSlot returns the ring index of a physical slot (see the package doc).
func ringSlot(stacksPerSide int, p place) int {
	i := 2 * (ringWall(p.side)*stacksPerSide + p.number - 1)
	if !p.top {
		i++
	}
	return i
}

// markedRing returns a ring of 1m tiles with the given tiles, in notation,
// laid on the given slots in order.
func markedRing(t *testing.T, s Spec, marks string, at ...place) []tile.Kind {
	t.Helper()
	ks := tile.MustParse(marks)
	if len(ks) != len(at) {
		t.Fatalf("%d marks for %d places", len(ks), len(at))
	}
	ring := make([]tile.Kind, s.Tiles())
	for i := range ring {
		ring[i] = tile.M1
	}
	for i, p := range at {
		ring[ringSlot(s.StacksPerSide, p)] = ks[i]
	}
	return ring
}

// mustNew builds a wall or fails the test.
func mustNew(t testing.TB, s Spec, ring []tile.Kind, a, b int) *Wall {
	t.Helper()
	w, err := New(s, ring, a, b)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// shuffled builds a wall of the spec's tile set from a seed.
func shuffled(t testing.TB, s Spec, seed string, a, b int) *Wall {
	t.Helper()
	return mustNew(t, s, Shuffle(setFor(s), NewRand(SeedFromString(seed))), a, b)
}

// draws takes n tiles with the draw function, failing if one is missing.
func draws(t *testing.T, n int, draw func() (tile.Kind, bool)) []tile.Kind {
	t.Helper()
	var out []tile.Kind
	for range n {
		k, ok := draw()
		if !ok {
			t.Fatalf("draw %d of %d refused", len(out)+1, n)
		}
		out = append(out, k)
	}
	return out
}

// drain makes live draws until the wall is exhausted and returns how many.
func drain(w *Wall) int {
	n := 0
	for _, ok := w.Draw(); ok; _, ok = w.Draw() {
		n++
	}
	return n
}

// stackAt returns the state of one physical stack.
func stackAt(w *Wall, side, number int) StackState {
	return w.Stacks()[side*w.spec.StacksPerSide+number-1]
}

// wantTiles compares kinds with notation.
func wantTiles(t *testing.T, what string, got []tile.Kind, want string) {
	t.Helper()
	if g := tile.Format(got); g != tile.Format(tile.MustParse(want)) {
		t.Errorf("%s = %s, want %s", what, g, want)
	}
}
