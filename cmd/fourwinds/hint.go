package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

func init() {
	register(command{
		name:  "hint",
		usage: `hint --rules ID [--opt KEY=VALUE]... [--card FILE] [--seat W] [--round W] [--dominant W] [--bonus "TILES"] [--json] "HAND"`,
		about: "advise what to do with a hand of 14 tiles, with the reason and every option ranked",
		run:   runHint,
	})
}

// hintJSON is the output of `fourwinds hint --json`.
type hintJSON struct {
	Rules string `json:"rules"`
	Hand  string `json:"hand"`
	ai.Advice
}

func runHint(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("hint")
	resolve := rulesFlags(fs, "", stderr)
	at := newSeatFlags(fs, "the player's seat wind")
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	r, o, err := resolve()
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("give the hand in notation, 14 tiles counting 3 per meld, such as \"123m 456p 789s 11z 45p 9m\"")
	}
	notation, err := at.notation(pos)
	if err != nil {
		return err
	}
	parsed, err := tile.ParseHand(notation)
	if err != nil {
		return usagef("hand: %v", err)
	}
	h, err := rules.ReadHand(r, parsed)
	if err != nil {
		return usagef("hand: %v", err)
	}
	cfg := game.HandConfig{Ruleset: r, Options: o, Seed: wall.SeedFromString("hint"), Number: 1, Round: at.round.w}
	v, err := game.HintView(cfg, at.seat.w, at.dominant.w, h)
	if err != nil {
		return usagef("hand: %v", err)
	}
	out := hintJSON{Rules: r.ID(), Hand: parsed.String(), Advice: ai.Hint(v)}
	if *asJSON {
		return writeJSON(stdout, out)
	}
	printHint(stdout, out, windsText(r.Setup(o), at.seat.w, at.round.w, at.dominant.w))
	return nil
}

// windsText names the seat's wind and, where the ruleset has them, the
// round's and the dominant wind (JL-2.4: jilin has neither).
func windsText(setup rules.Setup, seat, round, dominant rules.Wind) string {
	s := "seat " + seat.String()
	if setup.RoundWind {
		s += ", round " + round.String()
	}
	if setup.DominantWind {
		s += ", dominant " + dominant.String()
	}
	return s
}

func printHint(w io.Writer, h hintJSON, winds string) {
	fmt.Fprintf(w, "%s (rules %s, %s)\n", h.Hand, h.Rules, winds)
	fmt.Fprintf(w, "suggest  %s\nbecause  %s\n\n", h.Action, h.Reason.Text)
	fmt.Fprintf(w, "%-22s %7s %5s  %-20s %7s %6s %7s %9s\n", "option", "shanten", "live", "improving tiles", "value", "win", "danger", "score")
	for _, o := range h.Options {
		imp := make([]string, len(o.Improve))
		for i, k := range o.Improve {
			imp[i] = k.String()
		}
		fmt.Fprintf(w, "%-22s %7d %5d  %-20s %7.0f %5.0f%% %6.1f%% %9.2f\n", o.Action, o.Shanten, o.Live, clip(strings.Join(imp, " "), 20), o.Value, 100*o.Win, 100*o.Danger, o.Score)
	}
}

// clip shortens s to at most n characters, marking the cut with "…".
func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
