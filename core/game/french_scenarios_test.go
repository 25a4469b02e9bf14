package game_test

// The play scenarios of french.md and its test vectors FR-16 T1 to T13
// that concern play, one test per rule id.

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/game/gametest"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// french builds a french scenario with the named options set.
func french(t *testing.T, set map[string]string, sc gametest.Scenario) *game.State {
	t.Helper()
	return newScenario(t, "french", set, sc)
}

func TestFR_T1_PungBeatsChow(t *testing.T) {
	s := french(t, nil, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.W, Discards: [4]string{2: "5p"}, Wall: "7z",
		Hands: [4]string{inertA, "55p 123m 456m 789m 19s", inertB, "46p 123s 456s 789s 1z 9m"}})
	mustApply(t, s, rules.N, act(game.ActChow, "4p"))
	mustApply(t, s, rules.S, act(game.ActPung, "5p"))
	wantTurn(t, s, rules.S, "")
	if m := s.Players[rules.S].Melds; len(m) != 1 || m[0] != (hand.Meld{Kind: hand.Pung, Tile: tk("5p"), Open: true}).WithClaim(tk("5p"), 1) {
		t.Fatalf("S's melds %+v, want [555p] with 5p claimed from the right-hand seat", m)
	}
	mustApply(t, s, rules.S, act(game.ActDiscard, "1s"))
	passRest(t, s)
	// North and East lost their turn: West, next after South, draws.
	wantTurn(t, s, rules.W, "7z")
}

func TestFR_T2_MahjongBeatsPung(t *testing.T) {
	s := french(t, nil, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.S, Discards: [4]string{1: "9s"},
		Hands: [4]string{inertA, inertB, "99s 123p 456p 789m 23z", "123m 456m 789p 11z 78s"}})
	if legal(s, rules.N, act(game.ActChow, "7s")) {
		t.Fatal("North may chow South's discard")
	}
	mustApply(t, s, rules.W, act(game.ActPung, "9s"))
	mustApply(t, s, rules.N, act(game.ActMahjong, "9s"))
	wantWin(t, s, rules.N, "9s", rules.S)
}

func TestFR_T3_ChowSeat(t *testing.T) {
	hands := [4]string{inertA, "45m 258p 147s 369s 12z", "45m 123p 456p 789s 11z", inertD}
	s := french(t, nil, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.E, Discards: [4]string{"3m"}, Hands: hands})
	if !legal(s, rules.S, act(game.ActChow, "3m")) {
		t.Fatalf("South may not chow: %v", s.LegalActions(rules.S))
	}
	if got := actionList(s.LegalActions(rules.W)); got != "pass, mahjong 3m" {
		t.Fatalf("West may %s; want pass or mahjong, never a chow", got)
	}
	hands[rules.W] = "45m 123p 456p 789s 1z 2z"
	hands[rules.S] = "28m 258p 147s 369s 12z"
	s = french(t, nil, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.E, Discards: [4]string{"3m"}, Hands: hands, Wall: "5z"})
	wantTurn(t, s, rules.S, "5z") // West, not ready, may not chow: nobody claims
}

func TestFR_T4_NoDiscardOntoPung(t *testing.T) {
	hands := [4]string{inertA, inertC, inertD, "123m 456m 9p 1z 2z 3z [777s]"}
	s := french(t, nil, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.S, Discards: [4]string{1: "7s"}, Hands: hands, Wall: "6z"})
	wantTurn(t, s, rules.W, "6z") // nobody, North included, could claim the 7s
	// North draws the fourth 7s: he may promote it in this turn, and draws
	// a replacement from the tail.
	hands[rules.N] += " +7s"
	s = french(t, nil, gametest.Scenario{Turn: rules.N, Hands: hands, Tail: "4z"})
	evs := mustApply(t, s, rules.N, act(game.ActAddKong, "7s"))
	if d := eventsOf(evs, game.EvDraw); len(d) != 1 || d[0].Source != game.FromTail || d[0].Tile() != tk("4z") {
		t.Fatalf("draws %+v, want 4z from the tail", d)
	}
	// Held from an earlier turn, the 7s may no longer be promoted.
	hands[rules.N] = "7s 123m 456m 1z 2z 3z [777s] +9p"
	if s = french(t, nil, gametest.Scenario{Turn: rules.N, Hands: hands}); legal(s, rules.N, act(game.ActAddKong, "7s")) {
		t.Fatal("North may promote a 7s drawn on an earlier turn")
	}
}

func TestFR_T5_Robbing(t *testing.T) {
	s := french(t, nil, gametest.Scenario{Turn: rules.W,
		Hands: [4]string{inertA, "123p 456p 789s 11z 46m", "123s 456s 789p 2z [555m] +5m", inertC}})
	mustApply(t, s, rules.W, act(game.ActAddKong, "5m"))
	mustApply(t, s, rules.S, act(game.ActMahjong, "5m"))
	wantWin(t, s, rules.S, "5m", rules.W)
	if m := s.Players[rules.W].Melds[0]; m.Kind != hand.Pung {
		t.Fatalf("W's meld is %+v, want [555m]", m)
	}
	if v := s.Result.Values[rules.S]; v.Points != 34 || v.Doubles != 1 || v.Value != 68 || s.Result.Net[rules.S] != 68 {
		t.Fatalf("P %d D %d value %d net %d, want 34, 1, 68", v.Points, v.Doubles, v.Value, s.Result.Net[rules.S])
	}
}

func TestFR_T6_PairFromDiscard(t *testing.T) {
	s := french(t, nil, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.E, Discards: [4]string{"7z"},
		Hands: [4]string{inertA, "7z 258m 369p 147s 156z", inertC, "123m 456m 789p 234s 7z"}})
	if got := s.Waiting(); len(got) != 1 || got[0] != rules.N {
		t.Fatalf("waiting %v: only North, who wins on the pair, may claim", got)
	}
	mustApply(t, s, rules.N, act(game.ActMahjong, "7z"))
	wantWin(t, s, rules.N, "7z", rules.E)
}

func TestFR_T7_CelestialEmpireOrder(t *testing.T) {
	runCelestialEmpire(t, "french", "score.self_drawn", "score.last_tile")
}

func TestFR_T8_LastTileIsFlower(t *testing.T) {
	runLastTile(t, "french", "celestial_empire", "score.last_tile")
}

func TestFR_T8_LastTileIsFlowerJapanese(t *testing.T) {
	s := french(t, map[string]string{"discards": "japanese"}, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.W, Live: 1, Wall: "2f",
		Discards: [4]string{"4p", "", "9s 6z"}, Hands: [4]string{inertA, inertB, inertC, "123m 456m 789m 123p 4p"}})
	if s.Phase != game.PhaseEnd || s.Result.Winner != rules.NoWind {
		t.Fatalf("phase %s: want a void hand at once", s.Phase)
	}
}

func TestFR_T9_FullScore(t *testing.T) {
	for _, c := range []struct {
		live  int
		value int
	}{{0, 268}, {gametest.LiveExhausted, 536}} {
		s := french(t, nil, gametest.Scenario{Turn: rules.N, Dice: [2]int{7, 4}, Live: c.live,
			Hands: [4]string{inertA, inertB, "258m 369p 147s 2346z", "234s 78s 33z [555z] (1111p) +9s bonus: 4f"}})
		mustApply(t, s, rules.N, selfDraw(t, s, rules.N))
		if v := s.Result.Values[rules.N].Value; v != c.value || s.Result.Net[rules.N] != c.value {
			t.Fatalf("live %d: value %d net %d, want %d", c.live, v, s.Result.Net[rules.N], c.value)
		}
	}
}

func TestFR_T10_NonWinner(t *testing.T) {
	for _, c := range []struct {
		declared   game.Declaration
		value, net int
	}{{game.DeclNone, 80, 160}, {game.DeclCalling, 32, 64}} {
		s := french(t, map[string]string{"calling_hand": "on"}, gametest.Scenario{Turn: rules.S, Declared: [4]game.Declaration{c.declared},
			Hands: [4]string{"999s 77z 14p 36m 8s [222m] bonus: 1f 1y", "123m 456m 789m 123p 4p +4p", inertA, inertC}})
		mustApply(t, s, rules.S, selfDraw(t, s, rules.S))
		if v := s.Result.Values[rules.E].Value; v != c.value || s.Result.Net[rules.E] != c.net {
			t.Fatalf("declared %q: East scores %d, records %d; want %d and %d", c.declared, v, s.Result.Net[rules.E], c.value, c.net)
		}
	}
}

func TestFR_T12_WindDrawAndRotation(t *testing.T) {
	s := french(t, nil, gametest.Scenario{Turn: rules.E, Dice: [2]int{10, 3}, Hands: [4]string{"123m 456m 789m 123p 4p +4p"}})
	if s.Dominant != rules.S {
		t.Fatalf("a = 10: dominant %s, want South", s.Dominant)
	}
	// NewHand: the dominant wind is the seat East's throw names.
	cfg := handConfig(t, "french", nil)
	for i := range 30 {
		cfg.Seed[0] = byte(i)
		s, _, err := game.NewHand(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if want := rules.Wind(wall.DiceSeat(0, s.Dice[0])); s.Dominant != want {
			t.Fatalf("a = %d: dominant %s, want %s", s.Dice[0], s.Dominant, want)
		}
	}
	// The rotation part of T12 is TestFR_3_2_Rotation and TestFR_3_3_RoundStart.
}

func TestFR_T13_LoserPairsAndBonus(t *testing.T) {
	s := french(t, nil, gametest.Scenario{Turn: rules.S,
		Hands: [4]string{inertA, "123m 456m 789m 123p 4p +4p", "55z 66z 123m 456p 789s bonus: 1f 2f 3f 4f", inertC}})
	mustApply(t, s, rules.S, selfDraw(t, s, rules.S))
	if v := s.Result.Values[rules.W]; v.Points != 20 || v.Doubles != 5 || v.Value != 640 {
		t.Fatalf("W scores P %d D %d = %d, want 20, 5, 640", v.Points, v.Doubles, v.Value)
	}
}

func TestFR_6_1_BonusTilesAtStart(t *testing.T)    { runBonusAtStart(t, "french", nil) }
func TestFR_6_2_BonusTileDrawnInPlay(t *testing.T) { runBonusInPlay(t, "french", nil) }
func TestFR_7_1_EastDiscardsFirst(t *testing.T)    { runDealerStarts(t, "french") }

func TestFR_7_3_JapaneseDiscards(t *testing.T) {
	runJapaneseDiscards(t, "french", map[string]string{"discards": "japanese"})
}

func TestFR_8_1_OneClaimEach(t *testing.T) {
	s := french(t, nil, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.W, Discards: [4]string{2: "1z 5p"},
		Hands: [4]string{inertA, "55p 123m 456m 789m 19s", inertB, "46p 123s 456s 789s 2z 9m"}})
	mustApply(t, s, rules.S, pass)
	if len(s.LegalActions(rules.S)) != 0 {
		t.Fatalf("South answered and may still %v", s.LegalActions(rules.S))
	}
	mustRefuse(t, s, rules.S, act(game.ActPung, "5p"), game.ReasonNotYourTurn)
	if legal(s, rules.N, act(game.ActPung, "1z")) || legal(s, rules.N, act(game.ActChow, "1z")) {
		t.Fatal("an older discard may be claimed")
	}
}

func TestFR_8_2_8_5_Claims(t *testing.T) { runClaimCases(t, "french") }

func TestFR_8_7_Priority(t *testing.T) {
	for _, c := range races {
		t.Run(c.name, func(t *testing.T) { runRace(t, "french", c) })
	}
}

func TestFR_8_8_8_9_AfterAClaim(t *testing.T)          { runAfterAClaim(t, "french") }
func TestFR_8_10_LastDiscardMahjongOnly(t *testing.T)  { runLastDiscardMahjongOnly(t, "french") }
func TestFR_9_2_PromotedKongOnlySameTurn(t *testing.T) { runAddedKongOnlyDrawnTile(t, "french") }

func TestFR_9_1_ConcealedKongHiddenUntilTheEnd(t *testing.T) {
	s := french(t, nil, gametest.Scenario{Turn: rules.S, Tail: "2z", Hands: [4]string{inertA, "555m 123p 456p 789s 2z +5m", inertC, inertD}})
	mustApply(t, s, rules.S, act(game.ActConcealedKong, "5m"))
	for _, seat := range []rules.Wind{rules.NoWind, rules.E, rules.W, rules.N} {
		if m := s.View(seat).Seats[rules.S].Melds[0]; m.Tile.Valid() {
			t.Fatalf("%s sees S's concealed kong as %+v", seat, m)
		}
	}
	if m := s.View(rules.S).Seats[rules.S].Melds[0]; m.Tile != tk("5m") {
		t.Fatalf("S sees his own kong as %+v", m)
	}
	mustApply(t, s, rules.S, selfDraw(t, s, rules.S))
	if m := s.View(rules.E).Seats[rules.S].Melds[0]; m.Tile != tk("5m") {
		t.Fatalf("after the hand E sees S's kong as %+v, want it revealed", m)
	}
}

func TestFR_9_3_SeveralKongsInOneTurn(t *testing.T) {
	s := french(t, nil, gametest.Scenario{Turn: rules.S, Tail: "2z 3z", Hands: [4]string{inertA, "555m 6666p 123s 78s 1z +5m", inertC, inertE}})
	mustApply(t, s, rules.S, act(game.ActConcealedKong, "5m"))
	wantTurn(t, s, rules.S, "2z")
	mustApply(t, s, rules.S, act(game.ActConcealedKong, "6p"))
	wantTurn(t, s, rules.S, "3z")
}

func TestFR_10_3_EastWinsOnDealtTiles(t *testing.T) {
	s := french(t, nil, gametest.Scenario{Turn: rules.E, FirstTurns: true, Hands: [4]string{"123m 456m 789m 123p 44p", inertB, inertC, inertD}})
	mustApply(t, s, rules.E, selfDraw(t, s, rules.E))
	if s.Result.From != rules.NoWind || !hasItem(s.Result.Values[rules.E], "score.self_drawn") {
		t.Fatalf("from %s items %v: want a self-drawn win", s.Result.From, itemRules(s.Result.Values[rules.E]))
	}
}

func TestFR_11_1_RobbingPriority(t *testing.T) { runRobbing(t, "french", "score.robbing_kong") }

func TestFR_11_2_FishingTheMoonFromTheTail(t *testing.T) {
	// The kong's replacement is the last live tile: it is drawn from the
	// tail and wins with both the last-tile and kong-replacement doubles.
	s := french(t, nil, gametest.Scenario{Turn: rules.N, Live: 1, Tail: "2z",
		Hands: [4]string{inertA, inertD, inertC, "555m 123p 456p 789s 2z +5m"}})
	mustApply(t, s, rules.N, act(game.ActConcealedKong, "5m"))
	if s.WallLive() != 0 {
		t.Fatalf("%d live draws left, want 0", s.WallLive())
	}
	mustApply(t, s, rules.N, selfDraw(t, s, rules.N))
	if !hasFlag(s, rules.LastTile) || !hasFlag(s, rules.KongReplacement) || !hasItem(s.Result.Values[rules.N], "score.last_tile") {
		t.Fatalf("flags %v items %v", s.Result.Flags, itemRules(s.Result.Values[rules.N]))
	}
}

func TestFR_11_3_Servi(t *testing.T) { runServi(t, "french", "servi") }

func TestFR_11_4_CallingHand(t *testing.T) {
	runCallingHand(t, "french", map[string]string{"calling_hand": "on", "servi": "off"}, "score.calling_hand")
}

func TestFR_11_4_CallingHandOnTheFirstTurn(t *testing.T) {
	runCallingOnFirstTurn(t, "french", map[string]string{"calling_hand": "on"})
}

func TestFR_12_3_NoInvocationMeansVoid(t *testing.T) {
	s := french(t, map[string]string{"celestial_empire": "off"}, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.N,
		Discards: [4]string{3: "9m"}, Hands: [4]string{inertA, inertB, inertC, inertD}, Live: gametest.LiveExhausted})
	if s.Phase != game.PhaseEnd || s.Result.Winner != rules.NoWind {
		t.Fatalf("phase %s: want a void hand", s.Phase)
	}
	wantNet(t, s, [4]int{})
}
