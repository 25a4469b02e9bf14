package dealer_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
	"github.com/fourwinds-mahjong/fourwinds/p2p/client"
	"github.com/fourwinds-mahjong/fourwinds/p2p/deal"
	"github.com/fourwinds-mahjong/fourwinds/p2p/dealer"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
)

func TestDroppedPeerRejoinsItsSeatWithAFreshSnapshot(t *testing.T) {
	r := newRig(t, "classical", 1, dealer.Config{Heartbeat: 250 * time.Millisecond}, nil)
	for i := 1; i < 4; i++ {
		r.clients[i] = r.join(t, i, client.Options{Player: wire.AnySeat, Retry: 20 * time.Millisecond})
	}
	r.start(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	snap, sub, err := r.clients[2].Subscribe(ctx, 2)
	if err != nil {
		t.Fatal(err)
	}
	// The updates are gathered up to the match's end (or the
	// subscription's, should it stop early).
	got := make(chan []table.Update, 1)
	go func() {
		var us []table.Update
		for u := range sub.Updates() {
			us = append(us, u)
			if u.Snapshot.Info.Over {
				break
			}
		}
		got <- us
	}()
	welcomes := r.count(2, wire.TWelcome)
	// The link drops: the dealer sees player 2 go, the client redials.
	r.hosts[2].Network().ClosePeer(r.hosts[0].ID())
	if err := waitFor(func() bool { return r.count(2, wire.TWelcome) > welcomes }); err != nil {
		t.Fatal("player 2 never came back")
	}
	if p := r.clients[2].Player(); p != 2 {
		t.Fatalf("player 2 came back as player %d", p)
	}
	if err := waitFor(func() bool { return r.dealer.Connected() == [4]bool{false, true, true, true} }); err != nil {
		t.Fatalf("connected %v after the rejoin", r.dealer.Connected())
	}
	if h := r.dealer.Holders(); h[2] != r.hosts[2].ID() {
		t.Fatalf("seat 2 is held by %s", h[2])
	}
	if !r.playAll(t)[2].Info.Over {
		t.Fatal("the match did not end after the rejoin")
	}
	// The end reaches this subscription on its own path: wait for it
	// (closing at once could cut the last update off).
	var us []table.Update
	select {
	case us = <-got:
	case <-ctx.Done():
		t.Fatal("the subscription never saw the match end")
	}
	sub.Close()
	// The subscription goes on across the rejoin, numbered without a gap,
	// to the end of the match.
	for i, u := range us {
		if u.Seq != snap.Seq+uint64(i)+1 || u.Snapshot.Seq != u.Seq {
			t.Fatalf("update %d is numbered %d (snapshot %d) after %d", i, u.Seq, u.Snapshot.Seq, snap.Seq)
		}
	}
	if len(us) == 0 || !us[len(us)-1].Snapshot.Info.Over {
		t.Fatalf("the subscription stopped before the end (%d updates)", len(us))
	}
}

func TestSequenceGapBringsAFreshSnapshot(t *testing.T) {
	r := newRig(t, "hongkong", 1, dealer.Config{}, nil)
	r.dealer.Close()
	r.dealer = dealer.Serve(r.hosts[0], dealer.Config{Table: gappy{r.tbl}, Open: [4]bool{false, true, true, true}, Heartbeat: 250 * time.Millisecond})
	for i := 1; i < 4; i++ {
		r.clients[i] = r.join(t, i, client.Options{Player: wire.AnySeat})
	}
	r.start(t)
	finals := r.playAll(t)
	end, _ := r.tbl.Snapshot(context.Background(), table.Spectator)
	for p := 1; p < 4; p++ {
		if !finals[p].Info.Over || finals[p].Info.Balances != end.Info.Balances {
			t.Errorf("player %d ended with %+v", p, finals[p].Info)
		}
		if r.count(p, wire.TSnapshot) == 0 {
			t.Errorf("player %d never asked for a snapshot after a gap", p)
		}
	}
}

// count is how many messages of type typ client i received.
// revealed is how many hands device i was sent the reveal of: a device
// that came back after a hand's end (its stream dropped: a heartbeat
// missed under the race detector on a loaded machine) is sent that hand's
// reveal again after its welcome.
func (r *rig) revealed(i int) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	hands := map[int]bool{}
	for _, m := range r.seen[i] {
		if m.Type == wire.TReveal {
			hands[m.Deal.Hand] = true
		}
	}
	return len(hands)
}

func (r *rig) count(i int, typ wire.Type) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, m := range r.seen[i] {
		if m.Type == typ {
			n++
		}
	}
	return n
}

// gappy loses updates 5 and 12 on their way to the network (a gap is
// seen at the next update, so the last one is never lost).
type gappy struct{ table.Table }

func (g gappy) Subscribe(ctx context.Context, player int) (table.Snapshot, table.Subscription, error) {
	snap, sub, err := g.Table.Subscribe(ctx, player)
	if err != nil {
		return snap, nil, err
	}
	out := make(chan table.Update)
	go func() {
		defer close(out)
		for u := range sub.Updates() {
			if u.Seq != 5 && u.Seq != 12 {
				out <- u
			}
		}
	}()
	return snap, lossy{sub, out}, nil
}

type lossy struct {
	table.Subscription
	out chan table.Update
}

func (l lossy) Updates() <-chan table.Update { return l.out }

func TestCommitRevealEveryDeviceChecks(t *testing.T) {
	r := newRig(t, "french", 2, dealer.Config{DealWait: 2 * time.Second}, func(s wall.Seed) wall.Seed { return s })
	for i := 1; i < 4; i++ {
		r.clients[i] = r.join(t, i, client.Options{Player: wire.AnySeat})
	}
	r.start(t)
	r.playAll(t)
	for p := 1; p < 4; p++ {
		if err := waitFor(func() bool { v, _ := r.clients[p].Verified(); return v != nil }); err != nil {
			t.Fatalf("player %d never checked the deal", p)
		}
		if v, err := r.clients[p].Verified(); !*v {
			t.Errorf("player %d: the honest deal failed its check: %v", p, err)
		}
		if err := waitFor(func() bool { return r.revealed(p) == 2 }); err != nil {
			t.Errorf("player %d saw the reveals of %d hands, want each hand's", p, r.revealed(p))
		}
	}
	// The devices told the dealer: its own screens show the deal verified.
	if err := waitFor(func() bool { return r.dealerVerified() != nil }); err != nil {
		t.Fatal("the dealer's table never heard the devices' verdict")
	}
	if v := r.dealerVerified(); !*v {
		t.Error("the dealer's table shows the honest deal as failed")
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for p := 1; p < 4; p++ {
		for _, m := range r.seen[p] {
			if m.Type == wire.TCommitments {
				for _, c := range m.Deal.All {
					if c.Secret != nil {
						t.Fatalf("player %d saw a secret before the hand: %+v", p, c)
					}
				}
			}
		}
	}
}

func TestDealerThatChangesTheSeedIsCaught(t *testing.T) {
	r := newRig(t, "hongkong", 1, dealer.Config{DealWait: 2 * time.Second}, dealtSeed(true))
	for i := 1; i < 4; i++ {
		r.clients[i] = r.join(t, i, client.Options{Player: wire.AnySeat})
	}
	r.start(t)
	r.playAll(t)
	for p := 1; p < 4; p++ {
		if err := waitFor(func() bool { v, _ := r.clients[p].Verified(); return v != nil }); err != nil {
			t.Fatalf("player %d never checked the deal", p)
		}
		if v, err := r.clients[p].Verified(); *v || !errors.Is(err, deal.ErrCheat) {
			t.Errorf("player %d accepted a wall dealt from another seed (%v)", p, err)
		}
	}
	// The devices told the dealer: its own screens show the warning.
	if err := waitFor(func() bool { v := r.dealerVerified(); return v != nil && !*v }); err != nil {
		t.Error("the dealer's table does not show the devices' failed check")
	}
}

// dealerVerified is what the dealer's table shows of the devices' checks.
func (r *rig) dealerVerified() *bool {
	s, err := r.tbl.Snapshot(context.Background(), table.Spectator)
	if err != nil {
		return nil
	}
	return s.Info.Verified
}

func TestAPlayerWhoLeavesIsStoodInFor(t *testing.T) {
	r := newRig(t, "hongkong", 1, dealer.Config{}, nil)
	for i := 1; i < 4; i++ {
		r.clients[i] = r.join(t, i, client.Options{Player: wire.AnySeat})
	}
	r.start(t)
	r.clients[3].Close()
	if err := waitFor(func() bool { return r.dealer.Connected() == [4]bool{false, true, true, false} }); err != nil {
		t.Fatalf("connected %v after player 3 left", r.dealer.Connected())
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	errs := make(chan error, 3)
	for p := range 3 {
		var tbl table.Table = r.tbl
		if p > 0 {
			tbl = r.clients[p]
		}
		go func() { _, err := play(ctx, tbl, p, "stand-in"); errs <- err }()
	}
	for range 3 {
		if err := <-errs; err != nil {
			s, _ := r.tbl.Snapshot(context.Background(), table.Spectator)
			t.Fatalf("%v; the table: %+v, phase %v", err, s.Info, s.View.Phase)
		}
	}
	end, _ := r.tbl.Snapshot(ctx, table.Spectator)
	if !end.Info.Over || !end.Info.Seats[3].StandIn || end.Info.Seats[3].Connected {
		t.Fatalf("seat 3 at the end: %+v (over %v)", end.Info.Seats[3], end.Info.Over)
	}
	if h := r.dealer.Holders(); h[3] != r.hosts[3].ID() {
		t.Fatalf("seat 3 is no longer kept for its device: %s", h[3])
	}
}

func TestAClientGivesUpOnADealerGoneForGood(t *testing.T) {
	r := newRig(t, "classical", 1, dealer.Config{}, nil)
	c := r.join(t, 1, client.Options{Player: wire.AnySeat, Retry: 20 * time.Millisecond, GiveUp: 200 * time.Millisecond})
	_, sub, err := c.Subscribe(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	r.dealer.Close()
	for range sub.Updates() {
	}
	if !c.GaveUp() {
		t.Fatal("the updates ended but the client did not give up")
	}
	if err := c.Submit(context.Background(), table.Intent{Player: 1}); !errors.Is(err, table.ErrClosed) {
		t.Fatalf("a submit after giving up: %v", err)
	}
}

// TestDevicesThatMissedTheDealCheckItToo: player 3's device leaves before
// the deal and comes back afresh after it (an app restarted), and a
// spectator sits down after it; neither saw the deal, so each asks the
// dealer for the hand's events after the reveal and replays them from the
// seed through the view it was shown. An honest deal checks out; a dealer
// that changes the seed is caught by them too.
func TestDevicesThatMissedTheDealCheckItToo(t *testing.T) {
	for _, cheat := range []bool{false, true} {
		t.Run(fmt.Sprint("cheat=", cheat), func(t *testing.T) {
			r := newRig(t, "hongkong", 1, dealer.Config{DealWait: 2 * time.Second}, dealtSeed(cheat))
			for i := 1; i < 4; i++ {
				r.clients[i] = r.join(t, i, client.Options{Player: wire.AnySeat})
			}
			r.clients[3].Close()
			if err := waitFor(func() bool { return r.dealer.Connected() == [4]bool{false, true, true, false} }); err != nil {
				t.Fatal("player 3 never left")
			}
			if err := r.tbl.Start(context.Background()); err != nil {
				t.Fatal(err)
			}
			if err := waitFor(func() bool {
				s, err := r.tbl.Snapshot(context.Background(), table.Spectator)
				return err == nil && s.View != nil
			}); err != nil {
				t.Fatal("hand 1 was never dealt")
			}
			r.clients[3] = r.join(t, 3, client.Options{Player: wire.AnySeat})
			r.clients[4] = r.join(t, 4, client.Options{Player: table.Spectator})
			if r.count(3, wire.TCommitAsk) != 0 {
				t.Fatal("player 3 took part in the deal it was meant to miss")
			}
			r.playAll(t)
			for _, p := range []int{3, 4} {
				if err := waitFor(func() bool { v, _ := r.clients[p].Verified(); return v != nil }); err != nil {
					t.Fatalf("client %d never checked the deal", p)
				}
				v, err := r.clients[p].Verified()
				if *v == cheat || (cheat && !errors.Is(err, deal.ErrCheat)) {
					t.Errorf("client %d: verified %v (%v)", p, *v, err)
				}
				if r.count(p, wire.THand) != 1 {
					t.Errorf("client %d asked for the hand's events %d times, want once", p, r.count(p, wire.THand))
				}
			}
		})
	}
}

// TestTheTableCentreChecksTheDealToo: a spectator (the table-centre
// display) seated before the deal takes no part in the commit-reveal, but
// it is sent the commitments before each hand is dealt and the reveal after
// it, checks every revealed secret against the commitments it was shown
// and deals the hand again from the seed, comparing with the public deal it
// saw: an honest deal checks out, a dealer that changes the seed is
// caught.
func TestTheTableCentreChecksTheDealToo(t *testing.T) {
	for _, cheat := range []bool{false, true} {
		t.Run(fmt.Sprint("cheat=", cheat), func(t *testing.T) {
			r := newRig(t, "french", 2, dealer.Config{DealWait: 2 * time.Second}, dealtSeed(cheat))
			for i := 1; i < 4; i++ {
				r.clients[i] = r.join(t, i, client.Options{Player: wire.AnySeat})
			}
			r.clients[4] = r.join(t, 4, client.Options{Player: table.Spectator})
			if err := waitFor(func() bool { return r.dealer.Spectators() == 1 }); err != nil {
				t.Fatal("the centre was never welcomed")
			}
			r.start(t)
			r.playAll(t)
			if err := waitFor(func() bool { return r.revealed(4) == 2 }); err != nil {
				t.Fatalf("the centre saw the reveals of %d hands, want each hand's", r.revealed(4))
			}
			v, err := r.clients[4].Verified()
			if v == nil || *v == cheat || (cheat && !errors.Is(err, deal.ErrCheat)) {
				t.Fatalf("the centre's check: %v (%v); want %v", v, err, !cheat)
			}
			if n := r.count(4, wire.TCommitments); n != 2 {
				t.Errorf("the centre saw the commitments of %d hands, want 2", n)
			}
			if n := r.count(4, wire.THand); n != 0 {
				t.Errorf("the centre, which saw the deals, asked for %d hands' events", n)
			}
		})
	}
}

// dealtSeed is what a dealer makes of the agreed seed: the seed itself, or
// when cheat, another one (its first bit flipped).
func dealtSeed(cheat bool) func(wall.Seed) wall.Seed {
	if cheat {
		return func(s wall.Seed) wall.Seed { s[0] ^= 1; return s }
	}
	return func(s wall.Seed) wall.Seed { return s }
}
