package ai

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"sync"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// This file plays rulesets whose hands win by matching a line of a card of
// hands (american, AM-7): the levels measure a hand by its distance to the
// card's lines (rules.CardOutlook) instead of sets and a pair. The novice
// keeps the distance least; the intermediate then keeps the most live
// tiles that lower it; the expert weighs each expansion's value by the
// chance of making it from the unseen tiles, and adds claims, joker
// exchanges, defence and Charleston passes chosen from the same lines.

// CardRuleset is an optional interface of a rules.Ruleset whose hands win
// by matching a line of a card of hands (american): the AI then plans for
// the card's lines (lines.go) in every decision, the Charleston included,
// measuring hands only through the meter the ruleset gives it.
type CardRuleset interface {
	// AICard returns the meter of hands against the card played under o,
	// paid under o. Meters must be comparable: the AI keeps the outlooks
	// of the last meter it saw for as long as it sees an equal one.
	AICard(o rules.Options) rules.CardMeter
}

// cardHand is a hand of a card game: the concealed tiles and the tiles
// of each exposure, jokers included.
type cardHand struct {
	concealed tile.Counts
	exposed   [][]tile.Kind
}

// cardPlan is one decision of a card game: the seat's hand, what it has
// not seen, and the outlooks it measures. Plans are pooled, since a
// player keeps nothing between decisions.
type cardPlan struct {
	v     *game.View
	level Level
	meter rules.CardMeter
	hand  cardHand
	// supply is what the seat has not seen; unseen their number.
	supply rules.CardSupply
	unseen int
	// draws is about how many more tiles the seat will draw.
	draws float64
	// cur is the seat's hand measured; alt measures others. Both are
	// meter's, kept with the pooled plan while the meter stays the same.
	cur, alt rules.CardOutlook
	ch       rules.CardChances
	// threats are the other seats read, once threatsRead.
	threats     []cardThreat
	threatsRead bool
	// group and exposed are rateCall's memory: a call's new exposure and
	// the hand's exposures with it.
	group   []tile.Kind
	exposed [][]tile.Kind
}

var cardPlans = sync.Pool{New: func() any { return new(cardPlan) }}

// cardRating is what a hand is worth to a level, with the figures hints
// show.
type cardRating struct {
	score float64
	reach rules.CardReach
	live  int
	aim   rules.CardAim
}

// Weights of the levels' measures.
const (
	// cardLiveWeight ranks the intermediate's live improving tiles below a
	// step of distance.
	cardLiveWeight = 1e-3
	// cardWinGain is what a seat gains per unit of payment when it wins
	// (AM-8.3: 4 on a discard, 6 self-drawn).
	cardWinGain = 4.5
	// cardFlex values the second best expansion: the hand's other way out.
	cardFlex = 0.3
	// cardExchangeBonus tips an exchange that costs nothing: a joker may
	// stand for more than the natural it replaces.
	cardExchangeBonus = 1e-7
	// cardWinRank ranks a win above everything.
	cardWinRank = 1e9
	// cardExpertReach: the expert weighs the expansions up to two tiles
	// farther than the nearest; the others need only one more to tell
	// which tiles lower the distance.
	cardExpertReach = 2
)

// decideCard decides for a seat of a card game at level l, and reports
// false when v's ruleset plays no card.
func decideCard(v *game.View, l Level, rng *rand.Rand) (game.Action, bool) {
	if _, ok := v.Rules().(CardRuleset); ok && len(v.Legal) == 1 {
		return v.Legal[0], true
	}
	pl, ok := newCardPlan(v, l)
	if !ok {
		return game.Action{}, false
	}
	defer pl.release()
	return pl.decide(rng), true
}

// decide chooses one of the legal actions, ties broken at random.
func (pl *cardPlan) decide(rng *rand.Rand) game.Action {
	v := pl.v
	if v.Phase != game.PhaseTurn && v.Phase != game.PhaseClaim {
		return pl.charleston(rng)
	}
	best, bestScore, ties := v.Legal[0], math.Inf(-1), 0
	// The novice calls only to come closer (rateCall), which a call does
	// only with a tile that lowers the hand's distance: the others are
	// rated out without measuring the hand with the call.
	var closer tile.Set
	if pl.level == Novice {
		closer = pl.cur.Without(tile.None).Improve
	}
	for _, a := range v.Legal {
		s := math.Inf(-1)
		if a.Type != game.ActCall || pl.level != Novice || closer.Has(rules.CardKind(a.Tile)) {
			s = pl.rateAction(a).score
		}
		switch {
		case s > bestScore:
			best, bestScore, ties = a, s, 1
		case s == bestScore:
			ties++
			if rng.IntN(ties) == 0 {
				best = a
			}
		}
	}
	return best
}

// newCardPlan reads view v for level l; false when its ruleset plays no
// card or the seat holds no legal action.
func newCardPlan(v *game.View, l Level) (*cardPlan, bool) {
	cr, ok := v.Rules().(CardRuleset)
	if !ok || len(v.Legal) == 0 || v.Seat < rules.E || v.Seat > rules.N {
		return nil, false
	}
	return planCard(v, cr, v.Options(), l), true
}

// planCard reads view v of a table of ruleset cr under options o for
// level l.
func planCard(v *game.View, cr CardRuleset, o rules.Options, l Level) *cardPlan {
	pl := cardPlans.Get().(*cardPlan)
	pl.v, pl.level, pl.threats, pl.threatsRead = v, l, pl.threats[:0], false
	if m := cr.AICard(o); pl.cur == nil || m != pl.meter {
		pl.meter, pl.cur, pl.alt = m, m.NewOutlook(), m.NewOutlook()
	}
	pl.hand = cardHand{concealed: v.Hand, exposed: cardExposures(v.Seats[v.Seat].Melds)}
	pl.readSupply()
	if l == Expert {
		pl.fillChances()
	}
	pl.measure(pl.cur, pl.hand)
	return pl
}

// release returns the plan to the pool.
func (pl *cardPlan) release() {
	pl.v = nil
	cardPlans.Put(pl)
}

// cardExposures returns the tiles of melds, jokers included.
func cardExposures(melds []hand.Meld) [][]tile.Kind {
	out := make([][]tile.Kind, len(melds))
	for i, m := range melds {
		out[i] = m.Tiles()
	}
	return out
}

// readSupply counts what the seat has not seen: the set less its own
// tiles, the uncalled discards and every exposure.
func (pl *cardPlan) readSupply() {
	v := pl.v
	s := pl.meter.Set()
	seen := func(k tile.Kind, n int) {
		switch {
		case k == tile.Joker:
			s.Jokers = max(s.Jokers-n, 0)
		case k.IsBonus() || k.IsStandard():
			f := rules.CardKind(k)
			s.Naturals[f] = uint8(max(int(s.Naturals[f])-n, 0))
		}
	}
	for k, n := range v.Hand {
		seen(tile.Kind(k), int(n))
	}
	live := 0
	for x := range v.Seats {
		sv := &v.Seats[x]
		for _, d := range sv.Discards {
			if !d.Claimed {
				seen(d.Tile, 1)
			}
		}
		for _, m := range sv.Melds {
			for _, k := range m.Tiles() {
				seen(k, 1)
			}
		}
		if !sv.Dead {
			live++
		}
	}
	pl.supply = s
	pl.unseen = s.Jokers
	for k := range rules.NumCardKinds {
		pl.unseen += int(s.Naturals[k])
	}
	pl.draws = float64(v.WallLive) / float64(max(live, 1))
}

// measure measures h into o with the level's reach: the novice counts
// every line, the others only those the unseen tiles can complete. A
// malformed hand leaves o seeing no line.
func (pl *cardPlan) measure(o rules.CardOutlook, h cardHand) {
	var s *rules.CardSupply
	reach := 1
	if pl.level != Novice {
		s = &pl.supply
	}
	if pl.level == Expert {
		reach = cardExpertReach
	}
	_ = o.Measure(h.concealed, h.exposed, reach, s)
}

// live returns how many unseen tiles are of the kinds in s.
func (pl *cardPlan) live(s tile.Set) int {
	n := 0
	for s != 0 {
		k := tile.Kind(bits.TrailingZeros64(uint64(s)))
		s &= s - 1
		if k == tile.Joker {
			n += pl.supply.Jokers
		} else if int(k) < rules.NumCardKinds {
			n += int(pl.supply.Naturals[k])
		}
	}
	return n
}

// rate rates the hand o measures less one tile of kind k (tile.None:
// none) by the level's measure.
func (pl *cardPlan) rate(o rules.CardOutlook, k tile.Kind) cardRating {
	r := cardRating{reach: o.Without(k)}
	r.live = pl.live(r.reach.Improve)
	switch pl.level {
	case Novice:
		r.score = -float64(r.reach.Distance)
	case Intermediate:
		r.score = -float64(r.reach.Distance) + cardLiveWeight*float64(r.live)
	default:
		r.aim = o.Weigh(k, &pl.ch)
		r.score = cardWinGain*(r.aim.Worth+cardFlex*r.aim.Second) - 1e-6*float64(r.reach.Distance) + 1e-9*float64(r.live)
	}
	return r
}

// rateDiscard rates discarding k from the hand o measures, danger included.
func (pl *cardPlan) rateDiscard(o rules.CardOutlook, k tile.Kind) cardRating {
	r := pl.rate(o, k)
	_, cost := pl.danger(k)
	r.score -= cost
	return r
}

// bestDiscard rates the best discard of 14-tile hand h measured by o.
func (pl *cardPlan) bestDiscard(o rules.CardOutlook, h *cardHand) cardRating {
	best := cardRating{score: math.Inf(-1)}
	var done tile.Set
	for k, n := range h.concealed {
		f := rules.CardKind(tile.Kind(k))
		if n == 0 || done.Has(f) {
			continue
		}
		done = done.Add(f)
		if r := pl.rateDiscard(o, tile.Kind(k)); r.score > best.score {
			best = r
		}
	}
	return best
}

// rateHand rates a 14-tile hand that the seat will hold: a win when it
// matches a line (the Mah Jongg is offered next), else its best discard.
func (pl *cardPlan) rateHand(h cardHand) cardRating {
	pl.measure(pl.alt, h)
	if pl.alt.Distance() == 0 {
		return cardRating{score: cardWinRank / 2}
	}
	return pl.bestDiscard(pl.alt, &h)
}

// rateAction rates a legal action of a turn or a claim window.
func (pl *cardPlan) rateAction(a game.Action) cardRating {
	switch a.Type {
	case game.ActSelfDraw, game.ActMahjong:
		return cardRating{score: cardWinRank}
	case game.ActDiscard:
		return pl.rateDiscard(pl.cur, a.Tile)
	case game.ActPass:
		return pl.rate(pl.cur, tile.None)
	case game.ActExchange:
		h := pl.hand
		h.concealed.Remove(a.Tile)
		h.concealed.Add(tile.Joker)
		r := pl.rateHand(h)
		r.score += cardExchangeBonus
		return r
	case game.ActCall:
		return pl.rateCall(a)
	}
	return cardRating{score: math.Inf(-1)}
}

// rateCall rates an expose call: the hand with the new exposure and its
// best discard. The novice and the intermediate call only to come closer.
func (pl *cardPlan) rateCall(a game.Action) cardRating {
	h := pl.hand
	pl.group = append(pl.group[:0], a.Tile)
	for k, n := range a.Tiles {
		h.concealed[k] -= n
		for range n {
			pl.group = append(pl.group, tile.Kind(k))
		}
	}
	pl.exposed = append(append(pl.exposed[:0], h.exposed...), pl.group)
	h.exposed = pl.exposed
	r := pl.rateHand(h)
	if pl.level != Expert && r.reach.Distance >= pl.cur.Without(tile.None).Distance {
		r.score = math.Inf(-1)
	}
	// Fewer jokers exposed, fewer for others to take.
	r.score -= 1e-8 * float64(a.Tiles[tile.Joker])
	return r
}
