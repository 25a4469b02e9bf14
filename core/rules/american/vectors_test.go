package american_test

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/american"
)

// score values hand for seat E under opts (nil: the defaults); from is the
// discarder, NoWind when self-drawn.
func score(t *testing.T, r rules.Ruleset, hand string, from rules.Wind, opts map[string]string) rules.Valuation {
	t.Helper()
	o, err := rules.ResolveOptions(r, opts)
	if err != nil {
		t.Fatal(err)
	}
	v, err := rules.Score(r, hand, rules.Context{Options: o, Seat: rules.E, From: from})
	if err != nil {
		t.Fatalf("Score(%q): %v", hand, err)
	}
	return v
}

// settle settles E's win with payment unit u (from: the discarder, or
// NoWind) under opts, the bettor naming bet (NoWind: nobody).
func settle(t *testing.T, u int, from, bet rules.Wind, opts map[string]string) rules.Settlement {
	t.Helper()
	o, err := rules.ResolveOptions(american.Ruleset{}, opts)
	if err != nil {
		t.Fatal(err)
	}
	in := rules.SettleInput{Options: o, Winner: rules.E, From: from}
	in.Values[rules.E] = u
	if bet != rules.NoWind {
		in.Extra[bet].Bet = true
	}
	return american.Ruleset{}.Settle(in)
}

// vector is one row of AM-13: the hand, the paid line ("" for none), the
// line's value v, and what the discarder and each other loser pay on a
// discard win and each loser on a self-drawn win. Seat E wins; S discards.
type vector struct {
	hand        string
	line        string
	v           int
	disc, other int
	self        int
	opts        map[string]string
}

// checkVector checks a vector both ways: self-drawn and on S's discard.
func checkVector(t *testing.T, c vector) {
	t.Helper()
	r := american.Ruleset{}
	for _, from := range []rules.Wind{rules.NoWind, rules.S} {
		v := score(t, r, c.hand, from, c.opts)
		if c.line == "" {
			if v.Valid {
				t.Errorf("%s from %s: paid on %s, want no line", c.hand, from, v.Line)
			}
			continue
		}
		if !v.Valid || v.Line != c.line || v.Points != c.v {
			t.Fatalf("%s from %s: valid %v line %q v %d (%s), want %s v %d", c.hand, from, v.Valid, v.Line, v.Points, v.Error, c.line, c.v)
		}
		s := settle(t, v.Value, from, rules.NoWind, c.opts)
		want := [4]int{rules.E: 3 * c.self, rules.S: -c.self, rules.W: -c.self, rules.N: -c.self}
		if from == rules.S {
			want = [4]int{rules.E: c.disc + 2*c.other, rules.S: -c.disc, rules.W: -c.other, rules.N: -c.other}
		}
		if s.Net != want {
			t.Errorf("%s from %s: net %v, want %v (%s)", c.hand, from, s.Net, want, s.Note)
		}
	}
}

func TestAM_13_1(t *testing.T) {
	checkVector(t, vector{hand: "222m 0j 5555z 2222p 6s +6s", line: "Y3", v: 25, disc: 50, other: 25, self: 50})
}

func TestAM_13_2(t *testing.T) {
	checkVector(t, vector{hand: "2222m 5555z 2222p 6s +6s", line: "Y3", v: 25, disc: 100, other: 50, self: 100})
}

func TestAM_13_3(t *testing.T) {
	checkVector(t, vector{hand: "55p 666p 77p 0j 5z [888p0j] +5z", line: "R1", v: 30, disc: 60, other: 30, self: 60})
}

func TestAM_13_4(t *testing.T) {
	checkVector(t, vector{hand: "55p 666p 77p 0j 7z [888p0j] +7z"})
}

func TestAM_13_5(t *testing.T) {
	checkVector(t, vector{hand: "112233445566s 0j +7s"})
}

func TestAM_13_6(t *testing.T) {
	checkVector(t, vector{hand: "222p 333s 444m 5p [111m] +5p"})
	checkVector(t, vector{hand: "222p 333s 444m 5p 111m +5p", line: "R5", v: 35, disc: 140, other: 70, self: 140})
}

func TestAM_13_7(t *testing.T) {
	checkVector(t, vector{hand: "111f 226m 5555z [666p] +6p"})
}

func TestAM_13_8(t *testing.T) {
	checkVector(t, vector{hand: "222z 00j 777s [4444z0j] +7s", line: "Q2", v: 45, disc: 90, other: 45, self: 90})
}

func TestAM_13_9(t *testing.T) {
	for _, flowers := range []string{"11111f", "1f2f3f4f1y"} {
		checkVector(t, vector{hand: "111m 222p 33s " + flowers + " +3s", line: "M4", v: 35, disc: 140, other: 70, self: 140})
	}
}

func TestAM_13_10(t *testing.T) {
	const hand = "1122334455667z +7z"
	checkVector(t, vector{hand: hand, line: "S1", v: 50, disc: 100, other: 50, self: 100})
	checkVector(t, vector{hand: hand, line: "S1", v: 50, disc: 200, other: 100, self: 200,
		opts: map[string]string{american.OptJokerlessNoJokers: "on"}})
}

func TestAM_13_11(t *testing.T) {
	checkVector(t, vector{hand: "1111s 357s 99s 0j 777z +9s", line: "O5", v: 35, disc: 70, other: 35, self: 70})
	checkVector(t, vector{hand: "1111s 357s 99s 0j 666z +9s"})
}

func TestAM_13_12(t *testing.T) {
	checkVector(t, vector{hand: "11f 226m 7777p 777s 0j +5z", line: "Y4", v: 30, disc: 60, other: 30, self: 60})
}

func TestAM_13_13(t *testing.T) {
	checkVector(t, vector{hand: "11111f 111m 22p 000j +2p", line: "Q1", v: 40, disc: 80, other: 40, self: 80})
}

func TestAM_13_14(t *testing.T) {
	checkVector(t, vector{hand: "11111f 22p 000j [111m] +2p", line: "M4", v: 35, disc: 70, other: 35, self: 70})
}

func TestAM_13_15(t *testing.T) {
	checkVector(t, vector{hand: "7777m 222p 14s [111f0j] +2p", line: "M1", v: 30, disc: 60, other: 30, self: 60})
}

// TestAM_13_16 is vector 3 with a bettor: on the winner, every payment is
// doubled and the total split between the winner and the bettor; on
// another seat, the bettor pays the winner as a non-discarder.
func TestAM_13_16(t *testing.T) {
	bettor := map[string]string{american.OptBettor: "on"}
	v := score(t, american.Ruleset{}, "55p 666p 77p 0j 5z [888p0j] +5z", rules.S, bettor)
	if !v.Valid || v.Line != "R1" || v.Value != 30 {
		t.Fatalf("vector 3: %+v", v)
	}
	for _, c := range []struct {
		from, bet rules.Wind
		net       [4]int
		bettor    int
	}{
		{rules.S, rules.E, [4]int{120, -120, -60, -60}, 120},
		{rules.NoWind, rules.E, [4]int{180, -120, -120, -120}, 180},
		{rules.S, rules.W, [4]int{150, -60, -30, -30}, -30},
		{rules.NoWind, rules.N, [4]int{240, -60, -60, -60}, -60},
		{rules.S, rules.NoWind, [4]int{150, -60, -30, -30}, -30},
	} {
		s := settle(t, v.Value, c.from, c.bet, bettor)
		if s.Net != c.net || s.Bettor != c.bettor {
			t.Errorf("from %s, bet on %s: net %v bettor %d, want %v bettor %d (%s)", c.from, c.bet, s.Net, s.Bettor, c.net, c.bettor, s.Note)
		}
	}
}
