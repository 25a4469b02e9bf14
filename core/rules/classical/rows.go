package classical

import (
	"slices"

	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/pattern"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

type (
	eval = pattern.Eval[config]
	row  = pattern.Row[config]
)

// evals lends the evaluations of Value.
var evals pattern.EvalPool[config]

func when(cond func(e *eval) bool) func(*eval) int {
	return func(e *eval) int {
		if cond(e) {
			return 1
		}
		return 0
	}
}

func pairs(pred func(k tile.Kind, e *eval) bool) func(*eval) int {
	return func(e *eval) int { return e.R.CountPairs(func(p pattern.Pair) bool { return pred(p.Tile, e) }) }
}

func sets(pred func(k tile.Kind, e *eval) bool) func(*eval) int {
	return func(e *eval) int {
		return e.R.CountSets(func(s pattern.Set) bool { return s.IsPungOrKong() && pred(s.Tile, e) })
	}
}

func ownWind(k tile.Kind, e *eval) bool   { return k == e.Ctx.Seat.Tile() }
func roundWind(k tile.Kind, e *eval) bool { return k == e.Ctx.Round.Tile() }

// birdsHead is CL-11.3: the winning tile completed the pair, self-drawn
// or not, of 2-8 (major false) or of 1/9 or honours.
func birdsHead(self, major bool) func(*eval) int {
	return when(func(e *eval) bool {
		if e.R.Win != pattern.WinPair || e.F.SelfDrawn != self {
			return false
		}
		return e.R.Pairs()[0].Tile.IsMajor() == major
	})
}

// extra is an extra double of CL-12 that CL-OPT-3 turns on and a flag of
// the win sets.
func extra(on func(c *config) bool, f rules.Flag) func(*eval) int {
	return when(func(e *eval) bool { return on(&e.Cfg) && e.Ctx.Flags.Has(f) })
}

// goingOut is CL-11.5, first in the breakdown.
var goingOut = row{Rule: "CL-11.5", Name: "score.going_out", English: "Going out", Points: 10, Count: when(func(*eval) bool { return true })}

// pointRows are CL-11.2 to CL-11.4 and CL-11.6, after the sets of CL-11.1.
var pointRows = []row{
	{Rule: "CL-11.2", Name: "score.pair_dragon", English: "Pair of dragons", Points: 2, Count: pairs(func(k tile.Kind, _ *eval) bool { return k.IsDragon() })},
	{Rule: "CL-11.2", Name: "score.pair_own_wind", English: "Pair of own wind", Points: 2, Count: pairs(ownWind)},
	{Rule: "CL-11.2", Name: "score.pair_round_wind", English: "Pair of the round wind", Points: 2, Count: pairs(roundWind)},
	{Rule: "CL-11.3", Name: "score.birds_head_discard_simple", English: "Bird's head: out on a 2-8 pair by a discard", Points: 2, Count: birdsHead(false, false)},
	{Rule: "CL-11.3", Name: "score.birds_head_discard_major", English: "Bird's head: out on a 1/9 or honour pair by a discard", Points: 4, Count: birdsHead(false, true)},
	{Rule: "CL-11.3", Name: "score.birds_head_self_simple", English: "Bird's head: out on a 2-8 pair, self-drawn", Points: 4, Count: birdsHead(true, false)},
	{Rule: "CL-11.3", Name: "score.birds_head_self_major", English: "Bird's head: out on a 1/9 or honour pair, self-drawn", Points: 8, Count: birdsHead(true, true)},
	{Rule: "CL-11.4", Name: "score.ping_ho", English: "Ping-ho: four chows and a pair", Points: 10, Count: when(func(e *eval) bool { return e.R.Chows() == 4 })},
	{Rule: "CL-11.6", Name: "score.bonus_tile", English: "Bonus tile", Points: 4, Count: func(e *eval) int { f, s := e.F.BonusTiles(); return f + s }},
}

// doubleRows are the CL-12 table.
var doubleRows = []row{
	{Rule: "CL-12", Name: "score.set_dragon", English: "Pung or kong of dragons", Doubles: 1, Count: sets(func(k tile.Kind, _ *eval) bool { return k.IsDragon() })},
	{Rule: "CL-12", Name: "score.set_own_wind", English: "Pung or kong of own wind", Doubles: 1,
		Count: sets(func(k tile.Kind, e *eval) bool { return ownWind(k, e) && !(e.Cfg.literalRound && roundWind(k, e)) })},
	{Rule: "CL-12", Name: "score.set_round_wind", English: "Pung or kong of the round wind", Doubles: 1,
		Count: sets(func(k tile.Kind, e *eval) bool { return !e.Cfg.literalRound && roundWind(k, e) })},
	{Rule: "CL-OPT-5", Name: "score.set_round_wind_literal", English: "Pung or kong of the round wind (literal reading)", Doubles: 2,
		Count: sets(func(k tile.Kind, e *eval) bool { return e.Cfg.literalRound && roundWind(k, e) })},
	{Rule: "CL-12", Name: "score.half_flush", English: "One suit with honours", Doubles: 1, Count: when(func(e *eval) bool { return e.F.HalfFlush() })},
	{Rule: "CL-12", Name: "score.full_flush", English: "One suit only", Doubles: 3, Count: when(func(e *eval) bool { return e.F.FullFlush() })},
	{Rule: "CL-12", Name: "score.tui_tui_ho", English: "Tui-tui-ho: all pungs or kongs", Doubles: 1,
		Count: when(func(e *eval) bool { return e.Cfg.tuiTuiHo && e.R.Chows() == 0 })},
	{Rule: "CL-12", Name: "score.kong_replacement", English: "King-tao-hai-hwa: win on a kong replacement tile", Doubles: 1,
		Count: extra(func(c *config) bool { return c.kongReplacement }, rules.KongReplacement)},
	{Rule: "CL-12", Name: "score.last_tile", English: "Self-drawn last live tile", Doubles: 1,
		Count: extra(func(c *config) bool { return c.lastTile }, rules.LastTile)},
	{Rule: "CL-12", Name: "score.robbing_kong", English: "Robbing a kong", Doubles: 1,
		Count: extra(func(c *config) bool { return c.robbing }, rules.RobbingKong)},
	{Rule: "CL-12", Name: "score.own_flower", English: "Own flower", Doubles: 1, Count: when(func(e *eval) bool { return e.F.OwnFlower() })},
	{Rule: "CL-12", Name: "score.own_season", English: "Own season", Doubles: 1, Count: when(func(e *eval) bool { return e.F.OwnSeason() })},
	{Rule: "CL-12", Name: "score.all_flowers", English: "All four flowers", Doubles: 1, Count: when(func(e *eval) bool { return e.F.Flowers == 0xF })},
	{Rule: "CL-12", Name: "score.all_seasons", English: "All four seasons", Doubles: 1, Count: when(func(e *eval) bool { return e.F.Seasons == 0xF })},
}

// table is the whole classical table: going out, the CL-11.1 sets, the
// other points, the doubles.
var table = slices.Concat([]row{goingOut},
	pattern.SetRows[config]([]pattern.Class{pattern.Simples, pattern.Majors}, func(hand.MeldKind, pattern.Class) string { return "CL-11.1" }),
	pointRows, doubleRows)

// The special hands and lines outside the table.
var specials = map[string]string{
	"score.thirteen_orphans": "Thirteen Orphans",
	"score.heavenly":         "Heavenly hand (Tien ho)",
	"score.earthly":          "Earthly hand (Ti-ho): at least half the limit",
	"score.big_four_winds":   "Big Four Winds",
	"score.limit":            "Limit for ordinary hands",
	"score.loser_unscored":   "Only the winner's hand is scored",
}

// ruleIDs are the rule ids the classical breakdown cites.
var ruleIDs = append(pattern.Rules(table), "CL-10.1", "CL-10.2", "CL-10.3", "CL-10.4", "CL-10.5", "CL-13", "CL-14.1", "CL-D-20")
