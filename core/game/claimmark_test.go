package game_test

import (
	"encoding/json"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// TestClaimedTileMarked: in hands of every ruleset, a meld made by a claim
// marks the claimed tile and its discarder's seat relative to the melder,
// which every seat's view shows and JSON keeps; the claim event is as it
// was (records keep their form).
func TestClaimedTileMarked(t *testing.T) {
	for _, id := range rules.IDs() {
		r, err := rules.Get(id)
		if err != nil {
			t.Fatal(err)
		}
		claims := 0
		for seed := 0; seed < 6 && claims < 4; seed++ {
			cfg := game.MatchConfig{Ruleset: r, Options: rules.DefaultOptions(r), Seed: wall.SeedFromString(id + " claims " + string(rune('a'+seed)))}
			m, _, err := game.NewMatch(cfg)
			if err != nil {
				t.Fatal(err)
			}
			var players [4]ai.Player
			for p := range players {
				players[p], _ = ai.New(ai.Intermediate, wall.Derive(cfg.Seed, "p", p))
			}
			for steps := 0; m.Hand.Phase != game.PhaseEnd && steps < 3000; steps++ {
				p := 0
				for p < 4 && len(m.View(p).Legal) == 0 {
					p++
				}
				if p == 4 {
					t.Fatalf("%s: nobody may act", id)
				}
				evs, err := m.Apply(p, players[p].Decide(m.View(p)))
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range evs {
					if e.Type != game.EvClaim {
						continue
					}
					claims++
					if e.Meld.Claimed != 0 || e.Meld.From != 0 {
						t.Errorf("%s: the claim event's meld carries the marks: %+v", id, e.Meld)
					}
					melds := m.Hand.Players[e.Seat].Melds
					got := melds[len(melds)-1]
					if got.Claimed == 0 || got.Tiles()[got.Claimed-1] != e.Tiles[0] || int(got.From) != int(e.From-e.Seat)&3 || got.From == 0 {
						t.Errorf("%s: %s claimed %s from %s, meld %+v", id, e.Seat, e.Tiles[0], e.From, got)
					}
					var back hand.Meld
					if b, err := json.Marshal(got); err != nil || json.Unmarshal(b, &back) != nil || back.Claimed != got.Claimed || back.From != got.From {
						t.Errorf("%s: %+v after JSON: %+v", id, got, back)
					}
					for p := range 4 {
						vm := m.View(p).Seats[e.Seat].Melds
						if vm[len(vm)-1] != got {
							t.Errorf("%s: seat %d sees %+v, want %+v", id, p, vm[len(vm)-1], got)
						}
					}
				}
			}
		}
		if claims == 0 {
			t.Errorf("%s: no claim in the hands played", id)
		}
	}
}
