package game

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// TestRoutesFollowTheEngine: PassRoutes and MushRoutes name, for every
// blind pass, every count of tiles given and many seeds, the seat the
// engine's resolution gives each tile to (each seat gives tiles of its own
// kinds, so every tile is told apart).
func TestRoutesFollowTheEngine(t *testing.T) {
	for i := range 40 {
		seed := wall.Derive(wall.SeedFromString("routes"), "test", i)
		for _, pass := range []int{3, 6} {
			for c := range 256 {
				own := [4]int{c % 4, c / 4 % 4, c / 16 % 4, c / 64 % 4}
				checkRoutes(t, seed, pass, own, PassRoutes(seed, pass, own))
			}
		}
		own := [4]int{i % 4, i / 4 % 4, 3, i / 16 % 4}
		checkRoutes(t, seed, 0, own, MushRoutes(seed, own))
	}
}

// checkRoutes resolves a pass (or the mush, pass 0) with the engine and
// compares who got each tile with routes.
func checkRoutes(t *testing.T, seed wall.Seed, pass int, own [4]int, routes [4][]rules.Wind) {
	t.Helper()
	s := &State{Seed: seed}
	kind := func(x, j int) tile.Kind { return tile.Kind(3*x + j) }
	for x := range own {
		for j := range own[x] {
			s.ch.acts[x].Tiles[kind(x, j)]++
			s.Players[x].Concealed[kind(x, j)]++
		}
	}
	var evs []Event
	if pass == 0 {
		evs = s.resolveMush(nil)
	} else {
		s.ch.pass = pass
		evs = s.resolvePass(nil, passTo[pass], wall.Derive(seed, "charleston", pass))
	}
	var got [4]tile.Counts
	for _, e := range evs {
		for _, k := range e.Tiles {
			got[e.Seat][k]++
		}
	}
	var want [4]tile.Counts
	for x := range routes {
		if len(routes[x]) != own[x] {
			t.Fatalf("seed %x, pass %d, %v: %d routes for seat %d's %d tiles", seed, pass, own, len(routes[x]), x, own[x])
		}
		for j, to := range routes[x] {
			want[to][kind(x, j)]++
		}
	}
	if got != want {
		t.Fatalf("seed %x, pass %d, gives %v: the engine gave %v, the routes say %v", seed, pass, own, got, want)
	}
}
