package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/record"
	"github.com/fourwinds-mahjong/fourwinds/core/sim"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

func init() {
	register(command{
		name:  "sim",
		usage: "sim --rules ID [--opt KEY=VALUE]... [--card FILE] [--hands N] [--seed S] [--seats L,L,L,L] [--duplicate=false] [--workers N] [--check=false] [--record FILE] [--json]",
		about: "AI self-play: wins, draws, per-level strength, hands per second and invariant violations",
		run:   runSim,
	})
}

// simJSON is the JSON printed by `fourwinds sim --json`.
type simJSON struct {
	sim.Stats
	Seed           string   `json:"seed"`
	Seats          []string `json:"seats"`
	HandsPerSecond float64  `json:"hands_per_second"`
	Seconds        float64  `json:"seconds"`
}

func runSim(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("sim")
	resolve := rulesFlags(fs, "", stderr)
	hands := fs.Int("hands", 100, "number of hands to play")
	seed := fs.String("seed", "1", "seed: a number, 64 hex digits or any text")
	seats := fs.String("seats", "novice,novice,novice,novice", "AI level of each of the four players: "+levelList())
	duplicate := fs.Bool("duplicate", true, "replay every match with the levels rotated through the seats, to cancel luck")
	workers := fs.Int("workers", runtime.NumCPU(), "matches played at once (the results do not depend on it)")
	check := fs.Bool("check", true, "check the engine's invariants after every action")
	recFile := fs.String("record", "", "write the first match's record to FILE")
	asJSON := fs.Bool("json", false, "print one JSON object")
	if pos, err := parseFlags(fs, args); err != nil {
		return err
	} else if len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	r, o, err := resolve()
	if err != nil {
		return err
	}
	if *hands < 1 {
		return usagef("--hands must be at least 1")
	}
	if cores := runtime.NumCPU(); *workers < 1 || *workers > cores {
		return usagef("--workers %d: allowed 1 to %d (the cores of this machine; more workers are no faster)", *workers, cores)
	}
	levels, err := parseSeats(*seats)
	if err != nil {
		return err
	}
	cfg := sim.Config{Ruleset: r, Options: o, Seed: wall.SeedFromString(*seed), Hands: *hands, Levels: levels, Check: *check,
		Duplicate: *duplicate, Workers: *workers}
	var first []byte
	if *recFile != "" {
		cfg.OnMatch = func(rec *record.Record) {
			if first == nil {
				first, _ = rec.Encode()
			}
		}
	}
	start := time.Now()
	st, err := sim.Run(cfg)
	if err != nil {
		return err
	}
	secs := time.Since(start).Seconds()
	if first != nil {
		if err := writeFileAtomic(*recFile, first); err != nil {
			return err
		}
	}
	out := simJSON{Stats: st, Seed: cfg.Seed.String(), Seats: levelNames(levels), HandsPerSecond: float64(st.Hands) / secs, Seconds: secs}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return err
		}
	} else {
		printSim(stdout, out)
	}
	if st.InvariantViolations > 0 {
		return fmt.Errorf("%d invariant violations", st.InvariantViolations)
	}
	return nil
}

func printSim(w io.Writer, s simJSON) {
	fmt.Fprintf(w, "rules %s, seats %s, seed %s\n", s.Rules, strings.Join(s.Seats, ","), s.Seed)
	fmt.Fprintf(w, "hands played         %d (%d matches)\n", s.Hands, s.Matches)
	fmt.Fprintf(w, "wins by seat wind    E %d  S %d  W %d  N %d\n", s.Wins["E"], s.Wins["S"], s.Wins["W"], s.Wins["N"])
	kinds := make([]string, 0, len(s.WinsByKind))
	for k := range s.WinsByKind {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	fmt.Fprint(w, "wins by kind        ")
	for _, k := range kinds {
		fmt.Fprintf(w, " %s %d", k, s.WinsByKind[k])
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "draws (void hands)   %d\n", s.Draws)
	fmt.Fprintf(w, "average win value    %.1f\n", s.AvgWinValue)
	printLevels(w, s.Levels)
	fmt.Fprintf(w, "hands per second     %.0f\n", s.HandsPerSecond)
	fmt.Fprintf(w, "invariant violations %d\n", s.InvariantViolations)
	for _, v := range s.Violations {
		fmt.Fprintf(w, "  %s\n", v)
	}
}

// printLevels writes each level's figures with their 95% intervals.
func printLevels(w io.Writer, levels map[string]sim.LevelStats) {
	names := make([]string, 0, len(levels))
	for n := range levels {
		names = append(names, n)
	}
	sort.Strings(names)
	fmt.Fprintf(w, "%-13s %8s  %-21s  %-23s  %-21s  %-21s  %s\n", "level", "hands", "win rate", "avg net per hand", "deal-in rate", "draw rate", "avg win value")
	for _, n := range names {
		l := levels[n]
		fmt.Fprintf(w, "%-13s %8d  %-21s  %-23s  %-21s  %-21s  %.1f\n", n, l.Hands,
			pct(l.WinRate, l.WinRateCI95), num(l.AvgNet, l.AvgNetCI95), pct(l.DealInRate, l.DealInRateCI95), pct(l.DrawRate, l.DrawRateCI95), l.AvgWinValue)
	}
}

// pct writes a rate and its interval in percent.
func pct(x float64, ci [2]float64) string {
	return fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*x, 100*ci[0], 100*ci[1])
}

// num writes an average and its interval.
func num(x float64, ci [2]float64) string {
	return fmt.Sprintf("%+.2f [%+.2f, %+.2f]", x, ci[0], ci[1])
}

// levelList names the AI levels, comma separated.
func levelList() string {
	names := make([]string, 0, 4)
	for _, l := range ai.Levels() {
		names = append(names, string(l))
	}
	return strings.Join(names, ", ")
}

// parseSeats reads "L,L,L,L" (or one level for all four seats).
func parseSeats(s string) ([4]ai.Level, error) {
	var out [4]ai.Level
	parts := strings.Split(s, ",")
	if len(parts) == 1 {
		parts = []string{parts[0], parts[0], parts[0], parts[0]}
	}
	if len(parts) != 4 {
		return out, usagef("--seats takes four levels separated by commas, such as expert,novice,novice,novice")
	}
	for i, p := range parts {
		if _, err := ai.New(ai.Level(p), wall.Seed{}); err != nil {
			return out, usagef("%v", err)
		}
		out[i] = ai.Level(p)
	}
	return out, nil
}

func levelNames(ls [4]ai.Level) []string {
	out := make([]string, 4)
	for i, l := range ls {
		out[i] = string(l)
	}
	return out
}

// writeFileAtomic writes data to a temporary file beside path and renames
// it into place, so a crash never leaves a half-written file.
func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".fourwinds-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
