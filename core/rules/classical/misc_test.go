package classical

import (
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/pattern"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/pattern/patterntest"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/simple"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

func TestProperties(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for _, opts := range [][]string{nil, {"CL-OPT-1=on", "CL-OPT-5=literal", "CL-OPT-4=off"}, {"limit=200"}} {
		o := patterntest.Options(t, r, opts...)
		patterntest.Properties(t, r, o, o.Int("limit"), ruleIDs, n, o.Bool("bonus"))
	}
}

func TestRuleIDsInFile(t *testing.T) {
	ids := append([]string(nil), ruleIDs...)
	for _, s := range specs {
		ids = append(ids, strings.TrimRight(s.ID, "abcd"), s.Rule)
	}
	patterntest.RuleFile(t, "classical.md", ids)
}

// TestSharedNames checks that a name key classical shares with the simple
// system has the same English text.
func TestSharedNames(t *testing.T) {
	ours := pattern.Names(table)
	for k, v := range simple.Names() {
		if o, ok := ours[k]; ok && o != v {
			t.Errorf("%s: %q here, %q in simple", k, o, v)
		}
	}
	for k := range ours {
		if rules.EnglishName(k) == k {
			t.Errorf("%s has no English name", k)
		}
	}
}

func TestInvalid(t *testing.T) {
	for _, c := range []struct {
		hand       string
		seat, from rules.Wind
		flags      rules.Flag
		opts       []string
		want       string
	}{
		{base, rules.S, rules.NoWind, rules.Heavenly, nil, "CL-10.3"},
		{base, rules.S, rules.W, rules.Earthly, nil, "CL-10.4"},
		{"123m 456p 789s 234s 1z +1z", rules.S, rules.W, rules.RobbingKong, nil, "CL-8.5"},
		{base + " bonus: 1f", rules.S, rules.W, 0, nil, "CL-OPT-1"},
		{"123m 456p 789s 23s 55m +1z", rules.S, rules.W, 0, nil, "CL-10.1"},
		{base, rules.S, rules.W, rules.KongReplacement, nil, "self-drawn"},
	} {
		ctx := patterntest.Ctx(patterntest.Options(t, r, c.opts...))
		ctx.Seat, ctx.From, ctx.Flags = c.seat, c.from, c.flags
		if v := patterntest.Value(t, r, c.hand, ctx); v.Valid || !strings.Contains(v.Error, c.want) {
			t.Errorf("%s: %+v, want invalid citing %q", c.hand, v, c.want)
		}
	}
}

func TestLoser(t *testing.T) {
	v := patterntest.Value(t, r, "[555z] 456p 789s 23s 66m", patterntest.Ctx(rules.DefaultOptions(r)))
	if !v.Valid || v.Value != 0 || len(v.Items) != 1 || v.Items[0].Rule != "CL-D-20" {
		t.Errorf("loser: %+v, want valid, worth 0 (CL-D-20)", v)
	}
}

func TestSettleOptions(t *testing.T) {
	in := rules.SettleInput{Options: patterntest.Options(t, r, "CL-OPT-4=off"), Winner: rules.S, From: rules.NoWind}
	in.Values[rules.S] = 100
	if s := r.Settle(in); s.Net != [4]int{-100, 300, -100, -100} {
		t.Errorf("without banker doubling: %v", s.Net)
	}
	in.Winner = rules.NoWind
	if s := r.Settle(in); len(s.Transfers) != 0 || s.Net != [4]int{} {
		t.Errorf("drawn hand pays nothing (CL-9.1): %+v", s)
	}
}

func TestOptionsAndSetup(t *testing.T) {
	if _, err := rules.ResolveOptions(r, map[string]string{"limit": "1501"}); err == nil {
		t.Error("an odd limit must be refused (CL-OPT-2)")
	}
	s := r.Setup(rules.DefaultOptions(r))
	if s.Wall != (wall.Spec{Layout: wall.DeadWall, StacksPerSide: 17}) || s.Deal != wall.DealFours || s.Bonus ||
		!s.Chow || !s.Heavenly || !s.Earthly || s.CelestialEmpire || s.Servi || s.Tiles.Total() != 136 || s.StartBalance != 1500 ||
		s.Game != (rules.GameSpec{Count: rules.CountDealerPasses, Rounds: 4, DealerKeepsOnDraw: true, DealerKeepsOnWin: true}) {
		t.Errorf("default setup %+v", s)
	}
	if s.RobKong(tile.Red) || s.RobKong(tile.East) || !s.RobKong(tile.Kind(4)) {
		t.Error("honour kongs cannot be robbed (CL-8.5)")
	}
	s = r.Setup(patterntest.Options(t, r, "CL-OPT-1=on", "CL-OPT-7=fixed14", "CL-OPT-8=3000"))
	if s.Wall != (wall.Spec{Layout: wall.DeadWall, StacksPerSide: 18, FixedReserve: true}) || s.Tiles.Total() != 144 || !s.Bonus || s.StartBalance != 3000 {
		t.Errorf("setup with options %+v", s)
	}
	if len(specs) != 11 {
		t.Errorf("%d options, want CL-OPT-1 to CL-OPT-8 with CL-OPT-3 as four", len(specs))
	}
}

func FuzzValue(f *testing.F) {
	for _, s := range []string{base, "19m 19p 19s 1234567z +1m", "[111z] [222z] [333z] 444z 5z +5z", "234s 67s 99s [666z] (5555s) +8s"} {
		f.Add(s, int8(2), int8(-1), uint32(0))
	}
	f.Fuzz(func(t *testing.T, s string, seat, from int8, flags uint32) {
		patterntest.Fuzz(t, r, s, seat, from, flags)
	})
}

func FuzzValueRaw(f *testing.F) {
	f.Add([]byte("\x01\x01\x01\x02\x02\x02\x03\x03\x03\x04\x04\x04\x05"))
	f.Fuzz(func(t *testing.T, data []byte) { patterntest.FuzzRaw(t, r, data) })
}

// BenchmarkValue values one winning hand (CL-TV-4) through the Ruleset.
func BenchmarkValue(b *testing.B) {
	n, _ := tile.ParseHand("234s 67s 99s [666z] (5555s) +8s")
	h, _ := rules.HandFromNotation(n)
	ctx := patterntest.Ctx(rules.DefaultOptions(r))
	ctx.Seat, ctx.Flags = rules.N, rules.KongReplacement
	for b.Loop() {
		if v := r.Value(h, ctx); v.Value != 240 {
			b.Fatal(v)
		}
	}
}

// BenchmarkScore scores the row-test hands (one or more per scoring row,
// CL-11, CL-12) from notation, cycled.
func BenchmarkScore(b *testing.B) {
	var cases []patterntest.ScoreCase
	for _, c := range rowCases {
		ctx := patterntest.Ctx(patterntest.Options(b, r, c.opts...))
		ctx.Seat, ctx.Round, ctx.From, ctx.Flags = rules.W, c.round, rules.N, c.flags
		if c.seat != rules.E {
			ctx.Seat = c.seat
		}
		if c.east {
			ctx.Seat = rules.E
		}
		if c.self {
			ctx.From = rules.NoWind
		}
		if c.flags.Has(rules.Earthly) {
			ctx.From = rules.E
		}
		cases = append(cases, patterntest.ScoreCase{Notation: c.hand, Ctx: ctx})
	}
	patterntest.BenchScore(b, r, cases)
}
