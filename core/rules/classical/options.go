package classical

import (
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/pattern"
)

func onOff(id, key, label, def, rule string) rules.OptionSpec {
	return rules.OptionSpec{ID: id, Key: key, Label: label, Type: rules.OptionBool, Default: def, Rule: rule}
}

// specs is the options table CL-16. CL-OPT-3's four extra doubles are four
// options, CL-OPT-3a to CL-OPT-3d, each with a key.
var specs = []rules.OptionSpec{
	onOff("CL-OPT-1", "bonus", "option.bonus_tiles", "off", "CL-1.2"),
	{ID: "CL-OPT-2", Key: "limit", Label: "option.limit", Type: rules.OptionInt, Default: "1500", Min: 2, Max: 1_000_000_000, Even: true, Rule: "CL-13"},
	onOff("CL-OPT-3a", "tui_tui_ho", "option.tui_tui_ho", "on", "CL-12"),
	onOff("CL-OPT-3b", "kong_replacement", "option.kong_replacement_double", "on", "CL-12"),
	onOff("CL-OPT-3c", "last_tile", "option.last_tile_double", "on", "CL-12"),
	onOff("CL-OPT-3d", "robbing", "option.robbing_double", "on", "CL-12"),
	onOff("CL-OPT-4", "banker_doubling", "option.banker_doubling", "on", "CL-14.1"),
	{ID: "CL-OPT-5", Key: "round_wind", Label: "option.round_wind_pung", Type: rules.OptionChoice, Default: "additive", Choices: []string{"additive", "literal"}, Rule: "CL-D-17"},
	onOff("CL-OPT-6", "first_banker_minus_one", "option.first_banker_minus_one", "on", "CL-2.3"),
	{ID: "CL-OPT-7", Key: "dead_wall", Label: "option.dead_wall", Type: rules.OptionChoice, Default: "sevenStacks", Choices: []string{"sevenStacks", "fixed14"}, Rule: "CL-4.6"},
	{ID: "CL-OPT-8", Key: "start_balance", Label: "option.start_balance", Type: rules.OptionInt, Default: "1500", Min: 0, Max: 1_000_000_000, Rule: "CL-3.5"},
}

// config is what the options say about scoring.
type config struct {
	bonus                                        bool
	limit                                        int
	tuiTuiHo, kongReplacement, lastTile, robbing bool
	bankerDoubling                               bool
	literalRound                                 bool
}

func configOf(o pattern.Reader) config {
	return config{
		bonus:           o.Bool("CL-OPT-1"),
		limit:           o.Int("CL-OPT-2"),
		tuiTuiHo:        o.Bool("CL-OPT-3a"),
		kongReplacement: o.Bool("CL-OPT-3b"),
		lastTile:        o.Bool("CL-OPT-3c"),
		robbing:         o.Bool("CL-OPT-3d"),
		bankerDoubling:  o.Bool("CL-OPT-4"),
		literalRound:    o.String("CL-OPT-5") == "literal",
	}
}
