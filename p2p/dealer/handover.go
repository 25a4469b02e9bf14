package dealer

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
	"github.com/libp2p/go-libp2p/core/peer"
)

// ErrNoSuccessor is returned by HandOver when no device could deal on: no
// other device holds a seat, the match has not started or it is over.
var ErrNoSuccessor = errors.New("dealer: no seated device can take the table over (a phone must hold a seat, in a match started and not over)")

// leaving is a hand-over asked for: its announcement, and done, closed
// once the table is handed over.
type leaving struct {
	msg wire.HandOver
	// to is the successor (msg.Successor).
	to   peer.ID
	done chan struct{}
	// now is set once the hand-over is under way.
	now bool
	// heard are the devices that must hear the hand-over under way
	// before the dealer stops serving: the seated ones and those
	// welcomed since it was asked (or watching then); each is set once
	// its device said it heard it (wire.TLeave). A device whose stream
	// dropped before it read the hand-over comes back to this dealer and
	// hears it in its welcome; no stream open is no proof of that.
	heard map[peer.ID]bool
}

// expect adds id to the devices that must hear the hand-over; l's
// dealer's mu is held.
func (l *leaving) expect(id peer.ID) {
	if _, ok := l.heard[id]; !ok {
		l.heard[id] = false
	}
}

// allHeard tells whether every device expected heard the hand-over
// under way; l's dealer's mu is held.
func (l *leaving) allHeard() bool {
	for _, ok := range l.heard {
		if !ok {
			return false
		}
	}
	return true
}

// heardBy notes that the device id heard the hand-over under way and
// leaves for the successor; it reports false when no hand-over is under
// way.
func (d *Dealer) heardBy(id peer.ID) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	l := d.leaving
	if l == nil || !l.now {
		return false
	}
	l.heard[id] = true
	return true
}

// Successor returns the seated device that would deal on if this dealer
// left now, and its player: the first holder by player number that is
// connected (the first holder if none is). ok is false when no device
// holds a seat.
func (d *Dealer) Successor() (id peer.ID, player int, ok bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.successor()
}

// successor is Successor; d.mu is held.
func (d *Dealer) successor() (peer.ID, int, bool) {
	first := -1
	for p, h := range d.holders {
		switch {
		case h == "":
		case d.current[p] != nil:
			return h, p, true
		case first < 0:
			first = p
		}
	}
	if first < 0 {
		return "", -1, false
	}
	return d.holders[first], first, true
}

// HandOver makes this dealer leave at the next hand boundary. It tells
// every device now (a hand-over message naming the successor); the hand
// in play is played to its end; once every person has asked for the next
// hand (the dealer's own players say so by themselves), the dealer tells
// every device to go to the successor, which deals on from the public
// facts (Succeed), and the channel returned is closed once every device
// seated, or watching since the hand-over was asked, has said it heard
// that (wire.TLeave; or after a while): the dealer and its table may then
// be closed. No hand is voided. It returns the successor's player. Asking
// twice gives the same hand-over. The hand boundary is where the table
// asks for the next hand's seed: the table's HandSeed must be the
// dealer's (Dealer.HandSeed).
func (d *Dealer) HandOver(ctx context.Context) (player int, done <-chan struct{}, err error) {
	snap, err := d.cfg.Table.Snapshot(ctx, table.Spectator)
	if err != nil {
		return -1, nil, err
	}
	if !snap.Info.Started || snap.Info.Standing == nil {
		return -1, nil, ErrNoSuccessor
	}
	player, done, err = d.announceLeaving(snap.Info.Hand)
	if v := snap.View; err == nil && v != nil && v.Phase == game.PhaseEnd {
		d.readyOwn()
	}
	return player, done, err
}

// HandOverMatch is HandOver for a match the dealer's table does not play
// (a sealed match, p2p/sealed, whose table stays in its lobby): it tells
// every device now, with hand the match's hand in play; the caller plays
// that hand to its end and calls HandOverNow at the hand boundary. The
// successor deals on from the match's public facts, which every device
// keeps (client.Options.Match).
func (d *Dealer) HandOverMatch(hand int) (player int, done <-chan struct{}, err error) {
	return d.announceLeaving(hand)
}

// HandOverNow hands the table over at the hand boundary of a match the
// dealer's table does not play (HandOverMatch): every device is told to
// go to the successor; last is the last hand played here.
func (d *Dealer) HandOverNow(last int) {
	d.mu.Lock()
	l := d.leaving
	d.mu.Unlock()
	if l != nil {
		d.leaveNow(l, last)
	}
}

// announceLeaving asks for a hand-over (HandOver), hand being the hand in
// play, and tells every device.
func (d *Dealer) announceLeaving(hand int) (int, <-chan struct{}, error) {
	d.mu.Lock()
	if l := d.leaving; l != nil {
		player := slices.Index(d.holders[:], l.to)
		d.mu.Unlock()
		return player, l.done, nil
	}
	id, player, ok := d.successor()
	if !ok {
		d.mu.Unlock()
		return -1, nil, ErrNoSuccessor
	}
	d.leaving = &leaving{msg: wire.HandOver{Hand: hand, Successor: id.String()}, to: id, done: make(chan struct{}), heard: map[peer.ID]bool{}}
	l := d.leaving
	to := d.welcomed()
	for _, h := range d.holders {
		if h != "" {
			l.expect(h)
		}
	}
	for _, s := range to {
		l.expect(s.peer)
	}
	d.mu.Unlock()
	for _, s := range to {
		s.conn.Send(&wire.Msg{Type: wire.THandOver, HandOver: &l.msg})
	}
	return player, l.done, nil
}

// welcomed returns the sessions welcomed; d.mu is held.
func (d *Dealer) welcomed() []*session {
	var to []*session
	for s := range d.sessions {
		if s.welcomed {
			to = append(to, s)
		}
	}
	return to
}

// handOverNote is the hand-over message a session welcomed now must get,
// or nil; d.mu is held.
func (d *Dealer) handOverNote() *wire.Msg {
	l := d.leaving
	if l == nil {
		return nil
	}
	m := l.msg
	m.Now = l.now
	return &wire.Msg{Type: wire.THandOver, HandOver: &m}
}

// readyOwn asks for the next hand for the people playing on the dealer's
// device: a leaving dealer does not hold the table at a hand's end.
func (d *Dealer) readyOwn() {
	snap, err := d.cfg.Table.Snapshot(d.ctx, table.Spectator)
	if err != nil {
		return
	}
	for p, s := range snap.Info.Seats {
		if s.Kind == table.SeatHuman && !d.cfg.Open[p] && !snap.Info.Ready[p] {
			d.cfg.Table.Submit(d.ctx, table.Intent{Player: p, Kind: table.IntentNextHand})
		}
	}
}

// handOverNow hands the table over, at the hand boundary where the table
// asks for hand n's seed: every device is told to go to the successor,
// and l.done is closed once every device expected has said it heard that
// (wire.TLeave), or after handOverWait. The next hand is never dealt
// here: it waits for ctx (the table's) to end.
func (d *Dealer) handOverNow(ctx context.Context, l *leaving, n int) error {
	// The last hand dealt here is the one before n (a hand whose seed was
	// being agreed when the hand-over was asked was still dealt).
	d.leaveNow(l, n-1)
	<-ctx.Done()
	return ctx.Err()
}

// leaveNow tells every device to go to the successor, last being the
// last hand dealt here, and closes l.done once every device expected has
// said it heard that (wire.TLeave), or after handOverWait.
func (d *Dealer) leaveNow(l *leaving, last int) {
	d.mu.Lock()
	if l.now {
		d.mu.Unlock()
		return
	}
	l.now, l.msg.Hand = true, last
	if id, _, ok := d.successor(); ok {
		// The successor is chosen again: the one named may have gone.
		l.msg.Successor, l.to = id.String(), id
	}
	m := d.handOverNote()
	to := d.welcomed()
	d.mu.Unlock()
	for _, s := range to {
		s.conn.Send(m)
	}
	go func() {
		defer close(l.done)
		until := time.Now().Add(handOverWait)
		for time.Now().Before(until) {
			d.mu.Lock()
			left := l.allHeard()
			d.mu.Unlock()
			if left {
				return
			}
			select {
			case <-d.ctx.Done():
				return
			case <-time.After(handOverWait / 100):
			}
		}
	}()
}

// handOverWait bounds how long a leaving dealer waits for the devices to
// go to its successor before it stops serving anyway.
const handOverWait = 10 * time.Second
