// Package classical is the `classical` ruleset (rules/classical.md):
// Chinese Four Winds with a dead wall, the deal by fours, the banker's
// doubling, points and doubles up to a limit, and settlement paid to the
// winner only.
package classical

import (
	"fmt"
	"math"
	"sync"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/pattern"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// Ruleset is the classical ruleset. Its zero value is ready to use.
type Ruleset struct{}

// ID returns "classical".
func (Ruleset) ID() string { return "classical" }

// Name returns the display name.
func (Ruleset) Name() string { return "Chinese Four Winds" }

// OptionSpecs returns the options table CL-16.
func (Ruleset) OptionSpecs() []rules.OptionSpec { return specs }

// Validate checks that o holds classical's options; the limit's evenness
// (CL-OPT-2) is in its spec.
func (Ruleset) Validate(o rules.Options) (rules.Options, error) {
	got := o.Specs()
	if len(got) != len(specs) {
		return rules.Options{}, fmt.Errorf("%w: %d options given for classical's %d", rules.ErrOption, len(got), len(specs))
	}
	for i := range got {
		if got[i].Name() != specs[i].Name() {
			return rules.Options{}, fmt.Errorf("%w: option %s is not classical's %s", rules.ErrOption, got[i].Name(), specs[i].Name())
		}
	}
	return o, nil
}

// Setup returns the play data under o: 136 or 144 tiles, the dead wall
// (CL-4.4, CL-OPT-7), the deal by fours (CL-5), no robbing of honour kongs
// (CL-8.5), heavenly and earthly hands, the banker keeping the deal on a
// win or a draw (CL-3.2, CL-3.3), rounds by passes of the deal (CL-3.4).
func (Ruleset) Setup(opts rules.Options) rules.Setup {
	o := own(opts)
	bonus := o.Bool("CL-OPT-1")
	stacks := 17
	if bonus {
		stacks = 18
	}
	return rules.Setup{
		Tiles:    rules.StandardTiles(bonus),
		Wall:     wall.Spec{Layout: wall.DeadWall, StacksPerSide: stacks, FixedReserve: o.String("CL-OPT-7") == "fixed14"},
		Deal:     wall.DealFours,
		Bonus:    bonus,
		Chow:     true,
		RobKong:  func(k tile.Kind) bool { return !k.IsHonor() },
		Heavenly: true,
		Earthly:  true,
		// CL-3.1: the round wind scores; the sheet has no dominant wind.
		RoundWind: true,
		Game: rules.GameSpec{
			Count: rules.CountDealerPasses, Rounds: 4,
			DealerKeepsOnDraw: true, DealerKeepsOnWin: true,
		},
		StartBalance: o.Int("CL-OPT-8"),
	}
}

// PaidByLosers reports that the losers pay the winner from his value
// alone (CL-14, rules.PaidByLosers).
func (Ruleset) PaidByLosers(rules.Options) bool { return true }

// Waits returns a superset of the tiles that complete h, Thirteen Orphans
// included (rules.Waiter).
func (Ruleset) Waits(h rules.Hand, _ rules.Context) tile.Set { return pattern.Candidates(&h) }

var book = pattern.NewBook(specs, sync.OnceValue(func() rules.Options { return rules.DefaultOptions(Ruleset{}) }))

func own(o rules.Options) pattern.Reader { return book.Read(o) }

// Value values a winning hand (CL-10 to CL-13). Only the winner's hand is
// scored (CL-D-20): a loser's possible hand is worth 0.
func (Ruleset) Value(h rules.Hand, ctx rules.Context) rules.Valuation {
	cfg := configOf(own(ctx.Options))
	if msg := pattern.Check(&h, cfg.bonus, "CL-OPT-1"); msg != "" {
		return rules.Invalid("%s", msg)
	}
	if msg := checkContext(&h, &ctx); msg != "" {
		return rules.Invalid("%s", msg)
	}
	if !h.IsWinner() {
		return rules.Valuation{Valid: true, Items: []rules.Item{{Rule: "CL-D-20", Name: "score.loser_unscored"}}}
	}
	e := evals.Get(pattern.FactsOf(&h, &ctx), ctx, cfg)
	defer evals.Put(e)
	best, regular := pattern.Best(&h, e.F.SelfDrawn, func(r *pattern.Reading) int64 {
		if bigFourWinds(r) {
			return math.MaxInt64
		}
		e.R = *r
		var t pattern.Tally
		pattern.Apply(table, e, &t, false)
		v, _ := pattern.Value(t.Points, t.Doubles, 0)
		return int64(v)
	})
	orphans := len(h.Melds) == 0 && thirteenOrphans(&h)
	var v rules.Valuation
	switch {
	case !regular && !orphans:
		return rules.Invalid("not a winning hand: the tiles form neither four sets and a pair (CL-10.1) nor Thirteen Orphans (CL-10.2)")
	case ctx.Flags.Has(rules.Heavenly):
		v = limitHand("CL-10.3", "score.heavenly", cfg.limit)
	case orphans:
		v = limitHand("CL-10.2", "score.thirteen_orphans", cfg.limit)
	case bigFourWinds(&best):
		v = limitHand("CL-10.5", "score.big_four_winds", cfg.limit)
	default:
		e.R = best
		v = regularValue(e)
	}
	if ctx.Flags.Has(rules.Earthly) && v.Value < cfg.limit/2 {
		v.Value, v.Limit = cfg.limit/2, true
		v.Items = append(v.Items, rules.Item{Rule: "CL-10.4", Name: "score.earthly", Limit: true, Value: v.Value})
	}
	return v
}

// checkContext adds classical's own checks to pattern.CheckContext: a
// heavenly hand is the banker's self-drawn hand (CL-10.3), an earthly one
// a non-banker's win on the banker's discard (CL-10.4), and honour kongs
// cannot be robbed (CL-8.5).
func checkContext(h *rules.Hand, ctx *rules.Context) string {
	if msg := pattern.CheckContext(ctx, h.IsWinner(), false); msg != "" || !h.IsWinner() {
		return msg
	}
	switch {
	case ctx.Flags.Has(rules.Heavenly) && (ctx.Seat != rules.E || !pattern.SelfDrawn(ctx)):
		return "a heavenly hand is the banker's (seat E) self-drawn dealt hand (CL-10.3)"
	case ctx.Flags.Has(rules.Earthly) && (ctx.Seat == rules.E || ctx.From != rules.E):
		return "an earthly hand is a non-banker's win on the banker's (seat E) first discard (CL-10.4)"
	case ctx.Flags.Has(rules.RobbingKong) && h.Winning.IsHonor():
		return "a kong of winds or dragons cannot be robbed (CL-8.5)"
	}
	return ""
}

func thirteenOrphans(h *rules.Hand) bool {
	c := h.Concealed
	c[h.Winning]++
	return pattern.ThirteenOrphans(&c, func(tile.Kind) bool { return true })
}

// bigFourWinds is CL-10.5: pungs or kongs of the four winds and a dragon pair.
func bigFourWinds(r *pattern.Reading) bool {
	winds := r.CountSets(func(s pattern.Set) bool { return s.IsPungOrKong() && s.Tile.IsWind() })
	return winds == 4 && r.Pairs()[0].Tile.IsDragon()
}

func limitHand(rule, name string, limit int) rules.Valuation {
	return rules.Valuation{Valid: true, Value: limit, Limit: true,
		Items: []rules.Item{{Rule: rule, Name: name, Limit: true, Value: limit}}}
}

// regularValue is CL-13: B = P + 10 (the going-out row), V = min(B·2^D, L).
func regularValue(e *eval) rules.Valuation {
	t := pattern.Tally{Items: make([]rules.Item, 0, 10)}
	pattern.Apply(table, e, &t, true)
	v := rules.Valuation{Valid: true, Items: t.Items, Points: t.Points, Doubles: t.Doubles, Decomposition: e.R.String()}
	v.Value, v.Limit = pattern.Value(t.Points, t.Doubles, e.Cfg.limit)
	if v.Limit {
		v.Items = append(v.Items, rules.Item{Rule: "CL-13", Name: "score.limit", Limit: true, Value: v.Value})
	}
	return v
}

// Settle pays the winner (CL-14.1): each loser pays V, doubled when the
// winner or that loser is the banker (CL-OPT-4). Nothing else passes
// (CL-14.2); a drawn hand pays nothing (CL-9.1).
func (Ruleset) Settle(in rules.SettleInput) rules.Settlement {
	out := rules.Settlement{Transfers: []rules.Transfer{}}
	w := in.Winner
	if w < rules.E || w > rules.N {
		return out
	}
	doubling := configOf(own(in.Options)).bankerDoubling
	for x := range rules.Wind(4) {
		amount := in.Values[w]
		if doubling && (w == rules.E || x == rules.E) {
			amount *= 2
		}
		if x != w {
			out.Pay(x, w, amount)
		}
	}
	out.Note = "CL-14.1: each loser pays the winner his value, doubled between the banker and another player"
	return out
}
