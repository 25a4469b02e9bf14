package game_test

// The jilin shared joker in play, one test per rule id of jilin.md (JL-8.1
// to JL-8.4) and the vector V20.

import (
	"slices"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/game/gametest"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// jokerOf returns the joker's kind that the events tell seat, or tile.None.
func jokerOf(evs []game.Event, seat rules.Wind) tile.Kind {
	k := tile.None
	for _, e := range eventsOf(evs, game.EvJoker) {
		if e.Seat == seat {
			k = e.Tile()
		}
	}
	return k
}

// indexOf returns the index of the first event of type typ for seat, or -1.
func indexOf(evs []game.Event, typ game.EventType, seat rules.Wind) int {
	return slices.IndexFunc(evs, func(e game.Event) bool { return e.Type == typ && e.Seat == seat })
}

func TestJL_8_1_JokerAtTheHoldersNextTurn(t *testing.T) {
	// S announced the first TING and W the second; N announces his later.
	hands := [4]string{"147m 258p 369s 11z 2z 5z +9s", "123m 456s 789p 888m 5p", "123m 456s 999m 46p 77p", "234s 567s 789s 111s 9s"}
	s := jilin(t, gametest.Scenario{Turn: rules.E, Hands: hands, Declared: tingSeats(rules.S, rules.W), JokerHolder: rules.S, Wall: "1s 3p 1p"})
	before := s.Wall().Remaining()
	evs := discardDrawn(t, s)
	j := jokerOf(evs, rules.S)
	if j == tile.None || indexOf(evs, game.EvJoker, rules.S) > indexOf(evs, game.EvDraw, rules.S) {
		t.Fatalf("events %v: want S to draw the joker's indicator before his tile", evs)
	}
	if got := s.Wall().Remaining(); got != before-2 {
		t.Fatalf("the wall holds %d tiles, want %d: the indicator is out of it", got, before-2)
	}
	for x := rules.E; x <= rules.N; x++ {
		want := tile.None
		if x == rules.S || x == rules.W {
			want = j // every TING seat learns J
		}
		if got := s.View(x).Joker; got != want || jokerOf(evs, x) != want {
			t.Errorf("%s sees the joker as %s in its view, %s in the events; want %s", x, got, jokerOf(evs, x), want)
		}
		for _, e := range eventsOf(game.Redact(evs, x), game.EvJoker) {
			if e.Seat != x && e.Tile() != tile.Unknown {
				t.Errorf("%s's events show %s's joker %s", x, e.Seat, e.Tile())
			}
		}
	}
	discardDrawn(t, s) // S discards 1s
	discardDrawn(t, s) // W discards 3p
	evs = mustApply(t, s, rules.N, ting("1p"))
	if jokerOf(evs, rules.N) != j || s.View(rules.N).Joker != j {
		t.Fatalf("N announced TING but does not learn the joker %s", j)
	}
}

func TestJL_15_20_JokerRedraw(t *testing.T) {
	// V20: the indicator 2p has its 3 other copies exposed in N's [222p]; at
	// S's next turn it goes back face up and S draws another (JL-8.2, JL-8.3).
	hands := [4]string{"147m 369p 258s 11z 2z 5z +9s", "123m 456s 789p 888m 5p", jlC, "[222p] 147m 369s 44z 3z 6z"}
	s := jilin(t, gametest.Scenario{Turn: rules.E, Hands: hands, Declared: tingSeats(rules.S), Joker: "2p", Wall: "1s"})
	if s.View(rules.S).Joker != tk("2p") {
		t.Fatalf("S sees the joker as %s, want 2p", s.View(rules.S).Joker)
	}
	evs := discardDrawn(t, s)
	back := eventsOf(evs, game.EvJokerReturned)
	if len(back) != 1 || back[0].Tile() != tk("2p") {
		t.Fatalf("returned indicators %v, want 2p", back)
	}
	faceUp := slices.ContainsFunc(s.Wall().Stacks(), func(st wall.StackState) bool { return st.FaceUp == tk("2p") })
	if !faceUp {
		t.Fatal("the 2p does not lie face up in its slot")
	}
	if j := jokerOf(evs, rules.S); j == tile.None || j == tk("2p") || s.View(rules.S).Joker != j {
		t.Fatalf("S's new joker is %s (view %s), want another kind", j, s.View(rules.S).Joker)
	}
}

func TestJL_8_4_JokerWins(t *testing.T) {
	// V5: S waits on 2m and 5m; the joker's kind is 6p.
	for _, c := range []struct {
		joker, drawn string
		value        int
		m3           bool
	}{{"6p", "6p", 4, false}, {"5m", "5m", 8, true}} {
		t.Run("joker "+c.joker, func(t *testing.T) {
			hands := [4]string{"147m 258p 369s 11z 2z 5z +" + c.joker, "2345m 123p 789p [777s]", jlC, jlD}
			s := jilin(t, gametest.Scenario{Turn: rules.E, Hands: hands, Declared: tingSeats(rules.S), Joker: c.joker, Wall: c.drawn})
			mustApply(t, s, rules.E, act(game.ActDiscard, c.joker))
			if !c.m3 && legal(s, rules.S, act(game.ActMahjong, c.joker)) { // 5m is a real wait
				t.Fatal("S may ROU on a discarded joker")
			}
			answerAll(t, s)
			wantTurn(t, s, rules.S, c.drawn)
			mustApply(t, s, rules.S, selfDraw(t, s, rules.S))
			wantWin(t, s, rules.S, c.drawn, rules.NoWind)
			v := s.Result.Values[rules.S]
			if !hasFlag(s, rules.JokerDrawn) || v.Value != c.value || !hasItem(v, "JL-11.M2") || hasItem(v, "JL-11.M3") != c.m3 {
				t.Fatalf("flags %v, value %d, items %v: want the drawn joker worth %d", s.Result.Flags, v.Value, itemRules(v), c.value)
			}
		})
	}
	t.Run("never for a player without TING", func(t *testing.T) {
		// N has not discarded, so he may ROU without TING (JL-9.5), but
		// not with the joker W drew.
		hands := [4]string{jlA, jlB, "123m 456s 999m 46p 77p", "2345m 123p 789p 777s +6p"}
		s := jilin(t, gametest.Scenario{Turn: rules.N, Hands: hands, Discards: [4]string{2: "9m"}, Declared: tingSeats(rules.W), Joker: "6p"})
		if s.View(rules.N).Joker != tile.None {
			t.Fatal("N sees the joker")
		}
		for _, a := range s.LegalActions(rules.N) {
			if a.Type == game.ActSelfDraw {
				t.Fatal("N may ROU with the joker without TING")
			}
		}
	})
}
