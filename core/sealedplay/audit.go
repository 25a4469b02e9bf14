package sealedplay

import (
	"fmt"
	"slices"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// Verdict is a party's check of a hand after it ended: the whole hand,
// opened, replayed through the engine (game.NewHandOn and Apply) from the
// deck's tiles, with every action checked and every tile dealt or drawn to
// the seat it was revealed to.
type Verdict struct {
	Verified bool
	Reason   string       // why not, when not verified
	Fault    Fault        // who voided the hand and how, when it is void for a known holder
	Result   *game.Result // the replayed hand's result, when verified
	// Ring is the opened deck the verified hand was dealt from and the
	// deal's throws (game.NewHandOn); Events are what the engine made of
	// the hand replayed: its deal, then each action's event and what
	// followed, as an ordinary table's record has them (record.Wall).
	Ring   game.Ring
	Events []game.Event
}

// audit replays the opened hand.
func (t *tracker) audit() Verdict {
	if t.void != "" {
		return Verdict{Reason: "the hand was void: " + t.void, Fault: t.fault}
	}
	if t.deck == nil || slices.Contains(t.known, tile.None) || t.st.Phase != game.PhaseEnd {
		return Verdict{Reason: "the hand is not over or not every tile is opened"}
	}
	r := &tracker{cfg: t.cfg, setup: t.setup, known: t.known, steps: t.steps, ring: slices.Clone(t.known), n0: t.n0, moves: t.moves}
	if err := r.replay(true); err != nil {
		return Verdict{Reason: "the hand does not replay: " + err.Error(), Fault: faultOf(err)}
	}
	taken := map[uint32]bool{}
	for _, w := range r.takes {
		taken[w] = true
		if slices.Contains(r.indicators, w) {
			// A joker indicator is revealed to nobody; its copies are.
			if t.revealTo[w] != Public {
				return Verdict{Reason: fmt.Sprintf("slot %d (%v), a joker indicator, was revealed to holder %d", w, t.known[w], t.revealTo[w])}
			}
			continue
		}
		if want := t.cfg.Seats[r.holder[w]]; t.revealTo[w] != want {
			return Verdict{Reason: fmt.Sprintf("slot %d (%v) went to seat %v of holder %d but was revealed to %s (an undeclared bonus tile?)", w, t.known[w], r.holder[w], want, holderName(t.revealTo[w]))}
		}
	}
	for _, m := range t.moves {
		if why := t.misrouted(m); why != "" {
			return Verdict{Reason: why}
		}
		for _, f := range m.fresh {
			taken[f] = true
		}
	}
	for _, w := range r.indicators[:r.returns] {
		if !slices.Contains(t.backs, w) {
			return Verdict{Reason: fmt.Sprintf("the joker indicator in slot %d (%v) went back face up (JL-8.2), but the seat that drew it did not open it", w, t.known[w])}
		}
	}
	for _, c := range t.copies {
		taken[c.slot] = true
		if !slices.Contains(r.indicators, c.from) || (t.revealTo[c.slot] != c.holder && t.revealTo[c.slot] != Public) {
			return Verdict{Reason: fmt.Sprintf("slot %d copies slot %d for holder %d, but the replayed hand never draws that joker indicator (a false TING, or an indicator kept that should have gone back?)", c.slot, c.from, c.holder)}
		}
	}
	for w, h := range t.revealTo {
		if h != Public && !taken[uint32(w)] {
			return Verdict{Reason: fmt.Sprintf("slot %d was revealed to holder %d but the replayed hand never takes it", w, h)}
		}
	}
	return Verdict{Verified: true, Result: r.st.Result, Ring: game.Ring{Tiles: slices.Clone(t.known[:t.n0]), Throws: t.cfg.Dice}, Events: r.events}
}

func holderName(h uint32) string {
	if h == Public {
		return "nobody"
	}
	return fmt.Sprintf("holder %d", h)
}
