package american

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/american/card"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// impossible are the win flags that cannot happen in American: there is no
// replacement draw (AM-3.3), no kong to rob (exposures are never enlarged,
// AM-5.8), no declaration before Mah Jongg and no jilin joker.
const impossible = rules.KongReplacement | rules.RobbingKong | rules.Calling | rules.Ting |
	rules.AnyTing | rules.JokerDrawn | rules.JokerWins | rules.Compensation | rules.Invoked

// names are the English texts of the translation keys of the breakdown
// items and option labels.
var names = map[string]string{
	"american.line":        "Value of the matched card line",
	"american.jokerless":   "Jokerless: no joker among the 14 tiles",
	"american.discard_win": "Won on a discard: the discarder pays double, the others single",
	"american.self_drawn":  "Self-drawn: every loser pays double",

	"american.option." + OptSecondCharleston:    "Second Charleston",
	"american.option." + OptBlindPass:           "Blind passes",
	"american.option." + OptCourtesyPass:        "Courtesy pass",
	"american.option." + OptMush:                "Mush",
	"american.option." + OptHotWall:             "Hot wall",
	"american.option." + OptJokerlessBonus:      "Jokerless bonus",
	"american.option." + OptJokerlessNoJokers:   "Jokerless bonus for lines without jokers",
	"american.option." + OptConcealedDiscardWin: "Concealed hand may win on a discard",
	"american.option." + OptBettor:              "Bettor (five participants)",
	"american.option." + OptClaimTimeout:        "Claim window (seconds)",
	"american.option." + OptCard:                "Card of hands",
}

// HandFromNotation converts a hand in notation (AM-1.4) to a scoring hand
// whose exposures, which may hold jokers and be quints or sextets, travel
// in Groups; it implements rules.NotationReader. Bonus tiles, concealed
// kongs and a winning tile marked "*" are refused: they do not exist here.
func (Ruleset) HandFromNotation(n tile.Hand) (rules.Hand, error) {
	if _, err := card.FromTiles(n); err != nil {
		return rules.Hand{}, err
	}
	return rules.Hand{Concealed: tile.CountsOf(n.Concealed), Groups: n.Groups, Winning: n.Winning}, nil
}

// CardHand converts a scoring hand to the matcher's hand (AM-7.4): the
// concealed tiles with the winning tile, and the exposures. The exposures
// are h.Groups when there are any (notation, jokers allowed), else h.Melds.
func CardHand(h rules.Hand) (card.Hand, error) {
	var ch card.Hand
	if len(h.Bonus) > 0 {
		return ch, errors.New("american: flowers are ordinary tiles here (AM-1.1); hold them with the concealed tiles, not as bonus tiles")
	}
	for _, g := range h.Groups {
		if g.Kind != tile.Exposed {
			return ch, fmt.Errorf("american: (%s): there are no concealed kongs (AM-5.5); write exposures in [...] and concealed tiles bare", tile.Format(g.Tiles))
		}
		ch.Exposed = append(ch.Exposed, g.Tiles)
	}
	if len(h.Groups) == 0 {
		for _, m := range h.Melds {
			if !m.Open {
				return ch, fmt.Errorf("american: %s: there are no concealed kongs (AM-5.5); only exposures are declared", m)
			}
			ch.Exposed = append(ch.Exposed, m.Tiles())
		}
	}
	ch.Concealed = h.Concealed
	if h.IsWinner() {
		if !h.Winning.Valid() {
			return ch, fmt.Errorf("american: the winning tile %s is not a real tile", h.Winning)
		}
		ch.Concealed.Add(h.Winning)
	}
	return ch, ch.Check()
}

// Value values a hand. A winning hand (h.Winning set) must hold 14 tiles
// that match a line of the card (AM-7.4, AM-8.1); it is paid on the line
// with the highest payment (AM-7.5). Value is the payment unit v·m of
// AM-8.3: the line's value v (Points, and the AM-7.5 item) doubled once
// (Doubles 1, the AM-8.4 item) by the jokerless bonus; Settle makes the
// discarder or every loser on a self-drawn win pay it twice. Line is the
// line's id, Decomposition its instantiation and groups. ctx.From is the
// discarder (NoWind: self-drawn, AM-8.2); a C line wins on a discard only
// with option concealed_discard_win (AM-5.6), and a discarded joker never
// wins (AM-6.4). A loser's hand is not scored: Valid, value 0 (AM-8.3).
func (r Ruleset) Value(h rules.Hand, ctx rules.Context) rules.Valuation {
	ch, err := CardHand(h)
	switch {
	case err != nil:
		return rules.Invalid("%v", err)
	case ctx.Flags&impossible != 0:
		return rules.Invalid("american: %s cannot happen in American: no replacement draw, no kong to rob, no declaration but Mah Jongg (AM-3.3, AM-5.8, AM-8.1)",
			strings.Join((ctx.Flags&impossible).Names(), ", "))
	case !h.IsWinner():
		return rules.Valuation{Valid: true, Items: []rules.Item{}}
	case ch.Size() != card.HandSize:
		return rules.Invalid("american: a Mah Jongg hand holds %d tiles, not %d (AM-5.3)", card.HandSize, ch.Size())
	case h.Winning == tile.Joker && !ctx.SelfDrawn():
		return rules.Invalid("american: a discarded joker cannot be called, even for Mah Jongg (AM-6.4)")
	}
	c := r.Card(ctx.Options)
	ms := c.Match(ch)
	if len(ms) == 0 {
		return rules.Invalid("american: these 14 tiles match no line of %s (AM-7.4, AM-8.1)", c.Name)
	}
	if !ctx.SelfDrawn() && !r.flag(ctx.Options, posConcealedDiscardWin) {
		if ms = slices.DeleteFunc(ms, func(m card.Match) bool { return m.Line.Concealed }); len(ms) == 0 {
			return rules.Invalid("american: only concealed (C) lines match, and option %s is off: a C hand must be self-drawn (AM-5.6)", OptConcealedDiscardWin)
		}
	}
	po := r.payOptions(ctx.Options)
	m, _ := card.Best(ms, po)
	return valuation(m, po, ctx.SelfDrawn())
}

// valuation is the breakdown of a win paid on m.
func valuation(m card.Match, po card.PayOptions, selfDrawn bool) rules.Valuation {
	v := rules.Valuation{Valid: true, Points: m.Line.Value, Value: m.Pay(po), Line: m.Line.ID,
		Decomposition: decomposition(m),
		Items:         []rules.Item{{Rule: "AM-7.5", Name: "american.line", Value: m.Line.Value}}}
	if m.Factor(po) == 2 {
		v.Doubles = 1
		v.Items = append(v.Items, rules.Item{Rule: "AM-8.4", Name: "american.jokerless", Doubles: 1})
	}
	how := "american.discard_win"
	if selfDrawn {
		how = "american.self_drawn"
	}
	v.Items = append(v.Items, rules.Item{Rule: "AM-8.3", Name: how})
	return v
}

// decomposition writes the line's instantiation and its concrete groups,
// such as "R1 a=p k=4: 55p 666p 777p 8888p 55z".
func decomposition(m card.Match) string {
	parts := []string{m.Line.ID + " " + m.Inst.String() + ":"}
	for _, g := range m.Line.Concrete(m.Inst) {
		parts = append(parts, tile.Format(slices.Repeat([]tile.Kind{g.Kind}, g.Size)))
	}
	return strings.Join(parts, " ")
}

// Waits returns the tiles that complete a 13-tile hand to a match of some
// line of the card (AM-7.4): every flower when a flower does, and the joker
// when a drawn joker does (a discarded one is never called, AM-6.4); it
// implements rules.Waiter. Any other hand waits on nothing.
func (r Ruleset) Waits(h rules.Hand, ctx rules.Context) tile.Set {
	h.Winning = tile.None
	ch, err := CardHand(h)
	if err != nil || ch.Size() != card.HandSize-1 {
		return 0
	}
	c := r.Card(ctx.Options)
	var s tile.Set
	for k := range tile.NumKinds {
		k := tile.Kind(k)
		if k.IsBonus() && k != card.Flower {
			continue
		}
		ch.Concealed.Add(k)
		if len(c.Match(ch)) > 0 {
			s = s.Add(k)
		}
		ch.Concealed.Remove(k)
	}
	if s.Has(card.Flower) {
		for k := card.Flower + 1; k < tile.Joker; k++ {
			s = s.Add(k)
		}
	}
	return s
}

// Feasible is the public feasibility test of AM-9.3 against the card under
// o: whether a player whose exposures are exposed can still make some line
// (X lines only once she has exposed), when avail[t] naturals of kind t are
// not yet visible outside her exposures (A_t; flowers may be spread over
// 1f–4y) and jokers jokers are neither discarded nor exposed (AJ). A player
// who is not feasible is dead (AM-9.4); an expose call that would make the
// caller infeasible is refused (AM-9.2).
func (r Ruleset) Feasible(o rules.Options, exposed [][]tile.Kind, avail tile.Counts, jokers int) bool {
	return r.Card(o).Feasible(exposed, avail, jokers)
}
