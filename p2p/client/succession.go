package client

import (
	"context"
	"slices"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
	"github.com/libp2p/go-libp2p/core/peer"
)

// handOverRetry is the pause between attempts to reach the successor of
// a dealer that handed the table over: it is setting the table up, on a
// local network, in milliseconds.
const handOverRetry = 50 * time.Millisecond

// dealing returns the table this device deals since it took the table
// over, or nil.
func (c *Client) dealing() table.Table {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.local
}

// patience is how long a successor whose device answers (alive, not
// dealing yet) is waited for before going past it: long enough for it to
// give up, by its own clock, on the dealer and on every device before it
// in the succession, a take-over wait each, and to look at that clock
// (it does between attempts to reach the dealer, each up to redialWait,
// and as long again to search for it); bounded, so that a device that
// will not deal (its take-over off, or failed) does not hold the table up
// for ever.
func (c *Client) patience() time.Duration {
	wait := c.TakeOverAfter()
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 1
	if c.roster != nil {
		n = len(c.roster.Succession())
	}
	return time.Duration(n+1)*wait + 2*redialWait
}

// succeed moves on to the next device in the dealer's succession, from
// *next on: it dials that device from now on, or, when it is this device,
// takes the table over and reports true. A take-over needs the grants of
// a majority of the seated devices (elect), unless the dealer handed the
// table over to this device (handed). Past the last device, it dials the
// dealer it lost again and starts the succession afresh.
func (c *Client) succeed(next *int, handed bool) bool {
	c.mu.Lock()
	r, info, player, lost, elsewhere := c.roster, c.last.Info, c.player, c.lost.ID, c.elsewhere
	c.mu.Unlock()
	if c.opts.Match != nil {
		if m, ok := c.opts.Match(); ok {
			m.Name, m.Card = info.Name, info.Card
			info = m
		}
	}
	// Without a match to deal on from, this device waits for the dealer
	// it dials (a successor dealing from public facts that has not dealt
	// yet), unless the match is dealt elsewhere: then it walks the
	// succession to follow the device that deals on (DealtElsewhere).
	if r == nil || info.Over || (info.Standing == nil && !elsewhere) {
		return false
	}
	var holders [4]peer.ID
	for p, h := range r.Holders {
		if id, err := peer.Decode(h); err == nil {
			holders[p] = id
		}
	}
	for p, s := range info.Seats {
		if s.Kind == table.SeatHuman && holders[p] == "" && !handed {
			// The person on the lost dealer's device, which may have been
			// cut off only: the seat is kept for that device
			// (dealer.Succeed). A dealer that handed the table over left.
			holders[p] = lost
		}
	}
	order := r.Succession()
	for *next < len(order) {
		id, err := peer.Decode(order[*next])
		*next++
		if err != nil || id == c.dealer.ID {
			continue
		}
		if id != c.h.ID() {
			c.mu.Lock()
			c.dealer = c.addrInfo(id)
			c.mu.Unlock()
			return false
		}
		if c.opts.TakeOver == nil || info.Standing == nil {
			continue
		}
		var term uint64
		if handed {
			c.mu.Lock()
			term = max(c.term, c.promised) + 1
			c.promised = term
			c.mu.Unlock()
		} else {
			var won bool
			if term, won = c.elect(r); !won {
				continue
			}
		}
		tbl, err := c.opts.TakeOver(c.ctx, info, term-1, holders)
		if err != nil {
			continue
		}
		snap, sub, err := tbl.Subscribe(c.ctx, player)
		if err != nil {
			tbl.Close()
			continue
		}
		c.mu.Lock()
		if c.promised != term {
			// This device granted a later term while it was taking the
			// table over (it was slow): that term's dealer deals.
			c.mu.Unlock()
			sub.Close()
			tbl.Close()
			continue
		}
		c.local, c.term = tbl, term
		u := c.accept(snap, nil)
		c.mu.Unlock()
		c.publish(u)
		if !handed {
			go c.tellLost(tbl, lost, term)
		}
		go func() {
			defer sub.Close()
			for u := range sub.Updates() {
				c.mu.Lock()
				out := c.accept(u.Snapshot, u.Events)
				c.mu.Unlock()
				c.publish(out)
			}
		}()
		return true
	}
	c.mu.Lock()
	c.dealer, *next = c.lost, 0
	c.mu.Unlock()
	return false
}

// tellEvery is how often a device that took the table over tries to
// tell the dealer it lost of its term.
const tellEvery = time.Second

// tellLost tells the dealer lost (id), which may deal on where the
// others cannot reach it (cut off alone, or back from a restart), of the
// term this device deals at: it says hello at that term, which a dealer of
// a lower term refuses before it steps down (dealer.Dealer.SteppedDown;
// its device then sits down here as a player). It tries every tellEvery
// while this device deals tbl, until that device's answer, refusal or
// welcome, came.
func (c *Client) tellLost(tbl table.Table, id peer.ID, term uint64) {
	t := time.NewTicker(tellEvery)
	defer t.Stop()
	for {
		select {
		case <-c.ctx.Done():
			return
		case <-t.C:
		}
		if c.dealing() != tbl {
			return
		}
		if c.tell(id, term) {
			return
		}
	}
}

// tell says hello at term to the device id on the table protocol and
// reports whether it answered.
func (c *Client) tell(id peer.ID, term uint64) bool {
	ctx, cancel := context.WithTimeout(c.ctx, voteWait)
	defer cancel()
	st, err := c.h.NewStream(ctx, id, wire.TableProtocol)
	if err != nil {
		return false
	}
	defer st.Close()
	st.SetDeadline(time.Now().Add(voteWait))
	conn := wire.NewConn(st)
	conn.SetTerm(term)
	if err := conn.Send(&wire.Msg{Type: wire.THello, Hello: &wire.Hello{Version: wire.Version, Player: table.Spectator, Key: c.opts.Key, PIN: c.opts.PIN}}); err != nil {
		st.Reset()
		return false
	}
	_, err = conn.Recv()
	return err == nil
}

// stepping is a table taken over that steps down for a newer dealer
// (dealer.Succeeded).
type stepping interface {
	SteppedDown() <-chan struct{}
	Outranked() uint64
}

// dealOn serves the table this device took over until Close, or until
// its dealer steps down for a newer one: it then closes that table and
// reports true (the client goes on down the succession).
func (c *Client) dealOn() bool {
	c.mu.Lock()
	local := c.local
	c.mu.Unlock()
	var down <-chan struct{}
	s, ok := local.(stepping)
	if ok {
		down = s.SteppedDown()
	}
	select {
	case <-c.ctx.Done():
		local.Close()
		c.closeSubs()
		return false
	case <-down:
	}
	local.Close()
	c.mu.Lock()
	c.local, c.term = nil, max(c.term, s.Outranked())
	c.mu.Unlock()
	return true
}

// HandOver is a dealer's hand-over as a client knows it: the dealer
// leaves at a hand boundary and another seated device deals on.
type HandOver struct {
	// Hand is the last hand the leaving dealer deals.
	Hand int
	// Host is the player of the person on the leaving dealer's device (-1
	// when it played no seat: a table-centre display); Successor is the
	// player whose device deals on.
	Host, Successor int
	// Now is set once the dealer is handing the table over; Done once
	// this device has gone to the successor (or is it).
	Now, Done bool
	// successor is the successor's peer id.
	successor string
}

// HandOver returns the dealer's last hand-over, if one was announced.
func (c *Client) HandOver() (HandOver, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.handOver == nil {
		return HandOver{}, false
	}
	return *c.handOver, true
}

// noteHandOver keeps a hand-over announced by the dealer on conn; once it
// is under way, the client takes the table's latest snapshot, tells the
// dealer it heard (wire.TLeave) and leaves it, to go to the successor
// (run).
func (c *Client) noteHandOver(conn *wire.Conn, m *wire.HandOver) {
	c.mu.Lock()
	ho := &HandOver{Hand: m.Hand, Host: -1, Successor: -1, Now: m.Now, successor: m.Successor}
	for p, s := range c.last.Info.Seats {
		if s.Kind == table.SeatHuman {
			ho.Host = p
		}
	}
	if c.roster != nil {
		ho.Successor = slices.Index(c.roster.Holders[:], m.Successor)
	}
	c.handOver = ho
	c.mu.Unlock()
	if !m.Now {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(c.ctx, redialWait)
		defer cancel()
		if a, err := c.request(ctx, &wire.Msg{Type: wire.TSnapReq}); err == nil && a.Snapshot != nil {
			c.mu.Lock()
			var u *table.Update
			if a.Snapshot.Seq > c.dealerSeq {
				x := c.accept(*a.Snapshot, nil)
				u = &x
			}
			c.mu.Unlock()
			if u != nil {
				c.publish(*u)
			}
		}
		c.mu.Lock()
		st := c.stream
		same := c.conn == conn
		c.mu.Unlock()
		if !same || st == nil {
			return
		}
		// The dealer serves until every device said it heard the
		// hand-over: one whose stream dropped first comes back to hear it.
		c.request(ctx, &wire.Msg{Type: wire.TLeave})
		st.Close()
	}()
}

// handedOver tells whether the dealer just handed the table over (its
// stream ended after a hand-over under way) and sets *next to the
// successor's place in the roster's succession; the hand-over is then
// done.
func (c *Client) handedOver(next *int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	ho := c.handOver
	if ho == nil || !ho.Now || ho.Done || c.roster == nil {
		return false
	}
	ho.Done = true
	*next = max(slices.Index(c.roster.Succession(), ho.successor), 0)
	return true
}
