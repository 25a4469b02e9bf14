package game_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// This file tests NewScenario and holds the helpers of the
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
func newScenario(t testing.TB, id string, set map[string]string, sc game.Scenario) *game.State {
	t.Helper()
	s, err := game.NewScenario(handConfig(t, id, set), sc)
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

// chineseFamily are the rulesets this package's scenario files cover.
var chineseFamily = []string{"classical", "hongkong", "french"}

func TestNewScenarioPlacesEveryTileOnce(t *testing.T) {
	for _, id := range chineseFamily {
		for _, sc := range []game.Scenario{
			{Turn: rules.E, FirstTurns: true, Hands: [4]string{"123m 456m 789m 123p 45p"}},
			{Turn: rules.S, Hands: [4]string{1: "123m 456m 789m [123p] 4p +4p"}, Discards: [4]string{"1z 2z", "", "3z", "4z"}, Live: 20},
			{Turn: rules.W, How: game.AfterKong, Hands: [4]string{2: "123m 456m 4p (7777s) [555z] +4p"}, Live: game.LiveExhausted},
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

func TestNewScenarioDrawsTheScenarioTiles(t *testing.T) {
	for _, id := range chineseFamily {
		// S discards 9p, which nobody can claim; W draws the wall's first
		// tile, declares the concealed kong and gets the tail's first tile.
		s := newScenario(t, id, nil, game.Scenario{
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

func TestNewScenarioLiveCounts(t *testing.T) {
	for _, id := range chineseFamily {
		for _, live := range []int{game.LiveExhausted, 1, 2, 13, 40} {
			s := newScenario(t, id, nil, game.Scenario{Turn: rules.N, Hands: [4]string{3: "123m 456m 789m 123p 4p +4p"}, Live: live})
			if s.WallLive() != max(live, 0) {
				t.Errorf("%s: %d live draws, want %d", id, s.WallLive(), max(live, 0))
			}
		}
	}
}

func TestNewScenarioClaimWindow(t *testing.T) {
	s := newScenario(t, "hongkong", nil, game.Scenario{
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

func TestNewScenarioErrors(t *testing.T) {
	for _, c := range []struct {
		name string
		set  map[string]string
		sc   game.Scenario
		want string
	}{
		{"short hand", nil, game.Scenario{Turn: rules.E, Hands: [4]string{"123m"}}, "holds 3 tiles"},
		{"bad notation", nil, game.Scenario{Turn: rules.E, Hands: [4]string{"123x"}}, "hand of E"},
		{"five of a kind", nil, game.Scenario{Turn: rules.E, Hands: [4]string{"11111m 56m 789m 123p +4p"}}, "5 tiles of 1m"},
		{"plus off turn", nil, game.Scenario{Turn: rules.E, Hands: [4]string{"123m 456m 789m 123p 4p +4p", "123m 456m 789m 12p +3p"}}, "only the seat to play"},
		{"claim with plus", nil, game.Scenario{Turn: rules.E, How: game.AfterClaim, Hands: [4]string{"123m 456m 789m 123p 4p +4p"}}, "no drawn tile"},
		{"kong without plus", nil, game.Scenario{Turn: rules.E, How: game.AfterKong, Hands: [4]string{"123m 456m 789m 123p 44p"}}, "kong replacement"},
		{"no discard to answer", nil, game.Scenario{Phase: game.PhaseClaim, Turn: rules.S}, "no discard"},
		{"bonus off", map[string]string{"flowers": "off"}, game.Scenario{Turn: rules.E, Hands: [4]string{"123m 456m 789m 123p 4p +4p bonus: 1f"}}, "without them"},
		{"bonus in hand", nil, game.Scenario{Turn: rules.E, Hands: [4]string{"123m 456m 789m 123p 4p +1f"}}, "bonus"},
		{"bonus discarded", nil, game.Scenario{Phase: game.PhaseClaim, Turn: rules.E, Discards: [4]string{"1f"}}, "never discarded"},
		{"pair group", nil, game.Scenario{Turn: rules.E, Hands: [4]string{"123m 456m 789m 1234p [44p] +4p"}}, "not a chow"},
		{"chow in parentheses", nil, game.Scenario{Turn: rules.E, Hands: [4]string{"123m 456m 789m 44p (123p) +4p"}}, "not a chow"},
		{"empty turn hand", nil, game.Scenario{Turn: rules.S}, "needs a written hand"},
		{"phase", nil, game.Scenario{Phase: game.PhaseRob, Turn: rules.E}, "allowed: turn, claim"},
		{"turn", nil, game.Scenario{Turn: rules.NoWind}, "allowed: E, S, W, N"},
		{"how", nil, game.Scenario{Turn: rules.E, How: 9, Hands: [4]string{"123m 456m 789m 123p 4p +4p"}}, "allowed: AfterDraw"},
		{"too many live", nil, game.Scenario{Turn: rules.E, Hands: [4]string{"123m 456m 789m 123p 4p +4p"}, Live: 100}, "want 100"},
		{"first turns with filler", nil, game.Scenario{Turn: rules.E, FirstTurns: true, Hands: [4]string{"123m 456m 789m 123p 4p +4p"}, Live: 3}, "FirstTurns"},
		{"dice", nil, game.Scenario{Turn: rules.E, Dice: [2]int{1, 13}, Hands: [4]string{"123m 456m 789m 123p 4p +4p"}}, "throw"},
		{"wall notation", nil, game.Scenario{Turn: rules.E, Hands: [4]string{"123m 456m 789m 123p 4p +4p"}, Wall: "5q"}, "wall"},
	} {
		_, err := game.NewScenario(handConfig(t, "french", c.set), c.sc)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error with %q", c.name, err, c.want)
		}
	}
}

// FuzzNewScenario: no input panics, and every scenario built keeps the
// invariants.
func FuzzNewScenario(f *testing.F) {
	f.Add("123m 456m 789m 123p 4p +4p", "", "1z 2z", "9p", "5p", 0, uint8(0), uint8(0), uint8(0))
	f.Add("55p 123s 456s 789s 2z", "46p 123m 789m 11s 2z", "", "1f", "", 3, uint8(1), uint8(2), uint8(1))
	f.Add("[555z] (1111p) 23s 4s +4s bonus: 1f 2y", "", "", "7z", "8z", -1, uint8(2), uint8(0), uint8(2))
	r, _ := rules.Get("french")
	cfg := game.HandConfig{Ruleset: r, Options: rules.DefaultOptions(r), Seed: wall.SeedFromString("fuzz"), Number: 1, Round: rules.E}
	f.Fuzz(func(t *testing.T, h0, h1, discards, front, tail string, live int, phase, turn, how uint8) {
		sc := game.Scenario{
			Hands: [4]string{h0, h1}, Discards: [4]string{discards, discards}, Wall: front, Tail: tail,
			Live: live % 200, Phase: game.Phase(phase % 4), Turn: rules.Wind(turn % 5), How: game.TurnStart(how % 4),
		}
		s, err := game.NewScenario(cfg, sc)
		if err != nil {
			return
		}
		if err := s.CheckInvariants(); err != nil {
			t.Fatalf("%+v: %v", sc, err)
		}
	})
}

func BenchmarkNewScenario(b *testing.B) {
	cfg := handConfig(b, "hongkong", nil)
	sc := game.Scenario{Phase: game.PhaseClaim, Turn: rules.W, Discards: [4]string{2: "5p"}, Live: 10,
		Hands: [4]string{1: "55p 123m 456m 789m 11z", 3: "46p 123s 456s 789s 22z"}}
	for b.Loop() {
		if _, err := game.NewScenario(cfg, sc); err != nil {
			b.Fatal(err)
		}
	}
}

// ExampleNewScenario builds FR-16 T1: West's 5p, which North may chow and
// South may pung.
func ExampleNewScenario() {
	r, _ := rules.Get("french")
	s, err := game.NewScenario(
		game.HandConfig{Ruleset: r, Options: rules.DefaultOptions(r), Seed: wall.SeedFromString("T1"), Number: 1, Round: rules.E},
		game.Scenario{
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
