package sealed

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/network"
	"github.com/libp2p/go-libp2p/core/peer"

	"github.com/fourwinds-mahjong/fourwinds/core/sealedplay"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
)

// Join plays the seats of this device (h) at the sealed table that dealer
// serves, table and term as the table protocol told them, until the match
// is over; a device that holds no key (not among the setup's peers)
// follows as a spectator, verifying every proof, from the match's first
// deal (the dealer serves no spectator that comes later). decide chooses this
// device's actions (nil for a spectator). It returns the match as this
// device saw it.
func Join(ctx context.Context, h host.Host, dealer peer.ID, table string, term uint64, decide Decider) (Record, error) {
	return join(ctx, h, dealer, table, term, decide, nil)
}

// join is Join; tamper, when set, may change or drop (false) each
// message this device sends (the hostile tests).
func join(ctx context.Context, h host.Host, dealer peer.ID, table string, term uint64, decide Decider, tamper func(uint32, *sealedplay.Msg) bool) (Record, error) {
	s, err := h.NewStream(network.WithAllowLimitedConn(ctx, "sealed"), dealer, Protocol)
	if err != nil {
		return Record{}, fmt.Errorf("sealed: cannot reach the dealer: %w", err)
	}
	defer s.Reset()
	frames := make(chan frame)
	failed := make(chan error, 1)
	go func() {
		r := wire.NewReader(s, maxFrame)
		for {
			b, err := r.ReadFrame()
			var f frame
			if err == nil {
				f, err = parseFrame(b)
			}
			if err == nil && (f.Term != term || f.Table != table) {
				err = fmt.Errorf("sealed: a frame of table %q term %d; this is table %q term %d", f.Table, f.Term, table, term)
			}
			if err != nil {
				failed <- err
				return
			}
			select {
			case frames <- f:
			case <-ctx.Done():
				return
			}
		}
	}()
	j := &joined{s: s, table: table, term: term, tamper: tamper}
	for {
		var err error
		select {
		case f := <-frames:
			err = j.take(h.ID(), f, decide)
		case err = <-failed:
			err = fmt.Errorf("sealed: the dealer's stream: %w", err)
		case <-j.wake():
			err = j.send(j.p.decided())
		case <-ctx.Done():
			err = ctx.Err()
		}
		if errors.Is(err, errOver) {
			return j.p.m.record(), nil
		}
		if err != nil {
			if j.p == nil {
				return Record{}, err
			}
			return j.p.m.record(), err
		}
	}
}

// errOver ends a joined device's loop: the match is over.
var errOver = errors.New("sealed: the match is over")

// joined is a device's side of a sealed table, on Join's goroutine only.
type joined struct {
	s      network.Stream
	table  string
	term   uint64
	tamper func(uint32, *sealedplay.Msg) bool
	p      *party
}

// wake is the party's decisions' signal, or nil before the setup.
func (j *joined) wake() <-chan struct{} {
	if j.p == nil {
		return nil
	}
	return j.p.wake
}

// take handles a frame from the dealer.
func (j *joined) take(self peer.ID, f frame, decide Decider) error {
	if j.p == nil && f.Kind != kindSetup || j.p != nil && f.Kind == kindSetup {
		return fmt.Errorf("sealed: the dealer sent a %d frame; the setup comes first, once", f.Kind)
	}
	switch f.Kind {
	case kindSetup:
		set, err := decodeSetup(f.Body)
		if err != nil {
			return err
		}
		m, err := newMatch(j.table, set)
		if err != nil {
			return err
		}
		me := sealedplay.Public
		if i := slices.Index(set.Peers, self.String()); i >= 0 {
			me = uint32(i)
		} else {
			decide = nil
		}
		j.p = newParty(m, me, decide)
		return nil
	case kindDeal:
		keys, err := j.p.begin(f.Deal)
		if err != nil {
			return err
		}
		return j.send(keys)
	case kindPlay:
		if f.Deal != j.p.m.deal || j.p.ended {
			return fmt.Errorf("sealed: the dealer relayed a message of deal %d during deal %d (over: %v)", f.Deal, j.p.m.deal, j.p.ended)
		}
		var m sealedplay.Msg
		if err := m.UnmarshalBinary(f.Body); err != nil {
			return err
		}
		out, err := j.p.receive(m)
		if err != nil {
			return fmt.Errorf("sealed: deal %d: this device refused a relayed %v message: %w", f.Deal, m.Type, err)
		}
		j.p.ask()
		return j.send(out)
	case kindEnd:
		if !j.p.m.over() {
			return fmt.Errorf("sealed: the dealer ended the match after hand %d, which this device does not see as its end", j.p.m.ledger.Number)
		}
		return errOver
	}
	return nil
}

// send sends this device's messages to the dealer.
func (j *joined) send(ms []sealedplay.Msg) error {
	for _, m := range ms {
		if j.tamper != nil && !j.tamper(j.p.m.deal, &m) {
			continue
		}
		b, err := play(j.term, j.p.m.deal, j.table, m)
		if err != nil {
			return err
		}
		if _, err := j.s.Write(b); err != nil {
			return fmt.Errorf("sealed: the dealer's stream: %w", err)
		}
	}
	return nil
}
