package ai

import (
	"math/bits"

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

// DrawDistancer is an optional interface of a Distancer that measures a
// hand with each of several kinds drawn at once, sharing the work the
// draws have in common: the AI asks for every draw of every discard it
// weighs.
type DrawDistancer interface {
	// AIShantenDraws sets out[k] to AIShanten of h with one more tile of
	// kind k, for each standard kind k of draws.
	AIShantenDraws(h rules.Hand, ctx rules.Context, draws tile.Set, out *[tile.NumStandard]int)
}

// shaper measures distances to a win for one seat of one ruleset.
type shaper struct {
	t *table
	// orphans and pairs are the special shapes the ruleset wins with.
	orphans, pairs bool
	dist           Distancer
	draws          DrawDistancer // nil when dist is not one
}

// newShaper returns the shaper of t, using the ruleset facts in k.
func newShaper(t *table, k *knowledge) *shaper {
	s := &shaper{t: t, orphans: k.orphans, pairs: k.pairs}
	s.dist, _ = t.view.Rules().(Distancer)
	s.draws, _ = s.dist.(DrawDistancer)
	return s
}

// farShanten is the shanten the AI assumes for a hand it cannot measure.
const farShanten = 8

// shanten returns the distance of concealed c with melds to a win.
func (s *shaper) shanten(c *tile.Counts, melds []hand.Meld) int {
	if s.dist != nil {
		return far(s.dist.AIShanten(s.t.rulesHand(*c, melds, tile.None), s.t.context(s.t.seat, rules.NoWind, 0)))
	}
	n := hand.Shanten(c)
	orphans, pairs := s.specials(melds)
	if orphans {
		n = min(n, hand.OrphansShanten(c))
	}
	if pairs {
		n = min(n, hand.SevenPairsShanten(c))
	}
	return far(n)
}

// specials reports whether thirteen orphans and seven pairs count for a
// hand with melds: only concealed, and where the ruleset wins with them.
func (s *shaper) specials(melds []hand.Meld) (orphans, pairs bool) {
	return s.orphans && len(melds) == 0, s.pairs && len(melds) == 0
}

// far turns a distance the AI cannot measure into farShanten.
func far(n int) int {
	if n >= hand.NoShanten {
		return farShanten
	}
	return n
}

// improvers returns the kinds whose draw lowers the shanten sh of c
// (3n+1 tiles) — the waits when sh is 0 — and how many of them are live.
// Without a Distancer the draws are measured with hand.Draws, which
// combines once the groups a draw leaves unchanged.
func (s *shaper) improvers(c tile.Counts, melds []hand.Meld, sh int) (tile.Set, int) {
	var set tile.Set
	n := 0
	var draws hand.Draws
	orphans, pairs := s.specials(melds)
	if s.dist == nil {
		draws = hand.NewDraws(&c)
	}
	near := nearby(&c)
	var candidates tile.Set
	for k := range tile.Kind(tile.NumStandard) {
		if s.t.live[k] > 0 && c[k] < 4 && s.useful(&c, near, k) {
			candidates = candidates.Add(k)
		}
	}
	var measured [tile.NumStandard]int
	if s.draws != nil {
		s.draws.AIShantenDraws(s.t.rulesHand(c, melds, tile.None), s.t.context(s.t.seat, rules.NoWind, 0), candidates, &measured)
	}
	for rest := candidates; rest != 0; rest &= rest - 1 {
		k := tile.Kind(bits.TrailingZeros64(uint64(rest)))
		var after int
		switch {
		case s.draws != nil:
			after = far(measured[k])
		case s.dist == nil:
			after = draws.Shanten(k)
			if orphans {
				after = min(after, draws.Orphans(k))
			}
			if pairs {
				after = min(after, draws.SevenPairs(k))
			}
			after = far(after)
		default:
			c[k]++
			after = s.shanten(&c, melds)
			c[k]--
		}
		if after < sh {
			set = set.Add(k)
			n += s.t.live[k]
		}
	}
	return set, n
}

// useful reports whether drawing k could lower the shanten of c, whose
// nearby kinds are near: for sets and a pair, k must join tiles of c; for
// seven pairs, pair one; for thirteen orphans, be a terminal or an honour;
// for a ruleset that measures hands itself, an honour may also join
// honours of its class (jilin's special combinations, JL-0).
func (s *shaper) useful(c *tile.Counts, near tile.Set, k tile.Kind) bool {
	return near.Has(k) || (s.orphans && k.IsMajor()) || (s.dist != nil && classmate(c, k))
}

// classmate reports whether c holds an honour of k's class (winds, dragons).
func classmate(c *tile.Counts, k tile.Kind) bool {
	if !k.IsHonor() {
		return false
	}
	lo, hi := tile.East, tile.White
	if !k.IsWind() {
		lo, hi = tile.White, tile.NumStandard
	}
	for x := lo; x < hi; x++ {
		if c[x] > 0 {
			return true
		}
	}
	return false
}

// nearby returns the kinds that could join a set or pair with tiles of c:
// the only draws that can lower the shanten of sets and a pair. They are
// c's kinds and the suit tiles up to two from a suit tile of c.
func nearby(c *tile.Counts) tile.Set {
	var near tile.Set
	for k := range tile.Kind(tile.NumStandard) {
		if c[k] == 0 {
			continue
		}
		near = near.Add(k)
		if !k.IsSuited() {
			continue
		}
		n := k.Number()
		for d := -2; d <= 2; d++ {
			if m := n + d; d != 0 && m >= 1 && m <= 9 {
				near = near.Add(tile.Kind(int(k) + d))
			}
		}
	}
	return near
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
	set, live := s.improvers(c, melds, sh)
	if set == 0 && sh > 0 && sh < farShanten && s.dist != nil {
		// No draw brings the hand closer: a ruleset that measures hands
		// itself has conditions (jilin's suits, JL-9.2) that can block
		// every way, so the hand is a step further, and the tiles that
		// keep it where it is count as improving it.
		sh++
		set, live = s.improvers(c, melds, sh)
	}
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
