package game_test

// The jilin TING rules in play, one test per rule id of jilin.md: the
// announcement (JL-7.2), the exposure round at the first TING (JL-7.4),
// the frozen hand (JL-7.5, JL-D9), and winning before TING in the first
// turn (JL-9.5, JL-D13).

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/game/gametest"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
)

// ting returns the discard of k with the TING announcement.
func ting(k string) game.Action {
	a := act(game.ActDiscard, k)
	a.Declare = game.DeclTing
	return a
}

// tingSeats returns the Declared of a scenario in which seats announced TING.
func tingSeats(seats ...rules.Wind) (d [4]game.Declaration) {
	for _, x := range seats {
		d[x] = game.DeclTing
	}
	return d
}

// jlE is one more jilin hand that plays no part (see jlA).
const jlE = "258m 147p 369s 44z 1z 5z"

func TestJL_7_2_TingOnlyWithWaits(t *testing.T) {
	for _, c := range []struct {
		name, hand string
		yes, no    []string
	}{
		{"a single wait", "123m 456s 789p 777m 5p +9s", []string{"9s", "5p"}, []string{"1m", "7m"}},
		{"V14: two-sided waits only", "23m 55m 123p 456p 777s +9s", nil, []string{"9s", "5m"}},
		{"V15: no triple", "123m 456p 789s 234s 5p +9s", nil, []string{"9s", "5p"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := jilin(t, gametest.Scenario{Turn: rules.S, Hands: [4]string{jlB, c.hand, jlC, jlE}})
			for _, k := range c.yes {
				if !legal(s, rules.S, ting(k)) {
					t.Errorf("S may not discard %s and announce TING; legal: %v", k, s.LegalActions(rules.S))
				}
			}
			for _, k := range c.no {
				if legal(s, rules.S, ting(k)) {
					t.Errorf("S may announce TING on discarding %s, which leaves no wait", k)
				}
			}
		})
	}
	t.Run("the announcement", func(t *testing.T) {
		s := jilin(t, gametest.Scenario{Turn: rules.S, Hands: [4]string{jlB, "123m 456s 789p 777m 5p +9s", jlC, jlE}})
		evs := mustApply(t, s, rules.S, ting("9s"))
		if d := eventsOf(evs, game.EvDiscard); len(d) != 1 || d[0].Declare != game.DeclTing {
			t.Fatalf("discards %+v, want 9s with TING", d)
		}
		if got := s.View(rules.E).Seats[rules.S].Declared; got != game.DeclTing {
			t.Fatalf("E sees S's declaration as %q", got)
		}
	})
}

func TestJL_7_5_FrozenHand(t *testing.T) {
	t.Run("discard the drawn tile", func(t *testing.T) {
		s := jilin(t, gametest.Scenario{Turn: rules.S, Hands: [4]string{jlB, "123m 456s 789p 777m 5p +9s", jlC, jlE}, Declared: tingSeats(rules.S)})
		if got := s.LegalActions(rules.S); len(got) != 1 || got[0] != act(game.ActDiscard, "9s") {
			t.Fatalf("S after TING may %v; want only to discard the drawn 9s", got)
		}
	})
	t.Run("a kong that keeps some waits", func(t *testing.T) {
		// 1113m waits on 2m and 3m; after the kong of 1m, on 3m only (JL-D9).
		s := jilin(t, gametest.Scenario{Turn: rules.S, Hands: [4]string{jlB, "1113m 456p 789p 555s +1m", jlC, jlE},
			Declared: tingSeats(rules.S), Tail: "9s", Wall: "2m 3m"})
		evs := mustApply(t, s, rules.S, act(game.ActConcealedKong, "1m"))
		if drawSource(evs, rules.S) != game.FromTail {
			t.Fatal("no compensation for the kong")
		}
		if got := s.LegalActions(rules.S); len(got) != 1 || got[0] != act(game.ActDiscard, "9s") {
			t.Fatalf("S may %v after the compensation; want only to discard it (JL-7.5)", got)
		}
		discardDrawn(t, s)
		mustApply(t, s, rules.W, act(game.ActDiscard, "2m"))
		answerAll(t, s)
		mustApply(t, s, rules.N, act(game.ActDiscard, "3m"))
		if !legal(s, rules.S, act(game.ActMahjong, "3m")) {
			t.Fatalf("S may not ROU on 3m, his new winning set; legal: %v", s.LegalActions(rules.S))
		}
	})
	t.Run("no kong that leaves no wait", func(t *testing.T) {
		// 11123m waits on 1m and 5s; the kong of 1m would leave 23m.
		s := jilin(t, gametest.Scenario{Turn: rules.S, Hands: [4]string{jlB, "11123m 456p 789p 55s +1m", jlC, jlE}, Declared: tingSeats(rules.S)})
		if legal(s, rules.S, act(game.ActConcealedKong, "1m")) {
			t.Fatal("S may declare a kong that leaves him no wait")
		}
		selfDraw(t, s, rules.S)
	})
	t.Run("only exposures that keep the waits", func(t *testing.T) {
		// 1z2z3z4z4z 123m 456m 78m waits on 3m with 1z2z3z exposed and 4z4z
		// the pair; any other three winds leave no wait.
		s := jilin(t, gametest.Scenario{Turn: rules.S, Hands: [4]string{jlB, "1z2z3z4z4z 123m 456m 78m +9p", jlC, jlA}, Declared: tingSeats(rules.S)})
		for _, c := range []struct {
			tiles string
			ok    bool
		}{{"1z2z3z", true}, {"1z2z4z", false}, {"1z3z4z", false}, {"2z3z4z", false}} {
			if legal(s, rules.S, exposeOf(c.tiles)) != c.ok {
				t.Errorf("S may expose %s: %v, want %v", c.tiles, !c.ok, c.ok)
			}
		}
		mustApply(t, s, rules.S, exposeOf("1z2z3z"))
		if got := s.LegalActions(rules.S); len(got) != 1 || got[0] != act(game.ActDiscard, "9p") {
			t.Fatalf("S may %v after exposing; want only to discard the drawn 9p", got)
		}
	})
	t.Run("no extension that changes the waits", func(t *testing.T) {
		// Adding the 4z he holds would leave him the drawn 5m, waiting on 5m
		// instead of 4z.
		s := jilin(t, gametest.Scenario{Turn: rules.S, Hands: [4]string{jlB, "[1z2z3z] 4z 123m 456m 789m +5m", jlC, jlE}, Declared: tingSeats(rules.S)})
		if legal(s, rules.S, act(game.ActExtend, "4z")) {
			t.Fatal("S may add 4z, which changes his winning set")
		}
	})
}

func TestJL_7_4_ExposureRound(t *testing.T) {
	// S announces the first TING with the last live tile. From W on, every
	// seat that holds a combination may expose it, S last; E keeps his
	// 5z6z7z concealed and loses its end points (JL-13.2).
	hands := [4]string{"5z6z7z 258m 147p 369s 4z", "2z3z4z 123m 456m 789m 5m +9p", "1z2z3z 369m 258p 147s 5z", "147m 369p 258s 11z 6z 7z"}
	s := jilin(t, gametest.Scenario{Turn: rules.S, Hands: hands, Live: gametest.LiveExhausted})
	mustApply(t, s, rules.S, ting("9p"))
	for _, step := range []struct {
		seat rules.Wind
		a    game.Action
	}{{rules.W, exposeOf("1z2z3z")}, {rules.E, pass}, {rules.S, exposeOf("2z3z4z")}} {
		if s.Phase != game.PhaseExpose {
			t.Fatalf("phase %s before %s's exposure", s.Phase, step.seat)
		}
		if w := s.Waiting(); len(w) != 1 || w[0] != step.seat {
			t.Fatalf("waiting %v, want %s (from next(S), S last; N has nothing to expose)", w, step.seat)
		}
		mustApply(t, s, step.seat, step.a)
	}
	if s.Phase != game.PhaseEnd || s.Result.Winner != rules.NoWind {
		t.Fatalf("phase %s: the wall is exhausted, the hand should end", s.Phase)
	}
	bonus := func(x rules.Wind) int { return s.Result.Values[x].Bonus }
	if bonus(rules.W) != 3 || bonus(rules.S) != 3 || bonus(rules.E) != 0 {
		t.Fatalf("end points W %d, S %d, E %d: want 3, 3 and 0 for E's unexposed 5z6z7z", bonus(rules.W), bonus(rules.S), bonus(rules.E))
	}
	wantNet(t, s, [4]int{-6, 6, 6, -6})

	t.Run("uniform: every seat, each until it passes", func(t *testing.T) {
		cfg := handConfig(t, "jilin", nil)
		cfg.Uniform = true
		s, err := gametest.New(cfg, gametest.Scenario{Turn: rules.S, Hands: hands, Live: gametest.LiveExhausted})
		if err != nil {
			t.Fatal(err)
		}
		mustApply(t, s, rules.S, ting("9p"))
		for _, step := range []struct {
			seat rules.Wind
			a    game.Action
		}{{rules.W, exposeOf("1z2z3z")}, {rules.W, pass}, {rules.N, pass}, {rules.E, pass}, {rules.S, exposeOf("2z3z4z")}, {rules.S, pass}} {
			if w := s.Waiting(); s.Phase != game.PhaseExpose || len(w) != 1 || w[0] != step.seat {
				t.Fatalf("phase %s, waiting %v; want %s to answer in the exposure round", s.Phase, w, step.seat)
			}
			mustApply(t, s, step.seat, step.a)
		}
		if s.Phase != game.PhaseClaim { // uniform: the last discard's window is asked too
			t.Fatalf("phase %s after the round, want the claim window", s.Phase)
		}
		for _, x := range []rules.Wind{rules.W, rules.N, rules.E} {
			mustApply(t, s, x, pass)
		}
		if s.Phase != game.PhaseEnd {
			t.Fatalf("phase %s after the window: the wall is exhausted", s.Phase)
		}
		wantNet(t, s, [4]int{-6, 6, 6, -6})
	})
	t.Run("only at the first TING", func(t *testing.T) {
		hands := [4]string{"5z6z7z 258m 147p 369s 4z", "123m 456s 789p 777m 5p +9s", "1z2z3z 369m 258p 147s 5z", "123m 456s 999m 46p 77p"}
		s := jilin(t, gametest.Scenario{Turn: rules.S, Hands: hands, Declared: tingSeats(rules.N)})
		mustApply(t, s, rules.S, ting("9s"))
		if s.Phase == game.PhaseExpose {
			t.Fatal("a second TING opens another exposure round")
		}
	})
}

func TestJL_9_5_RouBeforeTing(t *testing.T) {
	t.Run("East on his dealt tiles", func(t *testing.T) {
		s := jilin(t, gametest.Scenario{Turn: rules.E, FirstTurns: true, Hands: [4]string{"123m 456s 789p 777m 55p", jlB, jlC, jlE}})
		mustApply(t, s, rules.E, selfDraw(t, s, rules.E))
		if s.Result.Winner != rules.E || !hasFlag(s, rules.Heavenly) {
			t.Fatalf("result %+v: want East's win on his dealt tiles", s.Result)
		}
	})
	for _, c := range []struct {
		name     string
		discards string
		may      bool
	}{{"before his first discard", "", true}, {"after it, without TING", "9m", false}} {
		t.Run(c.name, func(t *testing.T) {
			s := jilin(t, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.W, Discards: [4]string{1: c.discards, 2: "5p"},
				Hands: [4]string{jlB, "123m 456s 789p 777m 5p", jlC, jlE}})
			if legal(s, rules.S, act(game.ActMahjong, "5p")) != c.may {
				t.Fatalf("S may ROU on 5p: %v, want %v", !c.may, c.may)
			}
		})
	}
	t.Run("no self-drawn ROU after a discard, without TING", func(t *testing.T) {
		s := jilin(t, gametest.Scenario{Turn: rules.S, Discards: [4]string{1: "9m"}, Hands: [4]string{jlB, "123m 456s 789p 777m 5p +5p", jlC, jlE}})
		for _, a := range s.LegalActions(rules.S) {
			if a.Type == game.ActSelfDraw {
				t.Fatal("S may ROU without TING after his first discard")
			}
		}
	})
}
