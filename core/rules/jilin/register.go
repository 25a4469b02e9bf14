package jilin

import "github.com/fourwinds-mahjong/fourwinds/core/rules"

func init() {
	rules.Register(Ruleset{})
	rules.RegisterNames(map[string]string{
		"jilin.option.limit":    "Cap on each loser's share (0: none)",
		"jilin.option.circuits": "Circuits of the deal in a session",
	})
	rules.RegisterPhrases(phrases...)
}
