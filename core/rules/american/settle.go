package american

import (
	"fmt"
	"strings"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
)

// PaidByLosers reports true: the losers pay the winner from the winner's
// payment unit alone (AM-8.3); it implements rules.PaidByLosers.
func (Ruleset) PaidByLosers(rules.Options) bool { return true }

// Settle pays a finished hand. in.Values[in.Winner] is the winner's
// payment unit u = v·m (Value). On a discard win the discarder pays 2u and
// each other loser u; on a self-drawn win (in.From NoWind) every loser pays
// 2u (AM-8.3). Dead players pay like the other non-discarders (AM-8.6). A
// wall game (in.Winner NoWind) pays nothing (AM-5.10).
//
// With option bettor, in.Extra[seat].Bet marks the seat the bettor named
// (AM-8.5). If it is the winner, every payment is doubled and the winner
// pays half the total to the bettor; otherwise the bettor pays the winner
// what a non-discarder pays. The bettor is NoWind in Transfers, and her net
// is Settlement.Bettor.
func (r Ruleset) Settle(in rules.SettleInput) rules.Settlement {
	s := rules.Settlement{Transfers: []rules.Transfer{}}
	w := in.Winner
	if w < rules.E || w > rules.N {
		s.Note = "wall game: nobody pays (AM-5.10)"
		return s
	}
	u := max(in.Values[w], 0)
	discard := in.From >= rules.E && in.From <= rules.N && in.From != w
	single := 2 * u // what a non-discarder pays
	if discard {
		single = u
	}
	notes := []string{fmt.Sprintf("%s self-drawn: every loser pays 2 × %d (AM-8.3)", w, u)}
	if discard {
		notes[0] = fmt.Sprintf("%s wins on %s's discard: %s pays 2 × %d, the others %d (AM-8.3)", w, in.From, in.From, u, u)
	}
	bet, betting := named(in.Extra), r.flag(in.Options, posBettor)
	won := betting && bet == w
	total := 0
	for l := rules.E; l <= rules.N; l++ {
		if l == w {
			continue
		}
		p := single
		if l == in.From {
			p = 2 * u
		}
		if won {
			p *= 2
		}
		s.Pay(l, w, p)
		total += p
	}
	switch {
	case won:
		payBettor(&s, w, total/2)
		notes = append(notes, fmt.Sprintf("the bettor named %s: every payment doubled, the %d split with the bettor (AM-8.5)", w, total))
	case betting:
		payBettor(&s, w, -single)
		notes = append(notes, fmt.Sprintf("the bettor named %s, not %s: she pays %s like a non-discarder (AM-8.5)", seatName(bet), w, w))
	}
	s.Note = strings.Join(notes, "; ")
	return s
}

// named returns the seat the bettor named, or NoWind.
func named(extra [4]rules.SeatFacts) rules.Wind {
	for x, f := range extra {
		if f.Bet {
			return rules.Wind(x)
		}
	}
	return rules.NoWind
}

// seatName writes a seat, or "no seat".
func seatName(w rules.Wind) string {
	if w == rules.NoWind {
		return "no seat"
	}
	return w.String()
}

// payBettor records that seat pays the bettor amount (the bettor pays the
// seat when amount < 0).
func payBettor(s *rules.Settlement, seat rules.Wind, amount int) {
	t := rules.Transfer{From: seat, To: rules.NoWind, Amount: amount}
	if amount < 0 {
		t = rules.Transfer{From: rules.NoWind, To: seat, Amount: -amount}
	}
	if t.Amount == 0 {
		return
	}
	s.Transfers = append(s.Transfers, t)
	s.Net[seat] -= amount
	s.Bettor += amount
}
