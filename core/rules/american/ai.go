package american

import (
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/american/card"
)

// AICard returns the card that hands are matched against under o and the
// options that change a payment (AM-8.4): what the AI plans its lines
// with. It implements core/ai's CardRuleset.
func (r Ruleset) AICard(o rules.Options) (*card.Card, card.PayOptions) {
	return r.Card(o), r.payOptions(o)
}
