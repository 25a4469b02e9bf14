package sealedplay

import (
	"slices"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// kongTracker is a hongkong party that has seen one copy of every kind
// but those of unseen, in slots of its own (the first ones of the ring),
// with concealed kongs of other seats in the slots of kongs: the ring is
// the set, four copies of a kind in a row, each kind's first copy seen.
func kongTracker(t *testing.T, unseen []tile.Kind, kongs ...[]uint32) *tracker {
	t.Helper()
	r, err := rules.Get("hongkong")
	if err != nil {
		t.Fatal(err)
	}
	tr := &tracker{setup: r.Setup(rules.Options{})}
	for k, n := range tr.setup.Tiles {
		for i := range int(n) {
			tr.ring = append(tr.ring, tile.Kind(k))
			seen := tile.None
			if i == 0 && !slices.Contains(unseen, tile.Kind(k)) {
				seen = tile.Kind(k)
			}
			tr.known = append(tr.known, seen)
		}
	}
	tr.n0 = len(tr.ring)
	tr.groups = kongs
	return tr
}

// unknownOf returns the unknown slots the ring holds kind k in.
func (t *tracker) unknownOf(k tile.Kind) []uint32 {
	var out []uint32
	for w, r := range t.ring {
		if r == k && t.known[w] == tile.None {
			out = append(out, uint32(w))
		}
	}
	return out
}

// checkKongs: every kong holds four of one kind of which no copy is
// known, no two kongs the same, and the ring is still the set.
func checkKongs(t *testing.T, tr *tracker, want tile.Kind) {
	t.Helper()
	var set tile.Counts
	for _, k := range tr.ring {
		set[k]++
	}
	if set != tr.setup.Tiles {
		t.Fatal("the ring is no longer the set")
	}
	kinds := map[tile.Kind]bool{}
	for _, g := range tr.groups {
		k := tr.ring[g[0]]
		for _, w := range g {
			if tr.ring[w] != k || tr.known[w] != tile.None {
				t.Fatalf("kong %v holds %v %v %v %v", g, tr.ring[g[0]], tr.ring[g[1]], tr.ring[g[2]], tr.ring[g[3]])
			}
		}
		if kinds[k] || slices.Contains(tr.known, k) || k == want {
			t.Fatalf("kong %v imagined of %v, seen or another kong's", g, k)
		}
		kinds[k] = true
	}
}

// TestImagineKongOfTheOnlyKindLeft: a seat declares a concealed kong
// whose slots this party imagined holding three 2p and a 7z; 2p is the
// only kind of which it has seen no copy, so the kong is of 2p. (The
// party imagined a kong of another kind than the one its first slot
// held, and found none left.)
func TestImagineKongOfTheOnlyKindLeft(t *testing.T) {
	p2, z7 := tile.MustParse("2p")[0], tile.MustParse("7z")[0]
	tr := kongTracker(t, []tile.Kind{p2}, nil)
	two, seven := tr.unknownOf(p2), tr.unknownOf(z7)
	tr.groups = [][]uint32{{two[0], two[1], two[2], seven[0]}}
	if err := tr.imagineKongs(tile.None); err != nil {
		t.Fatal(err)
	}
	checkKongs(t, tr, tile.None)
}

// TestImagineKongsTogether: two kongs imagined of 2p and 5s; the party
// then sees a 2p (the slot is about to be known), and the only unseen
// kinds are 2p, 5s and 9m: the kong of 2p becomes 9m, the other keeps
// 5s. Then a third kong with every kind seen but those two kongs' is one
// too many: refused, saying so.
func TestImagineKongsTogether(t *testing.T) {
	p2, s5, m9 := tile.MustParse("2p")[0], tile.MustParse("5s")[0], tile.MustParse("9m")[0]
	tr := kongTracker(t, []tile.Kind{p2, s5, m9})
	tr.groups = [][]uint32{tr.unknownOf(p2), tr.unknownOf(s5)}
	kong5 := slices.Clone(tr.groups[1])
	if err := tr.imagineKongs(p2); err != nil {
		t.Fatal(err)
	}
	checkKongs(t, tr, p2)
	if tr.ring[tr.groups[0][0]] != m9 || !slices.Equal(tr.groups[1], kong5) || tr.ring[kong5[0]] != s5 {
		t.Errorf("kongs of %v and %v; want 9m and 5s (kept)", tr.ring[tr.groups[0][0]], tr.ring[tr.groups[1][0]])
	}
	if !tr.dirty {
		t.Error("the ring changed and the engine was not told to rebuild")
	}
	tr = kongTracker(t, []tile.Kind{p2, s5})
	tr.groups = [][]uint32{tr.unknownOf(p2), tr.unknownOf(s5)}
	tr.groups = append(tr.groups, append(tr.unknownOf(tile.MustParse("1m")[0]), tr.unknownOf(tile.MustParse("2m")[0])[0]))
	if err := tr.imagineKongs(tile.None); err == nil {
		t.Error("three kongs of two unseen kinds were imagined")
	}
}
