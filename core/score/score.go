// Package score values one hand typed in notation and writes its score
// sheet: the result every face shows the same way (`fourwinds score
// --json`, the mobile binding).
package score

import (
	"fmt"
	"strings"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// Seats is one number per seat wind, written in JSON as
// {"E":n,"S":n,"W":n,"N":n}.
type Seats [4]int

// MarshalJSON writes the seats in turn order.
func (s Seats) MarshalJSON() ([]byte, error) {
	return fmt.Appendf(nil, `{"E":%d,"S":%d,"W":%d,"N":%d}`, s[0], s[1], s[2], s[3]), nil
}

// String writes "E +432, S -144, W -144, N -144".
func (s Seats) String() string {
	parts := make([]string, 4)
	for w := range rules.Wind(4) {
		parts[w] = fmt.Sprintf("%s %+d", w, s[w])
	}
	return strings.Join(parts, ", ")
}

// Sheet is a hand's score. Payments, each seat's net from the hand, is
// present only for a winning hand under a ruleset whose losers pay the
// winner from his value alone.
type Sheet struct {
	Rules    string       `json:"rules"`
	Valid    bool         `json:"valid"`
	Error    string       `json:"error"`
	Items    []rules.Item `json:"items"`
	Points   int          `json:"points"`
	Doubles  int          `json:"doubles"`
	Value    int          `json:"value"`
	Limit    bool         `json:"limit"`
	Line     string       `json:"line,omitempty"`
	Payments *Seats       `json:"payments,omitempty"`
	// Valuation is the ruleset's whole answer (with the decomposition read).
	Valuation rules.Valuation `json:"-"`
}

// Hand values the hand written in notation for the player placed by ctx
// (ctx.Options is set from o). A hand the ruleset refuses is a sheet with
// Valid false; an error means the notation or the context is wrong.
func Hand(r rules.Ruleset, o rules.Options, notation string, ctx rules.Context) (Sheet, error) {
	ctx.Options = o
	if ctx.From != rules.NoWind && ctx.From == ctx.Seat {
		return Sheet{}, fmt.Errorf("score: the discarder %s must be another seat than the scored seat %s; use no discarder for a self-drawn tile", ctx.From, ctx.Seat)
	}
	parsed, err := tile.ParseHand(notation)
	if err != nil {
		return Sheet{}, fmt.Errorf("score: hand: %w", err)
	}
	v, err := rules.Score(r, notation, ctx)
	if err != nil {
		return Sheet{}, fmt.Errorf("score: hand: %w", err)
	}
	s := Sheet{Rules: r.ID(), Valid: v.Valid, Error: v.Error, Items: v.Items, Points: v.Points,
		Doubles: v.Doubles, Value: v.Value, Limit: v.Limit, Line: v.Line, Valuation: v}
	if v.Valid && parsed.HasWinning() {
		if net, ok := rules.WinnerPayments(r, o, ctx.Seat, ctx.From, v.Value, ctx.Flags); ok {
			p := Seats(net)
			s.Payments = &p
		}
	}
	return s, nil
}

// WithBonus returns the hand in notation with bonus tiles (such as
// "1f 3y") added; no bonus tiles leave it as it is.
func WithBonus(notation, bonus string) (string, error) {
	if bonus == "" {
		return notation, nil
	}
	if _, err := tile.Parse(bonus); err != nil {
		return "", fmt.Errorf("score: bonus tiles: %w", err)
	}
	return notation + " bonus: " + bonus, nil
}

// Flags reads the names of the situations of a win (rules.FlagNames). A
// flag that no win carries under setup (another ruleset's, or an option's
// that is off) is refused.
func Flags(names []string, setup rules.Setup) (rules.Flag, error) {
	var f rules.Flag
	for _, n := range names {
		g, err := rules.ParseFlag(n)
		if err != nil {
			return 0, err
		}
		if setup.WinFlags()&g == 0 {
			return 0, fmt.Errorf("score: no win carries %s in this ruleset with these options; allowed: %s", n, strings.Join(setup.WinFlags().Names(), ", "))
		}
		f |= g
	}
	return f, nil
}

// Joker reads the shared joker's kind where the setup has one (jilin,
// JL-8): one suit or honour tile, or "" for none.
func Joker(s string, setup rules.Setup) (tile.Kind, error) {
	if s == "" {
		return tile.None, nil
	}
	if !setup.SharedJoker {
		return tile.None, fmt.Errorf("score: this ruleset has no shared joker")
	}
	ks, err := tile.Parse(s)
	if err != nil || len(ks) != 1 || !ks[0].IsStandard() {
		return tile.None, fmt.Errorf("score: the joker %q must be one suit or honour tile, such as 6p", s)
	}
	return ks[0], nil
}
