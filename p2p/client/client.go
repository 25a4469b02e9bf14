// Package client is the table.Table of a device that joined a table dealt
// on another device: intents go to the dealer over /fourwinds/table/1.0.0,
// its seat's updates come back, a gap in their sequence numbers brings a
// fresh snapshot, and a lost connection is redialled by itself (the same
// identity gets the same seat back), so a screen drives a remote table
// exactly like a local one.
//
// Its jobs are in separate files: the table and its requests (client.go),
// the connection, its redialling and the dealer's messages (conn.go), the
// check of every hand's deal against the devices' commit-reveal
// (audit.go), and the succession when the dealer is gone or hands the
// table over (succession.go).
package client

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/network"
	"github.com/libp2p/go-libp2p/core/peer"
)

// redialWait bounds one reconnection attempt, and one search for the
// dealer's new addresses: on a local network either takes milliseconds.
const redialWait = 3 * time.Second

// errNotServing is connect's error when the dealer's device answered but
// serves no table (yet): it is alive.
var errNotServing = errors.New("client: the dealer's device answers but does not serve a table")

// errStaleTerm is connect's error when the device dialled deals at a
// lower term than one this device has seen: a newer dealer deals the
// table.
var errStaleTerm = errors.New("client: the device dialled deals an older term of the table")

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
	// hand cut short is voided), the highest term this device has seen
	// (wire.Msg.Term: the table is dealt at the next) and the seated
	// devices, and must return the table it now deals on this host
	// (dealer.Succeed); the client then plays on that table. The others
	// rejoin their seats there. A table that also has SteppedDown and
	// Outranked (dealer.Succeeded) is closed once it steps down for a
	// newer dealer, and the client goes on down the succession.
	TakeOver func(ctx context.Context, info table.Info, term uint64, holders [4]peer.ID) (table.Table, error)
	// Match, when set, gives the public facts of a match the dealer's
	// table does not play (a sealed table's, p2p/sealed: the table
	// protocol's table stays in its lobby) as this device keeps them, and
	// whether there is such a match: the succession, hand-over or
	// take-over, then goes on from them (TakeOver's info, the lobby's
	// name and card kept) instead of the dealer's snapshots.
	Match func() (table.Info, bool)
	// OnVote, when set, is called for every vote this device answers
	// (wire.VoteProtocol): the term asked, the candidate and whether this
	// device granted it (for logs).
	OnVote func(term uint64, candidate peer.ID, granted bool)
	// TakeOverAfter is how long the dealer must stay silent, from the
	// last frame heard of it, before the table is handed over, and how
	// long each device in the succession is tried before the next; when
	// zero, the table's own wait, the host's setting, which the dealer's
	// welcome gives (wire.Welcome.TakeOver), or DefaultTakeOverAfter.
	TakeOverAfter time.Duration
}

// DefaultTakeOverAfter is how long a dealer must stay silent before its
// table is handed over, when neither Options.TakeOverAfter nor the
// dealer's welcome sets it.
const DefaultTakeOverAfter = wire.DefaultTakeOverWait

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
	// takeOver is the take-over wait the dealer's welcome gave.
	takeOver  time.Duration
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
	// term is the highest dealer's term this device has seen
	// (wire.Msg.Term): it follows no dealer of a lower one. promised is
	// the highest term it granted (to itself too): it grants no other
	// candidate that term or a lower one.
	term, promised uint64
	// lost is the dealer lost when the stream last ended: the succession
	// comes back to it after its last device.
	lost peer.AddrInfo
	// infos puts back the Info the dealer leaves out of updates on the
	// current connection (wire.Msg.SameInfo).
	infos *wire.Infos
	// elsewhere is set once the table's match is known to be dealt by a
	// protocol of its own (DealtElsewhere).
	elsewhere bool
}

var _ table.Table = (*Client)(nil)

// Join dials the dealer, says hello and waits for its seat. The client then
// keeps the connection (reconnecting as needed) until Close.
func Join(ctx context.Context, h host.Host, dealer peer.AddrInfo, opts Options) (*Client, error) {
	if opts.Retry <= 0 {
		opts.Retry = time.Second
	}
	cctx, end := context.WithCancel(context.Background())
	c := &Client{h: h, dealer: dealer, opts: opts, ctx: cctx, end: end, done: make(chan struct{}),
		player: opts.Player, pending: map[uint64]chan *wire.Msg{}, subs: map[*subscription]struct{}{}, deals: map[int]*handDeal{}}
	conn, st, err := c.connect(ctx)
	if err != nil {
		end()
		return nil, err
	}
	if opts.TakeOver != nil {
		h.SetStreamHandler(wire.VoteProtocol, c.handleVote)
	}
	go c.run(conn, st)
	return c, nil
}

// TakeOverAfter returns how long the dealer must stay silent before the
// table is handed over: Options.TakeOverAfter, or the wait the dealer's
// welcome gave, or DefaultTakeOverAfter.
func (c *Client) TakeOverAfter() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case c.opts.TakeOverAfter > 0:
		return c.opts.TakeOverAfter
	case c.takeOver > 0:
		return c.takeOver
	}
	return DefaultTakeOverAfter
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

// DealtElsewhere marks the table's match as dealt by a protocol of its
// own: a sealed table, whose dealer's table stays in its lobby. When the
// dealer is gone, this device then walks the succession and follows the
// device that deals on even when it cannot deal on itself — with no
// match from Options.Match yet (it had not reached that match) or with no
// Options.TakeOver (a table centre) — rather than dial the dealer it lost
// until it gives up.
func (c *Client) DealtElsewhere() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.elsewhere = true
}

// Term returns the highest dealer's term this device has seen
// (wire.Msg.Term); this device's own once it has taken the table over.
func (c *Client) Term() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.term
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

// request sends m with a fresh id and waits for its answer.
func (c *Client) request(ctx context.Context, m *wire.Msg) (*wire.Msg, error) {
	c.mu.Lock()
	conn := c.conn
	if conn == nil {
		c.mu.Unlock()
		if c.ctx.Err() != nil {
			return nil, table.ErrClosed
		}
		return nil, table.ErrDisconnected
	}
	c.nextID++
	m.ID = c.nextID
	ch := make(chan *wire.Msg, 1)
	c.pending[m.ID] = ch
	c.mu.Unlock()
	if err := conn.Send(m); err != nil {
		return nil, table.ErrDisconnected
	}
	select {
	case a, ok := <-ch:
		if !ok {
			return nil, table.ErrDisconnected
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
		return table.ErrDisconnected
	}
	return err
}

// Subscribe returns the latest snapshot and the updates after it.
func (c *Client) Subscribe(ctx context.Context, player int) (table.Snapshot, table.Subscription, error) {
	if err := c.check(player); err != nil {
		return table.Snapshot{}, nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ctx.Err() != nil {
		return table.Snapshot{}, nil, table.ErrClosed
	}
	s := newSubscription(c)
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
	if c.opts.TakeOver != nil {
		c.h.RemoveStreamHandler(wire.VoteProtocol)
	}
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
		s.Push(u)
	}
}

// closeSubs ends every subscription as the table closes: each delivers
// the updates already queued, then closes its channel.
func (c *Client) closeSubs() {
	c.mu.Lock()
	subs := c.subs
	c.subs = map[*subscription]struct{}{}
	c.mu.Unlock()
	for s := range subs {
		s.Finish()
	}
}

// subscription is one subscriber's stream: the client pushes updates into
// its queue, so a slow reader never blocks the connection.
type subscription struct {
	*table.Queue
	c *Client
}

func newSubscription(c *Client) *subscription {
	return &subscription{Queue: table.NewQueue(), c: c}
}

// Close ends the subscription.
func (s *subscription) Close() {
	s.c.mu.Lock()
	delete(s.c.subs, s)
	s.c.mu.Unlock()
	s.Stop()
}
