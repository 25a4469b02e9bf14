package sim_test

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/sim"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// BenchmarkSimHongkong is `fourwinds sim --rules hongkong` with four
// novice players and no invariant checks, 200 hands per iteration.
func BenchmarkSimHongkong(b *testing.B) {
	r, _ := rules.Get("hongkong")
	cfg := sim.Config{Ruleset: r, Options: rules.DefaultOptions(r), Seed: wall.SeedFromString("1"), Hands: 200,
		Levels: [4]ai.Level{ai.Novice, ai.Novice, ai.Novice, ai.Novice}, Duplicate: true, Workers: 1}
	for b.Loop() {
		if _, err := sim.Run(cfg); err != nil {
			b.Fatal(err)
		}
	}
}
