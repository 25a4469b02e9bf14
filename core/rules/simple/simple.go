// Package simple is seed 003's scoring, which hongkong and french share:
// the simple system's table (HK-S-1 to HK-S-32, FR-13.3 to FR-13.5), the
// losers' hands (HK-S-34, FR-13.6), the Grands Jeux (HK-G, FR-13.8), the
// simple-system ledger (HK-S-37, FR-14.1) and the advanced system's
// transfers (HK-A-2, FR-14.2). Its tables cite hongkong's rule ids; a
// variant renames them to its own (see New).
package simple

import (
	"fmt"

	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/pattern"
)

// Config is what a variant's options say about scoring.
type Config struct {
	// Bonus: flowers and seasons are in play; BonusOption names the
	// option for error messages ("HK-OPT-1", "flowers").
	Bonus       bool
	BonusOption string
	// Limit caps ordinary hands (HK-S-36, FR-13.7); 0 means no cap.
	Limit int
	// DoubleFirst applies East's doubling before the cap (HK-OPT-4).
	DoubleFirst bool
	// RoundWind turns on HK-S-3 and HK-S-17 (HK-R, FR round_wind).
	RoundWind bool
	// LastDiscard, Concealed and AllHonours turn on the pink doubles
	// HK-S-29, HK-S-31 and HK-S-32 (FR extra_doubles).
	LastDiscard, Concealed, AllHonours bool
	// CallingHand turns on the calling hand (HK-OPT-9, FR-11.4).
	CallingHand bool
	// GrandsJeux: the Grands Jeux win (FR grands_jeux; always in hongkong).
	GrandsJeux bool
	// LanternsAny lets the 13 lanternes pair any of the 13 (HK-OPT-13).
	LanternsAny bool
	// Advanced selects the advanced system's transfers (HK-A, FR-14.2)
	// instead of the simple-system ledger.
	Advanced bool
}

// System is the simple system under one variant's rule ids.
type System struct {
	// tables are the rows by group (winner, hand, bonus), each split into
	// points rows and doubles rows, so that breakdowns list points first.
	tables [3][2][]pattern.Row[Config]
	grands []grand
	id     func(string) string
	ids    []string
}

// The row groups of System.tables.
const (
	winnerGroup = iota
	handGroup
	bonusGroup
)

type eval = pattern.Eval[Config]

// evals lends the evaluations of Value.
var evals pattern.EvalPool[Config]

// New returns the system citing the variant's rule ids: rename maps each
// hongkong id the system cites (Cited lists them) to the variant's id; nil
// keeps hongkong's ids. It panics when rename misses one, which is a
// programming error.
func New(rename map[string]string) *System {
	id := func(s string) string { return s }
	if rename != nil {
		id = func(s string) string {
			r, ok := rename[s]
			if !ok {
				panic("simple: no rule id for " + s)
			}
			return r
		}
	}
	sys := &System{id: id}
	for g, rows := range [3][]pattern.Row[Config]{winnerGroup: winnerRows, handGroup: handRows(), bonusGroup: bonusRows} {
		for _, r := range rows {
			r.Rule = id(r.Rule)
			pass := btoi(r.Points == 0)
			sys.tables[g][pass] = append(sys.tables[g][pass], r)
		}
	}
	sys.grands = make([]grand, len(grands))
	for i, g := range grands {
		g.rule = id(g.rule)
		sys.grands[i] = g
	}
	for _, c := range Cited() {
		if r := id(c); !rules.HasRule(sys.ids, r) {
			sys.ids = append(sys.ids, r)
		}
	}
	return sys
}

// Cited returns every hongkong rule id the system's items and notes cite.
func Cited() []string {
	ids := pattern.Rules(handRows(), bonusRows, winnerRows)
	for _, g := range grands {
		ids = append(ids, g.rule)
	}
	return append(ids, limitRule, callingRule, loserRule, ledgerRule, advancedRule, winRule)
}

// Rules returns the variant's rule ids the system cites.
func (s *System) Rules() []string { return s.ids }

// Names returns the English texts of the system's name keys.
func Names() map[string]string {
	m := pattern.Names(handRows(), bonusRows, winnerRows)
	for _, g := range grands {
		m[g.name] = g.english
	}
	m[limitName] = "Limit for ordinary hands"
	m[callingName] = "Calling hand declared: only bonus tiles score"
	return m
}

// The rule ids cited outside the tables.
const (
	limitRule    = "HK-S-36"
	callingRule  = "HK-OPT-9"
	loserRule    = "HK-S-34"
	ledgerRule   = "HK-S-37"
	advancedRule = "HK-A-2"
	winRule      = "HK-9.1"
	limitName    = "score.limit"
	callingName  = "score.calling_loser"
)

// Value values h in ctx under cfg: a winner over every reading and the
// Grands Jeux, keeping the best (HK-S-38); a loser as HK-S-33/34.
func (s *System) Value(h rules.Hand, ctx rules.Context, cfg Config) rules.Valuation {
	if msg := pattern.Check(&h, cfg.Bonus, cfg.BonusOption); msg != "" {
		return rules.Invalid("%s", msg)
	}
	if msg := pattern.CheckContext(&ctx, h.IsWinner(), true); msg != "" {
		return rules.Invalid("%s", msg)
	}
	e := evals.Get(pattern.FactsOf(&h, &ctx), ctx, cfg)
	defer evals.Put(e)
	if !h.IsWinner() {
		e.R = pattern.LoserReading(&h)
		return s.valuation(e, false)
	}
	best, ok := pattern.Best(&h, e.F.SelfDrawn, func(r *pattern.Reading) int64 {
		e.R = *r
		var t pattern.Tally
		s.apply(e, &t, false, winnerGroup, handGroup, bonusGroup)
		v, _ := pattern.Value(t.Points, t.Doubles, 0)
		return int64(v)
	})
	var v rules.Valuation
	if ok {
		e.R = best
		v = s.valuation(e, true)
	}
	if cfg.GrandsJeux {
		if g, found := s.grand(&h, &e.F, cfg.LanternsAny); found && (!ok || g.value > v.Value) {
			return g.valuation()
		}
	}
	if !ok {
		return rules.Invalid("not a winning hand: the tiles form neither four sets and a pair (%s) nor a Grand Jeu", s.id(winRule))
	}
	return v
}

// apply applies the groups' tables to e, points rows first.
func (s *System) apply(e *eval, t *pattern.Tally, items bool, groups ...int) {
	for pass := range 2 {
		for _, g := range groups {
			pattern.Apply(s.tables[g][pass], e, t, items)
		}
	}
}

// valuation builds the breakdown of e's reading, a winner's or a loser's
// (HK-S-33, HK-S-34), capped (HK-S-36).
func (s *System) valuation(e *eval, winner bool) rules.Valuation {
	t := pattern.Tally{Items: make([]rules.Item, 0, 12)}
	switch {
	case winner:
		s.apply(e, &t, true, winnerGroup, handGroup, bonusGroup)
	case e.Cfg.CallingHand && e.Ctx.Flags.Has(rules.Calling):
		// A loser with a calling hand scores his bonus tiles only (HK-OPT-9, FR-11.4).
		t.Items = append(t.Items, rules.Item{Rule: s.id(callingRule), Name: callingName})
		s.apply(e, &t, true, bonusGroup)
	default:
		s.apply(e, &t, true, handGroup, bonusGroup)
	}
	v := rules.Valuation{Valid: true, Items: t.Items, Points: t.Points, Doubles: t.Doubles, Decomposition: e.R.String()}
	v.Value, v.Limit = pattern.Value(t.Points, t.Doubles, e.Cfg.Limit)
	if v.Limit {
		v.Items = append(v.Items, rules.Item{Rule: s.id(limitRule), Name: limitName, Limit: true, Value: v.Value})
	}
	return v
}

// Settle pays a finished hand: the simple-system ledger (HK-S-37, FR-14.1)
// or the advanced system's transfers (HK-A-2, FR-14.2). in.Values are the
// seats' H; a void hand (no winner) records nothing.
func (s *System) Settle(in rules.SettleInput, cfg Config) rules.Settlement {
	out := rules.Settlement{Transfers: []rules.Transfer{}}
	void := in.Winner < rules.E || in.Winner > rules.N
	if !cfg.Advanced {
		out.Ledger = true
		out.Note = fmt.Sprintf("%s: each player records his score, East's doubled; no points pass", s.id(ledgerRule))
		if !void {
			for w := range out.Net {
				out.Net[w] = ledgerEntry(rules.Wind(w), in.Values[w], cfg)
			}
		}
		return out
	}
	if void {
		return out
	}
	advanced(&out, in.Winner, in.Values)
	out.Note = fmt.Sprintf("%s: losers pay the winner, the higher of two losers is paid the difference, East doubles", s.id(advancedRule))
	return out
}

// ledgerEntry is a seat's ledger entry: its H, East's doubled after the
// cap (HK-D-12) or, with DoubleFirst, before it (HK-OPT-4). A value above
// the cap is a Grand Jeu, which no cap touches.
func ledgerEntry(w rules.Wind, v int, cfg Config) int {
	if w != rules.E {
		return v
	}
	if cfg.DoubleFirst && cfg.Limit > 0 && v <= cfg.Limit {
		return min(2*v, cfg.Limit)
	}
	return 2 * v
}

// advanced pays HK-A-2: every loser pays the winner f·H[w]; a loser who
// outscores the winner is paid 2·f·(H[x]−H[w]); between losers the lower
// pays the higher f·(difference); f is 2 when East is one of the two.
// Pay ignores amounts that are not positive, so of each pair of
// opposite payments only the one owed is made.
func advanced(out *rules.Settlement, w rules.Wind, h [4]int) {
	f := func(a, b rules.Wind) int {
		if a == rules.E || b == rules.E {
			return 2
		}
		return 1
	}
	for x := range rules.Wind(4) {
		if x != w {
			out.Pay(x, w, f(w, x)*h[w])
			out.Pay(w, x, 2*f(w, x)*(h[x]-h[w]))
		}
	}
	for x := range rules.Wind(4) {
		for y := x + 1; y < 4; y++ {
			if x != w && y != w {
				out.Pay(y, x, f(x, y)*(h[x]-h[y]))
				out.Pay(x, y, f(x, y)*(h[y]-h[x]))
			}
		}
	}
}

// setRule gives the hongkong row of a pung or kong (HK-S-6 to HK-S-11).
func setRule(kind hand.MeldKind, c pattern.Class) string {
	n := 6 + int(c)
	if kind == hand.Kong {
		n += 3
	}
	return fmt.Sprintf("HK-S-%d", n)
}
