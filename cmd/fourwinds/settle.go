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
		usage: "settle --rules ID [--opt KEY=VALUE]... [--card FILE] --winner W [--from W] --values E=n,S=n,W=n,N=n [--ting SEATS] [--called SEATS] [--end E=n,S=n,W=n,N=n] [--json]",
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

func runSettle(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("settle")
	resolve := rulesFlags(fs, "", stderr)
	winner := fs.String("winner", "", "the winner's seat wind, or - for a void hand")
	from := windFlag{w: rules.NoWind}
	fs.Var(&from, "from", "the seat that discarded the winning tile; left out for a self-drawn tile")
	values := fs.String("values", "", "every seat's hand value, such as E=100,S=250,W=40,N=10")
	ting := fs.String("ting", "", "the seats that announced TING, such as S,N (jilin; default none)")
	called := fs.String("called", "", "the seats that made a TCHE or TCHA this hand, such as E,W (jilin; default none)")
	end := fs.String("end", "", "every seat's end-of-hand points, such as E=0,S=3,W=0,N=0 (jilin; default 0)")
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
	if in.Values, err = parseSeatInts("values", *values); err != nil {
		return err
	}
	if err := readFacts(&in, rules.SeatFactsOf(r, o), r.ID(), *ting, *called, *end); err != nil {
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
	for _, a := range assumed(rules.SeatFactsOf(r, o), *ting, *called, *end) {
		fmt.Fprintf(stdout, "(taken: %s)\n", a)
	}
	return nil
}

// assumed says what the settlement took for the seat facts it reads and
// the command line left out.
func assumed(reads rules.Fact, ting, called, end string) []string {
	var out []string
	for _, f := range []struct {
		given string
		fact  rules.Fact
		text  string
	}{
		{ting, rules.FactTing, "nobody announced TING (--ting)"},
		{called, rules.FactCalled, "nobody made a TCHE or TCHA (--called)"},
		{end, rules.FactBonus, "no end-of-hand points (--end)"},
	} {
		if reads&f.fact != 0 && f.given == "" {
			out = append(out, f.text)
		}
	}
	return out
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

// readFacts puts the seats' TING, calls and end-of-hand points into in;
// each is refused where the ruleset's settlement does not read it.
func readFacts(in *rules.SettleInput, reads rules.Fact, id, ting, called, end string) error {
	for _, f := range []struct {
		name, value string
		fact        rules.Fact
	}{{"ting", ting, rules.FactTing}, {"called", called, rules.FactCalled}, {"end", end, rules.FactBonus}} {
		if f.value != "" && reads&f.fact == 0 {
			return usagef("--%s means nothing in %s, whose settlement reads only the values", f.name, id)
		}
	}
	if ting != "" {
		seats, err := parseSeatList("ting", ting)
		if err != nil {
			return err
		}
		for w, on := range seats {
			in.Extra[w].Ting = on
		}
	}
	if called != "" {
		seats, err := parseSeatList("called", called)
		if err != nil {
			return err
		}
		for w, on := range seats {
			in.Extra[w].Called = on
		}
	}
	if end != "" {
		points, err := parseSeatInts("end", end)
		if err != nil {
			return err
		}
		for w, n := range points {
			in.Extra[w].Bonus = n
		}
	}
	return nil
}

// parseSeatList reads a list of seats such as "S,N" for the flag name.
func parseSeatList(name, s string) ([4]bool, error) {
	var seats [4]bool
	for _, part := range strings.Split(s, ",") {
		w, err := rules.ParseWind(strings.TrimSpace(part))
		if err != nil {
			return seats, usagef("--%s: %v; write seats such as S,N", name, err)
		}
		if seats[w] {
			return seats, usagef("--%s: %s is given twice", name, w)
		}
		seats[w] = true
	}
	return seats, nil
}

// parseSeatInts reads "E=n,S=n,W=n,N=n" for the flag name: every seat
// exactly once, each a whole number from 0 to rules.MaxValue.
func parseSeatInts(name, s string) ([4]int, error) {
	var v [4]int
	var seen [4]bool
	bad := func(format string, args ...any) ([4]int, error) {
		return v, usagef("--"+name+": "+format+"; write every seat once, such as E=100,S=250,W=40,N=10", args...)
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
		if err != nil || x < 0 || x > rules.MaxValue {
			return bad("%q is not a whole number from 0 to %d", n, rules.MaxValue)
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
