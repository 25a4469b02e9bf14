package hand

import (
	"math/rand/v2"
	"slices"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// This file holds the naive references the tables are checked against, and
// the random hands they are checked on.

// refComplete is IsComplete by plain recursive search.
func refComplete(c tile.Counts) bool {
	if !standardOnly(&c) || c.Total()%3 != 2 {
		return false
	}
	return refSplit(&c, 0, false)
}

func refSplit(c *tile.Counts, k tile.Kind, paired bool) bool {
	for k < tile.NumStandard && c[k] == 0 {
		k++
	}
	if k == tile.NumStandard {
		return paired
	}
	try := func(ks ...tile.Kind) bool {
		for _, x := range ks {
			c[x]--
		}
		ok := refSplit(c, k, paired || len(ks) == 2)
		for _, x := range ks {
			c[x]++
		}
		return ok
	}
	return (!paired && c[k] >= 2 && try(k, k)) ||
		(c[k] >= 3 && try(k, k, k)) ||
		(k.IsSuited() && k.Number() <= 7 && c[k+1] > 0 && c[k+2] > 0 && try(k, k+1, k+2))
}

// refWaits is Waits by trying every kind with refComplete.
func refWaits(c tile.Counts) tile.Set {
	var s tile.Set
	if c.Total()%3 != 1 {
		return 0
	}
	for k := range tile.Kind(tile.NumStandard) {
		c[k]++
		if refComplete(c) {
			s = s.Add(k)
		}
		c[k]--
	}
	return s
}

// refShanten is Shanten by search: the fewest tiles missing from any n sets
// and a pair (at most 4 of a kind), less one. Each tile of the hand, lowest
// first, is either left out or is the lowest tile the hand gives to a set or
// the pair; sets and the pair that get no tile cost all their tiles. A set
// or pair takes every tile of the hand it can: had it left one for a later
// set, moving the tile over loses nothing. Results are remembered by the
// part of the state the rest of the search can see.
func refShanten(c tile.Counts) int {
	n := c.Total()
	if !standardOnly(&c) || n%3 == 0 || n > 14 || !fullOrLess(c) {
		return NoShanten
	}
	r := refSearch{hand: c, need: n / 3, memo: map[refKey]int{}}
	return r.missing(0, 0) - 1
}

func fullOrLess(c tile.Counts) bool {
	return !slices.ContainsFunc(c[:], func(x uint8) bool { return x > 4 })
}

type refSearch struct {
	hand, pat   tile.Counts
	sets, pairs int
	need        int
	memo        map[refKey]int
}

// refKey is what the search from kind k on depends on: the option, the
// hand from k to k+2 (higher kinds are untouched), the pattern from k-2 to
// k+2 (lower kinds are out of reach), and the sets and pair placed.
type refKey struct {
	k, opt      tile.Kind
	hand        [3]uint8
	pat         [5]uint8
	sets, pairs int
}

func (r *refSearch) key(k, opt tile.Kind) refKey {
	key := refKey{k: k, opt: opt, sets: r.sets, pairs: r.pairs}
	for i := range 5 {
		if x := int(k) - 2 + i; x >= 0 && x < tile.NumStandard {
			key.pat[i] = r.pat[x]
			if i >= 2 {
				key.hand[i-2] = r.hand[x]
			}
		}
	}
	return key
}

// missing returns the fewest tiles the sets and pair still to place will
// miss, going on from kind k with option opt or a later one.
func (r *refSearch) missing(k, opt tile.Kind) int {
	for k < tile.NumStandard && r.hand[k] == 0 {
		k, opt = k+1, 0
	}
	if k == tile.NumStandard || (r.sets == r.need && r.pairs == 1) {
		return 3*(r.need-r.sets) + 2*(1-r.pairs)
	}
	key := r.key(k, opt)
	if v, ok := r.memo[key]; ok {
		return v
	}
	// Options: a pung, the pair, a chow from k-2, k-1 or k, and last
	// leaving the remaining copies of k out.
	best := NoShanten
	for o := opt; o <= 5; o++ {
		var tiles []tile.Kind
		switch {
		case o == 0 && r.sets < r.need:
			tiles = []tile.Kind{k, k, k}
		case o == 1 && r.pairs == 0:
			tiles = []tile.Kind{k, k}
		case o >= 2 && o <= 4 && r.sets < r.need && k.IsSuited():
			s := int(k) + int(o) - 4
			if first := int(k) - int(k)%9; s < first || s+2 > first+8 {
				continue
			}
			tiles = []tile.Kind{tile.Kind(s), tile.Kind(s + 1), tile.Kind(s + 2)}
		case o == 5:
			x := r.hand[k]
			r.hand[k] = 0
			best = min(best, r.missing(k+1, 0))
			r.hand[k] = x
		}
		if tiles != nil {
			r.place(tiles, func(given int) { best = min(best, len(tiles)-given+r.missing(k, o)) })
		}
	}
	r.memo[key] = best
	return best
}

// place adds a set or the pair to the pattern if that keeps at most 4 of a
// kind, gives it every tile of the hand it can, and runs next with the
// number given.
func (r *refSearch) place(tiles []tile.Kind, next func(given int)) {
	for _, x := range tiles {
		r.pat[x]++
	}
	defer func() {
		for _, x := range tiles {
			r.pat[x]--
		}
	}()
	for _, x := range tiles {
		if r.pat[x] > 4 {
			return
		}
	}
	var given []tile.Kind
	for _, x := range tiles {
		if r.hand[x] > 0 {
			r.hand[x]--
			given = append(given, x)
		}
	}
	if len(tiles) == 2 {
		r.pairs++
	} else {
		r.sets++
	}
	next(len(given))
	if len(tiles) == 2 {
		r.pairs--
	} else {
		r.sets--
	}
	for _, x := range given {
		r.hand[x]++
	}
}

// defShanten is the definition of shanten, searched to a depth: -1 when
// complete; for 3n+2 tiles the best over discards; for 3n+1 tiles one more
// than the best over draws of kinds still available. It returns limit+1
// when the shanten is more than limit.
func defShanten(c tile.Counts, limit int) int {
	if c.Total()%3 == 2 {
		if refComplete(c) {
			return -1
		}
		best := limit + 1
		for k := range tile.Kind(tile.NumStandard) {
			if c[k] > 0 {
				c[k]--
				best = min(best, defShanten(c, limit))
				c[k]++
			}
		}
		return best
	}
	if limit < 0 {
		return limit + 1
	}
	best := limit + 1
	for k := range tile.Kind(tile.NumStandard) {
		if c[k] < 4 {
			c[k]++
			best = min(best, 1+defShanten(c, limit-1))
			c[k]--
		}
	}
	return best
}

// refDecompose lists every decomposition of c by trying every multiset of
// set types, written as strings in Decomposition order.
func refDecompose(c tile.Counts) []string {
	if !standardOnly(&c) || c.Total()%3 != 2 {
		return nil
	}
	var types []Meld
	for k := range tile.Kind(tile.NumStandard) {
		if k.IsSuited() && k.Number() <= 7 {
			types = append(types, Meld{Kind: Chow, Tile: k})
		}
		types = append(types, Meld{Kind: Pung, Tile: k})
	}
	var out []string
	var sets []Meld
	pair := tile.None
	var rec func(from int, left int)
	rec = func(from, left int) {
		if left == 0 {
			out = append(out, decompString(sets, pair))
			return
		}
		for i := from; i < len(types); i++ {
			ks := types[i].Tiles()
			if !c.Contains(ptr(tile.CountsOf(ks))) {
				continue
			}
			for _, k := range ks {
				c[k]--
			}
			sets = append(sets, types[i])
			rec(i, left-3)
			sets = sets[:len(sets)-1]
			for _, k := range ks {
				c[k]++
			}
		}
	}
	for p := range tile.Kind(tile.NumStandard) {
		if c[p] >= 2 {
			c[p] -= 2
			pair = p
			rec(0, c.Total())
			c[p] += 2
		}
	}
	return out
}

func ptr[T any](v T) *T { return &v }

func decompString(sets []Meld, pair tile.Kind) string {
	s := ""
	for _, m := range sets {
		s += m.String() + " "
	}
	return s + "pair " + pair.String()
}

// The random hands: drawn from a full wall, drawn from one suit and the
// honours, or built complete and then spoilt a little, in sizes 3n+1 and
// 3n+2 for n sets (n = 4 most of the time).

func randomSize(rng *rand.Rand, extra int) int {
	n := 4
	if rng.IntN(4) == 0 {
		n = rng.IntN(4)
	}
	return 3*n + extra
}

// wallHand draws size tiles from the 136 standard tiles.
func wallHand(rng *rand.Rand, size int) tile.Counts {
	return drawFrom(rng, size, func(tile.Kind) bool { return true })
}

// suitHand draws size tiles from one suit, with the honours now and then.
func suitHand(rng *rand.Rand, size int) tile.Counts {
	suit := tile.Kind(rng.IntN(3) * 9)
	honors := rng.IntN(3) == 0
	return drawFrom(rng, size, func(k tile.Kind) bool {
		return (k >= suit && k < suit+9) || (honors && k.IsHonor())
	})
}

func drawFrom(rng *rand.Rand, size int, ok func(tile.Kind) bool) tile.Counts {
	var pool []tile.Kind
	for k := range tile.Kind(tile.NumStandard) {
		if ok(k) {
			pool = append(pool, k, k, k, k)
		}
	}
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	return tile.CountsOf(pool[:size])
}

// completeHand builds n random sets and a pair, at most 4 of a kind, from
// one suit and the honours when narrow is true.
func completeHand(rng *rand.Rand, n int, narrow bool) tile.Counts {
	for {
		var c tile.Counts
		base := tile.Kind(rng.IntN(3) * 9)
		pick := func() tile.Kind {
			if narrow && rng.IntN(5) > 0 {
				return base + tile.Kind(rng.IntN(9))
			}
			return tile.Kind(rng.IntN(tile.NumStandard))
		}
		for range n {
			k := pick()
			if k.IsSuited() && k.Number() <= 7 && rng.IntN(2) == 0 {
				c[k]++
				c[k+1]++
				c[k+2]++
			} else {
				c[k] += 3
			}
		}
		c[pick()] += 2
		if fullOrLess(c) {
			return c
		}
	}
}

// nearHand is a complete hand of size/3 sets with a tile taken away (for
// 3n+1 sizes) and up to two tiles swapped for random ones.
func nearHand(rng *rand.Rand, size int) tile.Counts {
	c := completeHand(rng, size/3, rng.IntN(2) == 0)
	if size%3 == 1 {
		removeRandom(rng, &c)
	}
	for range rng.IntN(3) {
		removeRandom(rng, &c)
		for {
			k := tile.Kind(rng.IntN(tile.NumStandard))
			if c[k] < 4 {
				c[k]++
				break
			}
		}
	}
	return c
}

func removeRandom(rng *rand.Rand, c *tile.Counts) {
	ks := c.Kinds()
	c[ks[rng.IntN(len(ks))]]--
}

// randomHand is one of the three kinds of random hands, by i.
func randomHand(rng *rand.Rand, i, extra int) tile.Counts {
	size := randomSize(rng, extra)
	switch i % 3 {
	case 0:
		return wallHand(rng, size)
	case 1:
		return suitHand(rng, size)
	}
	return nearHand(rng, size)
}
