package simple

import (
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/pattern"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

type row = pattern.Row[Config]

// pairs counts the pairs that satisfy pred.
func pairs(pred func(p pattern.Pair, e *eval) bool) func(*eval) int {
	return func(e *eval) int { return e.R.CountPairs(func(p pattern.Pair) bool { return pred(p, e) }) }
}

// sets counts the pungs and kongs of a kind that want picks.
func sets(want func(k tile.Kind, e *eval) bool) func(*eval) int {
	return func(e *eval) int {
		return e.R.CountSets(func(s pattern.Set) bool { return s.IsPungOrKong() && want(s.Tile, e) })
	}
}

// when is 1 when cond holds.
func when(cond func(e *eval) bool) func(*eval) int {
	return func(e *eval) int {
		if cond(e) {
			return 1
		}
		return 0
	}
}

func ownWind(k tile.Kind, e *eval) bool      { return k == e.Ctx.Seat.Tile() }
func dominantWind(k tile.Kind, e *eval) bool { return k == e.Ctx.Dominant.Tile() }
func roundWind(k tile.Kind, e *eval) bool    { return e.Cfg.RoundWind && k == e.Ctx.Round.Tile() }
func dragon(k tile.Kind, _ *eval) bool       { return k.IsDragon() }

// handRows are HK-S-1 to HK-S-11 and HK-S-14 to HK-S-17: every player's
// pairs and sets (HK-S-33). A pair's exposed column is a pair completed
// by a claimed winning tile (HK-D-10), which scores 0 for the round wind
// and dragons.
func handRows() []row {
	rows := []row{
		{Rule: "HK-S-1", Name: "score.pair_own_wind", English: "Pair of own wind", Points: 2,
			Count: pairs(func(p pattern.Pair, e *eval) bool { return ownWind(p.Tile, e) })},
		{Rule: "HK-S-2", Name: "score.pair_dominant_wind", English: "Pair of the dominant wind", Points: 2,
			Count: pairs(func(p pattern.Pair, e *eval) bool { return dominantWind(p.Tile, e) })},
		{Rule: "HK-S-3", Name: "score.pair_round_wind", English: "Pair of the round wind", Points: 2,
			Count: pairs(func(p pattern.Pair, e *eval) bool { return !p.Exposed && roundWind(p.Tile, e) })},
		{Rule: "HK-S-4", Name: "score.pair_dragon", English: "Pair of dragons", Points: 2,
			Count: pairs(func(p pattern.Pair, e *eval) bool { return !p.Exposed && p.Tile.IsDragon() })},
	}
	rows = append(rows, pattern.SetRows[Config]([]pattern.Class{pattern.Simples, pattern.Terminals, pattern.Honours}, setRule)...)
	return append(rows,
		row{Rule: "HK-S-14", Name: "score.set_own_wind", English: "Pung or kong of own wind", Doubles: 1, Count: sets(ownWind)},
		row{Rule: "HK-S-15", Name: "score.set_dominant_wind", English: "Pung or kong of the dominant wind", Doubles: 1, Count: sets(dominantWind)},
		row{Rule: "HK-S-16", Name: "score.set_dragon", English: "Pung or kong of dragons", Doubles: 1, Count: sets(dragon)},
		row{Rule: "HK-S-17", Name: "score.set_round_wind", English: "Pung or kong of the round wind", Doubles: 1, Count: sets(roundWind)},
	)
}

// bonusRows are HK-S-12, HK-S-13 and HK-S-18 to HK-S-20 (HK-D-13).
var bonusRows = []row{
	{Rule: "HK-S-12", Name: "score.flower", English: "Flower", Points: 4,
		Count: func(e *eval) int { n, _ := e.F.BonusTiles(); return n }},
	{Rule: "HK-S-13", Name: "score.season", English: "Season", Points: 4,
		Count: func(e *eval) int { _, n := e.F.BonusTiles(); return n }},
	{Rule: "HK-S-18", Name: "score.own_flower_or_season", English: "Own flower or own season", Doubles: 1,
		Count: when(func(e *eval) bool { return e.F.OwnFlower() != e.F.OwnSeason() })},
	{Rule: "HK-S-19", Name: "score.own_flower_and_season", English: "Own flower and own season", Doubles: 2,
		Count: when(func(e *eval) bool { return e.F.OwnFlower() && e.F.OwnSeason() })},
	{Rule: "HK-S-20", Name: "score.all_flowers_or_seasons", English: "All four flowers or all four seasons", Doubles: 4,
		Count: when(func(e *eval) bool { return e.F.Flowers == 0xF || e.F.Seasons == 0xF })},
}

func flag(f rules.Flag) func(e *eval) bool {
	return func(e *eval) bool { return e.Ctx.Flags.Has(f) }
}

// winnerRows are HK-S-21 to HK-S-32, the winning hand only.
var winnerRows = []row{
	{Rule: "HK-S-21", Name: "score.mahjong", English: "Going mahjong", Points: 20, Count: when(func(*eval) bool { return true })},
	{Rule: "HK-S-22", Name: "score.four_chows", English: "Four chows and a pair", Points: 10,
		Count: when(func(e *eval) bool { return e.R.Chows() == 4 })},
	{Rule: "HK-S-23", Name: "score.self_drawn", English: "Winning tile from the wall", Points: 5,
		Count: when(func(e *eval) bool { return e.F.SelfDrawn })},
	{Rule: "HK-S-24", Name: "score.no_chow", English: "No chow", Doubles: 1,
		Count: when(func(e *eval) bool { return e.R.Chows() == 0 })},
	{Rule: "HK-S-25", Name: "score.last_tile", English: "Self-drawn last live tile", Doubles: 1, Count: when(flag(rules.LastTile))},
	{Rule: "HK-S-26", Name: "score.robbing_kong", English: "Robbing a kong", Doubles: 1, Count: when(flag(rules.RobbingKong))},
	{Rule: "HK-S-27", Name: "score.half_flush", English: "One suit with honours", Doubles: 1,
		Count: when(func(e *eval) bool { return e.F.HalfFlush() })},
	{Rule: "HK-S-28", Name: "score.full_flush", English: "One suit only", Doubles: 3,
		Count: when(func(e *eval) bool { return e.F.FullFlush() })},
	{Rule: "HK-S-29", Name: "score.last_discard", English: "Win on the last discard", Doubles: 1,
		Count: when(func(e *eval) bool { return e.Cfg.LastDiscard && e.Ctx.Flags.Has(rules.LastDiscard) })},
	{Rule: "HK-S-30", Name: "score.calling_hand", English: "Win with a declared calling hand", Doubles: 1,
		Count: when(func(e *eval) bool { return e.Cfg.CallingHand && e.Ctx.Flags.Has(rules.Calling) })},
	{Rule: "HK-S-31", Name: "score.concealed_hand", English: "No claimed melds", Doubles: 1,
		Count: when(func(e *eval) bool { return e.Cfg.Concealed && !e.F.Claimed })},
	{Rule: "HK-S-32", Name: "score.all_honours", English: "Only winds and dragons", Doubles: 1,
		Count: when(func(e *eval) bool { return e.Cfg.AllHonours && e.F.AllHonours() })},
}
