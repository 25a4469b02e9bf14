package game_test

import (
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// plain is a minimal ruleset for engine tests: any four sets and a pair
// win, worth 1; losers pay the winner. Its options turn the engine's
// switches on and off, so the tests reach every path.
type plain struct{}

var plainSpecs = []rules.OptionSpec{
	{Key: "bonus", Type: rules.OptionBool, Default: "on"},
	{Key: "layout", Type: rules.OptionChoice, Default: "hill", Choices: []string{"hill", "dead-wall"}},
	{Key: "celestial", Type: rules.OptionBool, Default: "on"},
	{Key: "servi", Type: rules.OptionBool, Default: "on"},
	{Key: "calling", Type: rules.OptionBool, Default: "off"},
	{Key: "japanese", Type: rules.OptionBool, Default: "off"},
	{Key: "count", Type: rules.OptionChoice, Default: "hands", Choices: []string{"hands", "passes"}},
}

func (plain) ID() string                                      { return "plain" }
func (plain) Name() string                                    { return "Plain test rules" }
func (plain) OptionSpecs() []rules.OptionSpec                 { return plainSpecs }
func (plain) Validate(o rules.Options) (rules.Options, error) { return o, nil }

func (plain) Setup(o rules.Options) rules.Setup {
	bonus := o.Bool("bonus")
	spec := wall.Spec{Layout: wall.Hill, StacksPerSide: 17}
	if o.String("layout") == "dead-wall" {
		spec.Layout = wall.DeadWall
	}
	if bonus {
		spec.StacksPerSide = 18
	}
	count := rules.CountHands
	if o.String("count") == "passes" {
		count = rules.CountDealerPasses
	}
	return rules.Setup{
		Tiles: rules.StandardTiles(bonus), Wall: spec, Deal: wall.DealTwos, Bonus: bonus, Chow: true,
		CelestialEmpire: o.Bool("celestial"), Servi: o.Bool("servi"), CallingHand: o.Bool("calling"),
		JapaneseDiscards: o.Bool("japanese"), Heavenly: true, Earthly: true,
		Game: rules.GameSpec{Count: count, Rounds: 4, DealerKeepsOnDraw: true, DealerKeepsOnWin: true, RoundStart: "rotate"},
	}
}

func (plain) Value(h rules.Hand, ctx rules.Context) rules.Valuation {
	if !h.IsWinner() {
		return rules.Valuation{Valid: true, Items: []rules.Item{}}
	}
	c := h.Concealed
	c.Add(h.Winning)
	if c.Total()+3*len(h.Melds) != 14 || len(hand.Decompose(&c)) == 0 {
		return rules.Invalid("not four sets and a pair")
	}
	return rules.Valuation{Valid: true, Value: 1, Items: []rules.Item{{Rule: "T-1", Name: "win", Points: 1}}}
}

func (plain) Settle(in rules.SettleInput) rules.Settlement {
	var s rules.Settlement
	if in.Winner == rules.NoWind {
		return s
	}
	for x := rules.E; x <= rules.N; x++ {
		s.Pay(x, in.Winner, in.Values[in.Winner])
	}
	return s
}
