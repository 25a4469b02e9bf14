package client

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	fwhost "github.com/fourwinds-mahjong/fourwinds/p2p/host"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
	"github.com/libp2p/go-libp2p/core/network"
)

// connect dials, says hello and reads the welcome.
func (c *Client) connect(ctx context.Context) (*wire.Conn, network.Stream, error) {
	if len(c.dealer.Addrs) > 0 {
		c.h.Peerstore().AddAddrs(c.dealer.ID, c.dealer.Addrs, time.Hour)
	}
	if err := c.h.Connect(ctx, c.dealer); err != nil {
		return nil, nil, fmt.Errorf("client: cannot reach the dealer %s: %w", c.dealer.ID, err)
	}
	st, err := c.h.NewStream(network.WithAllowLimitedConn(ctx, "table"), c.dealer.ID, wire.TableProtocol)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %w", errNotServing, err)
	}
	conn := wire.NewConn(st)
	c.mu.Lock()
	player, term := c.player, c.term
	c.mu.Unlock()
	conn.SetTerm(term)
	if err := conn.Send(&wire.Msg{Type: wire.THello, Hello: &wire.Hello{Version: wire.Version, Player: player, PIN: c.opts.PIN, Key: c.opts.Key, Name: c.opts.Name, Compress: []string{wire.Deflate}}}); err != nil {
		st.Reset()
		return nil, nil, err
	}
	if dl, ok := ctx.Deadline(); ok {
		st.SetReadDeadline(dl)
	}
	m, err := conn.Recv()
	st.SetReadDeadline(time.Time{})
	infos := &wire.Infos{}
	if err == nil {
		err = infos.Restore(m)
	}
	if err != nil {
		st.Reset()
		return nil, nil, fmt.Errorf("client: no welcome from the dealer: %w", err)
	}
	c.bindMsg(m)
	c.notify(m)
	switch m.Type {
	case wire.TWelcome:
		if m.Term < term {
			st.Reset()
			return nil, nil, fmt.Errorf("%w: it deals term %d, and this device has seen term %d", errStaleTerm, m.Term, term)
		}
	case wire.TRefused:
		st.Reset()
		return nil, nil, &table.RefusedError{Reason: m.Refused.Reason, Detail: m.Refused.Detail}
	default:
		st.Reset()
		return nil, nil, fmt.Errorf("client: the dealer answered a hello with %s", m.Type)
	}
	c.h.ConnManager().Protect(c.dealer.ID, fwhost.TableTag)
	w := m.Welcome
	if w.Compress == wire.Deflate {
		conn.DecompressRecvs()
	}
	c.mu.Lock()
	c.conn, c.stream, c.player, c.heartbeat, c.infos = conn, st, w.Player, w.Heartbeat, infos
	if w.TakeOver > 0 {
		c.takeOver = w.TakeOver
	}
	c.term = max(c.term, m.Term)
	conn.SetTerm(c.term)
	c.resyncing = 0
	if !c.welcomed {
		c.noteView(w.Snapshot)
		c.welcomed, c.last, c.dealerSeq = true, w.Snapshot, w.Snapshot.Seq
		c.mu.Unlock()
		return conn, st, nil
	}
	u := c.accept(w.Snapshot, nil)
	c.mu.Unlock()
	c.publish(u)
	return conn, st, nil
}

func (c *Client) notify(m *wire.Msg) {
	if c.opts.OnEvent != nil {
		c.opts.OnEvent(m)
	}
}

// run reads the dealer's messages and reconnects when the stream ends,
// until Close.
func (c *Client) run(conn *wire.Conn, st network.Stream) {
	defer close(c.done)
	for conn != nil {
		silent, heard := c.serve(conn, st)
		if silent {
			// The connection is dead without the transport knowing yet
			// (a dealer killed behind QUIC): close it so the redial is
			// fresh.
			c.h.Network().ClosePeer(c.dealer.ID)
		}
		c.mu.Lock()
		c.bytesIn += conn.In.Load()
		c.conn, c.stream = nil, nil
		for id, ch := range c.pending {
			close(ch)
			delete(c.pending, id)
		}
		c.mu.Unlock()
		conn, st = c.reconnect(heard)
	}
}

// reconnect finds the table's dealer again once the stream ended: the
// same dealer, or a successor (taking the table over when it is this
// device, then dealing until Close or until it steps down for a newer
// dealer). The dealer was last heard at heard: the take-over wait counts
// from then. It returns nil once the client is closed or gave up.
func (c *Client) reconnect(heard time.Time) (*wire.Conn, network.Stream) {
	lost, next := heard, 0
	c.mu.Lock()
	c.lost = c.dealer
	c.mu.Unlock()
	// moved is when this device went on to the successor it dials
	// (zero while it dials the dealer it lost); tried is set once an
	// attempt to reach the device dialled failed: a device is never
	// gone past, nor the table taken over, before it was dialled
	// again (Retry may be longer than TakeOverAfter).
	var moved time.Time
	tried := false
	wait, retry := c.opts.Retry, c.opts.Retry
	if c.handedOver(&next) {
		// The dealer handed the table over at a hand boundary: on to
		// the successor at once, and again soon while it sets up.
		if c.succeed(&next, true) {
			if !c.dealOn() {
				return nil, nil
			}
			next = 0
		} else {
			wait, retry, moved = 0, min(retry, handOverRetry), time.Now()
		}
	}
	for {
		select {
		case <-c.ctx.Done():
			c.closeSubs()
			return nil, nil
		case <-time.After(wait):
		}
		wait = retry
		if c.walksSuccession() && tried && time.Since(lost) > c.TakeOverAfter() {
			lost = time.Now()
			if c.succeed(&next, false) {
				if !c.dealOn() {
					return nil, nil
				}
				// Stepped down for a newer dealer: down the succession
				// again, from the start.
				lost, next = time.Now(), 0
			}
			moved, tried = lost, false
		}
		if c.opts.GiveUp > 0 && time.Since(lost) > c.opts.GiveUp {
			c.mu.Lock()
			c.gaveUp = true
			c.mu.Unlock()
			c.end()
			c.closeSubs()
			return nil, nil
		}
		ctx, cancel := context.WithTimeout(c.ctx, c.dialWait(lost, moved))
		conn, st, err := c.connect(ctx)
		cancel()
		if err == nil {
			return conn, st
		}
		tried = true
		if !moved.IsZero() && errors.Is(err, errNotServing) && time.Since(moved) < c.patience() {
			// The successor's device is alive and will deal once it
			// has given up on the dealer (and on the devices before
			// it) by its own clock: going past it now would make two
			// dealers of one table. The attempt does not count as
			// failed.
			lost, tried = time.Now(), false
		}
		var re *table.RefusedError
		if errors.As(err, &re) {
			c.mu.Lock()
			c.refusal = &wire.Refusal{Reason: re.Reason, Detail: re.Detail}
			c.mu.Unlock()
		} else if search := c.searchWait(lost, moved); c.opts.Locate != nil && !errors.Is(err, errStaleTerm) && search > 0 {
			lctx, cancel := context.WithTimeout(c.ctx, search)
			if info, err := c.opts.Locate(lctx, c.dealer.ID); err == nil && info.ID == c.dealer.ID {
				c.mu.Lock()
				c.dealer = info
				c.mu.Unlock()
			}
			cancel()
		}
	}
}

// walksSuccession reports whether this device goes on to the dealer's
// successors when the dealer is gone: one that may take the table over,
// or one that follows a match dealt elsewhere (DealtElsewhere).
func (c *Client) walksSuccession() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.opts.TakeOver != nil || c.elsewhere
}

// shortDial is the least time an attempt to reach the lost dealer is
// given once the take-over wait is nearly over: on a local network a dial
// answers in milliseconds, and a dealer killed behind QUIC never does.
const shortDial = 500 * time.Millisecond

// dialWait bounds an attempt to reach the dealer dialled: redialWait, but
// for the lost dealer (moved zero: the succession has not moved on) no
// later than the take-over wait's end, counted from lost, and at least
// shortDial. A successor being waited for keeps redialWait: a device that
// answers slowly is alive.
func (c *Client) dialWait(lost, moved time.Time) time.Duration {
	return max(c.searchWait(lost, moved), shortDial)
}

// searchWait bounds a search for the dealer's new addresses: redialWait,
// but for the lost dealer, when this device may take the table over, no
// later than the take-over wait's end, counted from lost (a search that
// finds nothing must not hold the take-over up); 0 once that wait is
// over.
func (c *Client) searchWait(lost, moved time.Time) time.Duration {
	if c.opts.TakeOver == nil || !moved.IsZero() {
		return redialWait
	}
	return max(min(redialWait, time.Until(lost.Add(c.TakeOverAfter()))), 0)
}

// serve reads one connection until it ends, sending heartbeats. It
// reports whether the dealer fell silent, and when it was last heard.
func (c *Client) serve(conn *wire.Conn, st network.Stream) (silent bool, last time.Time) {
	stop := make(chan struct{})
	defer close(stop)
	c.mu.Lock()
	hb, infos := c.heartbeat, c.infos
	c.mu.Unlock()
	var heard atomic.Int64
	var quiet atomic.Bool
	heard.Store(time.Now().UnixNano())
	if hb > 0 {
		// Ping every heartbeat; a dealer silent for three (it answers
		// every ping) is gone, and the stream is dropped to redial.
		go func() {
			t := time.NewTicker(hb)
			defer t.Stop()
			for {
				select {
				case <-stop:
					return
				case <-t.C:
					if time.Since(time.Unix(0, heard.Load())) > 3*hb {
						quiet.Store(true)
						st.Reset()
						return
					}
					if conn.Send(&wire.Msg{Type: wire.TPing}) != nil {
						st.Reset()
						return
					}
				}
			}
		}()
	}
	go func() {
		select {
		case <-stop:
		case <-c.ctx.Done():
			st.Reset()
		}
	}()
	for {
		m, err := conn.Recv()
		if err == nil {
			heard.Store(time.Now().UnixNano())
			err = infos.Restore(m)
		}
		if errors.Is(err, wire.ErrBadMessage) {
			continue
		}
		if err != nil {
			st.Reset()
			return quiet.Load(), time.Unix(0, heard.Load())
		}
		if !c.follows(conn, m) {
			// A dealer of an older term: this device follows none.
			st.Reset()
			return false, time.Now()
		}
		c.bindMsg(m)
		c.notify(m)
		c.handle(conn, m)
	}
}

// follows tells whether m's term is the highest this device has seen; a
// higher one becomes it (and conn's).
func (c *Client) follows(conn *wire.Conn, m *wire.Msg) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if m.Term < c.term {
		return false
	}
	if m.Term > c.term {
		c.term = m.Term
		conn.SetTerm(m.Term)
	}
	return true
}

func (c *Client) handle(conn *wire.Conn, m *wire.Msg) {
	switch m.Type {
	case wire.TUpdate:
		c.update(*m.Update)
	case wire.TPing:
		conn.Send(&wire.Msg{Type: wire.TPong})
	case wire.TPong:
		c.mu.Lock()
		behind := m.Seq > c.dealerSeq
		c.mu.Unlock()
		if behind {
			c.resync()
		}
	case wire.TCommitAsk, wire.TCommitments, wire.TReveal:
		c.deal(conn, m)
	case wire.TRoster:
		c.mu.Lock()
		c.roster = m.Roster
		c.mu.Unlock()
	case wire.THandOver:
		c.noteHandOver(conn, m.HandOver)
	case wire.TDone, wire.TRefused, wire.TSnapshot, wire.THand:
		if m.ID == 0 {
			return
		}
		c.mu.Lock()
		if m.ID == c.resyncing && m.Refused != nil {
			// The resync was refused (too-many): it is asked again once
			// the dealer allows, the updates dropped meanwhile being in
			// the snapshot.
			c.resyncing = 0
			c.mu.Unlock()
			time.AfterFunc(max(m.Refused.Wait, handOverRetry), c.resync)
			return
		}
		if m.ID == c.resyncing && m.Snapshot != nil {
			c.resyncing = 0
			if m.Snapshot.Seq > c.dealerSeq {
				u := c.accept(*m.Snapshot, nil)
				c.mu.Unlock()
				c.publish(u)
				return
			}
		}
		ch := c.pending[m.ID]
		delete(c.pending, m.ID)
		c.mu.Unlock()
		if ch != nil {
			ch <- m
		}
	}
}

// update applies one update in order; a gap asks for a fresh snapshot and
// drops updates until it comes.
func (c *Client) update(u table.Update) {
	c.mu.Lock()
	switch {
	case u.Seq <= c.dealerSeq:
		c.mu.Unlock()
		return
	case c.resyncing != 0:
		c.mu.Unlock()
		return
	case u.Seq != c.dealerSeq+1:
		c.mu.Unlock()
		c.resync()
		return
	}
	c.noteDeal(u)
	out := c.accept(u.Snapshot, u.Events)
	c.mu.Unlock()
	c.publish(out)
}

// accept makes s, reached through events, the latest snapshot and returns
// the update that delivers it, numbered next in the client's numbering;
// c.mu is held.
func (c *Client) accept(s table.Snapshot, events []game.Event) table.Update {
	c.noteView(s)
	c.dealerSeq = s.Seq
	s.Seq = c.last.Seq + 1
	c.shift = int64(s.Seq) - int64(c.dealerSeq)
	c.last = s
	return table.Update{Seq: s.Seq, Events: events, Snapshot: s}
}

// bindMsg attaches the table's ruleset and options to the views a message
// carries, so that they answer Rules and Options as on the dealer.
func (c *Client) bindMsg(m *wire.Msg) {
	switch {
	case m.Welcome != nil:
		c.bind(&m.Welcome.Snapshot)
	case m.Snapshot != nil:
		c.bind(m.Snapshot)
	case m.Update != nil:
		c.bind(&m.Update.Snapshot)
	}
}

func (c *Client) bind(s *table.Snapshot) {
	if s.View == nil {
		return
	}
	key := fmt.Sprint(s.Info.Rules, s.Info.Options)
	c.mu.Lock()
	defer c.mu.Unlock()
	if key != c.rulesKey {
		rs, err := rules.Get(s.Info.Rules)
		if err != nil {
			return
		}
		o, err := rules.ResolveOptions(rs, s.Info.Options)
		if err != nil {
			return
		}
		c.rules, c.options, c.rulesKey = rs, o, key
	}
	s.View.Attach(c.rules, c.options)
	if c.verified != nil {
		v := *c.verified
		s.Info.Verified = &v
	}
}
