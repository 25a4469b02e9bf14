package classical

import (
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/pattern"
)

func init() {
	rules.Register(Ruleset{})
	rules.RegisterNames(pattern.Names(table))
	rules.RegisterNames(specials)
}
