package game_test

// The jilin play rules of claims, kongs and special combinations, one test
// per rule id of jilin.md (JL-5, JL-6, and the vectors V17 and V19).

import (
	"slices"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/game/gametest"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// jilin builds a jilin scenario with the default options.
func jilin(t *testing.T, sc gametest.Scenario) *game.State {
	t.Helper()
	return newScenario(t, "jilin", nil, sc)
}

// Jilin hands that play no part: no two tiles of a suit within 2 of each
// other, two kinds of winds and one dragon, so that they can neither TCHE,
// nor expose, nor win; each TCHAs only the wind it holds twice.
const (
	jlA = "147m 258p 369s 11z 2z 5z"
	jlB = "258m 369p 147s 33z 4z 6z"
	jlC = "369m 147p 258s 22z 3z 7z"
	jlD = "147m 369p 258s 44z 1z 5z"
)

// answerAll makes every seat that owes an answer in a claim or duplicate
// window pass.
func answerAll(t testing.TB, s *game.State) []game.Event {
	t.Helper()
	var evs []game.Event
	for s.Phase == game.PhaseClaim || s.Phase == game.PhaseDuplicate {
		evs = append(evs, mustApply(t, s, s.Waiting()[0], pass)...)
	}
	return evs
}

// discardDrawn makes the seat to play discard its drawn tile, and every
// seat pass on it.
func discardDrawn(t testing.TB, s *game.State) []game.Event {
	t.Helper()
	evs := mustApply(t, s, s.Turn, game.Act(game.ActDiscard, s.View(s.Turn).Drawn))
	return append(evs, answerAll(t, s)...)
}

// chowOf returns the TCHE of the run starting at first (5z: the dragons).
func chowOf(first string) game.Action { return act(game.ActChow, first) }

// claimTypes lists the types of seat's legal actions.
func claimTypes(s *game.State, seat rules.Wind) []game.ActionType {
	var out []game.ActionType
	for _, a := range s.LegalActions(seat) {
		out = append(out, a.Type)
	}
	return out
}

// drawSource returns the source of the last draw of seat in evs ("" for none).
func drawSource(evs []game.Event, seat rules.Wind) game.Source {
	var src game.Source
	for _, e := range eventsOf(evs, game.EvDraw) {
		if e.Seat == seat {
			src = e.Source
		}
	}
	return src
}

func TestJL_5_1_TCHE(t *testing.T) {
	t.Run("suit tile, from the previous player only", func(t *testing.T) {
		s := jilin(t, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.W, Discards: [4]string{2: "5p"},
			Hands: [4]string{jlA, "46p 147m 369s 11z 2z 5z 9p", jlC, "46p 147m 369s 44z 3z 6z 9p"}})
		if !legal(s, rules.N, chowOf("4p")) {
			t.Fatalf("N, next(W), may not TCHE 4p5p6p; legal: %v", s.LegalActions(rules.N))
		}
		if slices.Contains(claimTypes(s, rules.S), game.ActChow) {
			t.Fatalf("S, who does not play after W, may TCHE: %v", s.LegalActions(rules.S))
		}
	})
	t.Run("never a wind", func(t *testing.T) {
		s := jilin(t, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.W, Discards: [4]string{2: "3z"},
			Hands: [4]string{jlA, jlB, jlC, "24z 147m 258p 369s 5z 1z"}})
		if slices.Contains(claimTypes(s, rules.N), game.ActChow) {
			t.Fatalf("N may TCHE the wind 3z: %v", s.LegalActions(rules.N))
		}
	})
	t.Run("the dragon run", func(t *testing.T) {
		s := jilin(t, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.W, Discards: [4]string{2: "6z"},
			Hands: [4]string{jlA, "57z 147m 258p 369s 4z 1z", jlC, "57z 147m 258p 369s 4z 2z"}})
		if slices.Contains(claimTypes(s, rules.S), game.ActChow) {
			t.Fatalf("S may TCHE W's dragon: %v", s.LegalActions(rules.S))
		}
		evs := mustApply(t, s, rules.N, chowOf("5z"))
		evs = append(evs, answerAll(t, s)...)
		c := eventsOf(evs, game.EvClaim)
		if len(c) != 1 || c[0].Seat != rules.N || c[0].Meld.Kind != hand.Chow || c[0].Meld.Tile != tk("5z") {
			t.Fatalf("claims %+v, want N's [5z6z7z]", c)
		}
		wantTurn(t, s, rules.N, "")
		for _, a := range s.LegalActions(rules.N) {
			if a.Type != game.ActDiscard {
				t.Fatalf("after a TCHE N may %s; he discards (JL-4.3)", a)
			}
		}
	})
}

// The hands of the claim races on W's 5p: N may TCHE it, E TCHA it, and a
// TING S or N ROU on it.
const (
	raceTche = "46p 147m 369s 11z 3z 5z 9p"
	raceTcha = "55p 147m 369s 44z 2z 6z 9s"
	raceRouS = "123m 456s 789p 888m 5p"
	raceRouN = "123m 456s 999m 46p 77p"
)

// race builds W's discard of 5p answered by the given hands of E, S and N;
// the seats in ting announced TING.
func race(t *testing.T, e, south, n string, ting ...rules.Wind) *game.State {
	t.Helper()
	sc := gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.W, Discards: [4]string{2: "5p"}, Hands: [4]string{e, south, jlC, n}}
	for _, x := range ting {
		sc.Declared[x] = game.DeclTing
	}
	return jilin(t, sc)
}

func TestJL_5_4_Priority(t *testing.T) {
	t.Run("ROU before TCHA before TCHE", func(t *testing.T) {
		s := race(t, raceTcha, raceRouS, raceTche, rules.S)
		mustApply(t, s, rules.N, chowOf("4p"))
		mustApply(t, s, rules.E, act(game.ActPung, "5p"))
		mustApply(t, s, rules.S, act(game.ActMahjong, "5p"))
		wantWin(t, s, rules.S, "5p", rules.W)
	})
	t.Run("TCHA before TCHE", func(t *testing.T) {
		s := race(t, raceTcha, jlA, raceTche)
		mustApply(t, s, rules.N, chowOf("4p"))
		mustApply(t, s, rules.E, act(game.ActPung, "5p"))
		answerAll(t, s)
		wantTurn(t, s, rules.E, "")
		if m := s.View(rules.E).Seats[rules.E].Melds; len(m) != 1 || m[0].Kind != hand.Pung {
			t.Fatalf("E's melds %v, want the TCHA [555p]", m)
		}
	})
	t.Run("of two ROUs, the first after the discarder", func(t *testing.T) {
		s := race(t, jlA, raceRouS, raceRouN, rules.S, rules.N)
		mustApply(t, s, rules.S, act(game.ActMahjong, "5p"))
		mustApply(t, s, rules.N, act(game.ActMahjong, "5p"))
		wantWin(t, s, rules.N, "5p", rules.W)
	})
}

func TestJL_5_5_SkippedPlayersLoseTheirTurn(t *testing.T) {
	// S takes W's 5p by TCHA: N and E lose their turn, W plays after S.
	s := race(t, jlA, raceTcha, jlD)
	mustApply(t, s, rules.S, act(game.ActPung, "5p"))
	answerAll(t, s)
	wantTurn(t, s, rules.S, "")
	mustApply(t, s, rules.S, act(game.ActDiscard, "9s"))
	answerAll(t, s)
	if s.Phase != game.PhaseTurn || s.Turn != rules.W {
		t.Fatalf("phase %s, turn %s: want W to draw after S", s.Phase, s.Turn)
	}
}

func TestJL_5_7_NoClaimAfterTING(t *testing.T) {
	// S announced TING and holds 55p; N announced TING and holds 46p.
	s := race(t, jlA, "123m 456s 777m 55p 79p", raceRouN, rules.S, rules.N)
	if got := s.LegalActions(rules.S); len(got) != 0 {
		t.Fatalf("S after TING may answer W's 5p with %v; no TCHA (JL-7.5)", got)
	}
	if got := claimTypes(s, rules.N); slices.Contains(got, game.ActChow) || !slices.Contains(got, game.ActMahjong) {
		t.Fatalf("N after TING may %v; want ROU and no TCHE (JL-7.5)", s.LegalActions(rules.N))
	}
}

func TestJL_6_1_CompensationForEveryKong(t *testing.T) {
	t.Run("TCHA kong of a discard", func(t *testing.T) {
		s := race(t, jlB, "555p 258m 147s 11z 3z 7z", jlD)
		evs := mustApply(t, s, rules.S, act(game.ActKong, "5p"))
		evs = append(evs, answerAll(t, s)...)
		if drawSource(evs, rules.S) != game.FromTail {
			t.Fatalf("S's kong of W's 5p owes no compensation: %v", eventsOf(evs, game.EvDraw))
		}
		if s.Turn != rules.S || s.View(rules.S).Drawn == tile.None {
			t.Fatal("S does not play on with his compensation tile")
		}
	})
	t.Run("concealed kong", func(t *testing.T) {
		s := jilin(t, gametest.Scenario{Turn: rules.S, Hands: [4]string{jlB, "555p 258m 147s 11z 3z 7z +5p", jlC, jlD}, Tail: "9m"})
		evs := mustApply(t, s, rules.S, act(game.ActConcealedKong, "5p"))
		if drawSource(evs, rules.S) != game.FromTail {
			t.Fatalf("S's concealed kong owes no compensation: %v", eventsOf(evs, game.EvDraw))
		}
		wantCompensationWin(t, "kong", "555p 123m 456s 789m 9m +5p", "9m", game.Act(game.ActConcealedKong, tk("5p")))
		wantTurn(t, s, rules.S, "9m")
	})
}

func TestJL_6_2_PromotedKongInAnyTurn(t *testing.T) {
	// JL-D4: S adds the 5p he kept in his hand, not the tile he drew; there
	// is no robbing a kong, not even by a TING player waiting on 5p.
	hands := [4]string{jlB, "5p 147m 369s 44z 2z [555p] +8s", jlC, raceRouN}
	s := jilin(t, gametest.Scenario{Turn: rules.S, Hands: hands, Tail: "1s", Declared: [4]game.Declaration{3: game.DeclTing}})
	evs := mustApply(t, s, rules.S, act(game.ActAddKong, "5p"))
	if s.Phase != game.PhaseTurn || drawSource(evs, rules.S) != game.FromTail {
		t.Fatalf("phase %s, draws %v: want S's compensation at once", s.Phase, eventsOf(evs, game.EvDraw))
	}
	wantTurn(t, s, rules.S, "1s")
	if m := s.View(rules.S).Seats[rules.S].Melds; len(m) != 1 || m[0].Kind != hand.Kong || !m[0].Open {
		t.Fatalf("S's melds %v, want the exposed kong [5555p]", m)
	}
}

func TestJL_6_4_ExposeThenExtend(t *testing.T) {
	t.Run("expose 3 different, then extend one at a time", func(t *testing.T) {
		s := jilin(t, gametest.Scenario{Turn: rules.S, Hands: [4]string{jlA, "1z2z3z4z 123m 456m 789m +5m", jlC, jlD}, Tail: "9p"})
		var exposures int
		for _, a := range s.LegalActions(rules.S) {
			if a.Type == game.ActExpose {
				exposures++
				if a.Tiles.Total() != 3 {
					t.Fatalf("S may expose %s; a combination is exposed as 3 different tiles (JL-6.4, JL-D5)", a)
				}
			}
		}
		if exposures != 4 {
			t.Fatalf("S may expose %d combinations of 1z2z3z4z, want the 4 of three different winds: %v", exposures, s.LegalActions(rules.S))
		}
		evs := mustApply(t, s, rules.S, exposeOf("1z2z3z"))
		if len(eventsOf(evs, game.EvDraw)) != 0 {
			t.Fatal("exposing 3 tiles owes a compensation")
		}
		wantTurn(t, s, rules.S, "5m")
		evs = mustApply(t, s, rules.S, act(game.ActExtend, "4z"))
		if drawSource(evs, rules.S) != game.FromTail {
			t.Fatalf("adding 4z owes no compensation: %v", evs)
		}
		wantTurn(t, s, rules.S, "9p")
		if m := s.View(rules.E).Seats[rules.S].Melds; len(m) != 1 || m[0].Size() != 4 {
			t.Fatalf("S's melds %v, want [1z2z3z4z]", m)
		}
	})
	t.Run("a TCHE'd dragon run never grows", func(t *testing.T) {
		s := jilin(t, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.W, Discards: [4]string{2: "6z"},
			Hands: [4]string{jlA, jlB, jlC, "57z 5z 147m 258p 369s 4z"}, Wall: "9m 9p 9s 1s"})
		mustApply(t, s, rules.N, chowOf("5z"))
		mustApply(t, s, rules.N, act(game.ActDiscard, "4z"))
		answerAll(t, s)
		for range 3 { // E, S and W discard what they draw
			discardDrawn(t, s)
		}
		wantTurn(t, s, rules.N, "1s")
		if slices.Contains(claimTypes(s, rules.N), game.ActExtend) {
			t.Fatalf("N may add to his TCHE'd [5z6z7z]: %v", s.LegalActions(rules.N))
		}
	})
}

// exposeOf returns the exposure of the honours written s.
func exposeOf(s string) game.Action {
	return game.Action{Type: game.ActExpose, Tile: tile.None, Tiles: tile.CountsOf(tile.MustParse(s))}
}

// wantCompensationWin: S, TING, plays change with hand and wins on the
// compensation tile tail, flagged compensation (M6), jilin's own flag, and
// not classical's kong-replacement (JL-6.1, JL-11).
func wantCompensationWin(t *testing.T, change, hand, tail string, a game.Action) {
	t.Helper()
	s := jilin(t, gametest.Scenario{Turn: rules.S, Hands: [4]string{jlB, hand, jlC, jlD}, Tail: tail, Declared: tingSeats(rules.S)})
	mustApply(t, s, rules.S, a)
	mustApply(t, s, rules.S, selfDraw(t, s, rules.S))
	wantWin(t, s, rules.S, tail, rules.NoWind)
	if !hasFlag(s, rules.Compensation) || hasFlag(s, rules.KongReplacement) || !hasItem(s.Result.Values[rules.S], "JL-11.M6") {
		t.Fatalf("%s: flags %v items %v, want compensation (M6) and no kong-replacement", change, s.Result.Flags, itemRules(s.Result.Values[rules.S]))
	}
}

func TestJL_15_17_CompensationWin(t *testing.T) {
	// V17: S adds 4z to [1z2z3z]; N holds 4z4z, but a first 4z is no
	// duplicate, so no TCHA window opens (JL-6.5). The compensation wins.
	hands := [4]string{jlA, "[1z2z3z] 123m 456m 789m 5m +4z", jlC, jlD}
	s := jilin(t, gametest.Scenario{Turn: rules.S, Hands: hands, Tail: "5m", Declared: [4]game.Declaration{1: game.DeclTing}})
	evs := mustApply(t, s, rules.S, act(game.ActExtend, "4z"))
	if s.Phase != game.PhaseTurn || drawSource(evs, rules.S) != game.FromTail {
		t.Fatalf("phase %s, draws %v: want S's compensation at once", s.Phase, eventsOf(evs, game.EvDraw))
	}
	mustApply(t, s, rules.S, selfDraw(t, s, rules.S))
	wantWin(t, s, rules.S, "5m", rules.NoWind)
	v := s.Result.Values[rules.S]
	if !hasFlag(s, rules.Compensation) || !hasItem(v, "JL-11.M1") || !hasItem(v, "JL-11.M6") {
		t.Fatalf("flags %v, items %v: want M1 and M6", s.Result.Flags, itemRules(v))
	}
}

func TestJL_15_19_DuplicateTCHA(t *testing.T) {
	// V19, JL-6.5: W adds a second 1z to [1z2z3z]; E holds 1z1z. S, who
	// announced TING and waits on 1z, may not ROU on it.
	hands := [4]string{"11z 369m 147p 258s 4z 6z", "2z3z 123m 456m 789m 55m", "[1z2z3z] 1z 123m 456m 789m +9p", "147m 369p 258s 44z 3z 5z"}
	build := func(t *testing.T) *game.State {
		s := jilin(t, gametest.Scenario{Turn: rules.W, Hands: hands, Wall: "9s", Tail: "8p", Declared: [4]game.Declaration{1: game.DeclTing}})
		mustApply(t, s, rules.W, act(game.ActExtend, "1z"))
		if s.Phase != game.PhaseDuplicate || !legal(s, rules.E, act(game.ActPung, "1z")) {
			t.Fatalf("phase %s, E may %v: want E's TCHA on the duplicate", s.Phase, s.LegalActions(rules.E))
		}
		if got := s.LegalActions(rules.S); len(got) != 0 {
			t.Fatalf("S may answer the duplicate with %v; nobody may ROU on it (JL-D6)", got)
		}
		return s
	}
	t.Run("TCHA", func(t *testing.T) {
		s := build(t)
		evs := mustApply(t, s, rules.E, act(game.ActPung, "1z"))
		if len(eventsOf(evs, game.EvDraw)) != 0 {
			t.Fatal("W still takes a compensation")
		}
		wantTurn(t, s, rules.E, "")
		v := s.View(rules.W)
		if m := v.Seats[rules.E].Melds; len(m) != 1 || m[0].Kind != hand.Pung || m[0].Tile != tk("1z") {
			t.Fatalf("E's melds %v, want [1z1z1z]", m)
		}
		if m := v.Seats[rules.W].Melds; len(m) != 1 || m[0].Size() != 3 || v.Hand[tk("1z")] != 0 || v.Seats[rules.W].Concealed != 10 {
			t.Fatalf("W's melds %v and %d concealed tiles: want [1z2z3z] and 10 tiles, the drawn 9p kept", m, v.Seats[rules.W].Concealed)
		}
		mustApply(t, s, rules.E, act(game.ActDiscard, "6z"))
		answerAll(t, s)
		wantTurn(t, s, rules.S, "9s") // N lost his turn
	})
	t.Run("nobody claims", func(t *testing.T) {
		s := build(t)
		evs := mustApply(t, s, rules.E, pass)
		if drawSource(evs, rules.W) != game.FromTail {
			t.Fatalf("W takes no compensation: %v", evs)
		}
		wantTurn(t, s, rules.W, "8p")
		if m := s.View(rules.W).Seats[rules.W].Melds; len(m) != 1 || m[0].Size() != 4 {
			t.Fatalf("W's melds %v, want [1z1z2z3z]", m)
		}
	})
}
