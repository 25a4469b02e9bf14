package jilin

import (
	"fmt"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// win is how a hand was won: everything its value depends on besides its tiles.
type win struct {
	// tile is the winning tile as drawn or discarded (the drawn joker's own
	// kind for a joker win); tile.None for East's dealt hand.
	tile         tile.Kind
	selfDrawn    bool      // M1
	jokerDrawn   bool      // M2: the tile is the drawn joker (JL-8.4)
	joker        tile.Kind // J, or tile.None
	dealer       bool      // M5
	compensation bool      // M6
	ting         bool      // the winner announced TING
	anyTing      bool      // someone announced TING (JL-13.2)
}

// base is a row of the base-value table (JL-11).
type base struct {
	rule string
	name rules.Phrase
	b    int
}

// The score lines' names: English prose with stable translation keys
// (rules.Phrase); the texts are those of the recorded games.
var (
	nameB1          = rules.Phrase{Key: "score.jilin.b1", Format: "shape A"}
	nameB2          = rules.Phrase{Key: "score.jilin.b2", Format: "shape A, edge wait (3 of 123 or 7 of 789)"}
	nameB3          = rules.Phrase{Key: "score.jilin.b3", Format: "shape A, pair wait with every other group exposed"}
	nameB4          = rules.Phrase{Key: "score.jilin.b4", Format: "shape B: four triples and a pair"}
	nameB5          = rules.Phrase{Key: "score.jilin.b5", Format: "shape C: seven pairs"}
	nameJoker       = rules.Phrase{Key: "score.jilin.joker_plays", Format: "the drawn joker %s plays as %s", Args: []string{"Joker", "Tile"}}
	nameM1          = rules.Phrase{Key: "score.jilin.m1", Format: "winning tile drawn by the winner"}
	nameM2          = rules.Phrase{Key: "score.jilin.m2", Format: "winning tile is a drawn joker"}
	nameM3          = rules.Phrase{Key: "score.jilin.m3", Format: "the joker is the winner's missing tile"}
	nameM4          = rules.Phrase{Key: "score.jilin.m4", Format: "the winner never claimed TCHE or TCHA"}
	nameM5          = rules.Phrase{Key: "score.jilin.m5", Format: "the winner is the dealer"}
	nameM6          = rules.Phrase{Key: "score.jilin.m6", Format: "winning tile from a compensation draw"}
	nameKongAlone   = rules.Phrase{Key: "score.jilin.kong_alone", Format: "kong made alone %s", Args: []string{"Group"}}
	nameKongTCHA    = rules.Phrase{Key: "score.jilin.kong_tcha", Format: "kong with a TCHA %s", Args: []string{"Group"}}
	nameSpecial     = rules.Phrase{Key: "score.jilin.special", Format: "special combination %s", Args: []string{"Group"}}
	nameSpecialShow = rules.Phrase{Key: "score.jilin.special_shown", Format: "special combination shown at the end %s", Args: []string{"Group"}}
)

// phrases are every score line name of jilin, registered with rules.
var phrases = []rules.Phrase{nameB1, nameB2, nameB3, nameB4, nameB5, nameJoker, nameM1, nameM2, nameM3, nameM4, nameM5, nameM6,
	nameKongAlone, nameKongTCHA, nameSpecialShow, nameSpecial}

// The base rows (JL-11).
var (
	rowB1 = base{"JL-11.B1", nameB1, 1}
	rowB2 = base{"JL-11.B2", nameB2, 2}
	rowB3 = base{"JL-11.B3", nameB3, 2}
	rowB4 = base{"JL-11.B4", nameB4, 4}
	rowB5 = base{"JL-11.B5", nameB5, 8}
)

// baseOf returns the base row of a decomposition won on t.
func baseOf(d Decomposition, t tile.Kind) base {
	switch {
	case d.Shape == ShapeC:
		return rowB5
	case d.Shape == ShapeB:
		return rowB4
	case d.Edge(t):
		return rowB2
	case d.Win == InPair && allExposed(d.Groups):
		return rowB3
	}
	return rowB1
}

// allExposed reports whether every group is exposed, concealed kongs
// exempt (JL-11 B3).
func allExposed(gs []Group) bool {
	for _, g := range gs {
		if g.Concealed && g.Kind != Kong {
			return false
		}
	}
	return true
}

// called reports whether any group was made by a claim.
func called(gs []Group) bool {
	for _, g := range gs {
		if g.Called {
			return true
		}
	}
	return false
}

// scored is one candidate valuation of a winning hand.
type scored struct {
	d     Decomposition
	t     tile.Kind
	row   base
	items []rules.Item
	bonus int
}

// better reports whether a beats b: a higher base, then more end points.
func (a scored) better(b scored) bool {
	return a.row.b > b.row.b || (a.row.b == b.row.b && a.bonus > b.bonus)
}

// best returns the best decomposition of h won on t (tile.None for a
// dealt hand), or why there is none.
func best(h Hand, t tile.Kind, anyTing bool) (scored, error) {
	ds, err := Decompose(h, t)
	if err != nil {
		return scored{}, err
	}
	var top scored
	for i, d := range ds {
		items, bonus := endPoints(d.Groups, d.Win, anyTing)
		c := scored{d: d, t: t, row: baseOf(d, t), items: items, bonus: bonus}
		if i == 0 || c.better(top) {
			top = c
		}
	}
	return top, nil
}

// multiplier is a ×2 row of JL-11.
type multiplier struct {
	rule    string
	name    rules.Phrase
	applies bool
}

// value values a winning hand h (the winning tile aside) won as w.
func value(h Hand, w win) rules.Valuation {
	if w.jokerDrawn && (!w.selfDrawn || !w.ting) {
		return rules.Invalid("jilin: a joker wins only when drawn by a player who announced TING (JL-8.4)")
	}
	if w.compensation && !w.selfDrawn {
		return rules.Invalid("jilin: a compensation tile is drawn, so the win cannot come from a discard (JL-6.1, JL-11 M6)")
	}
	var (
		top   scored
		err   error
		waits tile.Set
	)
	if w.joker != tile.None {
		waits = TingWaits(h)
	}
	if w.jokerDrawn {
		top, err = bestJoker(h, waits, w.anyTing)
	} else {
		top, err = best(h, w.tile, w.anyTing)
	}
	if err != nil {
		return rules.Invalid("%v", err)
	}
	v := rules.Valuation{Valid: true, Points: top.row.b, Decomposition: top.d.String()}
	v.Items = append(v.Items, rules.Item{Rule: top.row.rule, Name: top.row.name.Text(), Points: top.row.b})
	if w.jokerDrawn {
		v.Items = append(v.Items, rules.Item{Rule: "JL-8.4", Name: nameJoker.Text(w.tile, top.t)})
	}
	for _, m := range []multiplier{
		{"JL-11.M1", nameM1, w.selfDrawn},
		{"JL-11.M2", nameM2, w.jokerDrawn},
		{"JL-11.M3", nameM3, w.joker != tile.None && w.tile == w.joker && waits.Has(w.joker)},
		{"JL-11.M4", nameM4, !called(h.Groups)},
		{"JL-11.M5", nameM5, w.dealer},
		{"JL-11.M6", nameM6, w.compensation},
	} {
		if m.applies {
			v.Doubles++
			v.Items = append(v.Items, rules.Item{Rule: m.rule, Name: m.name.Text(), Doubles: 1})
		}
	}
	v.Value = v.Points << v.Doubles
	v.Items = append(v.Items, top.items...)
	v.Bonus = top.bonus
	return v
}

// bestJoker values a joker win: the joker plays as the highest-scoring
// tile of the wait set (JL-8.4).
func bestJoker(h Hand, waits tile.Set, anyTing bool) (scored, error) {
	var top scored
	found := false
	for _, t := range waits.Kinds() {
		c, err := best(h, t, anyTing)
		if err == nil && (!found || c.better(top)) {
			top, found = c, true
		}
	}
	if !found {
		return scored{}, fmt.Errorf("jilin: the hand %s waits on nothing, so a joker cannot complete it (JL-8.4)", h)
	}
	return top, nil
}

// endPoints returns the end-of-hand items of groups (JL-13.1): special
// combinations 1 point per tile, unless made by TCHE, completed by the
// winning tile (index win), or concealed after a TING (JL-13.2); kongs 2
// made alone, 1 with a TCHA.
func endPoints(gs []Group, win int, anyTing bool) ([]rules.Item, int) {
	var items []rules.Item
	total := 0
	add := func(rule string, name rules.Phrase, g Group, n int) {
		items = append(items, rules.Item{Rule: rule, Name: name.Text(g), Bonus: n})
		total += n
	}
	for i, g := range gs {
		switch {
		case g.Kind == Kong && g.Concealed:
			add("JL-13.1", nameKongAlone, g, 2)
		case g.Kind == Kong:
			add("JL-13.1", nameKongTCHA, g, 1)
		case g.Kind != Special || g.Called || i == win:
		case !g.Concealed:
			add("JL-13.1", nameSpecial, g, g.Size())
		case !anyTing:
			add("JL-13.2", nameSpecialShow, g, g.Size())
		}
	}
	return items, total
}

// loser returns the end-of-hand valuation of a hand that did not win: its
// declared groups and, when nobody announced TING, the most 3-tile special
// combinations its concealed tiles can show (JL-13).
func loser(h Hand, anyTing bool) rules.Valuation {
	if err := h.check(tile.None); err != nil {
		return rules.Invalid("%v", err)
	}
	if n := h.Effective(); n != 13 {
		return rules.Invalid("jilin: %d effective tiles; a hand that did not win holds 13 (JL-0)", n)
	}
	gs := h.Groups
	if !anyTing {
		gs = append(append([]Group(nil), gs...), concealedCombinations(h.Concealed)...)
	}
	items, bonus := endPoints(gs, NoWinningTile, anyTing)
	return rules.Valuation{Valid: true, Items: append([]rules.Item{}, items...), Bonus: bonus}
}

// concealedCombinations returns the most 3-tile special combinations c can
// show: dragon séries, and wind combinations taken greedily from the three
// most numerous winds, which is optimal.
func concealedCombinations(c tile.Counts) []Group {
	var out []Group
	for c[tile.White] > 0 && c[tile.Green] > 0 && c[tile.Red] > 0 {
		out = append(out, special3(tile.White, tile.Green, tile.Red))
		c[tile.White], c[tile.Green], c[tile.Red] = c[tile.White]-1, c[tile.Green]-1, c[tile.Red]-1
	}
	for {
		top := [3]tile.Kind{tile.None, tile.None, tile.None}
		for k := tile.East; k <= tile.North; k++ {
			for i := range top {
				if c[k] > 0 && (top[i] == tile.None || c[k] > c[top[i]]) {
					copy(top[i+1:], top[i:2])
					top[i] = k
					break
				}
			}
		}
		if top[2] == tile.None {
			return out
		}
		for _, k := range top {
			c[k]--
		}
		lo := min(top[0], top[1], top[2])
		mid := top[0] + top[1] + top[2] - lo - max(top[0], top[1], top[2])
		out = append(out, special3(lo, mid, max(top[0], top[1], top[2])))
	}
}
