package ai

import (
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// Distancer is an optional interface of a rules.Ruleset whose winning
// hands are not all sets and a pair of standard tiles (jilin's
// combinations, american card lines). The AI asks it how far a hand is
// from a win; without it, the AI counts sets and a pair (hand.Shanten),
// plus thirteen orphans and seven pairs when the ruleset values those
// shapes as wins (it tries a model hand of each once).
type Distancer interface {
	// AIShanten returns how many tile exchanges h (concealed tiles and
	// melds, no winning tile: 13 or 14 effective tiles) needs before it is
	// one tile from a win in ctx: -1 when h (14 tiles) is already a win,
	// 0 when ready, and hand.NoShanten when it cannot tell.
	AIShanten(h rules.Hand, ctx rules.Context) int
}

// shaper measures distances to a win for one seat of one ruleset.
type shaper struct {
	t *table
	// orphans and pairs are the special shapes the ruleset wins with.
	orphans, pairs bool
	dist           Distancer
	// cutoff and scans: with a Distancer, whose measures cost, the
	// improving tiles are counted only for hands at most cutoff from a
	// win, and only scans times per decision; the others are assumed
	// typical.
	cutoff, scans int
}

// distancerScans is how many hands a decision counts the improving tiles
// of when the ruleset measures hands itself.
const distancerScans = 2

// newShaper returns the shaper of t, using the ruleset facts in k.
func newShaper(t *table, k *knowledge) *shaper {
	s := &shaper{t: t, orphans: k.orphans, pairs: k.pairs, cutoff: farShanten}
	if d, ok := t.view.Rules().(Distancer); ok {
		s.dist = d
		s.cutoff, s.scans = s.bestDiscard(), distancerScans
	}
	return s
}

// bestDiscard returns the least shanten a discard leaves the seat's hand
// with (farShanten when it holds no discard's worth of tiles).
func (s *shaper) bestDiscard() int {
	c := s.t.view.Hand
	if (c.Total()+3*len(s.t.melds))%3 != 2 {
		return farShanten
	}
	best := farShanten
	for _, k := range c.Distinct() {
		c.Remove(k)
		best = min(best, s.shanten(&c, s.t.melds))
		c.Add(k)
	}
	return best
}

// farShanten is the shanten the AI assumes for a hand it cannot measure.
const farShanten = 8

// shanten returns the distance of concealed c with melds to a win.
func (s *shaper) shanten(c *tile.Counts, melds []hand.Meld) int {
	var n int
	if s.dist != nil {
		n = s.dist.AIShanten(s.t.rulesHand(*c, melds, tile.None), s.t.context(s.t.seat, rules.NoWind, 0))
	} else {
		n = hand.Shanten(c)
		if len(melds) == 0 {
			if s.orphans {
				n = min(n, hand.OrphansShanten(c))
			}
			if s.pairs {
				n = min(n, hand.SevenPairsShanten(c))
			}
		}
	}
	if n >= hand.NoShanten {
		return farShanten
	}
	return n
}

// improvers returns the kinds whose draw lowers the shanten sh of c
// (3n+1 tiles) — the waits when sh is 0 — and how many of them are live.
func (s *shaper) improvers(c tile.Counts, melds []hand.Meld, sh int) (tile.Set, int) {
	var set tile.Set
	n := 0
	for k := range tile.Kind(tile.NumStandard) {
		if s.t.live[k] == 0 || c[k] >= 4 || (s.dist == nil && !s.useful(&c, k)) {
			continue
		}
		c[k]++
		if s.shanten(&c, melds) < sh {
			set = set.Add(k)
			n += s.t.live[k]
		}
		c[k]--
	}
	return set, n
}

// useful reports whether drawing k could lower the shanten of c: for sets
// and a pair, k must join tiles of c (nearby); for seven pairs, pair one;
// for thirteen orphans, be a terminal or an honour.
func (s *shaper) useful(c *tile.Counts, k tile.Kind) bool {
	return nearby(c, k) || (s.orphans && k.IsMajor())
}

// nearby reports whether k could join a set or pair with tiles of c: the
// only draws that can lower the shanten of sets and a pair.
func nearby(c *tile.Counts, k tile.Kind) bool {
	if c[k] > 0 {
		return true
	}
	if !k.IsSuited() {
		return false
	}
	n := k.Number()
	for d := -2; d <= 2; d++ {
		if m := n + d; d != 0 && m >= 1 && m <= 9 && c[int(k)+d] > 0 {
			return true
		}
	}
	return false
}

// outcome is what an action leaves: the hand's distance to a win and the
// live tiles that would bring it closer.
type outcome struct {
	shanten int
	// improve are the kinds that lower the shanten (the waits when ready).
	improve tile.Set
	live    int
}

// measure returns the outcome of holding concealed c (3n+1 tiles) with melds.
func (s *shaper) measure(c tile.Counts, melds []hand.Meld) outcome {
	sh := s.shanten(&c, melds)
	if s.dist != nil {
		if sh > s.cutoff || s.scans == 0 {
			return outcome{shanten: sh, live: int(typicalLive[min(sh, len(typicalLive)-1)] * float64(s.t.unseen))}
		}
		s.scans--
	}
	set, live := s.improvers(c, melds, sh)
	return outcome{shanten: sh, improve: set, live: live}
}

// better reports whether outcome a is more efficient than b: closer to a
// win, then more live tiles that improve it.
func (a outcome) better(b outcome) bool {
	if a.shanten != b.shanten {
		return a.shanten < b.shanten
	}
	return a.live > b.live
}
