package hand

import "github.com/fourwinds-mahjong/fourwinds/core/tile"

// NoShanten is what the shanten functions return for tiles they do not
// measure: a wrong number of tiles, more than 4 of a kind, a bonus tile or a
// joker. It is larger than any shanten, so the minimum over several shapes
// ignores it.
const NoShanten = 99

// Shanten returns how far c (3n+1 or 3n+2 concealed standard tiles, at most
// 14) is from a regular hand of n sets and a pair: -1 when complete, 0 when
// ready (one tile from complete), and otherwise the number of tile exchanges
// (draw one, discard one) still needed before the hand is ready. It counts
// only hands with at most 4 of each kind, so a hand whose only wait is a
// fifth copy (see Waits) is not ready. Other tiles get NoShanten.
func Shanten(c *tile.Counts) int {
	if !standardOnly(c) {
		return NoShanten
	}
	gs := groups(c)
	idx, size, ok := gs[3].table.index(gs[3].tiles)
	if !ok {
		return NoShanten
	}
	return shanten(&gs, gs[3].table.best[idx], size)
}

// Usage is what a holding of honours gives a hand under a ruleset's own
// honour sets: Usage[m][p] is the most of its tiles that m sets and p pairs
// (p is 0 or 1) can use. Shanten's honour sets are pungs only; a ruleset
// with other honour sets (jilin's special combinations) works out its own
// Usage and passes it to ShantenWith.
type Usage [maxSets + 1][2]uint8

// ShantenWith returns Shanten for the hand made of c's suit tiles and n
// honours whose use is u; c's honours are ignored. It returns NoShanten
// when the hand holds a wrong number of tiles, more than 4 of a suit kind,
// or tiles that are not standard.
func ShantenWith(c *tile.Counts, u *Usage, n int) int {
	if !standardOnly(c) || n < 0 || n > maxGroupTiles {
		return NoShanten
	}
	var packed uint64
	for m := range u {
		for p := range u[m] {
			packed |= uint64(min(int(u[m][p]), n)) << laneShift(m, p)
		}
	}
	gs := groups(c)
	return shanten(&gs, packed, n)
}

// shanten combines the three suit groups of gs with honours of n tiles
// whose overlaps are packed.
func shanten(gs *[4]group, honours uint64, n int) int {
	var packed [4]uint64
	used := 0
	if n > 0 {
		packed[used] = honours
		used++
	}
	for _, g := range gs[:3] {
		idx, size, ok := g.table.index(g.tiles)
		if !ok {
			return NoShanten
		}
		if size > 0 {
			packed[used] = g.table.best[idx]
			used++
		}
		n += size
	}
	if n%3 == 0 || n > maxGroupTiles {
		return NoShanten
	}
	sets := n / 3
	// best[m][p] is the most tiles that m sets and p pairs can use among the
	// groups seen so far; groups without tiles are left out, since overlaps
	// never fall as m or p grows.
	var best [maxSets + 1][2]int
	last := used - 1 // at least one group holds tiles
	for _, v := range packed[:last] {
		best = combine(&best, v, sets)
	}
	// The target has 3n+2 tiles; those not used must be drawn, and the hand
	// is ready one draw before complete.
	return 3*sets + 2 - bestWith(&best, packed[last], sets) - 1
}

// combine returns the best use of m sets and p pairs (m up to sets) split
// between the groups behind best and one more group with packed overlaps.
func combine(best *[maxSets + 1][2]int, packed uint64, sets int) [maxSets + 1][2]int {
	ov := overlaps(packed, sets)
	var out [maxSets + 1][2]int
	for m := 0; m <= sets; m++ {
		o0, o1 := 0, 0
		for m1 := 0; m1 <= m; m1++ {
			v, b := &ov[m-m1], &best[m1]
			o0 = max(o0, b[0]+v[0])
			o1 = max(o1, b[0]+v[1], b[1]+v[0])
		}
		out[m] = [2]int{o0, o1}
	}
	return out
}

// overlaps returns the overlaps of packed for up to sets sets, lane by lane
// (overlap).
func overlaps(packed uint64, sets int) [maxSets + 1][2]int {
	var ov [maxSets + 1][2]int
	for m := 0; m <= sets; m++ {
		ov[m] = [2]int{int(packed & laneMask), int(packed >> laneBits & laneMask)}
		packed >>= 2 * laneBits
	}
	return ov
}

// bestWith is combine's entry for all the sets and the pair.
func bestWith(best *[maxSets + 1][2]int, packed uint64, sets int) int {
	v := 0
	for m1 := 0; m1 <= sets; m1++ {
		v = max(v, best[m1][0]+overlap(packed, sets-m1, 1), best[m1][1]+overlap(packed, sets-m1, 0))
	}
	return v
}

// SevenPairsShanten returns the shanten of c (13 or 14 concealed standard
// tiles) towards seven pairs: -1 when complete, 0 when ready. A kind held 4
// times counts as two pairs (JL-6.3, the only ruleset here with the hand).
// Other tiles get NoShanten. Rulesets call it from their own hooks; Shanten
// does not.
func SevenPairsShanten(c *tile.Counts) int {
	if !fullHand(c) {
		return NoShanten
	}
	pairs := 0
	for _, x := range c[:tile.NumStandard] {
		pairs += int(x) / 2
	}
	return 6 - min(pairs, 7)
}

// OrphansShanten returns the shanten of c (13 or 14 concealed standard
// tiles) towards thirteen orphans (CL-10.2: one of each terminal and
// honour, plus a duplicate of any of them): -1 when complete, 0 when ready.
// Other tiles get NoShanten. Rulesets call it from their own hooks; Shanten
// does not.
func OrphansShanten(c *tile.Counts) int {
	if !fullHand(c) {
		return NoShanten
	}
	kinds, pair := 0, 0
	for k, x := range c[:tile.NumStandard] {
		if x > 0 && tile.Kind(k).IsMajor() {
			kinds++
			if x >= 2 {
				pair = 1
			}
		}
	}
	return 13 - kinds - pair
}

// fullHand reports whether c is 13 or 14 standard tiles, at most 4 of a kind.
func fullHand(c *tile.Counts) bool {
	if n := c.Total(); !standardOnly(c) || n < 13 || n > 14 {
		return false
	}
	for _, x := range c {
		if x > maxCopies {
			return false
		}
	}
	return true
}

// Draws answers Shanten for a hand c with one more tile, kind by kind,
// faster than Shanten: a drawn tile changes one group (a suit or the
// honours), so the other three groups are combined once, not for every
// kind asked about. The zero Draws answers NoShanten; use NewDraws.
type Draws struct {
	c  tile.Counts
	ok bool
	n  int // tiles in c
	// majors and majorPair are c's kinds of terminals and honours and
	// whether it pairs one; pairs counts c's pairs (a kind held 4 times is
	// two), for OrphansShanten and SevenPairsShanten.
	majors, pairs int
	majorPair     bool
	// packed are the groups' packed overlaps; rest[g] is the best use of
	// every group but g, for the sets of a hand of n+1 tiles.
	packed [4]uint64
	rest   [4][maxSets + 1][2]int
	// tables are the groups' tables.
	tables [4]*groupTable
}

// NewDraws prepares the answers for c (3n+1 concealed standard tiles, at
// most 13).
func NewDraws(c *tile.Counts) Draws {
	d := Draws{c: *c}
	if !standardOnly(c) {
		return d
	}
	gs := groups(c) // c, not d.c: d stays on the stack
	var held [4]bool
	for g := range gs {
		idx, size, ok := gs[g].table.index(gs[g].tiles)
		if !ok {
			return d
		}
		d.packed[g], held[g], d.tables[g] = gs[g].table.best[idx], size > 0, gs[g].table
		d.n += size
	}
	d.ok = true
	for k, x := range d.c[:tile.NumStandard] {
		d.pairs += int(x) / 2
		if x > 0 && tile.Kind(k).IsMajor() {
			d.majors++
			d.majorPair = d.majorPair || x >= 2
		}
	}
	sets := (d.n + 1) / 3
	for g := range gs {
		var best [maxSets + 1][2]int
		for o := range gs {
			if o != g && held[o] { // an empty group adds nothing
				best = combine(&best, d.packed[o], sets)
			}
		}
		d.rest[g] = best
	}
	return d
}

// Shanten returns Shanten of the hand with one more tile of standard kind
// k: the same figure, NoShanten included.
func (d *Draws) Shanten(k tile.Kind) int {
	n := d.n + 1
	if !d.ok || !k.IsStandard() || n%3 == 0 || n > maxGroupTiles {
		return NoShanten
	}
	g, lo, hi := 3, tile.East, tile.Kind(tile.NumStandard) // k's group (groups)
	if k.IsSuited() {
		g = int(k) / 9
		lo = tile.Kind(9 * g)
		hi = lo + 9
	}
	t := d.tables[g]
	d.c[k]++
	idx, _, ok := t.index(d.c[lo:hi])
	d.c[k]--
	if !ok {
		return NoShanten
	}
	sets := n / 3
	return 3*sets + 2 - bestWith(&d.rest[g], t.best[idx], sets) - 1
}

// full reports whether the hand with one more k is a hand the special
// shapes measure: 13 or 14 standard tiles, at most 4 of a kind.
func (d *Draws) full(k tile.Kind) bool {
	return d.ok && k.IsStandard() && d.n+1 >= 13 && d.n+1 <= 14 && d.c[k] < maxCopies
}

// Orphans returns OrphansShanten of the hand with one more tile of k.
func (d *Draws) Orphans(k tile.Kind) int {
	if !d.full(k) {
		return NoShanten
	}
	kinds, pair := d.majors, d.majorPair
	if k.IsMajor() {
		kinds += b2i(d.c[k] == 0)
		pair = pair || d.c[k] == 1
	}
	return 13 - kinds - b2i(pair)
}

// SevenPairs returns SevenPairsShanten of the hand with one more tile of k.
func (d *Draws) SevenPairs(k tile.Kind) int {
	if !d.full(k) {
		return NoShanten
	}
	return 6 - min(d.pairs+int(d.c[k]%2), 7)
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
