package game_test

// Rotation of the deal, rounds and the end of the game through Match,
// played with scripted hands (CL-3, HK-2.3 to HK-2.5, HK-OPT-12,
// HK-OPT-14, HK-OPT-15, FR-3, FR-12.5).

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/game/gametest"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// newMatch starts a match of ruleset id with the named options.
func newMatch(t *testing.T, id string, set map[string]string) *game.Match {
	t.Helper()
	cfg := handConfig(t, id, set)
	m, _, err := game.NewMatch(game.MatchConfig{Ruleset: cfg.Ruleset, Options: cfg.Options, Seed: wall.SeedFromString("match " + id)})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// scriptedWin wins on its drawn tile in the Chinese-family rulesets.
const scriptedWin = "123m 456m 789m 123p 4p +4p"

// playScripted replaces the match's current hand by a scenario in which
// winner self-draws at once (rules.NoWind: the hand is void), plays it
// through the match, and deals the next hand.
func playScripted(t *testing.T, m *game.Match, winner rules.Wind) {
	t.Helper()
	playScriptedWith(t, m, winner, scriptedWin)
}

// playScriptedWith is playScripted with the winner's hand in notation.
func playScriptedWith(t *testing.T, m *game.Match, winner rules.Wind, win string) {
	t.Helper()
	cfg := m.Config()
	hc := game.HandConfig{Ruleset: cfg.Ruleset, Options: cfg.Options, Number: m.Number, Round: m.Round,
		Seed: wall.Derive(cfg.Seed, "scripted", m.Number)}
	sc := gametest.Scenario{Phase: game.PhaseClaim, Turn: rules.N, Discards: [4]string{3: "9m"}, Live: gametest.LiveExhausted}
	if winner != rules.NoWind {
		sc = gametest.Scenario{Turn: winner}
		sc.Hands[winner] = win
	}
	s, err := gametest.New(hc, sc)
	if err != nil {
		t.Fatal(err)
	}
	m.Hand = s
	for s.Phase != game.PhaseEnd {
		seat := s.Waiting()[0]
		a := pass
		if s.Phase == game.PhaseTurn {
			a = selfDraw(t, s, seat)
		}
		if _, err := m.Apply(m.PlayerAt(seat), a); err != nil {
			t.Fatal(err)
		}
	}
	if s.Result.Winner != winner {
		t.Fatalf("hand %d: winner %s, want %s", m.Number, s.Result.Winner, winner)
	}
	if _, err := m.NextHand(); err != nil {
		t.Fatal(err)
	}
}

// wantDeal checks the match's next hand: its number, round wind and dealer.
func wantDeal(t *testing.T, m *game.Match, number int, round rules.Wind, dealer int) {
	t.Helper()
	if m.Over || m.Number != number || m.Round != round || m.Dealer != dealer {
		t.Fatalf("over %v, hand %d, round %s, dealer %d: want hand %d of round %s dealt by %d",
			m.Over, m.Number, m.Round, m.Dealer, number, round, dealer)
	}
}

// wantBalances checks that every balance is the start plus the player's nets.
func wantBalances(t *testing.T, m *game.Match, start int) {
	t.Helper()
	for p := range 4 {
		sum := start
		for _, h := range m.History {
			sum += h.Net[p]
		}
		if m.Balances[p] != sum {
			t.Fatalf("player %d: balance %d, want %d", p, m.Balances[p], sum)
		}
	}
}

func TestCL_3_BankRotationAndRounds(t *testing.T) {
	m := newMatch(t, "classical", nil)
	if m.Balances != [4]int{1500, 1500, 1500, 1500} {
		t.Fatalf("balances %v, want 1500 each (CL-3.5)", m.Balances)
	}
	d := m.Dealer
	playScripted(t, m, rules.E) // CL-3.2: the banker wins and stays
	wantDeal(t, m, 2, rules.E, d)
	playScripted(t, m, rules.NoWind) // CL-3.3: a draw repeats the bank
	wantDeal(t, m, 3, rules.E, d)
	number := 3
	for pass := 1; pass <= 16; pass++ {
		playScripted(t, m, rules.Wind(1+pass%3)) // another player wins: the bank passes on
		number++
		if pass == 16 {
			break
		}
		wantDeal(t, m, number, rules.Wind(pass/4), (d+pass)%4) // CL-3.4: four passes make a round
	}
	if !m.Over {
		t.Fatal("the game goes on after the bank passed from the North round's fourth banker")
	}
	if _, err := m.NextHand(); err != game.ErrMatchOver {
		t.Fatalf("another hand after the end: %v", err)
	}
	wantBalances(t, m, 1500)
}

func TestHK_2_3_Rotation(t *testing.T) {
	for _, c := range []struct {
		set         map[string]string
		voidRotates bool
	}{{nil, false}, {map[string]string{"HK-OPT-12": "rotate"}, true}} {
		m := newMatch(t, "hongkong", c.set)
		d := m.Dealer
		playScripted(t, m, rules.E)
		wantDeal(t, m, 2, rules.E, d)
		playScripted(t, m, rules.W)
		wantDeal(t, m, 3, rules.E, (d+1)%4)
		playScripted(t, m, rules.NoWind)
		if c.voidRotates {
			wantDeal(t, m, 4, rules.E, (d+2)%4)
		} else {
			wantDeal(t, m, 4, rules.E, (d+1)%4)
		}
	}
}

func TestHK_2_4_SixteenHandsDealt(t *testing.T) { runSixteenHands(t, "hongkong") }
func TestFR_3_1_SixteenHandsDealt(t *testing.T) { runSixteenHands(t, "french") }

// runSixteenHands: every hand dealt counts, East's wins and void hands
// included; hands 1–4 are the East round, 5–8 South, 9–12 West, 13–16
// North, and the game ends after hand 16 (HK-2.4, FR-3.1, FR-3.4, FR-12.5).
func runSixteenHands(t *testing.T, id string) {
	m := newMatch(t, id, nil)
	for n := 1; n <= 16; n++ {
		if m.Over || m.Number != n || m.Round != rules.Wind((n-1)/4) {
			t.Fatalf("over %v, hand %d of round %s: want hand %d of round %s", m.Over, m.Number, m.Round, n, rules.Wind((n-1)/4))
		}
		outcome := rules.E
		if n%2 == 0 {
			outcome = rules.NoWind
		}
		playScripted(t, m, outcome)
	}
	if !m.Over || len(m.History) != 16 {
		t.Fatalf("over %v after %d hands, want the end after 16", m.Over, len(m.History))
	}
	wantBalances(t, m, 0)
}

func TestHK_2_5_NewRound(t *testing.T)   { runNewRound(t, "hongkong") }
func TestFR_3_3_RoundStart(t *testing.T) { runNewRound(t, "french") }

// runNewRound: at hands 5, 9 and 13 the winds are re-designated, the
// initial winds rotated r times, whatever happened in the round before;
// round_start none leaves them as they stand (HK-2.5, HK-OPT-15, FR-3.3,
// FR-16 T12).
func runNewRound(t *testing.T, id string) {
	m := newMatch(t, id, nil)
	d := m.Dealer
	playScripted(t, m, rules.E)
	playScripted(t, m, rules.N) // T12: North wins hand 2, so South becomes East
	wantDeal(t, m, 3, rules.E, (d+1)%4)
	for range 2 {
		playScripted(t, m, rules.S)
	}
	wantDeal(t, m, 5, rules.S, (d+1)%4) // the first South is East in hand 5
	for range 4 {
		playScripted(t, m, rules.E)
	}
	wantDeal(t, m, 9, rules.W, (d+2)%4)
	for range 4 {
		playScripted(t, m, rules.W)
	}
	wantDeal(t, m, 13, rules.N, (d+3)%4)

	m = newMatch(t, id, map[string]string{"round_start": "none"})
	d = m.Dealer
	for range 4 {
		playScripted(t, m, rules.S)
	}
	wantDeal(t, m, 5, rules.S, (d+4)%4)
	for range 3 {
		playScripted(t, m, rules.E)
	}
	playScripted(t, m, rules.W)
	wantDeal(t, m, 9, rules.W, (d+1)%4)
}

// TestHK_OPT_14_RoundsOfDealerPasses: with rotations a round is four
// passes of the deal, and at the start of rounds 2, 3 and 4 the winds are
// re-designated as HK-OPT-15 says (HK-2.5): rotate makes the first South
// East in the South round; none leaves the deal where the passes put it.
func TestHK_OPT_14_RoundsOfDealerPasses(t *testing.T) {
	for _, c := range []struct {
		start string
		// shift is how far the deal moves at each new round.
		shift int
	}{{"rotate", 1}, {"none", 0}} {
		m := newMatch(t, "hongkong", map[string]string{"HK-OPT-14": "rotations", "round_start": c.start})
		d := m.Dealer
		for range 5 {
			playScripted(t, m, rules.E) // East keeps the deal: no pass, no new round
		}
		wantDeal(t, m, 6, rules.E, d)
		for pass := 1; pass < 16; pass++ {
			playScripted(t, m, rules.S)
			round := pass / 4
			wantDeal(t, m, 6+pass, rules.Wind(round), (d+round*c.shift+pass%4)%4)
		}
		playScripted(t, m, rules.S)
		if !m.Over {
			t.Fatalf("round_start %s: the game goes on after sixteen passes of the deal", c.start)
		}
	}
}

func TestFR_3_2_Rotation(t *testing.T) {
	m := newMatch(t, "french", nil)
	d := m.Dealer
	playScripted(t, m, rules.E) // East won: nobody's wind changes
	wantDeal(t, m, 2, rules.E, d)
	playScripted(t, m, rules.NoWind) // FR-12.5: a void hand keeps the deal and counts
	wantDeal(t, m, 3, rules.E, d)
	playScripted(t, m, rules.S) // South won: winds rotate
	wantDeal(t, m, 4, rules.E, (d+1)%4)
}
