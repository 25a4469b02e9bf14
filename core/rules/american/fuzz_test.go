package american_test

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/american"
)

// FuzzValue values any notation under any discarder and flags: no panic;
// a valid win names a line and pays at least its value; a settlement of it
// balances.
func FuzzValue(f *testing.F) {
	for _, s := range []string{
		vector3, "222m 0j 5555z 2222p 6s +6s", "1122334455667z +7z", "11111f 22p 000j [111m] +2p",
		"7777m 222p 14s [111f0j] +2p", "222z 00j 777s [4444z0j] +7s", "55p 666p 77p 0j 5z [888p0j]",
		"(1111p) 22p +2p", "1f bonus: 2f", "+0j*", "[0j0j0j] 0j +0j", "[1f1y2f3y4f4y] 11s +1s",
	} {
		f.Add(s, int8(-1), uint32(0))
		f.Add(s, int8(1), uint32(rules.LastTile))
	}
	r := american.Ruleset{}
	o := rules.DefaultOptions(r)
	f.Fuzz(func(t *testing.T, s string, from int8, flags uint32) {
		ctx := rules.Context{Options: o, Seat: rules.E, From: rules.Wind(from%5 - 1), Flags: rules.Flag(flags)}
		if ctx.From == rules.E {
			ctx.From = rules.NoWind
		}
		v, err := rules.Score(r, s, ctx)
		if err != nil || !v.Valid || v.Line == "" {
			return
		}
		if v.Value < v.Points || v.Points <= 0 {
			t.Fatalf("%q: value %d below the line's %d", s, v.Value, v.Points)
		}
		in := rules.SettleInput{Options: o, Winner: rules.E, From: ctx.From}
		in.Values[rules.E] = v.Value
		st := r.Settle(in)
		if st.Net[0]+st.Net[1]+st.Net[2]+st.Net[3] != 0 || st.Net[0] < 3*v.Value {
			t.Fatalf("%q: settlement %+v", s, st)
		}
	})
}
