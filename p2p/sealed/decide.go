package sealed

import (
	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// AI decides for the players a device plays with the computer players
// of core/ai, one per player, seeded from seed and the player's number;
// it answers at once.
type AI [4]ai.Player

// NewAI returns computer players of level for the four players.
func NewAI(level ai.Level, seed wall.Seed) (*AI, error) {
	var a AI
	for p := range a {
		pl, err := ai.New(level, wall.Derive(seed, "sealed ai", p))
		if err != nil {
			return nil, err
		}
		a[p] = pl
	}
	return &a, nil
}

// Decide implements Decider.
func (a *AI) Decide(player int, v *game.View, answer func(game.Action)) {
	answer(a[player].Decide(v))
}
