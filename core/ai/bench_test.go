package ai_test

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// views collects the views of every decision of n hands of novice
// self-play under ruleset id.
func views(tb testing.TB, id string, n int) []*game.View {
	tb.Helper()
	r, err := rules.Get(id)
	if err != nil {
		tb.Skip(err)
	}
	m, _, err := game.NewMatch(game.MatchConfig{Ruleset: r, Options: rules.DefaultOptions(r), Seed: wall.SeedFromString("bench " + id)})
	if err != nil {
		tb.Fatal(err)
	}
	var ps [4]ai.Player
	for i := range ps {
		ps[i], _ = ai.New(ai.Novice, wall.Derive(wall.SeedFromString("bench"), "player", i))
	}
	var out []*game.View
	for hands := 0; hands < n && !m.Over; hands++ {
		for m.Hand.Phase != game.PhaseEnd {
			p, v := next(m)
			out = append(out, v)
			if _, err := m.Apply(p, ps[p].Decide(v)); err != nil {
				tb.Fatal(err)
			}
		}
		if _, err := m.NextHand(); err != nil {
			tb.Fatal(err)
		}
	}
	return out
}

// next returns the first player who owes a decision and his view.
func next(m *game.Match) (int, *game.View) {
	for p := range 4 {
		if v := m.View(p); len(v.Legal) > 0 {
			return p, v
		}
	}
	panic("nobody may act")
}

// BenchmarkDecide times one decision of each level, over the decisions of
// a few hands of each ruleset (ns/op is the average decision time; `fourwinds
// bench ai` reports the p50 and p99).
func BenchmarkDecide(b *testing.B) {
	for _, id := range rules.IDs() {
		vs := views(b, id, 8)
		if len(vs) == 0 {
			continue
		}
		for _, l := range []ai.Level{ai.Novice, ai.Intermediate, ai.Expert} {
			b.Run(id+"/"+string(l), func(b *testing.B) {
				p, _ := ai.New(l, wall.SeedFromString("bench"))
				b.ReportAllocs()
				i := 0
				for b.Loop() {
					p.Decide(vs[i%len(vs)])
					i++
				}
			})
		}
	}
}

// BenchmarkHint times a hint on the turns of a few hands.
func BenchmarkHint(b *testing.B) {
	vs := views(b, "hongkong", 8)
	var turns []*game.View
	for _, v := range vs {
		if v.Phase == game.PhaseTurn {
			turns = append(turns, v)
		}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		ai.Hint(turns[i%len(turns)])
		i++
	}
}
