package jilin

import "github.com/fourwinds-mahjong/fourwinds/core/rules"

func init() {
	rules.Register(Ruleset{})
	rules.RegisterPhrases(phrases...)
}
