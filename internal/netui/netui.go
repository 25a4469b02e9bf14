// Package netui connects the app's shared-table screens to the libp2p
// table: it implements ui.Network with p2p's host, dealer, discovery and
// client, so that ui never imports p2p. main wires it in.
//
// Discovery holds the device's multicast lock (internal/netlock) exactly
// while it runs: while the join list browses and while the waiting room
// announces the table (ui pauses both when the app leaves the foreground).
package netui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"sync"
	"sync/atomic"
	"time"

	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/network"
	"github.com/libp2p/go-libp2p/core/peer"
	ma "github.com/multiformats/go-multiaddr"

	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
	"github.com/fourwinds-mahjong/fourwinds/internal/netlock"
	"github.com/fourwinds-mahjong/fourwinds/p2p/client"
	"github.com/fourwinds-mahjong/fourwinds/p2p/dealer"
	"github.com/fourwinds-mahjong/fourwinds/p2p/discover"
	"github.com/fourwinds-mahjong/fourwinds/p2p/node"
	"github.com/fourwinds-mahjong/fourwinds/p2p/sealed"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
	"github.com/fourwinds-mahjong/fourwinds/ui"
)

// Dealt is a table dealt on this device that waits in its lobby until
// Start (table.Local made with Hold).
type Dealt interface {
	table.Table
	// Start deals the first hand.
	Start(ctx context.Context) error
	// SetConnected tells the table that a remote player has gone or come
	// back (the computer stands in for an absent player).
	SetConnected(player int, connected bool) error
	// SetName names a remote player as the device that took the seat
	// calls its person.
	SetName(player int, name string) error
	// SetVerified shows what the devices found of the last deal.
	SetVerified(ok bool) error
	// SetGuessing shows the host that someone is guessing the PIN.
	SetGuessing(wrong int) error
}

// A Dealt table hears from the dealer who is connected, what joiners are
// called and what the devices found of its deals.
var (
	_ dealer.Presence = Dealt(nil)
	_ dealer.Naming   = Dealt(nil)
	_ dealer.Checking = Dealt(nil)
	_ dealer.Guarding = Dealt(nil)
)

// Config is what a Network is made of.
type Config struct {
	// Host is the device's libp2p host.
	Host host.Host
	// Deal makes the table a host screen set up; seed gives each hand's
	// wall seed from the devices' commit-reveal (the dealer's HandSeed).
	Deal func(s ui.HostSetup, seed func(ctx context.Context, hand int) (wall.Seed, error)) (Dealt, error)
	// Browse reports the dealers found nearby until ctx ends
	// (discover.Browse when nil; tests give the in-memory network's).
	Browse func(ctx context.Context, found func(peer.AddrInfo)) error
	// Advertise announces this device's table (node.Advertise when nil).
	// A network without multicast fails it: the table is then reached by
	// its address only, and Warn is told.
	Advertise node.Advertiser
	// Warn is told what goes wrong without stopping the table, such as a
	// table that could not be advertised (log.Print when nil).
	Warn func(error)
	// Lock is the multicast lock held while browsing or advertising
	// (netlock.Multicast() when nil; tests give one over stand-in
	// platform calls).
	Lock *netlock.Lock
	// Key makes the key of a table hosted with a PIN, which its join
	// address and QR code carry (dealer.NewKey when nil; tests give a
	// fixed one).
	Key func() string
	// TakeOverAfter is how long a joined table's dealer must stay silent
	// before the seated devices hand the table over among themselves
	// (when zero, the table's own wait, its host's setting:
	// client.Options.TakeOverAfter).
	TakeOverAfter time.Duration
	// StateDir is where a key holder at a sealed table keeps the key of
	// each deal (sealed.KeyFile), so that the app, started again, rejoins
	// the match from it; no key is kept when empty.
	StateDir string
}

// Network is the ui.Network of a device.
type Network struct{ cfg Config }

var (
	_ ui.Network     = (*Network)(nil)
	_ ui.Linked      = remote{}
	_ ui.Dealing     = remote{}
	_ ui.HandingOver = remote{}
	_ ui.Sealing     = (*sealedRemote)(nil)
	_ ui.Linked      = (*sealedRemote)(nil)
	_ ui.Dealing     = (*sealedRemote)(nil)
	_ ui.HandingOver = (*sealedRemote)(nil)
	_ ui.SealedLate  = (*sealedRemote)(nil)
)

// New returns the network of cfg.
func New(cfg Config) *Network {
	if cfg.Browse == nil {
		cfg.Browse = discover.Browse
	}
	if cfg.Warn == nil {
		cfg.Warn = func(err error) { log.Print(err) }
	}
	if cfg.Lock == nil {
		cfg.Lock = netlock.Multicast()
	}
	if cfg.Key == nil {
		cfg.Key = dealer.NewKey
	}
	return &Network{cfg: cfg}
}

// Host deals the table and serves it; its seats of kind remote are open
// to joiners, who find it while it is announced (Hosted.Announce) or by
// its address.
func (n *Network) Host(s ui.HostSetup) (ui.Hosted, error) {
	if n.cfg.Deal == nil {
		return nil, ErrNoDeal
	}
	if s.Sealed {
		if err := table.SealedPlayable(s.Rules, s.Options); err != nil {
			return nil, err
		}
		sealed.Announce(n.cfg.Host)
	}
	var d *dealer.Dealer
	t, err := n.cfg.Deal(s, func(ctx context.Context, hand int) (wall.Seed, error) { return d.HandSeed(ctx, hand) })
	if err != nil {
		return nil, err
	}
	var open [4]bool
	for p, st := range s.Seats {
		open[p] = st.Kind == table.SeatRemote
	}
	key := ""
	if s.PIN != "" {
		key = n.cfg.Key()
	}
	served := node.Serve(n.cfg.Host, dealer.Config{Table: t, Name: s.Name, PIN: s.PIN, Key: key, Open: open, TakeOverWait: s.TakeOverWait}, n.advertise)
	d = served.Dealer
	n.unadvertised(served.Announcement)
	ctx, stop := context.WithCancel(context.Background())
	h := &hosted{t: t, sw: table.NewSwitch(t), s: served, h: n.cfg.Host, key: key, setup: s, warn: n.cfg.Warn, ctx: ctx, stop: stop, quit: make(chan struct{})}
	if !s.Sealed {
		// A sealed match is not dealt on elsewhere (docs/sealed.md).
		go h.stepDown(n, s)
	}
	return h, nil
}

// stepDown waits until this device's dealer steps down for a newer one
// (this device was cut off from the others, which went on without it)
// and then sits it down at the newer dealer, as the player of its person
// (a spectator for a table centre): the screens move there
// (table.Switch), saying which hands dealt here are void, and the table
// dealt here is closed. Nothing happens if h closes first, or if no
// newer dealer can be reached (the screens stay on the table dealt
// here).
func (h *hosted) stepDown(n *Network, s ui.HostSetup) {
	select {
	case <-h.s.Dealer.SteppedDown():
	case <-h.quit:
		return
	}
	player, name := table.Spectator, ""
	for p, st := range s.Seats {
		if st.Kind == table.SeatHuman {
			player, name = p, st.Name
		}
	}
	ids := []peer.ID{h.s.Dealer.ToldBy()}
	for _, id := range h.s.Dealer.Holders() {
		if id != "" && id != ids[0] {
			ids = append(ids, id)
		}
	}
	for _, id := range ids {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		c, err := client.Join(ctx, n.cfg.Host, peer.AddrInfo{ID: id}, client.Options{Player: player, PIN: s.PIN, Key: h.key, Name: name, TakeOverAfter: n.cfg.TakeOverAfter})
		if err == nil {
			err = h.sw.Move(ctx, remote{Client: c, h: n.cfg.Host}, player, c.Term())
		}
		cancel()
		if err != nil {
			if c != nil {
				c.Close()
			}
			continue
		}
		h.mu.Lock()
		closed := h.closed
		if !closed {
			h.sat = c
		}
		h.mu.Unlock()
		if closed {
			c.Close()
		}
		h.t.Close()
		return
	}
}

// unadvertised tells Warn when a table this device deals could not be
// advertised on the local network.
func (n *Network) unadvertised(a *node.Announcement) {
	if a.Unadvertised != nil {
		n.cfg.Warn(fmt.Errorf("netui: the table is not advertised on the local network; it is reached by its address: %w", a.Unadvertised))
	}
}

// hosted is a table this device deals and serves.
type hosted struct {
	t Dealt
	// sw is the table the screens see: t, then the newer dealer's once
	// this device's dealer stepped down (stepDown), sat.
	sw  *table.Switch
	s   *node.Served
	h   host.Host
	key string
	// setup is the table as the host screen set it up; warn is told when
	// its sealed match stops on an error.
	setup ui.HostSetup
	warn  func(error)
	// ctx ends with Close (stop): the sealed match is played until then.
	ctx  context.Context
	stop context.CancelFunc
	once sync.Once
	// quit is closed by Close.
	quit chan struct{}
	mu   sync.Mutex
	// sat is this device at the newer dealer's table, once it sat down
	// there; closed is set by Close.
	sat    *client.Client
	closed bool
	// match is the sealed match once a sealed table started.
	match *sealed.Host
}

// Table returns the table (a sealed table's match once it started);
// closing it stops serving too.
func (h *hosted) Table() table.Table {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.match != nil {
		return servedTable{Table: h.match.Table(), h: h}
	}
	return servedTable{Table: h.sw, h: h}
}

// servedTable is the hosted table as the screens drive it: closing it
// stops serving.
type servedTable struct {
	table.Table
	h *hosted
}

func (s servedTable) Close() error { return s.h.Close() }

// Addrs are the host's join addresses: its addresses with its peer id and
// the table's key (discover.WithKey), local-network addresses first,
// loopback last (two instances on one machine).
func (h *hosted) Addrs() []string {
	addrs := node.Addrs(h.h)
	for i, a := range addrs {
		addrs[i] = discover.WithKey(a, h.key)
	}
	return addrs
}

// Start deals the first hand; a sealed table starts its match instead.
func (h *hosted) Start(ctx context.Context) error {
	if h.setup.Sealed {
		return h.startSealed(ctx)
	}
	return h.t.Start(ctx)
}

// SetPIN changes the table's PIN (dealer.SetPIN).
func (h *hosted) SetPIN(pin string) { h.s.Dealer.SetPIN(pin) }

// Successor is the player whose device would deal on if this device left
// now, or -1.
func (h *hosted) Successor() int {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	snap, err := h.Table().Snapshot(ctx, table.Spectator)
	_, p, ok := h.s.Dealer.Successor()
	// A sealed match's info carries no standing: each device keeps its
	// own ledger (sealed.Follower.Info).
	if err != nil || !ok || !snap.Info.Started || snap.Info.Over || (snap.Info.Standing == nil && !snap.Info.Sealed) {
		return -1
	}
	return p
}

// HandOver hands the table over at the next hand boundary
// (dealer.HandOver; a sealed match's: sealed.Host.HandOver); done is
// called once it is, unless h is closed first.
func (h *hosted) HandOver(done func()) (int, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	h.mu.Lock()
	x := h.match
	h.mu.Unlock()
	leave := h.s.Dealer.HandOver
	if x != nil {
		leave = func(ctx context.Context) (int, <-chan struct{}, error) { return x.HandOver(ctx, h.s.Dealer) }
	}
	p, over, err := leave(ctx)
	if err != nil {
		return -1, err
	}
	go func() {
		select {
		case <-over:
			done()
		case <-h.quit:
		}
	}()
	return p, nil
}

// Announce starts or stops advertising the table on the local network,
// holding the multicast lock while it advertises (Network.advertise). A
// closed table is not advertised again.
func (h *hosted) Announce(on bool) error { return h.s.Announce(on) }

// Close stops advertising and serving, and closes the table.
func (h *hosted) Close() error {
	var err error
	h.once.Do(func() {
		close(h.quit)
		h.stop()
		h.s.Close()
		err = h.t.Close()
		h.mu.Lock()
		h.closed = true
		if h.sat != nil {
			h.sat.Close()
		}
		if h.match != nil {
			err = errors.Join(err, h.match.Close())
		} else if h.setup.Sealed {
			h.h.RemoveStreamHandler(sealed.Protocol)
		}
		h.mu.Unlock()
	})
	return err
}

// advertise announces this device's table (a node.Advertiser), holding
// the multicast lock until the advertisement is closed.
func (n *Network) advertise(h host.Host) (io.Closer, error) {
	if err := n.cfg.Lock.Acquire(); err != nil {
		return nil, fmt.Errorf("netui: the table cannot be announced on the local network: %w", err)
	}
	adv := n.cfg.Advertise
	if adv == nil {
		adv = node.Advertise
	}
	ad, err := adv(h)
	if err != nil {
		return nil, errors.Join(err, n.cfg.Lock.Release())
	}
	return locked{Closer: ad, lock: n.cfg.Lock}, nil
}

// locked is an advertisement that lets the multicast lock go when it is
// closed (once).
type locked struct {
	io.Closer
	lock *netlock.Lock
}

func (l locked) Close() error { return errors.Join(l.Closer.Close(), l.lock.Release()) }

// Browse reports each table found nearby once its lobby has answered,
// holding the multicast lock while it browses.
func (n *Network) Browse(ctx context.Context, found func(ui.TableAd)) error {
	if err := n.cfg.Lock.Acquire(); err != nil {
		return fmt.Errorf("netui: cannot look for tables on the local network: %w", err)
	}
	var mu sync.Mutex
	asked := map[peer.ID]bool{}
	var wg sync.WaitGroup
	err := n.cfg.Browse(ctx, func(info peer.AddrInfo) {
		mu.Lock()
		seen := asked[info.ID] || info.ID == n.cfg.Host.ID()
		asked[info.ID] = true
		mu.Unlock()
		if seen {
			return
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			ad, err := n.ask(ctx, info)
			if err == nil && ctx.Err() == nil {
				found(ad)
			}
		}()
	})
	err = errors.Join(err, n.cfg.Lock.Release())
	wg.Wait()
	return err
}

// ask reads a dealer's lobby.
func (n *Network) ask(ctx context.Context, info peer.AddrInfo) (ui.TableAd, error) {
	l, err := discover.Ask(ctx, n.cfg.Host, info)
	if err != nil {
		return ui.TableAd{}, err
	}
	addr := info.ID.String()
	if len(info.Addrs) > 0 {
		addr = info.Addrs[0].Encapsulate(ma.StringCast("/p2p/" + info.ID.String())).String()
	}
	return ui.TableAd{Addr: addr, Name: l.Name, Rules: l.Rules, Free: l.Free, PIN: l.PIN, Hand: l.Hand, Over: l.Over,
		Sealed: sealed.Announced(n.cfg.Host, info.ID)}, nil
}

// Lookup asks the table at a typed address what it is. An address with
// the table's key is kept with it, and needs no PIN.
func (n *Network) Lookup(ctx context.Context, addr string) (ui.TableAd, error) {
	info, err := discover.ParseAddr(ctx, n.cfg.Host, addr)
	if err != nil {
		return ui.TableAd{}, err
	}
	ad, err := n.ask(ctx, info)
	if _, key := discover.SplitKey(addr); key != "" && err == nil {
		ad.Addr, ad.PIN = discover.WithKey(ad.Addr, key), false
	}
	return ad, err
}

// Join takes a seat at the table at j.Addr.
func (n *Network) Join(ctx context.Context, j ui.JoinRequest) (table.Table, int, error) {
	info, err := discover.ParseAddr(ctx, n.cfg.Host, j.Addr)
	if err != nil {
		return nil, 0, err
	}
	seat := j.Seat
	switch {
	case seat == ui.AnySeat:
		seat = wire.AnySeat
	case seat != table.Spectator && (seat < 0 || seat > 3):
		return nil, 0, fmt.Errorf("netui: seat %d does not exist; ask for 0 to 3, any seat or the table centre", seat)
	}
	_, key := discover.SplitKey(j.Addr)
	opts := client.Options{Player: seat, PIN: j.PIN, Key: key, Name: j.Name, TakeOverAfter: n.cfg.TakeOverAfter}
	var joined atomic.Pointer[client.Client]      // set once seated: the table's take-over wait
	var following atomic.Pointer[sealed.Follower] // set once a sealed match is followed
	// A sealed match's public facts are its own, not the lobby's.
	opts.Match = func() (table.Info, bool) {
		if f := following.Load(); f != nil {
			return f.Info()
		}
		return table.Info{}, false
	}
	if seat != table.Spectator {
		opts.TakeOver = func(_ context.Context, info table.Info, term uint64, holders [4]peer.ID) (table.Table, error) {
			var wait time.Duration
			if c := joined.Load(); c != nil {
				wait = c.TakeOverAfter()
			}
			var deal func(context.Context, *dealer.Dealer)
			if f := following.Load(); f != nil {
				deal = n.leadSealed(f)
			}
			return n.takeOver(info, term, holders, j.PIN, key, wait, deal)
		}
	}
	c, err := client.Join(ctx, n.cfg.Host, info, opts)
	if err != nil {
		return nil, 0, err
	}
	joined.Store(c)
	r := remote{Client: c, h: n.cfg.Host}
	if sealed.Announced(n.cfg.Host, c.Dealer()) {
		c.DealtElsewhere()
		return joinSealed(n.cfg.Host, r, c.Player(), j.Name, n.cfg.StateDir, &following, n.cfg.Warn), c.Player(), nil
	}
	return r, c.Player(), nil
}

// takeOver deals on, on this device, a table whose dealer is gone for good
// or handed it over (node.TakeOver, at the term after the lost dealer's),
// with the PIN and key this device joined with and the table's take-over
// wait, and advertises it, holding the multicast lock while it does; deal,
// for a sealed table, deals its match (leadSealed).
func (n *Network) takeOver(info table.Info, term uint64, holders [4]peer.ID, pin, key string, wait time.Duration, deal func(context.Context, *dealer.Dealer)) (table.Table, error) {
	t, err := node.TakeOver(n.cfg.Host, info, term, holders, pin, key, wait, n.advertise, deal)
	if err != nil {
		return nil, err
	}
	n.unadvertised(t.Announcement)
	return t, nil
}

// retryPause is how often an intent sent while the connection was down is
// tried again.
const retryPause = 200 * time.Millisecond

// remote is a joined table whose intents survive a dropped connection:
// an intent sent while the phone is reconnecting is sent again once it is
// back (the table refuses it as stale if the moment has passed), so a
// phone that drops in the middle of a decision does not leave the table
// waiting for an answer it lost.
type remote struct {
	*client.Client
	h host.Host
}

// Linked tells whether this device is connected to the dealer now (or is
// the dealer, having taken the table over).
func (r remote) Linked() bool {
	return r.Dealing() || r.h.Network().Connectedness(r.Dealer()) == network.Connected
}

// Dealing tells whether this device deals the table now: it took it over
// from a dealer gone for good.
func (r remote) Dealing() bool { return r.Dealer() == r.h.ID() }

// HandOver tells what this device knows of its host leaving.
func (r remote) HandOver() ui.HandOverNews {
	ho, ok := r.Client.HandOver()
	if !ok {
		return ui.HandOverNews{}
	}
	return ui.HandOverNews{Announced: true, Hand: ho.Hand, Host: ho.Host, Successor: ho.Successor, Mine: ho.Successor == r.Player(), Done: ho.Done}
}

// Submit sends in, again after each reconnection, until the table answers
// or ctx ends.
func (r remote) Submit(ctx context.Context, in table.Intent) error {
	for {
		err := r.Client.Submit(ctx, in)
		if !errors.Is(err, table.ErrDisconnected) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(retryPause):
		}
	}
}

// ErrNoDeal is returned by a Network made without a Deal function.
var ErrNoDeal = errors.New("netui: this app cannot deal a table")
