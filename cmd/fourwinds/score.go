package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

func init() {
	register(command{
		name:  "score",
		usage: `score --rules ID [--opt KEY=VALUE]... [--card FILE] [--seat W] [--round W] [--dominant W] [--from W] [--bonus "TILES"] [--flag NAME]... [--joker TILE] [--json] "HAND"`,
		about: "value a hand in notation and itemise its score by rule id",
		run:   runScore,
	})
}

// scoreJSON is the output of `fourwinds score --json`. Payments, each
// seat's net from the hand, is present only for a winning hand under a
// ruleset whose losers pay the winner from his value alone.
type scoreJSON struct {
	Rules    string       `json:"rules"`
	Valid    bool         `json:"valid"`
	Error    string       `json:"error"`
	Items    []rules.Item `json:"items"`
	Points   int          `json:"points"`
	Doubles  int          `json:"doubles"`
	Value    int          `json:"value"`
	Limit    bool         `json:"limit"`
	Line     string       `json:"line,omitempty"`
	Payments *seatInts    `json:"payments,omitempty"`
}

// windFlag is a --seat style flag holding a wind; set reports whether it was given.
type windFlag struct {
	w   rules.Wind
	set bool
}

// String writes the wind.
func (f *windFlag) String() string { return f.w.String() }

// Set reads a wind: E, S, W or N.
func (f *windFlag) Set(s string) error {
	w, err := rules.ParseWind(s)
	f.w, f.set = w, err == nil
	return err
}

// seatFlags place a hand typed in notation at the table: the player's
// seat, the round and dominant winds, and bonus tiles (score and hint).
type seatFlags struct {
	seat, round, dominant windFlag
	bonus                 *string
}

// newSeatFlags declares the seat flags on fs; seatHelp describes --seat.
func newSeatFlags(fs *flag.FlagSet, seatHelp string) *seatFlags {
	f := &seatFlags{seat: windFlag{w: rules.E}, round: windFlag{w: rules.E}}
	fs.Var(&f.seat, "seat", seatHelp+" (default E)")
	fs.Var(&f.round, "round", "the round wind (default E)")
	fs.Var(&f.dominant, "dominant", "the dominant wind (default: the round wind)")
	f.bonus = fs.String("bonus", "", "bonus tiles, such as \"1f 3y\"")
	return f
}

// notation returns the hand typed in pos with the bonus tiles, and sets
// the dominant wind to the round wind when it was not given.
func (f *seatFlags) notation(pos []string) (string, error) {
	if !f.dominant.set {
		f.dominant.w = f.round.w
	}
	notation := strings.Join(pos, " ")
	if *f.bonus != "" {
		if _, err := tile.Parse(*f.bonus); err != nil {
			return "", usagef("--bonus: %v", err)
		}
		notation += " bonus: " + *f.bonus
	}
	return notation, nil
}

func runScore(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("score")
	resolve := rulesFlags(fs, "", stderr)
	at := newSeatFlags(fs, "the scored player's seat wind")
	from := windFlag{w: rules.NoWind}
	fs.Var(&from, "from", "the seat that discarded the winning tile; left out for a self-drawn tile")
	var flags listFlag
	fs.Var(&flags, "flag", "a situation of the win (repeatable): "+rules.FlagNames())
	joker := fs.String("joker", "", "the shared joker's kind (jilin)")
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	r, o, err := resolve()
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("give the hand in notation, such as \"234m 567m 5z [666z] [999p] +5z\"")
	}
	notation, err := at.notation(pos)
	if err != nil {
		return err
	}
	seat := at.seat
	ctx := rules.Context{Options: o, Seat: seat.w, Round: at.round.w, Dominant: at.dominant.w, From: from.w, Joker: tile.None}
	setup := r.Setup(o)
	if ctx.Flags, err = parseWinFlags(flags, setup, r.ID()); err != nil {
		return err
	}
	if ctx.Joker, err = parseJoker(*joker, setup, r.ID()); err != nil {
		return err
	}
	if from.w == seat.w {
		return usagef("--from must be another seat than --seat %s; leave it out for a self-drawn tile", seat.w)
	}
	parsed, err := tile.ParseHand(notation)
	if err != nil {
		return usagef("hand: %v", err)
	}
	v, err := rules.Score(r, notation, ctx)
	if err != nil {
		return usagef("hand: %v", err)
	}
	out := scoreJSON{Rules: r.ID(), Valid: v.Valid, Error: v.Error, Items: v.Items, Points: v.Points,
		Doubles: v.Doubles, Value: v.Value, Limit: v.Limit, Line: v.Line}
	if v.Valid && parsed.HasWinning() {
		if net, ok := rules.WinnerPayments(r, o, seat.w, from.w, v.Value, ctx.Flags); ok {
			p := seatInts(net)
			out.Payments = &p
		}
	}
	if *asJSON {
		return writeJSON(stdout, out)
	}
	printScore(stdout, r, v, out.Payments)
	return nil
}

// parseWinFlags reads the --flag names; a flag that no win carries under
// setup (another ruleset's, or an option's that is off) is refused.
func parseWinFlags(names []string, setup rules.Setup, id string) (rules.Flag, error) {
	var f rules.Flag
	for _, n := range names {
		g, err := rules.ParseFlag(n)
		if err != nil {
			return 0, usagef("--flag: %v", err)
		}
		if setup.WinFlags()&g == 0 {
			return 0, usagef("--flag %s: no win carries it in %s with these options; allowed: %s", n, id, strings.Join(setup.WinFlags().Names(), ", "))
		}
		f |= g
	}
	return f, nil
}

// parseJoker reads --joker: the shared joker's kind, where the setup has
// one (jilin, JL-8).
func parseJoker(s string, setup rules.Setup, id string) (tile.Kind, error) {
	if s == "" {
		return tile.None, nil
	}
	if !setup.SharedJoker {
		return tile.None, usagef("--joker: %s has no shared joker", id)
	}
	ks, err := tile.Parse(s)
	if err != nil || len(ks) != 1 || !ks[0].IsStandard() {
		return tile.None, usagef("--joker %q must be one suit or honour tile, such as 6p", s)
	}
	return ks[0], nil
}

func writeJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

// printScore writes a valuation as an itemised breakdown citing rule ids.
func printScore(w io.Writer, r rules.Ruleset, v rules.Valuation, payments *seatInts) {
	fmt.Fprintf(w, "%s (%s)\n", r.Name(), r.ID())
	if !v.Valid {
		fmt.Fprintf(w, "not a valid hand: %s\n", v.Error)
		return
	}
	if v.Line != "" {
		fmt.Fprintf(w, "line: %s\n", v.Line)
	}
	if v.Decomposition != "" {
		fmt.Fprintf(w, "read as: %s\n", v.Decomposition)
	}
	for _, it := range v.Items {
		fmt.Fprintf(w, "  %-9s %-52s %s\n", it.Rule, rules.EnglishName(it.Name), itemAmount(it))
	}
	limit := ""
	if v.Limit {
		limit = " (limit or fixed value)"
	}
	fmt.Fprintf(w, "points %d, doubles %d: value %d%s\n", v.Points, v.Doubles, v.Value, limit)
	if payments != nil {
		fmt.Fprintf(w, "payments: %s\n", payments)
	}
}

// itemAmount writes what a breakdown line adds, such as "4 pts, 1 dbl".
func itemAmount(it rules.Item) string {
	var parts []string
	if it.Points != 0 {
		parts = append(parts, fmt.Sprintf("%d pts", it.Points))
	}
	if it.Doubles != 0 {
		parts = append(parts, fmt.Sprintf("%d dbl", it.Doubles))
	}
	if it.Bonus != 0 {
		parts = append(parts, fmt.Sprintf("%d end-of-hand pts", it.Bonus))
	}
	if it.Value != 0 {
		parts = append(parts, fmt.Sprintf("= %d", it.Value))
	}
	return strings.Join(parts, ", ")
}
