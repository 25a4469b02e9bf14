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
		if err := t.imagineKongs(k); err != nil {
			return err
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

// imagineKongs gives every concealed kong of another seat (groups) a
// kind of which this party has seen no copy, nor seen is about to see
// (tile.None for none), no two kongs the same: a kong keeps the kind
// imagined in its four slots when it can. The kongs' true kinds are such
// an assignment, so one exists; it is found as a matching of kongs to
// kinds (augmenting paths), since a kind imagined for one kong earlier
// may be the only kind left for the next.
func (t *tracker) imagineKongs(seen tile.Kind) error {
	var free [tile.NumKinds]bool
	for k, n := range t.setup.Tiles {
		free[k] = n == 4 && tile.Kind(k) != seen
	}
	for _, k := range t.known {
		if k != tile.None {
			free[k] = false
		}
	}
	of := make([]tile.Kind, len(t.groups)) // the kind matched to each kong
	by := map[tile.Kind]int{}              // the kong matched to each kind
	for g, slots := range t.groups {
		of[g] = tile.None
		if k := t.ring[slots[0]]; free[k] && t.ring[slots[1]] == k && t.ring[slots[2]] == k && t.ring[slots[3]] == k {
			if _, taken := by[k]; !taken {
				of[g], by[k] = k, g
			}
		}
	}
	var match func(g int, tried map[tile.Kind]bool) bool
	match = func(g int, tried map[tile.Kind]bool) bool {
		for k := range tile.Kind(tile.NumKinds) {
			if !free[k] || tried[k] {
				continue
			}
			tried[k] = true
			if h, taken := by[k]; !taken || match(h, tried) {
				of[g], by[k] = k, g
				return true
			}
		}
		return false
	}
	for g := range t.groups {
		if of[g] == tile.None && !match(g, map[tile.Kind]bool{}) {
			return errors.New("sealedplay: no kind is left to imagine a concealed kong of")
		}
	}
	// Fill each kong whose kind changed, taking the copies of its kind
	// from slots of no kong or of a kong still to be filled.
	settled := make([]bool, len(t.groups))
	for g, slots := range t.groups {
		if k := of[g]; t.ring[slots[0]] == k && t.ring[slots[1]] == k && t.ring[slots[2]] == k && t.ring[slots[3]] == k {
			settled[g] = true
		}
	}
	for g, slots := range t.groups {
		if settled[g] {
			continue
		}
		kind := of[g]
		for _, w := range slots {
			if t.ring[w] == kind {
				continue
			}
			u, ok := uint32(0), false
			for x := range uint32(t.n0) {
				if h := t.group(x); t.ring[x] == kind && t.known[x] == tile.None && h != g && (h < 0 || !settled[h]) {
					u, ok = x, true
					break
				}
			}
			if !ok {
				return fmt.Errorf("sealedplay: no unseen %v is left for a concealed kong", kind)
			}
			t.ring[w], t.ring[u] = t.ring[u], t.ring[w]
		}
		settled[g] = true
		t.dirty = true
	}
	return nil
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
