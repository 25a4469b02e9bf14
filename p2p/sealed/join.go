package sealed

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/network"
	"github.com/libp2p/go-libp2p/core/peer"

	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
)

// JoinConfig is how a device plays at a sealed table.
type JoinConfig struct {
	// Seats say how this device plays the players it turns out to play
	// (the setup says which): a person acting through the table, or a
	// computer player (table.SealedConfig.Seats). A device that holds no
	// key follows as a spectator and plays none.
	Seats [4]table.SeatConfig
	// Resume is how long a device whose stream to the dealer dropped
	// tries to resume on a new one before it gives up (DefaultWait when
	// 0: the dealer's own wait before it voids a deal).
	Resume time.Duration
	// SaveKey, when set, is handed each deal's key as the device's party
	// makes it (table.SealedConfig.SaveKey): the device keeps the latest
	// to rejoin the match if its app restarts.
	SaveKey func(deal uint32, key []byte)
	// Rejoin is the key this device saved (SaveKey) when its app
	// restarted during the match: a key holder that comes back after the
	// first deal is served the match from the dealer's current deal and
	// takes it up from that key (table.SealedConfig.Rejoin). Nil for a
	// device that saved none: it comes back all the same, and starts the
	// deal with a fresh key when it sent none in it.
	Rejoin *table.SealedRejoin
	// Waiting, when set, is called when the dealer tells this device,
	// seated at the table but not connected when the match was dealt,
	// that it waits for the next deal, which gives it a key and its seat
	// (Dial returns then); the match goes on meanwhile, its seat played by
	// the dealer's computer.
	Waiting func()
}

// Joined is a device's side of a sealed table: it carries the notes of
// its party (table.Sealed) to the dealer, and the dealer's to it. When its
// stream drops it resumes on a new one: each side sends again the frames
// the other did not take.
type Joined struct {
	h       host.Host
	dealer  peer.ID
	tableID string
	term    uint64
	resume  time.Duration
	tamper  func(table.SealedNote) bool
	tbl     *table.Sealed
	cancel  context.CancelFunc // ends following the dealer (Close)
	done    chan struct{}
	err     error // set before done is closed

	mu   sync.Mutex
	link *link
	// sent is the number of this device's last frame; mine are its
	// frames the dealer may not have taken yet (from the deal before the
	// current one on), which a resume sends again.
	sent uint64
	mine []kept
	// got is the number of the dealer's last frame this device took; it
	// belongs to the goroutine reading the dealer's frames.
	got uint64
}

// Join plays the seats of this device (h) at the sealed table that dealer
// serves until the match is over (Dial, then Wait).
func Join(ctx context.Context, h host.Host, dealer peer.ID, tableID string, term uint64, cfg JoinConfig) (table.SealedRecord, error) {
	j, err := Dial(ctx, h, dealer, tableID, term, cfg)
	if err != nil {
		return table.SealedRecord{}, err
	}
	defer j.Close()
	return j.Wait()
}

// Dial joins the sealed table that dealer serves, table id and term as
// the table protocol told them, and returns once the dealer sent the
// match's setup: Table is then this device's part in the match, which
// plays on until the match is over, ctx ends or Close. A device that
// holds no key (not among the setup's peers) follows as a spectator,
// verifying every proof; one that comes during the match is sent the
// setup at the next deal, with the ledger so far, and Dial waits for it.
// A key holder that comes back during the match (its app restarted)
// rejoins: the dealer sends it the ledger before the current deal and
// that deal's frames, and Dial returns once its party took them up from
// the key it saved (JoinConfig.Rejoin). A device seated at the table
// that holds no key yet (it was not connected when the match was dealt)
// is told it waits (JoinConfig.Waiting) and is served as a key holder
// that rejoins at the next deal, with a fresh key.
func Dial(ctx context.Context, h host.Host, dealer peer.ID, tableID string, term uint64, cfg JoinConfig) (*Joined, error) {
	return dial(ctx, h, dealer, tableID, term, cfg, nil)
}

// AwaitPause is how often Await asks the dealer again for a sealed match
// it does not serve yet.
const AwaitPause = 500 * time.Millisecond

// Await dials the sealed table that dealer serves until it serves this
// device its setup (Dial), asking again every AwaitPause: a seated device
// learns that its table is sealed before its host has started the match.
// It gives up after giveUp (never when 0) or when ctx ends, with the
// dealer's last refusal; ctx then bounds the match, as Dial's.
func Await(ctx context.Context, h host.Host, dealer peer.ID, tableID string, term uint64, cfg JoinConfig, giveUp time.Duration) (*Joined, error) {
	start := time.Now()
	for {
		j, err := Dial(ctx, h, dealer, tableID, term, cfg)
		switch {
		case err == nil:
			return j, nil
		case ctx.Err() != nil:
			return nil, err
		case giveUp > 0 && time.Since(start) >= giveUp:
			return nil, fmt.Errorf("the dealer has not served this device the sealed match for %s: %w", giveUp, err)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(AwaitPause):
		}
	}
}

// dial is Dial; tamper, when set, may drop (false) each note this device
// sends (the hostile tests).
func dial(ctx context.Context, h host.Host, dealer peer.ID, tableID string, term uint64, cfg JoinConfig, tamper func(table.SealedNote) bool) (*Joined, error) {
	j := &Joined{h: h, dealer: dealer, tableID: tableID, term: term, resume: cfg.Resume, tamper: tamper, done: make(chan struct{})}
	if j.resume <= 0 {
		j.resume = DefaultWait
	}
	s, r, err := j.open(ctx, frame{Kind: kindHello, Term: term, Table: tableID})
	if err != nil {
		return nil, fmt.Errorf("sealed: cannot reach the dealer: %w", err)
	}
	stop := context.AfterFunc(ctx, func() { _ = s.Reset() })
	f, err := j.read(r)
	if err == nil && f.Kind == kindWait {
		if cfg.Waiting != nil {
			cfg.Waiting()
		}
		f, err = j.read(r)
	}
	stop()
	if err == nil && f.Kind != kindSetup {
		err = fmt.Errorf("sealed: the dealer sent a frame of kind %d first; the setup comes first", f.Kind)
	}
	var set table.SealedSetup
	if err == nil {
		set, err = table.DecodeSealedSetup(f.Body)
	}
	if err != nil {
		_ = s.Reset()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("sealed: the dealer served no setup (a sealed table serves its key holders and the spectators its table admitted): %w", err)
	}
	j.link = newLink(s, -1)
	holder := slices.Index(set.Peers, h.ID().String())
	tc := table.SealedConfig{Table: tableID, Setup: set, Holder: holder, Seats: cfg.Seats, Send: j.send, SaveKey: cfg.SaveKey}
	switch {
	case holder < 0:
		tc.Holder = table.Spectator
	case set.From != nil && !set.From.Start:
		tc.Rejoin = cfg.Rejoin
		if tc.Rejoin == nil {
			tc.Rejoin = &table.SealedRejoin{}
		}
	}
	j.tbl, err = table.NewSealed(tc)
	if err != nil {
		_ = s.Reset()
		return nil, err
	}
	go j.link.write()
	if tc.Rejoin != nil {
		if err := j.catchUp(ctx, s, r, holder); err != nil {
			j.link.close()
			j.tbl.Close()
			return nil, err
		}
	}
	ctx, j.cancel = context.WithCancel(ctx)
	go j.follow(ctx, r)
	return j, nil
}

// catchUp hands a rejoining device's party (key holder holder) the
// dealer's frames of the current deal and the seats whose answer the
// dealer has, up to the resume frame that says the frames from then on
// are new, and then tells it it is caught up.
func (j *Joined) catchUp(ctx context.Context, s network.Stream, r *wire.Reader, holder int) error {
	stop := context.AfterFunc(ctx, func() { _ = s.Reset() })
	defer stop()
	for {
		f, err := j.read(r)
		if _, ok := notes[f.Kind]; err == nil && !ok && f.Kind != kindResume {
			err = fmt.Errorf("sealed: the dealer sent a frame of kind %d to a device that rejoins; it sends the deal's frames, then 7 (resume)", f.Kind)
		}
		if err == nil && j.got != 0 && f.Kind != kindResume && f.Kind != kindHeld && f.Seq != j.got+1 {
			err = fmt.Errorf("sealed: the dealer's frame %d came after its frame %d", f.Seq, j.got)
		}
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return fmt.Errorf("sealed: the dealer did not catch this device up with the match: %w", err)
		}
		switch f.Kind {
		case kindResume:
			if f.resumed() != 0 {
				return fmt.Errorf("sealed: the dealer took %d frames of this device, which has sent none", f.resumed())
			}
			return j.tbl.CaughtUp(ctx)
		case kindHeld: // not numbered
			n, _ := f.note(holder)
			if err := j.tbl.Receive(ctx, n); err != nil {
				return err
			}
			continue
		}
		j.got = f.Seq
		n, _ := f.note(-1)
		if n.Kind == table.SealedDeal {
			j.forget(n.Deal)
		}
		if err := j.tbl.Receive(ctx, n); err != nil {
			return err
		}
	}
}

// open opens a stream to the dealer and sends its first frame.
func (j *Joined) open(ctx context.Context, first frame) (network.Stream, *wire.Reader, error) {
	s, err := j.h.NewStream(network.WithAllowLimitedConn(ctx, "sealed"), j.dealer, Protocol)
	if err != nil {
		return nil, nil, err
	}
	b, err := first.encode()
	if err == nil {
		_, err = s.Write(b)
	}
	if err != nil {
		_ = s.Reset()
		return nil, nil, err
	}
	return s, wire.NewReader(s, maxFrame), nil
}

// read reads a frame of this table and term.
func (j *Joined) read(r *wire.Reader) (frame, error) {
	b, err := r.ReadFrame()
	if err != nil {
		return frame{}, errStream{err}
	}
	f, err := parseFrame(b)
	if err == nil && (f.Term != j.term || f.Table != j.tableID) {
		err = fmt.Errorf("sealed: a frame of table %q term %d; this is table %q term %d", f.Table, f.Term, j.tableID, j.term)
	}
	return f, err
}

// errStream is a stream that failed, as opposed to a frame that did: a
// device resumes after the first and gives up on a dealer that sends the
// second.
type errStream struct{ err error }

func (e errStream) Error() string { return e.err.Error() }
func (e errStream) Unwrap() error { return e.err }

// send is the party's Send: it numbers the note's frame, keeps it until
// the dealer may have taken it, and queues it on the current stream.
func (j *Joined) send(n table.SealedNote) {
	if j.tamper != nil && !j.tamper(n) {
		return
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	b, err := noteFrame(j.term, j.tableID, j.sent+1, n)
	if err != nil {
		return
	}
	j.sent++
	j.mine = append(j.mine, kept{deal: n.Deal, seq: j.sent, b: b})
	j.link.send(b)
}

// follow takes the dealer's frames until the match is over, resuming on a
// new stream when one drops.
func (j *Joined) follow(ctx context.Context, r *wire.Reader) {
	defer close(j.done)
	defer func() {
		j.mu.Lock()
		j.link.close()
		j.mu.Unlock()
	}()
	stop := context.AfterFunc(ctx, func() {
		j.mu.Lock()
		j.link.close()
		j.mu.Unlock()
	})
	defer stop()
	var lost time.Time // when the stream dropped, since which nothing came
	for {
		f, err := j.read(r)
		var es errStream
		if errors.As(err, &es) && ctx.Err() == nil {
			if lost.IsZero() {
				lost = time.Now()
			}
			if r, err = j.reconnect(ctx, lost); err == nil {
				continue
			}
		}
		if _, ok := notes[f.Kind]; err == nil && (!ok || f.Kind == kindHeld) {
			err = fmt.Errorf("sealed: the dealer sent a frame of kind %d during the match; it sends 2 (deal) to 5 (ready) then", f.Kind)
		}
		if err != nil {
			if ctx.Err() != nil {
				err = ctx.Err()
			}
			j.err = fmt.Errorf("sealed: the dealer's stream: %w", err)
			return
		}
		switch {
		case j.got != 0 && f.Seq <= j.got:
			continue // sent again after a resume
		case j.got != 0 && f.Seq != j.got+1:
			j.err = fmt.Errorf("sealed: the dealer's frame %d came after its frame %d", f.Seq, j.got)
			return
		}
		j.got, lost = f.Seq, time.Time{}
		n, _ := f.note(-1)
		if n.Kind == table.SealedDeal {
			j.forget(n.Deal)
		}
		if err := j.tbl.Receive(ctx, n); err != nil {
			j.err = err
			return
		}
		if f.Kind == kindEnd {
			return
		}
	}
}

// forget drops this device's frames of deals before the one before deal:
// the dealer takes a deal's frames before it deals the next.
func (j *Joined) forget(deal uint32) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.mine = forget(j.mine, deal)
}

// resumePause is the pause between two tries to resume.
const resumePause = 250 * time.Millisecond

// reconnect resumes on a new stream: it says which of the dealer's frames
// this device took, sends again those of its own the dealer did not take,
// and returns the reader of the new stream. It tries until j.resume has
// passed since lost, the stream's drop.
func (j *Joined) reconnect(ctx context.Context, lost time.Time) (*wire.Reader, error) {
	var last error
	for time.Since(lost) < j.resume {
		s, r, err := j.open(ctx, frame{Kind: kindResume, Term: j.term, Table: j.tableID, Body: resumeBody(j.got)})
		if err == nil {
			_ = s.SetReadDeadline(time.Now().Add(helloWait))
			var f frame
			f, err = j.read(r)
			_ = s.SetReadDeadline(time.Time{})
			if err == nil && f.Kind != kindResume {
				err = fmt.Errorf("the dealer answered a resume with a frame of kind %d", f.Kind)
			}
			if err == nil {
				if err = j.relink(s, f.resumed()); err == nil {
					return r, nil
				}
			}
			_ = s.Reset()
		}
		last = err
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(resumePause):
		}
	}
	return nil, fmt.Errorf("the stream dropped and the dealer did not resume it for %s: %w", j.resume, last)
}

// relink makes s the current stream and queues on it this device's frames
// after took, the last the dealer took.
func (j *Joined) relink(s network.Stream, took uint64) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if !keeps(j.mine, j.sent, took) {
		return fmt.Errorf("the dealer took this device's frames up to %d; it sent %d and keeps those after %d", took, j.sent, j.sent-uint64(len(j.mine)))
	}
	j.link.close()
	j.link = newLink(s, -1)
	j.mine = slices.DeleteFunc(j.mine, func(k kept) bool { return k.seq <= took })
	for _, k := range j.mine {
		j.link.send(k.b)
	}
	go j.link.write()
	return nil
}

// Table returns this device's part in the match, as a table: the seats
// it plays (a spectator's: none) and the public view.
func (j *Joined) Table() *table.Sealed { return j.tbl }

// Wait waits until the match is over, or the stream to the dealer ends
// and cannot be resumed, and returns the match as this device saw it.
func (j *Joined) Wait() (table.SealedRecord, error) {
	<-j.done
	return j.tbl.Record(), j.err
}

// Close leaves the table: it closes the stream and the device's table.
func (j *Joined) Close() error {
	j.cancel()
	<-j.done
	return j.tbl.Close()
}
