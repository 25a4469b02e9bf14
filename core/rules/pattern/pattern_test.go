package pattern

import (
	"math"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

func parse(t *testing.T, s string) rules.Hand {
	t.Helper()
	n, err := tile.ParseHand(s)
	if err != nil {
		t.Fatal(err)
	}
	h, err := rules.HandFromNotation(n)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestReadings(t *testing.T) {
	for _, c := range []struct {
		hand string
		self bool
		want []string // want is every reading, in order
	}{
		{"234m 567m 5z [666z] [999p] +5z", false, []string{"[666z] [999p] 234m 567m [55z]"}},
		{"234p 345s 567s 6789m +6m", true, []string{"789m 234p 345s 567s 66m"}},
		{"111222333m 78p 55s +9p", false, []string{
			"123m 123m 123m [789p] 55s", "111m 222m 333m [789p] 55s"}},
		{"123m 456p 789s 23m 11m +1m", false, []string{"123m 123m 456p 789s [11m]", "[123m] 123m 456p 789s 11m"}},
	} {
		var got []string
		h := parse(t, c.hand)
		Readings(&h, c.self, func(r *Reading) { got = append(got, r.String()) })
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%s: readings %q, want %q", c.hand, got, c.want)
		}
	}
}

func TestBest(t *testing.T) {
	h := parse(t, "111222333m 78p 55s +9p")
	best, ok := Best(&h, false, func(r *Reading) int64 { return int64(-r.Chows()) })
	if !ok || best.Chows() != 1 {
		t.Errorf("best %s, want the pungs reading", best.String())
	}
	h = parse(t, "123m 456p 789s 23m 55m +9m")
	if _, ok := Best(&h, false, func(*Reading) int64 { return 0 }); ok {
		t.Error("not four sets and a pair, want false")
	}
}

func TestLoserReading(t *testing.T) {
	h := parse(t, "1111m 55z 66z 7z 999s [222p]")
	r := LoserReading(&h)
	if got := r.String(); got != "[222p] 111m 999s 55z 66z" {
		t.Errorf("reading %q", got)
	}
}

func TestValue(t *testing.T) {
	for _, c := range []struct{ p, d, limit, want int }{
		{28, 1, 1000, 56}, {43, 4, 1000, 688}, {43, 5, 1000, 1000}, {100, 100, 0, math.MaxInt32}, {-5, -1, 0, 0},
	} {
		if v, capped := Value(c.p, c.d, c.limit); v != c.want || capped != (c.limit > 0 && v == c.limit) {
			t.Errorf("Value(%d, %d, %d) = %d %v, want %d", c.p, c.d, c.limit, v, capped, c.want)
		}
	}
}

func TestCheck(t *testing.T) {
	for _, c := range []struct{ hand, want string }{
		{"123m 456p 789s 234s 5m +5m", ""},
		{"123m 456p 789s 23s 5m", "13 tiles"},
		{"123m 456p 789s 234s 5m", ""},
		{"123m 456p 789s 234s 5m 5m", "has 14"},
		{"5555m 5m 456p 789s 23s +4s", "5 copies"},
		{"123m 456p 789s 23s 5m +4s bonus: 1f", "option X is off"},
	} {
		h := parse(t, c.hand)
		if got := Check(&h, false, "option X"); (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want %q", c.hand, got, c.want)
		}
	}
	bad := rules.Hand{Winning: tile.Joker}
	if msg := Check(&bad, true, ""); !strings.Contains(msg, "winning tile") {
		t.Errorf("joker winning tile: %q", msg)
	}
	bad = rules.Hand{Winning: tile.None, Melds: []hand.Meld{{Kind: hand.Chow, Tile: tile.Kind(8)}}}
	if msg := Check(&bad, true, ""); !strings.Contains(msg, "chow cannot start") {
		t.Errorf("chow from 9m: %q", msg)
	}
}

func TestCheckContext(t *testing.T) {
	for _, c := range []struct {
		ctx  rules.Context
		want string
	}{
		{rules.Context{From: rules.NoWind}, ""},
		{rules.Context{Seat: 4, From: rules.NoWind}, "seat wind"},
		{rules.Context{From: rules.E}, "another seat"},
		{rules.Context{From: rules.S, Flags: rules.LastTile}, "self-drawn"},
		{rules.Context{From: rules.NoWind, Flags: rules.LastDiscard}, "discard"},
		{rules.Context{From: rules.NoWind, Flags: rules.RobbingKong | rules.KongReplacement}, "self-drawn"},
	} {
		if got := CheckContext(&c.ctx, true, true); (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%+v: %q, want %q", c.ctx, got, c.want)
		}
	}
}

func TestThirteenOrphans(t *testing.T) {
	c := tile.CountsOf(tile.MustParse("19m 19p 19s 1234567z 1z"))
	if !ThirteenOrphans(&c, func(tile.Kind) bool { return true }) || ThirteenOrphans(&c, tile.Kind.IsTerminal) {
		t.Error("a 1z duplicate is any-tile only")
	}
	c = tile.CountsOf(tile.MustParse("19m 19p 19s 1234566z 1z"))
	if ThirteenOrphans(&c, func(tile.Kind) bool { return true }) {
		t.Error("missing 7z")
	}
}

func TestFactsAndNames(t *testing.T) {
	h := parse(t, "123m 456m 789m 234m 1z +1z bonus: 2f 2y 1f 3f 4f")
	ctx := rules.Context{Seat: rules.S, From: rules.NoWind}
	f := FactsOf(&h, &ctx)
	if !f.HalfFlush() || f.FullFlush() || f.AllHonours() || !f.OwnFlower() || !f.OwnSeason() || f.Flowers != 0xF || f.Claimed || !f.SelfDrawn {
		t.Errorf("facts %+v", f)
	}
	if fl, se := f.BonusTiles(); fl != 4 || se != 1 {
		t.Errorf("bonus tiles %d %d", fl, se)
	}
	rows := SetRows[struct{}]([]Class{Simples, Majors}, func(hand.MeldKind, Class) string { return "X" })
	if len(rows) != 8 || rows[1].Name != "score.pung_simple_concealed" || rows[1].Points != 4 || rows[7].Points != 32 {
		t.Errorf("set rows %+v", rows)
	}
	if rules.EnglishName("option.limit") != "Limit" {
		t.Error("option names are not registered")
	}
}

func TestBook(t *testing.T) {
	specs := []rules.OptionSpec{{ID: "X-1", Key: "limit", Type: rules.OptionInt, Default: "10", Max: 100}}
	other := []rules.OptionSpec{{ID: "Y-1", Type: rules.OptionBool, Default: "on"}}
	defaults := func() rules.Options { o, _ := rules.NewOptions(specs, nil); return o }
	b := NewBook(specs, defaults)
	o, _ := rules.NewOptions(specs, map[string]string{"limit": "20"})
	foreign, _ := rules.NewOptions(other, nil)
	for _, c := range []struct {
		o    rules.Options
		want int
	}{{o, 20}, {rules.Options{}, 10}, {foreign, 10}} {
		if got := b.Read(c.o).Int("X-1"); got != c.want {
			t.Errorf("read %d, want %d", got, c.want)
		}
	}
}

func TestCandidates(t *testing.T) {
	for _, c := range []struct{ hand, want, not string }{
		{"19m 19p 19s 1234567z", "19m 19p 19s 1234567z", "5m"}, // thirteen orphans, 13 waits
		{"123456789m 1234z", "123456789m 1234567z", "5p"},      // little snake
		{"5555z 6666z 777z 4z", "1234567z", "5m"},              // imperial: natural kongs
		{"123m 456p 789s 11z 23m", "14m", "5p"},                // a regular two-sided wait
		{"1112345678999m", "123456789m", "5p"},                 // nine gates: every number
	} {
		h := parse(t, c.hand)
		s := Candidates(&h)
		for _, k := range tile.MustParse(c.want) {
			if !s.Has(k) {
				t.Errorf("%s: %s is not a candidate (got %s)", c.hand, k, s)
			}
		}
		for _, k := range tile.MustParse(c.not) {
			if s.Has(k) {
				t.Errorf("%s: %s should not be a candidate", c.hand, k)
			}
		}
	}
}

func BenchmarkReadings(b *testing.B) {
	n, _ := tile.ParseHand("111222333m 78p 55s +9p")
	h, _ := rules.HandFromNotation(n)
	for b.Loop() {
		Readings(&h, false, func(*Reading) {})
	}
}
