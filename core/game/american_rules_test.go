package game

import (
	"errors"
	"slices"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/american"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// The tests of this file play the american rules of play (rules/american.md
// AM-3 to AM-9) on tables dealt to order: each is named after the rule it
// shows.

// amDealSeat is the seat (offset from East) that deal index i goes to
// (AM-3.4): twelve blocks of four, then E, S, E, W, N.
func amDealSeat(i int) int {
	if i < 48 {
		return i / 4 % 4
	}
	return [5]int{0, 1, 0, 2, 3}[i-48]
}

// amCount is how many tiles seat x is dealt: East 14, the others 13.
func amCount(x int) int {
	if x == 0 {
		return 14
	}
	return 13
}

// amTable deals an american hand under options set in which the seats
// hold the tiles written in hands (E 14, the others 13, exposures "[...]"
// counted) and the wall's next draws are draws. The hand is at the first
// pass of the Charleston.
func amTable(t *testing.T, set map[string]string, hands [4]string, draws string) *State {
	t.Helper()
	r := american.Ruleset{}
	o, err := rules.ResolveOptions(r, set)
	if err != nil {
		t.Fatal(err)
	}
	s, _, err := NewHand(HandConfig{Ruleset: r, Options: o, Seed: wall.SeedFromString("am-rules"), Number: 1})
	if err != nil {
		t.Fatal(err)
	}
	var dealt [4][]tile.Kind
	var melds [4][]hand.Meld
	left := s.setup.Tiles
	take := func(k tile.Kind) {
		if left[k] == 0 {
			t.Fatalf("the table has no more %s", k)
		}
		left[k]--
	}
	for x, text := range hands {
		n, err := tile.ParseHand(text)
		if err != nil {
			t.Fatal(err)
		}
		dealt[x] = n.Concealed
		for _, g := range n.Groups {
			m := hand.Meld{Kind: hand.OfSize(len(g.Tiles)), Open: true}
			for _, k := range g.Tiles {
				if k == tile.Joker {
					m.Jokers++
				} else {
					m.Tile = k
				}
			}
			melds[x] = append(melds[x], m)
			dealt[x] = append(dealt[x], g.Tiles...)
		}
		if want := amCount(x); len(dealt[x]) != want {
			t.Fatalf("seat %s is given %d tiles, want %d", rules.Wind(x), len(dealt[x]), want)
		}
		for _, k := range dealt[x] {
			take(k)
		}
	}
	order := make([]tile.Kind, 0, 152)
	for i := range wall.DealTiles {
		x := amDealSeat(i)
		order = append(order, dealt[x][0])
		dealt[x] = dealt[x][1:]
	}
	for _, k := range tile.MustParse(draws) {
		take(k)
		order = append(order, k)
	}
	order = append(order, left.Kinds()...)
	const dice = 6
	ring := make([]tile.Kind, len(order))
	for i, k := range order {
		ring[(2*dice+i)%len(ring)] = k
	}
	if s.wall, err = wall.New(s.setup.Wall, ring, dice, 0); err != nil {
		t.Fatal(err)
	}
	s.Dice = [2]int{dice, 0}
	for x, ts := range s.wall.Deal(s.setup.Deal) {
		p := Player{Concealed: tile.CountsOf(ts), Melds: melds[x]}
		for _, m := range p.Melds {
			for _, k := range m.Tiles() {
				p.Concealed.Remove(k)
			}
		}
		s.Players[x] = p
	}
	return s
}

// amPlay deals as amTable and skips the Charleston: East is to play.
func amPlay(t *testing.T, set map[string]string, hands [4]string, draws string) *State {
	t.Helper()
	s := amTable(t, set, hands, draws)
	s.startPlay()
	check(t, s)
	return s
}

// check fails the test when an invariant does not hold.
func check(t *testing.T, s *State) {
	t.Helper()
	if err := s.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

// do applies a legal action and checks the invariants.
func do(t *testing.T, s *State, seat rules.Wind, a Action) []Event {
	t.Helper()
	evs, err := s.Apply(seat, a)
	if err != nil {
		t.Fatal(err)
	}
	check(t, s)
	return evs
}

// give returns the Charleston action giving tiles.
func give(tiles string) Action {
	return Action{Type: ActGive, Tile: tile.None, Tiles: tile.CountsOf(tile.MustParse(tiles))}
}

// call returns the expose call of k with the concealed tiles.
func call(k tile.Kind, tiles string) Action {
	return Action{Type: ActCall, Tile: k, Tiles: tile.CountsOf(tile.MustParse(tiles))}
}

// k reads one tile.
func k(s string) tile.Kind { return tile.MustParse(s)[0] }

// legalTypes returns the distinct action types of seat's legal actions.
func legalTypes(s *State, seat rules.Wind) []ActionType {
	var out []ActionType
	for _, a := range s.LegalActions(seat) {
		if !slices.Contains(out, a.Type) {
			out = append(out, a.Type)
		}
	}
	return out
}

// refused checks that seat may not do a, with reason.
func refused(t *testing.T, s *State, seat rules.Wind, a Action, reason Reason) {
	t.Helper()
	_, err := s.Apply(seat, a)
	var ie *IllegalActionError
	if !errors.As(err, &ie) || ie.Reason != reason {
		t.Fatalf("%s %s: got %v, want a refusal %s", seat, a, err, reason)
	}
}

// allGive makes every seat give the first n non-joker tiles of its hand
// and returns what each gave and the events of the last commit.
func allGive(t *testing.T, s *State, n int) ([4]tile.Counts, []Event) {
	t.Helper()
	var out [4]tile.Counts
	var evs []Event
	for x := rules.E; x <= rules.N; x++ {
		var c tile.Counts
		for _, kk := range s.Players[x].Concealed.Kinds() {
			if c.Total() < n && kk != tile.Joker {
				c.Add(kk)
			}
		}
		out[x] = c
		evs = do(t, s, x, Action{Type: ActGive, Tile: tile.None, Tiles: c})
	}
	return out, evs
}

// received returns the tiles each seat received in evs, and from whom.
func received(evs []Event) (got [4]tile.Counts, from [4]rules.Wind) {
	for _, e := range evs {
		if e.Type == EvReceive {
			got[e.Seat] = tile.CountsOf(e.Tiles)
			from[e.Seat] = e.From
		}
	}
	return got, from
}

// checkPass plays a pass in which every seat gives 3 tiles and checks that
// each seat gets the tiles of the seat `to` places before it.
func checkPass(t *testing.T, s *State, to rules.Wind) {
	t.Helper()
	if v := s.View(rules.E); v.Charleston == nil || v.Charleston.To != to {
		t.Fatalf("pass %d: East's view %+v, want tiles going to %s", s.ch.pass, v.Charleston, to)
	}
	gave, evs := allGive(t, s, 3)
	got, from := received(evs)
	for x := range 4 {
		if want := (rules.Wind(x) - to + 4) % 4; from[x] != want || got[x] != gave[want] {
			t.Fatalf("%s got %s from %s, want %s from %s", rules.Wind(x), tile.Format(got[x].Kinds()), from[x],
				tile.Format(gave[want].Kinds()), want)
		}
	}
}

// passRest makes every seat still to answer a claim window pass.
func passRest(t *testing.T, s *State) {
	t.Helper()
	for s.Phase == PhaseClaim {
		do(t, s, s.Waiting()[0], Act(ActPass, tile.None))
	}
}

// Filler hands that hold no pair, so that they claim nothing.
var amHands = [4]string{
	"13579m 13579p 1357s", "2468m 2468p 2468s 1z", "1357m 1357p 1357s 2z", "2468m 2468p 2468s 3z",
}

// TestAM_3_4 checks the deal: East 14, the others 13, 99 tiles left, and
// the hand opening on the first Charleston pass.
func TestAM_3_4(t *testing.T) {
	s, _, err := NewHand(HandConfig{Ruleset: american.Ruleset{}, Options: rules.DefaultOptions(american.Ruleset{}), Seed: wall.SeedFromString("deal")})
	if err != nil {
		t.Fatal(err)
	}
	check(t, s)
	for x, p := range s.Players {
		if want := amCount(x); p.Concealed.Total() != want {
			t.Errorf("%s holds %d, want %d", rules.Wind(x), p.Concealed.Total(), want)
		}
	}
	if s.WallLive() != 99 || s.Phase != PhaseCharleston || s.ch.pass != 1 {
		t.Errorf("wall %d, phase %s, pass %d", s.WallLive(), s.Phase, s.ch.pass)
	}
}

// TestAM_4_1 checks that passes are simultaneous and hidden and that a
// joker is never passed.
func TestAM_4_1(t *testing.T) {
	s := amTable(t, nil, [4]string{"00j 13579m 13579p 13s", amHands[1], amHands[2], amHands[3]}, "")
	for _, a := range s.LegalActions(rules.E) {
		if a.Type != ActGive || a.Tiles.Total() != 3 || a.Tiles[tile.Joker] > 0 {
			t.Fatalf("East may %s in pass 1", a)
		}
	}
	before := s.Players
	for x, tiles := range []string{"135m", "246m", "135p", "246p"} {
		evs := do(t, s, rules.Wind(x), give(tiles))
		if x < 3 && (len(evs) != 1 || s.Players[x].Concealed != before[x].Concealed) {
			t.Fatalf("tiles moved before every seat had committed: %v", evs)
		}
		if x < 3 {
			for y := range 4 {
				if g := s.View(rules.Wind(y)).Charleston.Given; y != x && y > x && g != (tile.Counts{}) {
					t.Fatalf("%s sees given tiles %s", rules.Wind(y), tile.Format(g.Kinds()))
				}
			}
			if v := s.View(rules.Wind(x)); v.Charleston.Given != give(tiles).Tiles || v.Hand != before[x].Concealed {
				t.Fatalf("%s's view: %+v", rules.Wind(x), v.Charleston)
			}
			for _, e := range Redact(evs, rules.Wind((x+1)%4)) {
				if e.Type == EvAction && e.Action.Tiles != (tile.Counts{}) {
					t.Fatalf("the next seat sees %s", e.Action)
				}
			}
		}
	}
	if s.ch.pass != 2 {
		t.Fatalf("pass %d after four commits", s.ch.pass)
	}
}

// TestAM_4_2 checks the first Charleston's directions: right, across,
// left (AM-14 #2); then play starts with East.
func TestAM_4_2(t *testing.T) {
	set := map[string]string{"second_charleston": "off", "courtesy_pass": "off", "blind_pass": "off"}
	s := amTable(t, set, amHands, "")
	for _, to := range []rules.Wind{rules.S, rules.W, rules.N} {
		checkPass(t, s, to)
	}
	if s.Phase != PhaseTurn || s.Turn != rules.E || s.Players[rules.E].Concealed.Total() != 14 || s.WallLive() != 99 {
		t.Fatalf("after the first Charleston: phase %s, turn %s", s.Phase, s.Turn)
	}
}

// TestAM_4_3 checks the mush: right after pass 3, every seat puts 0–3
// tiles in and takes back as many, the tiles conserved.
func TestAM_4_3(t *testing.T) {
	s := amTable(t, map[string]string{"mush": "on", "blind_pass": "off"}, amHands, "")
	for range 3 {
		allGive(t, s, 3)
	}
	if s.Phase != PhaseMush {
		t.Fatalf("phase %s after pass 3, want mush", s.Phase)
	}
	put := []int{2, 0, 3, 1}
	var evs []Event
	for x, n := range put {
		if slices.ContainsFunc(s.LegalActions(rules.Wind(x)), func(a Action) bool { return a.Tiles[tile.Joker] > 0 || a.Tiles.Total() > 3 }) {
			t.Fatal("a joker or more than 3 tiles may go into the mush")
		}
		var c tile.Counts
		for _, kk := range s.Players[x].Concealed.Kinds()[:n] {
			c.Add(kk)
		}
		evs = do(t, s, rules.Wind(x), Action{Type: ActGive, Tile: tile.None, Tiles: c})
	}
	got, from := received(evs)
	for x, n := range put {
		if got[x].Total() != n || from[x] != rules.NoWind {
			t.Errorf("%s took back %d tiles from %s, want %d from the mush", rules.Wind(x), got[x].Total(), from[x], n)
		}
	}
	if s.Phase != PhaseVote {
		t.Fatalf("phase %s after the mush, want the vote", s.Phase)
	}
}

// TestAM_4_4 checks the stop vote: one stop skips to the courtesy pass
// (AM-14 #7), four "continue" start pass 4, and without the second
// Charleston there is no vote.
func TestAM_4_4(t *testing.T) {
	for _, c := range []struct {
		name  string
		set   map[string]string
		votes []ActionType
		phase Phase
		pass  int
	}{
		{"one stop", nil, []ActionType{ActContinue, ActContinue, ActStop, ActContinue}, PhaseCourtesy, 3},
		{"one stop, no courtesy", map[string]string{"courtesy_pass": "off"}, []ActionType{ActStop, ActStop, ActContinue, ActContinue}, PhaseTurn, 3},
		{"all continue", nil, []ActionType{ActContinue, ActContinue, ActContinue, ActContinue}, PhaseCharleston, 4},
		{"no second Charleston", map[string]string{"second_charleston": "off"}, nil, PhaseCourtesy, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := amTable(t, c.set, amHands, "")
			for range 3 {
				allGive(t, s, 3)
			}
			for x, v := range c.votes {
				if s.Phase != PhaseVote {
					t.Fatalf("phase %s, want the vote", s.Phase)
				}
				do(t, s, rules.Wind(x), Act(v, tile.None))
			}
			if s.Phase != c.phase || s.ch.pass != c.pass {
				t.Fatalf("phase %s pass %d, want %s pass %d", s.Phase, s.ch.pass, c.phase, c.pass)
			}
		})
	}
}

// TestAM_4_5 checks the second Charleston: pass 4 left, 5 across, 6 right.
func TestAM_4_5(t *testing.T) {
	s := amTable(t, map[string]string{"blind_pass": "off", "courtesy_pass": "off"}, amHands, "")
	for range 3 {
		allGive(t, s, 3)
	}
	for x := rules.E; x <= rules.N; x++ {
		do(t, s, x, Act(ActContinue, tile.None))
	}
	for _, to := range []rules.Wind{rules.N, rules.W, rules.S} {
		checkPass(t, s, to)
	}
	if s.Phase != PhaseTurn {
		t.Fatalf("phase %s after pass 6", s.Phase)
	}
}

// TestAM_4_6 checks blind passes: only in passes 3 and 6; a seat that
// gives k own tiles gets k; what it forwards blind never enters its hand;
// all blind moves nothing.
func TestAM_4_6(t *testing.T) {
	s := amTable(t, nil, amHands, "")
	blindAllowed := func() bool {
		return slices.ContainsFunc(s.LegalActions(rules.E), func(a Action) bool { return a.Tiles.Total() < 3 })
	}
	for pass := 1; pass <= 6; pass++ {
		if got, want := blindAllowed(), pass == 3 || pass == 6; got != want || s.View(rules.E).Charleston.Blind != want {
			t.Fatalf("pass %d: blind allowed %v, want %v", pass, got, want)
		}
		if pass == 3 {
			// East forwards all three blind: South's tiles go on to North,
			// unseen by East, who gives and gets nothing (AM-4.6 step 3).
			before := s.Players[rules.E].Concealed
			do(t, s, rules.E, give(""))
			var evs []Event
			var south tile.Counts
			for x := rules.S; x <= rules.N; x++ {
				c := tile.CountsOf(s.Players[x].Concealed.Kinds()[:3])
				if x == rules.S {
					south = c
				}
				evs = do(t, s, x, Action{Type: ActGive, Tile: tile.None, Tiles: c})
			}
			got, from := received(evs)
			if s.Players[rules.E].Concealed != before || got[rules.E].Total() != 0 {
				t.Fatalf("East's hand changed: %s", tile.Format(got[rules.E].Kinds()))
			}
			if got[rules.N] != south || from[rules.N] != rules.E {
				t.Fatalf("North got %s from %s, want South's %s through East", tile.Format(got[rules.N].Kinds()), from[rules.N], tile.Format(south.Kinds()))
			}
			for x := range s.Players {
				if s.Players[x].Concealed.Total() != amCount(x) {
					t.Fatalf("%s holds %d", rules.Wind(x), s.Players[x].Concealed.Total())
				}
			}
			for x := rules.E; x <= rules.N; x++ {
				do(t, s, x, Act(ActContinue, tile.None))
			}
			continue
		}
		if pass == 6 {
			var before [4]tile.Counts
			for x := rules.E; x <= rules.N; x++ {
				before[x] = s.Players[x].Concealed
				do(t, s, x, give(""))
			}
			if before != [4]tile.Counts{s.Players[0].Concealed, s.Players[1].Concealed, s.Players[2].Concealed, s.Players[3].Concealed} {
				t.Fatal("an all-blind pass moved tiles")
			}
			continue
		}
		allGive(t, s, 3)
	}
}

// TestAM_4_6_random checks random blind passes: every seat gets as many
// tiles as it gave of its own, and the tiles are conserved.
func TestAM_4_6_random(t *testing.T) {
	for seed := range 200 {
		s := amTable(t, nil, amHands, "")
		for range 2 {
			allGive(t, s, 3)
		}
		s.Seed = wall.SeedFromString(string(rune('a' + seed%26)))
		ks := [4]int{seed % 4, seed / 4 % 4, seed / 16 % 4, seed / 64 % 4}
		gave := [4]tile.Counts{}
		var evs []Event
		for x, n := range ks {
			var c tile.Counts
			for _, kk := range s.Players[x].Concealed.Kinds()[:n] {
				c.Add(kk)
			}
			gave[x] = c
			evs = do(t, s, rules.Wind(x), Action{Type: ActGive, Tile: tile.None, Tiles: c})
		}
		got, _ := received(evs)
		var in, out tile.Counts
		for x := range ks {
			if got[x].Total() != ks[x] {
				t.Fatalf("seed %d: %s gave %d own tiles and got %d", seed, rules.Wind(x), ks[x], got[x].Total())
			}
			for kk, n := range got[x] {
				in[kk] += n
				out[kk] += gave[x][kk]
			}
		}
		if in != out {
			t.Fatalf("seed %d: the tiles given are not the tiles received", seed)
		}
	}
}

// TestAM_4_7 checks the courtesy pass: each across pair swaps the smaller
// of its two proposals (AM-14 #8); a pair that agrees on 0 swaps nothing.
func TestAM_4_7(t *testing.T) {
	s := amTable(t, map[string]string{"second_charleston": "off"}, amHands, "")
	for range 3 {
		allGive(t, s, 3)
	}
	for x, n := range []int8{3, 2, 1, 0} {
		do(t, s, rules.Wind(x), Action{Type: ActPropose, Tile: tile.None, N: n})
	}
	if s.Phase != PhaseCourtesy || len(s.LegalActions(rules.S)) != 0 || len(s.LegalActions(rules.N)) != 0 {
		t.Fatalf("phase %s; South and North, who agreed on 0, still owe a decision", s.Phase)
	}
	for _, a := range s.LegalActions(rules.E) {
		if a.Tiles.Total() != 1 {
			t.Fatalf("East may give %s; East and West agreed on 1", a)
		}
	}
	if v := s.View(rules.W); v.Charleston.Count != 1 || v.Charleston.To != rules.E {
		t.Fatalf("West's view %+v", v.Charleston)
	}
	east := s.Players[rules.E].Concealed.Kinds()[0]
	west := s.Players[rules.W].Concealed.Kinds()[0]
	do(t, s, rules.E, Action{Type: ActGive, Tile: tile.None, Tiles: tile.CountsOf([]tile.Kind{east})})
	evs := do(t, s, rules.W, Action{Type: ActGive, Tile: tile.None, Tiles: tile.CountsOf([]tile.Kind{west})})
	got, _ := received(evs)
	if got[rules.E] != tile.CountsOf([]tile.Kind{west}) || got[rules.W] != tile.CountsOf([]tile.Kind{east}) || got[rules.S].Total() != 0 {
		t.Fatalf("received %v", got)
	}
	if s.Phase != PhaseTurn || s.Turn != rules.E {
		t.Fatalf("phase %s after the courtesy pass", s.Phase)
	}
}

// eastWins is a hand of line E1 (222a 444a 6666b 8888b, X 25), and
// others are hands the three others may hold beside it.
const eastWins = "222m 444m 6666p 8888p"

var others = [3]string{"13579m 1357s 1234z", "13579m 24689s 567z", "1357p 13579s 2468m"}

// TestAM_4_8 checks that nobody declares Mah Jongg in the Charleston, even
// with a complete hand; East may once it is over (AM-5.1).
func TestAM_4_8(t *testing.T) {
	s := amTable(t, nil, [4]string{eastWins, others[0], others[1], others[2]}, "")
	if types := legalTypes(s, rules.E); !slices.Equal(types, []ActionType{ActGive}) {
		t.Fatalf("East may %v in the Charleston", types)
	}
	refused(t, s, rules.E, Act(ActSelfDraw, k("2m")), ReasonNotLegal)
	s.startPlay()
	s.legalKnown = [4]bool{}
	if !slices.Contains(legalTypes(s, rules.E), ActSelfDraw) {
		t.Fatal("East may not win on her dealt hand after the Charleston")
	}
}

// TestAM_5_1 checks East's opening: Mah Jongg on her 14 tiles, self-drawn
// (AM-8.2), or a discard without drawing.
func TestAM_5_1(t *testing.T) {
	s := amPlay(t, nil, [4]string{eastWins, others[0], others[1], others[2]}, "")
	if s.WallLive() != 99 {
		t.Fatalf("East drew: %d tiles left", s.WallLive())
	}
	do(t, s, rules.E, Act(ActSelfDraw, s.LegalActions(rules.E)[0].Tile))
	res := s.Result
	// E1 is worth 25, doubled jokerless; every loser pays twice that.
	if res.Winner != rules.E || res.From != rules.NoWind || res.Net != [4]int{300, -100, -100, -100} {
		t.Fatalf("result %+v", res)
	}
	s = amPlay(t, nil, amHands, "")
	do(t, s, rules.E, Act(ActDiscard, k("1m")))
	if s.Turn != rules.S || s.WallLive() != 98 || s.Players[rules.E].Concealed.Total() != 13 {
		t.Fatalf("after East's opening discard: turn %s, %d live", s.Turn, s.WallLive())
	}
}

// TestAM_5_2 checks a turn: draw, then discard, the drawn tile included.
func TestAM_5_2(t *testing.T) {
	s := amPlay(t, nil, amHands, "9s")
	do(t, s, rules.E, Act(ActDiscard, k("1m")))
	if s.Turn != rules.S || s.drawn != k("9s") || !slices.Contains(s.LegalActions(rules.S), Act(ActDiscard, k("9s"))) {
		t.Fatalf("South drew %s; legal %v", s.drawn, s.LegalActions(rules.S))
	}
}

// TestAM_5_4 checks the claim window: the other live seats answer before
// anybody draws.
func TestAM_5_4(t *testing.T) {
	hands := [4]string{"1m 3579m 13579p 1357s", "11m 468m 2468p 2468s", amHands[2], amHands[3]}
	s := amPlay(t, nil, hands, "9s")
	do(t, s, rules.E, Act(ActDiscard, k("1m")))
	if s.Phase != PhaseClaim || s.WallLive() != 99 || len(s.LegalActions(rules.S)) < 2 || len(s.Waiting()) != 1 {
		t.Fatalf("phase %s, %d live, waiting %v", s.Phase, s.WallLive(), s.Waiting())
	}
	do(t, s, rules.S, Act(ActPass, tile.None))
	if s.Phase != PhaseTurn || s.Turn != rules.S || s.WallLive() != 98 {
		t.Fatalf("after the window: phase %s turn %s", s.Phase, s.Turn)
	}
}

// TestAM_5_5 checks expose calls: 3 to 6 tiles of the discard's kind with
// naturals and jokers; none that would leave the caller dead (AM-9.2);
// none on a joker; play goes on from the caller's right.
func TestAM_5_5(t *testing.T) {
	hands := [4]string{"4z 0j 3579m 13579p 135s", "55p 00j 468m 2468s 7s 1z", "444z 00j 1357m 137p 2z", amHands[3]}
	s := amPlay(t, nil, hands, "")
	do(t, s, rules.E, Act(ActDiscard, k("5p")))
	want := []Action{Act(ActPass, tile.None),
		call(k("5p"), "55p"), call(k("5p"), "5p 0j"), call(k("5p"), "00j"),
		call(k("5p"), "55p 0j"), call(k("5p"), "5p 00j"), call(k("5p"), "55p 00j")}
	if got := s.LegalActions(rules.S); !slices.Equal(got, want) {
		t.Fatalf("South may %v, want %v", got, want)
	}
	do(t, s, rules.S, call(k("5p"), "55p 0j"))
	passRest(t, s)
	m := s.Players[rules.S].Melds[0]
	if m.Kind != hand.Kong || m.Jokers != 1 || s.Turn != rules.S || !s.Players[rules.S].Called {
		t.Fatalf("South's exposure %v", m)
	}
	if tile.Format(m.Tiles()) != "555p 0j" {
		t.Fatalf("exposure tiles %s", tile.Format(m.Tiles()))
	}
	do(t, s, rules.S, Act(ActDiscard, k("4m")))
	passRest(t, s)
	if s.Turn != rules.W || s.Phase != PhaseTurn {
		t.Fatalf("after South's discard: %s %s", s.Phase, s.Turn)
	}
	// West: a pung of North fits no line (dead at once), a kong does (W1),
	// a quint too (Q2), a sextet does not.
	for x, kk := range []string{"2z", "3z", "4z"} {
		do(t, s, rules.Wind(x+2)%4, Act(ActDiscard, k(kk)))
		if x < 2 {
			passRest(t, s)
		}
	}
	want = []Action{Act(ActPass, tile.None),
		call(k("4z"), "444z"), call(k("4z"), "44z 0j"), call(k("4z"), "4z 00j"),
		call(k("4z"), "444z 0j"), call(k("4z"), "44z 00j")}
	if got := s.LegalActions(rules.W); !slices.Equal(got, want) {
		t.Fatalf("West may %v, want %v", got, want)
	}
	refused(t, s, rules.W, call(k("4z"), "44z"), ReasonNotLegal)
	do(t, s, rules.W, call(k("4z"), "444z"))
	passRest(t, s)
	do(t, s, rules.W, Act(ActDiscard, k("1m")))
	passRest(t, s)
	if s.Turn != rules.N {
		t.Fatalf("after West's call and discard, %s draws; want North (South lost its turn)", s.Turn)
	}
}

// TestAM_5_5_joker checks that a discarded joker is dead: nobody may call
// it, not even for Mah Jongg (AM-6.4, AM-14 #13).
func TestAM_5_5_joker(t *testing.T) {
	hands := [4]string{"0j 13579m 13579p 135s", "222m 444m 6666p 888p", amHands[2], "2468s 13579s 1234z"}
	s := amPlay(t, nil, hands, "")
	south := rules.Hand{Concealed: s.Players[rules.S].Concealed, Winning: tile.None}
	if w := (american.Ruleset{}).Waits(south, rules.Context{Options: s.opts}); !w.Has(tile.Joker) || !w.Has(k("8p")) {
		t.Fatalf("South's waits %s, want 8p and a drawn joker", w)
	}
	do(t, s, rules.E, Act(ActDiscard, tile.Joker))
	if s.Phase != PhaseTurn || s.Turn != rules.S {
		t.Fatalf("a claim window opened on a joker: %s", s.Phase)
	}
}

// TestAM_5_6 checks a Mah Jongg call on a single, for a concealed line,
// and option concealed_discard_win.
func TestAM_5_6(t *testing.T) {
	hands := [4]string{"7z 3579m 13579p 1357s", "1122334455667z", amHands[2], "2468m 2468p 2468s 9m"}
	for _, c := range []struct {
		opt string
		win bool
	}{{"on", true}, {"off", false}} {
		s := amPlay(t, map[string]string{"concealed_discard_win": c.opt}, hands, "")
		do(t, s, rules.E, Act(ActDiscard, k("7z")))
		if got := slices.Contains(s.LegalActions(rules.S), Act(ActMahjong, k("7z"))); got != c.win {
			t.Fatalf("concealed_discard_win %s: South may win %v", c.opt, got)
		}
		if c.win {
			do(t, s, rules.S, Act(ActMahjong, k("7z")))
			if s.Result.Winner != rules.S || s.Result.From != rules.E || s.Result.Values[rules.S].Line != "S1" {
				t.Fatalf("result %+v", s.Result)
			}
		}
	}
}

// TestAM_5_7 checks priority: Mah Jongg beats an expose call; between two
// Mah Jongg calls the first seat after the discarder wins.
func TestAM_5_7(t *testing.T) {
	t.Run("mahjong beats a call", func(t *testing.T) {
		hands := [4]string{"7z 3579m 13579p 1357s", "77z 2468m 2468p 135s", "1122334455667z", amHands[3]}
		s := amPlay(t, nil, hands, "")
		do(t, s, rules.E, Act(ActDiscard, k("7z")))
		do(t, s, rules.S, call(k("7z"), "77z"))
		do(t, s, rules.W, Act(ActMahjong, k("7z")))
		if s.Result == nil || s.Result.Winner != rules.W {
			t.Fatalf("West's Mah Jongg did not win: %+v", s.Result)
		}
	})
	t.Run("nearest mahjong", func(t *testing.T) {
		hands := [4]string{"7z 3579m 13579p 1357s", "1122334455667z", "2468m 2468p 2468s 9m", "1122334455667z"}
		s := amPlay(t, nil, hands, "")
		do(t, s, rules.E, Act(ActDiscard, k("7z")))
		do(t, s, rules.N, Act(ActMahjong, k("7z")))
		do(t, s, rules.S, Act(ActMahjong, k("7z")))
		if s.Result == nil || s.Result.Winner != rules.S {
			t.Fatalf("South, first after East, did not win: %+v", s.Result)
		}
	})
}

// TestAM_5_8 checks that exposures are never enlarged and that there is no
// kong to declare: no concealed kong, no added kong.
func TestAM_5_8(t *testing.T) {
	hands := [4]string{"1111s 13579m 3579p 2z", "2468m 2468s 12z [555p]", "33445z 1357m 468p 9p", "6677z 2468m 26789s"}
	s := amPlay(t, nil, hands, "")
	for _, a := range s.LegalActions(rules.E) {
		if a.Type != ActDiscard {
			t.Fatalf("East may %s", a)
		}
	}
	do(t, s, rules.E, Act(ActDiscard, k("5p")))
	if s.Phase != PhaseTurn || s.Turn != rules.S {
		t.Fatalf("phase %s: the fourth 5p may be called; an exposure is never enlarged", s.Phase)
	}
	for _, a := range s.LegalActions(rules.S) {
		if a.Type != ActDiscard {
			t.Fatalf("South may %s", a)
		}
	}
}

// TestAM_5_9 checks the hot wall: once the next draw is in the last wall,
// discards are called only for Mah Jongg.
func TestAM_5_9(t *testing.T) {
	hands := [4]string{"7z 3579m 13579p 135s 9s", "55p 2468m 2468s 13p 9p", "1122334455667z", amHands[3]}
	for _, hot := range []string{"off", "on"} {
		s := amPlay(t, map[string]string{"hot_wall": hot}, hands, "")
		for !s.wall.InLastWall() {
			s.wall.Draw()
		}
		do2 := func(a Action) {
			if _, err := s.Apply(rules.E, a); err != nil {
				t.Fatal(err)
			}
		}
		do2(Act(ActDiscard, k("5p")))
		calls := slices.ContainsFunc(s.LegalActions(rules.S), func(a Action) bool { return a.Type == ActCall })
		if calls != (hot == "off") {
			t.Fatalf("hot_wall %s: South may call: %v", hot, calls)
		}
		s.Phase, s.Turn = PhaseTurn, rules.E // East again, to offer a tile West wins on
		s.legalKnown = [4]bool{}
		do2(Act(ActDiscard, k("7z")))
		if !slices.Contains(s.LegalActions(rules.W), Act(ActMahjong, k("7z"))) {
			t.Fatalf("hot_wall %s: West may not win on a discard", hot)
		}
	}
}

// TestAM_5_10 checks the end of the wall: after the last tile is drawn and
// discarded, only Mah Jongg; nobody wins, a wall game that nobody pays.
func TestAM_5_10(t *testing.T) {
	hands := [4]string{"3579m 13579p 1357s 1z", "55p 2468m 2468s 13p 9p", amHands[2], amHands[3]}
	s := amPlay(t, nil, hands, "")
	for s.WallLive() > 0 {
		s.wall.Draw()
	}
	if _, err := s.Apply(rules.E, Act(ActDiscard, k("5p"))); err != nil {
		t.Fatal(err)
	}
	if s.Phase != PhaseEnd || s.Result.Winner != rules.NoWind || s.Result.Net != [4]int{} {
		t.Fatalf("phase %s, result %+v", s.Phase, s.Result)
	}
}

// TestAM_6_3 checks joker exchanges: in her turn, after drawing, a player
// swaps a natural for a joker of any exposure, a dead player's included;
// her count does not change; a win that follows is self-drawn (AM-8.2).
func TestAM_6_3(t *testing.T) {
	hands := [4]string{"9s 3579m 13579p 1357s", "2468m 248p 9p 12z [5s5s0j]", "222m 444m 6666p 888p", "567z 24689s 1357p 3z"}
	s := amPlay(t, nil, hands, "1z 5s")
	do(t, s, rules.E, Act(ActDiscard, k("9s")))
	do(t, s, rules.S, Act(ActDiscard, k("1z")))
	ex := Action{Type: ActExchange, Tile: k("5s"), N: int8(rules.S)}
	if !slices.Contains(s.LegalActions(rules.W), ex) {
		t.Fatalf("West may %v", s.LegalActions(rules.W))
	}
	s.Players[rules.S].Dead = true // a dead player's jokers stay exchangeable (AM-9.4)
	s.legalKnown = [4]bool{}
	if !slices.Contains(s.LegalActions(rules.W), ex) {
		t.Fatal("West may not take a dead player's joker")
	}
	s.Players[rules.S].Dead = false
	do(t, s, rules.W, ex)
	if m := s.Players[rules.S].Melds[0]; m.Jokers != 0 || s.Players[rules.W].Concealed.Total() != 14 || s.Players[rules.W].Concealed[tile.Joker] != 1 {
		t.Fatalf("after the exchange: South's %v, West holds %d", m, s.Players[rules.W].Concealed.Total())
	}
	win := s.LegalActions(rules.W)[0]
	if win.Type != ActSelfDraw {
		t.Fatalf("West may %v after the exchange", s.LegalActions(rules.W))
	}
	do(t, s, rules.W, win)
	if s.Result.Winner != rules.W || s.Result.From != rules.NoWind {
		t.Fatalf("result %+v", s.Result)
	}
}

// TestAM_8_1 checks that a false Mah Jongg is never offered and is refused
// when sent, with no penalty (AM-9.2, AM-14 #11).
func TestAM_8_1(t *testing.T) {
	s := amPlay(t, nil, [4]string{"3579m 13579p 1357s 1z", "55p 2468m 2468s 13p 9p", amHands[2], amHands[3]}, "")
	refused(t, s, rules.E, Act(ActSelfDraw, k("5p")), ReasonNotLegal)
	do(t, s, rules.E, Act(ActDiscard, k("5p")))
	refused(t, s, rules.S, Act(ActMahjong, k("5p")), ReasonNotLegal)
	refused(t, s, rules.S, call(k("5p"), "5p"), ReasonNotLegal)
	if s.Players[rules.S].Dead {
		t.Fatal("a refused declaration killed the hand")
	}
}

// TestAM_14_16 checks a Mah Jongg declared after an expose call: a win on
// the discard, which its discarder pays double (AM-5.5, AM-8.3).
func TestAM_14_16(t *testing.T) {
	s := amPlay(t, nil, [4]string{"2m 3579m 13579p 1357s", "22m 444m 6666p 8888p", amHands[2], "2468s 13579s 4567z"}, "")
	do(t, s, rules.E, Act(ActDiscard, k("2m")))
	do(t, s, rules.S, call(k("2m"), "22m"))
	win := s.LegalActions(rules.S)[0]
	if win.Type != ActMahjong {
		t.Fatalf("South may %v after the call", s.LegalActions(rules.S))
	}
	do(t, s, rules.S, win)
	if r := s.Result; r.Winner != rules.S || r.From != rules.E || r.Net[rules.E] != -100 || r.Net[rules.W] != -50 {
		t.Fatalf("result %+v", r)
	}
}

// TestAM_9_3 checks the dead-hand test: once a player's exposures cannot
// make a line from what is still unseen she is dead; she is then skipped,
// calls nothing, and her jokers stay exchangeable (AM-9.4, AM-14 #12).
func TestAM_9_3(t *testing.T) {
	hands := [4]string{"2222z 0000j 13579m 1p", "13579m 246p 1s [4z4z4z0j]", "1357m 1357p 1357s 3z", "4z 2468m 2468p 2468s"}
	s := amPlay(t, nil, hands, "")
	// South's kong of North fits only W1 (NNNN DDDa DDDb SSSS): once the
	// four South winds and four jokers lie in the discards, SSSS needs 4 of
	// the 3 jokers left (8, less 4 discarded and South's own).
	e := &s.Players[rules.E]
	for i, kk := range tile.MustParse("2222z 0000j") {
		e.Concealed.Remove(kk)
		e.Discards = append(e.Discards, Discard{Tile: kk})
		evs := s.checkDead(nil)
		if dead := len(evs) == 1 && evs[0].Type == EvDead && evs[0].Seat == rules.S; dead != (i == 7) || s.Players[rules.S].Dead != (i == 7) {
			t.Fatalf("after %d discards: events %v", i+1, evs)
		}
	}
	if got := s.cardClaimOptions(rules.S, rules.E, k("4z"), 0); len(got) != 1 {
		t.Fatalf("dead South may %v", got)
	}
	if !slices.Contains(s.exchanges(rules.N), Action{Type: ActExchange, Tile: k("4z"), N: int8(rules.S)}) {
		t.Fatal("North may not take the dead South's joker")
	}
	s.afterDiscard(nil, rules.E)
	if s.Turn != rules.W {
		t.Fatalf("after East, %s plays; want West (South is dead)", s.Turn)
	}
}

// TestAM_9_4 checks that a hand in which all four players are dead is a
// wall game.
func TestAM_9_4(t *testing.T) {
	s := amPlay(t, nil, amHands, "")
	for x := range s.Players {
		s.Players[x].Dead = true
	}
	s.afterDiscard(nil, rules.E)
	if s.Phase != PhaseEnd || s.Result.Winner != rules.NoWind || s.Result.Net != [4]int{} {
		t.Fatalf("phase %s, result %+v", s.Phase, s.Result)
	}
}

// TestAM_1_2 checks that any flowers make a group of flowers: a flower
// discard is called with other flowers, and a joker in a group of flowers
// is exchanged for any flower.
func TestAM_1_2(t *testing.T) {
	s := amPlay(t, nil, [4]string{"2f 3579m 13579p 1357s", "1f 4y 0j 2468m 2468s 12z", amHands[2], amHands[3]}, "")
	do(t, s, rules.E, Act(ActDiscard, k("2f")))
	want := []Action{Act(ActPass, tile.None), call(k("2f"), "1f 4y"), call(k("2f"), "1f 0j"), call(k("2f"), "1f 4y 0j")}
	if got := s.LegalActions(rules.S); !slices.Equal(got, want) {
		t.Fatalf("South may %v, want %v", got, want)
	}
	do(t, s, rules.S, call(k("2f"), "1f 0j"))
	passRest(t, s)
	if m := s.Players[rules.S].Melds[0]; tile.Format(m.Tiles()) != "12f 0j" || m.Tile != tile.F1 {
		t.Fatalf("South's exposure %v (%s)", m, tile.Format(m.Tiles()))
	}
	ex := Action{Type: ActExchange, Tile: k("4y"), N: int8(rules.S)}
	if !slices.Contains(s.LegalActions(rules.S), ex) {
		t.Fatalf("South may %v", s.LegalActions(rules.S))
	}
	do(t, s, rules.S, ex)
	if m := s.Players[rules.S].Melds[0]; tile.Format(m.Tiles()) != "12f 4y" || s.Players[rules.S].Concealed[tile.Joker] != 1 {
		t.Fatalf("after the exchange, South's exposure is %s", tile.Format(m.Tiles()))
	}
}
