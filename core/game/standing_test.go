package game_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// TestResumedMatchGoesOnLikeTheOriginal takes a match's public standing at
// a random moment (within a hand, which is then voided and dealt again, or
// between hands), goes on from it with only the hand seeds supplied from
// outside, and checks that both matches produce the same events, balances
// and history to the end.
func TestResumedMatchGoesOnLikeTheOriginal(t *testing.T) {
	for _, set := range []map[string]string{{}, {"layout": "dead-wall", "count": "passes", "celestial": "off"}} {
		for i := range 12 {
			seed := fmt.Sprintf("standing %v %d", set, i)
			cfg := game.MatchConfig{Ruleset: plain{}, Options: options(t, set), Seed: wall.SeedFromString(seed)}
			orig, _, err := game.NewMatch(cfg)
			if err != nil {
				t.Fatal(err)
			}
			// twin follows orig to the start of the hand the standing is
			// taken in, and no further.
			twin, _, _ := game.NewMatch(cfg)
			rnd := rand.New(rand.NewPCG(uint64(i), 7))
			players := novices(cfg.Seed)
			for range rnd.IntN(6) {
				for orig.Hand.Phase != game.PhaseEnd {
					p, act := choose(orig, players)
					sameEvents(t, seed, apply(t, orig, p, act), apply(t, twin, p, act))
				}
				if orig.Over {
					break
				}
				if _, err := orig.NextHand(); err != nil {
					t.Fatal(err)
				}
				twin.NextHand()
			}
			if orig.Over {
				continue
			}
			atStart := orig.Standing()
			for range rnd.IntN(40) {
				if orig.Hand.Phase != game.PhaseEnd {
					p, act := choose(orig, players)
					apply(t, orig, p, act)
				}
			}
			st := orig.Standing()
			ref := orig
			switch {
			case orig.Hand.Phase != game.PhaseEnd:
				if st != atStart {
					t.Fatalf("%s: the standing moved within hand %d: %+v, then %+v", seed, orig.Number, atStart, st)
				}
				ref = twin // the hand is voided: it is dealt again from its start
			case st.Over:
				continue
			default:
				if _, err := orig.NextHand(); err != nil {
					t.Fatal(err)
				}
			}
			if st.Number != ref.Number || st.Dealer != ref.Dealer || st.Round != ref.Round || st.Balances != ref.Balances {
				t.Fatalf("%s: standing %+v, but the match deals hand %d with dealer %d in round %s, balances %v", seed, st, ref.Number, ref.Dealer, ref.Round, ref.Balances)
			}
			res, _, err := game.ResumeMatch(cfg, st, ref.History, ref.HandSeed(st.Number))
			if err != nil {
				t.Fatalf("%s: %v", seed, err)
			}
			lockstep(t, seed, ref, res, novices(wall.SeedFromString("other")))
		}
	}
}

func novices(seed wall.Seed) [4]ai.Player {
	var ps [4]ai.Player
	for p := range ps {
		ps[p], _ = ai.New(ai.Novice, wall.Derive(seed, "p", p))
	}
	return ps
}

// choose returns the first player who owes a decision and his choice.
func choose(m *game.Match, players [4]ai.Player) (int, game.Action) {
	for p := range 4 {
		if v := m.View(p); len(v.Legal) > 0 {
			return p, players[p].Decide(v)
		}
	}
	return -1, game.Action{}
}

// apply plays p's action on m.
func apply(t *testing.T, m *game.Match, p int, a game.Action) []game.Event {
	t.Helper()
	if p < 0 {
		t.Fatalf("hand %d: nobody may act", m.Number)
	}
	evs, err := m.Apply(p, a)
	if err != nil {
		t.Fatal(err)
	}
	return evs
}

// lockstep plays a and b with the same choices to the end and checks that
// they agree on every event and on the match's outcome.
func lockstep(t *testing.T, seed string, a, b *game.Match, players [4]ai.Player) {
	t.Helper()
	for !a.Over {
		for steps := 0; a.Hand.Phase != game.PhaseEnd; steps++ {
			if steps > 3000 {
				t.Fatalf("%s: hand %d did not end", seed, a.Number)
			}
			p, act := choose(a, players)
			ea, erra := a.Apply(p, act)
			eb, errb := b.Apply(p, act)
			if erra != nil || errb != nil {
				t.Fatalf("%s: hand %d: %v / %v", seed, a.Number, erra, errb)
			}
			sameEvents(t, seed, ea, eb)
		}
		if err := b.SupplySeed(a.Number+1, a.HandSeed(a.Number+1)); err != nil {
			t.Fatal(err)
		}
		ea, erra := a.NextHand()
		eb, errb := b.NextHand()
		if erra != nil || errb != nil {
			t.Fatalf("%s: %v / %v", seed, erra, errb)
		}
		sameEvents(t, seed, ea, eb)
	}
	ja, _ := json.Marshal(a.History)
	jb, _ := json.Marshal(b.History)
	if !b.Over || a.Balances != b.Balances || string(ja) != string(jb) {
		t.Fatalf("%s: the resumed match ended with %v (over %v), the original with %v", seed, b.Balances, b.Over, a.Balances)
	}
}

func sameEvents(t *testing.T, seed string, a, b []game.Event) {
	t.Helper()
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Fatalf("%s: events differ:\n original %s\n resumed  %s", seed, ja, jb)
	}
}

func TestResumeMatchRefusesImpossibleStandings(t *testing.T) {
	cfg := game.MatchConfig{Ruleset: plain{}, Options: options(t, nil), Seed: wall.SeedFromString("bad")}
	for _, st := range []game.Standing{
		{Number: 2, Round: 0},        // hand 2 after no finished hand
		{Number: 1, Dealer: 4},       // no such player
		{Number: 1, Passes: 4},       // four passes end a round
		{Number: 1, Round: 7},        // no such wind
		{Number: 1, Over: true},      // nothing left to deal
		{Number: 1, FirstDealer: -1}, // no such player
	} {
		if _, _, err := game.ResumeMatch(cfg, st, nil, wall.Seed{}); err == nil {
			t.Errorf("standing %+v was accepted", st)
		}
	}
}
