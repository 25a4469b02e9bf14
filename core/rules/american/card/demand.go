package card

import "github.com/fourwinds-mahjong/fourwinds/core/tile"

// Demand is what another player's hand may still want, as a player reads
// it from the table: the lines her exposures fit and the unseen tiles can
// still complete, and the kinds their concealed parts hold. A player whose
// hand is one tile from a line waits on one of those kinds.
type Demand struct {
	// Share[k] is the chance that a tile drawn at random from the concealed
	// parts of those lines is of folded kind k (the shares sum to 1).
	Share [NumFolded]float64
	// Value is the lines' average value.
	Value float64
	// Targets is the number of expansions counted; 0 when none fits.
	Targets int
}

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
func (c *Card) Demand(exposed [][]tile.Kind, s *Supply, shunned tile.Set) Demand {
	var d Demand
	p, err := Hand{Exposed: exposed}.prepare()
	if err != nil {
		return d
	}
	c.init()
	total := 0.0
	for i := range c.Lines {
		l := &c.Lines[i]
		if l.Concealed && p.nexp > 0 {
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
