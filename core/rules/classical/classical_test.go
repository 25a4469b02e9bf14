package classical

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/pattern/patterntest"
)

var r = Ruleset{}

// vector is a CL-TV winning hand: all extra doubles on, bonus tiles off,
// L = 1500 (CL-15), and the expected value and nets.
type vector struct {
	hand        string
	seat, from  rules.Wind
	round       rules.Wind
	flags       rules.Flag
	points, dbl int
	value       int
	net         [4]int
}

func (v vector) check(t *testing.T, opts ...string) {
	t.Helper()
	ctx := patterntest.Ctx(patterntest.Options(t, r, opts...))
	ctx.Seat, ctx.From, ctx.Round, ctx.Flags = v.seat, v.from, v.round, v.flags
	got := patterntest.Value(t, r, v.hand, ctx)
	if !got.Valid || got.Value != v.value || (v.points != 0 && (got.Points != v.points || got.Doubles != v.dbl)) {
		t.Fatalf("%s: %+v, want value %d (B %d, D %d)", v.hand, got, v.value, v.points, v.dbl)
	}
	in := rules.SettleInput{Options: ctx.Options, Winner: v.seat, From: v.from, Flags: v.flags}
	in.Values[v.seat] = got.Value
	s := r.Settle(in)
	patterntest.CheckSettlement(t, s)
	if s.Net != v.net {
		t.Errorf("%s: nets %v, want %v", v.hand, s.Net, v.net)
	}
}

func TestCL_TV_1(t *testing.T) {
	vector{hand: "567p 23s 88m [777z] [111z] +4s", seat: rules.E, from: rules.N, round: rules.S,
		points: 18, dbl: 2, value: 72, net: [4]int{432, -144, -144, -144}}.check(t)
}

func TestCL_TV_2(t *testing.T) {
	vector{hand: "567p 23s 88m [777z] [111z] +4s", seat: rules.E, from: rules.N, round: rules.E,
		points: 18, dbl: 3, value: 144, net: [4]int{864, -288, -288, -288}}.check(t)
}

func TestCL_TV_3(t *testing.T) {
	const hand = "234p 345s 567s 6789m +6m"
	vector{hand: hand, seat: rules.S, from: rules.NoWind, points: 24, value: 24, net: [4]int{-48, 96, -24, -24}}.check(t)
	vector{hand: hand, seat: rules.S, from: rules.W, points: 22, value: 22, net: [4]int{-44, 88, -22, -22}}.check(t)
	vector{hand: "234p 345s 567s 6789m +9m", seat: rules.S, from: rules.NoWind, points: 28, value: 28, net: [4]int{-56, 112, -28, -28}}.check(t)
}

func TestCL_TV_4(t *testing.T) {
	vector{hand: "234s 67s 99s [666z] (5555s) +8s", seat: rules.N, from: rules.NoWind, flags: rules.KongReplacement,
		points: 30, dbl: 3, value: 240, net: [4]int{-480, -240, -240, 960}}.check(t)
}

func TestCL_TV_5(t *testing.T) {
	vector{hand: "123p 456p 78p 55p [222p] +9p", seat: rules.W, from: rules.S, flags: rules.RobbingKong,
		points: 12, dbl: 4, value: 192, net: [4]int{-384, -192, 768, -192}}.check(t)
}

func TestCL_TV_6(t *testing.T) {
	vector{hand: "19m 19p 19s 1234567z +1m", seat: rules.W, from: rules.N,
		value: 1500, net: [4]int{-3000, -1500, 6000, -1500}}.check(t)
}

func TestCL_TV_7(t *testing.T) {
	vector{hand: "234p 345s 567s 6789m +6m", seat: rules.S, from: rules.E, flags: rules.Earthly,
		value: 750, net: [4]int{-1500, 3000, -750, -750}}.check(t)
}
