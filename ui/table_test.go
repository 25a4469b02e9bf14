package ui

import (
	"slices"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/ui/tileview"
)

// claimActions returns the actions of the claim buttons on screen.
func claimActions(s *TableScreen) []game.Action {
	var out []game.Action
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *ClaimButton:
			out = append(out, x.Action)
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		}
	}
	walk(s.claims)
	return out
}

// openStill shows the table screen over a still table.
func openStill(t *testing.T, snap table.Snapshot) (*App, *stillTable, *TableScreen) {
	t.Helper()
	f := newStillTable(snap)
	a, _ := newTestApp(t, noTables{f}, fyne.NewSize(360, 640))
	a.openTable(f)
	if a.screen == nil {
		t.Fatal("no table screen")
	}
	return a, f, a.screen
}

// TestClaimButtonsExactlyLegal: the buttons above the rack are the view's
// legal actions that are not discards (played from the rack) or
// Charleston gives (played from picked tiles), no more and no fewer.
func TestClaimButtonsExactlyLegal(t *testing.T) {
	act := game.Act
	cases := map[string][]game.Action{
		"claim window": midHand().View.Legal,
		"own turn": {act(game.ActDiscard, tile.East), act(game.ActDiscard, tile.S1+1), act(game.ActSelfDraw, tile.None),
			act(game.ActConcealedKong, tile.P1+4)},
		"declarations":    {act(game.ActDiscard, tile.East), {Type: game.ActDiscard, Tile: tile.East, Declare: game.DeclTing}},
		"charleston vote": {act(game.ActStop, tile.None), act(game.ActContinue, tile.None)},
		"courtesy":        {{Type: game.ActPropose, Tile: tile.None, N: 0}, {Type: game.ActPropose, Tile: tile.None, N: 2}},
		"nothing":         nil,
		"only pass":       {act(game.ActPass, tile.None)},
	}
	for name, legal := range cases {
		t.Run(name, func(t *testing.T) {
			snap := midHand()
			snap.View.Legal = legal
			_, _, s := openStill(t, snap)
			var want []game.Action
			for _, a := range legal {
				if a.Type != game.ActDiscard && a.Type != game.ActGive && !onlyPass(legal) {
					want = append(want, a)
				}
			}
			got := claimActions(s)
			if !slices.Equal(got, want) {
				t.Errorf("buttons %v, want %v", got, want)
			}
			if hasTing := slices.ContainsFunc(legal, func(a game.Action) bool { return a.Declare == game.DeclTing }); hasTing != (len(s.declares.Objects) == 1) {
				t.Errorf("TING toggle shown: %d, legal TING discard: %v", len(s.declares.Objects), hasTing)
			}
		})
	}
}

// TestTapClaimAndDiscard: tapping Pung sends it for the decision on
// screen; tapping a tile twice discards it.
func TestTapClaimAndDiscard(t *testing.T) {
	_, f, s := openStill(t, midHand())
	for _, o := range s.claims.Objects {
		if c, ok := o.(*ClaimButton); ok && c.Action.Type == game.ActPung {
			test.Tap(c)
		}
	}
	snap := midHand()
	snap.View.Phase, snap.View.Turn, snap.View.StateID = game.PhaseTurn, snap.View.Seat, 43
	snap.View.Legal = []game.Action{game.Act(game.ActDiscard, tile.East)}
	s.showSnapshot(snap)
	i := slices.Index(s.order, tile.East)
	tl := s.rack.Objects[s.rackLayout.melds+i].(*tileview.Tile)
	test.Tap(tl)
	test.Tap(tl)
	waitIntents(t, f, 2)
	got := f.intents()
	if got[0].Action.Type != game.ActPung || got[0].Decision != 42 {
		t.Errorf("first intent %+v, want pung for decision 42", got[0])
	}
	if got[1].Action != game.Act(game.ActDiscard, tile.East) || got[1].Decision != 43 {
		t.Errorf("second intent %+v, want discard 1z for decision 43", got[1])
	}
}

// TestNextHandFromSheet: the end-of-hand sheet shows every hand and one
// tap asks for the next hand.
func TestNextHandFromSheet(t *testing.T) {
	_, f, s := openStill(t, handOver())
	if s.sheet == nil || s.playArea.Visible() {
		t.Fatal("no end-of-hand sheet")
	}
	s.nextHand()
	waitIntents(t, f, 1)
	if in := f.intents()[0]; in.Kind != table.IntentNextHand || in.Decision != 42 {
		t.Errorf("intent %+v, want next-hand for decision 42", in)
	}
}

// waitIntents waits for n intents (Submit runs on its own goroutine).
func waitIntents(t *testing.T, f *stillTable, n int) {
	t.Helper()
	for range n {
		select {
		case <-f.sent:
		case <-time.After(10 * time.Second):
			t.Fatalf("got %d intents, want %d", len(f.intents()), n)
		}
	}
}
