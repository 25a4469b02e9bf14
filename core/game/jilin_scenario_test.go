package game_test

// gametest.New's jilin additions: special combinations, TING seats and the
// joker (JL-6.4, JL-7.2, JL-8.1).

import (
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/game/gametest"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

func TestScenarioJilinErrors(t *testing.T) {
	ready := "123m 456s 789p 777m 5p"
	for _, c := range []struct {
		name string
		sc   gametest.Scenario
		want string
	}{
		{"a joker with nobody in TING", gametest.Scenario{Turn: rules.S, Hands: [4]string{1: ready + " +9s"}, Joker: "6p"}, "needs a seat that announced TING"},
		{"TING on a hand that waits on nothing", gametest.Scenario{Turn: rules.S, Hands: [4]string{1: "147m 258p 369s 11z 2z 5z +9s"}, Declared: tingSeats(rules.S)}, "wait on nothing"},
		{"a joker of two tiles", gametest.Scenario{Turn: rules.S, Hands: [4]string{1: ready + " +9s"}, Declared: tingSeats(rules.S), Joker: "6p7p"}, "must be one"},
		{"too many tail draws for the joker", gametest.Scenario{Turn: rules.S, Hands: [4]string{1: ready + " +9s"}, Declared: tingSeats(rules.S), Joker: "6p", Tail: "1s 2s 3s 4s 5s 6s 7s 8s 9s 1s 2s"}, "no room for the joker"},
		{"a combination of two kinds", gametest.Scenario{Turn: rules.S, Hands: [4]string{1: "[1z1z2z] 123m 456m 789m 5m +5m"}}, "special combination"},
	} {
		_, err := gametest.New(handConfig(t, "jilin", nil), c.sc)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error with %q", c.name, err, c.want)
		}
	}
	if _, err := gametest.New(handConfig(t, "classical", nil), gametest.Scenario{Turn: rules.S, Hands: [4]string{1: ready + " +9s"}, Joker: "6p"}); err == nil {
		t.Error("a classical scenario took a shared joker")
	}
}

// FuzzJilinScenario: no jilin scenario input panics, and every scenario
// built keeps the invariants, the joker out of the wall included.
func FuzzJilinScenario(f *testing.F) {
	f.Add("[1z2z3z] 123m 456m 789m 5m +4z", "2345m 123p 789p [777s]", "9m", "6p", "5m", "6p", 0, uint8(1), uint8(0), uint8(9))
	f.Add("1z2z3z4z4z 123m 456m 78m", "123m 456s 789p 777m 5p", "9s", "", "", "2p", -1, uint8(2), uint8(1), uint8(12))
	f.Add("5z6z7z 258m 147p 369s 4z", "", "1z", "3m", "9s 8s", "", 5, uint8(2), uint8(0), uint8(0))
	cfg := handConfig(f, "jilin", nil)
	cfg.Seed = wall.SeedFromString("fuzz jilin")
	f.Fuzz(func(t *testing.T, h0, h1, discards, front, tail, joker string, live int, phase, turn, ting uint8) {
		sc := gametest.Scenario{
			Hands: [4]string{h0, h1}, Discards: [4]string{discards, discards}, Wall: front, Tail: tail, Joker: joker,
			Live: live % 200, Phase: game.Phase(phase % 3), Turn: rules.Wind(turn % 5), JokerHolder: rules.Wind(ting % 4),
		}
		for x := range 4 {
			if ting&(1<<(x+2)) != 0 {
				sc.Declared[x] = game.DeclTing
			}
		}
		s, err := gametest.New(cfg, sc)
		if err != nil {
			return
		}
		if err := s.CheckInvariants(); err != nil {
			t.Fatalf("%+v: %v", sc, err)
		}
	})
}
