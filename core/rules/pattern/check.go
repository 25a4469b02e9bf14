package pattern

import (
	"fmt"

	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// Check says what makes h impossible, or "" when its tiles can be held: a
// winning tile that is a suit or honour tile (or none, for a loser),
// concealed tiles that are suit or honour tiles, melds that are chows,
// pungs or kongs, at most 4 copies of a tile, distinct bonus tiles (none
// when bonus is false, naming the option in bonusRule), and 14 tiles for a
// winner or 13 for a loser, counting a declared kong as 3.
func Check(h *rules.Hand, bonus bool, bonusRule string) string {
	if h.Winning != tile.None && !h.Winning.IsStandard() {
		return fmt.Sprintf("the winning tile %s is not a suit or honour tile", h.Winning)
	}
	for k := tile.Kind(tile.NumStandard); k < tile.NumKinds; k++ {
		if h.Concealed[k] > 0 {
			return fmt.Sprintf("%s cannot be held among the concealed tiles: only suit and honour tiles can (bonus tiles are set aside, jokers are not used)", k)
		}
	}
	all := h.Concealed
	if h.IsWinner() {
		all[h.Winning]++
	}
	var buf [8]tile.Kind
	for i, m := range h.Melds {
		if msg := checkMeld(m); msg != "" {
			return fmt.Sprintf("meld %d: %s", i+1, msg)
		}
		for _, k := range m.AppendTiles(buf[:0]) {
			all[k]++
		}
	}
	for k := tile.Kind(0); k < tile.NumStandard; k++ {
		if all[k] > 4 {
			return fmt.Sprintf("the hand holds %d copies of %s; there are only 4", all[k], k)
		}
	}
	if msg := checkBonus(h.Bonus, bonus, bonusRule); msg != "" {
		return msg
	}
	return checkCount(h)
}

func checkMeld(m hand.Meld) string {
	switch {
	case m.Kind != hand.Chow && m.Kind != hand.Pung && m.Kind != hand.Kong:
		return fmt.Sprintf("a %s cannot be a meld; melds are chows, pungs and kongs", m.Kind)
	case !m.Tile.IsStandard():
		return fmt.Sprintf("%s is not a suit or honour tile", m.Tile)
	case m.Kind == hand.Chow && (!m.Tile.IsSuited() || m.Tile.Number() > 7):
		return fmt.Sprintf("a chow cannot start at %s; chows are three consecutive suit tiles", m.Tile)
	}
	return ""
}

func checkBonus(bonus []tile.Kind, on bool, rule string) string {
	if len(bonus) > 0 && !on {
		return fmt.Sprintf("bonus tiles are not in play (%s is off)", rule)
	}
	var seen tile.Set
	for _, k := range bonus {
		switch {
		case !k.IsBonus():
			return fmt.Sprintf("%s is listed as a bonus tile; bonus tiles are 1f-4f and 1y-4y", k)
		case seen.Has(k):
			return fmt.Sprintf("bonus tile %s is listed twice; there is one of each", k)
		}
		seen = seen.Add(k)
	}
	return ""
}

func checkCount(h *rules.Hand) string {
	n := h.Concealed.Total() + 3*len(h.Melds)
	if h.IsWinner() {
		if n+1 != 14 {
			return fmt.Sprintf("a winning hand has 14 tiles with the winning tile, counting a declared kong as 3; this one has %d", n+1)
		}
		return ""
	}
	if n != 13 {
		return fmt.Sprintf("a hand without a winning tile has 13 tiles, counting a declared kong as 3; this one has %d", n)
	}
	return ""
}

// CheckContext says what is wrong with ctx for a hand (winner tells whether
// it has a winning tile), or "": seat and round winds (and the dominant
// wind when dominant is true) must be winds, the discarder another seat,
// and the flags of a win consistent with where its tile came from.
func CheckContext(ctx *rules.Context, winner, dominant bool) string {
	winds := []struct {
		name string
		w    rules.Wind
	}{{"seat", ctx.Seat}, {"round", ctx.Round}, {"dominant", ctx.Dominant}}
	if !dominant {
		winds = winds[:2]
	}
	for _, w := range winds {
		if w.w < rules.E || w.w > rules.N {
			return fmt.Sprintf("the %s wind must be E, S, W or N", w.name)
		}
	}
	if !winner {
		return ""
	}
	if ctx.From != rules.NoWind && (ctx.From < rules.E || ctx.From > rules.N || ctx.From == ctx.Seat) {
		return "the discarder of the winning tile must be another seat, or none when self-drawn"
	}
	self := SelfDrawn(ctx)
	for _, f := range []rules.Flag{rules.KongReplacement, rules.LastTile} {
		if ctx.Flags.Has(f) && !self {
			return fmt.Sprintf("flag %s needs a self-drawn winning tile", f.Names()[0])
		}
	}
	if ctx.Flags.Has(rules.LastDiscard) && self {
		return "flag last-discard needs a winning tile taken from a discard"
	}
	return ""
}

// SelfDrawn reports whether the winning tile came from the wall: a robbed
// tile and an invoked tile count as discards (CL-8.5, HK-8.2, FR-11.1).
func SelfDrawn(ctx *rules.Context) bool {
	return ctx.SelfDrawn() && !ctx.Flags.Has(rules.RobbingKong) && !ctx.Flags.Has(rules.Invoked)
}
