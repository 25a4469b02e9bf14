package wall

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// TestTakenNamesTheRingSlots: every tile taken, from the front or the tail,
// is the ring's tile at the index Taken reports, each index once, and a
// clone's log does not follow the original's later takes.
func TestTakenNamesTheRingSlots(t *testing.T) {
	for _, spec := range []Spec{{Layout: Hill, StacksPerSide: 18}, {Layout: DeadWall, StacksPerSide: 18}, {Layout: Reserved, StacksPerSide: 19}} {
		ring := make([]tile.Kind, spec.Tiles())
		for i := range ring {
			ring[i] = tile.Kind(i % int(tile.NumKinds))
		}
		w, err := New(spec, ring, 7, 4)
		if err != nil {
			t.Fatal(err)
		}
		var got []tile.Kind
		for _, h := range w.Deal(DealFours) {
			got = append(got, h...)
		}
		c := w.Clone()
		for range 5 {
			k, _ := w.Draw()
			got = append(got, k)
			if k, ok := w.DrawTail(); ok {
				got = append(got, k)
			}
		}
		taken := w.Taken()
		if len(taken) != len(got) || len(c.Taken()) != DealTiles {
			t.Fatalf("%v: %d taken for %d tiles, clone %d", spec.Layout, len(taken), len(got), len(c.Taken()))
		}
		seen := map[int]bool{}
		var want tile.Counts
		var have tile.Counts
		for i, r := range taken {
			if seen[r] {
				t.Fatalf("%v: ring index %d taken twice", spec.Layout, r)
			}
			seen[r] = true
			want[ring[r]]++
			have[got[i]]++
		}
		if want != have {
			t.Errorf("%v: the tiles at the taken indices are not the tiles taken", spec.Layout)
		}
		// The deal's order is by style, not by seat: check the draws one by one.
		for i := DealTiles; i < len(got); i++ {
			if ring[taken[i]] != got[i] {
				t.Errorf("%v: take %d is %v, ring index %d holds %v", spec.Layout, i, got[i], taken[i], ring[taken[i]])
			}
		}
	}
}
