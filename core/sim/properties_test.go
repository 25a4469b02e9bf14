package sim_test

// The engine's property runs across every registered ruleset: thousands of
// hands between random and novice computer players under many option
// sets, driven through the engine itself (not a table), with its
// invariants checked after every action (tiles conserved, views and
// redacted events free of other seats' hidden tiles, a legal action
// whenever a decision is due, refusals that change nothing, every hand and
// game ending), settlements summing to zero, match balances equal to the
// sum of the nets, and records that replay exactly. -short trims them.

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/record"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// Limits that make "every hand and every game ends" checkable.
const (
	maxSteps = 3000 // actions in one hand
	maxHands = 400  // hands in one game between novice players
	// mixedHands cuts games with random players short: random players
	// seldom win, and a dealer who keeps the deal on a draw may keep it
	// for a very long time.
	mixedHands = 12
	// replayEvery: every n-th game is also recorded, encoded, decoded and
	// replayed.
	replayEvery = 6
)

// seats are the level patterns of the games, in turn.
var seats = [][4]ai.Level{
	{ai.Novice, ai.Novice, ai.Novice, ai.Novice},
	{ai.Random, ai.Novice, ai.Random, ai.Novice},
	{ai.Novice, ai.Random, ai.Novice, ai.Novice},
	{ai.Random, ai.Random, ai.Random, ai.Random},
}

// TestPropertiesEveryRuleset plays at least 1,000 hands of every ruleset
// the engine can play (150 with -short), checking after every action.
func TestPropertiesEveryRuleset(t *testing.T) {
	target := 1000
	if testing.Short() {
		target = 150
	}
	for _, id := range rules.IDs() {
		t.Run(id, func(t *testing.T) {
			t.Parallel()
			r, err := rules.Get(id)
			if err != nil {
				t.Fatal(err)
			}
			if why := unplayable(r); why != "" {
				t.Skipf("the engine cannot play %s yet: %s", id, why)
			}
			variants := optionVariants(t, r)
			hands := 0
			for g := 0; hands < target; g++ {
				o := variants[g%len(variants)]
				levels := seats[g%len(seats)]
				cfg := game.MatchConfig{Ruleset: r, Options: o, Seed: wall.SeedFromString(fmt.Sprintf("%s %d", id, g))}
				hands += playGame(t, cfg, levels, g%replayEvery == 0)
			}
			t.Logf("%d hands under %d option sets", hands, len(variants))
		})
	}
}

// unplayable says why the engine cannot play a ruleset with its default
// options, or "": the first hand cannot be dealt, or ends before anyone
// has a decision to make.
func unplayable(r rules.Ruleset) string {
	m, _, err := game.NewMatch(game.MatchConfig{Ruleset: r, Options: rules.DefaultOptions(r), Seed: wall.SeedFromString("probe")})
	switch {
	case err != nil:
		return err.Error()
	case m.Hand.Phase == game.PhaseEnd && m.Hand.StateID == 0 && m.Hand.Result.Winner == rules.NoWind:
		return "its first hand ends at once: " + m.Hand.Result.Void
	}
	return ""
}

// optionVariants returns the defaults, then every other value of each
// on/off and choice option, one option at a time (integer options keep
// their defaults). Combinations the ruleset refuses are left out.
func optionVariants(t *testing.T, r rules.Ruleset) []rules.Options {
	out := []rules.Options{rules.DefaultOptions(r)}
	for _, s := range r.OptionSpecs() {
		var values []string
		switch s.Type {
		case rules.OptionBool:
			values = []string{"on", "off"}
		case rules.OptionChoice:
			values = s.Choices
		}
		for _, v := range values {
			if v == s.Default {
				continue
			}
			o, err := rules.ResolveOptions(r, map[string]string{s.Name(): v})
			if err != nil {
				t.Logf("%s=%s left out: %v", s.Name(), v, err)
				continue
			}
			out = append(out, o)
		}
	}
	return out
}

// playGame plays a game (cut short with random players) and checks it;
// it returns the number of hands played.
func playGame(t *testing.T, cfg game.MatchConfig, levels [4]ai.Level, replay bool) int {
	t.Helper()
	name := fmt.Sprintf("%s %v %v", cfg.Ruleset.ID(), cfg.Options.Changed(), levels)
	m, evs, err := game.NewMatch(cfg)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	rec := record.New(cfg)
	rec.Add(evs...)
	var players [4]ai.Player
	for p := range players {
		if players[p], err = ai.New(levels[p], wall.Derive(cfg.Seed, "player", p)); err != nil {
			t.Fatal(err)
		}
	}
	order := wall.NewRand(wall.Derive(cfg.Seed, "order", 0))
	limit := maxHands
	if levels != seats[0] {
		limit = mixedHands
	}
	start := m.Balances
	hands := 0
	for !m.Over && hands < limit {
		rec.Add(playHand(t, name, m, &players, order)...)
		hands++
		checkHand(t, name, m, start)
		if evs, err = m.NextHand(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		rec.Add(evs...)
	}
	if !m.Over && limit == maxHands {
		t.Fatalf("%s: the game did not end after %d hands", name, maxHands)
	}
	if replay {
		checkReplay(t, name, rec, m)
	}
	return hands
}

// playHand plays the current hand to its end, one action at a time, and
// checks the invariants after each; seats that owe a decision at the same
// time (a claim window) answer in a random order.
func playHand(t *testing.T, name string, m *game.Match, players *[4]ai.Player, order *rand.Rand) []game.Event {
	t.Helper()
	var all []game.Event
	s := m.Hand
	for steps := 0; s.Phase != game.PhaseEnd; steps++ {
		if steps == maxSteps {
			t.Fatalf("%s: hand %d did not end after %d actions", name, m.Number, maxSteps)
		}
		waiting := s.Waiting()
		if len(waiting) == 0 {
			t.Fatalf("%s: hand %d: phase %s and no seat owes a decision", name, m.Number, s.Phase)
		}
		seat := waiting[order.IntN(len(waiting))]
		if steps%17 == 0 {
			checkRefusal(t, name, s, waiting)
		}
		player := m.PlayerAt(seat)
		v := m.View(player)
		checkNoBonusDiscard(t, name, s, v.Legal)
		evs, err := m.Apply(player, players[player].Decide(v))
		if err != nil {
			t.Fatalf("%s: hand %d: %v", name, m.Number, err)
		}
		if err := s.CheckInvariants(); err != nil {
			t.Fatalf("%s: hand %d after %s %s: %v", name, m.Number, seat, evs[0].Action, err)
		}
		checkRedaction(t, name, evs)
		checkCounts(t, name, s)
		all = append(all, evs...)
	}
	return all
}

// checkRefusal: a seat that owes no decision is refused with a stable
// reason, and the refusal changes nothing.
func checkRefusal(t *testing.T, name string, s *game.State, waiting []rules.Wind) {
	t.Helper()
	for x := rules.E; x <= rules.N; x++ {
		if len(s.LegalActions(x)) > 0 {
			continue
		}
		id := s.StateID
		_, err := s.Apply(x, game.Act(game.ActPass, tile.None))
		var ie *game.IllegalActionError
		if !errors.As(err, &ie) || ie.Reason != game.ReasonNotYourTurn || s.StateID != id {
			t.Fatalf("%s: seat %s, owing nothing (waiting %v), passed: %v", name, x, waiting, err)
		}
		return
	}
}

// checkNoBonusDiscard: where bonus tiles are set aside, no legal action
// discards one (FR-6.3).
func checkNoBonusDiscard(t *testing.T, name string, s *game.State, legal []game.Action) {
	t.Helper()
	if !s.Setup().Bonus {
		return
	}
	for _, a := range legal {
		if a.Type == game.ActDiscard && a.Tile.IsBonus() {
			t.Fatalf("%s: a bonus tile may be discarded: %s", name, a)
		}
	}
}

// checkRedaction: as any other seat or a spectator sees them, events hold
// no dealt or drawn tile and no concealed kong's tile of another seat.
func checkRedaction(t *testing.T, name string, evs []game.Event) {
	t.Helper()
	for _, e := range evs {
		for x := rules.NoWind; x <= rules.N; x++ {
			if x == e.Seat {
				continue
			}
			r := game.Redact([]game.Event{e}, x)[0]
			hidden := true
			switch r.Type {
			case game.EvDeal, game.EvDraw:
				for _, k := range r.Tiles {
					hidden = hidden && k == tile.Unknown
				}
			case game.EvConcealedKong:
				hidden = r.Meld.Tile == tile.Unknown
			case game.EvAction:
				hidden = r.Action.Type != game.ActConcealedKong || r.Action.Tile == tile.Unknown
			}
			if !hidden {
				t.Fatalf("%s: seat %s sees %s's %s event as %+v", name, x, e.Seat, e.Type, r)
			}
		}
	}
}

// checkCounts: every view counts each seat's concealed tiles right.
func checkCounts(t *testing.T, name string, s *game.State) {
	t.Helper()
	v := s.View(rules.NoWind)
	for x, p := range s.Players {
		if v.Seats[x].Concealed != p.Concealed.Total() {
			t.Fatalf("%s: the public view counts %d tiles for %s, who holds %d", name, v.Seats[x].Concealed, rules.Wind(x), p.Concealed.Total())
		}
	}
}

// checkHand checks the finished hand: a winner's hand is valid, the
// settlement sums to zero (or is a ledger), the nets are the transfers',
// and each balance is the start plus the player's nets.
func checkHand(t *testing.T, name string, m *game.Match, start [4]int) {
	t.Helper()
	res := m.Hand.Result
	if res.Winner != rules.NoWind && !res.Values[res.Winner].Valid {
		t.Fatalf("%s: hand %d: the winning hand is not valid: %s", name, m.Number, res.Values[res.Winner].Error)
	}
	st := res.Settlement
	if !st.Ledger {
		var net [4]int
		bettor := 0
		for _, tr := range st.Transfers {
			if tr.Amount <= 0 {
				t.Fatalf("%s: hand %d: transfer %+v", name, m.Number, tr)
			}
			for _, side := range []struct {
				w rules.Wind
				n int
			}{{tr.From, -tr.Amount}, {tr.To, tr.Amount}} {
				if side.w == rules.NoWind {
					bettor += side.n
				} else {
					net[side.w] += side.n
				}
			}
		}
		sum := st.Bettor
		for _, n := range res.Net {
			sum += n
		}
		if sum != 0 || net != res.Net || bettor != st.Bettor {
			t.Fatalf("%s: hand %d: nets %v (bettor %d) do not match the transfers %+v or do not sum to zero", name, m.Number, res.Net, st.Bettor, st.Transfers)
		}
	}
	for p := range 4 {
		want := start[p]
		for _, h := range m.History {
			want += h.Net[p]
		}
		if m.Balances[p] != want {
			t.Fatalf("%s: after hand %d player %d has %d, want %d", name, m.Number, p, m.Balances[p], want)
		}
	}
}

// checkReplay encodes, decodes and replays the game's record, which must
// give back the same events and the same balances.
func checkReplay(t *testing.T, name string, rec *record.Record, m *game.Match) {
	t.Helper()
	data, err := rec.Encode()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	back, err := record.Decode(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	got, err := back.Replay(func(r *game.Match, _ game.Event) {
		if err := r.Hand.CheckInvariants(); err != nil {
			t.Fatalf("%s: replay hand %d: %v", name, r.Number, err)
		}
	})
	if err != nil {
		t.Fatalf("%s: replay: %v", name, err)
	}
	if got.Balances != m.Balances || len(got.History) != len(m.History) {
		t.Fatalf("%s: replay ends with %v after %d hands, the game with %v after %d", name, got.Balances, len(got.History), m.Balances, len(m.History))
	}
}
