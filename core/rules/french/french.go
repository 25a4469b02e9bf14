// Package french is the `french` ruleset (rules/french.md): French club
// rules (seed 001) scored with seed 003's simple system (package simple),
// which it cites by its own rule ids, with the round wind on by default.
package french

import (
	"fmt"
	"sync"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/pattern"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/simple"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// Ruleset is the french ruleset. Its zero value is ready to use.
type Ruleset struct{}

var system = simple.New(rename())

// rename maps the hongkong ids of the simple system to french's own.
func rename() map[string]string {
	m := map[string]string{
		"HK-S-25": "FR-11.2", "HK-S-26": "FR-11.1", "HK-S-30": "FR-11.4",
		"HK-S-34": "FR-13.6", "HK-S-36": "FR-13.7", "HK-S-37": "FR-14.1",
		"HK-A-2": "FR-14.2", "HK-OPT-9": "FR-11.4", "HK-9.1": "FR-10.1",
	}
	for n := 1; n <= 32; n++ {
		id := fmt.Sprintf("HK-S-%d", n)
		if _, ok := m[id]; ok {
			continue
		}
		switch {
		case n <= 13:
			m[id] = "FR-13.3" // pairs, sets, bonus tile points
		case n <= 20:
			m[id] = "FR-13.4" // doubles, all players
		default:
			m[id] = "FR-13.5" // the winner only
		}
	}
	for n := 1; n <= 8; n++ {
		m[fmt.Sprintf("HK-G-%d", n)] = "FR-13.8"
	}
	return m
}

// ID returns "french".
func (Ruleset) ID() string { return "french" }

// Name returns the display name.
func (Ruleset) Name() string { return "French club rules" }

// OptionSpecs returns the options table FR-15.
func (Ruleset) OptionSpecs() []rules.OptionSpec { return specs }

// Validate turns the Celestial Empire off under japanese discards (FR-D21).
func (Ruleset) Validate(o rules.Options) (rules.Options, error) {
	return simple.Validate(o, specs, "discards", "celestial_empire")
}

// Setup returns the play data under o: hands counted as dealt (FR-3.1),
// East keeping the deal after a void hand (FR-3.2).
func (Ruleset) Setup(opts rules.Options) rules.Setup {
	o := own(opts)
	return simple.Play{
		Bonus:             o.Bool("flowers"),
		JapaneseDiscards:  o.String("discards") == "japanese",
		CelestialEmpire:   o.Bool("celestial_empire"),
		Servi:             o.Bool("servi"),
		CallingHand:       o.Bool("calling_hand"),
		Count:             rules.CountHands,
		DealerKeepsOnDraw: true,
		RoundStart:        o.String("round_start"),
		RoundWind:         o.Bool("round_wind"),
	}.Setup()
}

// Value values a winning or losing hand (FR-13).
func (Ruleset) Value(h rules.Hand, ctx rules.Context) rules.Valuation {
	return system.Value(h, ctx, config(own(ctx.Options)))
}

// Settle records the ledger (FR-14.1) or pays the advanced system
// (FR-14.2), by option settlement.
func (Ruleset) Settle(in rules.SettleInput) rules.Settlement {
	return system.Settle(in, config(own(in.Options)))
}

// Waits returns a superset of the tiles that complete h, Grands Jeux
// included (rules.Waiter).
func (Ruleset) Waits(h rules.Hand, _ rules.Context) tile.Set { return pattern.Candidates(&h) }

var book = pattern.NewBook(specs, sync.OnceValue(func() rules.Options { return rules.DefaultOptions(Ruleset{}) }))

func own(o rules.Options) pattern.Reader { return book.Read(o) }

func config(o pattern.Reader) simple.Config {
	extra := o.Bool("extra_doubles")
	return simple.Config{
		Bonus: o.Bool("flowers"), BonusOption: "flowers",
		Limit:       o.Int("limit"),
		RoundWind:   o.Bool("round_wind"),
		LastDiscard: extra, Concealed: extra, AllHonours: extra,
		CallingHand: o.Bool("calling_hand"),
		GrandsJeux:  o.Bool("grands_jeux"),
		Advanced:    o.String("settlement") == "advanced",
	}
}
