package main

import (
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all"
	"github.com/fourwinds-mahjong/fourwinds/core/sim"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

func main() {
	id := flag.String("rules", "hongkong", "")
	hands := flag.Int("hands", 2000, "")
	level := flag.String("level", "novice", "")
	prof := flag.String("prof", "", "")
	flag.Parse()
	r, _ := rules.Get(*id)
	l := ai.Level(*level)
	cfg := sim.Config{Ruleset: r, Options: rules.DefaultOptions(r), Seed: wall.SeedFromString("1"), Hands: *hands, Levels: [4]ai.Level{l, l, l, l}, Workers: 1, Duplicate: true}
	if *prof != "" {
		f, _ := os.Create(*prof)
		pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}
	t := time.Now()
	st, err := sim.Run(cfg)
	if err != nil {
		panic(err)
	}
	el := time.Since(t)
	fmt.Printf("%s %s: %d hands in %v: %.0f hands/s; wins %v %s\n", *id, *level, st.Hands, el.Round(time.Millisecond), float64(st.Hands)/el.Seconds(), st.Wins, strings.Repeat("", 0))
}
