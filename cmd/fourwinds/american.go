package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/american"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/american/card"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// This file holds what `fourwinds play` needs for American Mah Jongg: the
// Charleston prompts (AM-4), where the person types the tiles to pass, and
// the card lines nearest to the person's hand.

// carded is a ruleset whose winning hands are the lines of a card.
type carded interface {
	Card(o rules.Options) *card.Card
}

// askCharleston asks the person for a Charleston answer until it is legal.
func (t *terminal) askCharleston(v *game.View) (game.Action, error) {
	fmt.Fprintf(t.out, "\n── Hand %d · Charleston ──\n%s\n", v.Number, t.charlestonPrompt(v))
	for {
		rack := v.Hand.Kinds()
		if v.Phase != game.PhaseVote && (v.Phase != game.PhaseCourtesy || v.Charleston.Count > 0) {
			fmt.Fprintf(t.out, "Your rack: %s\n", numbered(rack))
		}
		text, answered, err := t.read(v, charlestonHelp, func() {
			t.table(v)
			fmt.Fprintln(t.out, t.charlestonPrompt(v))
		})
		if err != nil {
			return game.Action{}, err
		}
		if !answered {
			continue
		}
		a, err := charlestonChoice(strings.ToLower(text), v, rack)
		if err == nil {
			return a, nil
		}
		fmt.Fprintf(t.out, "%v\n", err)
	}
}

const charlestonHelp = `The Charleston (AM-4): before play, every player passes tiles at the same time.
  Passes: right, across, left; then, unless someone votes to stop: left, across, right.
  Type the tiles to pass in notation (5p 6p 1z, or 56p 1z) or by their numbers on
  your rack (3 7 12). Jokers are never passed.
  Blind pass (the third and the sixth): type fewer than 3 tiles, or "blind" for none;
  the rest of your 3 are taken unseen from the tiles coming to you and passed on.
  Vote: stop or continue.   Courtesy pass: a number 0-3, then that many tiles.
  t  show the table     card  the card lines nearest to your hand     q  quit`

// charlestonPrompt says what the Charleston step asks of the person.
func (t *terminal) charlestonPrompt(v *game.View) string {
	c := v.Charleston
	switch v.Phase {
	case game.PhaseCharleston:
		which, n := "First", c.Pass
		if n > 3 {
			which, n = "Second", n-3
		}
		s := fmt.Sprintf("%s Charleston, pass %d of 3: choose 3 tiles to pass %s, to %s.",
			which, n, direction(v.Seat, c.To), t.seatName(c.To))
		if c.Blind {
			s += "\nBlind pass allowed: type fewer than 3 tiles (or \"blind\" for none) and the rest\nare passed on unseen from the tiles coming to you."
		}
		return s
	case game.PhaseMush:
		return "Mush: put 0 to 3 tiles into the pool (type them, or \"none\"); you take back as many, at random."
	case game.PhaseVote:
		return "The first Charleston is over. Play a second one? Type \"continue\", or \"stop\" to go on to play."
	case game.PhaseCourtesy:
		if c.Count > 0 {
			return fmt.Sprintf("Courtesy pass: choose %d tile(s) to give to %s.", c.Count, t.seatName(c.To))
		}
		return fmt.Sprintf("Courtesy pass with %s: how many tiles do you offer, 0 to 3? The smaller offer of the two is swapped.", t.seatName(c.To))
	}
	return ""
}

// direction names where seat `to` sits from seat `from`.
func direction(from, to rules.Wind) string {
	return [...]string{"to yourself", "right", "across", "left"}[(to-from+4)%4]
}

// numbered writes a rack with each tile's number, such as "1)2m 2)2m 3)5p".
func numbered(rack []tile.Kind) string {
	parts := make([]string, len(rack))
	for i, k := range rack {
		parts[i] = fmt.Sprintf("%d)%s", i+1, k)
	}
	return strings.Join(parts, " ")
}

// charlestonChoice reads the person's answer in a Charleston step and finds
// it among the legal actions, or says what is allowed.
func charlestonChoice(text string, v *game.View, rack []tile.Kind) (game.Action, error) {
	var want game.Action
	switch {
	case v.Phase == game.PhaseVote:
		switch text {
		case "stop", "s":
			want = game.Act(game.ActStop, tile.None)
		case "continue", "c", "go", "yes":
			want = game.Act(game.ActContinue, tile.None)
		default:
			return game.Action{}, fmt.Errorf("type \"stop\" or \"continue\"")
		}
	case v.Phase == game.PhaseCourtesy && v.Charleston.Count == 0:
		n, err := strconv.Atoi(text)
		if err != nil || n < 0 || n > 3 {
			return game.Action{}, fmt.Errorf("%q is not a number of tiles: type 0, 1, 2 or 3", text)
		}
		want = game.Action{Type: game.ActPropose, Tile: tile.None, N: int8(n)}
	default:
		var given tile.Counts
		if text != "blind" && text != "none" {
			var err error
			if given, err = pickTiles(text, rack); err != nil {
				return game.Action{}, err
			}
		}
		want = game.Action{Type: game.ActGive, Tile: tile.None, Tiles: given}
	}
	for _, a := range v.Legal {
		if a == want {
			return a, nil
		}
	}
	return game.Action{}, fmt.Errorf("you cannot give %s here: %s", tilesOrNothing(want.Tiles), giveRule(v))
}

// giveRule says how many tiles a Charleston step takes.
func giveRule(v *game.View) string {
	switch {
	case v.Phase == game.PhaseCharleston && v.Charleston.Blind:
		return "choose 0 to 3 of your tiles, no joker"
	case v.Phase == game.PhaseCharleston:
		return "choose exactly 3 of your tiles, no joker"
	case v.Phase == game.PhaseMush:
		return "choose 0 to 3 of your tiles, no joker"
	}
	return fmt.Sprintf("choose exactly %d of your tiles, no joker", v.Charleston.Count)
}

// tilesOrNothing writes tiles, or "nothing".
func tilesOrNothing(c tile.Counts) string {
	if c == (tile.Counts{}) {
		return "nothing"
	}
	return tile.Format(c.Kinds())
}

// pickTiles reads tiles typed in notation or as numbers on the rack.
func pickTiles(text string, rack []tile.Kind) (tile.Counts, error) {
	var c tile.Counts
	used := make([]bool, len(rack))
	for _, w := range strings.Fields(strings.ReplaceAll(text, ",", " ")) {
		if n, err := strconv.Atoi(w); err == nil {
			if n < 1 || n > len(rack) {
				return c, fmt.Errorf("there is no tile number %d on your rack (1 to %d)", n, len(rack))
			}
			if used[n-1] {
				return c, fmt.Errorf("tile number %d is given twice", n)
			}
			used[n-1] = true
			c.Add(rack[n-1])
			continue
		}
		ks, err := tile.Parse(w)
		if err != nil {
			return c, fmt.Errorf("%q is neither a tile (such as 5p or 56p 1z) nor a number on your rack", w)
		}
		for _, k := range ks {
			c.Add(k)
		}
	}
	have := tile.CountsOf(rack)
	for k, n := range c {
		if n > have[k] {
			return c, fmt.Errorf("you hold %d of %s, not %d", have[k], tile.Kind(k), n)
		}
	}
	return c, nil
}

// nearestLines writes the card lines nearest to the person's hand, or ""
// for a ruleset without a card.
func nearestLines(v *game.View, n int) string {
	cr, ok := v.Rules().(carded)
	if !ok || v.Seat < rules.E || v.Seat > rules.N {
		return ""
	}
	ch, err := american.CardHand(rules.Hand{Concealed: v.Hand, Melds: v.Seats[v.Seat].Melds, Winning: tile.None})
	if err != nil {
		return ""
	}
	var lines []string
	for _, nr := range cr.Card(v.Options()).Nearest(ch, n) {
		s := fmt.Sprintf("  %-3s %-28s %-10s", nr.Line.ID, nr.Line.Pattern, nr.Line.Flags())
		if nr.Distance() == 0 {
			s += " complete!"
		} else {
			s += fmt.Sprintf(" needs %d: %s", nr.Distance(), tile.Format(nr.Missing))
		}
		lines = append(lines, s)
	}
	if len(lines) == 0 {
		return "  no line of the card fits your exposures"
	}
	return strings.Join(lines, "\n")
}

// heldTiles counts a seat's tiles: concealed plus exposed, each exposure
// counting as 3 in the rulesets where a kong counts as a set of 3.
func heldTiles(v *game.View, sv game.SeatView) int {
	n := sv.Concealed
	for _, m := range sv.Melds {
		if _, ok := v.Rules().(carded); ok {
			n += m.Size()
		} else {
			n += 3
		}
	}
	return n
}

// callText explains an expose call: the exposure it makes.
func callText(a game.Action) string {
	c := a.Tiles
	c.Add(a.Tile)
	return fmt.Sprintf("call %s: expose [%s] (%s)", a.Tile, tile.Format(c.Kinds()), hand.OfSize(c.Total()))
}
