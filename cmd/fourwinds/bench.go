package main

import (
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/sim"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

func init() {
	register(command{
		name:  "bench",
		usage: "bench ai [--rules ID]... [--levels L,L,...] [--hands N] [--seed S] [--json]",
		about: "performance figures: `bench ai` times every AI decision (p50, p99; one hand played first builds the one-time tables, its time reported apart) and weighs an AI seat",
		run:   runBench,
	})
}

// benchRow is one ruleset and level of `fourwinds bench ai`.
type benchRow struct {
	Rules     string  `json:"rules"`
	Level     string  `json:"level"`
	Decisions int     `json:"decisions"`
	P50Ms     float64 `json:"p50_ms"`
	P99Ms     float64 `json:"p99_ms"`
	MaxMs     float64 `json:"max_ms"`
	MeanMs    float64 `json:"mean_ms"`
	// AllocPerDecision is the memory allocated per decision, in bytes.
	AllocPerDecision float64 `json:"alloc_per_decision"`
	// SeatBytes is the memory an AI seat keeps after playing a hand.
	SeatBytes float64 `json:"seat_bytes"`
	// FirstHandMs is the time of one hand played before the timing, which
	// builds the tables the analysis makes once (reported apart, not in the
	// decision times).
	FirstHandMs float64 `json:"first_hand_ms"`
}

func runBench(args []string, stdout, _ io.Writer) error {
	if len(args) == 0 || args[0] != "ai" {
		return usagef("bench needs a subject: ai")
	}
	fs := newFlags("bench ai")
	var ids listFlag
	fs.Var(&ids, "rules", "ruleset id (repeatable; default: every ruleset)")
	levels := fs.String("levels", "novice,intermediate,expert", "AI levels to time, comma separated: "+levelList())
	hands := fs.Int("hands", 24, "hands played by four players of each level, per ruleset")
	seed := fs.String("seed", "bench", "seed: a number, 64 hex digits or any text")
	asJSON := fs.Bool("json", false, "print JSON")
	if pos, err := parseFlags(fs, args[1:]); err != nil {
		return err
	} else if len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	if *hands < 1 {
		return usagef("--hands must be at least 1")
	}
	if len(ids) == 0 {
		ids = rules.IDs()
	}
	var ls []ai.Level
	for _, name := range strings.Split(*levels, ",") {
		if _, err := ai.New(ai.Level(name), wall.Seed{}); err != nil {
			return usagef("%v", err)
		}
		ls = append(ls, ai.Level(name))
	}
	var rows []benchRow
	for _, id := range ids {
		r, err := rules.Get(id)
		if err != nil {
			return usagef("%v", err)
		}
		for _, l := range ls {
			row, err := benchLevel(r, l, *hands, wall.SeedFromString(*seed))
			if err != nil {
				return err
			}
			rows = append(rows, row)
		}
	}
	if *asJSON {
		return writeJSON(stdout, rows)
	}
	fmt.Fprintf(stdout, "%-10s %-13s %9s %9s %9s %9s %9s %12s %10s %13s\n", "rules", "level", "decisions", "p50 ms", "p99 ms", "max ms", "mean ms", "alloc/dec", "seat KB", "first hand ms")
	for _, b := range rows {
		fmt.Fprintf(stdout, "%-10s %-13s %9d %9.3f %9.3f %9.3f %9.3f %12.0f %10.1f %13.1f\n", b.Rules, b.Level, b.Decisions, b.P50Ms, b.P99Ms, b.MaxMs, b.MeanMs, b.AllocPerDecision, b.SeatBytes/1024, b.FirstHandMs)
	}
	return nil
}

// timed wraps a player and records how long each decision takes and the
// views it was given.
type timed struct {
	p   ai.Player
	rec *timings
}

// timings collects decision times and views.
type timings struct {
	mu    sync.Mutex
	times []time.Duration
	views []*game.View
}

// maxViews is how many views a bench keeps to weigh a seat with.
const maxViews = 400

// Decide implements ai.Player.
func (t timed) Decide(v *game.View) game.Action {
	start := time.Now()
	a := t.p.Decide(v)
	d := time.Since(start)
	t.rec.mu.Lock()
	t.rec.times = append(t.rec.times, d)
	if len(t.rec.views) < maxViews {
		t.rec.views = append(t.rec.views, v)
	}
	t.rec.mu.Unlock()
	return a
}

// benchLevel times the decisions of four players of level l over hands
// hands of r, then weighs a seat.
func benchLevel(r rules.Ruleset, l ai.Level, hands int, seed wall.Seed) (benchRow, error) {
	rec := &timings{}
	cfg := sim.Config{Ruleset: r, Options: rules.DefaultOptions(r), Seed: seed, Hands: 1, Levels: [4]ai.Level{l, l, l, l}, Workers: 1}
	start := time.Now()
	if _, err := sim.Run(cfg); err != nil {
		return benchRow{}, err
	}
	first := time.Since(start)
	cfg.Hands, cfg.Wrap = hands, func(_ ai.Level, p ai.Player) ai.Player { return timed{p: p, rec: rec} }
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	if _, err := sim.Run(cfg); err != nil {
		return benchRow{}, err
	}
	runtime.ReadMemStats(&after)
	row := benchRow{Rules: r.ID(), Level: string(l), Decisions: len(rec.times), FirstHandMs: float64(first) / float64(time.Millisecond)}
	if len(rec.times) == 0 {
		return row, nil
	}
	ts := slices.Clone(rec.times)
	slices.Sort(ts)
	var sum time.Duration
	for _, d := range ts {
		sum += d
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	row.P50Ms, row.P99Ms, row.MaxMs = ms(ts[len(ts)/2]), ms(ts[len(ts)*99/100]), ms(ts[len(ts)-1])
	row.MeanMs = ms(sum) / float64(len(ts))
	// The allocations include the engine's; the seat weight is the AI's alone.
	row.AllocPerDecision = float64(after.TotalAlloc-before.TotalAlloc) / float64(len(ts))
	row.SeatBytes = seatBytes(l, rec.views)
	return row, nil
}

// seatBytes returns the memory a player of level l keeps after deciding on
// views, averaged over several players.
func seatBytes(l ai.Level, views []*game.View) float64 {
	const n = 64
	var before, after runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&before)
	ps := make([]ai.Player, n)
	for i := range ps {
		ps[i], _ = ai.New(l, wall.Derive(wall.SeedFromString("seat"), "player", i))
		for _, v := range views {
			ps[i].Decide(v)
		}
	}
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&after)
	// The views must outlive the measure, or their freeing would count.
	runtime.KeepAlive(views)
	runtime.KeepAlive(ps)
	return max(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)), 0) / n
}
