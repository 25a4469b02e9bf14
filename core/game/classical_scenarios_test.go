package game_test

// The play scenarios and play test vectors of classical.md, one test per
// rule id.

import (
	"slices"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/game/gametest"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
)

// classical builds a classical scenario with the default options.
func classical(t *testing.T, sc gametest.Scenario) *game.State {
	t.Helper()
	return newScenario(t, "classical", nil, sc)
}

func TestCL_6_1_BankerDiscardsFirst(t *testing.T) { runDealerStarts(t, "classical") }

func TestCL_5_3_BonusTilesAtStart(t *testing.T) {
	runBonusAtStart(t, "classical", map[string]string{"CL-OPT-1": "on"})
}

func TestCL_5_3_BonusTileDrawnInPlay(t *testing.T) {
	runBonusInPlay(t, "classical", map[string]string{"CL-OPT-1": "on"})
}

func TestCL_7_1_Claims(t *testing.T) { runClaimCases(t, "classical") }

func TestCL_7_2_Priority(t *testing.T) {
	for _, c := range races {
		t.Run(c.name, func(t *testing.T) { runRace(t, "classical", c) })
	}
}

func TestCL_7_3_AfterAClaim(t *testing.T) { runAfterAClaim(t, "classical") }

func TestCL_7_4_LastDiscardMahjongOnly(t *testing.T) { runLastDiscardMahjongOnly(t, "classical") }

func TestCL_8_1_ConcealedKong(t *testing.T) {
	t.Run("after a draw", func(t *testing.T) {
		s := classical(t, gametest.Scenario{Turn: rules.S, Hands: [4]string{inertA, "555m 123p 456p 789s 2z +5m", inertC, inertD}, Tail: "2z"})
		evs := mustApply(t, s, rules.S, act(game.ActConcealedKong, "5m"))
		if d := eventsOf(evs, game.EvDraw); len(d) != 1 || d[0].Source != game.FromTail || d[0].Tile() != tk("2z") {
			t.Fatalf("draws %+v, want 2z from the back", d)
		}
		if m := s.View(rules.E).Seats[rules.S].Melds; len(m) != 1 || m[0].Open || m[0].Tile.Valid() {
			t.Fatalf("E sees S's concealed kong as %+v; its tile must stay hidden", m)
		}
		mustApply(t, s, rules.S, act(game.ActSelfDraw, "2z"))
		wantWin(t, s, rules.S, "2z", rules.NoWind)
		if v := s.Result.Values[rules.S]; !hasItem(v, "CL-11.1") {
			t.Fatalf("items %v", itemRules(v))
		}
	})
	t.Run("never straight after a claim", func(t *testing.T) {
		s := classical(t, gametest.Scenario{Turn: rules.S, How: game.AfterClaim, Hands: [4]string{inertA, "5555m 12p 456p 9s 1z [789s]", inertC, inertD}})
		if legal(s, rules.S, act(game.ActConcealedKong, "5m")) {
			t.Fatal("a concealed kong straight after a claim")
		}
	})
	t.Run("the banker before his first discard", func(t *testing.T) {
		s := classical(t, gametest.Scenario{Turn: rules.E, FirstTurns: true, Hands: [4]string{"5555m 123p 456p 789s 2z", inertA, inertC, inertD}})
		if !legal(s, rules.E, act(game.ActConcealedKong, "5m")) {
			t.Fatalf("the banker may not declare his dealt kong; legal: %v", s.LegalActions(rules.E))
		}
	})
}

func TestCL_8_3_AddedKongOnlyWithTheDrawnTile(t *testing.T) {
	runAddedKongOnlyDrawnTile(t, "classical")
}

func TestCL_8_5_NoRobbingHonourKong(t *testing.T) {
	// West's Thirteen Orphans waits on the last 5z: the one South adds to
	// his exposed pung of white dragons.
	hands := [4]string{inertA, "234m 567m 78s 22s [555z] +5z", "119m 19p 19s 123467z", inertE}
	s := classical(t, gametest.Scenario{Turn: rules.S, Hands: hands, Tail: "9s"})
	mustApply(t, s, rules.S, act(game.ActAddKong, "5z"))
	if s.Phase == game.PhaseRob {
		t.Fatal("an honour kong can be robbed in classical")
	}
	wantTurn(t, s, rules.S, "9s")
	// The same added kong in hongkong may be robbed (HK-7.4).
	s = newScenario(t, "hongkong", nil, gametest.Scenario{Turn: rules.S, Hands: hands, Tail: "9s"})
	mustApply(t, s, rules.S, act(game.ActAddKong, "5z"))
	if s.Phase != game.PhaseRob || !legal(s, rules.W, act(game.ActMahjong, "5z")) {
		t.Fatalf("phase %s: West may not rob the 5z in hongkong", s.Phase)
	}
}

func TestCL_8_5_NoRobbingConcealedKong(t *testing.T) {
	// West's Thirteen Orphans waits on 1m; South declares 1111m concealed.
	s := classical(t, gametest.Scenario{Turn: rules.S, Tail: "9s",
		Hands: [4]string{inertB, "111m 234p 567p 78s 22z +1m", "99m 19p 19s 1234567z", "258m 147p 369s 3456z"}})
	mustApply(t, s, rules.S, act(game.ActConcealedKong, "1m"))
	wantTurn(t, s, rules.S, "9s")
}

func TestCL_TV_5_Robbing(t *testing.T) {
	s := classical(t, gametest.Scenario{Turn: rules.S,
		Hands: [4]string{"258m 147p 147s 1567z", "123m 456m 789m 1z [999p] +9p", "123p 456p 78p 55p [222p]", inertC}})
	mustApply(t, s, rules.S, act(game.ActAddKong, "9p"))
	if s.Phase != game.PhaseRob || s.Pending != tk("9p") {
		t.Fatalf("phase %s pending %s: want the added 9p open to robbing", s.Phase, s.Pending)
	}
	evs := mustApply(t, s, rules.W, act(game.ActMahjong, "9p"))
	if len(eventsOf(evs, game.EvKongRobbed)) != 1 || len(eventsOf(evs, game.EvDraw)) != 0 {
		t.Fatalf("events %v: want the kong robbed and no replacement", evs)
	}
	wantWin(t, s, rules.W, "9p", rules.S)
	if m := s.Players[rules.S].Melds[0]; m.Kind != hand.Pung || m.Tile != tk("9p") {
		t.Fatalf("S's meld is %+v, want [999p] again", m)
	}
	if v := s.Result.Values[rules.W].Value; v != 192 || !hasFlag(s, rules.RobbingKong) {
		t.Fatalf("value %d flags %v, want 192 and robbing-kong", v, s.Result.Flags)
	}
	wantNet(t, s, [4]int{-384, -192, 768, -192})
}

func TestCL_9_1_ExhaustiveDraw(t *testing.T) {
	s := classical(t, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.N, Discards: [4]string{3: "5p"},
		Hands: [4]string{inertA, inertB, inertC, inertD}, Live: gametest.LiveExhausted})
	if s.Phase != game.PhaseEnd || s.Result.Winner != rules.NoWind {
		t.Fatalf("phase %s: want the hand over with no winner", s.Phase)
	}
	wantNet(t, s, [4]int{})
}

func TestCL_10_3_Heavenly(t *testing.T) {
	hands := [4]string{"123m 456m 789m 123p 44p", inertB, inertC, inertD}
	s := classical(t, gametest.Scenario{Turn: rules.E, FirstTurns: true, Hands: hands})
	mustApply(t, s, rules.E, selfDraw(t, s, rules.E))
	if s.Result.Winner != rules.E || !hasFlag(s, rules.Heavenly) || s.Result.Values[rules.E].Value != 1500 {
		t.Fatalf("result %+v: want the banker's heavenly hand at the limit", s.Result)
	}
	wantNet(t, s, [4]int{9000, -3000, -3000, -3000})
	// Once the first turns are over, the same tiles are an ordinary hand.
	s = classical(t, gametest.Scenario{Turn: rules.E, Hands: [4]string{"123m 456m 789m 123p 4p +4p", inertB, inertC, inertD}})
	mustApply(t, s, rules.E, act(game.ActSelfDraw, "4p"))
	if hasFlag(s, rules.Heavenly) || s.Result.Values[rules.E].Value == 1500 {
		t.Fatalf("flags %v value %d: not a heavenly hand", s.Result.Flags, s.Result.Values[rules.E].Value)
	}
}

func TestCL_10_4_Earthly(t *testing.T) {
	sc := gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.E, Discards: [4]string{"6m"}, FirstTurns: true,
		Hands: [4]string{inertA, "234p 345s 567s 6789m", inertC, inertD}}
	s := classical(t, sc)
	mustApply(t, s, rules.S, act(game.ActMahjong, "6m"))
	wantWin(t, s, rules.S, "6m", rules.E)
	if !hasFlag(s, rules.Earthly) || s.Result.Values[rules.S].Value != 750 {
		t.Fatalf("flags %v value %d: want earthly, 750 (CL-10.4)", s.Result.Flags, s.Result.Values[rules.S].Value)
	}
	wantNet(t, s, [4]int{-1500, 3000, -750, -750})
	// The same discard after the first turns: CL-TV-3's 22.
	sc.FirstTurns = false
	s = classical(t, sc)
	mustApply(t, s, rules.S, act(game.ActMahjong, "6m"))
	if hasFlag(s, rules.Earthly) || s.Result.Values[rules.S].Value != 22 {
		t.Fatalf("flags %v value %d: want 22", s.Result.Flags, s.Result.Values[rules.S].Value)
	}
}

func TestCL_TV_3_PingHo(t *testing.T) {
	for _, c := range []struct {
		name  string
		sc    gametest.Scenario
		value int
		net   [4]int
	}{
		{"6m self-drawn", gametest.Scenario{Turn: rules.S, Hands: [4]string{inertA, "234p 345s 567s 6789m +6m", inertC, inertD}},
			24, [4]int{-48, 96, -24, -24}},
		{"6m from West", gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.W, Discards: [4]string{2: "6m"},
			Hands: [4]string{inertA, "234p 345s 567s 6789m", inertC, inertD}}, 22, [4]int{-44, 88, -22, -22}},
		{"9m self-drawn", gametest.Scenario{Turn: rules.S, Hands: [4]string{inertA, "234p 345s 567s 6789m +9m", inertC, inertB}},
			28, [4]int{-56, 112, -28, -28}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := classical(t, c.sc)
			if c.sc.Phase == game.PhaseClaim {
				mustApply(t, s, rules.S, act(game.ActMahjong, "6m"))
			} else {
				mustApply(t, s, rules.S, selfDraw(t, s, rules.S))
			}
			if s.Result.Winner != rules.S || s.Result.Values[rules.S].Value != c.value {
				t.Fatalf("winner %s value %d, want S and %d", s.Result.Winner, s.Result.Values[rules.S].Value, c.value)
			}
			wantNet(t, s, c.net)
		})
	}
}

func TestCL_TV_1_BankerWinsOnADiscard(t *testing.T) {
	for _, c := range []struct {
		round rules.Wind
		value int
	}{{rules.S, 72}, {rules.E, 144}} { // CL-TV-1, CL-TV-2
		cfg := handConfig(t, "classical", nil)
		cfg.Round = c.round
		s, err := gametest.New(cfg, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.N, Discards: [4]string{3: "4s"},
			Hands: [4]string{"567p 23s 88m [777z] [111z]", inertB, inertC, "258m 369p 17s 5z 2z 3z 4z 9m"}})
		if err != nil {
			t.Fatal(err)
		}
		mustApply(t, s, rules.E, act(game.ActMahjong, "4s"))
		if v := s.Result.Values[rules.E].Value; v != c.value {
			t.Fatalf("round %s: value %d, want %d", c.round, v, c.value)
		}
		wantNet(t, s, [4]int{6 * c.value, -2 * c.value, -2 * c.value, -2 * c.value})
	}
}

func TestCL_TV_4_KongReplacementWin(t *testing.T) {
	s := classical(t, gametest.Scenario{Turn: rules.N, Tail: "8s",
		Hands: [4]string{inertA, inertB, "369m 147p 369s 2345z", "234s 67s 99s 555s [666z] +5s"}})
	mustApply(t, s, rules.N, act(game.ActConcealedKong, "5s"))
	wantTurn(t, s, rules.N, "8s")
	mustApply(t, s, rules.N, act(game.ActSelfDraw, "8s"))
	if v := s.Result.Values[rules.N].Value; v != 240 || !slices.Equal(s.Result.Flags, []string{"kong-replacement"}) {
		t.Fatalf("value %d flags %v, want 240 with kong-replacement and no other flag (jilin's compensation is not classical's)", v, s.Result.Flags)
	}
	wantNet(t, s, [4]int{-480, -240, -240, 960})
}

func TestCL_TV_6_ThirteenOrphansOnADiscard(t *testing.T) {
	s := classical(t, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.N, Discards: [4]string{3: "1m"},
		Hands: [4]string{"258m 369p 147s 1567z", "258m 369p 258s 1567z", "19m 19p 19s 1234567z", "234m 456p 789s 2346z"}})
	mustApply(t, s, rules.W, act(game.ActMahjong, "1m"))
	wantWin(t, s, rules.W, "1m", rules.N)
	if s.Result.Values[rules.W].Value != 1500 {
		t.Fatalf("value %d, want the limit 1500", s.Result.Values[rules.W].Value)
	}
	wantNet(t, s, [4]int{-3000, -1500, 6000, -1500})
}

// TestCL_12_LastLiveTileNotADeadWallReplacement: the self-drawn last live
// tile is the live draw itself; a replacement from the dead wall drawn
// after it (for a bonus tile or a kong) is not a live tile (CL-4.5, CL-4.6,
// CL-5.3, CL-12).
func TestCL_12_LastLiveTileNotADeadWallReplacement(t *testing.T) {
	for _, c := range []struct {
		name, wall, tail string
		kong             bool
		last             bool
	}{
		{"the last live tile wins", "4p", "", false, true},
		{"a bonus tile's replacement wins", "1f", "4p", false, false},
		{"a kong's replacement wins", "1s", "4p", true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newScenario(t, "classical", map[string]string{"CL-OPT-1": "on"}, gametest.Scenario{
				Phase: game.PhaseClaim, Turn: rules.E, Discards: [4]string{"9s"}, Live: 1, Wall: c.wall, Tail: c.tail,
				Hands: [4]string{inertA, "111s 123m 456m 789m 4p", inertC, inertD}})
			if c.kong {
				mustApply(t, s, rules.S, act(game.ActConcealedKong, "1s"))
			}
			wantTurn(t, s, rules.S, "4p")
			mustApply(t, s, rules.S, selfDraw(t, s, rules.S))
			if hasFlag(s, rules.LastTile) != c.last || hasItem(s.Result.Values[rules.S], "score.last_tile") != c.last {
				t.Fatalf("flags %v items %v: want last-tile %v", s.Result.Flags, itemRules(s.Result.Values[rules.S]), c.last)
			}
		})
	}
}

// TestCL_D_22_EarthlyAfterTheBankersConcealedKong: a kong is not a claim,
// so the banker's first discard after his concealed kong still gives the
// earthly hand (CL-10.4, CL-D-22); his replacement tile does not make a
// heavenly hand, which comes before any kong (CL-10.3).
func TestCL_D_22_EarthlyAfterTheBankersConcealedKong(t *testing.T) {
	s := classical(t, gametest.Scenario{Turn: rules.E, FirstTurns: true, Tail: "4p",
		Hands: [4]string{"1111s 123m 456m 789m 6m", "234p 345s 567s 6789m", inertC, "258m 369p 147p 1567z"}})
	mustApply(t, s, rules.E, act(game.ActConcealedKong, "1s"))
	wantTurn(t, s, rules.E, "4p")
	mustApply(t, s, rules.E, act(game.ActDiscard, "6m"))
	mustApply(t, s, rules.S, act(game.ActMahjong, "6m"))
	wantWin(t, s, rules.S, "6m", rules.E)
	if !hasFlag(s, rules.Earthly) || s.Result.Values[rules.S].Value != 750 {
		t.Fatalf("flags %v value %d: want earthly, 750 (CL-10.4, CL-D-22)", s.Result.Flags, s.Result.Values[rules.S].Value)
	}

	s = classical(t, gametest.Scenario{Turn: rules.E, FirstTurns: true, Tail: "4p",
		Hands: [4]string{"1111s 123m 456m 789m 4p", inertA, inertC, inertD}})
	mustApply(t, s, rules.E, act(game.ActConcealedKong, "1s"))
	mustApply(t, s, rules.E, selfDraw(t, s, rules.E))
	if hasFlag(s, rules.Heavenly) || !hasFlag(s, rules.KongReplacement) {
		t.Fatalf("flags %v: a kong replacement win, not a heavenly hand (CL-10.3)", s.Result.Flags)
	}
}

// TestCL_5_3_BonusReplacementIsNotAKongReplacement: when a kong's
// replacement is a bonus tile, the tile that replaces it in turn is a
// bonus-tile replacement, and a win on it earns no kong-replacement double
// (CL-5.3, CL-12).
func TestCL_5_3_BonusReplacementIsNotAKongReplacement(t *testing.T) {
	s := newScenario(t, "classical", map[string]string{"CL-OPT-1": "on"}, gametest.Scenario{Turn: rules.N, Tail: "1f 8s",
		Hands: [4]string{inertA, inertB, "369m 147p 369s 2345z", "234s 67s 99s 555s [666z] +5s"}})
	mustApply(t, s, rules.N, act(game.ActConcealedKong, "5s"))
	wantTurn(t, s, rules.N, "8s")
	mustApply(t, s, rules.N, act(game.ActSelfDraw, "8s"))
	if hasFlag(s, rules.KongReplacement) || hasItem(s.Result.Values[rules.N], "score.kong_replacement") {
		t.Fatalf("flags %v items %v: a bonus-tile replacement won the kong-replacement double", s.Result.Flags, itemRules(s.Result.Values[rules.N]))
	}
}
