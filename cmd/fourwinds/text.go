package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// describe writes one event as a sentence, or "" for events not worth a
// line; setup says which winds mean something in the ruleset.
func describe(e game.Event, setup rules.Setup) string {
	switch e.Type {
	case game.EvHandStart:
		s := e.Start
		out := fmt.Sprintf("Hand %d", s.Number)
		if setup.RoundWind {
			out += fmt.Sprintf(", %s round", windName(s.Round))
		}
		out += fmt.Sprintf(". Two throws of two dice: %d, then %d", s.Dice[0], s.Dice[1])
		if setup.DominantWind {
			out += fmt.Sprintf("; dominant wind %s", windName(s.Dominant))
		}
		return out + fmt.Sprintf("; %d tiles.", s.Wall)
	case game.EvDeal:
		if e.Tile() == tile.Unknown {
			return ""
		}
		return fmt.Sprintf("%s is dealt %s.", e.Seat, tile.Format(e.Tiles))
	case game.EvBonus:
		return fmt.Sprintf("%s sets aside the bonus tile %s.", e.Seat, e.Tile())
	case game.EvDraw:
		if e.Tile() == tile.Unknown || e.Source == game.FromFront {
			return ""
		}
		return fmt.Sprintf("%s draws a replacement.", e.Seat)
	case game.EvDiscard:
		s := fmt.Sprintf("%s discards %s.", e.Seat, e.Tile())
		switch e.Declare {
		case game.DeclTing:
			s += fmt.Sprintf(" %s announces TING!", e.Seat)
		case game.DeclNone:
		default:
			s += fmt.Sprintf(" %s declares %s!", e.Seat, e.Declare)
		}
		return s
	case game.EvClaim:
		return fmt.Sprintf("%s claims %s from %s: %s %s.", e.Seat, e.Tile(), e.From, e.Meld.Kind, e.Meld)
	case game.EvConcealedKong:
		if e.Meld.Tile == tile.Unknown {
			return fmt.Sprintf("%s declares a concealed kong.", e.Seat)
		}
		return fmt.Sprintf("%s declares a concealed kong %s.", e.Seat, e.Meld)
	case game.EvAddKong:
		return fmt.Sprintf("%s adds %s to a pung.", e.Seat, e.Tile())
	case game.EvKongRobbed:
		return fmt.Sprintf("%s robs the kong of %s with %s!", e.Seat, e.From, e.Tile())
	case game.EvInvoke:
		return fmt.Sprintf("%s invokes the Celestial Empire and takes %s.", e.Seat, e.Tile())
	case game.EvExpose:
		return fmt.Sprintf("%s exposes the combination %s.", e.Seat, e.Meld)
	case game.EvExtend:
		return fmt.Sprintf("%s adds %s to a combination.", e.Seat, e.Tile())
	case game.EvJoker:
		if e.Tile() == tile.Unknown {
			return ""
		}
		return fmt.Sprintf("The joker is %s (you have announced TING).", e.Tile())
	case game.EvJokerReturned:
		return fmt.Sprintf("The joker indicator %s goes back face up; a new joker will be drawn.", e.Tile())
	case game.EvReceive:
		if len(e.Tiles) == 0 && e.From != rules.NoWind {
			return fmt.Sprintf("%s receives no tile: all three went on unseen.", e.Seat)
		}
		if e.Tile() == tile.Unknown || len(e.Tiles) == 0 {
			return ""
		}
		if e.From == rules.NoWind {
			return fmt.Sprintf("%s takes back %s from the mush.", e.Seat, tile.Format(e.Tiles))
		}
		return fmt.Sprintf("%s receives %s from %s.", e.Seat, tile.Format(e.Tiles), e.From)
	case game.EvExchange:
		return fmt.Sprintf("%s exchanges %s for the joker in %s's exposure, now %s.", e.Seat, e.Tile(), e.From, e.Meld)
	case game.EvDead:
		return fmt.Sprintf("%s's hand is dead: no line of the card can be made any more (AM-9.3).", e.Seat)
	case game.EvAction:
		if e.Action.Type == game.ActStop {
			return fmt.Sprintf("%s votes to stop the Charleston.", e.Seat)
		}
		return ""
	case game.EvMahjong:
		if e.From == rules.NoWind {
			return fmt.Sprintf("%s declares MAHJONG, self-drawn %s!", e.Seat, e.Tile())
		}
		return fmt.Sprintf("%s declares MAHJONG on %s from %s!", e.Seat, e.Tile(), e.From)
	}
	return ""
}

// windName returns "East", "South", "West" or "North".
func windName(w rules.Wind) string {
	switch w {
	case rules.E:
		return "East"
	case rules.S:
		return "South"
	case rules.W:
		return "West"
	case rules.N:
		return "North"
	}
	return "none"
}

// writeResult prints a finished hand: every hand revealed, the winner's
// breakdown item by item, each seat's value and the settlement.
func writeResult(w io.Writer, r *game.Result, names func(rules.Wind) string) {
	fmt.Fprintln(w)
	if r.Winner == rules.NoWind {
		fmt.Fprintf(w, "The hand is void: %s.\n", r.Void)
	} else {
		how := "self-drawn"
		if r.From != rules.NoWind {
			how = "on " + names(r.From) + "'s tile"
		}
		fmt.Fprintf(w, "%s wins with %s, %s", names(r.Winner), r.Tile, how)
		if len(r.Flags) > 0 {
			fmt.Fprintf(w, " (%s)", strings.Join(r.Flags, ", "))
		}
		fmt.Fprintln(w, ".")
	}
	for x := rules.E; x <= rules.N; x++ {
		v := r.Values[x]
		fmt.Fprintf(w, "  %-10s %s\n", names(x), sortedBonus(r.Hands[x]))
		if r.Winner == rules.NoWind && v.Bonus == 0 {
			continue // JL-10.3: end-of-hand points are shown even with no winner
		}
		if v.Line != "" {
			fmt.Fprintf(w, "      card line %s\n", v.Decomposition)
		}
		writeItems(w, v, "      ")
	}
	s := r.Settlement
	if s.Ledger {
		fmt.Fprintln(w, "  No points pass between players; each records:")
	} else {
		for _, t := range s.Transfers {
			fmt.Fprintf(w, "  %s pays %s %d\n", names(t.From), names(t.To), t.Amount)
		}
	}
	for x := rules.E; x <= rules.N; x++ {
		fmt.Fprintf(w, "  %-10s %+d\n", names(x), r.Net[x])
	}
	if s.Note != "" {
		fmt.Fprintf(w, "  (%s)\n", s.Note)
	}
}

// sortedBonus writes a hand's notation with its bonus tiles in order.
func sortedBonus(notation string) string {
	h, err := tile.ParseHand(notation)
	if err != nil || len(h.Bonus) < 2 {
		return notation
	}
	h.Bonus = tile.Sorted(h.Bonus)
	return h.String()
}

// writeItems prints a valuation's breakdown.
func writeItems(w io.Writer, v rules.Valuation, indent string) {
	if !v.Valid && v.Error != "" {
		fmt.Fprintf(w, "%snot valid: %s\n", indent, v.Error)
	}
	for _, it := range v.Items {
		fmt.Fprintf(w, "%s%-10s %-40s %s\n", indent, it.Rule, rules.EnglishName(it.Name), itemAmount(it))
	}
	if v.Value != 0 || v.Points != 0 || v.Doubles != 0 {
		lim := ""
		if v.Limit {
			lim = " (limit)"
		}
		fmt.Fprintf(w, "%spoints %d, doubles %d, value %d%s\n", indent, v.Points, v.Doubles, v.Value, lim)
	}
}

// meldsText writes a seat's melds, with "(????)" for hidden concealed kongs.
func meldsText(ms []hand.Meld) string {
	var parts []string
	for _, m := range ms {
		if m.Tile == tile.Unknown {
			parts = append(parts, "(????)")
			continue
		}
		parts = append(parts, m.String())
	}
	return strings.Join(parts, " ")
}
