package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/score"
)

func init() {
	register(command{
		name:  "score",
		usage: `score --rules ID [--opt KEY=VALUE]... [--card FILE] [--seat W] [--round W] [--dominant W] [--from W] [--bonus "TILES"] [--flag NAME]... [--joker TILE] [--json] "HAND"`,
		about: "value a hand in notation and itemise its score by rule id",
		run:   runScore,
	})
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
	notation, err := score.WithBonus(strings.Join(pos, " "), *f.bonus)
	if err != nil {
		return "", usagef("--bonus: %v", err)
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
	ctx := rules.Context{Seat: at.seat.w, Round: at.round.w, Dominant: at.dominant.w, From: from.w}
	setup := r.Setup(o)
	if ctx.Flags, err = score.Flags(flags, setup); err != nil {
		return usagef("--flag: %v", err)
	}
	if ctx.Joker, err = score.Joker(*joker, setup); err != nil {
		return usagef("--joker: %v", err)
	}
	out, err := score.Hand(r, o, notation, ctx)
	if err != nil {
		return usagef("%v", err)
	}
	if *asJSON {
		return writeJSON(stdout, out)
	}
	printScore(stdout, r, out.Valuation, out.Payments)
	return nil
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
func printScore(w io.Writer, r rules.Ruleset, v rules.Valuation, payments *score.Seats) {
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
