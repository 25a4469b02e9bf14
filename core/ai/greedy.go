package ai

import (
	"math/rand/v2"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// greedy is the novice: it wins whenever it can, and otherwise keeps the
// hand's shanten as low as possible.
type greedy struct{ rng *rand.Rand }

func (p *greedy) Decide(v *game.View) game.Action {
	best, bestScore := v.Legal[0], -1<<30
	hand := v.Hand
	base := shantenOf(&hand)
	for _, a := range v.Legal {
		s := p.score(v, a, base)
		if s > bestScore || (s == bestScore && p.rng.IntN(2) == 0) {
			best, bestScore = a, s
		}
	}
	return best
}

// score rates an action: wins first, then the shanten it leaves.
func (p *greedy) score(v *game.View, a game.Action, base int) int {
	c := v.Hand
	switch a.Type {
	case game.ActSelfDraw, game.ActMahjong:
		return 1 << 20
	case game.ActPass:
		return 0
	case game.ActDiscard:
		c.Remove(a.Tile)
		s := -100*shantenOf(&c) - isolation(&c, a.Tile)
		if a.Declare == game.DeclCalling {
			s++ // a calling hand earns a double (HK-S-30)
		}
		return s
	case game.ActConcealedKong, game.ActAddKong:
		c[a.Tile] = 0
		if shantenOf(&c) <= base {
			return 1 << 10
		}
		return -1 << 20
	case game.ActInvoke:
		c.Add(a.Tile)
		if hand.IsComplete(&c) {
			return 1 << 20
		}
		return -1
	case game.ActPung, game.ActKong, game.ActChow:
		return claimGain(c, a, v.Pending, base)
	}
	return 0
}

// claimGain rates a claim by the shanten it leaves after the best discard,
// compared with passing.
func claimGain(c tile.Counts, a game.Action, pending tile.Kind, base int) int {
	k := a.Tile
	switch a.Type {
	case game.ActPung:
		c[k] -= 2
	case game.ActKong:
		c[k] -= 3
		if shantenOf(&c) <= base {
			return 1 << 10
		}
		return -1
	case game.ActChow:
		c.Add(pending)
		for t := k; t < k+3; t++ {
			c.Remove(t)
		}
	}
	bestAfter := 99
	for _, d := range c.Distinct() {
		c.Remove(d)
		bestAfter = min(bestAfter, shantenOf(&c))
		c.Add(d)
	}
	if bestAfter < base {
		return 10 * (base - bestAfter)
	}
	return -1
}

// shantenOf returns the regular-hand shanten of concealed tiles.
func shantenOf(c *tile.Counts) int { return hand.Shanten(c) }

// isolation is a small tie-break: discarding a tile with neighbours costs more.
func isolation(c *tile.Counts, k tile.Kind) int {
	n := int(c[k])
	if k.IsSuited() {
		num := k.Number()
		if num > 1 {
			n += int(c[k-1])
		}
		if num < 9 {
			n += int(c[k+1])
		}
	}
	return n
}
