package simple

import (
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/pattern"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// grand is one Grand Jeu (HK-G-1 to HK-G-8, FR-13.8): a fixed value that
// replaces every point and double, bonus tiles included, with no cap.
type grand struct {
	rule, name, english string
	value               int
	match               func(g *gjHand) bool
}

// gjHand is a winning hand as the Grands Jeux see it (HK-G-0): its 14
// tiles with a declared kong counted as a pung (a kong stands for a pung
// only where "(ou Carré)" is written, HK-D-21), and what a required,
// undeclared natural kong needs (HK-D-14).
type gjHand struct {
	all, concealed tile.Counts
	declaredKong   bool
	winning        tile.Kind
	selfDrawn      bool
	seat           rules.Wind
	lanternsAny    bool
}

func newGJHand(h *rules.Hand, f *pattern.Facts, lanternsAny bool) gjHand {
	g := gjHand{concealed: h.Concealed, winning: h.Winning, selfDrawn: f.SelfDrawn, seat: f.Seat, lanternsAny: lanternsAny}
	g.concealed[h.Winning]++
	g.all = g.concealed
	for _, m := range h.Melds {
		ks := m.Tiles()
		g.declaredKong = g.declaredKong || m.Kind == hand.Kong
		for _, k := range ks[:min(len(ks), 3)] {
			g.all[k]++
		}
	}
	return g
}

// natural reports an undeclared kong of k whose four tiles were all drawn
// (HK-G-0): a winning tile that completes it must be self-drawn.
func (g *gjHand) natural(k tile.Kind) bool {
	return g.concealed[k] == 4 && g.all[k] == 4 && (k != g.winning || g.selfDrawn)
}

// run returns the suit that holds exactly one each of 1 to 9 plus extra
// (a count per number 1..9 added to one each), or SuitNone.
func (g *gjHand) run(extra [9]uint8) tile.Suit {
	for s := tile.Characters; s <= tile.Bamboo; s++ {
		ok := true
		for n := 1; n <= 9 && ok; n++ {
			ok = g.all[tile.Suited(s, n)] == 1+extra[n-1]
		}
		if ok {
			return s
		}
	}
	return tile.SuitNone
}

// honours returns how many honours of kinds from..to have count n.
func (g *gjHand) honours(from, to tile.Kind, n uint8) int {
	c := 0
	for k := from; k <= to; k++ {
		if g.all[k] == n {
			c++
		}
	}
	return c
}

// honourTiles returns the number of honour tiles.
func (g *gjHand) honourTiles() int {
	n := 0
	for k := tile.East; k <= tile.Red; k++ {
		n += int(g.all[k])
	}
	return n
}

// pairs returns the number of kinds held exactly twice.
func (g *gjHand) pairs() int {
	n := 0
	for k := tile.Kind(0); k < tile.NumStandard; k++ {
		n += btoi(g.all[k] == 2)
	}
	return n
}

// evenBamboo are the tiles of the great green hand (HK-G-5).
var evenBamboo = tile.MustParse("2468s")

var grands = []grand{
	{"HK-G-1", "score.gj.little_snake", "Petit serpent (little snake)", 1000, func(g *gjHand) bool {
		return !g.declaredKong && g.run([9]uint8{}) != tile.SuitNone &&
			g.honours(tile.East, tile.North, 0) == 0 && g.honourTiles() == 5
	}},
	{"HK-G-2", "score.gj.great_snake", "Grand serpent (great snake)", 1400, func(g *gjHand) bool {
		return g.run([9]uint8{}) != tile.SuitNone && g.honours(tile.East, tile.Red, 3) == 1 && g.honours(tile.East, tile.Red, 2) == 1
	}},
	{"HK-G-3", "score.gj.lanterns", "13 lanternes merveilleuses (thirteen wonderful lanterns)", 1600, func(g *gjHand) bool {
		return !g.declaredKong && pattern.ThirteenOrphans(&g.all, func(k tile.Kind) bool { return g.lanternsAny || k.IsTerminal() })
	}},
	{"HK-G-4", "score.gj.nine_pieces", "Main pleine de 9 pièces (nine-piece hand)", 700, func(g *gjHand) bool {
		if g.declaredKong {
			return false
		}
		for n := 2; n <= 8; n++ {
			extra := [9]uint8{0: 2, 8: 2}
			extra[n-1] = 1
			if g.run(extra) != tile.SuitNone {
				return true
			}
		}
		return false
	}},
	{"HK-G-5", "score.gj.great_green", "Grande main verte majeure (great green hand)", 3500, func(g *gjHand) bool {
		pungs, pair := 0, 0
		for _, k := range evenBamboo {
			pungs += btoi(g.all[k] == 3)
			pair += btoi(g.all[k] == 2)
		}
		return pungs == 3 && pair == 1 && g.all[tile.Green] == 3
	}},
	{"HK-G-6", "score.gj.quadruple", "Quadruple bonheur domestique (four wind pungs)", 2000, func(g *gjHand) bool {
		return !g.declaredKong && g.honours(tile.East, tile.North, 3) == 4 && g.pairs() == 1
	}},
	{"HK-G-7", "score.gj.mandarin", "Majong du mandarin (three natural wind kongs)", 5000, func(g *gjHand) bool {
		kongs := 0
		for k := tile.East; k <= tile.North; k++ {
			kongs += btoi(g.natural(k))
		}
		return kongs == 3 && g.honours(tile.East, tile.North, 2) == 1
	}},
	{"HK-G-8", "score.gj.imperial", "Majong impérial (three natural dragon kongs)", 6000, func(g *gjHand) bool {
		return g.natural(tile.White) && g.natural(tile.Green) && g.natural(tile.Red) && g.all[g.seat.Tile()] == 2
	}},
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// grand returns the highest Grand Jeu h makes, if any.
func (s *System) grand(h *rules.Hand, f *pattern.Facts, lanternsAny bool) (grand, bool) {
	g := newGJHand(h, f, lanternsAny)
	var best grand
	found := false
	for _, gj := range s.grands {
		if (!found || gj.value > best.value) && gj.match(&g) {
			best, found = gj, true
		}
	}
	return best, found
}

func (g grand) valuation() rules.Valuation {
	return rules.Valuation{
		Valid: true, Value: g.value, Limit: true,
		Items: []rules.Item{{Rule: g.rule, Name: g.name, Limit: true, Value: g.value}},
	}
}
