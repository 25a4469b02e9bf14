package rules

import (
	"fmt"
	"strings"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// Score values a hand written in notation (such as "234m 567m 5z [666z]
// [999p] +5z bonus: 1f") under r in ctx: the scorer the app and `fourwinds
// score` share. A winning tile written with "*" sets JokerDrawn. Notation
// that does not parse is an error; a hand that parses but cannot be held
// (a pair in brackets, a fifth copy, a wrong tile count, no winning shape)
// is a Valuation with Valid false and the reason.
func Score(r Ruleset, notation string, ctx Context) (Valuation, error) {
	n, err := tile.ParseHand(notation)
	if err != nil {
		return Valuation{}, err
	}
	h, err := ReadHand(r, n)
	if err != nil {
		return Invalid("%v", err), nil
	}
	if n.WinningJoker {
		ctx.Flags |= JokerDrawn
	}
	return r.Value(h, ctx), nil
}

// ReadHand converts a hand in notation to a scoring Hand of r: with r's
// own reader when it has one (NotationReader), else HandFromNotation.
func ReadHand(r Ruleset, n tile.Hand) (Hand, error) {
	if nr, ok := r.(NotationReader); ok {
		return nr.HandFromNotation(n)
	}
	return HandFromNotation(n)
}

// NotationReader is implemented by rulesets whose declared groups are not
// all melds (jilin's special combinations, JL-0): Score reads hands with it
// instead of HandFromNotation.
type NotationReader interface {
	HandFromNotation(n tile.Hand) (Hand, error)
}

// PaidByLosers is implemented by rulesets in which the losers pay the
// winner amounts that follow from the winner's value alone (classical,
// jilin, american), so that one hand's payments can be shown without the
// other hands. Ledger systems and hongkong's advanced system do not.
type PaidByLosers interface {
	PaidByLosers(o Options) bool
}

// WinnerPayments returns each seat's net when winner wins with value v
// (the other seats' values 0), and false when r's payments under o depend
// on the other hands or pass no points.
func WinnerPayments(r Ruleset, o Options, winner, from Wind, v int, flags Flag) ([4]int, bool) {
	p, ok := r.(PaidByLosers)
	if !ok || !p.PaidByLosers(o) || winner < E || winner > N {
		return [4]int{}, false
	}
	in := SettleInput{Options: o, Winner: winner, From: from, Flags: flags}
	in.Values[winner] = v
	s := r.Settle(in)
	return s.Net, !s.Ledger
}

// Phrase is a score line whose name is English prose, possibly with
// arguments (jilin: "kong made alone [4444p]"): the ruleset writes the name
// with Text, and the app finds its stable translation key with PhraseOf.
// Format has one %s per argument; Args name them for the translations
// ("{{.Group}}").
type Phrase struct {
	Key, Format string
	Args        []string
}

// Text is the line's English name with args.
func (p Phrase) Text(args ...any) string { return fmt.Sprintf(p.Format, args...) }

var phrases []Phrase

// RegisterPhrases registers score line phrases: PhraseOf finds them, and
// their keys' English texts are their formats with {{.Arg}} fields.
func RegisterPhrases(ps ...Phrase) {
	namesMu.Lock()
	defer namesMu.Unlock()
	for _, p := range ps {
		phrases = append(phrases, p)
		text := p.Format
		for _, a := range p.Args {
			text = strings.Replace(text, "%s", "{{."+a+"}}", 1)
		}
		names[p.Key] = text
	}
}

// PhraseOf returns the registered phrase a score line's name was written
// with, and its arguments; false when none was.
func PhraseOf(name string) (Phrase, []string, bool) {
	namesMu.RLock()
	defer namesMu.RUnlock()
	for _, p := range phrases {
		args := make([]string, len(p.Args))
		ptrs := make([]any, len(args))
		for i := range args {
			ptrs[i] = &args[i]
		}
		if len(args) > 0 {
			if _, err := fmt.Sscanf(name, p.Format, ptrs...); err != nil {
				continue
			}
		}
		vals := make([]any, len(args))
		for i, a := range args {
			vals[i] = a
		}
		if p.Text(vals...) == name {
			return p, args, true
		}
	}
	return Phrase{}, nil, false
}
