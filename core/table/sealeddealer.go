package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
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

// maxRefused bounds the refusals the dealer keeps to tell (Refused): a
// device that sends message after message it may not send makes the
// dealer's device count them, not keep them.
const maxRefused = 64

// laterMsg is a message the sequencer refused for now, and the decisions
// relayed in the deal when it did (Sealed.steps). An action refused
// because tiles are being revealed answers the decision still open once
// they are; but a device whose app restarted answers again a claim
// window's or a Charleston step's decision whose answer the sequencer
// holds, or, its answer still on the way, the one just closed, and such
// an answer would be taken for its seat's next decision. So an action is
// kept only while it fits the decision open (keep) and only until the
// next decision is relayed.
type laterMsg struct {
	msg   sealedplay.Msg
	steps uint64
}

// keep reports whether an action the sequencer refused for now may
// answer the decision open: its seat's answer is not held already, and
// it is of the decision's kind (fits).
func (t *Sealed) keep(msg sealedplay.Msg) bool {
	if msg.Type != sealedplay.TAct {
		return true
	}
	if msg.Seat < rules.E || msg.Seat > rules.N || t.holds[msg.Seat] == t.steps+1 {
		return false
	}
	v := t.dev.PublicView()
	return v == nil || fits(msg.Action, v.Phase)
}

// fits reports whether action a can answer a decision of phase p: a
// claim window's and a Charleston step's answers are given only in them,
// a turn's actions only outside them; a pass answers either, and the
// rounds of one seat (exposures, an invocation) too.
func fits(a game.Action, p game.Phase) bool {
	switch a.Type {
	case game.ActPass:
		return p.Simultaneous() || p == game.PhaseExpose || p == game.PhaseInvoke
	case game.ActChow, game.ActPung, game.ActKong, game.ActMahjong, game.ActCall, game.ActGive, game.ActStop, game.ActContinue, game.ActPropose:
		return p.Simultaneous()
	}
	return !p.Simultaneous()
}

// next deals the next deal, or ends the match after its last hand.
func (t *Sealed) next() {
	if t.m.over() {
		t.cfg.Send(SealedNote{Kind: SealedEnd, Deal: t.m.deal})
		t.finish()
		return
	}
	n := t.m.deal + 1
	if err := t.seatArrivals(); err != nil {
		t.fail(fmt.Errorf("table: cannot seat the devices that came late at deal %d: %w", n, err))
		return
	}
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
	t.later, t.steps, t.holds = nil, 0, [4]uint64{}
	t.tell()
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
		// A device that rejoined names the deal before the one it
		// rejoined: after the sheet's deal, deals voided behind the
		// sheet may come, and they have no sheet of their own.
		if n.Deal >= t.sheet && n.Deal <= t.m.deal && t.between && t.verifiedNow() && !t.over {
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
	t.tell()
	if t.seq != nil && t.seq.Over() && t.between {
		t.seq = nil
		t.stopStall()
		if t.leaving != nil && !t.m.over() {
			t.boundary()
			return
		}
		t.next()
	}
}

// Leave makes a dealer's party deal no more, to hand the table over to
// a successor dealer: the deal in play is played to its end, and the
// channel returned is closed at the hand boundary, once that deal is
// void or booked and every player is ready for the next (this device's
// own people are made ready, as they leave with it). A deal prepared
// behind the sheet is never dealt. The successor deals on from the
// ledger (Ledger, SealedFrom.Start). A dealer that leaves before its
// first deal leaves at that deal's end. The last hand of the match ends
// it as always (Done), and the channel then stays open. Asking twice
// gives the same channel.
func (t *Sealed) Leave(ctx context.Context) (<-chan struct{}, error) {
	var ch chan struct{}
	err := t.call(ctx, func() error {
		switch {
		case !t.cfg.Dealer:
			return errors.New("table: only the dealer's party leaves a sealed table; a device's follows the dealer")
		case t.closed:
			return ErrClosed
		}
		if t.leaving == nil {
			t.leaving = make(chan struct{})
		}
		ch = t.leaving
		t.boundary()
		return nil
	})
	return ch, err
}

// boundary closes t.leaving once the leaving dealer's deal is over: at
// once after a void deal, when every player is ready after a booked one
// (this device's own players are made ready).
func (t *Sealed) boundary() {
	if t.leaving == nil || t.left || !t.between || t.over || t.m.deal == 0 || (t.seq != nil && !t.prep) {
		return
	}
	if t.verifiedNow() {
		for p, mine := range t.played {
			if mine && !t.ready[p] {
				t.markReady(p)
			}
		}
		if t.ready != [4]bool{true, true, true, true} {
			return
		}
	}
	t.left = true
	t.stopStall()
	close(t.leaving)
}

// take hands a device's message to the sequencer and relays what it
// accepts; it reports whether the hand moved on. The sequencer checks a
// prepared deal's last shuffle at once, but what it makes of it (the
// shuffle and the deal's reveals) is held back until every player is
// ready (setReady).
func (t *Sealed) take(msg sealedplay.Msg) bool {
	if t.held != nil && t.lastShuffle(msg) {
		return false // sent again by a device that restarted: the first, held, stands
	}
	out, err := t.seq.Receive(msg)
	switch {
	case errors.Is(err, sealedplay.ErrNotNow):
		if len(t.later) < maxLater && t.keep(msg) {
			t.later = append(t.later, laterMsg{msg: msg, steps: t.steps})
		}
	case err != nil:
		_ = t.refuse(int(msg.From), err.Error())
	case msg.Type == sealedplay.TAct && len(out) == 0 && msg.Seat >= rules.E && msg.Seat <= rules.N:
		t.holds[msg.Seat] = t.steps + 1 // an answer the sequencer holds until all are in
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
		if l.msg.Type != sealedplay.TAct || (l.steps == t.steps && t.keep(l.msg)) {
			t.take(l.msg)
		}
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
		if msg.Type == sealedplay.TAct || msg.Type == sealedplay.TAnswers {
			t.steps++
		}
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

// tell sends, for each device whose seats' answers to the open decision
// the dealer has changed, a SealedHeld note naming them: held by the
// sequencer, or refused for now and kept. A device that rejoins is told
// them, and does not answer again what its old process answered.
func (t *Sealed) tell() {
	var now [4]bool
	for seat := range now {
		now[seat] = t.holds[seat] == t.steps+1
	}
	for _, l := range t.later {
		if l.msg.Type == sealedplay.TAct && l.steps == t.steps && l.msg.Seat >= rules.E && l.msg.Seat <= rules.N {
			now[l.msg.Seat] = true
		}
	}
	if now == t.told {
		return
	}
	for h := range t.m.setup.Peers {
		changed := false
		var body []byte
		for seat, held := range now {
			if t.m.setup.Players[t.m.ledger.PlayerAt(rules.Wind(seat))] == h {
				changed = changed || held != t.told[seat]
				if held {
					body = append(body, byte(seat))
				}
			}
		}
		if changed && h != int(t.me) {
			t.cfg.Send(SealedNote{Kind: SealedHeld, Deal: t.m.deal, From: h, Body: body})
		}
	}
	t.told = now
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
	if len(t.refused) < maxRefused {
		t.refused = append(t.refused, s)
	} else {
		t.refusedMore++
	}
	return errors.New("table: refused " + s)
}
