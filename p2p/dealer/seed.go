package dealer

import (
	"bytes"
	"context"
	"fmt"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
	"github.com/fourwinds-mahjong/fourwinds/p2p/deal"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
	"github.com/libp2p/go-libp2p/core/peer"
)

// DefaultDealWait is how long the dealer waits for each step of a hand's
// commit-reveal before leaving out the devices that did not answer.
const DefaultDealWait = 5 * time.Second

// round is one hand's commit-reveal in progress.
type round struct {
	hand    int
	parts   map[peer.ID]*session
	commits map[peer.ID][]byte
	secrets map[peer.ID][]byte
	// published is set once the commitments are sent; secrets are
	// accepted only then.
	published bool
	changed   chan struct{}
}

func (r *round) signal() {
	select {
	case r.changed <- struct{}{}:
	default:
	}
}

// HandSeed runs the commit-reveal of hand n with every seated device
// connected now and returns the hand's wall seed. It is the table's
// HandSeed hook (table.LocalConfig.HandSeed). The secrets are published to
// every device once the hand has ended.
func (d *Dealer) HandSeed(ctx context.Context, n int) (wall.Seed, error) {
	d.mu.Lock()
	l := d.leaving
	d.mu.Unlock()
	if l != nil {
		// A hand boundary: the dealer leaves here (HandOver).
		return wall.Seed{}, d.handOverNow(ctx, l, n)
	}
	own := deal.NewSecret()
	r := &round{hand: n, parts: map[peer.ID]*session{}, commits: map[peer.ID][]byte{}, secrets: map[peer.ID][]byte{}, changed: make(chan struct{}, 1)}
	d.mu.Lock()
	var order []*session
	for _, s := range d.current {
		if s != nil {
			r.parts[s.peer] = s
			order = append(order, s)
		}
	}
	d.round = r
	d.mu.Unlock()
	defer func() {
		d.mu.Lock()
		d.round = nil
		d.mu.Unlock()
	}()
	for _, s := range order {
		s.conn.Send(&wire.Msg{Type: wire.TCommitAsk, Deal: &wire.Deal{Hand: n}})
	}
	d.await(ctx, r, func() bool { return len(r.commits) == len(r.parts) })

	all := []wire.Contribution{{Peer: d.h.ID().String(), Hash: deal.Commit(own)}}
	d.mu.Lock()
	var told []*session
	for _, s := range order {
		if h, ok := r.commits[s.peer]; ok {
			all = append(all, wire.Contribution{Peer: s.peer.String(), Hash: h})
			told = append(told, s)
		}
	}
	r.published = true
	// The commitments are public: every device watching (the table
	// centre) or not asked to commit gets them too, to check the reveal
	// against after the hand.
	watchers := d.welcomed()
	d.mu.Unlock()
	for _, s := range watchers {
		s.conn.Send(&wire.Msg{Type: wire.TCommitments, Deal: &wire.Deal{Hand: n, All: all}})
	}
	d.await(ctx, r, func() bool { return len(r.secrets) == len(told) })
	if ctx.Err() != nil {
		return wall.Seed{}, ctx.Err()
	}

	used := []wire.Contribution{{Peer: all[0].Peer, Hash: all[0].Hash, Secret: own}}
	d.mu.Lock()
	for _, c := range all[1:] {
		id, _ := peer.Decode(c.Peer)
		if sec, ok := r.secrets[id]; ok {
			used = append(used, wire.Contribution{Peer: c.Peer, Hash: c.Hash, Secret: sec})
		}
	}
	seed := deal.Seed(n, used)
	d.reveals[n] = &wire.Deal{Hand: n, All: used, Seed: seed[:]}
	d.mu.Unlock()
	return seed, nil
}

// await waits until done holds (checked under d.mu), the deal wait runs
// out or ctx ends.
func (d *Dealer) await(ctx context.Context, r *round, done func() bool) {
	t := time.NewTimer(d.cfg.DealWait)
	defer t.Stop()
	for {
		d.mu.Lock()
		ok := done()
		d.mu.Unlock()
		if ok {
			return
		}
		select {
		case <-r.changed:
		case <-t.C:
			return
		case <-ctx.Done():
			return
		}
	}
}

// contribute takes a device's commitment or secret for the round.
func (d *Dealer) contribute(s *session, m *wire.Msg) *wire.Refusal {
	d.mu.Lock()
	defer d.mu.Unlock()
	r := d.round
	if r == nil || r.hand != m.Deal.Hand || r.parts[s.peer] != s {
		return &wire.Refusal{Reason: table.ReasonStale, Detail: fmt.Sprintf("no deal for hand %d is asked of this device now", m.Deal.Hand)}
	}
	switch m.Type {
	case wire.TCommit:
		if r.published || r.commits[s.peer] != nil || len(m.Deal.Hash) != 32 {
			return &wire.Refusal{Reason: table.ReasonBadIntent, Detail: "one 32-byte commitment per device, before the commitments are published"}
		}
		r.commits[s.peer] = m.Deal.Hash
	case wire.TSecret:
		h, ok := r.commits[s.peer]
		if !r.published || !ok || r.secrets[s.peer] != nil || !bytes.Equal(deal.Commit(m.Deal.Secret), h) {
			return &wire.Refusal{Reason: table.ReasonBadIntent, Detail: "the secret must match this device's commitment and follow the published commitments"}
		}
		r.secrets[s.peer] = m.Deal.Secret
	}
	r.signal()
	return nil
}

// watchEnds watches the table's public updates for the end of each hand:
// its reveal is marked as the one verdicts are on (each session sends it
// on its own stream, right after the update that ends the hand: revealOf),
// and a leaving dealer's own players then ask for the next hand.
func (d *Dealer) watchEnds(sub table.Subscription) {
	for u := range sub.Updates() {
		if _, ended := handEnded(u.Snapshot); !ended {
			continue
		}
		d.revealOf(u.Snapshot)
		d.mu.Lock()
		leaving := d.leaving != nil
		d.mu.Unlock()
		if leaving && !u.Snapshot.Info.Over {
			d.readyOwn()
		}
	}
}

// handEnded returns the number of the hand snap shows ended (the match
// being over ends its last hand too).
func handEnded(snap table.Snapshot) (int, bool) {
	v := snap.View
	if v == nil || (v.Phase != game.PhaseEnd && !snap.Info.Over) {
		return 0, false
	}
	return v.Number, true
}

// revealOf returns the reveal of the hand snap shows ended, or nil (no
// hand ended, or its seed came from no commit-reveal). The first call for
// a hand makes it the hand verdicts are on and forgets older reveals.
// Each session sends the reveal after the update or welcome that ends the
// hand on its own stream, from the goroutine that sends its updates: a
// device never sees a hand's secrets before its end.
func (d *Dealer) revealOf(snap table.Snapshot) *wire.Deal {
	n, ok := handEnded(snap)
	if !ok {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	r := d.reveals[n]
	if r != nil && n > d.revealed {
		d.revealed, d.judged = n, true
		for h := range d.reveals {
			if h < n {
				delete(d.reveals, h)
			}
		}
	}
	return r
}

// verdict takes a device's check of the last revealed deal: the table
// shows the deal verified once a device found it honest, and the warning
// once any device found it not, for the rest of the hand.
func (d *Dealer) verdict(v *wire.Verdict) *wire.Refusal {
	d.mu.Lock()
	if v.Hand != d.revealed {
		d.mu.Unlock()
		return &wire.Refusal{Reason: table.ReasonStale, Detail: fmt.Sprintf("a verdict is on the last hand revealed, %d, not %d", d.revealed, v.Hand)}
	}
	d.judged = d.judged && v.OK
	ok := d.judged
	d.mu.Unlock()
	if c, is := d.cfg.Table.(Checking); is {
		c.SetVerified(ok)
	}
	return nil
}
