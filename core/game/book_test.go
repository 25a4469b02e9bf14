package game_test

import (
	"reflect"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
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

// TestMatchDealsGivenRings: a hand with a ring given (MatchConfig.Rings)
// is dealt from it, with no seed; the other hands from their seeds.
func TestMatchDealsGivenRings(t *testing.T) {
	base := newMatch(t, "hongkong", nil)
	cfg := base.Config()
	setup := cfg.Ruleset.Setup(cfg.Options)
	rng := wall.NewRand(wall.SeedFromString("given ring"))
	ring := wall.Shuffle(setup.Tiles, rng)
	cfg.Rings = map[int]game.Ring{1: {Tiles: ring, Throws: [2]int{7, 9}}}
	m, evs, err := game.NewMatch(cfg)
	if err != nil {
		t.Fatal(err)
	}
	want, wantEvs, err := game.NewHandOn(game.HandConfig{Ruleset: cfg.Ruleset, Options: cfg.Options, Number: 1, Round: rules.E}, ring, [2]int{7, 9})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(evs, wantEvs) || m.Hand.Seed != (wall.Seed{}) || m.Hand.Dice != want.Dice {
		t.Fatalf("hand 1 dealt with seed %v and events %v; want the given ring's deal %v and no seed", m.Hand.Seed, evs, wantEvs)
	}
	cfg.Rings = map[int]game.Ring{2: {Tiles: ring, Throws: [2]int{7, 9}}}
	if m, _, err = game.NewMatch(cfg); err != nil {
		t.Fatal(err)
	}
	if m.Hand.Seed != base.Hand.Seed {
		t.Fatalf("hand 1 without a ring dealt from seed %v; want its own, %v", m.Hand.Seed, base.Hand.Seed)
	}
	cfg.Rings = map[int]game.Ring{1: {Tiles: ring[1:], Throws: [2]int{7, 9}}}
	if _, _, err := game.NewMatch(cfg); err == nil {
		t.Fatal("a ring one tile short was dealt")
	}
}
