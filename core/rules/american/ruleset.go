// Package american is the American Mah Jongg ruleset (rules/american.md):
// 152 tiles with 8 jokers and 8 flowers, hands matched against a card of
// hands (package card), payments by the matched line's value (AM-8).
//
// Ruleset{} plays with the house card (AM-12); WithCard returns a ruleset
// that carries a player's own card (AM-11). The engine behaviour American
// needs (Charleston, jokers in calls, joker exchange, dead hands) is listed
// in FLOW.md beside this file.
package american

import (
	"errors"
	"fmt"
	"slices"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/american/card"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// Ruleset is the american ruleset. It is a value: the zero value plays with
// the house card; WithCard carries another card.
type Ruleset struct {
	own *card.Card // a player's own card, nil for the house card only
}

// WithCard returns the ruleset with c as the player's own card (AM-11): its
// option `card` defaults to "user", which values hands against c. A nil c
// gives Ruleset{}. c must not be modified afterwards.
func WithCard(c *card.Card) Ruleset { return Ruleset{own: c} }

// The option keys of the options table (AM-10); the file names its options
// by key only.
const (
	OptSecondCharleston    = "second_charleston"
	OptBlindPass           = "blind_pass"
	OptCourtesyPass        = "courtesy_pass"
	OptMush                = "mush"
	OptHotWall             = "hot_wall"
	OptJokerlessBonus      = "jokerless_bonus"
	OptJokerlessNoJokers   = "jokerless_no_joker_lines"
	OptConcealedDiscardWin = "concealed_discard_win"
	OptBettor              = "bettor"
	OptClaimTimeout        = "claim_timeout_s"
	OptCard                = "card"
)

// The values of option `card`.
const (
	// CardHouse values hands against the house card (AM-12).
	CardHouse = "house"
	// CardUser values hands against the card the ruleset carries (WithCard).
	CardUser = "user"
)

// The positions of the options in specs, for reading by position.
const (
	posSecondCharleston = iota
	posBlindPass
	posCourtesyPass
	posMush
	posHotWall
	posJokerlessBonus
	posJokerlessNoJokers
	posConcealedDiscardWin
	posBettor
	posClaimTimeout
	posCard
	numOptions
)

func onOff(key, def, rule string) rules.OptionSpec {
	return rules.OptionSpec{Key: key, Label: "american.option." + key, Type: rules.OptionBool, Default: def, Rule: rule}
}

// specs is the options table AM-10, in the order of the pos constants. The
// bettor is off by default: the table has four seats, and AM-8.5 turns it
// on only with a fifth participant. The claim window lasts 1–60 seconds.
var specs = [numOptions]rules.OptionSpec{
	posSecondCharleston:    onOff(OptSecondCharleston, "on", "AM-4.4"),
	posBlindPass:           onOff(OptBlindPass, "on", "AM-4.6"),
	posCourtesyPass:        onOff(OptCourtesyPass, "on", "AM-4.7"),
	posMush:                onOff(OptMush, "off", "AM-4.3"),
	posHotWall:             onOff(OptHotWall, "off", "AM-5.9"),
	posJokerlessBonus:      onOff(OptJokerlessBonus, "on", "AM-8.4"),
	posJokerlessNoJokers:   onOff(OptJokerlessNoJokers, "off", "AM-8.4"),
	posConcealedDiscardWin: onOff(OptConcealedDiscardWin, "on", "AM-5.6"),
	posBettor:              onOff(OptBettor, "off", "AM-8.5"),
	posClaimTimeout: {Key: OptClaimTimeout, Label: "american.option." + OptClaimTimeout, Type: rules.OptionInt,
		Default: "5", Min: 1, Max: 60, Rule: "AM-5.4"},
	posCard: {Key: OptCard, Label: "american.option." + OptCard, Type: rules.OptionChoice,
		Default: CardHouse, Choices: []string{CardHouse, CardUser}, Rule: "AM-11"},
}

// ID returns "american".
func (Ruleset) ID() string { return "american" }

// Name returns the display name.
func (Ruleset) Name() string { return "American" }

// OptionSpecs returns the options table of AM-10. Option `card` defaults to
// "user" when the ruleset carries a card of its own.
func (r Ruleset) OptionSpecs() []rules.OptionSpec {
	out := slices.Clone(specs[:])
	if r.own != nil {
		out[posCard].Default = CardUser
	}
	return out
}

// Validate checks that o holds the american options and that card=user
// has a card to use; the other options do not constrain each other.
func (r Ruleset) Validate(o rules.Options) (rules.Options, error) {
	if !ours(o) {
		return rules.Options{}, fmt.Errorf("%w: american needs the options of AM-10 (%s, ...); build the options from the american schema", rules.ErrOption, OptSecondCharleston)
	}
	if o.At(posCard) == CardUser && r.own == nil {
		return rules.Options{}, fmt.Errorf("%w: option card=user needs a card of your own (load one with --card FILE); allowed without one: card=house", rules.ErrOption)
	}
	return o, nil
}

// ours reports whether o was built from the american schema.
func ours(o rules.Options) bool {
	s := o.Specs()
	if len(s) != numOptions {
		return false
	}
	for i := range s {
		if s[i].Key != specs[i].Key {
			return false
		}
	}
	return true
}

// option returns the value of the option at position i of specs, or its
// default when o is not an american options set (Value never panics).
func (r Ruleset) option(o rules.Options, i int) string {
	if ours(o) {
		return o.At(i)
	}
	return r.OptionSpecs()[i].Default
}

func (r Ruleset) flag(o rules.Options, i int) bool { return r.option(o, i) == "on" }

// Card returns the card hands are valued against under o: the player's own
// card when option card is "user" and the ruleset carries one, else the
// house card (AM-10, AM-12).
func (r Ruleset) Card(o rules.Options) *card.Card {
	if r.own != nil && r.option(o, posCard) == CardUser {
		return r.own
	}
	return card.House()
}

// payOptions returns the options that change a payment (AM-8.4).
func (r Ruleset) payOptions(o rules.Options) card.PayOptions {
	return card.PayOptions{
		JokerlessBonus:        r.flag(o, posJokerlessBonus),
		JokerlessNoJokerLines: r.flag(o, posJokerlessNoJokers),
	}
}

// Tiles returns the 152 tiles of AM-1.1: the 136 standard tiles, the eight
// flowers 1f–4f, 1y–4y (one kind for every rule, AM-1.2) and 8 jokers.
func Tiles() tile.Counts {
	t := rules.StandardTiles(true)
	t[tile.Joker] = card.JokerCap
	return t
}

// Setup returns the american table: 152 tiles (AM-1.1), four walls of 19 stacks with East's first r stacks drawn last and
// no dead wall or replacement draw (AM-3.1–AM-3.3), the deal of AM-3.4
// (East 14), flowers played as ordinary tiles (AM-1.1), the Charleston and
// its options (AM-4), jokers (AM-6), calls only to expose 3 to 6 identical
// tiles or to win, no chows (AM-5.5), no robbing (exposures are never
// enlarged, AM-5.8), the hot wall option (AM-5.9), and East passing to the
// right after every hand, won or not (AM-2.2). A match is one turn of the
// deal around the table, each seat East once: the hands of a session are
// independent (AM-2.3) and the ledger carries the balances from match to
// match. No starting balance is given (AM-2.3 keeps only running balances).
func (r Ruleset) Setup(o rules.Options) rules.Setup {
	return rules.Setup{
		Tiles:   Tiles(),
		Wall:    wall.Spec{Layout: wall.Reserved, StacksPerSide: 19},
		Deal:    wall.DealFoursAmerican,
		RobKong: func(tile.Kind) bool { return false },
		Charleston: &rules.Charleston{
			Second:   r.flag(o, posSecondCharleston),
			Blind:    r.flag(o, posBlindPass),
			Courtesy: r.flag(o, posCourtesyPass),
			Mush:     r.flag(o, posMush),
		},
		Jokers:    true,
		CardCalls: true,
		MaxExpose: card.MaxGroup,
		HotWall:   r.flag(o, posHotWall),
		Game: rules.GameSpec{
			Count:  rules.CountDealerPasses,
			Rounds: 1,
		},
	}
}

// CardText returns the text of the player's own card, or "" for the house
// card only (rules.CardCarrier).
func (r Ruleset) CardText() string {
	if r.own == nil {
		return ""
	}
	return r.own.Text
}

// ScoreFlags returns no situation of a win for a scorer to ask about
// (rules.ScoreFlagger): a card hand's value depends only on whether it was
// self-drawn (AM-8.3).
func (Ruleset) ScoreFlags() rules.Flag { return 0 }

// CardOption returns option `card` and its choice "user", which plays the
// player's own card (rules.CardChecker).
func (Ruleset) CardOption() (name, own string) { return OptCard, CardUser }

// CheckCard reads a card file in the AM-11 format (rules.CardChecker): the
// number of its valid lines, 0 when the card is refused, and the problems
// of the others by line and column.
func (Ruleset) CheckCard(name string, text []byte) (lines int, problems []string) {
	c, err := card.Parse(name, text)
	var pe *card.ParseError
	if errors.As(err, &pe) {
		for _, p := range pe.Problems {
			problems = append(problems, name+":"+p.String())
		}
	}
	if c != nil {
		lines = len(c.Lines)
	}
	return lines, problems
}

// WithCardText returns the ruleset carrying the card written in text
// (rules.CardCarrier). Lines the parser rejects are dropped, as when a card
// file is loaded; a text with no usable line is refused.
func (Ruleset) WithCardText(text string) (rules.Ruleset, error) {
	c, err := card.Parse("card", []byte(text))
	if c == nil {
		return nil, fmt.Errorf("american: the card text is not a card: %w", err)
	}
	return WithCard(c), nil
}
