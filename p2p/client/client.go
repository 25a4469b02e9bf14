// Package client is the table.Table of a device that joined a table dealt
// on another device: intents go to the dealer over /fourwinds/table/1.0.0,
// its seat's updates come back, a gap in their sequence numbers brings a
// fresh snapshot, and a lost connection is redialled by itself (the same
// identity gets the same seat back), so a screen drives a remote table
// exactly like a local one.
package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
	"github.com/fourwinds-mahjong/fourwinds/p2p/deal"
	fwhost "github.com/fourwinds-mahjong/fourwinds/p2p/host"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/network"
	"github.com/libp2p/go-libp2p/core/peer"
	"github.com/multiformats/go-multiaddr"
)

// redialWait bounds one reconnection attempt, and one search for the
// dealer's new addresses: on a local network either takes milliseconds.
const redialWait = 3 * time.Second

// handOverRetry is the pause between attempts to reach the successor of
// a dealer that handed the table over: it is setting the table up, on a
// local network, in milliseconds.
const handOverRetry = 50 * time.Millisecond

// errNotServing is connect's error when the dealer's device answered but
// serves no table (yet): it is alive.
var errNotServing = errors.New("client: the dealer's device answers but does not serve a table")

// ErrDisconnected is returned for a request whose connection dropped
// before its answer came; the client reconnects by itself.
var ErrDisconnected = errors.New("client: the connection to the dealer dropped; retry once reconnected")

// Options are how a client joins.
type Options struct {
	// Player is the seat asked for: 0–3, wire.AnySeat or table.Spectator.
	Player int
	// PIN is the table's PIN, if it has one.
	PIN string
	// Key is the table's key, when its join address carries one: it
	// stands for the PIN.
	Key string
	// Name is the person's name.
	Name string
	// Retry is the pause between reconnection attempts (1 s when zero).
	Retry time.Duration
	// GiveUp, when set, ends the client (its subscriptions close) once
	// the dealer has been unreachable that long.
	GiveUp time.Duration
	// Locate, when set, finds the dealer's current addresses (by mDNS, say)
	// when redialling the known ones fails: a phone that changed address or
	// a dealer restarted on another port.
	Locate func(ctx context.Context, id peer.ID) (peer.AddrInfo, error)
	// OnEvent, when set, receives every message from the dealer as it is
	// decoded, in order (for logs and secrecy checks).
	OnEvent func(*wire.Msg)
	// TakeOver, when set, lets the seated devices hand the table over
	// among themselves when the dealer stays unreachable for
	// TakeOverAfter: in the order of the dealer's last roster
	// (wire.Roster.Succession), the first device that answers deals on.
	// When it is this device's turn, TakeOver is called with the table's
	// last public facts (info.Standing says where the match goes on; the
	// hand cut short is voided) and the seated devices, and must return
	// the table it now deals on this host (dealer.Succeed); the client
	// then plays on that table. The others rejoin their seats there.
	TakeOver func(ctx context.Context, info table.Info, holders [4]peer.ID) (table.Table, error)
	// TakeOverAfter is how long the dealer must stay unreachable before
	// the table is handed over (DefaultTakeOverAfter when zero), and how
	// long each device in the succession is tried before the next.
	TakeOverAfter time.Duration
}

// DefaultTakeOverAfter is how long a dealer must stay unreachable before
// its table is handed over, when Options.TakeOverAfter is zero.
const DefaultTakeOverAfter = 20 * time.Second

// Client is a joined table. It implements table.Table for its player.
type Client struct {
	h      host.Host
	dealer peer.AddrInfo
	opts   Options
	ctx    context.Context
	end    context.CancelFunc
	done   chan struct{}

	mu     sync.Mutex
	conn   *wire.Conn
	stream network.Stream
	player int
	// last is the latest snapshot in the client's numbering; dealerSeq is
	// its number at the dealer. The client numbers its updates without a
	// gap across resyncs and reconnections (a restarted dealer may number
	// afresh): shift is the client's number minus the dealer's.
	last      table.Snapshot
	dealerSeq uint64
	shift     int64
	welcomed  bool
	heartbeat time.Duration
	nextID    uint64
	pending   map[uint64]chan *wire.Msg
	subs      map[*subscription]struct{}
	resyncing uint64
	refusal   *wire.Refusal
	bytesIn   int64
	rules     rules.Ruleset
	options   rules.Options
	rulesKey  string
	gaveUp    bool
	deals     map[int]*handDeal
	verified  *bool
	dealErr   error
	// roster is the dealer's last roster; local, once this device has
	// taken the table over, is the table it deals.
	roster *wire.Roster
	local  table.Table
	// handOver is the dealer's last hand-over announcement, as this
	// device knows it.
	handOver *HandOver
	// infos puts back the Info the dealer leaves out of updates on the
	// current connection (wire.Msg.SameInfo).
	infos *wire.Infos
}

// handDeal is this device's part in one hand's commit-reveal, and the
// deal it was shown.
type handDeal struct {
	secret    []byte
	committed []wire.Contribution
	// dealt are the events of the hand's deal as this device received
	// them, seen from seat.
	dealt []game.Event
	seat  rules.Wind
	// seen is the first view of the hand this device was shown when it
	// did not see the deal (it came back in the middle of the hand).
	seen *game.View
}

var _ table.Table = (*Client)(nil)

// Join dials the dealer, says hello and waits for its seat. The client then
// keeps the connection (reconnecting as needed) until Close.
func Join(ctx context.Context, h host.Host, dealer peer.AddrInfo, opts Options) (*Client, error) {
	if opts.Retry <= 0 {
		opts.Retry = time.Second
	}
	if opts.TakeOverAfter <= 0 {
		opts.TakeOverAfter = DefaultTakeOverAfter
	}
	cctx, end := context.WithCancel(context.Background())
	c := &Client{h: h, dealer: dealer, opts: opts, ctx: cctx, end: end, done: make(chan struct{}),
		player: opts.Player, pending: map[uint64]chan *wire.Msg{}, subs: map[*subscription]struct{}{}, deals: map[int]*handDeal{}}
	conn, st, err := c.connect(ctx)
	if err != nil {
		end()
		return nil, err
	}
	go c.run(conn, st)
	return c, nil
}

// Player returns the client's player number (table.Spectator for a
// spectator).
func (c *Client) Player() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.player
}

// Dealer returns the dealer's peer id (this device's own once it has taken
// the table over).
func (c *Client) Dealer() peer.ID {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.local != nil {
		return c.h.ID()
	}
	return c.dealer.ID
}

// BytesIn returns how many bytes came from the dealer so far, frames
// included, over every connection.
func (c *Client) BytesIn() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := c.bytesIn
	if c.conn != nil {
		n += c.conn.In.Load()
	}
	return n
}

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
	player := c.player
	c.mu.Unlock()
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
	for {
		if c.serve(conn, st) {
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
		lost, next := time.Now(), 0
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
			if c.succeed(&next) {
				c.dealOn()
				return
			}
			wait, retry, moved = 0, min(retry, handOverRetry), time.Now()
		}
		for {
			select {
			case <-c.ctx.Done():
				c.closeSubs()
				return
			case <-time.After(wait):
			}
			wait = retry
			if c.opts.TakeOver != nil && tried && time.Since(lost) > c.opts.TakeOverAfter {
				lost = time.Now()
				if c.succeed(&next) {
					c.dealOn()
					return
				}
				moved, tried = lost, false
			}
			if c.opts.GiveUp > 0 && time.Since(lost) > c.opts.GiveUp {
				c.mu.Lock()
				c.gaveUp = true
				c.mu.Unlock()
				c.end()
				c.closeSubs()
				return
			}
			ctx, cancel := context.WithTimeout(c.ctx, redialWait)
			var err error
			conn, st, err = c.connect(ctx)
			cancel()
			if err == nil {
				break
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
			} else if c.opts.Locate != nil {
				lctx, cancel := context.WithTimeout(c.ctx, redialWait)
				if info, err := c.opts.Locate(lctx, c.dealer.ID); err == nil && info.ID == c.dealer.ID {
					c.mu.Lock()
					c.dealer = info
					c.mu.Unlock()
				}
				cancel()
			}
		}
	}
}

// serve reads one connection until it ends, sending heartbeats. It
// reports whether the dealer fell silent.
func (c *Client) serve(conn *wire.Conn, st network.Stream) (silent bool) {
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
		heard.Store(time.Now().UnixNano())
		if err == nil {
			err = infos.Restore(m)
		}
		if errors.Is(err, wire.ErrBadMessage) {
			continue
		}
		if err != nil {
			st.Reset()
			return quiet.Load()
		}
		c.bindMsg(m)
		c.notify(m)
		c.handle(conn, m)
	}
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

// noteDeal keeps the events of a hand's deal for the check after the
// hand; c.mu is held.
func (c *Client) noteDeal(u table.Update) {
	for i, e := range u.Events {
		if e.Type != game.EvHandStart || e.Start == nil || u.Snapshot.View == nil {
			continue
		}
		hd := c.deals[e.Start.Number]
		if hd == nil {
			hd = &handDeal{}
			c.deals[e.Start.Number] = hd
		}
		hd.dealt, hd.seat = slices.Clone(u.Events[i:]), u.Snapshot.View.Seat
		return
	}
}

// replay deals hand n again from the revealed seed and checks that it is
// the deal this device was shown; c.mu is held.
func (c *Client) replay(n int, seedBytes []byte, hd *handDeal) error {
	var seed wall.Seed
	if len(seedBytes) != len(seed) || c.rules == nil {
		return fmt.Errorf("%w: hand %d's seed cannot be replayed", deal.ErrCheat, n)
	}
	copy(seed[:], seedBytes)
	start := hd.dealt[0].Start
	_, evs, err := game.NewHand(game.HandConfig{Ruleset: c.rules, Options: c.options, Seed: seed, Number: n, Round: start.Round, Uniform: true})
	if err != nil {
		return fmt.Errorf("%w: hand %d cannot be dealt from its seed: %v", deal.ErrCheat, n, err)
	}
	want, _ := json.Marshal(game.Redact(evs, hd.seat))
	got, _ := json.Marshal(hd.dealt[:min(len(evs), len(hd.dealt))])
	if !bytes.Equal(want, got) {
		return fmt.Errorf("%w: hand %d was not dealt from the revealed seed", deal.ErrCheat, n)
	}
	return nil
}

// request sends m with a fresh id and waits for its answer.
func (c *Client) request(ctx context.Context, m *wire.Msg) (*wire.Msg, error) {
	c.mu.Lock()
	conn := c.conn
	if conn == nil {
		c.mu.Unlock()
		if c.ctx.Err() != nil {
			return nil, table.ErrClosed
		}
		return nil, ErrDisconnected
	}
	c.nextID++
	m.ID = c.nextID
	ch := make(chan *wire.Msg, 1)
	c.pending[m.ID] = ch
	c.mu.Unlock()
	if err := conn.Send(m); err != nil {
		return nil, ErrDisconnected
	}
	select {
	case a, ok := <-ch:
		if !ok {
			return nil, ErrDisconnected
		}
		if a.Type == wire.TRefused {
			return nil, &table.RefusedError{Reason: a.Refused.Reason, Detail: a.Refused.Detail}
		}
		return a, nil
	case <-ctx.Done():
		c.mu.Lock()
		delete(c.pending, m.ID)
		c.mu.Unlock()
		return nil, ctx.Err()
	case <-c.ctx.Done():
		return nil, table.ErrClosed
	}
}

// check refuses a request for another player than the client's own.
func (c *Client) check(player int) error {
	if own := c.Player(); player != own {
		return &table.RefusedError{Reason: table.ReasonNotYours, Detail: fmt.Sprintf("this device plays player %d, not %d", own, player)}
	}
	return nil
}

// Snapshot asks the dealer for the client's snapshot.
func (c *Client) Snapshot(ctx context.Context, player int) (table.Snapshot, error) {
	if err := c.check(player); err != nil {
		return table.Snapshot{}, err
	}
	var snap table.Snapshot
	if local := c.dealing(); local != nil {
		s, err := local.Snapshot(ctx, player)
		if err != nil {
			return s, err
		}
		snap = s
	} else {
		a, err := c.request(ctx, &wire.Msg{Type: wire.TSnapReq})
		if err != nil {
			return table.Snapshot{}, err
		}
		if a.Snapshot == nil {
			return table.Snapshot{}, fmt.Errorf("client: the dealer answered a snapshot request with %s", a.Type)
		}
		snap = *a.Snapshot
	}
	c.mu.Lock()
	snap.Seq = uint64(max(int64(snap.Seq)+c.shift, 0))
	c.mu.Unlock()
	return snap, nil
}

// Submit sends an intent and waits for the dealer's verdict.
func (c *Client) Submit(ctx context.Context, in table.Intent) error {
	if err := c.check(in.Player); err != nil {
		return err
	}
	if local := c.dealing(); local != nil {
		return local.Submit(ctx, in)
	}
	_, err := c.request(ctx, &wire.Msg{Type: wire.TIntent, Intent: &in})
	var re *table.RefusedError
	switch {
	case errors.As(err, &re) && re.Reason == table.ReasonStale:
		c.resync()
	case errors.As(err, &re) && re.Reason == table.ReasonClosed && c.ctx.Err() == nil:
		// The dealer's table is closing under it: it comes back (a
		// restarted dealer) or is handed over; the client reconnects.
		return ErrDisconnected
	}
	return err
}

// resync asks for a fresh snapshot, which reaches the subscribers if it is
// newer than the last update: a stale refusal means the table has moved on
// and an update may have been lost.
func (c *Client) resync() {
	c.mu.Lock()
	conn := c.conn
	if conn == nil || c.resyncing != 0 {
		c.mu.Unlock()
		return
	}
	c.nextID++
	c.resyncing = c.nextID
	id := c.nextID
	c.mu.Unlock()
	conn.Send(&wire.Msg{Type: wire.TSnapReq, ID: id})
}

// Subscribe returns the latest snapshot and the updates after it.
func (c *Client) Subscribe(ctx context.Context, player int) (table.Snapshot, table.Subscription, error) {
	if err := c.check(player); err != nil {
		return table.Snapshot{}, nil, err
	}
	s := newSubscription(c)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ctx.Err() != nil {
		return table.Snapshot{}, nil, table.ErrClosed
	}
	c.subs[s] = struct{}{}
	return c.last, s, nil
}

// Refusal returns the dealer's last refusal of a reconnection, if any (a
// seat lost to a PIN change, say).
func (c *Client) Refusal() *wire.Refusal {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.refusal
}

// GaveUp tells whether the client stopped because the dealer stayed
// unreachable for Options.GiveUp.
func (c *Client) GaveUp() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.gaveUp
}

// Close leaves the table: the stream is closed and not redialled.
func (c *Client) Close() error {
	c.end()
	<-c.done
	return nil
}

func (c *Client) publish(u table.Update) {
	c.mu.Lock()
	subs := make([]*subscription, 0, len(c.subs))
	for s := range c.subs {
		subs = append(subs, s)
	}
	c.mu.Unlock()
	for _, s := range subs {
		s.push(u)
	}
}

func (c *Client) closeSubs() {
	c.mu.Lock()
	subs := c.subs
	c.subs = map[*subscription]struct{}{}
	c.mu.Unlock()
	for s := range subs {
		s.Close()
	}
}

// subscription queues updates without bound, so a slow reader never blocks
// the connection.
type subscription struct {
	c    *Client
	mu   sync.Mutex
	q    []table.Update
	wake chan struct{}
	out  chan table.Update
	once sync.Once
	quit chan struct{}
}

func newSubscription(c *Client) *subscription {
	s := &subscription{c: c, wake: make(chan struct{}, 1), out: make(chan table.Update), quit: make(chan struct{})}
	go s.pump()
	return s
}

func (s *subscription) push(u table.Update) {
	s.mu.Lock()
	s.q = append(s.q, u)
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

func (s *subscription) pump() {
	defer close(s.out)
	for {
		s.mu.Lock()
		q := s.q
		s.q = nil
		s.mu.Unlock()
		for _, u := range q {
			select {
			case s.out <- u:
			case <-s.quit:
				return
			}
		}
		select {
		case <-s.wake:
		case <-s.quit:
			return
		}
	}
}

// Updates delivers the updates in order.
func (s *subscription) Updates() <-chan table.Update { return s.out }

// Close ends the subscription.
func (s *subscription) Close() {
	s.once.Do(func() {
		s.c.mu.Lock()
		delete(s.c.subs, s)
		s.c.mu.Unlock()
		close(s.quit)
	})
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

// deal plays this device's part in a hand's commit-reveal and checks the
// reveal after the hand.
func (c *Client) deal(conn *wire.Conn, m *wire.Msg) {
	n := m.Deal.Hand
	self := c.h.ID().String()
	c.mu.Lock()
	var verdict *table.Update
	defer func() {
		c.mu.Unlock()
		if verdict != nil {
			c.publish(*verdict)
		}
	}()
	hd := c.deals[n]
	switch m.Type {
	case wire.TCommitAsk:
		if hd == nil {
			hd = &handDeal{}
			c.deals[n] = hd
		}
		hd.secret, hd.committed = deal.NewSecret(), nil
		for k := range c.deals {
			if k < n-1 {
				delete(c.deals, k)
			}
		}
		go conn.Send(&wire.Msg{Type: wire.TCommit, Deal: &wire.Deal{Hand: n, Hash: deal.Commit(hd.secret)}})
	case wire.TCommitments:
		if hd == nil || hd.secret == nil {
			// This device was not asked to commit (it watches, or sat
			// down late): it keeps the commitments, published before the
			// deal, to check the reveal against.
			if hd == nil {
				hd = &handDeal{}
				c.deals[n] = hd
			}
			if hd.committed == nil {
				hd.committed = m.Deal.All
			}
			return
		}
		if hd.committed != nil {
			return
		}
		for _, x := range m.Deal.All {
			if x.Peer == self && bytes.Equal(x.Hash, deal.Commit(hd.secret)) {
				hd.committed = m.Deal.All
				go conn.Send(&wire.Msg{Type: wire.TSecret, Deal: &wire.Deal{Hand: n, Secret: hd.secret}})
				return
			}
		}
	case wire.TReveal:
		if hd == nil || (hd.dealt == nil && hd.seen == nil) {
			return // this device saw nothing of the hand
		}
		delete(c.deals, n)
		committed, secret := hd.committed, hd.secret
		if committed == nil {
			// This device saw neither the commitments nor the deal (it
			// was away): it checks the reveal against itself.
			committed, secret = m.Deal.All, nil
		}
		err := deal.Check(m.Deal, committed, self, secret)
		if err == nil && hd.dealt == nil {
			// It came back in the middle of the hand: it asks for the
			// hand's events and replays them from the seed.
			go c.audit(n, m.Deal.Seed, hd.seen)
			return
		}
		if err == nil {
			err = c.replay(n, m.Deal.Seed, hd)
		}
		verdict = c.judge(err)
		go conn.Send(verdictOf(n, err))
	}
}

// judge keeps the verdict of a deal's check and returns the update that
// shows it (the latest snapshot again, Info.Verified set), or nil before
// the first snapshot; c.mu is held.
func (c *Client) judge(err error) *table.Update {
	ok := err == nil
	c.verified, c.dealErr = &ok, err
	if !c.welcomed {
		return nil
	}
	s := c.last
	v := ok
	s.Info.Verified = &v
	s.Seq++
	c.shift++
	c.last = s
	return &table.Update{Seq: s.Seq, Snapshot: s}
}

// noteView keeps the first view of a hand whose deal this device did not
// see, for the check after the hand; c.mu is held.
func (c *Client) noteView(s table.Snapshot) {
	v := s.View
	if v == nil || v.Phase == game.PhaseEnd {
		return
	}
	hd := c.deals[v.Number]
	if hd == nil {
		hd = &handDeal{}
		c.deals[v.Number] = hd
	}
	if hd.dealt == nil && hd.seen == nil {
		cp := *v
		hd.seen = &cp
	}
}

// audit asks the dealer for hand n's events, now that its seed is
// revealed, and checks that they follow from the seed and pass through
// the view this device was shown. A dealer that cannot be asked leaves the
// last verdict as it was.
func (c *Client) audit(n int, seedBytes []byte, seen *game.View) {
	ctx, cancel := context.WithTimeout(c.ctx, redialWait)
	defer cancel()
	a, err := c.request(ctx, &wire.Msg{Type: wire.THandReq, Deal: &wire.Deal{Hand: n}})
	var re *table.RefusedError
	switch {
	case errors.As(err, &re):
		err = fmt.Errorf("%w: the dealer will not show hand %d: %s", deal.ErrCheat, n, re.Detail)
	case err != nil:
		return
	case a.Deal == nil:
		err = fmt.Errorf("%w: the dealer answered for hand %d with no events", deal.ErrCheat, n)
	default:
		err = c.replayHand(n, seedBytes, a.Deal.Events, seen)
	}
	c.mu.Lock()
	u := c.judge(err)
	conn := c.conn
	c.mu.Unlock()
	if u != nil {
		c.publish(*u)
	}
	if conn != nil {
		conn.Send(verdictOf(n, err))
	}
}

// verdictOf is the message telling the dealer what this device found of
// hand n's deal.
func verdictOf(n int, err error) *wire.Msg {
	v := &wire.Verdict{Hand: n, OK: err == nil}
	if err != nil {
		v.Detail = err.Error()
	}
	return &wire.Msg{Type: wire.TVerdict, Verdict: v}
}

// replayHand plays hand n again from its seed with the recorded actions,
// checking that every event comes out as recorded and that the hand passes
// through the view this device was shown.
func (c *Client) replayHand(n int, seedBytes []byte, evs []game.Event, seen *game.View) error {
	var seed wall.Seed
	c.mu.Lock()
	rs, opts := c.rules, c.options
	c.mu.Unlock()
	if len(seedBytes) != len(seed) || rs == nil || len(evs) == 0 || evs[0].Type != game.EvHandStart || evs[0].Start == nil || evs[0].Start.Number != n {
		return fmt.Errorf("%w: hand %d cannot be replayed from what the dealer gave", deal.ErrCheat, n)
	}
	copy(seed[:], seedBytes)
	st, produced, err := game.NewHand(game.HandConfig{Ruleset: rs, Options: opts, Seed: seed, Number: n, Round: evs[0].Start.Round, Uniform: true})
	if err != nil {
		return fmt.Errorf("%w: hand %d cannot be dealt from its seed: %v", deal.ErrCheat, n, err)
	}
	shown := false
	for i := 0; i < len(evs); {
		if len(produced) == 0 {
			shown = shown || sameView(st.View(seen.Seat), seen)
			e := evs[i]
			if e.Type != game.EvAction || e.Action == nil {
				return fmt.Errorf("%w: hand %d: event %d (%s) was not caused by any action", deal.ErrCheat, n, i+1, e.Type)
			}
			if produced, err = st.Apply(e.Seat, *e.Action); err != nil {
				return fmt.Errorf("%w: hand %d: event %d: %v", deal.ErrCheat, n, i+1, err)
			}
			continue
		}
		want, _ := json.Marshal(evs[i])
		got, _ := json.Marshal(produced[0])
		if !bytes.Equal(want, got) {
			return fmt.Errorf("%w: hand %d: event %d does not follow from the revealed seed", deal.ErrCheat, n, i+1)
		}
		produced = produced[1:]
		i++
	}
	if !shown {
		return fmt.Errorf("%w: hand %d as this device was shown it was not dealt from the revealed seed", deal.ErrCheat, n)
	}
	return nil
}

// sameView reports whether two views of a seat show the same moment: the
// same decision, tiles, melds, discards and wall.
func sameView(a, b *game.View) bool {
	ja, _ := json.Marshal(a.Seats)
	jb, _ := json.Marshal(b.Seats)
	return a.StateID == b.StateID && a.Hand == b.Hand && a.Drawn == b.Drawn && a.WallLive == b.WallLive && bytes.Equal(ja, jb)
}

// Verified tells whether the last revealed deal checked out (nil before
// the first reveal) and, if not, why.
func (c *Client) Verified() (*bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.verified, c.dealErr
}

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
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 1
	if c.roster != nil {
		n = len(c.roster.Succession())
	}
	return time.Duration(n+1)*c.opts.TakeOverAfter + 2*redialWait
}

// succeed moves on to the next device in the dealer's succession, from
// *next on: it dials that device from now on, or, when it is this device,
// takes the table over and reports true.
func (c *Client) succeed(next *int) bool {
	c.mu.Lock()
	r, info, player := c.roster, c.last.Info, c.player
	c.mu.Unlock()
	if r == nil || info.Standing == nil || info.Over {
		return false
	}
	var holders [4]peer.ID
	for p, h := range r.Holders {
		if id, err := peer.Decode(h); err == nil {
			holders[p] = id
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
			info := peer.AddrInfo{ID: id}
			for _, a := range r.Addrs[order[*next-1]] {
				if ma, err := multiaddr.NewMultiaddr(a); err == nil {
					info.Addrs = append(info.Addrs, ma)
				}
			}
			c.mu.Lock()
			c.dealer = info
			c.mu.Unlock()
			return false
		}
		if c.opts.TakeOver == nil {
			continue
		}
		tbl, err := c.opts.TakeOver(c.ctx, info, holders)
		if err != nil {
			continue
		}
		snap, sub, err := tbl.Subscribe(c.ctx, player)
		if err != nil {
			tbl.Close()
			continue
		}
		c.mu.Lock()
		c.local = tbl
		u := c.accept(snap, nil)
		c.mu.Unlock()
		c.publish(u)
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
	return false
}

// dealOn serves the table this device took over until Close.
func (c *Client) dealOn() {
	<-c.ctx.Done()
	c.mu.Lock()
	local := c.local
	c.mu.Unlock()
	local.Close()
	c.closeSubs()
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
// is under way, the client takes the table's latest snapshot and leaves
// the dealer, to go to the successor (run).
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
		if same && st != nil {
			st.Close()
		}
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
