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

	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
)

// DefaultWait is how long a deal waits for a share, an acknowledgement or
// an opening before it is void (the stand-in wait of ../shared/SEALED.md §2).
const DefaultWait = table.DefaultSealedWait

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
	// Names are the players' names, sent to every device (defaults when
	// empty).
	Names []string
	// Spectator reports whether a peer was admitted as a spectator by
	// the table protocol; nil admits none. A spectator that comes after
	// the first deal is served from the next deal on, with the ledger so
	// far (table.SealedSetup.From).
	Spectator func(peer.ID) bool
	// Seats say how this device plays its own players (a person acting
	// through the table, or a computer player: table.SealedConfig.Seats).
	Seats [4]table.SeatConfig
	// Wait is how long the deal waits for a share, an acknowledgement or
	// an opening before it is void (DefaultWait when 0).
	Wait time.Duration
}

// Host is the dealer's device's side of a sealed table: it carries the
// notes of its party (table.Sealed, the dealer's: it runs the sequencer
// and plays this device's seats) to every key holder and spectator, and
// theirs to it.
type Host struct {
	h      host.Host
	cfg    Config
	tbl    *table.Sealed
	setup  []byte
	joined chan struct{}
	ctx    context.Context
	stop   context.CancelFunc
	once   sync.Once

	mu    sync.Mutex
	links map[peer.ID]*link
	// late are the spectators that came after the first deal: each is
	// sent the ledger so far as its setup at the next deal, and served
	// from then on.
	late map[peer.ID]*link
	// dealt is set once the first deal is sent.
	dealt bool
}

// Serve starts serving the sealed table on h; Table is the dealer's
// device's table at once, and Run plays the match.
func Serve(h host.Host, cfg Config) (*Host, error) {
	me := slices.Index(cfg.Holders, h.ID())
	if me < 0 {
		return nil, errors.New("sealed: the dealer's device holds no key; it must play a seat at a sealed table")
	}
	if len(cfg.Table) > MaxTable {
		return nil, fmt.Errorf("sealed: table id of %d bytes: at most %d", len(cfg.Table), MaxTable)
	}
	set := table.SealedSetup{Rules: cfg.Rules, Options: cfg.Options, Seed: cfg.Seed, Hands: cfg.Hands, Players: cfg.Players, Names: cfg.Names}
	for _, p := range cfg.Holders {
		set.Peers = append(set.Peers, p.String())
	}
	ctx, stop := context.WithCancel(context.Background())
	x := &Host{h: h, cfg: cfg, joined: make(chan struct{}, 1), ctx: ctx, stop: stop, links: map[peer.ID]*link{}, late: map[peer.ID]*link{}}
	body, err := json.Marshal(set)
	if err == nil {
		x.setup, err = frame{Kind: kindSetup, Term: cfg.Term, Table: cfg.Table, Body: body}.encode()
	}
	if err == nil {
		x.tbl, err = table.NewSealed(table.SealedConfig{Table: cfg.Table, Setup: set, Holder: me, Seats: cfg.Seats, Dealer: true, Wait: cfg.Wait, Send: x.broadcast})
	}
	if err != nil {
		stop()
		return nil, err
	}
	h.SetStreamHandler(Protocol, x.handle)
	return x, nil
}

// Table returns the dealer's device's part in the match, as a table:
// the seats it plays and the public view.
func (x *Host) Table() *table.Sealed { return x.tbl }

// Close stops serving the protocol, closes every stream and the table.
func (x *Host) Close() error {
	x.h.RemoveStreamHandler(Protocol)
	x.once.Do(x.stop)
	x.mu.Lock()
	for _, m := range []map[peer.ID]*link{x.links, x.late} {
		for _, l := range m {
			l.close()
		}
	}
	x.mu.Unlock()
	return x.tbl.Close()
}

// Refused returns the messages the sequencer refused so far, with why.
func (x *Host) Refused() []string { return x.tbl.Refused() }

// handle admits a key holder's or an admitted spectator's stream: it is
// sent the setup and, from then on, every note of the dealer's party.
func (x *Host) handle(s network.Stream) {
	id := s.Conn().RemotePeer()
	holder := slices.Index(x.cfg.Holders, id)
	if holder < 0 && (x.cfg.Spectator == nil || !x.cfg.Spectator(id)) || id == x.h.ID() {
		_ = s.Reset()
		return
	}
	l := newLink(s, holder)
	x.mu.Lock()
	for _, m := range []map[peer.ID]*link{x.links, x.late} {
		if old := m[id]; old != nil {
			old.close() // a device that came back replaces its old stream
			delete(m, id)
		}
	}
	if holder < 0 && x.dealt {
		x.late[id] = l
	} else {
		x.links[id] = l
		l.send(x.setup) // first: every later note is sent after it
	}
	x.mu.Unlock()
	select {
	case x.joined <- struct{}{}:
	default:
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
			if err != nil || l.holder < 0 || f.Term != x.cfg.Term || f.Table != x.cfg.Table {
				return // a spectator sends nothing
			}
			n, ok := f.note(l.holder)
			if !ok || (f.Kind != kindPlay && f.Kind != kindReady) {
				return // a device plays and says it is ready, nothing else
			}
			// A note the party refuses is noted in Refused; the stream
			// goes on, as the sequencer's refusals never end a hand.
			if err := x.tbl.Receive(x.ctx, n); errors.Is(err, table.ErrClosed) || x.ctx.Err() != nil {
				return
			}
			select {
			case <-l.done:
				return
			default:
			}
		}
	}()
}

// broadcast sends a note of the dealer's party to every stream; it is the
// party's Send, called on its goroutine.
func (x *Host) broadcast(n table.SealedNote) {
	var from []byte
	if n.Kind == table.SealedDeal {
		from, n.Body = n.Body, nil
	}
	b, err := noteFrame(x.cfg.Term, x.cfg.Table, n)
	if err != nil {
		return // the party sends only the kinds that have a frame
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if n.Kind == table.SealedDeal {
		x.dealt = true
		setup, err := frame{Kind: kindSetup, Term: x.cfg.Term, Table: x.cfg.Table, Body: from}.encode()
		for id, l := range x.late {
			if err == nil {
				l.send(setup)
				x.links[id] = l
			} else {
				l.close()
			}
			delete(x.late, id)
		}
	}
	for id, l := range x.links {
		select {
		case <-l.done:
			delete(x.links, id)
		default:
			l.send(b)
		}
	}
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
// dealt again, the next hand once every player is ready. It returns the
// match as this device saw it.
func (x *Host) Run(ctx context.Context) (table.SealedRecord, error) {
	for !x.allJoined() {
		select {
		case <-x.joined:
		case <-ctx.Done():
			return x.tbl.Record(), ctx.Err()
		}
	}
	if err := x.tbl.Start(ctx); err != nil {
		return x.tbl.Record(), err
	}
	select {
	case <-x.tbl.Done():
	case <-ctx.Done():
		return x.tbl.Record(), ctx.Err()
	}
	rec := x.tbl.Record()
	if !rec.Over {
		return rec, errors.New("sealed: the table closed before the match ended")
	}
	return rec, nil
}

// allJoined reports whether every other key holder's device has a stream.
func (x *Host) allJoined() bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	n := 0
	for _, l := range x.links {
		if l.holder >= 0 {
			n++
		}
	}
	return n == len(x.cfg.Holders)-1
}
