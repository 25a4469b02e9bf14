// Package dealer serves a table to the devices around it over libp2p. The
// dealer's table (a table.Local) decides turn, legality and staleness; the
// dealer adds identity: it seats each joining device, checks on every
// intent that the peer holds the seat it acts for, sends each peer only its
// own seat's updates (a spectator the public view) and answers the lobby.
// Clients dial the dealer; the dealer never dials them.
package dealer

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"slices"
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

// Config is what a dealer serves.
type Config struct {
	// Table is the table served.
	Table table.Table
	// Name is the table's name in the lobby.
	Name string
	// PIN, when set, must be given by every hello.
	PIN string
	// Open are the players whose seats joiners may take; the others are
	// played on the dealer.
	Open [4]bool
	// Holders are the devices already seated (a resumed table): a seat
	// with a holder is given back only to that peer.
	Holders [4]peer.ID
	// OnSeat, when set, is called with the holders whenever a seat is
	// taken, so that they can be kept with the table's save.
	OnSeat func(holders [4]peer.ID)
	// Heartbeat is how often clients must send a frame (DefaultHeartbeat
	// when zero).
	Heartbeat time.Duration
	// DealWait is how long each step of a hand's commit-reveal waits for
	// the devices (DefaultDealWait when zero).
	DealWait time.Duration
}

// Dealer serves one table on a host.
type Dealer struct {
	h   host.Host
	cfg Config
	ctx context.Context
	end context.CancelFunc

	mu      sync.Mutex
	holders [4]peer.ID
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
	wg       sync.WaitGroup
}

// Serve starts serving cfg.Table on h's table and lobby protocols.
func Serve(h host.Host, cfg Config) *Dealer {
	if cfg.Heartbeat <= 0 {
		cfg.Heartbeat = DefaultHeartbeat
	}
	if cfg.DealWait <= 0 {
		cfg.DealWait = DefaultDealWait
	}
	ctx, end := context.WithCancel(context.Background())
	d := &Dealer{h: h, cfg: cfg, ctx: ctx, end: end, holders: cfg.Holders, sessions: map[*session]struct{}{}, reveals: map[int]*wire.Deal{},
		arrived: make(chan struct{}, 1)}
	if _, sub, err := cfg.Table.Subscribe(ctx, table.Spectator); err == nil {
		d.wg.Add(1)
		go func() {
			defer d.wg.Done()
			defer sub.Close()
			go func() { <-ctx.Done(); sub.Close() }()
			d.reveal(sub)
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
	defer s.Close()
	s.SetDeadline(time.Now().Add(10 * time.Second))
	lobby, err := d.Lobby(d.ctx)
	if err != nil {
		s.Reset()
		return
	}
	wire.NewConn(s).Send(&wire.Msg{Type: wire.TLobby, Lobby: lobby})
}

// Lobby returns the table's lobby answer.
func (d *Dealer) Lobby(ctx context.Context) (*wire.Lobby, error) {
	snap, err := d.cfg.Table.Snapshot(ctx, table.Spectator)
	if err != nil {
		return nil, err
	}
	l := &wire.Lobby{Version: wire.Version, Name: d.cfg.Name, Rules: snap.Info.Rules, Options: snap.Info.Options,
		Free: []int{}, PIN: d.cfg.PIN != "", Hand: snap.Info.Hand, Over: snap.Info.Over}
	if l.Name == "" {
		l.Name = snap.Info.Name
	}
	d.mu.Lock()
	for p := range 4 {
		if d.cfg.Open[p] && d.holders[p] == "" {
			l.Free = append(l.Free, p)
		}
	}
	d.mu.Unlock()
	return l, nil
}

// seat gives peer a player for a hello asking for want, or refuses.
func (d *Dealer) seat(id peer.ID, want int) (int, *wire.Refusal) {
	if want == table.Spectator {
		return table.Spectator, nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
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
	player int
	seen   chan struct{}
	// welcomed is set (under d.mu) once the welcome is sent.
	welcomed bool
}

func refuse(c *wire.Conn, id uint64, r *wire.Refusal) {
	c.Send(&wire.Msg{Type: wire.TRefused, ID: id, Refused: r})
}

func (d *Dealer) handleTable(st network.Stream) {
	d.wg.Add(1)
	defer d.wg.Done()
	s := &session{d: d, stream: st, conn: wire.NewConn(st), peer: st.Conn().RemotePeer(), seen: make(chan struct{}, 1)}
	d.mu.Lock()
	if d.ctx.Err() != nil {
		d.mu.Unlock()
		st.Reset()
		return
	}
	d.sessions[s] = struct{}{}
	d.mu.Unlock()
	defer func() {
		d.mu.Lock()
		delete(d.sessions, s)
		d.mu.Unlock()
	}()
	stop := make(chan struct{})
	defer close(stop)
	go s.watch(stop)
	if err := s.run(); err != nil && !errors.Is(err, io.EOF) {
		st.Reset()
		return
	}
	st.Close()
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
		}
		return err
	}
	if m.Type != wire.THello {
		refuse(s.conn, 0, &wire.Refusal{Reason: table.ReasonBadIntent, Detail: "a table stream starts with a hello"})
		return io.EOF
	}
	hello := m.Hello
	if hello.Version != wire.Version {
		refuse(s.conn, 0, &wire.Refusal{Reason: table.ReasonBadIntent, Detail: fmt.Sprintf("protocol version %d; this dealer speaks %d", hello.Version, wire.Version)})
		return io.EOF
	}
	if d.cfg.PIN != "" && subtle.ConstantTimeCompare([]byte(hello.PIN), []byte(d.cfg.PIN)) != 1 {
		refuse(s.conn, 0, &wire.Refusal{Reason: table.ReasonBadPIN, Detail: "this table needs its PIN"})
		return io.EOF
	}
	player, r := d.seat(s.peer, hello.Player)
	if r != nil {
		refuse(s.conn, 0, r)
		return io.EOF
	}
	s.player = player
	snap, sub, err := d.cfg.Table.Subscribe(d.ctx, player)
	if err != nil {
		refuse(s.conn, 0, refusalOf(err))
		return io.EOF
	}
	defer sub.Close()
	var infos wire.Infos
	welcome := &wire.Msg{Type: wire.TWelcome, Welcome: &wire.Welcome{Player: player, Snapshot: snap, Heartbeat: d.cfg.Heartbeat}}
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
	s.welcomed = true
	d.mu.Unlock()
	if n, ok := d.cfg.Table.(Naming); ok && player != table.Spectator && hello.Name != "" {
		n.SetName(player, hello.Name)
	}
	d.announce()
	d.mu.Lock()
	note := d.handOverNote()
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
		}
	}()
	for {
		m, err := s.recv()
		if errors.Is(err, wire.ErrBadMessage) {
			refuse(s.conn, 0, &wire.Refusal{Reason: table.ReasonBadIntent, Detail: err.Error()})
			continue
		}
		if err != nil {
			if errors.Is(err, wire.ErrFrameTooLarge) {
				// The stream cannot be read on; it is closed (not reset) so
				// that the refusal reaches the client.
				refuse(s.conn, 0, &wire.Refusal{Reason: table.ReasonBadIntent, Detail: err.Error()})
				return io.EOF
			}
			return err
		}
		if err := s.handle(m); err != nil {
			return err
		}
	}
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
