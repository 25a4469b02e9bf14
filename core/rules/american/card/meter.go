package card

import (
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// This file offers a card to players (the AI) in the neutral language of
// rules.CardMeter, so that they need no card library of their own.

// meter is a card under payment options: a rules.CardMeter.
type meter struct {
	c  *Card
	po PayOptions
}

// Meter returns the meter of hands against c paid under po
// (rules.CardMeter): always the same one for the same options, so that
// it costs nothing to ask for it at every decision.
func (c *Card) Meter(po PayOptions) rules.CardMeter {
	c.init()
	i := 0
	if po.JokerlessBonus {
		i |= 1
	}
	if po.JokerlessNoJokerLines {
		i |= 2
	}
	return &c.meters[i]
}

// Set returns the 152-tile set (AM-1.2).
func (*meter) Set() rules.CardSupply { return FullSupply() }

// NewOutlook returns an empty outlook on m's card.
func (m *meter) NewOutlook() rules.CardOutlook { return m.c.NewOutlook(m.po) }

// Expect fills chance model ch (Expect).
func (*meter) Expect(ch *rules.CardChances, s *rules.CardSupply, draws, natural, calls float64) {
	Expect(ch, s, draws, natural, calls)
}

// Demand reads another player's hand from her exposures (Card.Demand).
func (m *meter) Demand(exposed [][]tile.Kind, s *rules.CardSupply, shunned tile.Set) rules.CardDemand {
	return m.c.Demand(exposed, s, shunned)
}

// Pay returns the payment unit of the paid line of a hand (AM-7.5,
// AM-8.3).
func (m *meter) Pay(concealed tile.Counts, exposed [][]tile.Kind) (int, bool) {
	b, ok := m.c.Best(Hand{Concealed: concealed, Exposed: exposed}, m.po)
	if !ok {
		return 0, false
	}
	return b.Pay(m.po), true
}
