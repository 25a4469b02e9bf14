package hongkong

import (
	"slices"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/pattern/patterntest"
)

// rowCase is a minimal hand for one table row: the items it must give,
// exactly. Seat W, dominant and round E, won on North's discard unless
// stated.
type rowCase struct {
	row   string
	hand  string
	self  bool
	round rules.Wind
	flags rules.Flag
	opts  []string
	want  string // want is the item names, space separated, without "score."
}

// A loser's junk: no pung and no honour pair (scores nothing).
const (
	junk10 = "147m 258p 369s 1p"
	junk11 = "147m 258p 369s 13p"
	junk9  = "147m 258p 369s"
	chows4 = "123m 456p 789s 234s 5m +5m"
)

var rowCases = []rowCase{
	{row: "HK-S-1", hand: "33z " + junk11, want: "pair_own_wind"},
	{row: "HK-S-2", hand: "11z " + junk11, want: "pair_dominant_wind"},
	{row: "HK-S-3", hand: "22z " + junk11, round: rules.S, opts: []string{"HK-OPT-6=on"}, want: "pair_round_wind"},
	{row: "HK-S-3", hand: "22z " + junk11, round: rules.S, want: ""},
	{row: "HK-S-4", hand: "55z " + junk11, want: "pair_dragon"},
	{row: "HK-S-6", hand: "[555m] " + junk10, want: "pung_simple_exposed"},
	{row: "HK-S-6", hand: "555m " + junk10, want: "pung_simple_concealed"},
	{row: "HK-S-7", hand: "[999m] " + junk10, want: "pung_terminal_exposed"},
	{row: "HK-S-7", hand: "999m " + junk10, want: "pung_terminal_concealed"},
	{row: "HK-S-8", hand: "[444z] " + junk10, want: "pung_honour_exposed"},
	{row: "HK-S-8", hand: "444z " + junk10, want: "pung_honour_concealed"},
	{row: "HK-S-9", hand: "[5555m] " + junk10, want: "kong_simple_exposed"},
	{row: "HK-S-9", hand: "(5555m) " + junk10, want: "kong_simple_concealed"},
	{row: "HK-S-10", hand: "[9999m] " + junk10, want: "kong_terminal_exposed"},
	{row: "HK-S-10", hand: "(9999m) " + junk10, want: "kong_terminal_concealed"},
	{row: "HK-S-11", hand: "[4444z] " + junk10, want: "kong_honour_exposed"},
	{row: "HK-S-11", hand: "(4444z) " + junk10, want: "kong_honour_concealed"},
	{row: "HK-S-12", hand: junk9 + " 1234p bonus: 2f", want: "flower"},
	{row: "HK-S-13", hand: junk9 + " 1234p bonus: 2y", want: "season"},
	{row: "HK-S-14", hand: "[333z] " + junk10, want: "pung_honour_exposed set_own_wind"},
	{row: "HK-S-15", hand: "[111z] " + junk10, want: "pung_honour_exposed set_dominant_wind"},
	{row: "HK-S-16", hand: "[555z] " + junk10, want: "pung_honour_exposed set_dragon"},
	{row: "HK-S-17", hand: "[222z] " + junk10, round: rules.S, opts: []string{"HK-OPT-6=on"}, want: "pung_honour_exposed set_round_wind"},
	{row: "HK-S-18", hand: junk9 + " 1234p bonus: 3f", want: "flower own_flower_or_season"},
	{row: "HK-S-19", hand: junk9 + " 1234p bonus: 3f 3y", want: "flower season own_flower_and_season"},
	{row: "HK-S-20", hand: junk9 + " 1234p bonus: 1y 2y 3y 4y", want: "season season season season own_flower_or_season all_flowers_or_seasons"},
	{row: "HK-S-21", hand: chows4, want: "mahjong four_chows"},
	{row: "HK-S-22", hand: "123m 456p 789s 234s 5m +5m", want: "mahjong four_chows"},
	{row: "HK-S-23", hand: chows4, self: true, want: "mahjong four_chows self_drawn"},
	{row: "HK-S-24", hand: "[222m] [333p] [444s] 666m 5m +5m", want: "mahjong pung_simple_exposed pung_simple_exposed pung_simple_exposed pung_simple_concealed no_chow"},
	{row: "HK-S-25", hand: chows4, self: true, flags: rules.LastTile, want: "mahjong four_chows self_drawn last_tile"},
	{row: "HK-S-26", hand: chows4, flags: rules.RobbingKong, want: "mahjong four_chows robbing_kong"},
	{row: "HK-S-27", hand: "123m 456m 789m 234m 4z +4z", want: "mahjong four_chows half_flush"},
	{row: "HK-S-28", hand: "123m 456m 789m 234m 5m +5m", want: "mahjong four_chows full_flush"},
	{row: "HK-S-29", hand: chows4, flags: rules.LastDiscard, opts: []string{"HK-OPT-5=on"}, want: "mahjong four_chows last_discard"},
	{row: "HK-S-29", hand: chows4, flags: rules.LastDiscard, want: "mahjong four_chows"},
	{row: "HK-S-30", hand: chows4, flags: rules.Calling, opts: []string{"HK-OPT-9=on"}, want: "mahjong four_chows calling_hand"},
	{row: "HK-S-31", hand: chows4, opts: []string{"HK-OPT-7=on"}, want: "mahjong four_chows concealed_hand"},
	{row: "HK-S-31", hand: "[123m] 456p 789s 234s 5m +5m", opts: []string{"HK-OPT-7=on"}, want: "mahjong four_chows"},
	{row: "HK-S-32", hand: "[555z] [666z] 444z 222z 7z +7z", opts: []string{"HK-OPT-8=on"},
		want: "mahjong pung_honour_exposed pung_honour_exposed pung_honour_concealed pung_honour_concealed set_dragon set_dragon no_chow all_honours"},
	{row: "HK-OPT-9", hand: "[555z] " + junk9 + "1p bonus: 3f", flags: rules.Calling, opts: []string{"HK-OPT-9=on"}, want: "calling_loser flower own_flower_or_season"},
	{row: "HK-S-36", hand: "[555z] [666z] 777z 111m 4z +4z", self: true, want: "mahjong self_drawn pung_honour_exposed pung_honour_exposed pung_honour_concealed pung_terminal_concealed set_dragon set_dragon set_dragon no_chow half_flush limit"},
}

// TestRows fires each row of the simple-system table on a minimal hand.
func TestRows(t *testing.T) {
	for _, c := range rowCases {
		t.Run(c.row, func(t *testing.T) {
			cx := ctx(t, rules.W, rules.N, rules.E, c.opts...)
			cx.Round, cx.Flags = c.round, c.flags
			if c.self {
				cx.From = rules.NoWind
			}
			v := patterntest.Value(t, r, c.hand, cx)
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

// grandCases are the Grands Jeux (HK-G) and hands that just miss them.
var grandCases = []struct {
	id, hand string
	self     bool
	opts     []string
	want     int // want is the value, or 0 for a hand that is not that Grand Jeu
}{
	{"HK-G-1", "123456789p 1234z +7z", false, nil, 1000},
	{"HK-G-1", "[123p] 456789p 1234z +7z", false, nil, 1000},
	{"HK-G-1", "123456789p 1235z +7z", false, nil, 0},
	{"HK-G-2", "123456789s 555z 1z +1z", false, nil, 1400},
	{"HK-G-2", "123456789s [5555z] 1z +1z", false, nil, 1400},
	{"HK-G-3", "19m 19p 19s 1234567z +9s", false, nil, 1600},
	{"HK-G-3", "19m 19p 19s 1234567z +7z", false, nil, 0},
	{"HK-G-3", "19m 19p 19s 1234567z +7z", false, []string{"HK-OPT-13=any"}, 1600},
	{"HK-G-4", "1112345678999m +5m", false, nil, 700},
	{"HK-G-4", "1112345678999m +1m", false, nil, 0},
	{"HK-G-5", "222s 444s 666s 8s 666z +8s", false, nil, 3500},
	{"HK-G-5", "[2222s] [444s] 666s 8s 666z +8s", false, nil, 3500},
	{"HK-G-6", "111z 222z 333z 444z 5m +5m", false, nil, 2000},
	{"HK-G-6", "[1111z] 222z 333z 444z 5m +5m", false, nil, 0},
	{"HK-G-7", "1111z 2222z 333z 44z +3z", true, nil, 5000},
	{"HK-G-7", "1111z 2222z 333z 44z +3z", false, nil, 0},
	{"HK-G-7", "1111z 2222z 3333z 4z +4z", false, nil, 5000},
	{"HK-G-8", "5555z 6666z 7777z 3z +3z", false, nil, 6000},
	{"HK-G-8", "5555z 6666z 7777z 4z +4z", false, nil, 0},
}

func TestGrandsJeux(t *testing.T) {
	for _, c := range grandCases {
		t.Run(c.id, func(t *testing.T) {
			cx := ctx(t, rules.W, rules.N, rules.E, c.opts...)
			if c.self {
				cx.From = rules.NoWind
			}
			v := patterntest.Value(t, r, c.hand, cx)
			is := v.Valid && len(v.Items) == 1 && v.Items[0].Rule == c.id
			switch {
			case c.want > 0 && (!is || v.Value != c.want || !v.Limit):
				t.Errorf("%s: %+v, want %s worth %d", c.hand, v, c.id, c.want)
			case c.want == 0 && is:
				t.Errorf("%s: scored as %s, want not", c.hand, c.id)
			}
		})
	}
}
