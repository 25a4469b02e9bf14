package classical

import (
	"slices"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/pattern/patterntest"
)

// base is a ping-ho hand whose pair scores nothing and whose winning tile
// completes a chow.
const base = "123m 456p 789s 23s 55m +4s"

// rowCases fire each row of the classical tables on a minimal hand: seat
// W, round E, won on North's discard unless stated; want lists the item
// names exactly, without "score.".
var rowCases = []struct {
	row   string
	hand  string
	seat  rules.Wind // seat is the seat, W when left at E (the zero value) unless east
	east  bool
	round rules.Wind
	self  bool
	flags rules.Flag
	opts  []string
	want  string
}{
	{row: "CL-11.5", hand: base, want: "going_out ping_ho"},
	{row: "CL-11.1", hand: "[555m] 456p 789s 23s 66m +4s", want: "going_out pung_simple_exposed"},
	{row: "CL-11.1", hand: "555m 456p 789s 23s 66m +4s", want: "going_out pung_simple_concealed"},
	{row: "CL-11.1", hand: "[999m] 456p 789s 23s 66m +4s", want: "going_out pung_major_exposed"},
	{row: "CL-11.1", hand: "444z 456p 789s 23s 66m +4s", want: "going_out pung_major_concealed"},
	{row: "CL-11.1", hand: "[5555m] 456p 789s 23s 66m +4s", want: "going_out kong_simple_exposed"},
	{row: "CL-11.1", hand: "(5555m) 456p 789s 23s 66m +4s", want: "going_out kong_simple_concealed"},
	{row: "CL-11.1", hand: "[4444z] 456p 789s 23s 66m +4s", want: "going_out kong_major_exposed"},
	{row: "CL-11.1", hand: "(9999m) 456p 789s 23s 66m +4s", want: "going_out kong_major_concealed"},
	{row: "CL-11.1", hand: "123m 456p 789s 55s 66m +5s", want: "going_out pung_simple_exposed"},
	{row: "CL-11.2", hand: "123m 456p 789s 23s 55z +4s", want: "going_out ping_ho pair_dragon"},
	{row: "CL-11.2", hand: "123m 456p 789s 23s 33z +4s", want: "going_out ping_ho pair_own_wind"},
	{row: "CL-11.2", hand: "123m 456p 789s 23s 11z +4s", want: "going_out ping_ho pair_round_wind"},
	{row: "CL-11.2", hand: "123m 456p 789s 23s 33z +4s", round: rules.W, want: "going_out ping_ho pair_own_wind pair_round_wind"},
	{row: "CL-11.3", hand: "123m 456p 789s 234s 5m +5m", want: "going_out ping_ho birds_head_discard_simple"},
	{row: "CL-11.3", hand: "123m 456p 789s 234s 9m +9m", want: "going_out ping_ho birds_head_discard_major"},
	{row: "CL-11.3", hand: "123m 456p 789s 234s 5m +5m", self: true, want: "going_out ping_ho birds_head_self_simple"},
	{row: "CL-11.3", hand: "123m 456p 789s 234s 4z +4z", self: true, want: "going_out ping_ho birds_head_self_major"},
	{row: "CL-11.4", hand: base, want: "going_out ping_ho"},
	{row: "CL-11.6", hand: base + " bonus: 1f", opts: []string{"CL-OPT-1=on"}, want: "going_out ping_ho bonus_tile"},
	{row: "CL-12", hand: "[555z] 456p 789s 23s 66m +4s", want: "going_out pung_major_exposed set_dragon"},
	{row: "CL-12", hand: "[333z] 456p 789s 23s 66m +4s", want: "going_out pung_major_exposed set_own_wind"},
	{row: "CL-12", hand: "[111z] 456p 789s 23s 66m +4s", want: "going_out pung_major_exposed set_round_wind"},
	{row: "CL-12", hand: "[333z] 456p 789s 23s 66m +4s", round: rules.W, want: "going_out pung_major_exposed set_own_wind set_round_wind"},
	{row: "CL-OPT-5", hand: "[333z] 456p 789s 23s 66m +4s", round: rules.W, opts: []string{"CL-OPT-5=literal"}, want: "going_out pung_major_exposed set_round_wind_literal"},
	{row: "CL-OPT-5", hand: "[111z] 456p 789s 23s 66m +4s", opts: []string{"CL-OPT-5=literal"}, want: "going_out pung_major_exposed set_round_wind_literal"},
	{row: "CL-12", hand: "123m 456m 789m 23m 44z +4m", want: "going_out ping_ho half_flush"},
	{row: "CL-12", hand: "123m 456m 789m 23m 55m +4m", want: "going_out ping_ho full_flush"},
	{row: "CL-12", hand: "[555m] [666p] [777s] 88m 22s +8m", want: "going_out pung_simple_exposed pung_simple_exposed pung_simple_exposed pung_simple_exposed tui_tui_ho"},
	{row: "CL-OPT-3a", hand: "[555m] [666p] [777s] 88m 22s +8m", opts: []string{"tui_tui_ho=off"}, want: "going_out pung_simple_exposed pung_simple_exposed pung_simple_exposed pung_simple_exposed"},
	{row: "CL-12", hand: base, self: true, flags: rules.KongReplacement, want: "going_out ping_ho kong_replacement"},
	{row: "CL-OPT-3b", hand: base, self: true, flags: rules.KongReplacement, opts: []string{"CL-OPT-3b=off"}, want: "going_out ping_ho"},
	{row: "CL-12", hand: base, self: true, flags: rules.LastTile, want: "going_out ping_ho last_tile"},
	{row: "CL-12", hand: base, flags: rules.RobbingKong, want: "going_out ping_ho robbing_kong"},
	{row: "CL-12", hand: base + " bonus: 3f", opts: []string{"CL-OPT-1=on"}, want: "going_out ping_ho bonus_tile own_flower"},
	{row: "CL-12", hand: base + " bonus: 3y", opts: []string{"CL-OPT-1=on"}, want: "going_out ping_ho bonus_tile own_season"},
	{row: "CL-12", hand: base + " bonus: 1f 2f 3f 4f", opts: []string{"CL-OPT-1=on"}, want: "going_out ping_ho bonus_tile bonus_tile bonus_tile bonus_tile own_flower all_flowers"},
	{row: "CL-12", hand: base + " bonus: 1y 2y 3y 4y", opts: []string{"CL-OPT-1=on"}, want: "going_out ping_ho bonus_tile bonus_tile bonus_tile bonus_tile own_season all_seasons"},
	{row: "CL-10.2", hand: "19m 19p 19s 1234567z +7z", want: "thirteen_orphans"},
	{row: "CL-10.3", hand: base, east: true, self: true, flags: rules.Heavenly, want: "heavenly"},
	{row: "CL-10.4", hand: base, seat: rules.S, flags: rules.Earthly, want: "going_out ping_ho earthly"},
	{row: "CL-10.5", hand: "[111z] [222z] [333z] 444z 5z +5z", want: "big_four_winds"},
	{row: "CL-10.5", hand: "[111z] [222z] [333z] 444z 9m +9m", round: rules.N,
		want: "going_out pung_major_exposed pung_major_exposed pung_major_exposed pung_major_concealed birds_head_discard_major set_own_wind set_round_wind half_flush tui_tui_ho"},
	{row: "CL-13", hand: "[555z] [666z] 777z 111z 9m +9m", self: true, east: true,
		want: "going_out pung_major_exposed pung_major_exposed pung_major_concealed pung_major_concealed birds_head_self_major set_dragon set_dragon set_dragon set_own_wind set_round_wind half_flush tui_tui_ho limit"},
}

func TestRows(t *testing.T) {
	for _, c := range rowCases {
		t.Run(c.row, func(t *testing.T) {
			ctx := patterntest.Ctx(patterntest.Options(t, r, c.opts...))
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
			v := patterntest.Value(t, r, c.hand, ctx)
			if !v.Valid {
				t.Fatalf("%s: %s", c.hand, v.Error)
			}
			var got []string
			for _, it := range v.Items {
				got = append(got, strings.TrimPrefix(it.Name, "score."))
			}
			want := strings.Fields(c.want)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s: items %v, want %v", c.hand, got, want)
			}
		})
	}
}
