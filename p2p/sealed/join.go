package sealed

import (
	"context"
	"errors"
	"fmt"
	"slices"

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
}

// Joined is a device's side of a sealed table: it carries the notes of
// its party (table.Sealed) to the dealer, and the dealer's to it.
type Joined struct {
	tbl  *table.Sealed
	link *link
	done chan struct{}
	err  error // set before done is closed
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
func Dial(ctx context.Context, h host.Host, dealer peer.ID, tableID string, term uint64, cfg JoinConfig) (*Joined, error) {
	return dial(ctx, h, dealer, tableID, term, cfg, nil)
}

// dial is Dial; tamper, when set, may drop (false) each note this device
// sends (the hostile tests).
func dial(ctx context.Context, h host.Host, dealer peer.ID, tableID string, term uint64, cfg JoinConfig, tamper func(table.SealedNote) bool) (*Joined, error) {
	s, err := h.NewStream(network.WithAllowLimitedConn(ctx, "sealed"), dealer, Protocol)
	if err != nil {
		return nil, fmt.Errorf("sealed: cannot reach the dealer: %w", err)
	}
	r := wire.NewReader(s, maxFrame)
	read := func() (frame, error) {
		b, err := r.ReadFrame()
		var f frame
		if err == nil {
			f, err = parseFrame(b)
		}
		if err == nil && (f.Term != term || f.Table != tableID) {
			err = fmt.Errorf("sealed: a frame of table %q term %d; this is table %q term %d", f.Table, f.Term, tableID, term)
		}
		return f, err
	}
	stop := context.AfterFunc(ctx, func() { _ = s.Reset() })
	f, err := read()
	stop()
	if err == nil && f.Kind != kindSetup {
		err = fmt.Errorf("sealed: the dealer sent a frame of kind %d first; the setup comes first", f.Kind)
	}
	var set table.SealedSetup
	if err == nil {
		set, err = decodeSetup(f.Body)
	}
	if err != nil {
		_ = s.Reset()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("sealed: the dealer served no setup (a sealed table serves its key holders and the spectators its table admitted): %w", err)
	}
	j := &Joined{link: newLink(s, -1), done: make(chan struct{})}
	holder := slices.Index(set.Peers, h.ID().String())
	if holder < 0 {
		holder = table.Spectator
	}
	send := func(n table.SealedNote) {
		if tamper != nil && !tamper(n) {
			return
		}
		if b, err := noteFrame(term, tableID, n); err == nil {
			j.link.send(b)
		}
	}
	j.tbl, err = table.NewSealed(table.SealedConfig{Table: tableID, Setup: set, Holder: holder, Seats: cfg.Seats, Send: send})
	if err != nil {
		_ = s.Reset()
		return nil, err
	}
	go j.link.write()
	go func() {
		defer close(j.done)
		defer j.link.close()
		stop := context.AfterFunc(ctx, j.link.close)
		defer stop()
		for {
			f, err := read()
			if err == nil && f.Kind == kindSetup {
				err = errors.New("sealed: the dealer sent the setup twice")
			}
			if err != nil {
				if ctx.Err() != nil {
					err = ctx.Err()
				}
				j.err = fmt.Errorf("sealed: the dealer's stream: %w", err)
				return
			}
			n, _ := f.note(-1)
			if err := j.tbl.Receive(ctx, n); err != nil {
				j.err = err
				return
			}
			if f.Kind == kindEnd {
				return
			}
		}
	}()
	return j, nil
}

// Table returns this device's part in the match, as a table: the seats
// it plays (a spectator's: none) and the public view.
func (j *Joined) Table() *table.Sealed { return j.tbl }

// Wait waits until the match is over, or the stream to the dealer ends,
// and returns the match as this device saw it.
func (j *Joined) Wait() (table.SealedRecord, error) {
	<-j.done
	return j.tbl.Record(), j.err
}

// Close leaves the table: it closes the stream and the device's table.
func (j *Joined) Close() error {
	j.link.close()
	<-j.done
	return j.tbl.Close()
}
