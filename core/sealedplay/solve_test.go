package sealedplay

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// TestSolveDeepCharlestons: what parties knew, mid-hand, of american
// hands whose Charleston the computer players passed tiles through again
// and again (testdata/solve, recorded from hands played sealed by novice
// computer players): solve finds an arrangement that holds every tile
// seen where it was seen, the whole set in the deck, and every give's
// tiles in the slots it gave them into. The search in the gives' order
// that solve replaced took 100,000 to 310,000 links on deep-*, and ran
// out of its 2,000,000 on runout-* (an honest hand refused: "no
// arrangement of the unseen tiles agrees with the tiles seen"); public-1,
// the sequencer's (public tiles only), took a first labelling search
// that branched on any slot of a broken give (not only on those that can
// take a kind it needs) over 200,000 nodes.
func TestSolveDeepCharlestons(t *testing.T) {
	files, err := filepath.Glob("testdata/solve/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no recorded Charlestons: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			tr := recordedCharleston(t, f)
			if err := tr.solve(); err != nil {
				t.Fatal(err)
			}
			var deck tile.Counts
			for w, k := range tr.ring {
				if tr.known[w] != tile.None && k != tr.known[w] {
					t.Errorf("slot %d imagined %v; it was seen %v", w, k, tr.known[w])
				}
				if w < tr.n0 {
					deck[k]++
				}
			}
			if deck != tr.setup.Tiles {
				t.Errorf("the imagined deck holds %v; the set %v", deck, tr.setup.Tiles)
			}
			for i, m := range tr.moves {
				var from, fresh []tile.Kind
				for j := range m.from {
					from, fresh = append(from, tr.ring[m.from[j]]), append(fresh, tr.ring[m.fresh[j]])
				}
				if !m.ranked {
					slices.Sort(from)
					slices.Sort(fresh)
				}
				if !slices.Equal(from, fresh) {
					t.Errorf("move %d gives %v into %v", i, from, fresh)
				}
			}
		})
	}
}

// BenchmarkSolve: solve on each recorded Charleston.
func BenchmarkSolve(b *testing.B) {
	files, err := filepath.Glob("testdata/solve/*.json")
	if err != nil || len(files) == 0 {
		b.Fatalf("no recorded Charlestons: %v", err)
	}
	for _, f := range files {
		b.Run(strings.TrimSuffix(filepath.Base(f), ".json"), func(b *testing.B) {
			tr := recordedCharleston(b, f)
			for b.Loop() {
				if err := tr.solve(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// recordedCharleston reads what a party knew of a hand: its slots (the
// deck's first), the kinds it knew, the set and the Charleston's moves
// (the seats they went to only as whether a move's given tiles went to
// more than one).
func recordedCharleston(t testing.TB, path string) *tracker {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var d struct {
		N0    int
		Ring  int
		Known []tile.Kind
		Tiles tile.Counts
		Moves []struct {
			From, Fresh []uint32
			N           int
			Ranked      bool
			// Split: the move's given tiles go to more than one seat
			// (rankedMoves).
			Split bool
		}
	}
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	tr := &tracker{n0: d.N0, ring: make([]tile.Kind, d.Ring), known: d.Known}
	tr.setup.Tiles = d.Tiles
	for _, m := range d.Moves {
		mv := move{from: m.From, fresh: m.Fresh, routed: routed{n: m.N, ranked: m.Ranked}}
		for j := range m.Fresh {
			mv.dest = append(mv.dest, rules.E)
			if m.Split {
				mv.dest[j] = rules.Wind(j % 4)
			}
		}
		tr.moves = append(tr.moves, mv)
	}
	return tr
}

// TestNoviceAmericanHands plays $FOURWINDS_SEALED_HANDS american hands
// (skipped when unset: a hand takes seconds), each with 2 to 4 key
// holders whose seats the novice computer player plays, each to an end
// that every party's audit verifies: no party finds the Charleston's
// arrangement out of reach of its search and refuses an honest message.
// The figures it gave are in docs/performance.md.
func TestNoviceAmericanHands(t *testing.T) {
	n, err := strconv.Atoi(os.Getenv("FOURWINDS_SEALED_HANDS"))
	if err != nil {
		t.Skip("FOURWINDS_SEALED_HANDS is not a number of hands")
	}
	for seed := range uint64(n) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			cfg := config(t, "american", 2+int(seed%3), seed)
			tb := newTable(t, cfg, seed)
			var players [4]ai.Player
			for x := range players {
				p, err := ai.New(ai.Novice, wall.SeedFromString(fmt.Sprint("novice ", seed, x)))
				if err != nil {
					t.Fatal(err)
				}
				players[x] = p
			}
			tb.choose = func(seat rules.Wind, _ []game.Action) game.Action {
				return players[seat].Decide(tb.devs[cfg.Seats[seat]].View(seat))
			}
			tb.playToAVerifiedEnd()
		})
	}
}
