package hand

import (
	"slices"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// IsComplete reports whether c (3n+2 standard tiles) splits into n sets
// (chows or pungs) and one pair: a regular winning shape. It is false for
// any other number of tiles and when c holds a bonus tile or a joker.
// Holdings with more than 4 of a kind are judged too (Waits asks about a
// fifth copy).
func IsComplete(c *tile.Counts) bool {
	if !standardOnly(c) {
		return false
	}
	pairs := 0
	for _, g := range groups(c) {
		n, ok := g.completeAsIs()
		if !ok {
			return false
		}
		pairs += n % 3 / 2
	}
	return pairs == 1
}

// Waits returns the standard kinds that would make c (3n+1 standard tiles)
// complete (IsComplete). A kind that c already holds 4 times still counts
// as a wait, since only the caller knows which tiles are left: callers
// filter the waits by availability. It returns the empty set for any other
// number of tiles, more than 4 of a kind, or a bonus tile or a joker.
func Waits(c *tile.Counts) tile.Set {
	if !standardOnly(c) || c.Total()%3 != 1 || !physical(c) {
		return 0
	}
	work := *c
	gs := groups(&work)
	// A wait goes to one group; every other group must already be complete,
	// with at most one pair among them. That pair decides whether the
	// receiving group must become sets only or sets and the pair.
	var sizes, pairs, broken [4]int
	for i, g := range gs {
		n, ok := g.completeAsIs()
		sizes[i] = n
		if ok {
			pairs[i] = n % 3 / 2
		} else {
			broken[i] = 1
		}
	}
	var waits tile.Set
	for i, g := range gs {
		otherPairs, otherBroken := 0, 0
		for j := range gs {
			if j != i {
				otherPairs += pairs[j]
				otherBroken += broken[j]
			}
		}
		// A group without tiles cannot be completed by one.
		if otherBroken > 0 || otherPairs > 1 || sizes[i] == 0 {
			continue
		}
		first := [4]tile.Kind{tile.M1, tile.P1, tile.S1, tile.East}[i]
		for k := range g.tiles {
			g.tiles[k]++
			if g.complete(1 - otherPairs) {
				waits = waits.Add(first + tile.Kind(k))
			}
			g.tiles[k]--
		}
	}
	return waits
}

// completeAsIs returns the number of tiles of the group and whether they
// split into sets and, when their number calls for one, a pair.
func (g group) completeAsIs() (int, bool) {
	idx, n, ok := g.table.index(g.tiles)
	if !ok {
		n = total(g.tiles)
		return n, n%3 != 1 && splits(g.tiles, g.table.chows, n%3/2)
	}
	return n, n%3 != 1 && overlap(g.table.best[idx], n/3, n%3/2) == n
}

// complete reports whether the group's tiles split into sets and p pairs.
func (g group) complete(p int) bool {
	n, ok := g.completeAsIs()
	return ok && n%3/2 == p
}

// splits is complete for holdings outside the tables: at the lowest kind
// held, every tile starts a pung or a chow, and three equal chows are three
// pungs, so the number of chows is fixed.
func splits(c []uint8, chows bool, p int) bool {
	var w [groupKinds]int
	if p == 1 {
		for k := range c {
			if c[k] >= 2 {
				copyInts(&w, c)
				w[k] -= 2
				if setsOnly(w[:len(c)], chows) {
					return true
				}
			}
		}
		return false
	}
	copyInts(&w, c)
	return setsOnly(w[:len(c)], chows)
}

func copyInts(w *[groupKinds]int, c []uint8) {
	for k, x := range c {
		w[k] = int(x)
	}
}

// setsOnly reports whether w splits into sets, consuming w.
func setsOnly(w []int, chows bool) bool {
	for k, x := range w {
		r := x % 3
		if r == 0 {
			continue
		}
		if !chows || k+2 >= len(w) || w[k+1] < r || w[k+2] < r {
			return false
		}
		w[k+1] -= r
		w[k+2] -= r
	}
	return true
}

// physical reports whether c holds at most 4 of each kind.
func physical(c *tile.Counts) bool { return slices.Max(c[:]) <= maxCopies }

// standardOnly reports whether c holds no bonus tile and no joker.
func standardOnly(c *tile.Counts) bool {
	for _, x := range c[tile.NumStandard:] {
		if x != 0 {
			return false
		}
	}
	return true
}

func total(c []uint8) int {
	n := 0
	for _, x := range c {
		n += int(x)
	}
	return n
}
