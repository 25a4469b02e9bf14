package sealedplay

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// TestWhatAnActionOpens: the tiles each action opens, in the notation,
// given the tile the window offers; a whole hand for a Mah-Jong or an
// invocation; an error for what is not opened or names no tile.
func TestWhatAnActionOpens(t *testing.T) {
	t.Parallel()
	k := func(s string) tile.Kind { return tile.MustParse(s)[0] }
	for _, tc := range []struct {
		action  game.Action
		offered string // the window's tile, "" for none
		opens   string // in notation; "hand": every concealed tile; "!": refused
	}{
		{game.Act(game.ActDiscard, k("5p")), "", "5p"},
		{game.Act(game.ActAddKong, k("7z")), "", "7z"},
		{game.Act(game.ActPung, tile.None), "3s", "33s"},
		{game.Act(game.ActKong, tile.None), "1z", "111z"},
		{game.Act(game.ActChow, k("3m")), "3m", "45m"},
		{game.Act(game.ActChow, k("3m")), "4m", "35m"},
		{game.Act(game.ActChow, k("3m")), "5m", "34m"},
		{game.Act(game.ActChow, k("3m")), "6m", "!"},
		{game.Act(game.ActPass, tile.None), "2p", ""},
		{game.Act(game.ActMahjong, tile.None), "2p", "hand"},
		{game.Act(game.ActSelfDraw, tile.None), "", "hand"},
		{game.Act(game.ActInvoke, k("9s")), "", "hand"},
		{game.Act(game.ActConcealedKong, k("4p")), "", "!"},
		{game.Act(game.ActDiscard, tile.None), "", "!"},
		{game.Act(game.ActPung, tile.None), "", "!"},
		{game.Act(game.ActGive, tile.None), "", "!"},
		{game.Action{Type: game.ActCall, Tile: k("5p"), Tiles: tile.CountsOf(tile.MustParse("55p0j"))}, "5p", "55p0j"},
		{game.Action{Type: game.ActCall, Tile: k("5p"), Tiles: tile.CountsOf(tile.MustParse("5p0j"))}, "", "!"},
		{game.Action{Type: game.ActExchange, Tile: k("2f"), N: 2}, "", "2f"},
		{game.Act(game.ActStop, tile.None), "", ""},
		{game.Act(game.ActContinue, tile.None), "", ""},
		{game.Action{Type: game.ActPropose, N: 2}, "", ""},
	} {
		offered := tile.None
		if tc.offered != "" {
			offered = k(tc.offered)
		}
		need, whole, err := needOf(tc.action, offered)
		switch {
		case tc.opens == "!":
			if err == nil {
				t.Errorf("%v on %s: opens %s; want a refusal", tc.action, tc.offered, tile.Format(need.Kinds()))
			}
		case err != nil:
			t.Errorf("%v on %s: %v", tc.action, tc.offered, err)
		case tc.opens == "hand":
			if !whole {
				t.Errorf("%v on %s: does not open the hand", tc.action, tc.offered)
			}
		case whole || need != tile.CountsOf(tile.MustParse(tc.opens)):
			t.Errorf("%v on %s: opens %s (whole %v); want %s", tc.action, tc.offered, tile.Format(need.Kinds()), whole, tc.opens)
		}
	}
}
