package hongkong

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/pattern/patterntest"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

func TestProperties(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for _, opts := range [][]string{nil, {"scoring=advanced", "HK-OPT-6=on", "HK-OPT-5=on", "HK-OPT-7=on", "HK-OPT-8=on", "HK-OPT-9=on"}, {"HK-OPT-1=off", "HK-OPT-3=300"}} {
		o := patterntest.Options(t, r, opts...)
		patterntest.Properties(t, r, o, o.Int("HK-OPT-3"), system.Rules(), n, o.Bool("HK-OPT-1"))
	}
}

func TestRuleIDsInFile(t *testing.T) {
	ids := system.Rules()
	for _, s := range specs {
		ids = append(ids, s.ID, s.Rule)
	}
	patterntest.RuleFile(t, "hongkong.md", ids)
}

func TestInvalid(t *testing.T) {
	for _, c := range []struct{ hand, want string }{
		{"234m 567m [666z] [999p]", "13 tiles"},
		{"234m 567m [666z] [999p] +5z", "14 tiles"},
		{"5555m 567m 5z [666z] [99p] +5z", "pair"},
		{"555m 567m 5z [555m] [999p] +5z", "copies of 5m; there are only 4"},
		{"234m 567m 5z [666z] [999p] +5z bonus: 1f 1f", "listed twice"},
		{"234m 567m 5z [666z] [999p] +5z bonus: 1m", "bonus tiles are 1f-4f"},
		{"234m 567m 5z [666z] [999p] 0j", "jokers"},
		{"234m 568m 5z [666z] [999p] +5z", "not a winning hand"},
	} {
		v := patterntest.Value(t, r, c.hand, ctx(t, rules.S, rules.W, rules.W))
		if v.Valid || !strings.Contains(v.Error, c.want) {
			t.Errorf("%s: %+v, want invalid with %q", c.hand, v, c.want)
		}
	}
	v := patterntest.Value(t, r, "234m 567m 5z [666z] [999p] +5z bonus: 1f", ctx(t, rules.S, rules.W, rules.W, "HK-OPT-1=off"))
	if v.Valid || !strings.Contains(v.Error, "HK-OPT-1") {
		t.Errorf("bonus tile with HK-OPT-1 off: %+v", v)
	}
	c := ctx(t, rules.S, rules.S, rules.W)
	if v := patterntest.Value(t, r, chows4, c); v.Valid {
		t.Errorf("discarder = winner: %+v, want invalid", v)
	}
}

func TestZeroOptions(t *testing.T) {
	v := r.Value(rules.Hand{Concealed: tile.CountsOf(tile.MustParse("123m 456p 789s 234s 5m")), Winning: tile.Kind(4)},
		rules.Context{From: rules.NoWind})
	if !v.Valid || v.Value != 35 {
		t.Errorf("zero options: %+v, want the defaults' value 35", v)
	}
}

func TestOptionsAndSetup(t *testing.T) {
	o := patterntest.Options(t, r, "HK-OPT-10=japanese")
	if o.Bool("HK-OPT-11") || r.Setup(o).CelestialEmpire || !r.Setup(o).JapaneseDiscards {
		t.Errorf("japanese discards must turn the Celestial Empire off (HK-5.3)")
	}
	s := r.Setup(rules.DefaultOptions(r))
	if s.Wall != (wall.Spec{Layout: wall.Hill, StacksPerSide: 18}) || s.Deal != wall.DealTwos || !s.Bonus || !s.Chow ||
		!s.CelestialEmpire || !s.Servi || s.CallingHand || s.Tiles.Total() != 144 || s.StartBalance != 0 ||
		s.Game != (rules.GameSpec{Count: rules.CountHands, Rounds: 4, DealerKeepsOnDraw: true, DealerKeepsOnWin: true, RoundStart: "rotate"}) {
		t.Errorf("default setup %+v", s)
	}
	s = r.Setup(patterntest.Options(t, r, "HK-OPT-1=off", "HK-OPT-12=rotate", "HK-OPT-14=rotations", "round_start=none", "HK-OPT-9=on"))
	if s.Wall.StacksPerSide != 17 || s.Tiles.Total() != 136 || s.Game.DealerKeepsOnDraw ||
		s.Game.Count != rules.CountDealerPasses || s.Game.RoundStart != "none" || !s.CallingHand {
		t.Errorf("setup with options %+v", s)
	}
	if len(specs) != 16 {
		t.Errorf("%d options, want HK-OPT-1 to HK-OPT-16", len(specs))
	}
	if _, err := r.Validate(rules.DefaultOptions(r)); err != nil {
		t.Error(err)
	}
}

// TestWaits checks that Waits is a superset of the tiles that complete a hand.
func TestWaits(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	o := rules.DefaultOptions(r)
	for range 300 {
		h := patterntest.RandomHand(rng, false, false)
		n, _ := tile.ParseHand(h.Notation)
		hand, _ := rules.HandFromNotation(n)
		cands := r.Waits(hand, patterntest.Ctx(o))
		for k := tile.Kind(0); k < tile.NumStandard; k++ {
			hand.Winning = k
			if v := r.Value(hand, patterntest.Ctx(o)); v.Valid && !cands.Has(k) {
				t.Fatalf("%s completes %s but is not among the waits %s", k, h.Notation, cands)
			}
		}
	}
}

func FuzzValue(f *testing.F) {
	for _, s := range []string{"234m 567m 5z [666z] [999p] +5z", "5555z 6666z 777z 44z +7z", "19m 19p 19s 1234567z +9s",
		"999s 11z 23m 456p [777z] bonus: 3f 1y", "[1111z] (2222z) 3z", "1112345678999m +5m"} {
		f.Add(s, int8(1), int8(-1), uint32(0))
	}
	f.Fuzz(func(t *testing.T, s string, seat, from int8, flags uint32) {
		patterntest.Fuzz(t, r, s, seat, from, flags)
	})
}

func FuzzValueRaw(f *testing.F) {
	f.Add([]byte("\x01\x01\x01\x02\x02\x02\x03\x03\x03\x04\x04\x04\x05"))
	f.Fuzz(func(t *testing.T, data []byte) { patterntest.FuzzRaw(t, r, data) })
}

// BenchmarkValue values one winning hand (HK-TV-5) through the Ruleset.
func BenchmarkValue(b *testing.B) {
	n, _ := tile.ParseHand("111z 555p 777p 8p [333p] +8p")
	h, _ := rules.HandFromNotation(n)
	c := ctx(b, rules.E, rules.NoWind, rules.E)
	for b.Loop() {
		if v := r.Value(h, c); v.Value != 688 {
			b.Fatal(v)
		}
	}
}

// BenchmarkScore scores the row-test hands (one or more per scoring row of
// HK-S) from notation, cycled.
func BenchmarkScore(b *testing.B) {
	var cases []patterntest.ScoreCase
	for _, c := range rowCases {
		cx := ctx(b, rules.W, rules.N, rules.E, c.opts...)
		cx.Round, cx.Flags = c.round, c.flags
		if c.self {
			cx.From = rules.NoWind
		}
		cases = append(cases, patterntest.ScoreCase{Notation: c.hand, Ctx: cx})
	}
	patterntest.BenchScore(b, r, cases)
}
