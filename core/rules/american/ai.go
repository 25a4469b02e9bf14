package american

import (
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
)

// AICard returns the meter of hands against the card played under o, paid
// with the options that change a payment (AM-8.4): what the AI plans its
// lines with. It implements core/ai's CardRuleset.
func (r Ruleset) AICard(o rules.Options) rules.CardMeter {
	return r.Card(o).Meter(r.payOptions(o))
}
