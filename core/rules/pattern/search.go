package pattern

import (
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
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
// 13-tile hand h, special hands included (for rules.Waiter), kept tight
// because the engine confirms every candidate with Value: the regular
// waits of the concealed tiles, plus the tiles a special hand still needs
// when the hand is near one:
//   - thirteen orphans and the lanterns (CL-10.2, HK-G-3): 12 or more
//     different orphans held → every orphan;
//   - the snakes (HK-G-1, HK-G-2): 8 or more different numbers of one
//     suit → that suit and every honour;
//   - the natural kongs of HK-G-7 and HK-G-8 (held, never declared, so no
//     regular shape covers them): two or more honours held 3 or 4 times →
//     every honour.
//
// The other Grands Jeux and the limit hands are regular shapes.
func Candidates(h *rules.Hand) tile.Set {
	c := &h.Concealed
	s := hand.Waits(c)
	orphans := 0
	for _, k := range Orphans {
		if c[k] > 0 {
			orphans++
		}
	}
	if orphans >= 12 {
		for _, k := range Orphans {
			s = s.Add(k)
		}
	}
	heavy := 0
	for k := tile.East; k <= tile.Red; k++ {
		if c[k] >= 3 {
			heavy++
		}
	}
	for suit := tile.Characters; suit <= tile.Bamboo; suit++ {
		distinct := 0
		for n := 1; n <= 9; n++ {
			if c[tile.Suited(suit, n)] > 0 {
				distinct++
			}
		}
		if distinct >= 8 {
			for n := 1; n <= 9; n++ {
				s = s.Add(tile.Suited(suit, n))
			}
			heavy = 2
		}
	}
	if heavy >= 2 {
		for k := tile.East; k <= tile.Red; k++ {
			s = s.Add(k)
		}
	}
	return s
}
