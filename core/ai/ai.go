// Package ai holds computer players. A player sees only a seat's View and
// its legal actions, so it cannot cheat; its choices are deterministic for a
// given seed. A thinking delay for the UI lives outside this package.
package ai

import (
	"fmt"
	"math/rand/v2"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// Player chooses one of the legal actions of a view.
type Player interface {
	// Decide returns one of v.Legal; v.Legal is never empty when called.
	Decide(v *game.View) game.Action
}

// Level names an AI strength.
type Level string

// The AI levels.
const (
	Novice       Level = "novice"       // Novice is the shanten-greedy baseline.
	Intermediate Level = "intermediate" // Intermediate plays for tile efficiency.
	Expert       Level = "expert"       // Expert adds value, claim judgement and defence.
	Random       Level = "random"       // Random picks any legal action (for property tests).
)

// Levels returns every level, weakest first, random last.
func Levels() []Level { return []Level{Novice, Intermediate, Expert, Random} }

// New returns a player of the given level, seeded: the same seed and the
// same views give the same decisions.
func New(level Level, seed wall.Seed) (Player, error) {
	r := wall.NewRand(seed)
	switch level {
	case Novice:
		return &greedy{rng: r}, nil
	case Intermediate:
		return &efficient{rng: r}, nil
	case Expert:
		return &expert{rng: r}, nil
	case Random:
		return &random{rng: r}, nil
	}
	return nil, fmt.Errorf("ai: unknown level %q; allowed: novice, intermediate, expert, random", level)
}

// random picks a uniformly random legal action.
type random struct{ rng *rand.Rand }

func (p *random) Decide(v *game.View) game.Action { return v.Legal[p.rng.IntN(len(v.Legal))] }
