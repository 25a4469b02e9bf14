package game_test

// The end of a jilin hand and of the session, one test per rule id of
// jilin.md: the last six stacks (JL-10.2), a hand with no winner (JL-10.3),
// the dealer's turn (JL-2.3) and the `circuits` option (JL-D20).

import (
	"strconv"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/game/gametest"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
)

// stacksLeft counts the wall's non-empty stacks.
func stacksLeft(s *game.State) int {
	n := 0
	for _, st := range s.Wall().Stacks() {
		if st.Tiles > 0 {
			n++
		}
	}
	return n
}

func TestJL_10_2_LastSixStacks(t *testing.T) {
	t.Run("no front draw from the last six stacks", func(t *testing.T) {
		s := jilin(t, gametest.Scenario{Turn: rules.E, Hands: [4]string{"147m 258p 369s 11z 2z 5z +9s", jlB, jlC, jlE}, Live: 1, Wall: "9p"})
		if n := stacksLeft(s); n <= 6 {
			t.Fatalf("%d stacks left with a live draw", n)
		}
		discardDrawn(t, s)
		wantTurn(t, s, rules.S, "9p")
		if n := stacksLeft(s); n > 6 || s.WallLive() != 0 {
			t.Fatalf("%d stacks and %d live draws left after the last live draw; want at most 6 and 0", n, s.WallLive())
		}
		discardDrawn(t, s)
		if s.Phase != game.PhaseEnd || s.Result.Winner != rules.NoWind || !strings.Contains(s.Result.Void, "exhausted") {
			t.Fatalf("phase %s, result %+v: want the hand to end with no winner", s.Phase, s.Result)
		}
	})
	t.Run("compensations still draw from them", func(t *testing.T) {
		s := jilin(t, gametest.Scenario{Turn: rules.S, Hands: [4]string{jlB, "555p 258m 147s 11z 3z 7z +5p", jlC, jlD}, Live: gametest.LiveExhausted, Tail: "9m"})
		evs := mustApply(t, s, rules.S, act(game.ActConcealedKong, "5p"))
		if drawSource(evs, rules.S) != game.FromTail {
			t.Fatalf("no compensation from the last stacks: %v", eventsOf(evs, game.EvDraw))
		}
		wantTurn(t, s, rules.S, "9m")
	})
	t.Run("the last discard may still be won on", func(t *testing.T) {
		s := jilin(t, gametest.Scenario{Turn: rules.W, Hands: [4]string{jlA, "123m 456s 789p 888m 5p", "147m 369s 258p 44z 3z 6z +5p", jlC},
			Live: gametest.LiveExhausted, Declared: tingSeats(rules.S)})
		mustApply(t, s, rules.W, act(game.ActDiscard, "5p"))
		if !legal(s, rules.S, act(game.ActMahjong, "5p")) {
			t.Fatalf("S may not ROU on the last discard; legal: %v", s.LegalActions(rules.S))
		}
	})
}

func TestJL_10_3_NoWinner(t *testing.T) {
	// W holds [1z2z3z4z], 4 end points, and S a concealed kong, 2 (JL-13).
	hands := [4]string{jlB, "(2222p) 147m 258s 11z 6z 7z", "[1z2z3z4z] 258m 147p 369s 5z", "369m 147p 258s 5z 6z 1z 2z"}
	s := jilin(t, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.N, Hands: hands, Discards: [4]string{3: "9m"}, Live: gametest.LiveExhausted})
	answerAll(t, s)
	if s.Phase != game.PhaseEnd || s.Result.Winner != rules.NoWind {
		t.Fatalf("phase %s: want a hand with no winner", s.Phase)
	}
	wantNet(t, s, [4]int{-6, 2, 10, -6})
}

// jilinWin is a hand that wins on its drawn tile without TING: its owner
// has not discarded yet (JL-9.5).
const jilinWin = "123m 456m 789m 111m 5m +5m"

// playJilin plays a scripted jilin hand through the match (see
// playScripted) in which winner wins at once with jilinWin.
func playJilin(t *testing.T, m *game.Match, winner rules.Wind) {
	t.Helper()
	playScriptedWith(t, m, winner, jilinWin)
}

func TestJL_2_3_DealerTurn(t *testing.T) {
	m := newMatch(t, "jilin", nil)
	d := m.Dealer
	playJilin(t, m, rules.E) // the dealer wins and stays
	wantDeal(t, m, 2, rules.E, d)
	playJilin(t, m, rules.S) // another player wins: the deal passes
	wantDeal(t, m, 3, rules.E, (d+1)%4)
	playJilin(t, m, rules.NoWind) // JL-D2: no winner, the deal passes too
	wantDeal(t, m, 4, rules.E, (d+2)%4)
	wantBalances(t, m, 0)
}

func TestJL_D20_Circuits(t *testing.T) {
	for _, circuits := range []int{1, 2} {
		m := newMatch(t, "jilin", map[string]string{"circuits": strconv.Itoa(circuits)})
		d, number := m.Dealer, 1
		for pass := 1; pass <= 4*circuits; pass++ {
			playJilin(t, m, rules.E) // the dealer keeps the deal: no pass
			number++
			playJilin(t, m, rules.Wind(1+pass%3))
			number++
			if pass == 4*circuits {
				break
			}
			wantDeal(t, m, number, rules.Wind(pass/4), (d+pass)%4)
		}
		if !m.Over {
			t.Fatalf("circuits %d: the session goes on after %d dealer changes", circuits, 4*circuits)
		}
		if _, err := m.NextHand(); err != game.ErrMatchOver {
			t.Fatalf("circuits %d: another hand after the end: %v", circuits, err)
		}
		wantBalances(t, m, 0)
	}
}

// TestJL_D22_OnlyRouAfterTheLastFrontDraw: the discard that follows the
// last front draw may be claimed only for ROU; a TCHE or TCHA would leave
// a player due to draw from an exhausted wall (JL-10.2, JL-D22).
func TestJL_D22_OnlyRouAfterTheLastFrontDraw(t *testing.T) {
	s := jilin(t, gametest.Scenario{Turn: rules.W, Live: gametest.LiveExhausted, Declared: tingSeats(rules.S),
		Hands: [4]string{jlB, "123m 456s 789p 888m 5p", jlC + " +5p", "46p 55p 147m 369s 2z 6z 7z"}})
	mustApply(t, s, rules.W, act(game.ActDiscard, "5p"))
	if got := actionList(s.LegalActions(rules.N)); strings.Contains(got, "chow") || strings.Contains(got, "pung") {
		t.Errorf("N may TCHE or TCHA the 5p: %s", got)
	}
	if got := actionList(s.LegalActions(rules.S)); got != "pass, mahjong 5p" {
		t.Errorf("S, TING on 5p: %s, want pass and ROU", got)
	}
	// The same discard with a live draw left may be claimed.
	s = jilin(t, gametest.Scenario{Turn: rules.W, Live: 1,
		Hands: [4]string{jlB, "123m 456s 789p 888m 5p", jlC + " +5p", "46p 55p 147m 369s 2z 6z 7z"}})
	mustApply(t, s, rules.W, act(game.ActDiscard, "5p"))
	if got := actionList(s.LegalActions(rules.N)); !strings.Contains(got, "chow") || !strings.Contains(got, "pung") {
		t.Errorf("N with a live draw left: %s, want TCHE and TCHA", got)
	}
}
