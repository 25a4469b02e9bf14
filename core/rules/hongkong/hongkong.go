// Package hongkong is the `hongkong` ruleset (rules/hongkong.md): Hong
// Kong rules in their old French presentation, with the hill, the
// dominant wind, and seed 003's simple and advanced scoring systems and
// Grands Jeux (package simple).
package hongkong

import (
	"sync"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/pattern"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/simple"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// Ruleset is the hongkong ruleset. Its zero value is ready to use.
type Ruleset struct{}

var system = simple.New(nil)

// ID returns "hongkong".
func (Ruleset) ID() string { return "hongkong" }

// Name returns the display name.
func (Ruleset) Name() string { return "Hong Kong" }

// OptionSpecs returns the options table HK-OPT-1 to HK-OPT-16.
func (Ruleset) OptionSpecs() []rules.OptionSpec { return specs }

// Validate turns the Celestial Empire off under japanese discards (HK-5.3).
func (Ruleset) Validate(o rules.Options) (rules.Options, error) {
	return simple.Validate(o, specs, "HK-OPT-10", "HK-OPT-11")
}

// Setup returns the play data under o.
func (Ruleset) Setup(opts rules.Options) rules.Setup {
	o := own(opts)
	count := rules.CountHands
	if o.String("HK-OPT-14") == "rotations" {
		count = rules.CountDealerPasses
	}
	return simple.Play{
		Bonus:             o.Bool("HK-OPT-1"),
		JapaneseDiscards:  o.String("HK-OPT-10") == "japanese",
		CelestialEmpire:   o.Bool("HK-OPT-11"),
		Servi:             o.Bool("HK-OPT-16"),
		CallingHand:       o.Bool("HK-OPT-9"),
		Count:             count,
		DealerKeepsOnDraw: o.String("HK-OPT-12") == "east-keeps",
		RoundStart:        o.String("round_start"),
		RoundWind:         o.Bool("HK-OPT-6"),
	}.Setup()
}

// Value values a winning or losing hand (HK-S, HK-G).
func (Ruleset) Value(h rules.Hand, ctx rules.Context) rules.Valuation {
	return system.Value(h, ctx, config(own(ctx.Options)))
}

// Settle records the simple-system ledger (HK-S-37) or pays the advanced
// system (HK-A-2), by HK-OPT-2.
func (Ruleset) Settle(in rules.SettleInput) rules.Settlement {
	return system.Settle(in, config(own(in.Options)))
}

// Waits returns a superset of the tiles that complete h, Grands Jeux
// included (rules.Waiter).
func (Ruleset) Waits(h rules.Hand, _ rules.Context) tile.Set { return pattern.Candidates(&h) }

var book = pattern.NewBook(specs, sync.OnceValue(func() rules.Options { return rules.DefaultOptions(Ruleset{}) }))

func own(o rules.Options) pattern.Reader { return book.Read(o) }

func config(o pattern.Reader) simple.Config {
	return simple.Config{
		Bonus: o.Bool("HK-OPT-1"), BonusOption: "HK-OPT-1",
		Limit:       o.Int("HK-OPT-3"),
		DoubleFirst: o.String("HK-OPT-4") == "double-first",
		RoundWind:   o.Bool("HK-OPT-6"),
		LastDiscard: o.Bool("HK-OPT-5"),
		Concealed:   o.Bool("HK-OPT-7"),
		AllHonours:  o.Bool("HK-OPT-8"),
		CallingHand: o.Bool("HK-OPT-9"),
		GrandsJeux:  true,
		LanternsAny: o.String("HK-OPT-13") == "any",
		Advanced:    o.String("scoring") == "advanced",
	}
}
