package french

import (
	"slices"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/pattern/patterntest"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

var r = Ruleset{}

func ctx(t testing.TB, seat, from, dominant rules.Wind, flags rules.Flag, opts ...string) rules.Context {
	c := patterntest.Ctx(patterntest.Options(t, r, opts...))
	c.Seat, c.From, c.Dominant, c.Flags = seat, from, dominant, flags
	return c
}

func wantValue(t *testing.T, hand string, c rules.Context, points, doubles, value int) rules.Valuation {
	t.Helper()
	v := patterntest.Value(t, r, hand, c)
	if !v.Valid || v.Points != points || v.Doubles != doubles || v.Value != value {
		t.Fatalf("%s: %+v, want P %d D %d value %d", hand, v, points, doubles, value)
	}
	return v
}

func ledger(t *testing.T, winner rules.Wind, values [4]int, opts ...string) rules.Settlement {
	t.Helper()
	s := r.Settle(rules.SettleInput{Options: patterntest.Options(t, r, opts...), Winner: winner, From: rules.NoWind, Values: values})
	patterntest.CheckSettlement(t, s)
	return s
}

func TestFR_T2(t *testing.T) {
	v := patterntest.Value(t, r, "123m 456m 789p 11z 78s +9s", ctx(t, rules.N, rules.S, rules.E, 0))
	if !v.Valid {
		t.Fatalf("N wins through the chow 789s on S's discard (FR-8.5): %s", v.Error)
	}
}

func TestFR_T5(t *testing.T) {
	wantValue(t, "123p 456p 789s 11z 46m +5m", ctx(t, rules.S, rules.W, rules.E, rules.RobbingKong), 34, 1, 68)
}

func TestFR_T6(t *testing.T) {
	v := patterntest.Value(t, r, "123m 456m 789p 234s 7z +7z", ctx(t, rules.N, rules.E, rules.E, 0))
	if !v.Valid {
		t.Fatalf("N may win on the pair 7z (FR-8.5): %s", v.Error)
	}
}

func TestFR_T7(t *testing.T) {
	for _, from := range []rules.Wind{rules.E, rules.NoWind} {
		v := wantValue(t, "123m 456p 789s 234s 9m +9m", ctx(t, rules.S, from, rules.E, rules.Invoked), 30, 0, 30)
		if slices.ContainsFunc(v.Items, func(it rules.Item) bool { return it.Name == "score.self_drawn" || it.Name == "score.last_tile" }) {
			t.Errorf("an invoked tile is a discard win: %+v", v.Items)
		}
	}
}

func TestFR_T9(t *testing.T) {
	const hand = "234s 78s 33z [555z] (1111p) +9s bonus: 4f"
	c := ctx(t, rules.N, rules.NoWind, rules.W, 0)
	wantValue(t, hand, c, 67, 2, 268)
	c.Flags = rules.LastTile
	wantValue(t, hand, c, 67, 3, 536)
}

func TestFR_T10(t *testing.T) {
	const hand = "[222m] 999s 77z 13m 468p bonus: 1f 1y"
	wantValue(t, hand, ctx(t, rules.E, rules.NoWind, rules.E, 0), 20, 2, 80)
	if s := ledger(t, rules.S, [4]int{80, 0, 0, 0}); !s.Ledger || s.Net[rules.E] != 160 {
		t.Errorf("East records %d, want 160 (FR-13.9)", s.Net[rules.E])
	}
	wantValue(t, hand, ctx(t, rules.E, rules.NoWind, rules.E, rules.Calling, "calling_hand=on"), 8, 2, 32)
	if s := ledger(t, rules.S, [4]int{32, 0, 0, 0}); s.Net[rules.E] != 64 {
		t.Errorf("East records %d with a calling hand, want 64", s.Net[rules.E])
	}
}

func TestFR_T11(t *testing.T) {
	a := ledger(t, rules.E, [4]int{100, 250, 40, 10}, "settlement=advanced")
	if a.Ledger || a.Net != [4]int{0, 850, -380, -470} || len(a.Transfers) != 7 {
		t.Errorf("(a) %+v", a)
	}
	b := ledger(t, rules.S, [4]int{30, 100, 50, 10}, "settlement=advanced")
	if b.Net != [4]int{-200, 400, -20, -180} || len(b.Transfers) != 6 {
		t.Errorf("(b) %+v", b)
	}
}

func TestFR_T13(t *testing.T) {
	wantValue(t, "55z 66z 123m 456p 789s bonus: 1f 2f 3f 4f", ctx(t, rules.W, rules.NoWind, rules.E, 0), 20, 5, 640)
}

// TestRoundWindDefault checks FR-D23: the round wind is on by default, so
// a concealed pair of it scores 2 (FR-13.3) and a pung of it doubles.
func TestRoundWindDefault(t *testing.T) {
	c := ctx(t, rules.W, rules.N, rules.N, 0)
	c.Round = rules.S
	v := patterntest.Value(t, r, "[222z] 147m 258p 369s 1p", c)
	if v.Doubles != 1 || v.Points != 4 {
		t.Errorf("%+v, want the round-wind pung's double", v)
	}
	c = ctx(t, rules.W, rules.N, rules.N, 0, "round_wind=off")
	c.Round = rules.S
	if v := patterntest.Value(t, r, "[222z] 147m 258p 369s 1p", c); v.Doubles != 0 {
		t.Errorf("round_wind=off: %+v", v)
	}
}

func TestGrandsJeuxOption(t *testing.T) {
	const hand = "5555z 6666z 777z 33z +7z"
	if v := patterntest.Value(t, r, hand, ctx(t, rules.W, rules.NoWind, rules.E, 0)); v.Value != 6000 || v.Items[0].Rule != "FR-13.8" {
		t.Errorf("imperial: %+v", v)
	}
	if v := patterntest.Value(t, r, hand, ctx(t, rules.W, rules.NoWind, rules.E, 0, "grands_jeux=off")); v.Valid {
		t.Errorf("grands_jeux=off: %+v, want not a winning hand", v)
	}
	if v := patterntest.Value(t, r, "19m 19p 19s 1234567z +7z", ctx(t, rules.W, rules.NoWind, rules.E, 0)); v.Valid {
		t.Errorf("13 lanterns pair with an honour: %+v, want invalid (terminal only)", v)
	}
}

func TestLimitOption(t *testing.T) {
	const hand = "[555z] [666z] 777z 111m 4z +4z"
	if v := patterntest.Value(t, r, hand, ctx(t, rules.W, rules.NoWind, rules.E, 0)); v.Value != 1000 || !v.Limit {
		t.Errorf("capped: %+v", v)
	}
	if v := patterntest.Value(t, r, hand, ctx(t, rules.W, rules.NoWind, rules.E, 0, "limit=0")); v.Value <= 1000 || v.Limit {
		t.Errorf("limit=0 means no cap: %+v", v)
	}
}

func TestProperties(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for _, opts := range [][]string{nil, {"settlement=advanced", "extra_doubles=on", "calling_hand=on"}, {"flowers=off", "limit=0", "round_wind=off"}} {
		o := patterntest.Options(t, r, opts...)
		patterntest.Properties(t, r, o, o.Int("limit"), system.Rules(), n, o.Bool("flowers"))
	}
}

func TestRuleIDsInFile(t *testing.T) {
	ids := system.Rules()
	for _, s := range specs {
		ids = append(ids, s.Rule)
	}
	for _, id := range ids {
		if !strings.HasPrefix(id, "FR-") {
			t.Errorf("%s is not a french rule id", id)
		}
	}
	patterntest.RuleFile(t, "french.md", ids)
}

func TestOptionsAndSetup(t *testing.T) {
	o := patterntest.Options(t, r, "discards=japanese")
	if o.Bool("celestial_empire") || r.Setup(o).CelestialEmpire {
		t.Error("japanese discards turn the Celestial Empire off (FR-D21)")
	}
	s := r.Setup(rules.DefaultOptions(r))
	if s.Wall != (wall.Spec{Layout: wall.Hill, StacksPerSide: 18}) || s.Deal != wall.DealTwos || !s.Bonus || !s.Servi || s.CallingHand ||
		s.Game != (rules.GameSpec{Count: rules.CountHands, Rounds: 4, DealerKeepsOnDraw: true, DealerKeepsOnWin: true, RoundStart: "rotate"}) {
		t.Errorf("default setup %+v", s)
	}
	s = r.Setup(patterntest.Options(t, r, "flowers=off", "round_start=redraw", "servi=off", "calling_hand=on"))
	if s.Wall.StacksPerSide != 17 || s.Tiles.Total() != 136 || s.Game.RoundStart != "redraw" || s.Servi || !s.CallingHand {
		t.Errorf("setup with options %+v", s)
	}
	if len(specs) != 11 {
		t.Errorf("%d options, want the 11 of FR-15", len(specs))
	}
}

func FuzzValue(f *testing.F) {
	for _, s := range []string{"234s 78s 33z [555z] (1111p) +9s bonus: 4f", "[222m] 999s 77z 13m 468p bonus: 1f 1y", "1112345678999m +5m"} {
		f.Add(s, int8(3), int8(-1), uint32(0))
	}
	f.Fuzz(func(t *testing.T, s string, seat, from int8, flags uint32) {
		patterntest.Fuzz(t, r, s, seat, from, flags)
	})
}

// BenchmarkValue values one winning hand (T9) through the Ruleset.
func BenchmarkValue(b *testing.B) {
	n, _ := tile.ParseHand("234s 78s 33z [555z] (1111p) +9s bonus: 4f")
	h, _ := rules.HandFromNotation(n)
	c := ctx(b, rules.N, rules.NoWind, rules.W, 0)
	for b.Loop() {
		if v := r.Value(h, c); v.Value != 268 {
			b.Fatal(v)
		}
	}
}

// BenchmarkScore scores the hands of FR-16 (T2, T5, T6, T9, T10, T13) from
// notation, cycled.
func BenchmarkScore(b *testing.B) {
	cases := []patterntest.ScoreCase{
		{Notation: "123m 456m 789p 11z 78s +9s", Ctx: ctx(b, rules.N, rules.S, rules.E, 0)},
		{Notation: "123p 456p 789s 11z 46m +5m", Ctx: ctx(b, rules.S, rules.W, rules.E, rules.RobbingKong)},
		{Notation: "123m 456m 789p 234s 7z +7z", Ctx: ctx(b, rules.N, rules.E, rules.E, 0)},
		{Notation: "234s 78s 33z [555z] (1111p) +9s bonus: 4f", Ctx: ctx(b, rules.N, rules.NoWind, rules.W, 0)},
		{Notation: "234s 78s 33z [555z] (1111p) +9s bonus: 4f", Ctx: ctx(b, rules.N, rules.NoWind, rules.W, rules.LastTile)},
		{Notation: "[222m] 999s 77z 13m 468p bonus: 1f 1y", Ctx: ctx(b, rules.E, rules.NoWind, rules.E, 0)},
		{Notation: "55z 66z 123m 456p 789s bonus: 1f 2f 3f 4f", Ctx: ctx(b, rules.W, rules.NoWind, rules.E, 0)},
	}
	patterntest.BenchScore(b, r, cases)
}
