package game_test

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
)

// The play scenarios and play test vectors of classical.md, one test per
// rule id. Hands that play no part are "inert": 13 single tiles three
// apart, which can neither claim nor win.
const (
	inertA = "147m 258p 369s 1234z"
	inertB = "258m 369p 147s 1567z"
	inertC = "369m 147p 258s 2345z"
	inertD = "147m 369p 258s 4567z"
	inertE = "147m 258p 258s 1467z"
)

// classical builds a classical scenario with the default options.
func classical(t *testing.T, sc game.Scenario) *game.State {
	t.Helper()
	return newScenario(t, "classical", nil, sc)
}

// wantNet checks each seat's gain or loss.
func wantNet(t *testing.T, s *game.State, want [4]int) {
	t.Helper()
	if s.Result == nil || s.Result.Net != want {
		t.Fatalf("net %v, want %v", s.Result.Net, want)
	}
	sum := 0
	for _, n := range s.Result.Net {
		sum += n
	}
	if sum != 0 && !s.Result.Settlement.Ledger {
		t.Fatalf("net %v does not sum to zero", s.Result.Net)
	}
}

func TestCL_6_1_BankerDiscardsFirst(t *testing.T) {
	cfg := handConfig(t, "classical", nil)
	for i := range 20 {
		cfg.Seed[0] = byte(i)
		s, _, err := game.NewHand(cfg)
		if err != nil {
			t.Fatal(err)
		}
		// CL-6.1: the banker holds 14 tiles and plays first, without drawing.
		wantTurn(t, s, rules.E, "")
		if s.Players[rules.E].Concealed.Total() != 14 {
			t.Fatalf("the banker holds %d tiles, want 14", s.Players[rules.E].Concealed.Total())
		}
		if got := s.Waiting(); len(got) != 1 || got[0] != rules.E {
			t.Fatalf("waiting %v, want the banker only", got)
		}
		first := s.LegalActions(rules.E)
		var discard game.Action
		for _, a := range first {
			if a.Type == game.ActDiscard && a.Declare == game.DeclNone {
				discard = a
			}
		}
		mustApply(t, s, rules.E, discard)
		passRest(t, s)
		// CL-6.3: nobody claimed, so South draws.
		if s.Phase == game.PhaseTurn && s.Turn != rules.S {
			t.Fatalf("after the banker's unclaimed discard %s plays, want S", s.Turn)
		}
	}
}

func TestCL_5_3_BonusTileReplaced(t *testing.T) {
	s := newScenario(t, "classical", map[string]string{"CL-OPT-1": "on"}, game.Scenario{
		Phase: game.PhaseClaim, Turn: rules.E, Discards: [4]string{"9s"},
		Hands: [4]string{inertA, "234p 345s 567s 6789m", inertC, inertD},
		Wall:  "1f", Tail: "6m",
	})
	// S draws 1f, sets it aside at once and draws its replacement from the back.
	wantTurn(t, s, rules.S, "6m")
	if b := s.View(rules.N).Seats[rules.S].Bonus; len(b) != 1 || b[0] != tk("1f") {
		t.Fatalf("S's bonus tiles %v, want 1f in view", b)
	}
	mustApply(t, s, rules.S, act(game.ActSelfDraw, "6m"))
	wantWin(t, s, rules.S, "6m", rules.NoWind)
	if hasFlag(s, rules.KongReplacement) {
		t.Fatal("a win on a bonus replacement earned the kong-replacement double (CL-5.3)")
	}
}

func TestCL_7_1_Claims(t *testing.T) {
	// West discards 5p; next(W) is North.
	for _, c := range []struct {
		name      string
		seat      rules.Wind
		hand      string
		want, not []game.Action
	}{
		{"mahjong on the pair, any seat", rules.E, "123m 456m 789m 123p 5p", []game.Action{act(game.ActMahjong, "5p")}, nil},
		{"mahjong on a set, any seat", rules.S, "123m 456m 789m 46p 11s", []game.Action{act(game.ActMahjong, "5p")}, []game.Action{act(game.ActChow, "4p")}},
		{"pung, any seat", rules.S, "55p 123m 456m 789m 19s", []game.Action{act(game.ActPung, "5p")}, []game.Action{act(game.ActKong, "5p")}},
		{"kong with three, any seat", rules.E, "555p 123m 456m 789m 1s", []game.Action{act(game.ActKong, "5p"), act(game.ActPung, "5p")}, nil},
		{"chow, next seat only", rules.N, "46p 67p 123m 456m 1s 9s 9m", []game.Action{act(game.ActChow, "4p"), act(game.ActChow, "5p")}, nil},
		{"no chow for another seat", rules.S, "46p 67p 123m 456m 1s 9s 9m", nil, []game.Action{act(game.ActChow, "4p"), act(game.ActChow, "5p")}},
	} {
		t.Run(c.name, func(t *testing.T) {
			sc := game.Scenario{Phase: game.PhaseClaim, Turn: rules.W, Discards: [4]string{2: "5p"}}
			sc.Hands[c.seat] = c.hand
			s := classical(t, sc)
			for _, a := range c.want {
				if !legal(s, c.seat, a) {
					t.Errorf("%s may not %s; legal: %v", c.seat, a, s.LegalActions(c.seat))
				}
			}
			for _, a := range c.not {
				if legal(s, c.seat, a) {
					t.Errorf("%s may %s", c.seat, a)
				}
			}
		})
	}
}

// claimRace is a discard answered by several seats at once.
type claimRace struct {
	name    string
	hands   [4]string
	answers map[rules.Wind]game.Action
	winner  rules.Wind
	meld    hand.MeldKind // the meld made, or MeldNone for mahjong
}

// runRace plays a claim race on West's 5p in ruleset id, answering in
// turn order from East so that the first answer is never simply taken.
func runRace(t *testing.T, id string, c claimRace) {
	t.Helper()
	s := newScenario(t, id, nil, game.Scenario{Phase: game.PhaseClaim, Turn: rules.W, Discards: [4]string{2: "5p"}, Hands: c.hands})
	for _, x := range []rules.Wind{rules.E, rules.S, rules.N} {
		if a, ok := c.answers[x]; ok {
			mustApply(t, s, x, a)
		}
	}
	passRest(t, s)
	if c.meld == hand.MeldNone {
		wantWin(t, s, c.winner, "5p", rules.W)
		return
	}
	if s.Phase != game.PhaseTurn || s.Turn != c.winner {
		t.Fatalf("phase %s turn %s: want %s to play", s.Phase, s.Turn, c.winner)
	}
	melds := s.Players[c.winner].Melds
	if len(melds) == 0 || melds[len(melds)-1].Kind != c.meld {
		t.Fatalf("%s's melds %v, want a %s", c.winner, melds, c.meld)
	}
}

// races are the CL-7.2 / HK-6.5 / FR-8.7 priority cases on West's 5p.
var races = []claimRace{
	{"pung beats chow", [4]string{inertA, "55p 123m 456m 789m 19s", inertB, "46p 123s 456s 789s 1z 9m"},
		map[rules.Wind]game.Action{rules.S: act(game.ActPung, "5p"), rules.N: act(game.ActChow, "4p")}, rules.S, hand.Pung},
	{"kong beats chow", [4]string{"555p 123m 456m 789m 1s", inertC, inertB, "46p 123s 456s 789s 2z 9m"},
		map[rules.Wind]game.Action{rules.E: act(game.ActKong, "5p"), rules.N: act(game.ActChow, "4p")}, rules.E, hand.Kong},
	{"mahjong beats pung", [4]string{"123m 456m 789m 123p 5p", "55p 234m 567s 789s 19s", inertB, inertD},
		map[rules.Wind]game.Action{rules.E: act(game.ActMahjong, "5p"), rules.S: act(game.ActPung, "5p")}, rules.E, hand.MeldNone},
	{"mahjong beats chow", [4]string{inertA, "123m 456m 789m 123p 5p", inertB, "46p 123s 456s 789s 2z 9m"},
		map[rules.Wind]game.Action{rules.S: act(game.ActMahjong, "5p"), rules.N: act(game.ActChow, "4p")}, rules.S, hand.MeldNone},
	{"nearest mahjong after the discarder: N before E", [4]string{"123m 456m 789m 123p 5p", inertC, inertB, "234m 567m 789s 123s 5p"},
		map[rules.Wind]game.Action{rules.E: act(game.ActMahjong, "5p"), rules.N: act(game.ActMahjong, "5p")}, rules.N, hand.MeldNone},
	{"nearest mahjong after the discarder: E before S", [4]string{"123m 456m 789m 123p 5p", "234m 567m 789s 123s 5p", inertB, inertD},
		map[rules.Wind]game.Action{rules.E: act(game.ActMahjong, "5p"), rules.S: act(game.ActMahjong, "5p")}, rules.E, hand.MeldNone},
}

func TestCL_7_2_Priority(t *testing.T) {
	for _, c := range races {
		t.Run(c.name, func(t *testing.T) { runRace(t, "classical", c) })
	}
}

func TestCL_7_3_AfterAClaim(t *testing.T) {
	t.Run("pung: discard at once, skipped seats lose their turn", func(t *testing.T) {
		s := classical(t, game.Scenario{
			Phase: game.PhaseClaim, Turn: rules.E, Discards: [4]string{"5p"},
			Hands: [4]string{inertA, inertB, "55p 4444p 234s 678s 9s", inertD}, Wall: "9p",
		})
		mustApply(t, s, rules.W, act(game.ActPung, "5p"))
		wantTurn(t, s, rules.W, "")
		for _, a := range s.LegalActions(rules.W) {
			if a.Type != game.ActDiscard {
				t.Fatalf("after a pung W may %s; only discards are allowed (CL-7.3, FR-8.9)", a)
			}
		}
		mustApply(t, s, rules.W, act(game.ActDiscard, "9s"))
		passRest(t, s)
		// South lost his turn; play continues after West.
		wantTurn(t, s, rules.N, "9p")
	})
	t.Run("kong: replacement draw, then win or discard", func(t *testing.T) {
		s := classical(t, game.Scenario{
			Phase: game.PhaseClaim, Turn: rules.E, Discards: [4]string{"5p"},
			Hands: [4]string{inertC, inertB, "555p 123m 456m 78s 99s", inertD}, Tail: "9s",
		})
		evs := mustApply(t, s, rules.W, act(game.ActKong, "5p"))
		if d := eventsOf(evs, game.EvDraw); len(d) != 1 || d[0].Source != game.FromTail {
			t.Fatalf("draws %+v, want one replacement from the back", d)
		}
		wantTurn(t, s, rules.W, "9s")
		mustApply(t, s, rules.W, act(game.ActSelfDraw, "9s"))
		wantWin(t, s, rules.W, "9s", rules.NoWind)
		if !hasFlag(s, rules.KongReplacement) {
			t.Fatalf("flags %v: want kong-replacement", s.Result.Flags)
		}
	})
}

func TestCL_7_4_LastDiscardMahjongOnly(t *testing.T) {
	hands := [4]string{"123m 456m 789m 123p 5p", "55p 234m 567s 789s 19s", inertB, "46p 123s 456s 789s 1z 9m"}
	s := classical(t, game.Scenario{Phase: game.PhaseClaim, Turn: rules.W, Discards: [4]string{2: "5p"}, Hands: hands, Live: game.LiveExhausted})
	if legal(s, rules.S, act(game.ActPung, "5p")) || legal(s, rules.N, act(game.ActChow, "4p")) {
		t.Fatalf("the last discard may be punged or chowed: S %v, N %v", s.LegalActions(rules.S), s.LegalActions(rules.N))
	}
	mustApply(t, s, rules.E, act(game.ActMahjong, "5p"))
	wantWin(t, s, rules.E, "5p", rules.W)
	if !hasFlag(s, rules.LastDiscard) {
		t.Fatalf("flags %v: want last-discard", s.Result.Flags)
	}
}

func TestCL_8_1_ConcealedKong(t *testing.T) {
	t.Run("after a draw", func(t *testing.T) {
		s := classical(t, game.Scenario{Turn: rules.S, Hands: [4]string{inertA, "555m 123p 456p 789s 2z +5m", inertC, inertD}, Tail: "2z"})
		evs := mustApply(t, s, rules.S, act(game.ActConcealedKong, "5m"))
		if d := eventsOf(evs, game.EvDraw); len(d) != 1 || d[0].Source != game.FromTail || d[0].Tile() != tk("2z") {
			t.Fatalf("draws %+v, want 2z from the back", d)
		}
		if m := s.View(rules.E).Seats[rules.S].Melds; len(m) != 1 || m[0].Open || m[0].Tile.Valid() {
			t.Fatalf("E sees S's concealed kong as %+v; its tile must stay hidden", m)
		}
		mustApply(t, s, rules.S, act(game.ActSelfDraw, "2z"))
		wantWin(t, s, rules.S, "2z", rules.NoWind)
		if v := s.Result.Values[rules.S]; !containsRule(v, "CL-11.1") {
			t.Fatalf("items %v", itemRules(v))
		}
	})
	t.Run("never straight after a claim", func(t *testing.T) {
		s := classical(t, game.Scenario{Turn: rules.S, How: game.AfterClaim, Hands: [4]string{inertA, "5555m 12p 456p 9s 1z [789s]", inertC, inertD}})
		if legal(s, rules.S, act(game.ActConcealedKong, "5m")) {
			t.Fatal("a concealed kong straight after a claim")
		}
	})
	t.Run("the banker before his first discard", func(t *testing.T) {
		s := classical(t, game.Scenario{Turn: rules.E, FirstTurns: true, Hands: [4]string{"5555m 123p 456p 789s 2z", inertA, inertC, inertD}})
		if !legal(s, rules.E, act(game.ActConcealedKong, "5m")) {
			t.Fatalf("the banker may not declare his dealt kong; legal: %v", s.LegalActions(rules.E))
		}
	})
}

// selfDraw returns seat's self-drawn mahjong, which must be legal.
func selfDraw(t testing.TB, s *game.State, seat rules.Wind) game.Action {
	t.Helper()
	for _, a := range s.LegalActions(seat) {
		if a.Type == game.ActSelfDraw {
			return a
		}
	}
	t.Fatalf("%s may not declare a self-drawn mahjong; legal: %v", seat, s.LegalActions(seat))
	return game.Action{}
}

// containsRule reports whether a valuation has a line citing the rule id.
func containsRule(v rules.Valuation, id string) bool {
	for _, r := range itemRules(v) {
		if r == id {
			return true
		}
	}
	return false
}

func TestCL_8_3_AddedKongOnlyWithTheDrawnTile(t *testing.T) {
	s := classical(t, game.Scenario{Turn: rules.S, Hands: [4]string{inertA, "123m 456m 78s 1z 2z [999p] +9p", inertC, inertE}})
	if !legal(s, rules.S, act(game.ActAddKong, "9p")) {
		t.Fatalf("S may not add the drawn 9p; legal %v", s.LegalActions(rules.S))
	}
	// The 9p held from before may not be added on a later turn (CL-D-10).
	s = classical(t, game.Scenario{Turn: rules.S, Hands: [4]string{inertA, "9p 123m 456m 78s 1z [999p] +2z", inertC, inertE}})
	if legal(s, rules.S, act(game.ActAddKong, "9p")) {
		t.Fatal("S may add a 9p he did not just draw")
	}
	// A discard is never added to an exposed pung: nobody may claim East's
	// 9p, so South simply draws.
	s = classical(t, game.Scenario{Phase: game.PhaseClaim, Turn: rules.E, Discards: [4]string{"9p"},
		Hands: [4]string{inertA, "123m 456m 78s 1z 2z [999p]", inertC, inertE}, Wall: "3z"})
	wantTurn(t, s, rules.S, "3z")
}

func TestCL_8_5_NoRobbingHonourKong(t *testing.T) {
	// West's Thirteen Orphans waits on the last 5z: the one South adds to
	// his exposed pung of white dragons.
	hands := [4]string{inertA, "234m 567m 78s 22s [555z] +5z", "119m 19p 19s 123467z", inertE}
	s := classical(t, game.Scenario{Turn: rules.S, Hands: hands, Tail: "9s"})
	mustApply(t, s, rules.S, act(game.ActAddKong, "5z"))
	if s.Phase == game.PhaseRob {
		t.Fatal("an honour kong can be robbed in classical")
	}
	wantTurn(t, s, rules.S, "9s")
	// The same added kong in hongkong may be robbed (HK-7.4).
	s = newScenario(t, "hongkong", nil, game.Scenario{Turn: rules.S, Hands: hands, Tail: "9s"})
	mustApply(t, s, rules.S, act(game.ActAddKong, "5z"))
	if s.Phase != game.PhaseRob || !legal(s, rules.W, act(game.ActMahjong, "5z")) {
		t.Fatalf("phase %s: West may not rob the 5z in hongkong", s.Phase)
	}
}

func TestCL_8_5_NoRobbingConcealedKong(t *testing.T) {
	// West's Thirteen Orphans waits on 1m; South declares 1111m concealed.
	s := classical(t, game.Scenario{Turn: rules.S, Tail: "9s",
		Hands: [4]string{inertB, "111m 234p 567p 78s 22z +1m", "99m 19p 19s 1234567z", "258m 147p 369s 3456z"}})
	mustApply(t, s, rules.S, act(game.ActConcealedKong, "1m"))
	wantTurn(t, s, rules.S, "9s")
}

func TestCL_TV_5_Robbing(t *testing.T) {
	s := classical(t, game.Scenario{Turn: rules.S,
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
	s := classical(t, game.Scenario{Phase: game.PhaseClaim, Turn: rules.N, Discards: [4]string{3: "5p"},
		Hands: [4]string{inertA, inertB, inertC, inertD}, Live: game.LiveExhausted})
	if s.Phase != game.PhaseEnd || s.Result.Winner != rules.NoWind {
		t.Fatalf("phase %s: want the hand over with no winner", s.Phase)
	}
	wantNet(t, s, [4]int{})
}

func TestCL_10_3_Heavenly(t *testing.T) {
	hands := [4]string{"123m 456m 789m 123p 44p", inertB, inertC, inertD}
	s := classical(t, game.Scenario{Turn: rules.E, FirstTurns: true, Hands: hands})
	mustApply(t, s, rules.E, selfDraw(t, s, rules.E))
	if s.Result.Winner != rules.E || !hasFlag(s, rules.Heavenly) || s.Result.Values[rules.E].Value != 1500 {
		t.Fatalf("result %+v: want the banker's heavenly hand at the limit", s.Result)
	}
	wantNet(t, s, [4]int{9000, -3000, -3000, -3000})
	// Once the first turns are over, the same tiles are an ordinary hand.
	s = classical(t, game.Scenario{Turn: rules.E, Hands: [4]string{"123m 456m 789m 123p 4p +4p", inertB, inertC, inertD}})
	mustApply(t, s, rules.E, act(game.ActSelfDraw, "4p"))
	if hasFlag(s, rules.Heavenly) || s.Result.Values[rules.E].Value == 1500 {
		t.Fatalf("flags %v value %d: not a heavenly hand", s.Result.Flags, s.Result.Values[rules.E].Value)
	}
}

func TestCL_TV_7_Earthly(t *testing.T) {
	sc := game.Scenario{Phase: game.PhaseClaim, Turn: rules.E, Discards: [4]string{"6m"}, FirstTurns: true,
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
		sc    game.Scenario
		value int
		net   [4]int
	}{
		{"6m self-drawn", game.Scenario{Turn: rules.S, Hands: [4]string{inertA, "234p 345s 567s 6789m +6m", inertC, inertD}},
			24, [4]int{-48, 96, -24, -24}},
		{"6m from West", game.Scenario{Phase: game.PhaseClaim, Turn: rules.W, Discards: [4]string{2: "6m"},
			Hands: [4]string{inertA, "234p 345s 567s 6789m", inertC, inertD}}, 22, [4]int{-44, 88, -22, -22}},
		{"9m self-drawn", game.Scenario{Turn: rules.S, Hands: [4]string{inertA, "234p 345s 567s 6789m +9m", inertC, inertB}},
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
		s, err := game.NewScenario(cfg, game.Scenario{Phase: game.PhaseClaim, Turn: rules.N, Discards: [4]string{3: "4s"},
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
	s := classical(t, game.Scenario{Turn: rules.N, Tail: "8s",
		Hands: [4]string{inertA, inertB, "369m 147p 369s 2345z", "234s 67s 99s 555s [666z] +5s"}})
	mustApply(t, s, rules.N, act(game.ActConcealedKong, "5s"))
	wantTurn(t, s, rules.N, "8s")
	mustApply(t, s, rules.N, act(game.ActSelfDraw, "8s"))
	if v := s.Result.Values[rules.N].Value; v != 240 || !hasFlag(s, rules.KongReplacement) {
		t.Fatalf("value %d flags %v, want 240 with kong-replacement", v, s.Result.Flags)
	}
	wantNet(t, s, [4]int{-480, -240, -240, 960})
}

func TestCL_TV_6_ThirteenOrphansOnADiscard(t *testing.T) {
	s := classical(t, game.Scenario{Phase: game.PhaseClaim, Turn: rules.N, Discards: [4]string{3: "1m"},
		Hands: [4]string{"258m 369p 147s 1567z", "258m 369p 258s 1567z", "19m 19p 19s 1234567z", "234m 456p 789s 2346z"}})
	mustApply(t, s, rules.W, act(game.ActMahjong, "1m"))
	wantWin(t, s, rules.W, "1m", rules.N)
	if s.Result.Values[rules.W].Value != 1500 {
		t.Fatalf("value %d, want the limit 1500", s.Result.Values[rules.W].Value)
	}
	wantNet(t, s, [4]int{-3000, -1500, 6000, -1500})
}
