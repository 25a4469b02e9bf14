package ai

import (
	"math/rand/v2"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// greedy is the novice: it wins whenever it can, and otherwise keeps the
// hand's shanten as low as possible.
type greedy struct{ rng *rand.Rand }

func (p *greedy) Decide(v *game.View) game.Action {
	if a, ok := decideCard(v, Novice, p.rng); ok {
		return a
	}
	best, bestScore := v.Legal[0], -1<<30
	d := distanceOf(v)
	base := d.of(v.Hand, d.melds)
	for _, a := range v.Legal {
		s := p.score(v, d, a, base)
		if s > bestScore || (s == bestScore && p.rng.IntN(2) == 0) {
			best, bestScore = a, s
		}
	}
	return best
}

// score rates an action: wins first, then the shanten it leaves.
func (p *greedy) score(v *game.View, d distance, a game.Action, base int) int {
	c := v.Hand
	switch a.Type {
	case game.ActSelfDraw, game.ActMahjong:
		return 1 << 20
	case game.ActPass:
		return 0
	case game.ActDiscard:
		c.Remove(a.Tile)
		s := -100*d.of(c, d.melds) - isolation(&c, a.Tile)
		if a.Declare == game.DeclCalling || a.Declare == game.DeclTing {
			s++ // a calling hand earns a double (HK-S-30); TING lets it win (JL-9.5)
		}
		return s
	case game.ActConcealedKong, game.ActAddKong, game.ActExpose, game.ActExtend:
		c, melds := game.Changed(c, d.melds, a)
		if d.of(c, melds) <= base {
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
		c, melds := claimed(a, v.Pending, c, d.melds)
		switch after := d.of(c, melds); {
		case after < base:
			return 10 * (base - after)
		case a.Type == game.ActKong && after == base:
			return 1 << 10
		}
		return -1
	}
	return 0
}

// distance measures the seat's hands: with the ruleset's Distancer when it
// has one, else as sets and a pair (hand.Shanten).
type distance struct {
	dist  Distancer
	ctx   rules.Context
	melds []hand.Meld
}

// distanceOf returns the distance of v's seat.
func distanceOf(v *game.View) distance {
	d := distance{ctx: rules.Context{Options: v.Options(), Seat: v.Seat, Round: v.Round, Dominant: v.Dominant, From: rules.NoWind, Joker: tile.None}}
	d.dist, _ = v.Rules().(Distancer)
	if v.Seat >= rules.E && v.Seat <= rules.N {
		d.melds = v.Seats[v.Seat].Melds
	}
	return d
}

// of returns the shanten of concealed c with melds; for 3n+2 tiles, that
// of the best discard.
func (d distance) of(c tile.Counts, melds []hand.Meld) int {
	if d.dist != nil {
		return d.dist.AIShanten(rules.Hand{Concealed: c, Melds: melds, Winning: tile.None}, d.ctx)
	}
	return hand.Shanten(&c)
}

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
