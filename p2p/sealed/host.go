package sealed

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/network"
	"github.com/libp2p/go-libp2p/core/peer"

	"github.com/fourwinds-mahjong/fourwinds/core/sealedplay"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
)

// DefaultWait is how long a deal waits for a share, an acknowledgement or
// an opening before it is void (the stand-in wait of ../shared/SEALED.md §2).
const DefaultWait = 60 * time.Second

// Config is a sealed table as the dealer's device serves it.
type Config struct {
	// Table is the table's id (at most MaxTable bytes) and Term the
	// dealer's term: every frame carries both, and every proof is bound
	// to the table.
	Table string
	Term  uint64
	// Rules is the ruleset's id, Options the table's options by name;
	// Hands the number of hands the match ends after (0: the whole game).
	Rules   string
	Options map[string]string
	Hands   int
	// Seed chooses the first dealer and the dice.
	Seed wall.Seed
	// Holders are the key-holding devices in holder order, this one
	// among them: the devices the table protocol admitted to a seat (its
	// PIN or key), since only they are served here.
	Holders []peer.ID
	// Players are the holder that plays each player (0–3), AI players
	// included: the documented rule is that a device sees the tiles of
	// every seat it plays.
	Players [4]int
	// Spectator reports whether a peer was admitted as a spectator by
	// the table protocol; nil admits none.
	Spectator func(peer.ID) bool
	// Decide chooses the actions of this device's players.
	Decide Decider
	// Wait is how long the deal waits for a share, an acknowledgement or
	// an opening before it is void (DefaultWait when 0).
	Wait time.Duration
}

// Host is the dealer's device's side of a sealed table: it runs the
// sequencer, relays every message it accepts to every key holder and
// spectator, and plays its own seats with its own Device.
type Host struct {
	h      host.Host
	cfg    Config
	set    setup
	me     uint32
	in     chan incoming
	join   chan *link
	closed chan struct{}
	once   sync.Once

	mu    sync.Mutex
	links map[peer.ID]*link
	// Refused are the messages the sequencer refused, with why.
	refused []string
}

// incoming is a frame read from a device's stream.
type incoming struct {
	from *link
	f    frame
}

// Serve starts serving the sealed table on h; Run plays the match.
func Serve(h host.Host, cfg Config) (*Host, error) {
	me := slices.Index(cfg.Holders, h.ID())
	if me < 0 {
		return nil, errors.New("sealed: the dealer's device holds no key; it must play a seat at a sealed table")
	}
	if len(cfg.Table) > MaxTable {
		return nil, fmt.Errorf("sealed: table id of %d bytes: at most %d", len(cfg.Table), MaxTable)
	}
	if cfg.Wait <= 0 {
		cfg.Wait = DefaultWait
	}
	x := &Host{h: h, cfg: cfg, me: uint32(me), in: make(chan incoming, 64), join: make(chan *link, 8), closed: make(chan struct{}), links: map[peer.ID]*link{}}
	x.set = setup{Rules: cfg.Rules, Options: cfg.Options, Seed: cfg.Seed, Hands: cfg.Hands, Players: cfg.Players}
	for _, p := range cfg.Holders {
		x.set.Peers = append(x.set.Peers, p.String())
	}
	if _, err := newMatch(cfg.Table, x.set); err != nil {
		return nil, err
	}
	h.SetStreamHandler(Protocol, x.handle)
	return x, nil
}

// Close stops serving the protocol and closes every stream.
func (x *Host) Close() error {
	x.h.RemoveStreamHandler(Protocol)
	x.once.Do(func() { close(x.closed) })
	x.mu.Lock()
	defer x.mu.Unlock()
	for _, l := range x.links {
		l.close()
	}
	return nil
}

// Refused returns the messages the sequencer refused so far, with why.
func (x *Host) Refused() []string {
	x.mu.Lock()
	defer x.mu.Unlock()
	return slices.Clone(x.refused)
}

// handle admits a key holder's or an admitted spectator's stream.
func (x *Host) handle(s network.Stream) {
	id := s.Conn().RemotePeer()
	holder := slices.Index(x.cfg.Holders, id)
	if holder < 0 && (x.cfg.Spectator == nil || !x.cfg.Spectator(id)) || id == x.h.ID() {
		_ = s.Reset()
		return
	}
	l := newLink(s, holder)
	x.mu.Lock()
	if old := x.links[id]; old != nil {
		old.close() // a device that came back replaces its old stream
	}
	x.links[id] = l
	x.mu.Unlock()
	select {
	case x.join <- l:
	case <-x.closed:
		l.close()
		return
	}
	go l.write()
	go func() {
		defer l.close()
		r := wire.NewReader(s, maxFrame)
		for {
			b, err := r.ReadFrame()
			if err != nil {
				return
			}
			f, err := parseFrame(b)
			if err != nil || l.holder < 0 || f.Kind != kindPlay || f.Term != x.cfg.Term || f.Table != x.cfg.Table {
				return // a spectator sends nothing; a device only plays
			}
			select {
			case x.in <- incoming{from: l, f: f}:
			case <-l.done:
				return
			}
		}
	}()
}

// link is one device's or spectator's stream; what is sent to it goes
// through its own queue, so that a slow reader holds up nobody.
type link struct {
	s      network.Stream
	holder int // -1 for a spectator
	out    chan []byte
	done   chan struct{}
	once   sync.Once
}

// linkQueue bounds the frames waiting for one stream: a device that reads
// none of a whole hand's messages is dropped.
const linkQueue = 4096

func newLink(s network.Stream, holder int) *link {
	return &link{s: s, holder: holder, out: make(chan []byte, linkQueue), done: make(chan struct{})}
}

func (l *link) send(b []byte) {
	select {
	case l.out <- b:
	case <-l.done:
	default:
		l.close()
	}
}

func (l *link) write() {
	for {
		select {
		case b := <-l.out:
			if _, err := l.s.Write(b); err != nil {
				l.close()
				return
			}
		case <-l.done:
			return
		}
	}
}

func (l *link) close() {
	l.once.Do(func() {
		close(l.done)
		_ = l.s.Reset()
	})
}

// Run waits until every key holder's device has joined, then plays the
// match: each deal with fresh keys and a fresh joint shuffle, a void deal
// dealt again. It returns the match as this device saw it.
func (x *Host) Run(ctx context.Context) (Record, error) {
	m, err := newMatch(x.cfg.Table, x.set)
	if err != nil {
		return Record{}, err
	}
	p := newParty(m, x.me, x.cfg.Decide)
	r := &run{x: x, p: p, links: map[*link]bool{}}
	setup, err := json.Marshal(x.set)
	if err != nil {
		return Record{}, err
	}
	if r.setup, err = (frame{Kind: kindSetup, Term: x.cfg.Term, Table: x.cfg.Table, Body: setup}).encode(); err != nil {
		return Record{}, err
	}
	for !r.allJoined() {
		select {
		case l := <-x.join:
			r.add(l)
		case <-ctx.Done():
			return m.record(), ctx.Err()
		}
	}
	for !m.over() {
		if err := r.deal(ctx); err != nil {
			return m.record(), err
		}
	}
	end, err := frame{Kind: kindEnd, Term: x.cfg.Term, Deal: m.deal, Table: x.cfg.Table}.encode()
	if err != nil {
		return m.record(), err
	}
	r.broadcast(end)
	return m.record(), nil
}

// run is the state of Run, on its goroutine only: the network goroutines
// hand it frames (Host.in), never touching the sequencer or the engine.
type run struct {
	x     *Host
	p     *party
	seq   *sealedplay.Sequencer
	setup []byte
	links map[*link]bool
	// started is set once the first deal is dealt: a spectator that comes
	// later could not follow the ledger, and is turned away.
	started bool
	local   []sealedplay.Msg // this device's messages to the sequencer
	later   []sealedplay.Msg // messages refused for now (ErrNotNow)
}

// maxLater bounds the messages kept for later.
const maxLater = 64

func (r *run) allJoined() bool {
	n := 0
	for l := range r.links {
		if l.holder >= 0 {
			n++
		}
	}
	return n == len(r.x.cfg.Holders)-1
}

// add takes a joined stream: it is sent the setup and, from the next
// deal on, every message.
func (r *run) add(l *link) {
	if r.started && l.holder < 0 {
		l.close()
		return
	}
	for o := range r.links {
		if o.holder == l.holder && l.holder >= 0 || o.s.Conn().RemotePeer() == l.s.Conn().RemotePeer() {
			delete(r.links, o)
		}
	}
	r.links[l] = true
	l.send(r.setup)
}

func (r *run) broadcast(b []byte) {
	for l := range r.links {
		l.send(b)
	}
}

// deal plays one deal to its end, or to its void.
func (r *run) deal(ctx context.Context) error {
	x, m := r.x, r.p.m
	n := m.deal + 1
	keys, err := r.p.begin(n)
	if err != nil {
		return err
	}
	cfg, err := m.config()
	if err != nil {
		return err
	}
	if r.seq, err = sealedplay.NewSequencer(cfg); err != nil {
		return err
	}
	start, err := frame{Kind: kindDeal, Term: x.cfg.Term, Deal: n, Table: x.cfg.Table}.encode()
	if err != nil {
		return err
	}
	r.broadcast(start)
	r.started, r.local, r.later = true, keys, nil
	timer := time.NewTimer(x.cfg.Wait)
	defer timer.Stop()
	for !r.seq.Over() {
		if len(r.local) > 0 {
			msg := r.local[0]
			r.local = r.local[1:]
			if r.take(msg) {
				timer.Reset(x.cfg.Wait)
			}
			continue
		}
		select {
		case in := <-x.in:
			if in.f.Deal != n || !r.links[in.from] {
				continue // a message of an earlier deal, or a replaced stream
			}
			var msg sealedplay.Msg
			if err := msg.UnmarshalBinary(in.f.Body); err != nil || int(msg.From) != in.from.holder {
				r.refuse(in.from.holder, fmt.Sprintf("a message it could not send: %v", err))
				continue
			}
			if r.take(msg) {
				timer.Reset(x.cfg.Wait)
			}
		case l := <-x.join:
			r.add(l)
		case <-r.p.wake:
			r.local = append(r.local, r.p.decided()...)
		case <-timer.C:
			if out := r.seq.Stalled(); len(out) > 0 {
				r.relay(out)
			}
			timer.Reset(x.cfg.Wait)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// take hands a device's message to the sequencer and relays what it
// accepts; it reports whether the hand moved on.
func (r *run) take(msg sealedplay.Msg) bool {
	out, err := r.seq.Receive(msg)
	switch {
	case errors.Is(err, sealedplay.ErrNotNow):
		if len(r.later) < maxLater {
			r.later = append(r.later, msg)
		}
	case err != nil:
		r.refuse(int(msg.From), err.Error())
	}
	if len(out) == 0 {
		return false
	}
	r.relay(out)
	later := r.later
	r.later = nil
	for _, l := range later {
		r.take(l)
	}
	return true
}

// relay sends the sequencer's messages to every stream and to this
// device, whose answers go back to the sequencer.
func (r *run) relay(out []sealedplay.Msg) {
	for _, msg := range out {
		b, err := play(r.x.cfg.Term, r.p.m.deal, r.x.cfg.Table, msg)
		if err != nil {
			r.refuse(-1, err.Error())
			continue
		}
		r.broadcast(b)
		ans, err := r.p.receive(msg)
		if err != nil {
			r.refuse(int(r.x.me), "this device refused a relayed message: "+err.Error())
		}
		r.local = append(r.local, ans...)
	}
	r.p.ask()
}

func (r *run) refuse(holder int, why string) {
	r.x.mu.Lock()
	defer r.x.mu.Unlock()
	r.x.refused = append(r.x.refused, fmt.Sprintf("deal %d, holder %d: %s", r.p.m.deal, holder, why))
}
