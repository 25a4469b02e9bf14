package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/record"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
	"github.com/fourwinds-mahjong/fourwinds/p2p/deal"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
)

// handDeal is this device's part in one hand's commit-reveal, and the
// deal it was shown.
type handDeal struct {
	secret    []byte
	committed []wire.Contribution
	// dealt are the events of the hand's deal as this device received
	// them, seen from seat.
	dealt []game.Event
	seat  rules.Wind
	// seen is the first view of the hand this device was shown when it
	// did not see the deal (it came back in the middle of the hand).
	seen *game.View
}

// noteDeal keeps the events of a hand's deal for the check after the
// hand; c.mu is held.
func (c *Client) noteDeal(u table.Update) {
	for i, e := range u.Events {
		if e.Type != game.EvHandStart || e.Start == nil || u.Snapshot.View == nil {
			continue
		}
		hd := c.deals[e.Start.Number]
		if hd == nil {
			hd = &handDeal{}
			c.deals[e.Start.Number] = hd
		}
		hd.dealt, hd.seat = slices.Clone(u.Events[i:]), u.Snapshot.View.Seat
		return
	}
}

// replay deals hand n again from the revealed seed and checks that it is
// the deal this device was shown; c.mu is held.
func (c *Client) replay(n int, seedBytes []byte, hd *handDeal) error {
	var seed wall.Seed
	if len(seedBytes) != len(seed) || c.rules == nil {
		return fmt.Errorf("%w: hand %d's seed cannot be replayed", deal.ErrCheat, n)
	}
	copy(seed[:], seedBytes)
	start := hd.dealt[0].Start
	_, evs, err := game.NewHand(game.HandConfig{Ruleset: c.rules, Options: c.options, Seed: seed, Number: n, Round: start.Round, Uniform: true})
	if err != nil {
		return fmt.Errorf("%w: hand %d cannot be dealt from its seed: %v", deal.ErrCheat, n, err)
	}
	want, _ := json.Marshal(game.Redact(evs, hd.seat))
	got, _ := json.Marshal(hd.dealt[:min(len(evs), len(hd.dealt))])
	if !bytes.Equal(want, got) {
		return fmt.Errorf("%w: hand %d was not dealt from the revealed seed", deal.ErrCheat, n)
	}
	return nil
}

// deal plays this device's part in a hand's commit-reveal and checks the
// reveal after the hand.
func (c *Client) deal(conn *wire.Conn, m *wire.Msg) {
	n := m.Deal.Hand
	self := c.h.ID().String()
	c.mu.Lock()
	var verdict *table.Update
	defer func() {
		c.mu.Unlock()
		if verdict != nil {
			c.publish(*verdict)
		}
	}()
	hd := c.deals[n]
	switch m.Type {
	case wire.TCommitAsk:
		if hd == nil {
			hd = &handDeal{}
			c.deals[n] = hd
		}
		hd.secret, hd.committed = deal.NewSecret(), nil
		for k := range c.deals {
			if k < n-1 {
				delete(c.deals, k)
			}
		}
		go conn.Send(&wire.Msg{Type: wire.TCommit, Deal: &wire.Deal{Hand: n, Hash: deal.Commit(hd.secret)}})
	case wire.TCommitments:
		if hd == nil || hd.secret == nil {
			// This device was not asked to commit (it watches, or sat
			// down late): it keeps the commitments, published before the
			// deal, to check the reveal against.
			if hd == nil {
				hd = &handDeal{}
				c.deals[n] = hd
			}
			if hd.committed == nil {
				hd.committed = m.Deal.All
			}
			return
		}
		if hd.committed != nil {
			return
		}
		for _, x := range m.Deal.All {
			if x.Peer == self && bytes.Equal(x.Hash, deal.Commit(hd.secret)) {
				hd.committed = m.Deal.All
				go conn.Send(&wire.Msg{Type: wire.TSecret, Deal: &wire.Deal{Hand: n, Secret: hd.secret}})
				return
			}
		}
	case wire.TReveal:
		if hd == nil || (hd.dealt == nil && hd.seen == nil) {
			return // this device saw nothing of the hand
		}
		delete(c.deals, n)
		committed, secret := hd.committed, hd.secret
		if committed == nil {
			// This device saw neither the commitments nor the deal (it
			// was away): it checks the reveal against itself.
			committed, secret = m.Deal.All, nil
		}
		err := deal.Check(m.Deal, committed, self, secret)
		if err == nil && hd.dealt == nil {
			// It came back in the middle of the hand: it asks for the
			// hand's events and replays them from the seed.
			go c.audit(n, m.Deal.Seed, hd.seen)
			return
		}
		if err == nil {
			err = c.replay(n, m.Deal.Seed, hd)
		}
		verdict = c.judge(err)
		go conn.Send(verdictOf(n, err))
	}
}

// judge keeps the verdict of a deal's check and returns the update that
// shows it (the latest snapshot again, Info.Verified set), or nil before
// the first snapshot; c.mu is held.
func (c *Client) judge(err error) *table.Update {
	ok := err == nil
	c.verified, c.dealErr = &ok, err
	if !c.welcomed {
		return nil
	}
	s := c.last
	v := ok
	s.Info.Verified = &v
	s.Seq++
	c.shift++
	c.last = s
	return &table.Update{Seq: s.Seq, Snapshot: s}
}

// noteView keeps the first view of a hand whose deal this device did not
// see, for the check after the hand; c.mu is held.
func (c *Client) noteView(s table.Snapshot) {
	v := s.View
	if v == nil || v.Phase == game.PhaseEnd {
		return
	}
	hd := c.deals[v.Number]
	if hd == nil {
		hd = &handDeal{}
		c.deals[v.Number] = hd
	}
	if hd.dealt == nil && hd.seen == nil {
		cp := *v
		hd.seen = &cp
	}
}

// auditWait bounds how long a device waits for a hand's events it must
// check: a dealer slow to answer (a loaded phone replaying the hand) is
// waited for, and asked again when the stream dropped meanwhile (the
// device redials).
const auditWait = 30 * time.Second

// audit asks the dealer for hand n's events, now that its seed is
// revealed, and checks that they follow from the seed and pass through
// the view this device was shown. A dealer that cannot be asked for
// auditWait leaves the last verdict as it was.
func (c *Client) audit(n int, seedBytes []byte, seen *game.View) {
	ctx, cancel := context.WithTimeout(c.ctx, auditWait)
	defer cancel()
	var a *wire.Msg
	var err error
	var re *table.RefusedError
	for {
		a, err = c.request(ctx, &wire.Msg{Type: wire.THandReq, Deal: &wire.Deal{Hand: n}})
		if !errors.Is(err, table.ErrDisconnected) || ctx.Err() != nil {
			break
		}
		select {
		case <-ctx.Done():
		case <-time.After(100 * time.Millisecond):
		}
	}
	switch {
	case errors.As(err, &re):
		err = fmt.Errorf("%w: the dealer will not show hand %d: %s", deal.ErrCheat, n, re.Detail)
	case err != nil:
		return
	case a.Deal == nil:
		err = fmt.Errorf("%w: the dealer answered for hand %d with no events", deal.ErrCheat, n)
	default:
		err = c.replayHand(n, seedBytes, a.Deal.Events, seen)
	}
	c.mu.Lock()
	u := c.judge(err)
	conn := c.conn
	c.mu.Unlock()
	if u != nil {
		c.publish(*u)
	}
	if conn != nil {
		conn.Send(verdictOf(n, err))
	}
}

// verdictOf is the message telling the dealer what this device found of
// hand n's deal.
func verdictOf(n int, err error) *wire.Msg {
	v := &wire.Verdict{Hand: n, OK: err == nil}
	if err != nil {
		v.Detail = err.Error()
	}
	return &wire.Msg{Type: wire.TVerdict, Verdict: v}
}

// replayHand plays hand n again from its seed with the recorded actions,
// checking that every event comes out as recorded and that the hand passes
// through the view this device was shown.
func (c *Client) replayHand(n int, seedBytes []byte, evs []game.Event, seen *game.View) error {
	var seed wall.Seed
	c.mu.Lock()
	rs, opts := c.rules, c.options
	c.mu.Unlock()
	if len(seedBytes) != len(seed) || rs == nil || len(evs) == 0 || evs[0].Type != game.EvHandStart || evs[0].Start == nil || evs[0].Start.Number != n {
		return fmt.Errorf("%w: hand %d cannot be replayed from what the dealer gave", deal.ErrCheat, n)
	}
	copy(seed[:], seedBytes)
	shown := false
	err := record.ReplayHand(game.HandConfig{Ruleset: rs, Options: opts, Seed: seed, Number: n, Round: evs[0].Start.Round, Uniform: true}, evs,
		func(st *game.State) { shown = shown || sameView(st.View(seen.Seat), seen) })
	switch {
	case err != nil:
		return fmt.Errorf("%w: hand %d does not follow from the revealed seed: %v", deal.ErrCheat, n, err)
	case !shown:
		return fmt.Errorf("%w: hand %d as this device was shown it was not dealt from the revealed seed", deal.ErrCheat, n)
	}
	return nil
}

// sameView reports whether two views of a seat show the same moment: the
// same decision, tiles, melds, discards and wall.
func sameView(a, b *game.View) bool {
	ja, _ := json.Marshal(a.Seats)
	jb, _ := json.Marshal(b.Seats)
	return a.StateID == b.StateID && a.Hand == b.Hand && a.Drawn == b.Drawn && a.WallLive == b.WallLive && bytes.Equal(ja, jb)
}

// Verified tells whether the last revealed deal checked out (nil before
// the first reveal) and, if not, why.
func (c *Client) Verified() (*bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.verified, c.dealErr
}
