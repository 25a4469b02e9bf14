package american

import (
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/american/card"
)

// AIShanten returns how many tile exchanges h (concealed tiles and
// exposures, and the winning tile if set: 13 or 14 tiles) needs before it is one tile
// from matching a line of the card: the nearest line's distance minus one
// (AM-7.4), so -1 for a 14-tile hand that matches, 0 for a hand one tile
// away; hand.NoShanten when no line fits its exposures or h is malformed.
// It is for the AI (core/ai's Distancer).
func (r Ruleset) AIShanten(h rules.Hand, ctx rules.Context) int {
	ch, err := CardHand(h)
	if err != nil || ch.Size() < card.HandSize-1 {
		return hand.NoShanten
	}
	o := r.Card(ctx.Options).NewOutlook(card.PayOptions{})
	if o.Measure(ch.Concealed, ch.Exposed, 0, nil) != nil || o.Distance() > card.HandSize {
		return hand.NoShanten
	}
	return o.Distance() - 1
}
