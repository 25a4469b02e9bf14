package pattern

import "github.com/fourwinds-mahjong/fourwinds/core/rules"

// optionNames are the English texts of the option labels of classical,
// hongkong and french, shared where an option means the same thing.
var optionNames = map[string]string{
	"option.bonus_tiles":             "Flowers and seasons",
	"option.limit":                   "Limit",
	"option.scoring":                 "Scoring system",
	"option.settlement":              "Settlement",
	"option.east_doubling":           "East's doubling and the limit",
	"option.last_discard_double":     "Double for a win on the last discard",
	"option.round_wind":              "Round wind",
	"option.concealed_double":        "Double for no claimed melds",
	"option.all_honours_double":      "Double for only winds and dragons",
	"option.extra_doubles":           "Extra doubles",
	"option.calling_hand":            "Calling hand",
	"option.discards":                "Discards",
	"option.celestial_empire":        "Invoking the Celestial Empire",
	"option.void_hand":               "After a void hand",
	"option.lanterns_pair":           "13 lanternes pair",
	"option.round_counting":          "Round counting",
	"option.round_start":             "Winds at a new round",
	"option.servi":                   "Servi",
	"option.grands_jeux":             "Grands Jeux",
	"option.tui_tui_ho":              "Double for all pungs (Tui-tui-ho)",
	"option.kong_replacement_double": "Double for a win on a kong replacement",
	"option.last_tile_double":        "Double for a self-drawn last tile",
	"option.robbing_double":          "Double for robbing a kong",
	"option.banker_doubling":         "Banker doubling",
	"option.round_wind_pung":         "Round-wind pung",
	"option.first_banker_minus_one":  "Subtract 1 when choosing the first banker",
	"option.dead_wall":               "Dead-wall upkeep",
	"option.start_balance":           "Starting balance",
}

func init() { rules.RegisterNames(optionNames) }
