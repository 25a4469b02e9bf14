package hongkong

import (
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/simple"
)

func init() {
	rules.Register(Ruleset{})
	rules.RegisterNames(simple.Names())
}
