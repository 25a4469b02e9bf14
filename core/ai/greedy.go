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
	for _, a := range v.Legal {
		s := p.score(v, &d, a)
		if s > bestScore || (s == bestScore && p.rng.IntN(2) == 0) {
			best, bestScore = a, s
		}
	}
	return best
}

// score rates an action: wins first, then the shanten it leaves.
func (p *greedy) score(v *game.View, d *distance, a game.Action) int {
	c := v.Hand
	switch a.Type {
	case game.ActSelfDraw, game.ActMahjong:
		return 1 << 20
	case game.ActPass:
		return 0
	case game.ActDiscard:
		c.Remove(a.Tile)
		s := -100*d.less(a.Tile) - isolation(&c, a.Tile)
		if a.Declare == game.DeclCalling || a.Declare == game.DeclTing {
			s++ // a calling hand earns a double (HK-S-30); TING lets it win (JL-9.5)
		}
		return s
	case game.ActConcealedKong, game.ActAddKong, game.ActExpose, game.ActExtend:
		c, melds := game.Changed(c, d.melds, a)
		if d.of(c, melds) <= d.current() {
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
		switch after, base := d.of(c, melds), d.current(); {
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
// has one, else as sets and a pair (hand.Shanten). It remembers, for one
// decision, the distance of the seat's hand and of the hand less each
// tile, measured when first asked for: a decision often needs neither, or
// the same discard twice (with and without a declaration).
type distance struct {
	dist  Distancer
	ctx   rules.Context
	hand  tile.Counts
	melds []hand.Meld
	// known[k] is 2 more than the distance of hand less a tile of kind k
	// (tile.None: hand itself), 0 until measured.
	known [tile.NumKinds + 1]int8
}

// distanceOf returns the distance of v's seat.
func distanceOf(v *game.View) distance {
	d := distance{hand: v.Hand, ctx: rules.Context{Options: v.Options(), Seat: v.Seat, Round: v.Round, Dominant: v.Dominant, From: rules.NoWind, Joker: tile.None}}
	d.dist, _ = v.Rules().(Distancer)
	if v.Seat >= rules.E && v.Seat <= rules.N {
		d.melds = v.Seats[v.Seat].Melds
	}
	return d
}

// current returns the distance of the seat's hand.
func (d *distance) current() int { return d.less(tile.None) }

// less returns the distance of the seat's hand less one tile of kind k
// (tile.None: none).
func (d *distance) less(k tile.Kind) int {
	i := int(k)
	if k == tile.None {
		i = tile.NumKinds
	}
	if d.known[i] == 0 {
		c := d.hand
		if k != tile.None {
			c.Remove(k)
		}
		d.known[i] = int8(d.of(c, d.melds) + 2)
	}
	return int(d.known[i]) - 2
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
