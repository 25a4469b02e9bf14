package game

import (
	"encoding/json"
	"slices"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// Result is how a hand ended: the winner (rules.NoWind for a void hand),
// every seat's revealed hand and valuation, and the settlement.
type Result struct {
	Winner rules.Wind `json:"winner"`
	// From is the seat whose discard (or kong) gave the winning tile; NoWind when self-drawn.
	From  rules.Wind `json:"from"`
	Tile  tile.Kind  `json:"tile"`
	Flags []string   `json:"flags,omitempty"`
	// Void explains a hand that ended without a winner.
	Void string `json:"void,omitempty"`
	// Hands are every seat's tiles at the end, in notation.
	Hands      [4]string          `json:"hands"`
	Values     [4]rules.Valuation `json:"values"`
	Settlement rules.Settlement   `json:"settlement"`
	// Net is what each seat gains or loses (or records, in a ledger system).
	Net [4]int `json:"net"`
}

// UnmarshalJSON reads a result. Records written before the settlement
// carried its net in JSON give it the result's own net, which is the same.
func (r *Result) UnmarshalJSON(b []byte) error {
	type plain Result
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	if p.Settlement.Net == ([4]int{}) {
		p.Settlement.Net = p.Net
	}
	*r = Result(p)
	return nil
}

// Clone returns a deep copy of the result (nil for nil).
func (r *Result) Clone() *Result {
	if r == nil {
		return nil
	}
	c := *r
	c.Flags = slices.Clone(r.Flags)
	for i := range c.Values {
		c.Values[i].Items = slices.Clone(r.Values[i].Items)
	}
	c.Settlement.Transfers = slices.Clone(r.Settlement.Transfers)
	return &c
}

// notation writes a seat's tiles in hand notation.
func (s *State) notation(seat rules.Wind, winning tile.Kind) string {
	p := &s.Players[seat]
	h := tile.Hand{Concealed: p.Concealed.Kinds(), Winning: winning, Bonus: p.Bonus}
	for _, m := range p.Melds {
		g := tile.Group{Kind: tile.Exposed, Tiles: m.Tiles()}
		if !m.Open {
			g.Kind = tile.ConcealedKong
		}
		h.Groups = append(h.Groups, g)
	}
	return h.String()
}

// endWin ends the hand with seat winning on tile k from `from` (NoWind:
// self-drawn, k already in the seat's concealed tiles).
func (s *State) endWin(evs []Event, seat rules.Wind, k tile.Kind, from rules.Wind, flags rules.Flag) []Event {
	if from == rules.NoWind {
		s.Players[seat].Concealed.Remove(k)
	}
	// The flags shown are those the win was valued with, declarations
	// (calling hand, TING) included.
	res := &Result{Winner: seat, From: from, Tile: k, Flags: s.context(seat, from, flags).Flags.Names()}
	s.settle(res, flags)
	evs = append(evs, Event{Type: EvMahjong, Seat: seat, From: from, Tiles: []tile.Kind{k}})
	return append(evs, Event{Type: EvHandEnd, Seat: rules.NoWind, From: rules.NoWind, Result: res})
}

// endVoid ends the hand with no winner.
func (s *State) endVoid(evs []Event, reason string) []Event {
	res := &Result{Winner: rules.NoWind, From: rules.NoWind, Tile: tile.None, Void: reason}
	s.settle(res, 0)
	return append(evs, Event{Type: EvHandEnd, Seat: rules.NoWind, From: rules.NoWind, Result: res})
}

// settle values every seat's hand (the winner's with his winning tile),
// reveals the hands and settles, ending the hand. Losers are valued too:
// some rulesets score them (HK-S-33) or pay end-of-hand points (JL-13),
// even with no winner (JL-10.3).
func (s *State) settle(res *Result, flags rules.Flag) {
	in := rules.SettleInput{Options: s.opts, Winner: res.Winner, From: res.From, Flags: flags}
	for x := rules.E; x <= rules.N; x++ {
		if x == res.Winner {
			res.Values[x] = s.winValue(x, res.Tile, res.From, flags)
			res.Hands[x] = s.notation(x, res.Tile)
		} else {
			res.Values[x] = s.ruleset.Value(s.scoringHand(x, tile.None), s.context(x, rules.NoWind, 0))
			res.Hands[x] = s.notation(x, tile.None)
		}
		p := &s.Players[x]
		in.Values[x] = res.Values[x].Value
		in.Extra[x] = rules.SeatFacts{Ting: p.Declared == DeclTing, Called: p.Called, Bonus: res.Values[x].Bonus}
	}
	res.Settlement = s.ruleset.Settle(in)
	res.Net = res.Settlement.Net
	s.Result, s.Phase = res, PhaseEnd
}
