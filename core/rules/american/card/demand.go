package card

import (
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// shunWeight weighs an expansion down for each kind of its concealed part
// that the player has discarded: players seldom throw what they need.
const shunWeight = 0.25

// Demand reads the hand of a player whose exposures are exposed and who
// has discarded the kinds in shunned: with exposures only X lines are
// eligible (AM-7.3), their expansions must take the exposures (AM-7.4 step
// 1) and be feasible with the unseen tiles of s (AM-9.3, s as the reader
// counts them: her concealed tiles are among them). Each expansion weighs
// shunWeight to the power of the shunned kinds it still needs; the reader
// should ignore a player with malformed exposures (Targets 0).
func (c *Card) Demand(exposed [][]tile.Kind, s *rules.CardSupply, shunned tile.Set) rules.CardDemand {
	var d rules.CardDemand
	p, err := Hand{Exposed: exposed}.prepare()
	if err != nil {
		return d
	}
	c.init()
	total := 0.0
	for i := range c.Lines {
		l := &c.Lines[i]
		if !c.eligible(i, &p) {
			continue
		}
		for j := range c.exp[i] {
			e := &c.exp[i][j]
			if !e.takes(&p) || !e.feasible(&p, &s.Naturals, s.Jokers) {
				continue
			}
			w, size := 1.0, 0
			for _, sl := range e.slots {
				if r := int(sl.r - p.expSlots[sl.kind]); r > 0 {
					size += r
					if shunned.Has(sl.kind) {
						w *= shunWeight
					}
				}
			}
			if size == 0 {
				continue
			}
			for _, sl := range e.slots {
				if r := int(sl.r - p.expSlots[sl.kind]); r > 0 {
					d.Share[sl.kind] += w * float64(r) / float64(size)
				}
			}
			d.Value += w * float64(l.Value)
			total += w
			d.Targets++
		}
	}
	if total > 0 {
		for k := range d.Share {
			d.Share[k] /= total
		}
		d.Value /= total
	}
	return d
}
