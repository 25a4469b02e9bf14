package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/american"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// typist types a person's answers to `fourwinds play`: it reads the
// person's view when the terminal asks, and types what someone aiming at
// the nearest card line would, in the words the help gives.
type typist struct {
	t *terminal
	typer
}

// next returns the next line to type.
func (y *typist) next() string {
	v := y.t.snap.View
	if v == nil || v.Phase == game.PhaseEnd {
		return ""
	}
	if v.Charleston != nil {
		return y.charleston(v)
	}
	a := bestAction(v)
	switch a.Type {
	case game.ActSelfDraw, game.ActMahjong:
		return "mahjong"
	case game.ActDiscard:
		return a.Tile.String()
	case game.ActPass:
		return "pass"
	case game.ActExchange:
		return "exchange " + a.Tile.String()
	}
	for n, i := range choiceOrder(v.Legal) {
		if v.Legal[i] == a {
			return strconv.Itoa(n + 1)
		}
	}
	return "?"
}

// charleston answers a Charleston prompt: a bad answer first, then tiles
// in notation, by rack number in the second pass.
func (y *typist) charleston(v *game.View) string {
	switch {
	case len(y.typed) == 0:
		return "5q" // not a tile: the terminal asks again
	case v.Phase == game.PhaseVote:
		return "continue"
	case v.Phase == game.PhaseCourtesy && v.Charleston.Count == 0:
		return "2"
	case v.Phase == game.PhaseMush:
		return "none"
	}
	want := 3
	if v.Phase == game.PhaseCourtesy {
		want = v.Charleston.Count
	}
	rack := v.Hand.Kinds()
	var words []string
	for i, k := range rack {
		if len(words) < want && k != tile.Joker {
			if v.Charleston.Pass == 2 {
				words = append(words, strconv.Itoa(i+1))
			} else {
				words = append(words, k.String())
			}
		}
	}
	return strings.Join(words, " ")
}

// bestAction picks the legal action that brings the hand nearest to a card
// line: a win, a joker, then the discard, call or pass that leaves the
// hand closest.
func bestAction(v *game.View) game.Action {
	r := american.Ruleset{}
	best, bestD := v.Legal[0], 99
	for _, a := range v.Legal {
		c, melds := v.Hand, v.Seats[v.Seat].Melds
		switch a.Type {
		case game.ActSelfDraw, game.ActMahjong, game.ActExchange:
			return a
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
	return best
}

// playTyped plays a whole american game in the terminal with the typist
// as the person, and returns the output and what was typed.
func playTyped(t *testing.T, seed string) (string, []string, table.Info) {
	t.Helper()
	var out strings.Builder
	y := &typist{}
	y.answer = y.next
	y.t = typedTerminal(t, "american", seed, &y.typer, &out)
	if err := y.t.loop(); err != nil {
		t.Fatalf("seed %s: %v\n%s", seed, err, tail(out.String()))
	}
	return out.String(), y.typed, y.t.snap.Info
}

// tail returns the last lines of an output, for failure messages.
func tail(s string) string {
	lines := strings.Split(s, "\n")
	return strings.Join(lines[max(0, len(lines)-40):], "\n")
}

// TestPlayAmericanTyped plays whole american games in the terminal, the
// person's answers typed as text: the Charleston by tiles and by rack
// numbers, calls, exchanges, discards and Mah Jongg; a bad answer is asked
// again. The person wins a house-card hand in one of the games.
func TestPlayAmericanTyped(t *testing.T) {
	won := false
	for i := 0; i < 12 && !won; i++ {
		out, typed, m := playTyped(t, fmt.Sprint("typed-", i))
		if !m.Over || !strings.Contains(out, "The game is over.") {
			t.Fatalf("the game did not end:\n%s", tail(out))
		}
		if !strings.Contains(out, "\nRanking:\n  1. ") || !strings.Contains(out, "Two throws of two dice: ") {
			t.Fatalf("no end-of-game ranking or dice line:\n%s", tail(out))
		}
		if !strings.Contains(out, `"5q" is neither a tile`) || typed[0] != "5q" {
			t.Fatalf("a bad answer was not asked again:\n%s", out[:min(len(out), 2000)])
		}
		for _, h := range m.History {
			won = won || h.Winner == 0
		}
		if won && !strings.Contains(out, "(you) wins with") {
			t.Fatalf("the person won but the terminal did not say so:\n%s", tail(out))
		}
	}
	if !won {
		t.Error("the typed person never won a hand in 12 games")
	}
}
