package card

import (
	"math/bits"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// This file lets Outlook.Measure bound every expansion of the card at once:
// the naturals of a hand that fall on an expansion's kinds, counted for all
// expansions together as 4-bit counters cut into bit planes (64
// expansions a word), so that only the expansions whose bound lets them
// be near are read one by one.

// scan is the card's expansions in file order, for the counters.
type scan struct {
	refs []scanRef
	// has[k] has bit x set when refs[x] has a group of kind k.
	has [rules.NumCardKinds][]uint64
	// last masks the used bits of the last word.
	last uint64
}

// scanRef is expansion e of Lines[line].
type scanRef struct {
	line int
	e    *expansion
}

// filledBits is the width of the counters: a hand's naturals, at most
// HandSize, fit.
const filledBits = 4

// newScan indexes the expansions exp (exp[i] those of Lines[i]).
func newScan(exp [][]expansion) scan {
	var sc scan
	for i := range exp {
		for j := range exp[i] {
			sc.refs = append(sc.refs, scanRef{line: i, e: &exp[i][j]})
		}
	}
	words := (len(sc.refs) + 63) / 64
	for k := range sc.has {
		sc.has[k] = make([]uint64, words)
	}
	for x, r := range sc.refs {
		for ks := r.e.kinds; ks != 0; ks &= ks - 1 {
			if k := bits.TrailingZeros64(uint64(ks)); k < rules.NumCardKinds {
				sc.has[k][x/64] |= 1 << (x % 64)
			}
		}
	}
	sc.last = ^uint64(0)
	if n := len(sc.refs) % 64; n != 0 {
		sc.last = 1<<n - 1
	}
	return sc
}

// counters are the filled counts of every expansion of a scan for one
// hand: bit x of planes[b] is bit b of refs[x]'s count.
type counters struct {
	planes [filledBits][]uint64
}

// count sets cs to the naturals of n that fall on each expansion's kinds
// (kinds holds the kinds of n).
func (cs *counters) count(sc *scan, n *tile.Counts, kinds tile.Set) {
	words := len(sc.has[0])
	for b := range cs.planes {
		if cap(cs.planes[b]) < words {
			cs.planes[b] = make([]uint64, words)
		}
		cs.planes[b] = cs.planes[b][:words]
		clear(cs.planes[b])
	}
	for ; kinds != 0; kinds &= kinds - 1 {
		k := bits.TrailingZeros64(uint64(kinds))
		if k >= rules.NumCardKinds {
			continue
		}
		add := uint64(n[k])
		for w, m := range sc.has[k] {
			if m == 0 {
				continue
			}
			carry := uint64(0)
			for b := range cs.planes {
				x := m & -(add >> b & 1)
				p := cs.planes[b][w]
				cs.planes[b][w] = p ^ x ^ carry
				carry = p&x | p&carry | x&carry
			}
		}
	}
}

// exactly returns word w of the set of expansions whose count is v.
func (cs *counters) exactly(sc *scan, w, v int) uint64 {
	if v < 0 || v >= 1<<filledBits {
		return 0
	}
	eq := ^uint64(0)
	if w == len(sc.has[0])-1 {
		eq = sc.last
	}
	for b := range cs.planes {
		p := cs.planes[b][w]
		if v>>b&1 == 0 {
			p = ^p
		}
		eq &= p
	}
	return eq
}

// atLeast returns word w of the set of expansions whose count is v or
// more.
func (cs *counters) atLeast(sc *scan, w, v int) uint64 {
	mask := ^uint64(0)
	if w == len(sc.has[0])-1 {
		mask = sc.last
	}
	switch {
	case v <= 0:
		return mask
	case v >= 1<<filledBits:
		return 0
	}
	gt, eq := uint64(0), ^uint64(0)
	for b := filledBits - 1; b >= 0; b-- {
		p := cs.planes[b][w]
		if v>>b&1 == 1 {
			eq &= p
		} else {
			gt |= eq & p
			eq &^= p
		}
	}
	return (gt | eq) & mask
}
