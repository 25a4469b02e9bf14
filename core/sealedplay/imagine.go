package sealedplay

import (
	"errors"
	"fmt"
	"slices"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// learn records slot w's tile; when the imagined arrangement put another
// tile there, it changes what it imagines in slots this party does not
// know (once the Charleston has moved tiles, solve) and marks the engine
// for a rebuild.
func (t *tracker) learn(w uint32, k tile.Kind) error {
	if !k.Valid() || t.setup.Tiles[k] == 0 {
		return fmt.Errorf("sealedplay: slot %d decrypts to %v, which is not in the set", w, k)
	}
	if t.copyAt(w) >= 0 {
		return t.learnCopy(w, k)
	}
	if g := t.group(w); g >= 0 {
		t.groups = slices.Delete(t.groups, g, g+1) // the kong is being opened
	}
	if t.ring[w] == k {
		t.known[w] = k
		return nil
	}
	t.dirty = true
	if len(t.moves) == 0 {
		if err := t.imagineDealt(w, k); err != nil {
			return err
		}
		t.known[w] = k
		return nil
	}
	t.known[w] = k
	if err := t.solve(); err != nil {
		t.known[w] = tile.None
		return fmt.Errorf("sealedplay: slot %d decrypts to %v: %w", w, k, err)
	}
	return nil
}

// imagineDealt makes slot w of the deck hold k.
func (t *tracker) imagineDealt(w uint32, k tile.Kind) error {
	u, ok := t.unknownSlot(func(r tile.Kind) bool { return r == k }, w)
	if !ok {
		// The unseen copies of k are all imagined in a concealed kong:
		// imagine that kong of another kind.
		for g, slots := range t.groups {
			if t.ring[slots[0]] == k {
				if err := t.imagineKong(g); err != nil {
					return err
				}
			}
		}
		if u, ok = t.unknownSlot(func(r tile.Kind) bool { return r == k }, w); !ok {
			return fmt.Errorf("sealedplay: slot %d decrypts to %v, of which no unseen copy is left", w, k)
		}
	}
	t.ring[w], t.ring[u] = t.ring[u], t.ring[w]
	return nil
}

// group returns the index of the concealed kong holding slot w, or -1.
func (t *tracker) group(w uint32) int {
	for g, slots := range t.groups {
		if slices.Contains(slots, w) {
			return g
		}
	}
	return -1
}

// imagineKong fills the slots of concealed kong g with a kind of which
// this party has seen no copy and that no other kong holds.
func (t *tracker) imagineKong(g int) error {
	slots := t.groups[g]
	var seen tile.Counts
	for _, k := range t.known {
		if k != tile.None {
			seen[k]++
		}
	}
	for h, other := range t.groups {
		if h != g {
			seen[t.ring[other[0]]] = 4
		}
	}
	for k, n := range t.setup.Tiles {
		kind := tile.Kind(k)
		if n != 4 || seen[k] > 0 || kind == t.ring[slots[0]] {
			continue
		}
		for i, w := range slots {
			if t.ring[w] == kind {
				continue
			}
			u, ok := uint32(0), false
			for x := range uint32(t.n0) {
				if t.ring[x] == kind && t.known[x] == tile.None && !slices.Contains(slots[:i+1], x) && (slices.Contains(slots, x) || t.group(x) < 0) {
					u, ok = x, true
					break
				}
			}
			if !ok {
				return fmt.Errorf("sealedplay: no unseen %v is left for a concealed kong", kind)
			}
			t.ring[w], t.ring[u] = t.ring[u], t.ring[w]
		}
		t.dirty = true
		return nil
	}
	return errors.New("sealedplay: no kind is left to imagine a concealed kong of")
}

// unknownSlot returns an unknown slot of the deck other than not whose
// imagined tile satisfies ok, preferring slots still in the wall.
func (t *tracker) unknownSlot(ok func(tile.Kind) bool, not uint32) (uint32, bool) {
	found, best := uint32(0), false
	for u := range uint32(t.n0) {
		if u == not || t.known[u] != tile.None || !ok(t.ring[u]) || t.group(u) >= 0 {
			continue
		}
		if t.holder == nil || t.holder[u] == rules.NoWind {
			return u, true
		}
		found, best = u, true
	}
	return found, best
}

// refresh replays the hand on the imagined arrangement when it changed,
// until no imagined bonus tile lies in a slot a seat holds unseen (a real
// bonus tile is always opened by its holder), no imagined joker was
// given in the Charleston (a real one is opened by its receiver) and no
// joker indicator this party does not know went back (a real one is
// opened as it goes back).
func (t *tracker) refresh() error {
	solved := false
	for t.dirty {
		t.dirty = false
		if err := t.rebuild(); err != nil {
			return err
		}
		changed, err := t.imagineIndicators()
		if err != nil {
			return err
		}
		t.dirty = changed
		for _, w := range t.takes {
			if !t.setup.Bonus || t.known[w] != tile.None || !t.ring[w].IsBonus() || t.holder[w] == rules.NoWind {
				continue
			}
			u, ok := t.unknownSlot(func(r tile.Kind) bool { return !r.IsBonus() }, w)
			if !ok {
				return fmt.Errorf("sealedplay: no unseen plain tile is left for slot %d", w)
			}
			t.ring[w], t.ring[u] = t.ring[u], t.ring[w]
			t.dirty = true
		}
		for _, m := range t.moves {
			for _, w := range m.fresh[:m.n] {
				if t.ring[w] == tile.Joker && t.known[w] == tile.None && !t.dirty && !solved {
					// Once: a joker this party saw given stays in its chain.
					if err := t.solve(); err != nil {
						return err
					}
					t.dirty, solved = true, true
				}
			}
		}
	}
	return nil
}
