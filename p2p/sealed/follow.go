package sealed

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/peer"

	"github.com/fourwinds-mahjong/fourwinds/core/table"
)

// Seating is a device's seat at a sealed table on the table protocol
// (p2p/client.Client): the dealer it follows now and that dealer's term.
// Both change when the table is handed over or taken over.
type Seating interface {
	Dealer() peer.ID
	Term() uint64
}

// Seated is the table protocol's dealer of a successor (p2p/dealer.Dealer):
// the devices it seated and connected, the spectators it admitted, its
// term.
type Seated interface {
	Holders() [4]peer.ID
	Connected() [4]bool
	Watches(peer.ID) bool
	Term() uint64
}

// Session is one dealer's session of a sealed match as a device follows
// it: the device's party, the dealer and its term, and where the session
// took the match up (nil for the table's first dealer's).
type Session struct {
	Table  *table.Sealed
	Dealer peer.ID
	Term   uint64
	From   *table.SealedFrom
}

// Follower is a device's part at a sealed table across its dealers. It
// plays at the session of the dealer its seating follows; when the table
// is handed over or taken over (the seating's term changes), it leaves
// that session and follows the successor's, which starts from the
// successor's ledger with fresh keys; on the successor's own device it
// follows the session this device serves (Lead).
type Follower struct {
	h      host.Host
	seat   Seating
	cfg    JoinConfig
	giveUp time.Duration
	on     func(Session)
	led    chan *Host
	done   chan struct{}

	mu sync.Mutex
	// cur is the current session's party; hands are the deals of the
	// sessions before it; last is where the last session left off, and
	// info its public facts then.
	cur   *table.Sealed
	hands []table.SealedHand
	last  *table.SealedFrom
	info  table.Info
	// leftFor is the term of the session the follower left the last for;
	// leading is set once this device leads a session (Lead).
	leftFor uint64
	leading bool
	// rec and err are the match as it ended here (Wait); stop ends
	// following (Close).
	rec  table.SealedRecord
	err  error
	stop func()
}

// followPause is how often a follower looks at its seating's term.
const followPause = 50 * time.Millisecond

// Follow joins the sealed table its seating follows (Await, with cfg and
// giveUp) and returns once a session's dealer served this device its
// setup: the first dealer's, or, when the table was handed over before
// this device reached the first dealer's (a spectator that came late),
// the successor's. on is called with each session as it starts, the
// first included, before Follow returns. The follower then follows the
// table across dealers until the match is over, ctx ends or Close.
func Follow(ctx context.Context, h host.Host, seat Seating, cfg JoinConfig, giveUp time.Duration, on func(Session)) (*Follower, error) {
	start := seat.Term()
	for {
		term := seat.Term()
		j, err := awaitTerm(ctx, h, seat, term, cfg, giveUp)
		if err == nil {
			ctx, cancel := context.WithCancel(ctx)
			f := &Follower{h: h, seat: seat, cfg: cfg, giveUp: giveUp, on: on, led: make(chan *Host, 1), done: make(chan struct{}), stop: cancel}
			f.cur = j.Table()
			s := Session{Table: j.Table(), Dealer: seat.Dealer(), Term: term}
			if term != start {
				if from, err := j.Table().Ledger(ctx); err == nil {
					s.From = &from
				}
			}
			on(s)
			go f.run(ctx, j, term)
			return f, nil
		}
		if seat.Term() == term || ctx.Err() != nil {
			return nil, err
		}
	}
}

// awaitTerm is Await at the dealer seat follows at term; it gives up as
// soon as the seat moves to another term (the table was handed over).
func awaitTerm(ctx context.Context, h host.Host, seat Seating, term uint64, cfg JoinConfig, giveUp time.Duration) (*Joined, error) {
	actx, cancel := context.WithCancel(ctx)
	waiting := make(chan struct{})
	go func() {
		for seat.Term() == term {
			select {
			case <-waiting:
				return
			case <-time.After(followPause):
			}
		}
		cancel()
	}()
	j, err := Await(actx, h, seat.Dealer(), seat.Dealer().String(), term, cfg, giveUp)
	close(waiting)
	if err == nil && actx.Err() != nil {
		j.Close() // the seat moved on as it joined: the session is over
		err = actx.Err()
	}
	if err != nil {
		cancel()
		return nil, err
	}
	// actx bounds the session: it ends with ctx (cancel is never called
	// otherwise).
	return j, nil
}

// run follows the sessions, from j's at term, until the match is over.
func (f *Follower) run(ctx context.Context, j *Joined, term uint64) {
	defer close(f.done)
	var x *Host // the session this device serves, once it leads
	for {
		var party *table.Sealed
		var ended <-chan struct{}
		if j != nil {
			party, ended = j.Table(), j.done
		} else {
			party, ended = x.Table(), x.Table().Done()
		}
		moved := false
		for !moved {
			select {
			case <-ctx.Done():
				f.finish(party, j, ctx.Err())
				return
			case <-ended:
				var err error
				if j != nil {
					_, err = j.Wait()
				}
				if rec := party.Record(); rec.Over || err == nil {
					f.finish(party, j, err)
					return
				}
				// The dealer's stream ended and was not resumed: the
				// table is taken over, or the device gives up.
				if !f.waitTerm(ctx, term) {
					f.finish(party, j, err)
					return
				}
				moved = true
			case <-time.After(followPause):
				moved = f.seat.Term() != term
			}
		}
		term = f.seat.Term()
		dealer := f.seat.Dealer()
		f.leave(ctx, party, term)
		// The old session stays open until the screens moved on (on):
		// they follow it until then.
		old := j
		var err error
		j, x = nil, nil
		if dealer == f.h.ID() {
			select {
			case x = <-f.led:
			case <-ctx.Done():
				err = ctx.Err()
			}
		} else {
			// A key saved before this device's app restarted is of the
			// first session; every later one starts with fresh keys.
			f.cfg.Rejoin = nil
			j, err = Await(ctx, f.h, dealer, dealer.String(), term, f.cfg, f.giveUp)
		}
		if err != nil {
			if old != nil {
				old.Close()
			}
			f.mu.Lock()
			f.rec = table.SealedRecord{Hands: f.hands}
			f.err = fmt.Errorf("sealed: the table was handed over (term %d) and this device cannot follow it: %w", term, err)
			f.mu.Unlock()
			return
		}
		s := Session{Dealer: dealer, Term: term}
		if j != nil {
			s.Table = j.Table()
		} else {
			s.Table = x.Table()
		}
		f.mu.Lock()
		f.cur, s.From = s.Table, f.last
		f.mu.Unlock()
		f.on(s)
		if old != nil {
			old.Close()
		}
	}
}

// waitTerm waits for the seating's term to change from term (the table
// goes on at a successor) for up to the give-up wait (for ever when 0),
// and reports whether it did.
func (f *Follower) waitTerm(ctx context.Context, term uint64) bool {
	start := time.Now()
	for f.seat.Term() == term {
		if f.giveUp > 0 && time.Since(start) > f.giveUp {
			return false
		}
		select {
		case <-ctx.Done():
			return false
		case <-time.After(followPause):
		}
	}
	return true
}

// leave ends following party's session for the session of term: its
// deals are kept, and where it left the match (its ledger and public
// facts) for that session, which this device may lead.
func (f *Follower) leave(ctx context.Context, party *table.Sealed, term uint64) {
	from, err := party.Ledger(ctx)
	snap, serr := party.Snapshot(ctx, table.Spectator)
	rec := party.Record()
	f.mu.Lock()
	if err == nil && serr == nil {
		f.last, f.info = &from, snap.Info
		if snap.Info.Started && !snap.Info.Over {
			f.info.Standing = &from.Standing
		}
	}
	f.leftFor = term
	f.hands = append(f.hands, rec.Hands...)
	f.mu.Unlock()
}

// finish ends the follower with the last session's record (every
// session's deals) and err.
func (f *Follower) finish(party *table.Sealed, j *Joined, err error) {
	rec := party.Record()
	if j != nil {
		j.Close()
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	rec.Hands = append(append([]table.SealedHand(nil), f.hands...), rec.Hands...)
	f.rec, f.err = rec, err
}

// Info returns the public facts of the match as this device keeps them,
// with where its ledger stands (Info.Standing), and whether it has them
// (the first deal was dealt, the match is not over): those of the current
// session, or, between two, where the last one left the match. A
// take-over goes on from them (p2p/client.Options.Match).
func (f *Follower) Info() (table.Info, bool) {
	f.mu.Lock()
	cur := f.cur
	f.mu.Unlock()
	ctx := context.Background()
	snap, err := cur.Snapshot(ctx, table.Spectator)
	var from table.SealedFrom
	if err == nil {
		from, err = cur.Ledger(ctx)
	}
	if err != nil {
		f.mu.Lock()
		defer f.mu.Unlock()
		return f.info, f.last != nil && f.info.Standing != nil
	}
	in := snap.Info
	if in.Started && !in.Over {
		in.Standing = &from.Standing
	}
	return in, in.Standing != nil
}

// Lead serves, on this device, the session of a sealed table it took
// over or was handed (d: the table protocol's dealer at the new term,
// with the devices that came back): from where this device's party left
// the match (Ledger), with fresh keys; the devices connected to d hold
// keys and play their players, this device plays its own (cfg.Seats, as
// in Follow's JoinConfig) and every other player, the lost dealer's
// included, by its computer (cfg.Seats' level for them, else
// intermediate), a device seated at d but not connected now until the
// next deal after it came (Config.Late); d's spectators follow. Rules, options, hands and names
// are the match's. It plays the session until the match is over or ctx
// ends.
func (f *Follower) Lead(ctx context.Context, d Seated, wait time.Duration) error {
	f.mu.Lock()
	led := f.leading
	f.leading = true
	f.mu.Unlock()
	if led {
		return errors.New("sealed: this device leads the table already")
	}
	// The follower leaves the session it followed once it sees the new
	// term, within a followPause.
	for {
		f.mu.Lock()
		left := f.leftFor == d.Term()
		f.mu.Unlock()
		if left {
			break
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-f.done:
			return errors.New("sealed: this device stopped following the table")
		case <-time.After(followPause):
		}
	}
	f.mu.Lock()
	from, info := f.last, f.info
	f.mu.Unlock()
	if from == nil {
		return errors.New("sealed: this device has no ledger of the match to deal on from")
	}
	cfg := Config{Table: f.h.ID().String(), Term: d.Term(), Rules: info.Rules, Options: info.Options, Hands: info.Hands,
		Spectator: d.Watches, Seats: f.cfg.Seats, Wait: wait, From: from}
	for _, s := range info.Seats {
		cfg.Names = append(cfg.Names, s.Name)
	}
	cfg.Seat(f.h.ID(), d.Holders(), d.Connected())
	x, err := Serve(f.h, cfg)
	if err != nil {
		return err
	}
	f.led <- x
	go func() {
		<-ctx.Done()
		x.Close()
	}()
	_, err = x.Run(ctx)
	return err
}

// Table returns the current session's party.
func (f *Follower) Table() *table.Sealed {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.cur
}

// Wait waits until the match is over, or the device cannot follow it,
// and returns the match as this device saw it: the last session's
// ledger with every session's deals.
func (f *Follower) Wait() (table.SealedRecord, error) {
	<-f.done
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.rec, f.err
}

// Close leaves the table.
func (f *Follower) Close() error {
	f.stop()
	<-f.done
	return nil
}

// Leaving is the table protocol's dealer of a sealed table that hands it
// over (p2p/dealer.Dealer): its successor, and the hand-over of a match
// its own table does not play.
type Leaving interface {
	Successor() (id peer.ID, player int, ok bool)
	HandOverMatch(hand int) (player int, done <-chan struct{}, err error)
	HandOverNow(last int)
}

// ErrNoSuccessor is HandOver's error when no other device holds a seat.
var ErrNoSuccessor = errors.New("sealed: no seated device can take the table over (a phone must hold a seat)")

// HandOver hands the table over at the end of the hand in play (d's
// HandOverMatch, which tells every device now): this device's party deals
// no more (table.Sealed.Leave) and, at the hand boundary, d tells every
// device to go to the successor, which deals on from its ledger with
// fresh keys (Follower.Lead). It returns the successor's player and d's
// channel, closed once the devices went.
func (x *Host) HandOver(ctx context.Context, d Leaving) (int, <-chan struct{}, error) {
	if _, _, ok := d.Successor(); !ok {
		return -1, nil, ErrNoSuccessor
	}
	snap, err := x.tbl.Snapshot(ctx, table.Spectator)
	if err != nil {
		return -1, nil, err
	}
	at, err := x.tbl.Leave(ctx)
	if err != nil {
		return -1, nil, err
	}
	p, done, err := d.HandOverMatch(snap.Info.Hand)
	if err != nil {
		return -1, nil, err
	}
	go func() {
		select {
		case <-at:
			if last, err := x.tbl.Snapshot(x.ctx, table.Spectator); err == nil {
				d.HandOverNow(last.Info.Hand)
			}
		case <-x.ctx.Done():
		}
	}()
	return p, done, nil
}
