package ai

import (
	"math"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// The expert's chance model of a card game (rules.CardMeter.Expect): the
// tiles the hand still needs come with the draws left at the rate their
// unseen tiles are drawn. The factors were set in strength runs against
// the intermediate (6,000 hands each): larger ones overrate the groups
// that calls complete and the pairs that a Mah Jongg call completes.
const (
	// cardNaturalDraws scales the draws for pairs and singles: the last
	// tile may also be called from any discard for Mah Jongg (AM-5.6).
	cardNaturalDraws = 1.3
	// cardCallDraws scales the draws for the groups of an X line, which
	// calls complete from the discards (AM-5.5).
	cardCallDraws = 1.3
)

// fillChances fills the expert's chance model from what the seat has not
// seen and the draws it has left.
func (pl *cardPlan) fillChances() {
	pl.meter.Expect(&pl.ch, &pl.supply, pl.draws, cardNaturalDraws, cardCallDraws)
}

// cardThreat is what the expert fears of another seat: how likely it is
// one tile from Mah Jongg, what its win costs when our discard makes it,
// and which kinds its lines want.
type cardThreat struct {
	seat rules.Wind
	// ready is the chance that the seat is one tile from a win; cost what
	// dealing its win costs us.
	ready, cost float64
	demand      rules.CardDemand
}

// The threat model.
const (
	// cardReadyPerExposure and cardReadyPerDiscard drive the chance that
	// a seat with exposures is ready: 1 - exp(-(weights)).
	cardReadyPerExposure = 0.3
	cardReadyPerDiscard  = 0.01
	// cardDealIn is what dealing a win costs, in units of its payment,
	// beyond what the seat's win would cost anyway (AM-8.3: the discarder
	// pays twice).
	cardDealIn = 1.5
)

// readThreats reads, once per decision, the other seats that have
// exposed: a seat with no exposure shows nothing to read.
func (pl *cardPlan) readThreats() {
	if pl.threatsRead {
		return
	}
	pl.threatsRead = true
	v := pl.v
	for x := range v.Seats {
		sv := &v.Seats[x]
		if rules.Wind(x) == v.Seat || sv.Dead || len(sv.Melds) == 0 {
			continue
		}
		var shunned tile.Set
		for _, d := range sv.Discards {
			if !d.Claimed && d.Tile != tile.Joker {
				shunned = shunned.Add(rules.CardKind(d.Tile))
			}
		}
		th := cardThreat{seat: rules.Wind(x)}
		th.demand = pl.meter.Demand(cardExposures(sv.Melds), &pl.supply, shunned)
		if th.demand.Targets == 0 {
			continue
		}
		th.ready = 1 - math.Exp(-(cardReadyPerExposure*float64(len(sv.Melds)) + cardReadyPerDiscard*float64(len(sv.Discards))))
		th.cost = cardDealIn * th.demand.Value
		pl.threats = append(pl.threats, th)
	}
}

// danger returns the chance that discarding k makes another seat's Mah
// Jongg, and what that is expected to cost; a joker never does (AM-6.4).
func (pl *cardPlan) danger(k tile.Kind) (chance, cost float64) {
	if pl.level != Expert || !k.Valid() || k == tile.Joker {
		return 0, 0
	}
	pl.readThreats()
	for i := range pl.threats {
		th := &pl.threats[i]
		p := th.ready * th.demand.Share[rules.CardKind(k)]
		chance += p
		cost += p * th.cost
	}
	return min(chance, 1), cost
}
