package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// jilinTypist types a person's answers to `fourwinds play --rules jilin`:
// a novice AI decides, and the typist writes its choice in the words of
// the help (rou, ting 5p, a tile to discard, pass) or as its number.
type jilinTypist struct {
	t  *terminal
	ai ai.Player
	typer
}

// next returns the next line to type.
func (y *jilinTypist) next() string {
	v := y.t.snap.View
	if v == nil || v.Phase == game.PhaseEnd {
		return ""
	}
	a := y.ai.Decide(v)
	switch {
	case a.Type == game.ActSelfDraw || a.Type == game.ActMahjong:
		return "rou"
	case a.Type == game.ActDiscard && a.Declare == game.DeclTing:
		return "ting " + a.Tile.String()
	case a.Type == game.ActDiscard:
		return a.Tile.String()
	case a.Type == game.ActPass:
		return "pass"
	}
	for n, i := range choiceOrder(v.Legal) {
		if v.Legal[i] == a {
			return strconv.Itoa(n + 1)
		}
	}
	return "?"
}

// playJilinTyped plays a whole jilin game in the terminal with the typist
// as the person, and returns the output.
func playJilinTyped(t *testing.T, seed string) (string, table.Info) {
	t.Helper()
	var out strings.Builder
	y := &jilinTypist{}
	y.answer = y.next
	var err error
	if y.ai, err = ai.New(ai.Novice, wall.Derive(wall.SeedFromString(seed), "player", 0)); err != nil {
		t.Fatal(err)
	}
	y.t = typedTerminal(t, "jilin", seed, &y.typer, &out)
	if err := y.t.loop(); err != nil {
		t.Fatalf("seed %s: %v\n%s", seed, err, tail(out.String()))
	}
	return out.String(), y.t.snap.Info
}

// TestPlayJilinTyped plays whole jilin games in the terminal, the person's
// answers typed as text, until the person announces TING ("ting 5p"), sees
// the joker and wins with it by typing "rou" (JL-7.2, JL-8.1, JL-8.4).
func TestPlayJilinTyped(t *testing.T) {
	ting := regexp.MustCompile(`\(you\)\] \w discards \w+\. \w announces TING!`)
	jokerWin := regexp.MustCompile(`\(you\) wins with \w+, self-drawn \([^)]*joker-drawn`)
	for i := range 40 {
		out, m := playJilinTyped(t, fmt.Sprint("jilin-typed-", i))
		if !m.Over || !strings.Contains(out, "The game is over.") {
			t.Fatalf("the game did not end:\n%s", tail(out))
		}
		if strings.Contains(out, "is not one of your choices") {
			t.Fatalf("a typed answer was refused:\n%s", tail(out))
		}
		if jokerWin.MatchString(out) {
			if !ting.MatchString(out) || !strings.Contains(out, "\nJoker: ") {
				t.Fatalf("the person won with the joker without announcing TING and seeing it:\n%s", tail(out))
			}
			return
		}
	}
	t.Error("the typed person never won with the joker in 40 games")
}
