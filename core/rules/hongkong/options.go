package hongkong

import "github.com/fourwinds-mahjong/fourwinds/core/rules"

func onOff(id, label, def, rule string) rules.OptionSpec {
	return rules.OptionSpec{ID: id, Label: label, Type: rules.OptionBool, Default: def, Rule: rule}
}

func choice(id, key, label, rule string, choices ...string) rules.OptionSpec {
	return rules.OptionSpec{ID: id, Key: key, Label: label, Type: rules.OptionChoice, Default: choices[0], Choices: choices, Rule: rule}
}

// specs is the options table of hongkong.md §15; keys only where the file
// or the command line names one (HK-OPT-2 scoring, HK-OPT-15 round_start).
var specs = []rules.OptionSpec{
	onOff("HK-OPT-1", "option.bonus_tiles", "on", "HK-1.1"),
	choice("HK-OPT-2", "scoring", "option.scoring", "HK-A-1", "simple", "advanced"),
	{ID: "HK-OPT-3", Label: "option.limit", Type: rules.OptionInt, Default: "1000", Min: 1, Max: 1_000_000_000, Rule: "HK-S-36"},
	choice("HK-OPT-4", "", "option.east_doubling", "HK-D-12", "cap-first", "double-first"),
	onOff("HK-OPT-5", "option.last_discard_double", "off", "HK-S-29"),
	onOff("HK-OPT-6", "option.round_wind", "off", "HK-R-1"),
	onOff("HK-OPT-7", "option.concealed_double", "off", "HK-S-31"),
	onOff("HK-OPT-8", "option.all_honours_double", "off", "HK-S-32"),
	onOff("HK-OPT-9", "option.calling_hand", "off", "HK-S-30"),
	choice("HK-OPT-10", "", "option.discards", "HK-5.3", "chinese", "japanese"),
	onOff("HK-OPT-11", "option.celestial_empire", "on", "HK-8.2"),
	choice("HK-OPT-12", "", "option.void_hand", "HK-2.3", "east-keeps", "rotate"),
	choice("HK-OPT-13", "", "option.lanterns_pair", "HK-D-15", "terminal", "any"),
	choice("HK-OPT-14", "", "option.round_counting", "HK-D-3", "hands", "rotations"),
	choice("HK-OPT-15", "round_start", "option.round_start", "HK-2.5", "rotate", "redraw", "none"),
	onOff("HK-OPT-16", "option.servi", "on", "HK-5.4"),
}
