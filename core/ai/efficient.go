package ai

import (
	"math"
	"math/rand/v2"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// efficient is the intermediate: tile efficiency. It wins whenever it
// can; otherwise it keeps the hand as few exchanges from ready as it can,
// then with as many live tiles that improve it as it can, counting every
// tile its view shows; between discards equal on both, it gives away the
// tile worth least (an honour that scores nothing, a tile with no
// neighbour). It claims only what brings the hand closer, and declares a
// calling hand when ready on four or more live tiles.
type efficient struct {
	rng  *rand.Rand
	know *knowledge
}

// callingLive is the fewest live waits on which the intermediate declares
// a calling hand.
const callingLive = 4

// Decide implements Player.
func (p *efficient) Decide(v *game.View) game.Action {
	if a, ok := decideCard(v, Intermediate, p.rng); ok {
		return a
	}
	p.know = learn(p.know, v)
	t := newTable(v, p.know)
	e := efficiency{t: t, know: p.know, shape: newShaper(t, p.know), model: p.know.model(situationOf(v, v.Seat))}
	best, bestKey, ties := v.Legal[0], math.Inf(-1), 0
	for _, a := range v.Legal {
		k := e.key(a)
		switch {
		case k > bestKey:
			best, bestKey, ties = a, k, 1
		case k == bestKey:
			// Reservoir sampling: each tied action is equally likely.
			ties++
			if p.rng.IntN(ties) == 0 {
				best = a
			}
		}
	}
	return best
}

// efficiency rates actions by shanten and live improving tiles alone.
type efficiency struct {
	t     *table
	know  *knowledge
	shape *shaper
	model *valueModel
}

// key rates an action: higher is better.
func (e *efficiency) key(a game.Action) float64 {
	v := e.t.view
	c := v.Hand
	melds := e.t.melds
	rate := func(c tile.Counts, melds []hand.Meld) float64 {
		o := e.shape.measure(c, melds)
		return float64(-1000*o.shanten + o.live)
	}
	switch a.Type {
	case game.ActSelfDraw, game.ActMahjong:
		return winScore
	case game.ActInvoke:
		if _, ok := e.t.valid(c, melds, a.Tile, e.t.seat.Next(), rules.Invoked); ok {
			return winScore
		}
		return -1
	case game.ActPass:
		if v.Phase == game.PhaseInvoke {
			return 0
		}
		return rate(c, melds)
	case game.ActDiscard:
		c.Remove(a.Tile)
		o := e.shape.measure(c, melds)
		k := float64(-1000*o.shanten + o.live)
		k -= e.keepWorth(&c, a.Tile)
		switch {
		case a.Declare == game.DeclNone:
			return k
		case a.Declare == game.DeclTing && e.know.ting:
			return k + 0.5 // a hand wins only after TING (JL-9.5); it is offered when ready
		case a.Declare == game.DeclCalling && o.shanten == 0 && o.live >= callingLive:
			return k + 0.5
		}
		return k - 1
	case game.ActConcealedKong, game.ActAddKong, game.ActExpose, game.ActExtend:
		// Kongs and combinations score and bring a replacement tile.
		c, melds = game.Changed(c, melds, a)
		return e.best(c, melds, hand.NoShanten) + 0.5
	case game.ActKong:
		before := e.shape.shanten(&c, melds)
		c, melds = claimed(a, a.Tile, c, melds)
		if e.shape.shanten(&c, melds) > before {
			return math.Inf(-1)
		}
		return rate(c, melds) + 0.5
	case game.ActPung, game.ActChow:
		return e.claimKey(a, c, melds)
	}
	return math.Inf(-1)
}

// claimKey rates a pung or chow by the best discard after it; a claim that
// does not lower the shanten is refused.
func (e *efficiency) claimKey(a game.Action, c tile.Counts, melds []hand.Meld) float64 {
	before := e.shape.shanten(&c, melds)
	c, melds = claimed(a, e.t.view.Pending, c, melds)
	return e.best(c, melds, before)
}

// best rates concealed c with melds: as it is when it holds 3n+1 tiles,
// else by its best discard; only a hand left with a shanten below `below`
// counts (-Inf when none is).
func (e *efficiency) best(c tile.Counts, melds []hand.Meld, below int) float64 {
	rate := func(c tile.Counts) float64 {
		if o := e.shape.measure(c, melds); o.shanten < below {
			return float64(-1000*o.shanten + o.live)
		}
		return math.Inf(-1)
	}
	if c.Total()%3 != 2 {
		return rate(c)
	}
	best := math.Inf(-1)
	for _, d := range c.Distinct() {
		c.Remove(d)
		best = max(best, rate(c))
		c.Add(d)
	}
	return best
}

// keepWorth breaks ties between discards (less than 0.4 in all): what
// keeping tile k, discarded from what is now c, would be worth: the
// value an honour's pung adds, and the tiles of c it connects with.
func (e *efficiency) keepWorth(c *tile.Counts, k tile.Kind) float64 {
	w := 0.0
	if k.IsHonor() && e.model != nil {
		w += 0.2 * min(e.model.honourOf(int(k-tile.East))-1, 4) / 4
	}
	links := int(c[k])
	if k.IsSuited() {
		n := k.Number()
		for d := -2; d <= 2; d++ {
			if m := n + d; d != 0 && m >= 1 && m <= 9 {
				links += int(c[int(k)+d])
			}
		}
	}
	return w + 0.03*float64(min(links, 6))
}
