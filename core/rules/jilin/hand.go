package jilin

import (
	"fmt"

	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// Hand is a Jilin player's tiles: the concealed tiles and the declared
// groups (exposed groups and declared concealed kongs).
type Hand struct {
	Concealed tile.Counts
	Groups    []Group
}

// Effective returns the effective tile count: concealed tiles plus 3 per
// group, each kong and special combination counting 3 (JL-0).
func (h Hand) Effective() int { return h.Concealed.Total() + 3*len(h.Groups) }

// All returns the counts of every tile of the hand, groups included.
func (h Hand) All() tile.Counts {
	c := h.Concealed
	for _, g := range h.Groups {
		g.addTo(&c)
	}
	return c
}

// String writes the hand in notation: concealed tiles, then groups.
func (h Hand) String() string {
	s := tile.Format(h.Concealed.Kinds())
	for _, g := range h.Groups {
		if s != "" {
			s += " "
		}
		s += g.String()
	}
	return s
}

// check verifies that the hand plus the tile extra (or tile.None) holds
// only standard tiles, at most 4 of each kind, in at most 4 well-formed
// groups.
func (h Hand) check(extra tile.Kind) error {
	notJilin := func(k tile.Kind) error {
		return fmt.Errorf("jilin: %s is not a Jilin tile; Jilin has only suit tiles, winds and dragons (JL-1.1)", k)
	}
	for k := range tile.Kind(tile.NumStandard) { // standard kinds come first
		if n := h.Concealed[k]; n > 4 {
			return fmt.Errorf("jilin: the hand holds %d tiles %s; there are only 4 of each (JL-1.1)", n, k)
		}
	}
	for k := tile.Kind(tile.NumStandard); k < tile.NumKinds; k++ {
		if h.Concealed[k] > 0 {
			return notJilin(k)
		}
	}
	if extra != tile.None && !extra.IsStandard() {
		return notJilin(extra)
	}
	if len(h.Groups) > 4 {
		return fmt.Errorf("jilin: %d declared groups; a hand has at most 4 (JL-9.1)", len(h.Groups))
	}
	for _, g := range h.Groups {
		if !g.valid() {
			return fmt.Errorf("jilin: malformed group %+v", g)
		}
	}
	all := h.All()
	if extra != tile.None {
		all.Add(extra)
	}
	for k, n := range all[:tile.NumStandard] { // the others are 0 by now
		if n > 4 {
			return fmt.Errorf("jilin: the hand holds %d tiles %s; there are only 4 of each (JL-1.1)", n, tile.Kind(k))
		}
	}
	return nil
}

// FromNotation converts a hand written in notation (its winning tile
// aside) to a Hand; see GroupFromNotation for noCalls. Bonus tiles and
// jokers are errors: Jilin has neither (JL-1.1, JL-0).
func FromNotation(n tile.Hand, noCalls bool) (Hand, error) {
	if len(n.Bonus) > 0 {
		return Hand{}, fmt.Errorf("jilin: bonus tiles %q are not used in Jilin (JL-1.1)", tile.Format(n.Bonus))
	}
	if len(n.Concealed) > 14 {
		return Hand{}, fmt.Errorf("jilin: %d concealed tiles; a hand holds at most 14", len(n.Concealed))
	}
	h := Hand{Concealed: tile.CountsOf(n.Concealed)}
	for _, k := range n.Concealed {
		if !k.IsStandard() {
			return Hand{}, fmt.Errorf("jilin: %s is not a Jilin tile; Jilin has only suit tiles, winds and dragons (JL-1.1)", k)
		}
	}
	for _, ng := range n.Groups {
		g, err := GroupFromNotation(ng, noCalls)
		if err != nil {
			return Hand{}, err
		}
		h.Groups = append(h.Groups, g)
	}
	return h, h.check(n.Winning)
}

// FromRules converts a scoring hand: its Groups when it has any (as
// written in notation, see FromNotation), else its Melds (an Open meld was
// claimed; a closed kong is a declared concealed kong).
func FromRules(rh rules.Hand, noCalls bool) (Hand, error) {
	if len(rh.Groups) > 0 {
		n := tile.Hand{Concealed: rh.Concealed.Kinds(), Groups: rh.Groups, Winning: rh.Winning, Bonus: rh.Bonus}
		return FromNotation(n, noCalls)
	}
	h := Hand{Concealed: rh.Concealed}
	if len(rh.Bonus) > 0 {
		return Hand{}, fmt.Errorf("jilin: bonus tiles %q are not used in Jilin (JL-1.1)", tile.Format(rh.Bonus))
	}
	if len(rh.Melds) > 0 {
		h.Groups = make([]Group, 0, len(rh.Melds))
	}
	for _, m := range rh.Melds {
		g, err := groupOfMeld(m)
		if err != nil {
			return Hand{}, err
		}
		h.Groups = append(h.Groups, g)
	}
	if h.Concealed.Total() > 14 {
		return Hand{}, fmt.Errorf("jilin: %d concealed tiles; a hand holds at most 14", h.Concealed.Total())
	}
	return h, h.check(rh.Winning)
}

// groupOfMeld converts a declared meld.
func groupOfMeld(m hand.Meld) (Group, error) {
	g, err := meldGroup(m)
	switch {
	case err != nil:
		return Group{}, err
	case m.Kind == hand.Kong && !m.Open:
		g.Concealed = true
	case m.Kind == hand.Combination:
		// exposed by its owner, not claimed (JL-6.4)
	case !m.Open:
		return Group{}, fmt.Errorf("jilin: a declared %s must be exposed; only kongs are declared concealed (JL-6.2)", m)
	default:
		g.Called = true
	}
	return g, nil
}

// meldGroup recognises the group of a meld's tiles: at once for the usual
// pungs, kongs and suit chows, by their tiles otherwise.
func meldGroup(m hand.Meld) (Group, error) {
	if m.Jokers == 0 && m.Flowers == ([8]uint8{}) && m.Tile.IsStandard() {
		switch {
		case m.Kind == hand.Pung:
			return NewTriple(m.Tile), nil
		case m.Kind == hand.Kong:
			return NewKong(m.Tile), nil
		case m.Kind == hand.Chow && m.Tile.IsSuited() && m.Tile.Number() <= 7:
			return NewRun(m.Tile), nil
		}
	}
	return groupOf(tile.Sorted(m.Tiles()))
}
