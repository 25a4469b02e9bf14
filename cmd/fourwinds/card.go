package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/fourwinds-mahjong/fourwinds/core/rules/american/card"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

func init() {
	register(command{
		name:  "card",
		usage: `card check [--json] FILE | card show [--card FILE] [--json] | card match [--card FILE] [--json] "TILES" | card nearest [--card FILE] [-n N] [--json] "TILES"`,
		about: "check or show an American card of hands (AM-11); match a hand or list its nearest lines",
		run:   runCard,
	})
}

// cardSubcommands are the subcommands of `fourwinds card`.
var cardSubcommands = map[string]func(args []string, stdout, stderr io.Writer) error{
	"check":   cardCheck,
	"show":    cardShow,
	"match":   cardMatch,
	"nearest": cardNearest,
}

func runCard(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usagef("give a subcommand: check, show, match or nearest")
	}
	sub, ok := cardSubcommands[args[0]]
	if !ok {
		return usagef("unknown subcommand %q (allowed: check, show, match, nearest)", args[0])
	}
	return sub(args[1:], stdout, stderr)
}

// problemJSON is one problem of a card file.
type problemJSON struct {
	Line int    `json:"line"`
	Col  int    `json:"col"`
	Msg  string `json:"msg"`
}

// checkJSON is the output of `fourwinds card check --json`.
type checkJSON struct {
	File     string        `json:"file"`
	Name     string        `json:"name"`
	Year     int           `json:"year"`
	Valid    int           `json:"valid"`
	Problems []problemJSON `json:"problems"`
}

// problems returns the problems of a Parse error.
func problems(err error) []card.Problem {
	var pe *card.ParseError
	if errors.As(err, &pe) {
		return pe.Problems
	}
	return nil
}

// where writes a problem as "FILE:line:col: msg".
func where(file string, p card.Problem) string {
	if p.Line == 0 {
		return file + ": " + p.Msg
	}
	return file + ":" + p.String()
}

func cardCheck(args []string, stdout, _ io.Writer) error {
	fs := newFlags("card check")
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("card check takes one FILE, not %d arguments", len(pos))
	}
	file := pos[0]
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	c, err := card.Parse(file, data)
	probs := problems(err)
	out := checkJSON{File: file, Problems: []problemJSON{}}
	if c != nil {
		out.Name, out.Year, out.Valid = c.Name, c.Year, len(c.Lines)
	}
	for _, p := range probs {
		out.Problems = append(out.Problems, problemJSON(p))
	}
	if *asJSON {
		if err := writeJSON(stdout, out); err != nil {
			return err
		}
	} else {
		for _, p := range probs {
			fmt.Fprintln(stdout, where(file, p))
		}
		if len(probs) == 0 {
			fmt.Fprintf(stdout, "%d valid lines\n", out.Valid)
		}
	}
	if len(probs) > 0 {
		return fmt.Errorf("%s: %d problem(s), %d valid lines", file, len(probs), out.Valid)
	}
	return nil
}

// cardFlags adds --card and --json to fs; load returns the card to use.
func cardFlags(fs *flag.FlagSet) (load func(stderr io.Writer) (*card.Card, error), asJSON *bool) {
	path := fs.String("card", "", "a card file in the AM-11 format (default: the house card)")
	asJSON = fs.Bool("json", false, "print JSON")
	return func(stderr io.Writer) (*card.Card, error) {
		if *path == "" {
			return card.House(), nil
		}
		return loadCard(*path, stderr)
	}, asJSON
}

// loadCard reads the card file path (AM-11); problems with single lines
// are warnings on stderr (the line is skipped), a file that cannot be read
// or holds no valid line an error.
func loadCard(path string, stderr io.Writer) (*card.Card, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	c, err := card.Parse(path, data)
	if c == nil {
		return nil, err
	}
	for _, p := range problems(err) {
		fmt.Fprintf(stderr, "warning: %s (line skipped)\n", where(path, p))
	}
	return c, nil
}

// lineJSON is one line of a card.
type lineJSON struct {
	ID       string `json:"id"`
	Pattern  string `json:"pattern"`
	Flags    string `json:"flags"`
	Value    int    `json:"value"`
	Category string `json:"category"`
	Note     string `json:"note"`
}

func newLineJSON(l *card.Line) lineJSON {
	return lineJSON{ID: l.ID, Pattern: l.Pattern, Flags: l.Flags(), Value: l.Value, Category: l.Category, Note: l.Note}
}

// showJSON is the output of `fourwinds card show --json`.
type showJSON struct {
	Name  string     `json:"name"`
	Year  int        `json:"year"`
	Lines []lineJSON `json:"lines"`
}

func cardShow(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("card show")
	load, asJSON := cardFlags(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("card show takes no argument; name a card file with --card")
	}
	c, err := load(stderr)
	if err != nil {
		return err
	}
	out := showJSON{Name: c.Name, Year: c.Year}
	for i := range c.Lines {
		out.Lines = append(out.Lines, newLineJSON(&c.Lines[i]))
	}
	if *asJSON {
		return writeJSON(stdout, out)
	}
	fmt.Fprintf(stdout, "%s (%d): %d lines\n", c.Name, c.Year, len(c.Lines))
	for _, l := range out.Lines {
		fmt.Fprintf(stdout, "%-4s %-32s %-12s %-7s %s\n", l.ID, l.Pattern, l.Flags, l.Category, l.Note)
	}
	return nil
}

// handArg reads the hand given as positional arguments and checks its size.
func handArg(pos []string, sizes ...int) (card.Hand, error) {
	if len(pos) == 0 {
		return card.Hand{}, usagef("give the hand in notation, such as \"55p 666p 77p 0j 5z [888p0j] +5z\"")
	}
	h, err := card.ParseHand(strings.Join(pos, " "))
	if err != nil {
		return h, usagef("hand: %v", err)
	}
	for _, s := range sizes {
		if h.Size() == s {
			return h, nil
		}
	}
	return h, usagef("the hand holds %d tiles; give %s", h.Size(), strings.Trim(fmt.Sprint(sizes), "[]"))
}

// matchJSON is one line a hand matches.
type matchJSON struct {
	ID    string `json:"id"`
	Inst  string `json:"inst"`
	Value int    `json:"value"`
	Pay   int    `json:"pay"`
}

// matchOutJSON is the output of `fourwinds card match --json`; Best is ""
// when no line matches.
type matchOutJSON struct {
	Matches []matchJSON `json:"matches"`
	Best    string      `json:"best"`
	Pay     int         `json:"pay"`
}

func cardMatch(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("card match")
	load, asJSON := cardFlags(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	h, err := handArg(pos, card.HandSize)
	if err != nil {
		return err
	}
	c, err := load(stderr)
	if err != nil {
		return err
	}
	opt := card.PayOptions{JokerlessBonus: true} // AM-10 defaults
	ms := c.Match(h)
	out := matchOutJSON{Matches: []matchJSON{}}
	for _, m := range ms {
		out.Matches = append(out.Matches, matchJSON{ID: m.Line.ID, Inst: m.Inst.String(), Value: m.Line.Value, Pay: m.Pay(opt)})
	}
	best, ok := card.Best(ms, opt)
	if ok {
		out.Best, out.Pay = best.Line.ID, best.Pay(opt)
	}
	if *asJSON {
		return writeJSON(stdout, out)
	}
	for _, m := range out.Matches {
		fmt.Fprintf(stdout, "%-4s %-18s value %d, pays %d\n", m.ID, m.Inst, m.Value, m.Pay)
	}
	if !ok {
		fmt.Fprintln(stdout, "no line matches")
		return nil
	}
	fmt.Fprintf(stdout, "paid on %s: %d (discarder %d, others %d; self-drawn %d each)\n", out.Best, out.Pay, 2*out.Pay, out.Pay, 2*out.Pay)
	return nil
}

// nearJSON is one line a hand is near.
type nearJSON struct {
	ID       string `json:"id"`
	Pattern  string `json:"pattern"`
	Flags    string `json:"flags"`
	Inst     string `json:"inst"`
	Distance int    `json:"distance"`
	Missing  string `json:"missing"`
	Jokers   int    `json:"jokers"`
	Extra    string `json:"extra"`
}

func cardNearest(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("card nearest")
	load, asJSON := cardFlags(fs)
	n := fs.Int("n", 5, "how many lines to list (0 for all)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	h, err := handArg(pos, card.HandSize-1, card.HandSize)
	if err != nil {
		return err
	}
	c, err := load(stderr)
	if err != nil {
		return err
	}
	out := []nearJSON{}
	for _, nr := range c.Nearest(h, *n) {
		out = append(out, nearJSON{ID: nr.Line.ID, Pattern: nr.Line.Pattern, Flags: nr.Line.Flags(), Inst: nr.Inst.String(),
			Distance: nr.Distance(), Missing: tile.Format(nr.Missing), Jokers: nr.Jokers, Extra: tile.Format(nr.Extra)})
	}
	if *asJSON {
		return writeJSON(stdout, out)
	}
	if len(out) == 0 {
		fmt.Fprintln(stdout, "no line is reachable with these exposures")
	}
	for _, nr := range out {
		fmt.Fprintf(stdout, "%-4s %-32s %-12s %-18s %s\n", nr.ID, nr.Pattern, nr.Flags, nr.Inst, nearText(nr))
	}
	return nil
}

// nearText says what a hand lacks for a line.
func nearText(nr nearJSON) string {
	if nr.Distance == 0 {
		return "complete"
	}
	s := fmt.Sprintf("needs %d: %s", nr.Distance, nr.Missing)
	if nr.Jokers > 0 {
		s += fmt.Sprintf(" (a joker may stand for %d)", nr.Jokers)
	}
	if nr.Extra != "" {
		s += "; extra: " + nr.Extra
	}
	return s
}
