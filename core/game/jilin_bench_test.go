package game_test

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/sim"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// BenchmarkJilinSim plays jilin hands between novice AIs, as `fourwinds sim
// --rules jilin` does, invariants checked (issue 4: ≥ 1,000 hands/s on one
// core); hands/s is
// reported as a metric.
func BenchmarkJilinSim(b *testing.B) {
	r, err := rules.Get("jilin")
	if err != nil {
		b.Fatal(err)
	}
	o, err := rules.ResolveOptions(r, nil)
	if err != nil {
		b.Fatal(err)
	}
	const hands = 100
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		cfg := sim.Config{Ruleset: r, Options: o, Seed: wall.Derive(wall.SeedFromString("jilin bench"), "run", i), Hands: hands,
			Levels: [4]ai.Level{ai.Novice, ai.Novice, ai.Novice, ai.Novice}, Check: true}
		if _, err := sim.Run(cfg); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(hands*b.N)/b.Elapsed().Seconds(), "hands/s")
}
