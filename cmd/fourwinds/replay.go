package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/record"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
)

func init() {
	register(command{name: "replay", usage: "replay FILE", about: "print a recorded game hand by hand, checking it replays exactly", run: runReplay})
}

func runReplay(args []string, stdout, _ io.Writer) error {
	fs := newFlags("replay")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("give one record file")
	}
	data, err := os.ReadFile(pos[0])
	if err != nil {
		return err
	}
	rec, err := record.Decode(data)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Record of a %s game, seed %s, options %s\n", rec.Header.Ruleset, rec.Header.Seed, assignments(rec.Header.Options))
	if n := len(rec.Header.Walls); n > 0 {
		fmt.Fprintf(stdout, "%d hands dealt from the walls written in the record (a sealed match's opened decks)\n", n)
	}
	cfg, err := rec.Config()
	if err != nil {
		return err
	}
	setup := cfg.Ruleset.Setup(cfg.Options)
	m, err := rec.Replay(func(m *game.Match, e game.Event) {
		name := func(w rules.Wind) string { return fmt.Sprintf("%s (player %d)", w, m.PlayerAt(w)) }
		if e.Type == game.EvHandStart {
			fmt.Fprintln(stdout)
		}
		if e.Type == game.EvHandEnd {
			writeResult(stdout, e.Result, name)
			return
		}
		if s := describe(e, setup); s != "" {
			fmt.Fprintln(stdout, s)
		}
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\nReplayed %d events exactly. Balances:", len(rec.Events))
	for p := range 4 {
		fmt.Fprintf(stdout, "  player %d: %d", p, m.Balances[p])
	}
	fmt.Fprintln(stdout)
	return nil
}

// assignments writes options as "key=value, key=value" in key order, or
// "defaults" for none.
func assignments(o map[string]string) string {
	if len(o) == 0 {
		return "defaults"
	}
	parts := make([]string, 0, len(o))
	for k, v := range o {
		parts = append(parts, k+"="+v)
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}
