package simple

import (
	"fmt"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// Play is what a variant's options say about play; hongkong and french
// differ only in how they name these options.
type Play struct {
	Bonus            bool // Bonus: flowers and seasons (HK-OPT-1, FR-1.3).
	JapaneseDiscards bool // JapaneseDiscards: only the latest discard shows (HK-5.3, FR-7.3).
	CelestialEmpire  bool // CelestialEmpire: invocation at the end of the wall (HK-8.2, FR-12.2).
	Servi            bool // Servi: the servi declaration (HK-5.4, FR-11.3).
	CallingHand      bool // CallingHand: the calling-hand declaration (HK-OPT-9, FR-11.4).
	// Count is how hands count toward the game (HK-2.4, HK-OPT-14, FR-3.1).
	Count rules.Count
	// DealerKeepsOnDraw: East keeps East after a void hand (HK-2.3, FR-3.2).
	DealerKeepsOnDraw bool
	// RoundStart re-designates the winds at a new round (HK-2.5, FR-3.3).
	RoundStart string
	// RoundWind: the round wind scores (HK-OPT-6, FR-D23).
	RoundWind bool
}

// Setup returns the engine's data for the 003 family: 144 or 136 tiles,
// the hill (HK-3.5, FR-4.5) with 18 or 17 stacks a side, the deal by twos
// (HK-4.1, FR-5.1), chows, robbing any added kong (HK-7.4, FR-11.1), and
// 16 hands counted as dealt with the dealer keeping the deal on a win.
func (p Play) Setup() rules.Setup {
	stacks := 17
	if p.Bonus {
		stacks = 18
	}
	return rules.Setup{
		Tiles:            rules.StandardTiles(p.Bonus),
		Wall:             wall.Spec{Layout: wall.Hill, StacksPerSide: stacks},
		Deal:             wall.DealTwos,
		Bonus:            p.Bonus,
		Chow:             true,
		RoundWind:        p.RoundWind,
		DominantWind:     true,
		CelestialEmpire:  p.CelestialEmpire && !p.JapaneseDiscards,
		Servi:            p.Servi,
		CallingHand:      p.CallingHand,
		JapaneseDiscards: p.JapaneseDiscards,
		Game: rules.GameSpec{
			Count: p.Count, Rounds: 4,
			DealerKeepsOnDraw: p.DealerKeepsOnDraw, DealerKeepsOnWin: true,
			RoundStart: p.RoundStart,
		},
	}
}

// Validate checks that o holds the options of specs and turns the
// Celestial Empire (option celestial) off under japanese discards (option
// discards): invocation needs the Chinese rule (HK-5.3, FR-D21).
func Validate(o rules.Options, specs []rules.OptionSpec, discards, celestial string) (rules.Options, error) {
	got := o.Specs()
	if len(got) != len(specs) {
		return rules.Options{}, fmt.Errorf("%w: %d options given for a ruleset of %d", rules.ErrOption, len(got), len(specs))
	}
	for i := range got {
		if got[i].Name() != specs[i].Name() {
			return rules.Options{}, fmt.Errorf("%w: option %s is not option %s of this ruleset", rules.ErrOption, got[i].Name(), specs[i].Name())
		}
	}
	if o.String(discards) != "japanese" || !o.Bool(celestial) {
		return o, nil
	}
	m := o.Map()
	m[celestial] = "off"
	return rules.NewOptions(specs, m)
}
