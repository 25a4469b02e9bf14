// Package patterntest helps the rulesets' tests: options from "KEY=VALUE"
// pairs, hands valued from notation, random possible hands in notation,
// and the check that cited rule ids exist in the repository's rules files.
package patterntest

import (
	"io/fs"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/assets"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// Options returns r's options with the "KEY=VALUE" assignments set.
func Options(tb testing.TB, r rules.Ruleset, set ...string) rules.Options {
	tb.Helper()
	m, err := rules.ParseAssignments(set)
	if err != nil {
		tb.Fatal(err)
	}
	o, err := rules.ResolveOptions(r, m)
	if err != nil {
		tb.Fatal(err)
	}
	return o
}

// Value values a hand in notation, failing the test on bad notation.
func Value(tb testing.TB, r rules.Ruleset, notation string, ctx rules.Context) rules.Valuation {
	tb.Helper()
	v, err := rules.Score(r, notation, ctx)
	if err != nil {
		tb.Fatalf("%s: %v", notation, err)
	}
	return v
}

// Ctx is a context with options o: seat, round and dominant East,
// self-drawn unless changed.
func Ctx(o rules.Options) rules.Context {
	return rules.Context{Options: o, From: rules.NoWind, Joker: tile.None}
}

// RuleFile checks that every id appears in the rules file name (such as
// "hongkong.md") of the repository's assets/rules, the copy of the shared
// rules that the app embeds; it fails when the file is not there.
func RuleFile(t *testing.T, name string, ids []string) {
	t.Helper()
	b, err := fs.ReadFile(assets.Rules, "rules/"+name)
	if err != nil {
		t.Fatalf("rules file %s is not in assets/rules: %v", name, err)
	}
	text := string(b)
	for _, id := range ids {
		if !regexp.MustCompile(`(^|[^\w-])` + regexp.QuoteMeta(id) + `($|[^\w-])`).MatchString(text) {
			t.Errorf("rule id %s is not in %s", id, name)
		}
	}
}

// Random is a random possible hand, as notation and its parts.
type Random struct {
	Notation string
	Winner   bool
}

// RandomHand returns a random possible hand in notation: four sets
// (chows, pungs, declared kongs, some exposed) and a pair with a winning
// tile taken from the concealed part, or without it (a loser's 13 tiles)
// when winner is false; bonus tiles when bonus is true.
func RandomHand(rng *rand.Rand, winner, bonus bool) Random {
	var used tile.Counts
	take := func(ks ...tile.Kind) bool {
		c := used
		for _, k := range ks {
			if c[k]++; c[k] > 4 {
				return false
			}
		}
		used = c
		return true
	}
	var concealed []tile.Kind
	var groups []string
	for len(groups)+len(concealed)/3 < 4 {
		k := tile.Kind(rng.IntN(tile.NumStandard))
		var set []tile.Kind
		switch x := rng.IntN(10); {
		case x < 5 && k.IsSuited() && k.Number() <= 7:
			set = []tile.Kind{k, k + 1, k + 2}
		case x < 8:
			set = []tile.Kind{k, k, k}
		default:
			set = []tile.Kind{k, k, k, k}
		}
		if !take(set...) {
			continue
		}
		switch {
		case len(set) == 4 && rng.IntN(2) == 0:
			groups = append(groups, "("+tile.Format(set)+")")
		case len(set) == 4 || rng.IntN(3) == 0:
			groups = append(groups, "["+tile.Format(set)+"]")
		default:
			concealed = append(concealed, set...)
		}
	}
	for {
		if k := tile.Kind(rng.IntN(tile.NumStandard)); take(k, k) {
			concealed = append(concealed, k, k)
			break
		}
	}
	rng.Shuffle(len(concealed), func(i, j int) { concealed[i], concealed[j] = concealed[j], concealed[i] })
	s := tile.Format(tile.Sorted(concealed[1:]))
	if winner {
		s += " " + strings.Join(groups, " ") + " +" + concealed[0].String()
	} else {
		s += " " + strings.Join(groups, " ")
	}
	if bonus {
		var bs []tile.Kind
		for k := tile.F1; k < tile.Joker; k++ {
			if rng.IntN(4) == 0 {
				bs = append(bs, k)
			}
		}
		if len(bs) > 0 {
			s += " bonus: " + tile.Format(bs)
		}
	}
	return Random{Notation: s, Winner: winner}
}

// RandomContext returns a random consistent context for a hand: seat,
// round and dominant winds, a discarder or a self-draw, and flags that
// fit where the tile came from.
func RandomContext(rng *rand.Rand, o rules.Options) rules.Context {
	ctx := Ctx(o)
	ctx.Seat, ctx.Round, ctx.Dominant = rules.Wind(rng.IntN(4)), rules.Wind(rng.IntN(4)), rules.Wind(rng.IntN(4))
	if rng.IntN(2) == 0 {
		ctx.From = ctx.Seat.Next()
		if rng.IntN(8) == 0 {
			ctx.Flags |= rules.LastDiscard
		}
		return ctx
	}
	for _, f := range []rules.Flag{rules.KongReplacement, rules.LastTile} {
		if rng.IntN(8) == 0 {
			ctx.Flags |= f
		}
	}
	return ctx
}

// ScoreCase is a hand in notation, the context it is scored in, and
// whether the ruleset finds it invalid (a hand that wins no line of a card).
type ScoreCase struct {
	Notation string
	Ctx      rules.Context
	Invalid  bool
}

// BenchScore measures rules.Score, reading the notation and valuing the
// hand, cycled over cases (varied hands, not one hand repeated, each valid
// or invalid as the case says); ns/op is the mean over the cycle.
func BenchScore(b *testing.B, r rules.Ruleset, cases []ScoreCase) {
	b.Helper()
	for _, c := range cases {
		if v, err := rules.Score(r, c.Notation, c.Ctx); err != nil || v.Valid == c.Invalid {
			b.Fatalf("%s: %v, valid %v %s", c.Notation, err, v.Valid, v.Error)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		c := &cases[i%len(cases)]
		if _, err := rules.Score(r, c.Notation, c.Ctx); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(cases)), "hands")
}
