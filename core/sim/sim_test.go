package sim_test

import (
	"math"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/record"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all" // every ruleset
	"github.com/fourwinds-mahjong/fourwinds/core/sim"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

func config(t *testing.T, id string, hands int, levels ...ai.Level) sim.Config {
	t.Helper()
	r, err := rules.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	cfg := sim.Config{Ruleset: r, Options: rules.DefaultOptions(r), Seed: wall.SeedFromString("sim test"), Hands: hands, Check: true}
	copy(cfg.Levels[:], levels)
	return cfg
}

// TestSelfPlayInvariants plays novices in every ruleset with the engine's
// invariants checked after every action.
func TestSelfPlayInvariants(t *testing.T) {
	for _, id := range rules.IDs() {
		t.Run(id, func(t *testing.T) {
			st, err := sim.Run(config(t, id, 60))
			if err != nil {
				t.Fatal(err)
			}
			if st.Hands != 60 || st.InvariantViolations != 0 {
				t.Fatalf("hands %d, violations %d: %v", st.Hands, st.InvariantViolations, st.Violations)
			}
			if n := st.Levels["novice"].Hands; n != 4*60 {
				t.Errorf("novice seat-hands = %d, want 240", n)
			}
		})
	}
}

// TestDuplicateRotatesLevels checks that in duplicate every match is
// played four times on the same walls, each level taking every seat, and
// that exactly the hands asked for are played.
func TestDuplicateRotatesLevels(t *testing.T) {
	cfg := config(t, "hongkong", 37, ai.Intermediate, ai.Novice, ai.Novice, ai.Novice)
	cfg.Duplicate = true
	var recs []*record.Record
	cfg.OnMatch = func(r *record.Record) { recs = append(recs, r) }
	st, err := sim.Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if st.Hands != 37 || !st.Duplicate {
		t.Fatalf("hands %d duplicate %v, want 37 true", st.Hands, st.Duplicate)
	}
	if got := st.Levels["intermediate"].Hands; got != 37 {
		t.Errorf("intermediate seat-hands = %d, want 37", got)
	}
	if got := st.Levels["novice"].Hands; got != 3*37 {
		t.Errorf("novice seat-hands = %d, want 111", got)
	}
	if len(recs) < 4 {
		t.Fatalf("%d matches recorded, want at least 4", len(recs))
	}
	first := dealOf(t, recs[0])
	for i := 1; i < 4; i++ {
		if got := dealOf(t, recs[i]); !reflect.DeepEqual(got, first) {
			t.Errorf("rotation %d dealt %v, want the same deal as rotation 0: %v", i, got, first)
		}
	}
}

// dealOf returns the first hand's dealt tiles of a record.
func dealOf(t *testing.T, r *record.Record) [][]string {
	t.Helper()
	var out [][]string
	for _, e := range r.Events {
		if e.Type == game.EvDeal {
			var ts []string
			for _, k := range e.Tiles {
				ts = append(ts, k.String())
			}
			out = append(out, ts)
		}
		if e.Type == game.EvHandEnd {
			break
		}
	}
	if len(out) != 4 {
		t.Fatalf("the record deals %d hands, want 4", len(out))
	}
	return out
}

// TestWorkersDoNotChangeResults runs the same simulation one match at a
// time and three at a time.
func TestWorkersDoNotChangeResults(t *testing.T) {
	cfg := config(t, "classical", 50, ai.Expert, ai.Novice, ai.Intermediate, ai.Novice)
	cfg.Duplicate = true
	one, err := sim.Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Workers = 3
	three, err := sim.Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(one, three) {
		t.Errorf("one worker:\n%+v\nthree workers:\n%+v", one, three)
	}
}

// TestLevelFigures checks the per-level figures against the totals: the
// rates add up, the intervals contain the estimates, and the relative
// nets of the table sum to zero.
func TestLevelFigures(t *testing.T) {
	cfg := config(t, "french", 120, ai.Expert, ai.Novice, ai.Novice, ai.Novice)
	cfg.Duplicate = true
	st, err := sim.Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	wins, sum := 0, 0.0
	for name, l := range st.Levels {
		wins += l.Wins
		sum += l.AvgNet * float64(l.Hands)
		for _, f := range []struct {
			name string
			x    float64
			ci   [2]float64
		}{{"win rate", l.WinRate, l.WinRateCI95}, {"avg net", l.AvgNet, l.AvgNetCI95}, {"deal-in rate", l.DealInRate, l.DealInRateCI95}, {"draw rate", l.DrawRate, l.DrawRateCI95}} {
			if f.ci[0] > f.x || f.x > f.ci[1] {
				t.Errorf("%s %s %.3f outside its interval %v", name, f.name, f.x, f.ci)
			}
		}
		if got := float64(l.Wins) / float64(l.Hands); math.Abs(got-l.WinRate) > 1e-9 {
			t.Errorf("%s win rate %.4f, want wins/hands %.4f", name, l.WinRate, got)
		}
	}
	if wins != st.Hands-st.Draws {
		t.Errorf("levels won %d hands, want %d", wins, st.Hands-st.Draws)
	}
	if math.Abs(sum) > 1e-6 {
		t.Errorf("relative nets sum to %f, want 0", sum)
	}
}

// counting counts a player's decisions.
type counting struct {
	p ai.Player
	n *atomic.Int64
}

func (c counting) Decide(v *game.View) game.Action { c.n.Add(1); return c.p.Decide(v) }

// TestWorkFollowsHands (issue 10 item 9): asking for 5 hands with 1000
// workers plays a few hands, not 1000 whole matches.
func TestWorkFollowsHands(t *testing.T) {
	cfg := config(t, "hongkong", 5, ai.Novice, ai.Novice, ai.Novice, ai.Novice)
	cfg.Duplicate, cfg.Workers, cfg.Check = true, 1000, false
	var n atomic.Int64
	cfg.Wrap = func(_ ai.Level, p ai.Player) ai.Player { return counting{p, &n} }
	st, err := sim.Run(cfg)
	if err != nil || st.Hands != 5 {
		t.Fatalf("%d hands, %v", st.Hands, err)
	}
	// At most 5 groups of 4 rotations of 5 hands, then the cut-short
	// replays: a few thousand decisions.
	if got := n.Load(); got > 20_000 {
		t.Fatalf("%d decisions for 5 hands", got)
	}
}
