package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
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
		usage: "sim --rules ID [--opt KEY=VALUE]... [--hands N] [--seed S] [--seats L,L,L,L] [--check=false] [--record FILE] [--json]",
		about: "AI self-play: wins, draws, hands per second and invariant violations",
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
	resolve := rulesFlags(fs, "")
	hands := fs.Int("hands", 100, "number of hands to play")
	seed := fs.String("seed", "1", "seed: a number, 64 hex digits or any text")
	seats := fs.String("seats", "novice,novice,novice,novice", "AI level of each of the four players")
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
	levels, err := parseSeats(*seats)
	if err != nil {
		return err
	}
	cfg := sim.Config{Ruleset: r, Options: o, Seed: wall.SeedFromString(*seed), Hands: *hands, Levels: levels, Check: *check}
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
	fmt.Fprintf(w, "hands per second     %.0f\n", s.HandsPerSecond)
	fmt.Fprintf(w, "invariant violations %d\n", s.InvariantViolations)
	for _, v := range s.Violations {
		fmt.Fprintf(w, "  %s\n", v)
	}
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
