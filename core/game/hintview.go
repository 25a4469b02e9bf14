package game

import (
	"fmt"

	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// HintView returns the view of seat holding h on its turn, just after a
// draw that was not its first, with the rest of the table empty: no
// discards, no melds, no tiles in the other hands, the wall as after the
// deal. It is for hints on a hand typed in notation (`fourwinds hint`).
// h must hold 14 effective tiles (concealed tiles, its winning tile, which
// is taken as the tile just drawn, and 3 per meld), none of them a fifth
// copy or a bonus tile; its declared groups are h.Groups as written when
// there are any (jilin's combinations, rules.ReadHand), else h.Melds;
// dominant is the hand's dominant wind.
func HintView(cfg HandConfig, seat, dominant rules.Wind, h rules.Hand) (*View, error) {
	if seat < rules.E || seat > rules.N {
		return nil, fmt.Errorf("game: seat %s is not E, S, W or N", seat)
	}
	s, _, err := NewHand(cfg)
	if err != nil {
		return nil, err
	}
	c := h.Concealed
	if h.Winning != tile.None {
		c.Add(h.Winning)
	}
	if len(h.Groups) > 0 { // the groups as written replace their melds (jilin's combinations)
		h.Melds = nil
	}
	for _, g := range h.Groups {
		m, ok := MeldOf(s.setup, g)
		if s.setup.CardCalls {
			m, ok = s.groupExposure(g)
		}
		if !ok {
			return nil, fmt.Errorf("game: the group %q is not a chow, pung or kong (a concealed kong in parentheses), or an exposed special combination where the rules have them", tile.Format(g.Tiles))
		}
		h.Melds = append(h.Melds, m)
	}
	if err := checkHintHand(&c, h, s.setup); err != nil {
		return nil, err
	}
	for x := range s.Players {
		s.Players[x] = Player{}
	}
	p := &s.Players[seat]
	p.Concealed, p.Melds, p.Bonus = c, h.Melds, h.Bonus
	for _, m := range p.Melds {
		p.Called = p.Called || (m.Open && m.Kind != hand.Combination)
	}
	p.Discarded = 1
	s.Phase, s.Turn, s.how, s.drawn, s.Pending = PhaseTurn, seat, turnDraw, h.Winning, tile.None
	s.Dominant, s.firstGoAround = dominant, false
	s.updateWaits()
	return s.View(seat), nil
}

// checkHintHand checks that concealed c with h's melds and bonus tiles is a
// hand of 14 effective tiles that the table's tiles can hold. With card
// calls, exposures count every tile and flowers are tiles of the hand
// (AM-1.2); elsewhere a meld counts 3 and flowers are bonus tiles.
func checkHintHand(c *tile.Counts, h rules.Hand, setup rules.Setup) error {
	p := Player{Concealed: *c, Melds: h.Melds}
	if n := p.effective(setup.CardCalls); n != 14 {
		what := "counting 3 per meld"
		if setup.CardCalls {
			what = "exposures included"
		}
		return fmt.Errorf("game: a hint needs 14 tiles %s (the hand after a draw), not %d", what, n)
	}
	held := *c
	for _, m := range h.Melds {
		for _, k := range m.Tiles() {
			held.Add(k)
		}
	}
	for _, k := range h.Bonus {
		if !k.IsBonus() {
			return fmt.Errorf("game: %s is not a bonus tile", k)
		}
		held.Add(k)
	}
	for k, n := range held {
		if n > setup.Tiles[k] {
			return fmt.Errorf("game: the hand holds %d of %s; the table has %d", n, tile.Kind(k), setup.Tiles[k])
		}
	}
	for k := tile.F1; k < tile.Joker && !setup.CardCalls; k++ {
		if c[k] > 0 {
			return fmt.Errorf("game: bonus tile %s must be given as a bonus tile, not in the hand", k)
		}
	}
	return nil
}
