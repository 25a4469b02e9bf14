package sealedplay

import (
	"fmt"
	"slices"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// over reports whether the hand has ended and every tile is opened, or
// is void: what the party has seen of the sequencer's Over.
func (t *tracker) over() bool {
	return t.void != "" || (t.st != nil && t.st.Phase == game.PhaseEnd && t.public != nil && !slices.Contains(t.public, false))
}

// Over reports whether the hand has ended and every tile is opened, or is
// void: the device may audit it (Audit) and go on to the next hand.
func (d *Device) Over() bool { return d.t.over() }

// Over reports whether the hand has ended and every tile is opened, or is
// void.
func (s *Spectator) Over() bool { return s.t.over() }

// Decides returns this device's seats that owe a decision now and whose
// tiles it has all decrypted. Over a network, where the sequencer's
// messages come one by one, Waiting may already name a seat whose drawn
// tile is still being revealed to it; its view and legal actions are
// the seat's own only once Decides names it.
func (d *Device) Decides() []rules.Wind {
	var out []rules.Wind
	for _, seat := range d.Waiting() {
		if d.Settled(seat) {
			out = append(out, seat)
		}
	}
	return out
}

// Settled reports whether this device knows every tile seat holds and
// its engine holds exactly those, so that its view of the seat is the
// seat's real hand: from a deal, a draw or a Charleston pass until the
// shares that reveal the tiles come, the engine holds imagined tiles in
// their place. A seat of another device's, a hand not dealt yet, an
// ended one and a void one are settled: nothing of them is to come (at
// the end a winner's hand holds the tile it won on, which lay in a row).
func (d *Device) Settled(seat rules.Wind) bool {
	t := d.t
	if t.st == nil || t.void != "" || t.st.Phase == game.PhaseEnd || seat < rules.E || seat > rules.N || t.cfg.Seats[seat] != t.me {
		return true
	}
	var have tile.Counts
	for w := range t.hidden[seat] {
		if t.known[w] == tile.None {
			return false
		}
		have[t.known[w]]++
	}
	return have == t.st.Players[seat].Concealed
}

// Stalled is Timeout for a whole deal: before the deal, while a key or a
// link of the shuffle chain is awaited, the hand is void and the returned
// TVoid names the holder that did not send it; after it, it is Timeout.
func (s *Sequencer) Stalled() []Msg {
	if s.t.void != "" || s.t.deck != nil {
		return s.Timeout()
	}
	var reason string
	var by uint32
	for j, k := range s.t.keys {
		if k == nil && reason == "" {
			reason, by = fmt.Sprintf("holder %d did not send its key", j), uint32(j)
		}
	}
	if reason == "" {
		by = uint32(len(s.t.decks) - 1)
		reason = fmt.Sprintf("holder %d did not send its link of the shuffle", by)
	}
	m := Msg{Type: TVoid, Reason: reason, Fault: Fault{Kind: Withheld, Holder: by}}
	s.t.void, s.t.fault = reason, m.Fault
	return []Msg{m}
}

// PublicView returns the public view of the hand (what a spectator sees),
// or nil before the deck is shuffled.
func (d *Device) PublicView() *game.View { return d.t.publicView() }

// View returns the public view of the hand, or nil before the deck is
// shuffled.
func (s *Spectator) View() *game.View { return s.t.publicView() }

// publicView is the engine's view of no seat.
func (t *tracker) publicView() *game.View {
	if t.st == nil {
		return nil
	}
	return t.st.View(rules.NoWind)
}
