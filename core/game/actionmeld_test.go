package game_test

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// TestActionMeld: a pung or kong action names the meld it makes; other
// actions make none.
func TestActionMeld(t *testing.T) {
	k := tile.S1 + 3
	for _, c := range []struct {
		a    game.ActionType
		want game.Meld
		ok   bool
	}{
		{game.ActPung, hand.Meld{Kind: hand.Pung, Tile: k, Open: true}, true},
		{game.ActKong, hand.Meld{Kind: hand.Kong, Tile: k, Open: true}, true},
		{game.ActAddKong, hand.Meld{Kind: hand.Kong, Tile: k, Open: true}, true},
		{game.ActConcealedKong, hand.Meld{Kind: hand.Kong, Tile: k}, true},
		{game.ActChow, hand.Meld{}, false},
		{game.ActDiscard, hand.Meld{}, false},
	} {
		if m, ok := game.Act(c.a, k).Meld(); m != c.want || ok != c.ok {
			t.Errorf("%s: meld %+v %v, want %+v %v", c.a, m, ok, c.want, c.ok)
		}
	}
}
