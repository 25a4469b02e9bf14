package gametest_test

import (
	"fmt"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/game/gametest"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// The scenarios of the rules files are tested where they are played, in
// core/game's *_scenarios_test.go files.

// BenchmarkNew measures building a claim-window scenario.
func BenchmarkNew(b *testing.B) {
	r, _ := rules.Get("hongkong")
	cfg := game.HandConfig{Ruleset: r, Options: rules.DefaultOptions(r), Seed: wall.SeedFromString("bench"), Number: 1, Round: rules.E}
	sc := gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.W, Discards: [4]string{2: "5p"}, Live: 10,
		Hands: [4]string{1: "55p 123m 456m 789m 11z", 3: "46p 123s 456s 789s 22z"}}
	for b.Loop() {
		if _, err := gametest.New(cfg, sc); err != nil {
			b.Fatal(err)
		}
	}
}

// ExampleNew builds FR-16 T1: West's 5p, which North may chow and
// South may pung.
func ExampleNew() {
	r, _ := rules.Get("french")
	s, err := gametest.New(
		game.HandConfig{Ruleset: r, Options: rules.DefaultOptions(r), Seed: wall.SeedFromString("T1"), Number: 1, Round: rules.E},
		gametest.Scenario{
			Phase: game.PhaseClaim, Turn: rules.W, Discards: [4]string{2: "5p"},
			Hands: [4]string{"19m 19p 19s 1234567z", "55p 123s 456s 78s 22z 9m", "", "46p 234m 789m 1s 9s 333z"},
		})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.LegalActions(rules.S), s.LegalActions(rules.N))
	// Output: [pass pung 5p] [pass chow 4p]
}
