package card

import (
	"cmp"
	"slices"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// Near is a line a hand in play is close to, under its closest instantiation.
type Near struct {
	Line *Line
	Inst Inst
	// Missing are the tiles the hand still needs, sorted, once its jokers
	// have taken the slots they may take: naturals, then one 0j for each
	// slot of a group of 3 or more whose kind the hand and its exposures
	// already hold 4 of (8 for flowers). len(Missing) is the distance; 0
	// means the 14-tile hand matches the line.
	Missing []tile.Kind
	// Jokers is how many of the naturals in Missing a joker could supply
	// instead (slots in groups of 3 or more).
	Jokers int
	// Extra are the hand's concealed tiles the line cannot use, sorted
	// (flowers as 1f, jokers as 0j): the candidates to discard.
	Extra []tile.Kind
}

// Distance returns the number of tiles still needed.
func (n Near) Distance() int { return len(n.Missing) }

// Nearest returns, for a 13- or 14-tile hand, the lines it is closest to,
// at most n of them (all when n ≤ 0): fewest tiles missing first, then the
// highest value, then file order. Each line comes once, under its closest
// instantiation (the first in the order of AM-7.5 on a tie). Lines the
// exposures rule out (a C line, an exposure that fits no group) are left
// out. Nearest returns nil for a hand that fails Check or holds another
// number of tiles.
func (c *Card) Nearest(h Hand, n int) []Near {
	p, err := h.prepare()
	if err != nil || p.size < HandSize-1 || p.size > HandSize {
		return nil
	}
	c.init()
	var out []Near
	for i := range c.Lines {
		l := &c.Lines[i]
		if !c.eligible(i, &p) {
			continue
		}
		best, bestD := -1, HandSize+1
		for j := range c.exp[i] {
			if d, ok := c.exp[i][j].distance(&p); ok && d < bestD {
				best, bestD = j, d
			}
		}
		if best >= 0 {
			out = append(out, c.exp[i][best].near(l, &p))
		}
	}
	slices.SortStableFunc(out, func(a, b Near) int {
		return cmp.Or(cmp.Compare(len(a.Missing), len(b.Missing)), cmp.Compare(b.Line.Value, a.Line.Value))
	})
	if n > 0 && len(out) > n {
		out = out[:n]
	}
	return out
}

// distance returns the tiles the hand lacks for e, once its naturals fill
// what they can and its jokers fill slots in groups of 3 or more; false when
// the exposures do not fit e.
func (e *expansion) distance(p *prepared) (int, bool) {
	if !e.takes(p) {
		return 0, false
	}
	missing, room := 0, 0
	for _, s := range e.slots {
		r := int(s.r - p.expSlots[s.kind])
		u := min(int(p.n[s.kind]), r)
		missing += r - u
		room += r - max(int(s.p), u)
	}
	return missing - min(p.jokers, room), true
}

// near lists what the hand lacks for e and what it holds in excess. The
// jokers go to the open slots of the lowest kinds first; naturals beyond
// the supply of a kind are asked for as jokers.
func (e *expansion) near(l *Line, p *prepared) Near {
	nr := Near{Line: l, Inst: e.in}
	jokers, onlyJokers := p.jokers, 0
	var rest tile.Counts // slots of the concealed part, by kind
	for _, s := range e.slots {
		r := int(s.r - p.expSlots[s.kind])
		rest[s.kind] = uint8(r)
		n := int(p.n[s.kind])
		u := min(n, r)
		pairs := max(0, int(s.p)-u)  // slots only naturals fill
		open := r - max(int(s.p), u) // slots jokers may fill
		fill := min(jokers, open)
		jokers -= fill
		supply := max(0, capOf(s.kind)-n-int(p.expNat[s.kind])-pairs)
		only := max(0, open-fill-supply)
		onlyJokers += only
		nr.Jokers += open - fill - only
		for range pairs + open - fill - only {
			nr.Missing = append(nr.Missing, s.kind)
		}
	}
	for range onlyJokers {
		nr.Missing = append(nr.Missing, tile.Joker)
	}
	for k, v := range p.n {
		for range int(v) - min(int(v), int(rest[k])) {
			nr.Extra = append(nr.Extra, tile.Kind(k))
		}
	}
	for range jokers {
		nr.Extra = append(nr.Extra, tile.Joker)
	}
	return nr
}
