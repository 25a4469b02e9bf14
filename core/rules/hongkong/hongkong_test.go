package hongkong

import (
	"slices"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/pattern/patterntest"
)

var r = Ruleset{}

func ctx(t testing.TB, seat, from, dominant rules.Wind, opts ...string) rules.Context {
	c := patterntest.Ctx(patterntest.Options(t, r, opts...))
	c.Seat, c.From, c.Dominant = seat, from, dominant
	return c
}

func wantValue(t *testing.T, hand string, c rules.Context, want int) rules.Valuation {
	t.Helper()
	v := patterntest.Value(t, r, hand, c)
	if !v.Valid || v.Value != want {
		t.Fatalf("%s: value %d (valid %v, %s), want %d; items %+v", hand, v.Value, v.Valid, v.Error, want, v.Items)
	}
	return v
}

func settle(t *testing.T, winner rules.Wind, values [4]int, opts ...string) rules.Settlement {
	t.Helper()
	s := r.Settle(rules.SettleInput{Options: patterntest.Options(t, r, opts...), Winner: winner, From: rules.NoWind, Values: values})
	sum := 0
	for _, n := range s.Net {
		sum += n
	}
	if !s.Ledger && sum != 0 {
		t.Fatalf("transfers do not sum to zero: %v", s.Net)
	}
	return s
}

func wantTransfers(t *testing.T, s rules.Settlement, want []rules.Transfer, net [4]int) {
	t.Helper()
	for _, w := range want {
		if !slices.Contains(s.Transfers, w) {
			t.Errorf("missing transfer %s→%s %d; got %+v", w.From, w.To, w.Amount, s.Transfers)
		}
	}
	if len(s.Transfers) != len(want) || s.Net != net {
		t.Errorf("transfers %+v net %v, want %d transfers and net %v", s.Transfers, s.Net, len(want), net)
	}
}

func TestHK_TV_1(t *testing.T) {
	s := settle(t, rules.E, [4]int{100, 250, 40, 10}, "scoring=advanced")
	wantTransfers(t, s, []rules.Transfer{
		{From: rules.S, To: rules.E, Amount: 200}, {From: rules.W, To: rules.E, Amount: 200}, {From: rules.N, To: rules.E, Amount: 200},
		{From: rules.E, To: rules.S, Amount: 600}, {From: rules.W, To: rules.S, Amount: 210}, {From: rules.N, To: rules.S, Amount: 240},
		{From: rules.N, To: rules.W, Amount: 30},
	}, [4]int{0, 850, -380, -470})
}

func TestHK_TV_2(t *testing.T) {
	s := settle(t, rules.S, [4]int{30, 100, 50, 10}, "scoring=advanced")
	wantTransfers(t, s, []rules.Transfer{
		{From: rules.E, To: rules.S, Amount: 200}, {From: rules.W, To: rules.S, Amount: 100}, {From: rules.N, To: rules.S, Amount: 100},
		{From: rules.N, To: rules.W, Amount: 40}, {From: rules.N, To: rules.E, Amount: 40}, {From: rules.E, To: rules.W, Amount: 40},
	}, [4]int{-200, 400, -20, -180})
}

func TestHK_TV_3(t *testing.T) {
	s := settle(t, rules.W, [4]int{100, 80, 60, 0}, "scoring=advanced")
	wantTransfers(t, s, []rules.Transfer{
		{From: rules.E, To: rules.W, Amount: 120}, {From: rules.S, To: rules.W, Amount: 60}, {From: rules.N, To: rules.W, Amount: 60},
		{From: rules.W, To: rules.E, Amount: 160}, {From: rules.W, To: rules.S, Amount: 40}, {From: rules.S, To: rules.E, Amount: 40},
		{From: rules.N, To: rules.E, Amount: 200}, {From: rules.N, To: rules.S, Amount: 80},
	}, [4]int{280, 20, 40, -340})
}

func TestHK_TV_4(t *testing.T) {
	const hand = "234m 567m 5z [666z] [999p] +5z"
	v := wantValue(t, hand, ctx(t, rules.S, rules.W, rules.W), 56)
	if v.Points != 28 || v.Doubles != 1 {
		t.Errorf("P %d D %d, want 28 and 1", v.Points, v.Doubles)
	}
	if slices.ContainsFunc(v.Items, func(it rules.Item) bool { return it.Rule == "HK-S-4" }) {
		t.Errorf("a dragon pair completed by a discard scores 0 (HK-D-10): %+v", v.Items)
	}
	wantValue(t, hand, ctx(t, rules.S, rules.NoWind, rules.W), 70) // self-drawn: P = 35
	s := settle(t, rules.S, [4]int{0, 56, 0, 0})
	if !s.Ledger || s.Net != [4]int{0, 56, 0, 0} || len(s.Transfers) != 0 {
		t.Errorf("ledger %+v, want South recording 56 (HK-S-37)", s)
	}
}

func TestHK_TV_5(t *testing.T) {
	v := wantValue(t, "111z 555p 777p 8p [333p] +8p", ctx(t, rules.E, rules.NoWind, rules.E), 688)
	if v.Points != 43 || v.Doubles != 4 {
		t.Errorf("P %d D %d, want 43 and 4", v.Points, v.Doubles)
	}
	if s := settle(t, rules.E, [4]int{688, 0, 0, 0}); s.Net[rules.E] != 1376 {
		t.Errorf("East records %d, want 1376 (HK-S-37)", s.Net[rules.E])
	}
	if s := settle(t, rules.E, [4]int{688, 0, 0, 0}, "HK-OPT-4=double-first"); s.Net[rules.E] != 1000 {
		t.Errorf("East records %d with HK-OPT-4 double-first, want 1000", s.Net[rules.E])
	}
	s := settle(t, rules.E, [4]int{688, 0, 0, 0}, "scoring=advanced")
	if s.Net != [4]int{6 * 688, -2 * 688, -2 * 688, -2 * 688} {
		t.Errorf("advanced net %v, want H[E] = 688 paid double by each", s.Net)
	}
}

func TestHK_TV_6(t *testing.T) {
	v := wantValue(t, "999s 11z 23m 456p [777z] bonus: 3f 1y", ctx(t, rules.W, rules.NoWind, rules.E), 88)
	if v.Points != 22 || v.Doubles != 2 {
		t.Errorf("P %d D %d, want 22 and 2", v.Points, v.Doubles)
	}
}

func TestHK_TV_7(t *testing.T) {
	const hand = "5555z 6666z 777z 44z +7z"
	v := wantValue(t, hand, ctx(t, rules.N, rules.NoWind, rules.E), 6000)
	if v.Items[0].Rule != "HK-G-8" || !v.Limit {
		t.Errorf("items %+v, want HK-G-8", v.Items)
	}
	wantValue(t, "5555z 6666z 777z 11z +7z", ctx(t, rules.E, rules.NoWind, rules.E), 6000)
	if s := settle(t, rules.E, [4]int{6000, 0, 0, 0}); s.Net[rules.E] != 12000 {
		t.Errorf("East records %d, want 12000", s.Net[rules.E])
	}
	if v := patterntest.Value(t, r, hand, ctx(t, rules.N, rules.E, rules.E)); v.Valid {
		t.Errorf("7z from a discard: not natural, not regular, want invalid; got %+v", v)
	}
}

func TestHK_TV_8(t *testing.T) {
	c := ctx(t, rules.S, rules.NoWind, rules.S, "HK-OPT-6=on")
	c.Round = rules.S
	v := wantValue(t, "[222z] 147m 258p 369s 1p", c, 32)
	if v.Points != 4 || v.Doubles != 3 {
		t.Errorf("P %d D %d, want 4 and 3 (HK-S-14 + HK-S-15 + HK-S-17)", v.Points, v.Doubles)
	}
}

func TestHK_TV_9(t *testing.T) {
	v := wantValue(t, "55z 66z 123m 456p 789s bonus: 1f 2f 3f 4f", ctx(t, rules.W, rules.NoWind, rules.E), 640)
	if v.Points != 20 || v.Doubles != 5 {
		t.Errorf("P %d D %d, want 20 and 5", v.Points, v.Doubles)
	}
}
