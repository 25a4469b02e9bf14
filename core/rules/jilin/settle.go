package jilin

import (
	"fmt"
	"strings"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
)

// SeatFacts says that the settlement reads each seat's TING, calls and
// end-of-hand points (JL-12.1, JL-12.2, JL-13.1).
func (Ruleset) SeatFacts(rules.Options) rules.Fact {
	return rules.FactTing | rules.FactCalled | rules.FactBonus
}

// Settle pays a finished hand. The winner's value is in.Values[in.Winner];
// in.Extra[seat] says whether each seat announced TING and claimed, and
// carries its end-of-hand points E (Valuation.Bonus).
//
// Each loser's share of the value is doubled if he is the dealer (seat E)
// and again if he never claimed (JL-12.1), then capped at the `limit`
// option if set (JL-12.3). A discarder without TING pays every share,
// otherwise each loser pays his own (JL-12.2, JL-D17). With no winner
// (in.Winner NoWind) nobody is paid for a win (JL-10.3). Every player then
// receives his E from each opponent; the end-of-hand transfers are netted
// pair by pair (JL-13.1, JL-D15, JL-D18).
func (Ruleset) Settle(in rules.SettleInput) rules.Settlement {
	var s rules.Settlement
	var notes []string
	if in.Winner >= rules.E && in.Winner <= rules.N {
		notes = payWin(&s, in)
	} else {
		notes = append(notes, "no winner: no payment for a win (JL-10.3)")
	}
	for p := rules.E; p <= rules.N; p++ {
		for q := p + 1; q <= rules.N; q++ {
			d := in.Extra[p].Bonus - in.Extra[q].Bonus
			if d > 0 {
				s.Pay(q, p, d)
			} else {
				s.Pay(p, q, -d)
			}
		}
	}
	notes = append(notes, fmt.Sprintf("end-of-hand points E %d, S %d, W %d, N %d, each received from every opponent (JL-13.1)",
		in.Extra[rules.E].Bonus, in.Extra[rules.S].Bonus, in.Extra[rules.W].Bonus, in.Extra[rules.N].Bonus))
	s.Note = strings.Join(notes, "; ")
	if s.Transfers == nil {
		s.Transfers = []rules.Transfer{}
	}
	return s
}

// payWin pays the winner's value and returns the notes that explain it.
func payWin(s *rules.Settlement, in rules.SettleInput) []string {
	limit := 0
	if hasOption(in.Options, OptLimit) {
		limit = in.Options.Int(OptLimit)
	}
	v := in.Values[in.Winner]
	var shares [4]int
	var parts []string
	for l := rules.E; l <= rules.N; l++ {
		if l == in.Winner {
			continue
		}
		shares[l] = v
		if l == rules.E {
			shares[l] *= 2
		}
		if !in.Extra[l].Called {
			shares[l] *= 2
		}
		if limit > 0 {
			shares[l] = min(shares[l], limit)
		}
		parts = append(parts, fmt.Sprintf("%s %d", l, shares[l]))
	}
	notes := []string{fmt.Sprintf("%s wins %d; shares %s (JL-12.1)", in.Winner, v, strings.Join(parts, ", "))}
	if limit > 0 {
		notes = append(notes, fmt.Sprintf("each share capped at %d (JL-12.3)", limit))
	}
	from := in.From
	if from >= rules.E && from <= rules.N && from != in.Winner && !in.Extra[from].Ting {
		s.Pay(from, in.Winner, shares[0]+shares[1]+shares[2]+shares[3])
		return append(notes, fmt.Sprintf("%s discarded the winning tile without TING and pays every share (JL-12.2)", from))
	}
	for l, sh := range shares {
		s.Pay(rules.Wind(l), in.Winner, sh)
	}
	return append(notes, "each loser pays his share (JL-12.2)")
}
