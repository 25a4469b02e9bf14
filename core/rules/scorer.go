package rules

import "github.com/fourwinds-mahjong/fourwinds/core/tile"

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
