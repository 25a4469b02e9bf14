package ai

import (
	"math"
	"math/rand/v2"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// The Charleston of a card game (AM-4): every level gives away the tiles
// its own measure misses least, one at a time; where it may give fewer (a
// blind pass, the mush, the courtesy proposal) it gives only the tiles
// that cost it nothing by that measure.

// cardStopDistance: the expert votes to stop the Charleston (AM-4.4) when
// its hand is this close to a line; the other levels always continue.
const cardStopDistance = 4

// cardGiveLoss is the share of its worth the expert accepts to lose on a
// tile it may keep.
const cardGiveLoss = 0.05

// charleston answers a Charleston step: the tiles to give, the vote or the
// courtesy proposal.
func (pl *cardPlan) charleston(rng *rand.Rand) game.Action {
	v := pl.v
	switch v.Legal[0].Type {
	case game.ActContinue, game.ActStop:
		return pl.vote()
	case game.ActPropose:
		give := pl.giveSet(0, 3, rng)
		n := give.Total()
		for _, a := range v.Legal {
			if a.Type == game.ActPropose && int(a.N) == n {
				return a
			}
		}
	}
	lo, hi := 3, 0
	for _, a := range v.Legal {
		if a.Type == game.ActGive {
			n := a.Tiles.Total()
			lo, hi = min(lo, n), max(hi, n)
		}
	}
	give := pl.giveSet(lo, hi, rng)
	for _, a := range v.Legal {
		if a.Type == game.ActGive && a.Tiles == give {
			return a
		}
	}
	return v.Legal[0]
}

// vote votes on the second Charleston.
func (pl *cardPlan) vote() game.Action {
	if pl.level == Expert && pl.cur.Distance() <= cardStopDistance {
		return game.Act(game.ActStop, tile.None)
	}
	return game.Act(game.ActContinue, tile.None)
}

// giveSet chooses lo to hi non-joker tiles of the hand to give, one at a
// time: each time the tile whose loss the level's measure feels least,
// ties broken at random; past lo, only tiles that cost (almost) nothing.
func (pl *cardPlan) giveSet(lo, hi int, rng *rand.Rand) tile.Counts {
	var give tile.Counts
	h := pl.hand
	o := pl.cur
	for n := 0; n < hi; n++ {
		before := pl.rate(o, tile.None)
		best, bestRating, ties := tile.None, cardRating{score: math.Inf(-1)}, 0
		for k, c := range h.concealed {
			if c == 0 || tile.Kind(k) == tile.Joker {
				continue
			}
			r := pl.rate(o, tile.Kind(k))
			switch {
			case r.score > bestRating.score:
				best, bestRating, ties = tile.Kind(k), r, 1
			case r.score == bestRating.score:
				ties++
				if rng.IntN(ties) == 0 {
					best = tile.Kind(k)
				}
			}
		}
		if best == tile.None || (n >= lo && pl.costs(before, bestRating)) {
			break
		}
		give[best]++
		if n+1 < hi { // the hand less what it gives, for the next tile
			h.concealed.Remove(best)
			pl.measure(pl.alt, h)
			o = pl.alt
		}
	}
	return give
}

// costs reports whether giving a tile away takes the hand from rating
// before to after at a cost the level minds: a step farther from the
// card, or for the expert more than cardGiveLoss of its worth.
func (pl *cardPlan) costs(before, after cardRating) bool {
	if pl.level == Expert && before.aim.Worth > 0 {
		return after.aim.Worth < (1-cardGiveLoss)*before.aim.Worth
	}
	return after.reach.Distance > before.reach.Distance
}

// giveRating rates giving away tiles (a Charleston answer), for hints.
func (pl *cardPlan) giveRating(tiles tile.Counts) cardRating {
	h := pl.hand
	for k, n := range tiles {
		h.concealed[k] -= n
	}
	pl.measure(pl.alt, h)
	return pl.rate(pl.alt, tile.None)
}
