package jilin

import (
	"math/bits"
	"sync"

	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// AIShanten returns how many tile exchanges h (concealed tiles and
// declared groups, and the winning tile if set: 13 or 14 effective tiles)
// needs before it may announce TING: 0 when its wait set is non-empty
// (JL-7.1), -1 for 14 tiles that are a win on a legal wait, and otherwise at
// least 1. The distance counts 4 groups and a pair or seven pairs (JL-9.1),
// the honours grouped as triples and 3-tile special combinations (JL-0,
// JL-6.4); the suit and terminal rules (JL-9.2, JL-9.3) and the closed
// waits (JL-7.1) are checked only once the hand is that close. It returns
// hand.NoShanten for a malformed hand. It is for the AI (core/ai's
// Distancer).
func (Ruleset) AIShanten(rh rules.Hand, ctx rules.Context) int {
	h, err := FromRules(rh, ctx.Flags.Has(rules.NoCalls))
	if err != nil {
		return hand.NoShanten
	}
	if rh.Winning != tile.None {
		h.Concealed.Add(rh.Winning)
	}
	return distanceOf(h)
}

// AIShantenDraws sets out[k] to AIShanten of h with one more tile of kind
// k, for each kind of draws, converting h once (core/ai's DrawDistancer).
func (r Ruleset) AIShantenDraws(rh rules.Hand, ctx rules.Context, draws tile.Set, out *[tile.NumStandard]int) {
	h, err := FromRules(rh, ctx.Flags.Has(rules.NoCalls))
	for ; draws != 0; draws &= draws - 1 {
		k := tile.Kind(bits.TrailingZeros64(uint64(draws)))
		switch {
		case !k.IsStandard():
			continue
		case err != nil || rh.Winning != tile.None:
			// Measured one by one, as AIShanten measures it.
			more := rh
			more.Concealed.Add(k)
			out[k] = r.AIShanten(more, ctx)
			continue
		}
		h.Concealed[k]++
		if h.Concealed.Total() > 14 || h.check(tile.None) != nil {
			out[k] = hand.NoShanten // as FromRules refuses it
		} else {
			out[k] = distanceOf(h)
		}
		h.Concealed[k]--
	}
}

// distanceOf is AIShanten of a converted hand.
func distanceOf(h Hand) int {
	sh := shapeShanten(h)
	switch h.Effective() {
	case 13:
		if sh <= 0 && tingWaits(h) != 0 {
			return 0
		}
	case 14:
		if sh <= 0 {
			dw := discardWaits(h)
			for k, w := range dw {
				if w.Has(tile.Kind(k)) {
					return -1
				}
			}
			for _, w := range dw {
				if w != 0 {
					return 0
				}
			}
		}
	default:
		return hand.NoShanten
	}
	return max(sh, 1)
}

// shapeShanten is the distance of h to 4 groups and a pair, or to seven
// pairs when it has no declared group, in one suit or in three, never two
// (JL-9.2): a hand of two suits needs a third, or must give up all the
// tiles of one. The terminal rule (JL-9.3) and the closed waits (JL-7.1)
// are left to the wait check.
func shapeShanten(h Hand) int {
	c := &h.Concealed
	u := honourUsage(c)
	honours := 0
	for _, x := range c[tile.East:tile.NumStandard] {
		honours += int(x)
	}
	all := h.All()
	present, _ := survey(&all)
	sh := hand.ShantenWith(c, &u, honours)
	if len(h.Groups) == 0 {
		sh = min(sh, sevenPairs(c, -1))
	}
	// A suit alone is never nearer than the whole hand: the other suits'
	// tiles only weigh. So it is asked about only for a hand of two suits
	// (or none), which needs a third or to give up all but one, and only
	// until it comes as near as the whole hand.
	if n := countTrue(present[:]); n == 1 || n == 3 {
		return sh
	}
	least := sh
	sh++
	var held [3]bool // suits of the declared groups
	for _, g := range h.Groups {
		if k := g.Tile; k.IsSuited() {
			held[k.Suit()-tile.Characters] = true
		}
	}
	for s := range 3 {
		if sh == least {
			break
		}
		if !present[s] || held[(s+1)%3] || held[(s+2)%3] {
			continue
		}
		one, junk := *c, 0 // suit s alone: the other suits' tiles must go
		for k := range tile.Kind(tile.East) {
			if int(k)/9 != s {
				junk += int(one[k])
				one[k] = 0
			}
		}
		if junk == 0 {
			continue
		}
		alone := hand.ShantenWith(&one, &u, honours+junk)
		if len(h.Groups) == 0 {
			alone = min(alone, sevenPairs(c, s))
		}
		sh = min(sh, alone)
	}
	return sh
}

// sevenPairs is the seven-pairs shanten of concealed c when only the pairs
// of suit s and of the honours count (s = -1: every pair counts).
func sevenPairs(c *tile.Counts, s int) int {
	if n := c.Total(); n != 13 && n != 14 {
		return hand.NoShanten
	}
	pairs := 0
	for k, x := range c[:tile.NumStandard] {
		if s < 0 || k >= int(tile.East) || k/9 == s {
			pairs += int(x) / 2
		}
	}
	return 6 - min(pairs, 7)
}

// honourUsage returns the use of c's honours: winds and dragons apart, since
// no group mixes them, each with its own table, combined in honourTable.
func honourUsage(c *tile.Counts) hand.Usage {
	return honourTable()[usageIndex(c[tile.East:tile.NumStandard])]
}

// honourTable holds honourUsage for every holding of the 7 honours
// (indexed by usageIndex: the winds' index times 125 plus the dragons'),
// built on first use.
var honourTable = sync.OnceValue(func() []hand.Usage {
	winds, dragons := windUsage(), dragonUsage()
	out := make([]hand.Usage, len(winds)*len(dragons))
	for i := range out {
		w, d := &winds[i/len(dragons)], &dragons[i%len(dragons)]
		u := &out[i]
		for m := range u {
			for p := range u[m] {
				for m1 := 0; m1 <= m; m1++ {
					for p1 := 0; p1 <= p; p1++ {
						u[m][p] = max(u[m][p], w[m1][p1]+d[m-m1][p-p1])
					}
				}
			}
		}
	}
	return out
})

// usageIndex numbers a holding of 3 or 4 kinds, each held 0-4 times.
func usageIndex(h []uint8) int {
	i := 0
	for _, x := range h {
		i = i*5 + int(min(x, 4))
	}
	return i
}

// The honour sets of a concealed hand (JL-0, JL-6.4): triples, and special
// combinations of exactly 3 different winds or the 3 dragons.
var (
	windSets   = [][]int{{0, 0, 0}, {1, 1, 1}, {2, 2, 2}, {3, 3, 3}, {0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}}
	dragonSets = [][]int{{0, 0, 0}, {1, 1, 1}, {2, 2, 2}, {0, 1, 2}}
	// windUsage and dragonUsage are built on first use, not at start-up.
	windUsage   = sync.OnceValue(func() []hand.Usage { return usageTable(4, windSets) })
	dragonUsage = sync.OnceValue(func() []hand.Usage { return usageTable(3, dragonSets) })
)

// usageTable returns the usage of every holding of a class of kinds
// (indexed by usageIndex) whose sets are the given patterns of kind offsets.
func usageTable(kinds int, sets [][]int) []hand.Usage {
	size := 1
	for range kinds {
		size *= 5
	}
	out := make([]hand.Usage, size)
	h := make([]uint8, kinds)
	for i := range out {
		for j, x := 0, i; j < kinds; j++ {
			h[kinds-1-j] = uint8(x % 5)
			x /= 5
		}
		var u hand.Usage
		cover(h, sets, 0, 0, 0, &u)
		for m := range u {
			if m > 0 {
				u[m][0] = max(u[m][0], u[m-1][0])
				u[m][1] = max(u[m][1], u[m-1][1])
			}
			u[m][1] = max(u[m][1], u[m][0])
		}
		out[i] = u
	}
	return out
}

// cover records in u the tiles of h that m sets (patterns from index from
// on, covering used tiles so far) and then at most one pair can use, and
// tries one more set.
func cover(h []uint8, sets [][]int, from, m int, used uint8, u *hand.Usage) {
	u[m][0] = max(u[m][0], used)
	pair := uint8(0)
	for _, x := range h {
		pair = max(pair, min(x, 2))
	}
	u[m][1] = max(u[m][1], used+pair)
	if m == len(u)-1 {
		return
	}
	for i := from; i < len(sets); i++ {
		var took [3]bool
		got := uint8(0)
		for j, k := range sets[i] {
			if h[k] > 0 {
				h[k]--
				took[j] = true
				got++
			}
		}
		cover(h, sets, i, m+1, used+got, u)
		for j, k := range sets[i] {
			if took[j] {
				h[k]++
			}
		}
	}
}

// AIValue estimates the value of the win h (not yet ready, no winning
// tile) heads for, won on a discard as the AI values ready hands: shape A
// (B1, JL-11), or more for a closed hand of five pairs or more (seven
// pairs, B5), doubled when it never claimed (M4) and when it is the
// dealer's (M5). It returns 0 for a malformed hand. It is for the AI
// (core/ai's ValueHinter).
func (Ruleset) AIValue(rh rules.Hand, ctx rules.Context, live *[tile.NumStandard]int) float64 {
	h, err := FromRules(rh, ctx.Flags.Has(rules.NoCalls))
	if err != nil {
		return 0
	}
	v := 1.0
	if len(h.Groups) == 0 {
		pairs := 0
		for _, x := range h.Concealed[:tile.NumStandard] {
			pairs += int(x) / 2
		}
		if pairs >= 5 {
			v = 1 + 7*float64(pairs-4)/12 // B5, likelier with each pair
		}
	}
	if !called(h.Groups) {
		v *= 2
	}
	if ctx.Seat == rules.E {
		v *= 2
	}
	return v
}
