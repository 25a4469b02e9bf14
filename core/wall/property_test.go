package wall

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// allSpecs covers every layout and size the rulesets use.
var allSpecs = []Spec{
	classical,
	{Layout: DeadWall, StacksPerSide: 17, FixedReserve: true},
	{Layout: DeadWall, StacksPerSide: 18},
	hongkong,
	{Layout: Hill, StacksPerSide: 17},
	jilin,
	american,
}

// styleFor returns the deal style a spec's ruleset uses.
func styleFor(s Spec) DealStyle {
	switch s.Layout {
	case Hill:
		return DealTwos
	case Reserved:
		return DealFoursAmerican
	}
	return DealFours
}

// checkInvariants fails if the wall's counts disagree with each other or
// if the tiles out of the wall and in it are not the tiles it was built with.
func checkInvariants(t testing.TB, w *Wall, out []tile.Kind, set tile.Counts) {
	t.Helper()
	rest := w.RemainingTiles()
	shown := 0
	for _, st := range w.Stacks() {
		shown += st.Tiles
	}
	live := w.LiveLeft()
	switch {
	case len(rest) != w.Remaining() || shown != w.Remaining():
		t.Fatalf("%d tiles listed, %d shown, Remaining %d", len(rest), shown, w.Remaining())
	case live > w.Remaining() || w.TailLeft() > w.Remaining():
		t.Fatalf("live %d, tail %d, remaining %d", live, w.TailLeft(), w.Remaining())
	case tile.CountsOf(append(rest, out...)) != set:
		t.Fatalf("tiles not conserved: %d out, %d in", len(out), len(rest))
	}
}

// without removes one tile of kind k from ks.
func without(ks []tile.Kind, k tile.Kind) []tile.Kind {
	i := slices.Index(ks, k)
	return slices.Delete(ks, i, i+1)
}

// playOut deals and then draws from both ends (and, in jilin, draws and
// returns joker indicators) at random until nothing can be drawn, checking
// the invariants after every step. It returns the tiles drawn.
func playOut(t testing.TB, w *Wall, set tile.Counts, r *rand.Rand) []tile.Kind {
	var out []tile.Kind
	for _, h := range w.Deal(styleFor(w.spec)) {
		out = append(out, h...)
	}
	joker := tile.None
	for {
		checkInvariants(t, w, out, set)
		live, tail := w.LiveLeft(), w.TailLeft()
		switch op := r.IntN(20); {
		case op < 2 && w.spec.Layout == Stacks:
			if joker != tile.None {
				if back, _ := w.ReturnJoker(); back {
					out = without(out, joker)
				}
				joker = tile.None
			} else if ds := w.JokerChoices(); len(ds) > 0 {
				joker, _ = w.DrawJoker(ds[r.IntN(len(ds))])
				out = append(out, joker)
			}
		case op < 7 || live == 0:
			k, ok := w.DrawTail()
			if ok != (tail > 0) {
				t.Fatalf("DrawTail = %v with %d tail tiles", ok, tail)
			}
			if !ok && live == 0 {
				return out
			}
			if ok {
				out = append(out, k)
			}
		default:
			next := w.RemainingTiles()[0]
			k, ok := w.Draw()
			if !ok || k != next {
				t.Fatalf("Draw = %v, %v: want the front tile %v", k, ok, next)
			}
			out = append(out, k)
		}
	}
}

// TestConservation deals and draws hundreds of seeded walls of every layout
// to the end: every tile is drawn at most once, the multiset is conserved,
// and only the hill's 14 tiles are never drawn.
func TestConservation(t *testing.T) {
	seeds := 300
	if testing.Short() {
		seeds = 30
	}
	for _, s := range allSpecs {
		set := setFor(s)
		for i := range seeds {
			seed := Derive(SeedFromString("conservation"), fmt.Sprint(s), i)
			r := NewRand(seed)
			a, b := RollDice(r)
			c, d := RollDice(r)
			w := mustNew(t, s, Shuffle(set, r), a+b, c+d)
			out := playOut(t, w, set, r)
			left := 0
			if s.Layout == Hill {
				left = 14
			}
			if w.Remaining() != left || len(out)+w.Remaining() != s.Tiles() {
				t.Fatalf("%+v seed %v: %d drawn, %d left", s, seed, len(out), w.Remaining())
			}
		}
	}
}

// TestClone checks that a clone draws independently of its original.
func TestClone(t *testing.T) {
	for _, s := range allSpecs {
		w := shuffled(t, s, "clone", 8, 4)
		w.Deal(styleFor(s))
		c := w.Clone()
		want := c.RemainingTiles()
		drain(c)
		c.DrawTail()
		if got := w.RemainingTiles(); tile.Format(got) != tile.Format(want) || w.LiveLeft() == 0 {
			t.Errorf("%v: draining a clone changed the original", s.Layout)
		}
	}
	w := shuffled(t, jilin, "clone", 8, 4)
	if _, err := w.DrawJoker(2); err != nil {
		t.Fatal(err)
	}
	c := w.Clone()
	if _, err := c.ReturnJoker(); err != nil {
		t.Fatal(err)
	}
	if _, err := w.ReturnJoker(); err != nil {
		t.Errorf("the original lost its indicator to the clone: %v", err)
	}
}

// FuzzNew builds walls from arbitrary specs, ring lengths and dice, then
// runs arbitrary operations: nothing may panic, a wall that builds keeps its
// invariants, and one that does not says why.
func FuzzNew(f *testing.F) {
	f.Add(uint8(DeadWall), 17, uint16(136), 6, 7, 0, false, []byte{0, 1, 2, 3, 4, 5})
	f.Add(uint8(Hill), 18, uint16(140), 5, 5, 0, false, []byte{})
	f.Add(uint8(Stacks), 17, uint16(136), 12, 12, 6, false, []byte{3, 3, 4, 1, 1, 6})
	f.Add(uint8(Reserved), 19, uint16(152), 11, -4, 0, false, []byte{1, 1, 1})
	f.Add(uint8(DeadWall), 17, uint16(136), 2, 2, 0, true, []byte{2, 2, 2, 1})
	f.Fuzz(func(t *testing.T, layout uint8, per int, n uint16, a, b, end int, fixed bool, ops []byte) {
		ring := make([]tile.Kind, n)
		for i := range ring {
			ring[i] = tile.Kind(i % tile.NumStandard)
		}
		s := Spec{Layout: Layout(layout), StacksPerSide: per, FixedReserve: fixed, EndStacks: end}
		w, err := New(s, ring, a, b)
		if err != nil {
			if w != nil || err.Error() == "" {
				t.Fatalf("New = %v, %v", w, err)
			}
			return
		}
		set := tile.CountsOf(ring)
		var out []tile.Kind
		joker := tile.None
		for _, op := range ops {
			switch op % 8 {
			case 0:
				for _, h := range w.Deal(DealStyle(op / 8 % 4)) {
					out = append(out, h...)
				}
			case 1:
				if k, ok := w.Draw(); ok {
					out = append(out, k)
				}
			case 2:
				if k, ok := w.DrawTail(); ok {
					out = append(out, k)
				}
			case 3:
				if k, err := w.DrawJoker(int(op/8) % 8); err == nil {
					joker = k
					out = append(out, k)
				}
			case 4:
				if back, err := w.ReturnJoker(); err == nil && back {
					out = without(out, joker)
				}
				joker = tile.None
			case 5:
				w = w.Clone()
			default:
				w.JokerChoices()
				w.InLastWall()
			}
			checkInvariants(t, w, out, set)
		}
	})
}

// BenchmarkShuffleAndDeal measures a hand's setup: seed, shuffle of 144
// tiles, dice, wall and deal.
func BenchmarkShuffleAndDeal(b *testing.B) {
	set := tileSet(true, 0)
	seed := SeedFromString("bench")
	i := 0
	for b.Loop() {
		r := NewRand(Derive(seed, "hand", i))
		ring := Shuffle(set, r)
		a1, a2 := RollDice(r)
		b1, b2 := RollDice(r)
		w, err := New(hongkong, ring, a1+a2, b1+b2)
		if err != nil {
			b.Fatal(err)
		}
		w.Deal(DealTwos)
		i++
	}
}

// BenchmarkDrawOut measures a clone and every live and tail draw of a
// dealt jilin wall, the AI's playout pattern.
func BenchmarkDrawOut(b *testing.B) {
	w := shuffled(b, jilin, "bench", 6, 7)
	w.Deal(DealFours)
	for b.Loop() {
		c := w.Clone()
		drain(c)
		for _, ok := c.DrawTail(); ok; _, ok = c.DrawTail() {
		}
	}
}
