// Package dealer serves a table to the devices around it over libp2p. The
// dealer's table (a table.Local) decides turn, legality and staleness; the
// dealer adds identity: it seats each joining device, checks on every
// intent that the peer holds the seat it acts for, sends each peer only its
// own seat's updates (a spectator the public view) and answers the lobby.
// Clients dial the dealer; the dealer never dials them.
package dealer

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/record"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	fwhost "github.com/fourwinds-mahjong/fourwinds/p2p/host"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/network"
	"github.com/libp2p/go-libp2p/core/peer"
	manet "github.com/multiformats/go-multiaddr/net"
	"golang.org/x/time/rate"
)

// DefaultHeartbeat is how often a client must send a frame; a client silent
// for three heartbeats is dropped (its seat stays its own).
const DefaultHeartbeat = 2 * time.Second

// Recorder is implemented by a table that keeps its game record
// (table.Local): the dealer then answers a device that asks for a finished
// hand's events to check its deal.
type Recorder interface {
	Record() (*record.Record, error)
}

// Presence is implemented by a table that stands the AI in for absent
// players (table.Local): the dealer reports who is connected.
type Presence interface {
	SetConnected(player int, connected bool) error
}

// Naming is implemented by a table that shows the names joining players
// give in their hello.
type Naming interface {
	SetName(player int, name string) error
}

// Checking is implemented by a table that shows what the devices found
// of its deals (table.Local): the dealer passes their verdicts on.
type Checking interface {
	SetVerified(ok bool) error
}

// Guarding is implemented by a table that shows its host that someone is
// guessing the PIN (table.Local: Info.Guessing): the dealer tells it the
// table's count of wrong PINs from the TableTries-th on, and 0 once the
// PIN is changed.
type Guarding interface {
	SetGuessing(wrong int) error
}

// Config is what a dealer serves.
type Config struct {
	// Table is the table served.
	Table table.Table
	// Name is the table's name in the lobby.
	Name string
	// PIN, when set, must be given by every hello (or Key); see the
	// admission limits (FreeTries) for what wrong ones cost.
	PIN string
	// Key, when set, lets a hello in without the PIN: the long secret the
	// table's join address and QR code carry (NewKey). A table with a key
	// and no PIN lets in only the devices that give the key.
	Key string
	// OnGuessing, when set, is called with the table's count of wrong
	// PINs at each one from the TableTries-th on: someone is guessing the
	// PIN, and the host may change it (SetPIN).
	OnGuessing func(wrong int)
	// Open are the players whose seats joiners may take; the others are
	// played on the dealer.
	Open [4]bool
	// Holders are the devices already seated (a resumed table): a seat
	// with a holder is given back only to that peer.
	Holders [4]peer.ID
	// OnSeat, when set, is called with the holders whenever a seat is
	// taken, so that they can be kept with the table's save.
	OnSeat func(holders [4]peer.ID)
	// Heartbeat is how often clients must send a frame (when zero,
	// DefaultHeartbeat or a fifth of TakeOverWait, whichever is shorter:
	// every device then notices a silent dealer, within four heartbeats,
	// before the wait is over).
	Heartbeat time.Duration
	// TakeOverWait is the table's take-over wait, told to every device in
	// its welcome (wire.Welcome.TakeOver): how long the seated devices
	// wait for this dealer gone silent, from the last frame heard of it,
	// before one of them deals on (wire.DefaultTakeOverWait when zero).
	TakeOverWait time.Duration
	// DealWait is how long each step of a hand's commit-reveal waits for
	// the devices (DefaultDealWait when zero).
	DealWait time.Duration
	// Term is the dealer's term (wire.Msg.Term): 0 for the table's first
	// dealer, one more than the dealer it took over from for a successor
	// (Succeed). Every message the dealer sends carries it.
	Term uint64
	// OnStepDown, when set, is called with the higher term a device told
	// of, once the dealer has stopped serving because of it (StepDown).
	OnStepDown func(term uint64)
	// Deal, when set, deals a successor's first hand (Succeed) instead
	// of its table's Start, once the devices came back: a table whose
	// match is played over another protocol (a sealed one, p2p/sealed)
	// stays in its lobby, and Deal starts that match, served by d.
	Deal func(ctx context.Context, d *Dealer)
}

// Dealer serves one table on a host.
type Dealer struct {
	h   host.Host
	cfg Config
	ctx context.Context
	end context.CancelFunc

	mu      sync.Mutex
	holders [4]peer.ID
	// pin and key let devices in (Config.PIN, Config.Key; SetPIN);
	// gate counts the wrong ones; admitted are the devices let in, which
	// come back without them.
	pin, key string
	gate     *gate
	admitted map[peer.ID]bool
	// lobby limits the lobby answers given.
	lobby *rate.Limiter
	// announcing orders the rosters: each is built and sent under it, so
	// a roster built before another never reaches a device after it.
	announcing sync.Mutex
	sessions   map[*session]struct{}
	current    [4]*session
	round      *round
	reveals    map[int]*wire.Deal
	// arrived is signalled whenever a player's device arrives.
	arrived chan struct{}
	// leaving is the hand-over asked for (HandOver), or nil.
	leaving *leaving
	// revealed is the last hand whose secrets were revealed; judged the
	// devices' verdict on it so far (verdicts).
	revealed int
	judged   bool
	// outranked is the higher term a device told of (0: none yet), and
	// toldBy that device; steppedDown is closed once it is known.
	outranked   uint64
	toldBy      peer.ID
	steppedDown chan struct{}
	stepping    sync.Once
	wg          sync.WaitGroup
}

// Serve starts serving cfg.Table on h's table and lobby protocols.
func Serve(h host.Host, cfg Config) *Dealer {
	if cfg.TakeOverWait <= 0 {
		cfg.TakeOverWait = wire.DefaultTakeOverWait
	}
	if cfg.Heartbeat <= 0 {
		cfg.Heartbeat = min(DefaultHeartbeat, cfg.TakeOverWait/5)
	}
	if cfg.DealWait <= 0 {
		cfg.DealWait = DefaultDealWait
	}
	ctx, end := context.WithCancel(context.Background())
	d := &Dealer{h: h, cfg: cfg, ctx: ctx, end: end, holders: cfg.Holders, sessions: map[*session]struct{}{}, reveals: map[int]*wire.Deal{},
		arrived: make(chan struct{}, 1), pin: cfg.PIN, key: cfg.Key, gate: newGate(), admitted: map[peer.ID]bool{},
		lobby: rate.NewLimiter(LobbyRate, LobbyBurst), steppedDown: make(chan struct{})}
	for _, id := range cfg.Holders {
		if id != "" {
			d.admitted[id] = true
		}
	}
	if _, sub, err := cfg.Table.Subscribe(ctx, table.Spectator); err == nil {
		d.wg.Add(1)
		go func() {
			defer d.wg.Done()
			defer sub.Close()
			go func() { <-ctx.Done(); sub.Close() }()
			d.watchEnds(sub)
		}()
	}
	for p := range 4 {
		if d.cfg.Open[p] {
			d.setConnected(p, false)
		}
	}
	h.SetStreamHandler(wire.TableProtocol, d.handleTable)
	h.SetStreamHandler(wire.LobbyProtocol, d.handleLobby)
	return d
}

// Close stops serving: the handlers are removed and every stream closed.
// The table itself is left to its owner.
func (d *Dealer) Close() error {
	d.h.RemoveStreamHandler(wire.TableProtocol)
	d.h.RemoveStreamHandler(wire.LobbyProtocol)
	d.end()
	d.mu.Lock()
	for s := range d.sessions {
		s.stream.Reset()
	}
	d.mu.Unlock()
	d.wg.Wait()
	return nil
}

// Term returns the dealer's term (Config.Term).
func (d *Dealer) Term() uint64 {
	return d.cfg.Term
}

// SteppedDown is closed once the dealer has stopped dealing because a
// device told of a higher term than its own (Outranked): a newer dealer
// deals the table. The dealer is then closed; its table is left to its
// owner.
func (d *Dealer) SteppedDown() <-chan struct{} {
	return d.steppedDown
}

// Outranked returns the higher term a device told of, or 0 while none
// has.
func (d *Dealer) Outranked() uint64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.outranked
}

// ToldBy returns the device that told of the highest term (Outranked),
// or "": the newer dealer, or a device that follows it.
func (d *Dealer) ToldBy() peer.ID {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.toldBy
}

// outrankedBy tells whether m, from the client from, carries a higher
// term than the dealer's, and keeps the highest such term and its teller:
// the session that read it refuses it and, once its refusal is on its
// way, the dealer steps down (stepDown).
func (d *Dealer) outrankedBy(m *wire.Msg, from peer.ID) bool {
	if m.Term <= d.cfg.Term {
		return false
	}
	d.mu.Lock()
	if m.Term > d.outranked {
		d.outranked, d.toldBy = m.Term, from
	}
	d.mu.Unlock()
	return true
}

// stepDown stops serving (once), for the newer dealer a device told of:
// SteppedDown and Config.OnStepDown tell the dealer's owner.
func (d *Dealer) stepDown() {
	d.stepping.Do(func() {
		d.Close()
		close(d.steppedDown)
		if d.cfg.OnStepDown != nil {
			d.cfg.OnStepDown(d.Outranked())
		}
	})
}

// Holders returns the peers holding the open seats.
func (d *Dealer) Holders() [4]peer.ID {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.holders
}

// Spectators returns how many spectators are watching now.
func (d *Dealer) Spectators() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	n := 0
	for s := range d.sessions {
		if s.welcomed && s.player == table.Spectator {
			n++
		}
	}
	return n
}

// Watches reports whether peer id watches the table now, as a spectator
// the dealer admitted (a sealed table serves such a peer the public view).
func (d *Dealer) Watches(id peer.ID) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	for s := range d.sessions {
		if s.welcomed && s.player == table.Spectator && s.peer == id {
			return true
		}
	}
	return false
}

// SetPIN changes the table's PIN ("" for none: then only the key lets a
// device in, or any device when the table has no key) and starts the
// counts of wrong PINs afresh (the guesses against the old PIN tell
// nothing of the new one). The devices already let in stay in.
func (d *Dealer) SetPIN(pin string) {
	d.mu.Lock()
	d.pin, d.gate = pin, newGate()
	d.mu.Unlock()
	if g, ok := d.cfg.Table.(Guarding); ok {
		g.SetGuessing(0)
	}
}

// Connected tells which players have a device connected now.
func (d *Dealer) Connected() [4]bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	var c [4]bool
	for p, s := range d.current {
		c[p] = s != nil
	}
	return c
}

func (d *Dealer) setConnected(player int, connected bool) {
	if p, ok := d.cfg.Table.(Presence); ok {
		p.SetConnected(player, connected)
	}
}

// handleLobby answers what table this is and closes.
func (d *Dealer) handleLobby(s network.Stream) {
	s.SetDeadline(time.Now().Add(10 * time.Second))
	conn := wire.NewConn(s)
	conn.SetTerm(d.cfg.Term)
	if !d.lobby.Allow() {
		refuse(conn, 0, &wire.Refusal{Reason: table.ReasonTooMany, Detail: fmt.Sprintf("the table answers at most %d lobby requests a second; ask again in a moment", LobbyRate), Wait: time.Second})
		finish(s)
		return
	}
	lobby, err := d.Lobby(d.ctx)
	if err != nil {
		s.Reset()
		return
	}
	conn.Send(&wire.Msg{Type: wire.TLobby, Lobby: lobby})
	finish(s)
}

// Lobby returns the table's lobby answer.
func (d *Dealer) Lobby(ctx context.Context) (*wire.Lobby, error) {
	snap, err := d.cfg.Table.Snapshot(ctx, table.Spectator)
	if err != nil {
		return nil, err
	}
	l := &wire.Lobby{Version: wire.Version, Name: d.cfg.Name, Rules: snap.Info.Rules, Options: snap.Info.Options,
		Free: []int{}, Hand: snap.Info.Hand, Over: snap.Info.Over}
	if l.Name == "" {
		l.Name = snap.Info.Name
	}
	d.mu.Lock()
	l.PIN = d.pin != "" || d.key != ""
	for p := range 4 {
		if d.cfg.Open[p] && d.holders[p] == "" {
			l.Free = append(l.Free, p)
		}
	}
	d.mu.Unlock()
	return l, nil
}

// admit lets the device of s in when the hello gives the PIN or the key,
// or the device holds a seat or was let in before; it refuses a wrong
// PIN, and any PIN during a back-off. It returns the table's count of
// wrong PINs when the host must be told (0 otherwise).
func (d *Dealer) admit(s *session, h *wire.Hello) (*wire.Refusal, int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if (d.pin == "" && d.key == "") || d.admitted[s.peer] {
		return nil, 0
	}
	if matches(strings.ToLower(strings.TrimSpace(h.Key)), d.key) {
		// The key cannot be guessed: it lets in during a back-off too.
		d.admitted[s.peer] = true
		return nil, 0
	}
	now := time.Now()
	if wait, who := d.gate.wait(now, s.peer, s.addr); wait > 0 {
		return &wire.Refusal{Reason: table.ReasonPINWait, Wait: wait,
			Detail: fmt.Sprintf("too many wrong PINs %s: the next is looked at in %s; scan the host's QR code (or type its address with the key) to join at once", who, wait.Round(time.Second))}, 0
	}
	if matches(h.PIN, d.pin) {
		d.admitted[s.peer] = true
		return nil, 0
	}
	tell := 0
	if n := d.gate.fail(now, s.peer, s.addr); n >= TableTries {
		tell = n
	}
	return &wire.Refusal{Reason: table.ReasonBadPIN, Detail: "this table needs its PIN (or the key its address carries)"}, tell
}

// guessing tells the host that the table has had wrong PINs wrong PINs.
func (d *Dealer) guessing(wrong int) {
	if d.cfg.OnGuessing != nil {
		d.cfg.OnGuessing(wrong)
	}
	if g, ok := d.cfg.Table.(Guarding); ok {
		g.SetGuessing(wrong)
	}
}

// seat gives the device of s a player for a hello asking for want, or
// refuses; s.player is set.
func (d *Dealer) seat(s *session, want int) *wire.Refusal {
	d.mu.Lock()
	defer d.mu.Unlock()
	p, r := d.seatFor(s, want)
	if r == nil {
		s.player, s.seated = p, true
	}
	return r
}

// seatFor is seat's choice; d.mu is held.
func (d *Dealer) seatFor(s *session, want int) (int, *wire.Refusal) {
	id := s.peer
	if want == table.Spectator {
		mine, all := 0, 0
		for o := range d.sessions {
			if o.seated && o.player == table.Spectator {
				all++
				if o.peer == id {
					mine++
				}
			}
		}
		switch {
		case mine >= MaxSpectatorsPerPeer:
			return 0, &wire.Refusal{Reason: table.ReasonTooMany, Detail: fmt.Sprintf("this device watches on %d streams already; at most %d", mine, MaxSpectatorsPerPeer)}
		case all >= MaxSpectators:
			return 0, &wire.Refusal{Reason: table.ReasonTooMany, Detail: fmt.Sprintf("the table has %d spectators already; at most %d", all, MaxSpectators)}
		}
		return table.Spectator, nil
	}
	for p, h := range d.holders {
		switch {
		case h != id:
		case want == wire.AnySeat || want == p:
			return p, nil
		default:
			return 0, &wire.Refusal{Reason: table.ReasonNotYours, Detail: fmt.Sprintf("this device plays player %d; one seat per device", p)}
		}
	}
	switch {
	case want == wire.AnySeat:
		for p := range 4 {
			if d.cfg.Open[p] && d.holders[p] == "" {
				return d.take(p, id), nil
			}
		}
		return 0, &wire.Refusal{Reason: table.ReasonNotSeated, Detail: "every seat is taken; join as a spectator"}
	case want < 0 || want > 3:
		return 0, &wire.Refusal{Reason: table.ReasonBadIntent, Detail: fmt.Sprintf("player %d does not exist; ask for 0 to 3, any seat (%d) or a spectator (%d)", want, wire.AnySeat, table.Spectator)}
	case !d.cfg.Open[want]:
		return 0, &wire.Refusal{Reason: table.ReasonNotYours, Detail: fmt.Sprintf("player %d is played on the dealer", want)}
	case d.holders[want] != "":
		return 0, &wire.Refusal{Reason: table.ReasonNotYours, Detail: fmt.Sprintf("player %d is another device's", want)}
	}
	return d.take(want, id), nil
}

// take seats id as player p; d.mu is held.
func (d *Dealer) take(p int, id peer.ID) int {
	d.holders[p] = id
	if d.cfg.OnSeat != nil {
		d.cfg.OnSeat(d.holders)
	}
	return p
}

// session is one client's table stream.
type session struct {
	d      *Dealer
	stream network.Stream
	conn   *wire.Conn
	peer   peer.ID
	// addr is the network address the stream comes from (its IP).
	addr   string
	player int
	seen   chan struct{}
	// seated is set (under d.mu) once player is given; welcomed once the
	// welcome is sent; ended once the session is over and its stream
	// closing.
	seated, welcomed, ended bool
	// limit is the stream's message budget.
	limit *limiter
}

func refuse(c *wire.Conn, id uint64, r *wire.Refusal) {
	c.Send(&wire.Msg{Type: wire.TRefused, ID: id, Refused: r})
}

// errRefused ends a session whose last message was a refusal: the
// stream is closed so that the refusal reaches the client (finish).
var errRefused = errors.New("dealer: refused")

func (d *Dealer) handleTable(st network.Stream) {
	d.wg.Add(1)
	defer d.wg.Done()
	s := &session{d: d, stream: st, conn: wire.NewConn(st), peer: st.Conn().RemotePeer(), addr: addrOf(st.Conn()),
		seen: make(chan struct{}, 1), limit: newLimiter()}
	s.conn.SetTerm(d.cfg.Term)
	d.mu.Lock()
	if d.ctx.Err() != nil {
		d.mu.Unlock()
		st.Reset()
		return
	}
	r := d.room(s)
	if r == nil {
		d.sessions[s] = struct{}{}
	}
	d.mu.Unlock()
	if r != nil {
		refuse(s.conn, 0, r)
		finish(st)
		return
	}
	defer func() {
		d.mu.Lock()
		delete(d.sessions, s)
		outranked := d.outranked != 0
		d.mu.Unlock()
		if outranked {
			// The refusal is on its way (finish): the dealer steps down.
			go d.stepDown()
		}
	}()
	stop := make(chan struct{})
	defer close(stop)
	go s.watch(stop)
	err := s.run()
	d.mu.Lock()
	s.ended = true
	d.mu.Unlock()
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, errRefused) {
		st.Reset()
		return
	}
	finish(st)
}

// room refuses a stream over the per-device limit, or from a device not
// let in yet when MaxStrangers such streams are open; d.mu is held.
func (d *Dealer) room(s *session) *wire.Refusal {
	mine, strangers := 0, 0
	for o := range d.sessions {
		if o.ended {
			continue
		}
		if o.peer == s.peer {
			mine++
		}
		if !d.admitted[o.peer] {
			strangers++
		}
	}
	switch {
	case mine >= MaxStreamsPerPeer:
		return &wire.Refusal{Reason: table.ReasonTooMany, Wait: time.Second, Detail: fmt.Sprintf("this device holds %d table streams already; at most %d", mine, MaxStreamsPerPeer)}
	case !d.admitted[s.peer] && strangers >= MaxStrangers:
		return &wire.Refusal{Reason: table.ReasonTooMany, Wait: time.Second, Detail: fmt.Sprintf("the table is answering %d devices it has not let in yet; try again in a moment", strangers)}
	}
	return nil
}

// closeWait bounds how long a closing stream waits for the client to
// read the last frames and close its side.
const closeWait = 2 * time.Second

// finish closes a stream so that the frames sent (a refusal) reach the
// client: it closes the dealer's side, waits (at most closeWait) for the
// client to close its own, then closes the stream; a client that does not
// close in time has it reset.
func finish(st network.Stream) {
	st.CloseWrite()
	st.SetReadDeadline(time.Now().Add(closeWait))
	if _, err := io.Copy(io.Discard, io.LimitReader(st, wire.MaxFrame)); err != nil {
		st.Reset()
		return
	}
	st.Close()
}

// addrOf is the network address (the IP) a connection comes from.
func addrOf(c network.Conn) string {
	if ip, err := manet.ToIP(c.RemoteMultiaddr()); err == nil {
		return ip.String()
	}
	return c.RemoteMultiaddr().String()
}

// watch resets the stream when the client is silent for three heartbeats.
func (s *session) watch(stop <-chan struct{}) {
	limit := 3 * s.d.cfg.Heartbeat
	t := time.NewTimer(limit)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-s.seen:
			t.Reset(limit)
		case <-t.C:
			s.stream.Reset()
			return
		}
	}
}

func (s *session) recv() (*wire.Msg, error) {
	m, err := s.conn.Recv()
	select {
	case s.seen <- struct{}{}:
	default:
	}
	return m, err
}

func (s *session) run() error {
	d := s.d
	m, err := s.recv()
	if err != nil {
		if errors.Is(err, wire.ErrBadMessage) {
			refuse(s.conn, 0, &wire.Refusal{Reason: table.ReasonBadIntent, Detail: err.Error()})
			return errRefused
		}
		return err
	}
	if m.Type != wire.THello {
		refuse(s.conn, 0, &wire.Refusal{Reason: table.ReasonBadIntent, Detail: "a table stream starts with a hello"})
		return errRefused
	}
	if d.outrankedBy(m, s.peer) {
		refuse(s.conn, 0, s.stepDownRefusal(m.Term))
		return errRefused
	}
	hello := m.Hello
	if hello.Version != wire.Version {
		refuse(s.conn, 0, &wire.Refusal{Reason: table.ReasonBadIntent, Detail: fmt.Sprintf("protocol version %d; this dealer speaks %d", hello.Version, wire.Version)})
		return errRefused
	}
	r, wrong := d.admit(s, hello)
	if wrong > 0 {
		d.guessing(wrong)
	}
	if r == nil {
		r = d.seat(s, hello.Player)
	}
	if r != nil {
		refuse(s.conn, 0, r)
		return errRefused
	}
	player := s.player
	snap, sub, err := d.cfg.Table.Subscribe(d.ctx, player)
	if err != nil {
		refuse(s.conn, 0, refusalOf(err))
		return errRefused
	}
	defer sub.Close()
	var infos wire.Infos
	welcome := &wire.Msg{Type: wire.TWelcome, Welcome: &wire.Welcome{Player: player, Snapshot: snap, Heartbeat: d.cfg.Heartbeat, TakeOver: d.cfg.TakeOverWait}}
	if slices.Contains(hello.Compress, wire.Deflate) {
		welcome.Welcome.Compress = wire.Deflate
	}
	infos.Shrink(welcome)
	if err := s.conn.Send(welcome); err != nil {
		return err
	}
	if welcome.Welcome.Compress != "" {
		s.conn.CompressSends()
	}
	d.mu.Lock()
	s.welcomed, d.admitted[s.peer] = true, true
	d.mu.Unlock()
	// The hand the welcome shows ended is revealed next, before any
	// update; the later ends are revealed by the updates' goroutine.
	shown := s.revealAfter(snap, 0)
	if n, ok := d.cfg.Table.(Naming); ok && player != table.Spectator {
		if name := wire.CleanName(hello.Name); name != "" {
			n.SetName(player, name)
		}
	}
	d.announce()
	d.mu.Lock()
	note := d.handOverNote()
	if d.leaving != nil {
		d.leaving.expect(s.peer)
	}
	d.mu.Unlock()
	if note != nil {
		s.conn.Send(note)
	}
	if player != table.Spectator {
		d.h.ConnManager().Protect(s.peer, fwhost.TableTag)
		d.arrive(s)
		defer d.leave(s)
	}
	go func() {
		for u := range sub.Updates() {
			m := &wire.Msg{Type: wire.TUpdate, Update: &u}
			infos.Shrink(m)
			if s.conn.Send(m) != nil {
				s.stream.Reset()
				return
			}
			shown = s.revealAfter(u.Snapshot, shown)
		}
	}()
	for {
		m, err := s.recv()
		if errors.Is(err, wire.ErrBadMessage) {
			if r := s.overLimit(""); r != nil {
				refuse(s.conn, 0, r)
				if s.limit.over > MaxOver {
					return errRefused
				}
				continue
			}
			refuse(s.conn, 0, &wire.Refusal{Reason: table.ReasonBadIntent, Detail: err.Error()})
			continue
		}
		if err != nil {
			if errors.Is(err, wire.ErrFrameTooLarge) {
				// The stream cannot be read on; it is closed (not reset) so
				// that the refusal reaches the client.
				refuse(s.conn, 0, &wire.Refusal{Reason: table.ReasonBadIntent, Detail: err.Error()})
				return errRefused
			}
			return err
		}
		if d.outrankedBy(m, s.peer) {
			refuse(s.conn, 0, s.stepDownRefusal(m.Term))
			return errRefused
		}
		if r := s.overLimit(m.Type); r != nil {
			refuse(s.conn, m.ID, r)
			if s.limit.over > MaxOver {
				return errRefused
			}
			continue
		}
		if err := s.handle(m); err != nil {
			return err
		}
	}
}

// stepDownRefusal is the refusal of a message that told of a higher
// term: the dealer stops dealing.
func (s *session) stepDownRefusal(term uint64) *wire.Refusal {
	return &wire.Refusal{Reason: table.ReasonClosed, Detail: fmt.Sprintf("this dealer deals term %d and a newer dealer deals term %d: it stops dealing", s.d.cfg.Term, term)}
}

// revealAfter sends the reveal of the hand snap shows ended, unless hand
// shown (or a later one) was revealed on this stream already; it returns
// the last hand revealed on the stream. It is called right after the
// welcome or update that carries snap, by the goroutine that sends them,
// so the reveal always follows the hand's end.
func (s *session) revealAfter(snap table.Snapshot, shown int) int {
	r := s.d.revealOf(snap)
	if r == nil || r.Hand <= shown {
		return shown
	}
	s.conn.Send(&wire.Msg{Type: wire.TReveal, Deal: r})
	return r.Hand
}

// overLimit holds a message (of type t; "" for a malformed one) back
// until the stream's budget allows it, and refuses it (too-many) when that
// would take more than maxHold: a device that sends a little too fast is
// slowed down, a flood of requests is refused. It returns nil once the
// message may be handled.
func (s *session) overLimit(t wire.Type) *wire.Refusal {
	l := s.limit
	var wait time.Duration
	for _, b := range l.budgets(t) {
		r := b.Reserve()
		d := r.Delay()
		if d > maxHold {
			r.Cancel()
			l.over++
			return &wire.Refusal{Reason: table.ReasonTooMany, Wait: d, Detail: fmt.Sprintf("at most %d messages a second on one stream, %d of them snapshot or hand requests; after %d refused in a row the stream is closed", MsgRate, AskRate, MaxOver)}
		}
		wait = max(wait, d)
	}
	l.over = 0
	time.Sleep(wait)
	return nil
}

// handle answers one message from a seated client.
func (s *session) handle(m *wire.Msg) error {
	d := s.d
	switch m.Type {
	case wire.TIntent:
		in := *m.Intent
		switch {
		case s.player == table.Spectator:
			refuse(s.conn, m.ID, &wire.Refusal{Reason: table.ReasonNotSeated, Detail: "a spectator cannot act; join with a seat"})
			return nil
		case in.Player != s.player:
			refuse(s.conn, m.ID, &wire.Refusal{Reason: table.ReasonNotYours, Detail: fmt.Sprintf("this device plays player %d, not %d", s.player, in.Player)})
			return nil
		}
		if err := d.cfg.Table.Submit(d.ctx, in); err != nil {
			refuse(s.conn, m.ID, refusalOf(err))
			return nil
		}
		return s.conn.Send(&wire.Msg{Type: wire.TDone, ID: m.ID})
	case wire.TSnapReq:
		snap, err := d.cfg.Table.Snapshot(d.ctx, s.player)
		if err != nil {
			refuse(s.conn, m.ID, refusalOf(err))
			return nil
		}
		return s.conn.Send(&wire.Msg{Type: wire.TSnapshot, ID: m.ID, Snapshot: &snap})
	case wire.TPing:
		pong := &wire.Msg{Type: wire.TPong}
		if snap, err := d.cfg.Table.Snapshot(d.ctx, s.player); err == nil {
			pong.Seq = snap.Seq
		}
		return s.conn.Send(pong)
	case wire.TPong:
		return nil
	case wire.TCommit, wire.TSecret:
		if r := d.contribute(s, m); r != nil {
			refuse(s.conn, 0, r)
		}
		return nil
	case wire.TVerdict:
		if r := d.verdict(m.Verdict); r != nil {
			refuse(s.conn, 0, r)
		}
		return nil
	case wire.TLeave:
		if !d.heardBy(s.peer) {
			refuse(s.conn, m.ID, &wire.Refusal{Reason: table.ReasonBadIntent, Detail: "no hand-over is under way: a device leaves for the successor once the dealer says so (a hand-over with now)"})
			return nil
		}
		return s.conn.Send(&wire.Msg{Type: wire.TDone, ID: m.ID})
	case wire.THandReq:
		evs, r := d.handEvents(m.Deal.Hand)
		if r != nil {
			refuse(s.conn, m.ID, r)
			return nil
		}
		return s.conn.Send(&wire.Msg{Type: wire.THand, ID: m.ID, Deal: &wire.Deal{Hand: m.Deal.Hand, Events: evs}})
	}
	refuse(s.conn, m.ID, &wire.Refusal{Reason: table.ReasonBadIntent, Detail: fmt.Sprintf("a client does not send %s messages", m.Type)})
	return nil
}

// arrive makes s the current session of its player, ending an older one
// (the same device reconnected before its old stream timed out).
func (d *Dealer) arrive(s *session) {
	d.mu.Lock()
	old := d.current[s.player]
	d.current[s.player] = s
	d.mu.Unlock()
	if old != nil {
		old.stream.Reset()
	}
	d.setConnected(s.player, true)
	select {
	case d.arrived <- struct{}{}:
	default:
	}
}

func (d *Dealer) leave(s *session) {
	d.mu.Lock()
	gone := d.current[s.player] == s
	if gone {
		d.current[s.player] = nil
	}
	d.mu.Unlock()
	if gone {
		d.setConnected(s.player, false)
	}
}

// refusalOf turns a table error into a refusal with its reason.
func refusalOf(err error) *wire.Refusal {
	var re *table.RefusedError
	if errors.As(err, &re) {
		return &wire.Refusal{Reason: re.Reason, Detail: re.Detail}
	}
	if errors.Is(err, table.ErrClosed) || errors.Is(err, context.Canceled) {
		return &wire.Refusal{Reason: table.ReasonClosed, Detail: err.Error()}
	}
	return &wire.Refusal{Reason: table.ReasonBadIntent, Detail: err.Error()}
}

// announce sends the roster to every welcomed client. Two devices
// welcomed at once announce at once: without d.announcing the older
// roster could be sent last, and a device that takes the table over from
// it would play a seated device's player by the computer.
func (d *Dealer) announce() {
	d.announcing.Lock()
	defer d.announcing.Unlock()
	r := &wire.Roster{Addrs: map[string][]string{}}
	d.mu.Lock()
	for p, id := range d.holders {
		if id == "" {
			continue
		}
		r.Holders[p] = id.String()
		for _, a := range d.h.Peerstore().Addrs(id) {
			r.Addrs[id.String()] = append(r.Addrs[id.String()], a.String())
		}
	}
	to := d.welcomed()
	d.mu.Unlock()
	for _, s := range to {
		s.conn.Send(&wire.Msg{Type: wire.TRoster, Roster: r})
	}
}

// handEvents returns the events of hand n, from its start to its end, once
// it has ended (its seed is then public).
func (d *Dealer) handEvents(n int) ([]game.Event, *wire.Refusal) {
	rc, ok := d.cfg.Table.(Recorder)
	if !ok {
		return nil, &wire.Refusal{Reason: table.ReasonNoDecide, Detail: "this dealer keeps no record"}
	}
	rec, err := rc.Record()
	if err != nil {
		return nil, refusalOf(err)
	}
	from := -1
	for i, e := range rec.Events {
		switch {
		case e.Type == game.EvHandStart && e.Start != nil && e.Start.Number == n:
			from = i
		case e.Type == game.EvHandEnd && from >= 0:
			return rec.Events[from : i+1], nil
		}
	}
	return nil, &wire.Refusal{Reason: table.ReasonNoDecide, Detail: fmt.Sprintf("hand %d has not ended at this table; a hand's events are given once it is over", n)}
}
