package hand

import (
	"sync"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// The analysis splits the standard kinds into four groups that sets never
// cross: the three numbered suits (9 kinds, chows allowed) and the honours
// (7 kinds, pungs only). For every way a group can hold at most maxGroupTiles
// tiles with at most 4 of a kind, a table gives the most of those tiles that
// m sets and p pairs built in the group can use ("the overlap"), for m up to
// maxSets and p up to 1. A whole hand is then judged by combining its four
// groups: it is complete when each group's overlap is all of its tiles, and
// its shanten follows from the best split of the sets and the pair between
// the groups.
const (
	maxGroupTiles = 14 // the most tiles of one group the tables cover
	maxSets       = 4  // the most sets counted in one group
	maxCopies     = 4  // copies of each kind in the tile set
	groupKinds    = 9  // the most kinds in a group
	laneBits      = 6  // bits of one packed overlap; the top one is a guard for lane-wise max
	numLanes      = (maxSets + 1) * 2
	laneMask      = 1<<laneBits - 1
)

// laneShift is where the overlap of m sets and p pairs sits in a packed word.
func laneShift(m, p int) uint { return uint(m*2+p) * laneBits }

// overlap unpacks the overlap of m sets and p pairs.
func overlap(packed uint64, m, p int) int { return int(packed >> laneShift(m, p) & laneMask) }

// groupTable holds the packed overlaps of every holding of one group shape.
type groupTable struct {
	size  int  // kinds in the group
	chows bool // whether sets may be chows
	// rank[i][s][x] is added to the index of a holding whose kind i is held
	// x times when the kinds before i hold s tiles: holdings are numbered in
	// lexicographic order.
	rank [groupKinds][maxGroupTiles + 1][maxCopies + 1]uint32
	// best[index] packs, lane (m, p), the overlap of m sets and p pairs.
	best []uint64
}

// index returns the table index of a holding and its number of tiles; ok is
// false when the holding is outside the table (more than 4 of a kind or more
// than maxGroupTiles tiles).
func (t *groupTable) index(c []uint8) (idx, n int, ok bool) {
	r := uint32(0)
	for i, x := range c {
		if x > maxCopies || n+int(x) > maxGroupTiles {
			return 0, 0, false
		}
		r += t.rank[i][n][x]
		n += int(x)
	}
	return int(r), n, true
}

var (
	tablesOnce sync.Once
	suitTable  *groupTable
	honorTable *groupTable
)

// groups returns the four groups of c's standard kinds and their tables,
// building the tables on first use.
func groups(c *tile.Counts) [4]group {
	tablesOnce.Do(func() {
		suitTable = newGroupTable(9, true)
		honorTable = newGroupTable(7, false)
	})
	return [4]group{
		{c[tile.M1:tile.P1], suitTable},
		{c[tile.P1:tile.S1], suitTable},
		{c[tile.S1:tile.East], suitTable},
		{c[tile.East:tile.NumStandard], honorTable},
	}
}

// group is the part of a hand in one group, with the group's table.
type group struct {
	tiles []uint8
	table *groupTable
}

// newGroupTable computes the table of a group of size kinds. A holding that
// is part of some m sets and p pairs (at most 4 of a kind) has all its tiles
// as overlap; any other has the best overlap of itself less one tile. So the
// patterns are marked, the marks spread to every part of a pattern (in
// decreasing index order, since removing a tile lowers the index), and the
// overlaps filled in increasing index order. The suit table has 405,350
// holdings (3.2 MB), the honour table 43,130; both take about 50 ms to build.
func newGroupTable(size int, chows bool) *groupTable {
	t := &groupTable{size: size, chows: chows}
	// ways[k][b] is the number of holdings of k kinds with at most b tiles.
	var ways [groupKinds + 1][maxGroupTiles + 1]uint32
	for b := range ways[0] {
		ways[0][b] = 1
	}
	for k := 1; k <= size; k++ {
		for b := range ways[k] {
			for v := 0; v <= min(maxCopies, b); v++ {
				ways[k][b] += ways[k-1][b-v]
			}
		}
	}
	for i := range size {
		for s := range maxGroupTiles + 1 {
			for x := 1; x <= maxCopies && s+x <= maxGroupTiles; x++ {
				t.rank[i][s][x] = t.rank[i][s][x-1] + ways[size-1-i][maxGroupTiles-s-x+1]
			}
		}
	}
	holdings := make([]uint32, 0, ways[size][maxGroupTiles])
	var h [groupKinds]uint8
	t.enumerate(&h, 0, 0, &holdings)
	sub := t.subPatterns(holdings)
	t.best = make([]uint64, len(holdings))
	for r, packed := range holdings {
		unpack(packed, &h)
		var best uint64
		n := t.forEachSmaller(&h, uint32(r), func(s uint32) { best = maxLanes(best, t.best[s]) })
		for l := range numLanes {
			if sub[r]&(1<<l) != 0 {
				best = best&^(laneMask<<(l*laneBits)) | uint64(n)<<(l*laneBits)
			}
		}
		t.best[r] = best
	}
	return t
}

// enumerate appends every holding with the kinds before i fixed in h, in
// index order, packed 3 bits a kind.
func (t *groupTable) enumerate(h *[groupKinds]uint8, i, n int, out *[]uint32) {
	if i == t.size {
		*out = append(*out, pack(h))
		return
	}
	for x := 0; x <= maxCopies && n+x <= maxGroupTiles; x++ {
		h[i] = uint8(x)
		t.enumerate(h, i+1, n+x, out)
	}
	h[i] = 0
}

func pack(h *[groupKinds]uint8) uint32 {
	var p uint32
	for i, x := range h {
		p |= uint32(x) << (3 * i)
	}
	return p
}

func unpack(p uint32, h *[groupKinds]uint8) {
	for i := range h {
		h[i] = uint8(p >> (3 * i) & 7)
	}
}

// forEachSmaller calls f with the index of h less one tile, for each kind h
// holds; r is h's own index. It returns the number of tiles of h.
func (t *groupTable) forEachSmaller(h *[groupKinds]uint8, r uint32, f func(uint32)) int {
	var prefix [groupKinds + 1]int
	for i := range t.size {
		prefix[i+1] = prefix[i] + int(h[i])
	}
	// shift is how much the index moves when every kind after j sees one
	// tile fewer before it.
	shift := uint32(0)
	for j := t.size - 1; j >= 0; j-- {
		if x := h[j]; x > 0 {
			s := prefix[j]
			f(r - t.rank[j][s][x] + t.rank[j][s][x-1] + shift)
		}
		if j > 0 && prefix[j] > 0 {
			s := prefix[j]
			shift += t.rank[j][s-1][h[j]] - t.rank[j][s][h[j]]
		}
	}
	return prefix[t.size]
}

// subPatterns returns, for each holding, a bit per lane (m, p) set when the
// holding is part of some m sets and p pairs of the group (with at most 4
// of a kind).
func (t *groupTable) subPatterns(holdings []uint32) []uint16 {
	sub := make([]uint16, len(holdings))
	var h [groupKinds]uint8
	t.markPatterns(&h, 0, 0, sub)
	for r := len(holdings) - 1; r >= 0; r-- {
		if sub[r] == 0 {
			continue
		}
		unpack(holdings[r], &h)
		t.forEachSmaller(&h, uint32(r), func(s uint32) { sub[s] |= sub[r] })
	}
	return sub
}

// markPatterns marks every m sets (built from set type from onwards) added to
// h, with and without a pair.
func (t *groupTable) markPatterns(h *[groupKinds]uint8, from, m int, sub []uint16) {
	idx, _, _ := t.index(h[:t.size])
	sub[idx] |= 1 << (m * 2)
	for k := range t.size {
		if h[k]+2 <= maxCopies {
			h[k] += 2
			idx, _, _ := t.index(h[:t.size])
			sub[idx] |= 1 << (m*2 + 1)
			h[k] -= 2
		}
	}
	if m == maxSets {
		return
	}
	// Set types: pungs of kinds 0..size-1, then chows from 0..size-3.
	types := t.size
	if t.chows {
		types += t.size - 2
	}
	for ty := from; ty < types; ty++ {
		if t.addSet(h, ty, 1) {
			t.markPatterns(h, ty, m+1, sub)
		}
		t.addSet(h, ty, -1)
	}
}

// addSet adds (d = 1) or removes (d = -1) set type ty to h and reports
// whether h still has at most 4 of each kind.
func (t *groupTable) addSet(h *[groupKinds]uint8, ty, d int) bool {
	if ty < t.size {
		h[ty] = uint8(int(h[ty]) + 3*d)
		return h[ty] <= maxCopies
	}
	k := ty - t.size
	ok := true
	for i := k; i < k+3; i++ {
		h[i] = uint8(int(h[i]) + d)
		ok = ok && h[i] <= maxCopies
	}
	return ok
}

// maxLanes returns the lane-wise maximum of two packed words (lanes hold
// values below 1<<(laneBits-1), so each lane's top bit is free).
func maxLanes(a, b uint64) uint64 {
	const guard = 0x820820820820820 // bit laneBits-1 of each of the 10 lanes
	ge := ((a | guard) - b) & guard // guard bit set where a >= b
	sel := ge - ge>>(laneBits-1)    // all bits of the lanes where a >= b, but the guard
	sel |= ge
	return a&sel | b&^sel
}
