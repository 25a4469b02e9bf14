package game_test

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
)

// TestBookFollowsNextHand: a match whose hands are booked from outside
// (Book) keeps the same ledger, deal and rounds as one that plays them.
func TestBookFollowsNextHand(t *testing.T) {
	for _, id := range []string{"hongkong", "classical", "french"} {
		played, booked := newMatch(t, id, nil), newMatch(t, id, nil)
		for hands := 0; !played.Over && hands < 24; hands++ {
			s := played.Hand
			for s.Phase != game.PhaseEnd {
				seat := s.Waiting()[0]
				if _, err := played.Apply(played.PlayerAt(seat), s.LegalActions(seat)[0]); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := booked.Book(s.Result); err != nil {
				t.Fatal(err)
			}
			if _, err := played.NextHand(); err != nil {
				t.Fatal(err)
			}
			if booked.Over != played.Over || booked.Dealer != played.Dealer || booked.Round != played.Round ||
				booked.Number != played.Number || booked.Balances != played.Balances {
				t.Fatalf("%s hand %d: booked match at hand %d %v dealer %d %v, played at hand %d %v dealer %d %v", id, hands+1,
					booked.Number, booked.Round, booked.Dealer, booked.Balances, played.Number, played.Round, played.Dealer, played.Balances)
			}
		}
		if _, err := booked.Book(&game.Result{Winner: rules.NoWind}); played.Over && err != game.ErrMatchOver {
			t.Fatalf("%s: booking after the end: %v, want ErrMatchOver", id, err)
		}
	}
}
