package ai

import (
	"math/rand/v2"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
)

// expert plays for the expected net score of the hand: efficiency (the
// chance of winning from the shanten and the live improving tiles), value
// (ready hands valued exactly by the ruleset, others by the patterns they
// head for), claims rated like any other move, and defence: a discard that
// may win for a seat that looks ready costs what that win would.
type expert struct {
	rng  *rand.Rand
	know *knowledge
	mem  memory
}

// Decide implements Player.
func (p *expert) Decide(v *game.View) game.Action {
	if a, ok := decideCard(v, Expert, p.rng); ok {
		return a
	}
	p.know = learn(p.know, v)
	p.mem.update(v)
	opts := newPlanner(v, p.know, &p.mem).options()
	ties := 1
	for ties < len(opts) && opts[ties].Score == opts[0].Score {
		ties++
	}
	return opts[p.rng.IntN(ties)].Action
}
