package pattern

import (
	"math"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// Best returns the reading of the winning hand h (checked by Check) with
// the highest rank, the first on a tie (CL-10.7, HK-S-38, FR-13.10), and
// false when h is not four sets and a pair. rank is called only when
// there are two readings or more.
func Best(h *rules.Hand, selfDrawn bool, rank func(r *Reading) int64) (Reading, bool) {
	var best Reading
	var bestRank int64
	n := 0
	Readings(h, selfDrawn, func(r *Reading) {
		if n++; n == 1 {
			best = *r
			return
		}
		if n == 2 {
			bestRank = rank(&best)
		}
		if v := rank(r); v > bestRank {
			best, bestRank = *r, v
		}
	})
	return best, n > 0
}

// Value returns points × 2^doubles capped at limit (0: no cap), and
// whether the cap applied. It never overflows: values saturate at
// math.MaxInt32.
func Value(points, doubles, limit int) (v int, capped bool) {
	x := int64(max(points, 0))
	for range max(doubles, 0) {
		if x *= 2; x > math.MaxInt32 {
			x = math.MaxInt32
			break
		}
	}
	if limit > 0 && x > int64(limit) {
		return limit, true
	}
	return int(x), false
}

// Orphans are the thirteen terminals and honours of Thirteen Orphans
// (CL-10.2, HK-G-3).
var Orphans = tile.MustParse("19m 19p 19s 1234567z")

// ThirteenOrphans reports whether c is one of each of the Orphans plus a
// fourteenth tile that pair accepts.
func ThirteenOrphans(c *tile.Counts, pair func(k tile.Kind) bool) bool {
	if c.Total() != 14 {
		return false
	}
	dup := tile.None
	for _, k := range Orphans {
		switch c[k] {
		case 1:
		case 2:
			dup = k
		default:
			return false
		}
	}
	return dup != tile.None && pair(dup)
}

// Candidates returns a superset of the tiles that may complete the
// 13-tile hand h, special hands included (for rules.Waiter): the tiles
// held and their suit neighbours up to two away, every terminal and every
// honour. A tile that completes a hand is either held, next to a held
// tile, or one of the orphans and honours that special hands ask for.
func Candidates(h *rules.Hand) tile.Set {
	var s tile.Set
	for _, k := range Orphans {
		s = s.Add(k)
	}
	for k := tile.Kind(0); k < tile.NumStandard; k++ {
		if h.Concealed[k] == 0 {
			continue
		}
		s = s.Add(k)
		if !k.IsSuited() {
			continue
		}
		for d := -2; d <= 2; d++ {
			n := k.Number() + d
			if n >= 1 && n <= 9 {
				s = s.Add(tile.Suited(k.Suit(), n))
			}
		}
	}
	return s
}
