package game_test

import (
	"fmt"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"slices"
	"sync"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/record"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/american"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// americanOptions returns the american options with set changed.
func americanOptions(t testing.TB, set map[string]string) rules.Options {
	t.Helper()
	o, err := rules.ResolveOptions(american.Ruleset{}, set)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// americanSets are the option sets the property runs cycle through: the
// defaults, then every Charleston and play option turned the other way.
var americanSets = []map[string]string{
	{},
	{"mush": "on", "hot_wall": "on"},
	{"blind_pass": "off", "courtesy_pass": "off"},
	{"second_charleston": "off", "mush": "on"},
	{"concealed_discard_win": "off", "hot_wall": "on", "courtesy_pass": "off"},
}

// handStats counts what the property runs saw.
type handStats struct {
	hands, wins, wallGames, dead, calls, exchanges, passes, blind int
}

func (a *handStats) add(b handStats) {
	a.hands += b.hands
	a.wins += b.wins
	a.wallGames += b.wallGames
	a.dead += b.dead
	a.calls += b.calls
	a.exchanges += b.exchanges
	a.passes += b.passes
	a.blind += b.blind
}

// playAmericanMatch plays a whole american match with random players,
// checking the invariants after every action, that the events hide what
// they must, and that dead seats never act.
func playAmericanMatch(t testing.TB, o rules.Options, seed string) (*game.Match, handStats, *record.Record) {
	t.Helper()
	cfg := game.MatchConfig{Ruleset: american.Ruleset{}, Options: o, Seed: wall.SeedFromString(seed)}
	m, evs, err := game.NewMatch(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rec := record.New(cfg)
	rec.Add(evs...)
	var st handStats
	var players [4]ai.Player
	for p := range players {
		players[p], _ = ai.New(ai.Random, wall.Derive(cfg.Seed, "p", p))
	}
	for !m.Over {
		for steps := 0; m.Hand.Phase != game.PhaseEnd; steps++ {
			if steps > 3000 {
				t.Fatalf("seed %s: hand %d did not end", seed, m.Number)
			}
			p := nextPlayer(t, m)
			v := m.View(p)
			a := players[p].Decide(v)
			if m.Hand.Players[m.WindOf(p)].Dead {
				t.Fatalf("seed %s: dead seat %s acts: %s", seed, m.WindOf(p), a)
			}
			evs, err := m.Apply(p, a)
			if err != nil {
				t.Fatalf("seed %s: %v", seed, err)
			}
			rec.Add(evs...)
			if err := m.Hand.CheckInvariants(); err != nil {
				t.Fatalf("seed %s hand %d after %s: %v", seed, m.Number, a, err)
			}
			checkRedaction(t, evs)
			st.count(a, evs)
		}
		st.hands++
		if m.Hand.Result.Winner == rules.NoWind {
			st.wallGames++
		} else {
			st.wins++
		}
		dealer := m.Dealer
		evs, err := m.NextHand()
		if err != nil {
			t.Fatal(err)
		}
		if !m.Over && m.Dealer != (dealer+1)%4 {
			t.Fatalf("seed %s: East did not pass to the right after hand %d (AM-2.2)", seed, m.Number-1)
		}
		rec.Add(evs...)
	}
	return m, st, rec
}

// nextPlayer returns a player who owes a decision.
func nextPlayer(t testing.TB, m *game.Match) int {
	t.Helper()
	for p := range 4 {
		if len(m.Hand.LegalActions(m.WindOf(p))) > 0 {
			return p
		}
	}
	t.Fatalf("phase %s: nobody may act", m.Hand.Phase)
	return 0
}

// count adds an action and its events to the statistics.
func (st *handStats) count(a game.Action, evs []game.Event) {
	switch a.Type {
	case game.ActExchange:
		st.exchanges++
	case game.ActGive:
		st.passes++
		if a.Tiles.Total() < 3 {
			st.blind++
		}
	}
	for _, e := range evs {
		switch e.Type {
		case game.EvDead:
			st.dead++
		case game.EvClaim:
			st.calls++
		}
	}
}

// checkRedaction checks that no other seat, nor a spectator, sees the
// tiles a seat gives or receives in the Charleston (AM-4.1, AM-4.6).
func checkRedaction(t testing.TB, evs []game.Event) {
	t.Helper()
	for seat := rules.NoWind; seat <= rules.N; seat++ {
		for _, e := range game.Redact(evs, seat) {
			if e.Seat == seat {
				continue
			}
			switch {
			case e.Type == game.EvReceive && len(e.Tiles) > 0 && e.Tiles[0] != tile.Unknown:
				t.Fatalf("seat %s sees the tiles %s receives", seat, e.Seat)
			case e.Type == game.EvAction && e.Action.Type == game.ActGive && e.Action.Tiles != (tile.Counts{}):
				t.Fatalf("seat %s sees the tiles %s gives", seat, e.Seat)
			case e.Type == game.EvAction && e.Action.Type == game.ActPropose && e.Action.N >= 0:
				t.Fatalf("seat %s sees the courtesy proposal of %s", seat, e.Seat)
			}
		}
	}
}

// TestAmericanRandomHands plays at least 1,000 american hands (250 matches
// of 4) with random players under five option sets, checking after every
// action that the 152 tiles are conserved (through every Charleston pass,
// mush, call and joker exchange), that East holds 14 and the others 13
// through the Charleston, that views and events hide the tiles in flight,
// that dead seats never act, that every hand ends and that East passes
// after every hand (AM-2.2). Every tenth match is replayed from its record.
func TestAmericanRandomHands(t *testing.T) {
	matches := 50 // per option set
	if testing.Short() {
		matches = 4
	}
	var mu sync.Mutex
	var total handStats
	t.Run("sets", func(t *testing.T) {
		for j, set := range americanSets {
			t.Run(fmt.Sprint(set), func(t *testing.T) {
				t.Parallel()
				o := americanOptions(t, set)
				for i := range matches {
					_, st, rec := playAmericanMatch(t, o, fmt.Sprintf("am-%d-%d", j, i))
					if i%10 == 0 {
						replay(t, rec)
					}
					mu.Lock()
					total.add(st)
					mu.Unlock()
				}
			})
		}
	})
	t.Logf("%+v", total)
	if !testing.Short() && total.hands < 1000 {
		t.Errorf("%d hands played, want at least 1000", total.hands)
	}
	if total.calls == 0 || total.exchanges == 0 || total.dead == 0 || total.blind == 0 {
		t.Errorf("the runs never reached a call, an exchange, a dead hand or a blind pass: %+v", total)
	}
}

// replay checks that a record replays to the same events.
func replay(t testing.TB, rec *record.Record) {
	t.Helper()
	data, err := rec.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := record.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := back.Replay(nil); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkAmericanHand plays american hands with random players.
func BenchmarkAmericanHand(b *testing.B) {
	o := americanOptions(b, nil)
	i := 0
	for b.Loop() {
		cfg := game.MatchConfig{Ruleset: american.Ruleset{}, Options: o, Seed: wall.SeedFromString(fmt.Sprint(i))}
		i++
		m, _, err := game.NewMatch(cfg)
		if err != nil {
			b.Fatal(err)
		}
		var players [4]ai.Player
		for p := range players {
			players[p], _ = ai.New(ai.Random, wall.Derive(cfg.Seed, "p", p))
		}
		for m.Hand.Phase != game.PhaseEnd {
			p := nextPlayer(b, m)
			m.ApplyUnchecked(p, players[p].Decide(m.View(p)))
		}
	}
}

// cardPlayer plays toward the nearest line of the card, so that the
// property runs reach wins: it wins whenever it may, calls and discards to
// lower its distance to a line, takes every joker it can, passes what the
// nearest line does not use, and otherwise acts at random.
type cardPlayer struct{ rnd ai.Player }

// Decide implements ai.Player.
func (p cardPlayer) Decide(v *game.View) game.Action {
	r := american.Ruleset{}
	best, bestD := game.Action{}, 99
	for _, a := range v.Legal {
		switch a.Type {
		case game.ActSelfDraw, game.ActMahjong:
			return a
		case game.ActExchange:
			return a
		case game.ActDiscard, game.ActCall, game.ActPass:
			c, melds := v.Hand, v.Seats[v.Seat].Melds
			switch a.Type {
			case game.ActDiscard:
				c.Remove(a.Tile)
			case game.ActCall:
				for k, n := range a.Tiles {
					c[k] -= n
				}
				m := hand.Meld{Kind: hand.OfSize(a.Tiles.Total() + 1), Tile: a.Tile, Open: true, Jokers: a.Tiles[tile.Joker]}
				melds = append(slices.Clone(melds), m)
			}
			d := r.AIShanten(rules.Hand{Concealed: c, Melds: melds, Winning: tile.None}, rules.Context{Options: v.Options()})
			if d < bestD {
				best, bestD = a, d
			}
		}
	}
	if bestD < 99 {
		return best
	}
	return p.rnd.Decide(v)
}

// TestAmericanCardPlayers plays american hands with players that aim at
// card lines, checking the invariants after every action and that every
// win is a valid card line paid as AM-8.3 says.
func TestAmericanCardPlayers(t *testing.T) {
	matches := 12
	if testing.Short() {
		matches = 2
	}
	wins := 0
	for i := range matches {
		o := americanOptions(t, americanSets[i%len(americanSets)])
		cfg := game.MatchConfig{Ruleset: american.Ruleset{}, Options: o, Seed: wall.SeedFromString(fmt.Sprint("card-", i))}
		m, _, err := game.NewMatch(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var players [4]ai.Player
		for p := range players {
			rnd, _ := ai.New(ai.Random, wall.Derive(cfg.Seed, "p", p))
			players[p] = cardPlayer{rnd: rnd}
		}
		for !m.Over {
			for m.Hand.Phase != game.PhaseEnd {
				p := nextPlayer(t, m)
				if _, err := m.Apply(p, players[p].Decide(m.View(p))); err != nil {
					t.Fatal(err)
				}
				if err := m.Hand.CheckInvariants(); err != nil {
					t.Fatalf("match %d hand %d: %v", i, m.Number, err)
				}
			}
			if res := m.Hand.Result; res.Winner != rules.NoWind {
				wins++
				checkPayment(t, res)
			}
			if _, err := m.NextHand(); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d wins in %d hands", wins, 4*matches)
	if wins == 0 {
		t.Error("no hand was won")
	}
}

// checkPayment checks a won hand's settlement (AM-8.3): a valid card line,
// the discarder paying 2u and the others u, or all paying 2u when
// self-drawn, u being the winner's value.
func checkPayment(t testing.TB, res *game.Result) {
	t.Helper()
	v := res.Values[res.Winner]
	if !v.Valid || v.Line == "" || v.Value <= 0 {
		t.Fatalf("winner %s: %+v", res.Winner, v)
	}
	sum := 0
	for x := rules.E; x <= rules.N; x++ {
		sum += res.Net[x]
		want := -v.Value
		if res.From == rules.NoWind || x == res.From {
			want = -2 * v.Value
		}
		if x != res.Winner && res.Net[x] != want {
			t.Fatalf("%s pays %d, want %d (%+v)", x, -res.Net[x], -want, res)
		}
	}
	if sum != 0 {
		t.Fatalf("the payments do not sum to zero: %v", res.Net)
	}
}

// TestAmericanAnyFlowerIsGiven: with card calls the eight flowers are one
// kind (AM-1.2). The legal actions name the lowest flowers a hand holds;
// a joker exchange or a call that gives other flowers the hand holds is
// taken as well, and one that gives a flower the hand does not hold is
// refused. Checked at every decision of random american hands.
func TestAmericanAnyFlowerIsGiven(t *testing.T) {
	o := americanOptions(t, nil)
	taken, refused := 0, 0
	for seed := range 12 {
		cfg := game.MatchConfig{Ruleset: american.Ruleset{}, Options: o, Seed: wall.SeedFromString(fmt.Sprint("flowers ", seed))}
		m, _, err := game.NewMatch(cfg)
		if err != nil {
			t.Fatal(err)
		}
		player, _ := ai.New(ai.Random, wall.Derive(cfg.Seed, "p", 0))
		for steps := 0; m.Hand.Phase != game.PhaseEnd && steps < 3000; steps++ {
			p := nextPlayer(t, m)
			seat := m.WindOf(p)
			for _, a := range m.Hand.LegalActions(seat) {
				holds, lacks := flowerTwins(a, m.Hand.Players[seat].Concealed)
				for _, b := range holds {
					if _, err := m.Hand.Clone().Apply(seat, b); err != nil {
						t.Fatalf("seed %d: %v is legal, %v (other flowers held) refused: %v", seed, a, b, err)
					}
					taken++
				}
				for _, b := range lacks {
					if _, err := m.Hand.Clone().Apply(seat, b); err == nil {
						t.Fatalf("seed %d: %v taken, giving a flower the hand does not hold", seed, b)
					}
					refused++
				}
			}
			if _, err := m.Apply(p, player.Decide(m.View(p))); err != nil {
				t.Fatal(err)
			}
		}
	}
	if taken == 0 || refused == 0 {
		t.Errorf("%d twins taken, %d refused: the hands gave no flower to check", taken, refused)
	}
}

// flowerTwins returns a with one flower it gives from the hand (an
// exchange's Tile, one of a call's Tiles: a call's discard stays) changed
// for another flower, split by whether held holds what the twin gives.
func flowerTwins(a game.Action, held tile.Counts) (holds, lacks []game.Action) {
	for f := tile.F1; f.IsBonus(); f++ {
		for g := tile.F1; g.IsBonus(); g++ {
			b := a
			switch {
			case g == f:
				continue
			case a.Type == game.ActExchange && a.Tile == g:
				b.Tile = f
			case a.Type == game.ActCall && a.Tiles[g] > 0:
				b.Tiles[g]--
				b.Tiles[f]++
			default:
				continue
			}
			if b.Type == game.ActCall && held[f] >= b.Tiles[f] || b.Type == game.ActExchange && held[f] > 0 {
				holds = append(holds, b)
			} else {
				lacks = append(lacks, b)
			}
		}
	}
	return holds, lacks
}
