package table

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/sealedplay"
)

// The dealer's party of a sealed table: it sequences each deal (the
// sequencer orders the devices' messages and relays every one it accepts,
// this device's own included), voids a stalled deal and deals it again
// with fresh keys. Once a hand is booked it starts the next deal at once:
// its keys and shuffles run while the players read the hand's sheet, and
// it holds back the last shuffle, which deals the hand, until every
// player is ready.

// maxLater bounds the messages the dealer keeps for later (ErrNotNow).
const maxLater = 64

// next deals the next deal, or ends the match after its last hand.
func (t *Sealed) next() {
	if t.m.over() {
		t.cfg.Send(SealedNote{Kind: SealedEnd, Deal: t.m.deal})
		t.finish()
		return
	}
	n := t.m.deal + 1
	cfg, err := t.nextConfig()
	if err == nil {
		t.seq, err = sealedplay.NewSequencer(cfg)
	}
	if err != nil {
		t.fail(fmt.Errorf("table: cannot deal deal %d: %w", n, err))
		return
	}
	from, err := json.Marshal(t.m.from())
	if err != nil {
		t.fail(fmt.Errorf("table: cannot encode the ledger before deal %d: %w", n, err))
		return
	}
	t.cfg.Send(SealedNote{Kind: SealedDeal, Deal: n, Body: from})
	t.later = nil
	t.arm()
	if err := t.begin(n); err != nil {
		t.fail(err)
	}
}

// nextConfig is the sealed configuration of the next deal.
func (t *Sealed) nextConfig() (sealedplay.Config, error) {
	t.m.deal++
	defer func() { t.m.deal-- }()
	return t.m.config()
}

// fromDevice takes a note of key holder n.From at the dealer.
func (t *Sealed) fromDevice(n SealedNote) error {
	if n.From < 0 || n.From >= len(t.m.setup.Peers) || n.From == int(t.me) {
		return fmt.Errorf("table: a note from holder %d; the other devices are holders 0 to %d but %d", n.From, len(t.m.setup.Peers)-1, t.me)
	}
	switch n.Kind {
	case SealedPlay:
		if n.Deal != t.m.deal || t.seq == nil {
			return nil // a message of an earlier deal
		}
		var msg sealedplay.Msg
		if err := msg.UnmarshalBinary(n.Body); err != nil || int(msg.From) != n.From {
			if err == nil {
				err = fmt.Errorf("it is holder %d's", msg.From)
			}
			return t.refuse(n.From, fmt.Sprintf("a message it could not send: %v", err))
		}
		t.local = append(t.local, msg)
		t.drain()
		return nil
	case SealedReady:
		p, err := readyPlayer(n)
		if err != nil {
			return t.refuse(n.From, err.Error())
		}
		if t.m.setup.Players[p] != n.From {
			return t.refuse(n.From, fmt.Sprintf("it said player %d is ready, whom holder %d plays", p, t.m.setup.Players[p]))
		}
		if n.Deal == t.sheet && t.between && t.verifiedNow() && !t.over {
			t.setReady(p)
		}
		return nil
	}
	return t.refuse(n.From, fmt.Sprintf("a note of kind %d; a device sends %d (play) and %d (ready)", n.Kind, SealedPlay, SealedReady))
}

// drain hands this device's and the devices' messages to the sequencer,
// in order; once the deal is over it deals the next (prepared behind the
// sheet of a verified hand, again at once after a void one) or ends the
// match.
func (t *Sealed) drain() {
	if t.draining {
		return
	}
	t.draining = true
	for len(t.local) > 0 && t.seq != nil {
		msg := t.local[0]
		t.local = t.local[1:]
		if t.take(msg) {
			t.arm()
		}
	}
	t.local = nil
	t.draining = false
	if t.seq != nil && t.seq.Over() && t.between {
		t.seq = nil
		t.stopStall()
		t.next()
	}
}

// take hands a device's message to the sequencer and relays what it
// accepts; it reports whether the hand moved on. The sequencer checks a
// prepared deal's last shuffle at once, but what it makes of it (the
// shuffle and the deal's reveals) is held back until every player is
// ready (setReady).
func (t *Sealed) take(msg sealedplay.Msg) bool {
	out, err := t.seq.Receive(msg)
	switch {
	case errors.Is(err, sealedplay.ErrNotNow):
		if len(t.later) < maxLater {
			t.later = append(t.later, msg)
		}
	case err != nil:
		_ = t.refuse(int(msg.From), err.Error())
	}
	if len(out) == 0 {
		return false
	}
	if t.prep && t.lastShuffle(msg) && t.ready != [4]bool{true, true, true, true} {
		t.held = out
		t.stopStall()
		return false
	}
	t.pass(out)
	return true
}

// pass relays the sequencer's messages, then offers it again the
// messages it refused for now.
func (t *Sealed) pass(out []sealedplay.Msg) {
	t.relay(out)
	later := t.later
	t.later = nil
	for _, l := range later {
		t.take(l)
	}
}

// relay sends the sequencer's messages to every party and to this
// device, whose answers go back to the sequencer (drain).
func (t *Sealed) relay(out []sealedplay.Msg) {
	for _, msg := range out {
		b, err := msg.MarshalBinary()
		if err != nil {
			_ = t.refuse(-1, err.Error())
			continue
		}
		t.cfg.Send(SealedNote{Kind: SealedPlay, Deal: t.m.deal, Body: b})
		if err := t.receive(msg); err != nil {
			_ = t.refuse(int(t.me), "this device refused a relayed message: "+err.Error())
		}
	}
}

// arm (re)starts the stall timer of the current deal: when it runs out,
// the sequencer says who stalled the deal (Sequencer.Stalled), which
// voids it or times the claim window out.
func (t *Sealed) arm() {
	t.stopStall()
	if t.held != nil {
		return // the deal waits for the players, not for a device
	}
	t.turn++
	turn := t.turn
	t.stall = time.AfterFunc(t.cfg.Wait, func() {
		t.post(func() {
			if t.turn != turn || t.seq == nil || t.seq.Over() || t.closed {
				return
			}
			if out := t.seq.Stalled(); len(out) > 0 {
				t.draining = true
				t.relay(out)
				t.draining = false
			}
			t.arm()
			t.drain()
		})
	})
}

// stopStall stops the stall timer.
func (t *Sealed) stopStall() {
	if t.stall != nil {
		t.stall.Stop()
		t.stall = nil
	}
}

// refuse notes a message the sequencer refused, with why, and returns it
// as an error.
func (t *Sealed) refuse(holder int, why string) error {
	s := fmt.Sprintf("deal %d, holder %d: %s", t.m.deal, holder, why)
	t.refused = append(t.refused, s)
	return errors.New("table: refused " + s)
}
