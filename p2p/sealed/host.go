package sealed

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/network"
	"github.com/libp2p/go-libp2p/core/peer"
	"golang.org/x/time/rate"

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
	// Seed chooses the first dealer and the dice (a random one when
	// zero: the tiles come from the joint shuffle alone, so the dice need
	// no agreement).
	Seed wall.Seed
	// Holders are the key-holding devices in holder order, this one
	// among them: the devices the table protocol admitted to a seat (its
	// PIN or key), since only they are served here.
	Holders []peer.ID
	// Players are the holder that plays each player (0–3), AI players
	// included: the documented rule is that a device sees the tiles of
	// every seat it plays.
	Players [4]int
	// Late are the devices the table protocol seated that hold no key
	// (they were not connected when the match was served), with the
	// players each was seated as, which this device plays meanwhile (by
	// Seats). One that comes during the match is told it waits for the
	// next deal, and from the next deal prepared after it came it holds
	// a key and plays them (table.Sealed.AddHolder).
	Late map[peer.ID][]int
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
	// From, for a successor dealer (the table was handed over or taken
	// over at Term), is where the match stands as this device saw it
	// (table.Sealed.Ledger): the session served here starts from it,
	// every key holder with a fresh key, and the hand cut short, if any,
	// is dealt again under its number. Nil for the table's first dealer.
	From *table.SealedFrom
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

	// got is, per key holder, the number of the last of its frames the
	// dealer's party took (read without mu: a resume answers with it).
	got [maxHolders]atomic.Uint64
	// taking serialises, per key holder, the frames of its old and new
	// streams around a resume, so that none is taken twice.
	taking [maxHolders]sync.Mutex

	mu    sync.Mutex
	links map[peer.ID]*link
	// holders are the key holders of the current deal, in holder order:
	// Config.Holders, then the devices that came late (Config.Late) as
	// each deal seats them.
	holders []peer.ID
	// late are the spectators that came after the first deal: each is
	// sent the ledger so far as its setup at the next deal, and served
	// from then on.
	late map[peer.ID]*link
	// waiting are the devices of Config.Late that came and wait for the
	// deal that gives them a key; each is then served as a key holder
	// that rejoins.
	waiting map[peer.ID]*link
	// dealt is set once the first deal is sent.
	dealt bool
	// sent is the number of the last frame sent to every stream; kept are
	// the frames sent since the deal before the current one began, which
	// a device that resumes is sent again from where it stopped.
	sent uint64
	kept []kept
	// rejoin is the setup frame with the ledger before the current deal,
	// current that deal and dealtSeq the number of its deal frame: a key
	// holder whose app restarted is sent the setup, then the frames from
	// that one on.
	rejoin   []byte
	current  uint32
	dealtSeq uint64
	// held is, per key holder, the dealer's last held frame for it
	// (table.SealedHeld), sent only to that holder's device when it
	// rejoins.
	held [maxHolders]kept
	// opens are, per device served, its budget of new streams (mayOpen).
	opens map[peer.ID]*rate.Limiter
}

// kept is a frame kept for a device that resumes: its deal, its number
// and its bytes.
type kept struct {
	deal uint32
	seq  uint64
	b    []byte
}

// forget drops the frames of deals before the one before deal: the other
// side takes a deal's frames before the next deal is dealt.
func forget(ks []kept, deal uint32) []kept {
	i := 0
	for i < len(ks) && ks[i].deal+1 < deal {
		i++
	}
	return slices.Delete(ks, 0, i)
}

// keeps reports whether ks, the frames kept of the last sent, holds every
// frame after from, the last the other side took.
func keeps(ks []kept, sent, from uint64) bool {
	return from == sent || (from < sent && len(ks) > 0 && ks[0].seq <= from+1)
}

// maxHolders bounds the key holders of a sealed table.
const maxHolders = 4

// helloWait bounds how long a new stream may take to say hello or resume.
const helloWait = 10 * time.Second

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
	if cfg.Seed == (wall.Seed{}) {
		if _, err := rand.Read(cfg.Seed[:]); err != nil {
			return nil, fmt.Errorf("sealed: no seed for the dice: %w", err)
		}
	}
	set := table.SealedSetup{Rules: cfg.Rules, Options: cfg.Options, Seed: cfg.Seed, Hands: cfg.Hands, Players: cfg.Players, Names: cfg.Names}
	if cfg.From != nil {
		from := *cfg.From
		from.Start = true
		set.From = &from
	}
	for _, p := range cfg.Holders {
		set.Peers = append(set.Peers, p.String())
	}
	ctx, stop := context.WithCancel(context.Background())
	if len(cfg.Holders) > maxHolders {
		stop()
		return nil, fmt.Errorf("sealed: %d key holders; a sealed table has at most %d", len(cfg.Holders), maxHolders)
	}
	x := &Host{h: h, cfg: cfg, joined: make(chan struct{}, 1), ctx: ctx, stop: stop, links: map[peer.ID]*link{}, late: map[peer.ID]*link{},
		waiting: map[peer.ID]*link{}, holders: slices.Clone(cfg.Holders), opens: map[peer.ID]*rate.Limiter{}}
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
	for _, m := range []map[peer.ID]*link{x.links, x.late, x.waiting} {
		for _, l := range m {
			l.close()
		}
	}
	x.mu.Unlock()
	return x.tbl.Close()
}

// Refused returns the messages the sequencer refused so far, with why.
func (x *Host) Refused() []string { return x.tbl.Refused() }

// handle admits a key holder's, an admitted spectator's or a device's
// that came late (Config.Late) stream. Its first frame says hello (the
// stream is sent the setup and, from then on, every note of the dealer's
// party; a device that came late is told it waits for the next deal,
// which seats it) or resumes an earlier stream (it is sent the frames it
// lacks, then every note). A device opens streams and sends frames
// within the limits of limit.go.
func (x *Host) handle(s network.Stream) {
	id := s.Conn().RemotePeer()
	holder, came := x.holder(id)
	if holder < 0 && !came && (x.cfg.Spectator == nil || !x.cfg.Spectator(id)) || id == x.h.ID() || !x.mayOpen(id) {
		_ = s.Reset()
		return
	}
	go func() {
		r := wire.NewReader(s, maxFrame)
		_ = s.SetReadDeadline(time.Now().Add(helloWait))
		f, err := x.read(r)
		_ = s.SetReadDeadline(time.Time{})
		if err != nil || (f.Kind != kindHello && f.Kind != kindResume) {
			_ = s.Reset()
			return
		}
		if came && f.Kind != kindHello {
			_ = s.Reset() // a device that came late was sent no frame to resume after
			return
		}
		l := newLink(s, holder)
		if came {
			x.await(id, l)
			defer x.unwait(id, l)
		} else if !x.admitting(id, l, f) {
			l.close()
			return
		}
		select {
		case x.joined <- struct{}{}:
		default:
		}
		go l.write()
		defer l.close()
		budget := newFrameLimit()
		for {
			f, err := x.read(r)
			if err != nil {
				return
			}
			select {
			case <-l.seated:
			default:
				if came {
					return // a device that waits for its deal sends nothing
				}
			}
			if l.holder < 0 {
				return // a spectator sends nothing more
			}
			if budget.Wait(x.ctx) != nil {
				return
			}
			n, ok := f.note(l.holder)
			if !ok || (f.Kind != kindPlay && f.Kind != kindReady) {
				return // a device plays and says it is ready, nothing else
			}
			if !x.take(l, f.Seq, n) {
				return
			}
		}
	}()
}

// holder returns the holder of peer id in the current deal, or -1; came
// is set for a device of Config.Late that holds no key yet.
func (x *Host) holder(id peer.ID) (holder int, came bool) {
	x.mu.Lock()
	defer x.mu.Unlock()
	holder = slices.Index(x.holders, id)
	return holder, holder < 0 && len(x.cfg.Late[id]) > 0
}

// await serves a device that came late (Config.Late) and said hello: it
// is told it waits for the next deal (the wait frame) and the dealer's
// party seats it then (table.Sealed.AddHolder); the deal that seats it
// makes its stream a key holder's (seat).
func (x *Host) await(id peer.ID, l *link) {
	b, err := frame{Kind: kindWait, Term: x.cfg.Term, Table: x.cfg.Table}.encode()
	if err != nil {
		l.close()
		return
	}
	x.mu.Lock()
	if old := x.waiting[id]; old != nil {
		old.close() // a device that came back replaces its old stream
	}
	x.waiting[id] = l
	x.mu.Unlock()
	l.send(b)
	if err := x.tbl.AddHolder(x.ctx, id.String(), x.cfg.Late[id]); err != nil {
		l.close()
	}
}

// unwait, once the stream of a device that came late ends, takes its
// seat back (table.Sealed.WithdrawHolder) if no deal seated it yet: a
// device that came and went again holds up no deal.
func (x *Host) unwait(id peer.ID, l *link) {
	x.mu.Lock()
	gone := x.waiting[id] == l
	if gone {
		delete(x.waiting, id)
	}
	x.mu.Unlock()
	if gone {
		_ = x.tbl.WithdrawHolder(x.ctx, id.String())
	}
}

// read reads a frame of this table and term.
func (x *Host) read(r *wire.Reader) (frame, error) {
	b, err := r.ReadFrame()
	if err != nil {
		return frame{}, err
	}
	f, err := parseFrame(b)
	if err == nil && (f.Term != x.cfg.Term || f.Table != x.cfg.Table) {
		err = fmt.Errorf("sealed: a frame of table %q term %d", f.Table, f.Term)
	}
	return f, err
}

// admitting admits a new stream (admit); a key holder's hello is a new
// process of the device, whose frames are numbered from 1 again: its
// frames being taken are taken first, and none of its old stream's after.
func (x *Host) admitting(id peer.ID, l *link, f frame) bool {
	if l.holder >= 0 && f.Kind == kindHello {
		x.taking[l.holder].Lock()
		defer x.taking[l.holder].Unlock()
	}
	return x.admit(id, l, f)
}

// admit serves a new stream that said hello or resumed (f), replacing the
// device's earlier stream; it reports false for a stream it cannot serve:
// a resume from a frame the dealer no longer keeps. A key holder's hello
// after the first deal is its app started again (a rejoin): it is sent
// the setup with the ledger before the current deal, the frames from
// that deal's on, and a resume frame naming 0 (live from here), then
// every new frame.
func (x *Host) admit(id peer.ID, l *link, f frame) bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	late := f.Kind == kindHello && x.dealt && l.holder < 0
	rejoin := f.Kind == kindHello && x.dealt && !late
	if f.Kind == kindResume {
		from := f.resumed()
		if !keeps(x.kept, x.sent, from) {
			return false
		}
	}
	for _, m := range []map[peer.ID]*link{x.links, x.late} {
		if old := m[id]; old != nil {
			old.close() // a device that came back replaces its old stream
			delete(m, id)
		}
	}
	if l.holder >= 0 && f.Kind == kindHello {
		x.got[l.holder].Store(0)
	}
	switch {
	case late:
		x.late[id] = l
		return true
	case rejoin:
		live, err := resumeFrame(x.cfg.Term, x.cfg.Table, 0)
		if err != nil || x.rejoin == nil {
			return false
		}
		l.send(x.rejoin)
		for _, k := range x.kept {
			if k.seq >= x.dealtSeq {
				l.send(k.b)
			}
		}
		if h := x.held[l.holder]; h.b != nil && h.deal == x.current {
			l.send(h.b)
		}
		l.send(live)
	case f.Kind == kindHello:
		l.send(x.setup) // first: every later note is sent after it
	default:
		from := f.resumed()
		var got uint64
		if l.holder >= 0 {
			got = x.got[l.holder].Load()
		}
		b, err := resumeFrame(x.cfg.Term, x.cfg.Table, got)
		if err != nil {
			return false
		}
		l.send(b)
		for _, k := range x.kept {
			if k.seq > from {
				l.send(k.b)
			}
		}
	}
	x.links[id] = l
	return true
}

// take hands the dealer's party a key holder's note, frame number seq: a
// frame it took already (sent again after a resume) is skipped. It
// reports whether the stream goes on.
func (x *Host) take(l *link, seq uint64, n table.SealedNote) bool {
	x.taking[l.holder].Lock()
	defer x.taking[l.holder].Unlock()
	got := &x.got[l.holder]
	select {
	case <-l.done:
		return false // replaced: the device came back on a new stream
	default:
	}
	switch {
	case seq <= got.Load():
		return true
	case seq != got.Load()+1:
		return false // a frame is missing: the device resumes on a new stream
	}
	// A note the party refuses is noted in Refused; the stream goes on, as
	// the sequencer's refusals never end a hand.
	if err := x.tbl.Receive(x.ctx, n); errors.Is(err, table.ErrClosed) || x.ctx.Err() != nil {
		return false
	}
	got.Store(seq)
	select {
	case <-l.done:
		return false
	default:
		return true
	}
}

// broadcast sends a note of the dealer's party to every stream and keeps
// it for the devices that resume; it is the party's Send, called on its
// goroutine.
func (x *Host) broadcast(n table.SealedNote) {
	// A deal's note carries the setup of a party that comes now (from):
	// its frame carries only the deal's key holders, whose size does not
	// grow with the ledger.
	var from []byte
	var holders table.SealedSetup
	if n.Kind == table.SealedDeal {
		from = n.Body
		set, err := table.DecodeSealedSetup(from)
		if err == nil {
			holders.Peers, holders.Players = set.Peers, set.Players
			n.Body, err = json.Marshal(holders)
		}
		if err != nil {
			return // the party's own setup: it encodes and decodes
		}
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if n.Kind == table.SealedHeld {
		if b, err := noteFrame(x.cfg.Term, x.cfg.Table, 0, n); err == nil && n.From >= 0 && n.From < len(x.held) {
			x.held[n.From] = kept{deal: n.Deal, b: b} // for its device, if it rejoins
		}
		return
	}
	b, err := noteFrame(x.cfg.Term, x.cfg.Table, x.sent+1, n)
	if err != nil {
		return // the party sends only the kinds that have a frame
	}
	x.sent++
	if n.Kind == table.SealedEnd {
		for _, m := range []map[peer.ID]*link{x.late, x.waiting} {
			for id, l := range m {
				l.close() // no deal is left to serve it from: it is told so by the stream's end
				delete(m, id)
			}
		}
	}
	var seated []*link
	if n.Kind == table.SealedDeal {
		x.dealt = true
		x.kept = forget(x.kept, n.Deal)
		setup, err := frame{Kind: kindSetup, Term: x.cfg.Term, Table: x.cfg.Table, Body: from}.encode()
		x.rejoin, x.current, x.dealtSeq = setup, n.Deal, x.sent
		seated = x.seat(holders.Peers)
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
	x.kept = append(x.kept, kept{deal: n.Deal, seq: x.sent, b: b})
	for id, l := range x.links {
		select {
		case <-l.done:
			delete(x.links, id)
		default:
			l.send(b)
		}
	}
	if len(seated) > 0 {
		// Served as a key holder that rejoins during this deal: the
		// setup, the deal's frame, and live from here.
		live, err := resumeFrame(x.cfg.Term, x.cfg.Table, 0)
		for _, l := range seated {
			if err != nil {
				l.close()
				continue
			}
			close(l.seated) // before the device can answer the frames
			l.send(x.rejoin)
			l.send(b)
			l.send(live)
			x.links[l.s.Conn().RemotePeer()] = l
		}
	}
}

// seat makes peers (a deal's setup's) the key holders and returns the
// streams of the devices that waited for this deal (Config.Late), which
// it seats: each is its holder's stream once it is sent the deal.
func (x *Host) seat(peers []string) []*link {
	var seated []*link
	for h := len(x.holders); h < len(peers) && h < maxHolders; h++ {
		id, err := peer.Decode(peers[h])
		if err != nil {
			return seated
		}
		x.holders = append(x.holders, id)
		x.got[h].Store(0)
		if l := x.waiting[id]; l != nil {
			delete(x.waiting, id)
			l.holder = h
			seated = append(seated, l)
		}
	}
	return seated
}

// link is one device's or spectator's stream; what is sent to it goes
// through its own queue, so that a slow reader holds up nobody.
type link struct {
	s      network.Stream
	holder int // -1 for a spectator, or a device that came late until a deal seats it
	out    chan []byte
	done   chan struct{}
	once   sync.Once
	// seated is closed once a device that came late is seated (holder
	// set) and its stream sent the deal that seats it.
	seated chan struct{}
}

// linkQueue bounds the frames waiting for one stream: a device that reads
// none of a whole hand's messages is dropped.
const linkQueue = 4096

func newLink(s network.Stream, holder int) *link {
	return &link{s: s, holder: holder, out: make(chan []byte, linkQueue), done: make(chan struct{}), seated: make(chan struct{})}
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
	x.flush(ctx)
	return rec, nil
}

// flushWait bounds how long Run waits for the match's last frames to be
// written to every stream.
const flushWait = 5 * time.Second

// flush waits until every stream's queue is written (the match's end
// reaches every device before its owner closes the host), for up to
// flushWait.
func (x *Host) flush(ctx context.Context) {
	deadline := time.Now().Add(flushWait)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		x.mu.Lock()
		queued := 0
		for _, l := range x.links {
			select {
			case <-l.done:
			default:
				queued += len(l.out)
			}
		}
		x.mu.Unlock()
		if queued == 0 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
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
	return n == len(x.holders)-1
}
