package french

import "github.com/fourwinds-mahjong/fourwinds/core/rules"

func onOff(key, label, def, rule string) rules.OptionSpec {
	return rules.OptionSpec{Key: key, Label: label, Type: rules.OptionBool, Default: def, Rule: rule}
}

func choice(key, label, rule string, choices ...string) rules.OptionSpec {
	return rules.OptionSpec{Key: key, Label: label, Type: rules.OptionChoice, Default: choices[0], Choices: choices, Rule: rule}
}

// specs is the options table FR-15, by key (the file gives no ids).
var specs = []rules.OptionSpec{
	onOff("flowers", "option.bonus_tiles", "on", "FR-1.3"),
	choice("discards", "option.discards", "FR-7.3", "chinese", "japanese"),
	onOff("celestial_empire", "option.celestial_empire", "on", "FR-12.2"),
	onOff("calling_hand", "option.calling_hand", "off", "FR-11.4"),
	onOff("servi", "option.servi", "on", "FR-11.3"),
	onOff("grands_jeux", "option.grands_jeux", "on", "FR-13.8"),
	onOff("round_wind", "option.round_wind", "on", "FR-13.4"),
	onOff("extra_doubles", "option.extra_doubles", "off", "FR-13.5"),
	{Key: "limit", Label: "option.limit", Type: rules.OptionInt, Default: "1000", Min: 0, Max: 1_000_000_000, Rule: "FR-13.7"},
	choice("settlement", "option.settlement", "FR-14", "simple", "advanced"),
	choice("round_start", "option.round_start", "FR-3.3", "rotate", "redraw", "none"),
}
