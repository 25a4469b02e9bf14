package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/score"
)

func init() {
	register(command{
		name:  "settle",
		usage: "settle --rules ID [--opt KEY=VALUE]... --winner W [--from W] --values E=n,S=n,W=n,N=n [--json]",
		about: "settle a finished hand from every seat's value: who pays whom",
		run:   runSettle,
	})
}

// settleJSON is the output of `fourwinds settle --json`.
type settleJSON struct {
	Transfers []rules.Transfer `json:"transfers"`
	Net       score.Seats      `json:"net"`
	Ledger    bool             `json:"ledger,omitempty"`
}

func runSettle(args []string, stdout, _ io.Writer) error {
	fs := newFlags("settle")
	resolve := rulesFlags(fs, "")
	winner := fs.String("winner", "", "the winner's seat wind, or - for a void hand")
	from := windFlag{w: rules.NoWind}
	fs.Var(&from, "from", "the seat that discarded the winning tile (default: self-drawn)")
	values := fs.String("values", "", "every seat's hand value, such as E=100,S=250,W=40,N=10")
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	r, o, err := resolve()
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	in := rules.SettleInput{Options: o, From: from.w}
	if in.Winner, err = parseWinner(*winner); err != nil {
		return err
	}
	if in.Values, err = parseValues(*values); err != nil {
		return err
	}
	if in.Winner != rules.NoWind && in.Winner == in.From {
		return usagef("--from must be another seat than the winner")
	}
	s := r.Settle(in)
	out := settleJSON{Transfers: s.Transfers, Net: score.Seats(s.Net), Ledger: s.Ledger}
	if out.Transfers == nil {
		out.Transfers = []rules.Transfer{}
	}
	if *asJSON {
		return writeJSON(stdout, out)
	}
	printSettlement(stdout, r, s)
	return nil
}

func parseWinner(s string) (rules.Wind, error) {
	switch s {
	case "":
		return rules.NoWind, usagef("--winner is required: E, S, W or N, or - for a void hand")
	case "-", "none":
		return rules.NoWind, nil
	}
	w, err := rules.ParseWind(s)
	if err != nil {
		return rules.NoWind, usagef("--winner: %v, or - for a void hand", err)
	}
	return w, nil
}

// parseValues reads "E=n,S=n,W=n,N=n": every seat exactly once.
func parseValues(s string) ([4]int, error) {
	var v [4]int
	var seen [4]bool
	bad := func(format string, args ...any) ([4]int, error) {
		return v, usagef("--values: "+format+"; write every seat once, such as E=100,S=250,W=40,N=10", args...)
	}
	for _, part := range strings.Split(s, ",") {
		k, n, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			return bad("%q is not SEAT=VALUE", part)
		}
		w, err := rules.ParseWind(strings.TrimSpace(k))
		if err != nil {
			return bad("%v", err)
		}
		x, err := strconv.Atoi(strings.TrimSpace(n))
		if err != nil || x < 0 {
			return bad("%q is not a whole number of 0 or more", n)
		}
		if seen[w] {
			return bad("%s is given twice", w)
		}
		v[w], seen[w] = x, true
	}
	for w, ok := range seen {
		if !ok {
			return bad("%s is missing", rules.Wind(w))
		}
	}
	return v, nil
}

func printSettlement(w io.Writer, r rules.Ruleset, s rules.Settlement) {
	fmt.Fprintf(w, "%s (%s)\n", r.Name(), r.ID())
	if s.Ledger {
		fmt.Fprintln(w, "no points pass between players; each records his entry")
	}
	for _, t := range s.Transfers {
		fmt.Fprintf(w, "  %s pays %s %d\n", t.From, t.To, t.Amount)
	}
	fmt.Fprintf(w, "net: %s\n", score.Seats(s.Net))
	if s.Note != "" {
		fmt.Fprintf(w, "(%s)\n", s.Note)
	}
}
