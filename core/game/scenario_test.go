package game_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/game/gametest"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// This file tests gametest.New and holds the helpers of the
// *_scenarios_test.go files, which play the rules files' situations.

// handConfig returns hand 1 of the East round of ruleset id with the named
// options set.
func handConfig(t testing.TB, id string, set map[string]string) game.HandConfig {
	t.Helper()
	r, err := rules.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	o, err := rules.ResolveOptions(r, set)
	if err != nil {
		t.Fatal(err)
	}
	return game.HandConfig{Ruleset: r, Options: o, Seed: wall.SeedFromString("scenario " + id), Number: 1, Round: rules.E}
}

// newScenario builds a scenario of ruleset id and checks its invariants.
func newScenario(t testing.TB, id string, set map[string]string, sc gametest.Scenario) *game.State {
	t.Helper()
	s, err := gametest.New(handConfig(t, id, set), sc)
	if err != nil {
		t.Fatalf("%s scenario: %v", id, err)
	}
	if err := s.CheckInvariants(); err != nil {
		t.Fatalf("%s scenario: %v", id, err)
	}
	return s
}

// tk reads one tile.
func tk(s string) tile.Kind { return tile.MustParse(s)[0] }

// act returns an action of type t on the tile written s ("" for none).
func act(t game.ActionType, s string) game.Action {
	if s == "" {
		return game.Act(t, tile.None)
	}
	return game.Act(t, tk(s))
}

// pass is the answer that declines a claim, a robbing chance or an invocation.
var pass = act(game.ActPass, "")

// legal reports whether seat may take action a now.
func legal(s *game.State, seat rules.Wind, a game.Action) bool {
	return slices.Contains(s.LegalActions(seat), a)
}

// mustApply applies an action that must be legal and checks the invariants.
func mustApply(t testing.TB, s *game.State, seat rules.Wind, a game.Action) []game.Event {
	t.Helper()
	evs, err := s.Apply(seat, a)
	if err != nil {
		t.Fatalf("%s %s: %v", seat, a, err)
	}
	if err := s.CheckInvariants(); err != nil {
		t.Fatalf("after %s %s: %v", seat, a, err)
	}
	return evs
}

// passRest makes every seat that still owes an answer in a claim or
// robbing window pass.
func passRest(t testing.TB, s *game.State) []game.Event {
	t.Helper()
	var evs []game.Event
	for s.Phase == game.PhaseClaim || s.Phase == game.PhaseRob {
		seats := s.Waiting()
		if len(seats) == 0 {
			t.Fatalf("phase %s with nobody to answer", s.Phase)
		}
		evs = append(evs, mustApply(t, s, seats[0], pass)...)
	}
	return evs
}

// mustRefuse checks that an action is refused with the reason.
func mustRefuse(t testing.TB, s *game.State, seat rules.Wind, a game.Action, why game.Reason) {
	t.Helper()
	_, err := s.Apply(seat, a)
	ie, ok := err.(*game.IllegalActionError)
	if !ok || ie.Reason != why {
		t.Fatalf("%s %s: got %v, want a refusal %s", seat, a, err, why)
	}
}

// eventsOf returns the events of type typ.
func eventsOf(evs []game.Event, typ game.EventType) []game.Event {
	var out []game.Event
	for _, e := range evs {
		if e.Type == typ {
			out = append(out, e)
		}
	}
	return out
}

// hasFlag reports whether the result of the hand carries the named flag.
func hasFlag(s *game.State, f rules.Flag) bool {
	return slices.Contains(s.Result.Flags, f.Names()[0])
}

// itemRules lists the rule ids of a valuation's lines.
func itemRules(v rules.Valuation) []string {
	var ids []string
	for _, it := range v.Items {
		ids = append(ids, it.Rule)
	}
	return ids
}

// wantWin checks that the hand ended with seat winning on k from `from`.
func wantWin(t testing.TB, s *game.State, seat rules.Wind, k string, from rules.Wind) {
	t.Helper()
	if s.Phase != game.PhaseEnd || s.Result.Winner != seat || s.Result.Tile != tk(k) || s.Result.From != from {
		t.Fatalf("phase %s result %+v: want %s winning on %s from %s", s.Phase, s.Result, seat, k, from)
	}
	if !s.Result.Values[seat].Valid {
		t.Fatalf("the winning hand is not valid: %s", s.Result.Values[seat].Error)
	}
}

// wantTurn checks that seat is to play with the drawn tile k ("" for none).
func wantTurn(t testing.TB, s *game.State, seat rules.Wind, drawn string) {
	t.Helper()
	want := tile.None
	if drawn != "" {
		want = tk(drawn)
	}
	if s.Phase != game.PhaseTurn || s.Turn != seat || s.View(seat).Drawn != want {
		t.Fatalf("phase %s, turn %s, drawn %s: want %s to play with %s drawn", s.Phase, s.Turn, s.View(s.Turn).Drawn, seat, want)
	}
}

// Hands that play no part are "inert": 13 single tiles three apart, which
// can neither claim nor win.
const (
	inertA = "147m 258p 369s 1234z"
	inertB = "258m 369p 147s 1567z"
	inertC = "369m 147p 258s 2345z"
	inertD = "147m 369p 258s 4567z"
	inertE = "147m 258p 258s 1467z"
)

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

// hasItem reports whether a valuation has a line citing the rule id
// or named by the translation key (french cites FR-13.5 for several rows).
func hasItem(v rules.Valuation, id string) bool {
	return slices.ContainsFunc(v.Items, func(it rules.Item) bool { return it.Rule == id || it.Name == id })
}

// claimCases are the claims open to each seat on West's 5p (CL-7.1,
// HK-6.1 to HK-6.4, FR-8.2 to FR-8.5); next(W) is North.
var claimCases = []struct {
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
}

// runClaimCases checks claimCases in ruleset id.
func runClaimCases(t *testing.T, id string) {
	for _, c := range claimCases {
		t.Run(c.name, func(t *testing.T) {
			sc := gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.W, Discards: [4]string{2: "5p"}}
			sc.Hands[c.seat] = c.hand
			s := newScenario(t, id, nil, sc)
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
	s := newScenario(t, id, nil, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.W, Discards: [4]string{2: "5p"}, Hands: c.hands})
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

// runDealerStarts deals hands of ruleset id and checks that the dealer
// plays first with his 14 dealt tiles, without drawing (CL-6.1, HK-5.1,
// FR-7.1), and that the next seat draws after an unclaimed discard (CL-6.3,
// FR-7.2).
func runDealerStarts(t *testing.T, id string) {
	cfg := handConfig(t, id, nil)
	for i := range 20 {
		cfg.Seed[0] = byte(i)
		s, _, err := game.NewHand(cfg)
		if err != nil {
			t.Fatal(err)
		}
		wantTurn(t, s, rules.E, "")
		if s.Players[rules.E].Concealed.Total() != 14 {
			t.Fatalf("the dealer holds %d tiles, want 14", s.Players[rules.E].Concealed.Total())
		}
		if got := s.Waiting(); len(got) != 1 || got[0] != rules.E {
			t.Fatalf("waiting %v, want the dealer only", got)
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
		if s.Phase == game.PhaseTurn && s.Turn != rules.S {
			t.Fatalf("after the dealer's unclaimed discard %s plays, want S", s.Turn)
		}
	}
}

// runAfterAClaim: after a pung the claimant discards at once, and the seats
// in between lose their turn; after a kong he draws a replacement and may
// win on it (CL-7.3, HK-6.1, HK-6.2, FR-8.3, FR-8.8, FR-8.9).
func runAfterAClaim(t *testing.T, id string) {
	t.Run("pung: discard at once, skipped seats lose their turn", func(t *testing.T) {
		s := newScenario(t, id, nil, gametest.Scenario{
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
	t.Run("chow: discard at once", func(t *testing.T) {
		s := newScenario(t, id, nil, gametest.Scenario{
			Phase: game.PhaseClaim, Turn: rules.W, Discards: [4]string{2: "5p"},
			Hands: [4]string{inertA, inertD, inertB, "46p 3333m 123s 789s 1z"}, Wall: "9m",
		})
		mustApply(t, s, rules.N, act(game.ActChow, "4p"))
		for _, a := range s.LegalActions(rules.N) {
			if a.Type != game.ActDiscard {
				t.Fatalf("after a chow N may %s; only discards are allowed (FR-8.9)", a)
			}
		}
		mustApply(t, s, rules.N, act(game.ActDiscard, "1z"))
		passRest(t, s)
		wantTurn(t, s, rules.E, "9m")
	})
	t.Run("kong: replacement draw, then win or discard", func(t *testing.T) {
		s := newScenario(t, id, nil, gametest.Scenario{
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

// runLastDiscardMahjongOnly: the discard after the last live tile may be
// claimed only for mahjong (CL-7.4, HK-D-18, FR-8.10).
func runLastDiscardMahjongOnly(t *testing.T, id string) {
	hands := [4]string{"123m 456m 789m 123p 5p", "55p 234m 567s 789s 19s", inertB, "46p 123s 456s 789s 1z 9m"}
	s := newScenario(t, id, nil, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.W, Discards: [4]string{2: "5p"}, Hands: hands, Live: gametest.LiveExhausted})
	if legal(s, rules.S, act(game.ActPung, "5p")) || legal(s, rules.N, act(game.ActChow, "4p")) {
		t.Fatalf("the last discard may be punged or chowed: S %v, N %v", s.LegalActions(rules.S), s.LegalActions(rules.N))
	}
	mustApply(t, s, rules.E, act(game.ActMahjong, "5p"))
	wantWin(t, s, rules.E, "5p", rules.W)
	if !hasFlag(s, rules.LastDiscard) {
		t.Fatalf("flags %v: want last-discard", s.Result.Flags)
	}
}

// runAddedKongOnlyDrawnTile: only the tile drawn this turn may be added to
// an exposed pung, and never a discard (CL-8.3, CL-D-10, HK-D-8, HK-6.6,
// FR-9.2, FR-8.6).
func runAddedKongOnlyDrawnTile(t *testing.T, id string) {
	s := newScenario(t, id, nil, gametest.Scenario{Turn: rules.S, Hands: [4]string{inertA, "123m 456m 78s 1z 2z [999p] +9p", inertC, inertE}})
	if !legal(s, rules.S, act(game.ActAddKong, "9p")) {
		t.Fatalf("S may not add the drawn 9p; legal %v", s.LegalActions(rules.S))
	}
	// The 9p held from before may not be added on a later turn (CL-D-10).
	s = newScenario(t, id, nil, gametest.Scenario{Turn: rules.S, Hands: [4]string{inertA, "9p 123m 456m 78s 1z [999p] +2z", inertC, inertE}})
	if legal(s, rules.S, act(game.ActAddKong, "9p")) {
		t.Fatal("S may add a 9p he did not just draw")
	}
	// A discard is never added to an exposed pung: nobody may claim East's
	// 9p, so South simply draws.
	s = newScenario(t, id, nil, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.E, Discards: [4]string{"9p"},
		Hands: [4]string{inertA, "123m 456m 78s 1z 2z [999p]", inertC, inertE}, Wall: "3z"})
	wantTurn(t, s, rules.S, "3z")
}

// chineseFamily are the rulesets this package's scenario files cover.
var chineseFamily = []string{"classical", "hongkong", "french"}

func TestScenarioPlacesEveryTileOnce(t *testing.T) {
	for _, id := range chineseFamily {
		for _, sc := range []gametest.Scenario{
			{Turn: rules.E, FirstTurns: true, Hands: [4]string{"123m 456m 789m 123p 45p"}},
			{Turn: rules.S, Hands: [4]string{1: "123m 456m 789m [123p] 4p +4p"}, Discards: [4]string{"1z 2z", "", "3z", "4z"}, Live: 20},
			{Turn: rules.W, How: game.AfterKong, Hands: [4]string{2: "123m 456m 4p (7777s) [555z] +4p"}, Live: gametest.LiveExhausted},
			{Turn: rules.N, How: game.AfterClaim, Hands: [4]string{3: "123m 456m 789m 44p [555p]"}, Wall: "1z 2z 3z", Tail: "7z 6z"},
			{Phase: game.PhaseClaim, Turn: rules.E, Discards: [4]string{"9p"}, Live: 1},
		} {
			s := newScenario(t, id, nil, sc)
			if sc.Live != 0 && s.WallLive() != max(sc.Live, 0) && sc.Phase == game.PhaseTurn {
				t.Errorf("%s: %d live draws, want %d", id, s.WallLive(), sc.Live)
			}
		}
	}
}

func TestScenarioDrawsTheScenarioTiles(t *testing.T) {
	for _, id := range chineseFamily {
		// S discards 9p, which nobody can claim; W draws the wall's first
		// tile, declares the concealed kong and gets the tail's first tile.
		s := newScenario(t, id, nil, gametest.Scenario{
			Phase: game.PhaseClaim, Turn: rules.S, Discards: [4]string{1: "9p"},
			Hands: [4]string{"123m 456m 789m 11s 34z", "123s 456s 789s 1z 3z 4z 5z", "222z 333m 456p 678s 1z", "123p 456p 567s 11m 66z"},
			Wall:  "2z 6z", Tail: "7z 4z", Live: 30,
		})
		wantTurn(t, s, rules.W, "2z")
		if s.WallLive() != 29 {
			t.Fatalf("%s: %d live draws after W's draw, want 29", id, s.WallLive())
		}
		evs := mustApply(t, s, rules.W, act(game.ActConcealedKong, "2z"))
		if d := eventsOf(evs, game.EvDraw); len(d) != 1 || d[0].Tile() != tk("7z") || d[0].Source != game.FromTail {
			t.Fatalf("%s: replacement %+v, want 7z from the tail", id, d)
		}
		mustApply(t, s, rules.W, act(game.ActDiscard, "7z"))
		passRest(t, s)
		wantTurn(t, s, rules.N, "6z")
	}
}

func TestScenarioLiveCounts(t *testing.T) {
	for _, id := range chineseFamily {
		for _, live := range []int{gametest.LiveExhausted, 1, 2, 13, 40} {
			s := newScenario(t, id, nil, gametest.Scenario{Turn: rules.N, Hands: [4]string{3: "123m 456m 789m 123p 4p +4p"}, Live: live})
			if s.WallLive() != max(live, 0) {
				t.Errorf("%s: %d live draws, want %d", id, s.WallLive(), max(live, 0))
			}
		}
	}
}

func TestScenarioClaimWindow(t *testing.T) {
	s := newScenario(t, "hongkong", nil, gametest.Scenario{
		Phase: game.PhaseClaim, Turn: rules.W, Discards: [4]string{2: "1z 5p"},
		Hands: [4]string{"123m 456m 789m 11s 34z", "55p 123s 456s 789s 22z", "", "46p 234m 789m 99s 333z"},
	})
	if s.Phase != game.PhaseClaim || s.Pending != tk("5p") || s.Turn != rules.W {
		t.Fatalf("phase %s pending %s turn %s: want W's 5p answered", s.Phase, s.Pending, s.Turn)
	}
	if got := s.Waiting(); !slices.Equal(got, []rules.Wind{rules.S, rules.N}) {
		t.Fatalf("waiting %v, want S and N", got)
	}
	if v := s.View(rules.E); len(v.Seats[rules.W].Discards) != 2 || v.Seats[rules.W].Discards[1].Tile != tk("5p") {
		t.Fatalf("W's discards as E sees them: %+v", v.Seats[rules.W].Discards)
	}
}

func TestScenarioErrors(t *testing.T) {
	for _, c := range []struct {
		name string
		set  map[string]string
		sc   gametest.Scenario
		want string
	}{
		{"short hand", nil, gametest.Scenario{Turn: rules.E, Hands: [4]string{"123m"}}, "holds 3 tiles"},
		{"bad notation", nil, gametest.Scenario{Turn: rules.E, Hands: [4]string{"123x"}}, "hand of E"},
		{"five of a kind", nil, gametest.Scenario{Turn: rules.E, Hands: [4]string{"11111m 56m 789m 123p +4p"}}, "5 tiles of 1m"},
		{"plus off turn", nil, gametest.Scenario{Turn: rules.E, Hands: [4]string{"123m 456m 789m 123p 4p +4p", "123m 456m 789m 12p +3p"}}, "only the seat to play"},
		{"claim with plus", nil, gametest.Scenario{Turn: rules.E, How: game.AfterClaim, Hands: [4]string{"123m 456m 789m 123p 4p +4p"}}, "no drawn tile"},
		{"kong without plus", nil, gametest.Scenario{Turn: rules.E, How: game.AfterKong, Hands: [4]string{"123m 456m 789m 123p 44p"}}, "kong replacement"},
		{"no discard to answer", nil, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.S}, "no discard"},
		{"bonus off", map[string]string{"flowers": "off"}, gametest.Scenario{Turn: rules.E, Hands: [4]string{"123m 456m 789m 123p 4p +4p bonus: 1f"}}, "without them"},
		{"bonus in hand", nil, gametest.Scenario{Turn: rules.E, Hands: [4]string{"123m 456m 789m 123p 4p +1f"}}, "bonus"},
		{"bonus discarded", nil, gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.E, Discards: [4]string{"1f"}}, "never discarded"},
		{"pair group", nil, gametest.Scenario{Turn: rules.E, Hands: [4]string{"123m 456m 789m 1234p [44p] +4p"}}, "not a chow"},
		{"chow in parentheses", nil, gametest.Scenario{Turn: rules.E, Hands: [4]string{"123m 456m 789m 44p (123p) +4p"}}, "not a chow"},
		{"empty turn hand", nil, gametest.Scenario{Turn: rules.S}, "needs a written hand"},
		{"phase", nil, gametest.Scenario{Phase: game.PhaseRob, Turn: rules.E}, "allowed: turn, claim"},
		{"turn", nil, gametest.Scenario{Turn: rules.NoWind}, "allowed: E, S, W, N"},
		{"how", nil, gametest.Scenario{Turn: rules.E, How: 9, Hands: [4]string{"123m 456m 789m 123p 4p +4p"}}, "allowed: AfterDraw"},
		{"too many live", nil, gametest.Scenario{Turn: rules.E, Hands: [4]string{"123m 456m 789m 123p 4p +4p"}, Live: 100}, "want 100"},
		{"first turns with filler", nil, gametest.Scenario{Turn: rules.E, FirstTurns: true, Hands: [4]string{"123m 456m 789m 123p 4p +4p"}, Live: 3}, "FirstTurns"},
		{"dice", nil, gametest.Scenario{Turn: rules.E, Dice: [2]int{1, 13}, Hands: [4]string{"123m 456m 789m 123p 4p +4p"}}, "throw"},
		{"wall notation", nil, gametest.Scenario{Turn: rules.E, Hands: [4]string{"123m 456m 789m 123p 4p +4p"}, Wall: "5q"}, "wall"},
	} {
		_, err := gametest.New(handConfig(t, "french", c.set), c.sc)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error with %q", c.name, err, c.want)
		}
	}
	for _, id := range rules.IDs() {
		if cfg := handConfig(t, id, nil); cfg.Ruleset.Setup(cfg.Options).CardCalls {
			if _, err := gametest.New(cfg, gametest.Scenario{Turn: rules.E, Hands: [4]string{"123m 456m 789m 123p 4p +4p"}}); err == nil {
				t.Errorf("%s: a scenario with card calls was built", id)
			}
		}
	}
}

// FuzzScenario: no input panics, and every scenario built keeps the
// invariants.
func FuzzScenario(f *testing.F) {
	f.Add("123m 456m 789m 123p 4p +4p", "", "1z 2z", "9p", "5p", 0, uint8(0), uint8(0), uint8(0))
	f.Add("55p 123s 456s 789s 2z", "46p 123m 789m 11s 2z", "", "1f", "", 3, uint8(1), uint8(2), uint8(1))
	f.Add("[555z] (1111p) 23s 4s +4s bonus: 1f 2y", "", "", "7z", "8z", -1, uint8(2), uint8(0), uint8(2))
	r, _ := rules.Get("french")
	cfg := game.HandConfig{Ruleset: r, Options: rules.DefaultOptions(r), Seed: wall.SeedFromString("fuzz"), Number: 1, Round: rules.E}
	f.Fuzz(func(t *testing.T, h0, h1, discards, front, tail string, live int, phase, turn, how uint8) {
		sc := gametest.Scenario{
			Hands: [4]string{h0, h1}, Discards: [4]string{discards, discards}, Wall: front, Tail: tail,
			Live: live % 200, Phase: game.Phase(phase % 4), Turn: rules.Wind(turn % 5), How: game.TurnStart(how % 4),
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
