package ai

import (
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// table is what a seat knows of the tiles from its view: its own hand and
// melds, and how many tiles of each kind it has not seen anywhere (in its
// hand, the discard rows, the exposed melds). Those unseen tiles are in the
// wall or in the other seats' hands: they are the "live" tiles that may
// still come.
type table struct {
	view  *game.View
	seat  rules.Wind
	melds []hand.Meld
	// live[k] is how many tiles of kind k the seat has not seen.
	live [tile.NumStandard]int
	// unseen is the sum of live.
	unseen int
	// draws is about how many more draws the seat will make.
	draws int
}

// newTable reads a view of a table whose ruleset facts are k.
func newTable(v *game.View, k *knowledge) *table {
	t := &table{view: v, seat: v.Seat}
	if v.Seat >= rules.E && v.Seat <= rules.N {
		t.melds = v.Seats[v.Seat].Melds
	}
	total := k.tiles
	var seen tile.Counts
	for k := range tile.NumStandard {
		seen[k] = v.Hand[k]
	}
	for _, sv := range v.Seats {
		for _, d := range sv.Discards {
			// A claimed discard lies in a meld (counted there) or an
			// invoker's hand (unseen again).
			if !d.Claimed && d.Tile.IsStandard() {
				seen[d.Tile]++
			}
		}
		for _, m := range sv.Melds {
			if m.Tile.IsStandard() {
				for _, k := range m.Tiles() {
					seen[k]++
				}
			}
		}
	}
	for k := range tile.NumStandard {
		t.live[k] = max(int(total[k])-int(seen[k]), 0)
		t.unseen += t.live[k]
	}
	t.draws = (v.WallLive + 3) / 4
	return t
}

// rulesHand returns the seat's tiles as a scoring hand: concealed c, the
// seat's melds and bonus tiles, and winning tile w (tile.None for none).
func (t *table) rulesHand(c tile.Counts, melds []hand.Meld, w tile.Kind) rules.Hand {
	var bonus []tile.Kind
	if t.seat >= rules.E && t.seat <= rules.N {
		bonus = t.view.Seats[t.seat].Bonus
	}
	return rules.Hand{Concealed: c, Melds: melds, Bonus: bonus, Winning: w}
}

// context returns the scoring context of seat winning on a tile from
// `from` (rules.NoWind: self-drawn).
func (t *table) context(seat, from rules.Wind, flags rules.Flag) rules.Context {
	v := t.view
	if seat >= rules.E && seat <= rules.N {
		flags |= declared(v.Seats[seat].Declared)
	}
	return rules.Context{Options: v.Options(), Seat: seat, Round: v.Round, Dominant: v.Dominant, From: from, Flags: flags, Joker: tile.None}
}

// valid reports whether the seat would hold a valid win with concealed c
// and melds on tile w from `from` with flags.
func (t *table) valid(c tile.Counts, melds []hand.Meld, w tile.Kind, from rules.Wind, flags rules.Flag) (rules.Valuation, bool) {
	r := t.view.Rules()
	if r == nil {
		return rules.Valuation{}, false
	}
	val := r.Value(t.rulesHand(c, melds, w), t.context(t.seat, from, flags))
	return val, val.Valid
}

// declared returns the scoring flag of a declaration (none for servi).
func declared(d game.Declaration) rules.Flag {
	switch d {
	case game.DeclCalling:
		return rules.Calling
	case game.DeclTing:
		return rules.Ting
	}
	return 0
}
