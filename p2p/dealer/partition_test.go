package dealer_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/p2p/client"
	"github.com/fourwinds-mahjong/fourwinds/p2p/dealer"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
	"github.com/libp2p/go-libp2p/core/peer"
)

// TestAPartitionTwoTwoDealsOneHistory splits a table of four devices in
// two: the dealer's and player 1's on one side, players 2's and 3's on
// the other. The dealer's side goes on (the computer stands in for the
// absent players); the other side has no dealer and no majority (two
// grants of four seated devices), so it deals nothing: its devices ask
// for the table, are not granted it, and their screens stay where the
// split left them (the table pauses for them). Once the link is back they
// sit down at the dealer again, at the same term, and every device ends
// the match with the same history and balances: one dealer, one history,
// nothing voided.
func TestAPartitionTwoTwoDealsOneHistory(t *testing.T) {
	hb, after := 100*time.Millisecond, 300*time.Millisecond
	r := newRig(t, "hongkong", 4, dealer.Config{Heartbeat: hb}, nil)
	var mu sync.Mutex
	asked := map[int]int{} // votes the far side's devices answered
	tookOver := make(chan int, 4)
	for i := 1; i < 4; i++ {
		r.clients[i] = r.join(t, i, client.Options{Player: wire.AnySeat, Retry: 20 * time.Millisecond, TakeOverAfter: after,
			TakeOver: func(ctx context.Context, info table.Info, term uint64, holders [4]peer.ID) (table.Table, error) {
				tookOver <- i
				return dealer.Succeed(r.hosts[i], info, term, holders, dealer.Config{Heartbeat: hb}, nil)
			},
			OnVote: func(term uint64, candidate peer.ID, granted bool) {
				mu.Lock()
				defer mu.Unlock()
				asked[i]++
			}})
	}
	r.start(t)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	var finals [4]table.Snapshot
	errs := r.playFrom(ctx, finals[:], 0)
	// The far side knows where the match stands before the split.
	for _, p := range []int{2, 3} {
		if err := waitFor(func() bool { return latest(r.clients[p], p).Info.Standing != nil }); err != nil {
			t.Fatalf("player %d's device never saw the first hand dealt", p)
		}
	}
	split := time.Now()
	for _, far := range []int{2, 3} {
		cutOff(t, r, far, 0, 1)
	}
	var paused [4]table.Snapshot
	for _, p := range []int{2, 3} {
		paused[p] = latest(r.clients[p], p)
	}
	splitHands := len(paused[2].Info.History)
	// The dealer's side concludes a hand; the far side asks for the
	// table, in vain.
	deadline := time.Now().Add(60 * time.Second)
	for {
		s, err := r.tbl.Snapshot(ctx, table.Spectator)
		mu.Lock()
		votes := asked[2] + asked[3]
		mu.Unlock()
		if err == nil && len(s.Info.History) > splitHands+1 && votes > 0 && time.Since(split) > 10*after {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after the split the dealer's side has %d hands (from %d) and the far side answered %d votes", len(s.Info.History), splitHands, votes)
		}
		time.Sleep(10 * time.Millisecond)
	}
	select {
	case i := <-tookOver:
		t.Fatalf("player %d's device took the table over without a majority", i)
	default:
	}
	for _, p := range []int{2, 3} {
		s := latest(r.clients[p], p)
		if len(s.Info.History) != splitHands || r.clients[p].Term() != 0 {
			t.Errorf("cut off, player %d's device shows %d hands at term %d; the split left it at %d hands, term 0", p, len(s.Info.History), r.clients[p].Term(), splitHands)
		}
	}
	for _, far := range []int{2, 3} {
		for _, o := range []int{0, 1} {
			if _, err := r.mn.LinkPeers(r.hosts[far].ID(), r.hosts[o].ID()); err != nil {
				t.Fatal(err)
			}
		}
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	select {
	case i := <-tookOver:
		t.Fatalf("player %d's device took the table over", i)
	default:
	}
	want, _ := json.Marshal(finals[0].Info.History)
	for p := 1; p < 4; p++ {
		f := finals[p].Info
		got, _ := json.Marshal(f.History)
		if !f.Over || f.Balances != finals[0].Info.Balances || string(got) != string(want) {
			t.Errorf("player %d ended with balances %v (%d hands, over %v); the dealer's table with %v (%d hands)", p, f.Balances, len(f.History), f.Over, finals[0].Info.Balances, len(finals[0].Info.History))
		}
		if d, term := r.clients[p].Dealer(), r.clients[p].Term(); d != r.hosts[0].ID() || term != 0 {
			t.Errorf("player %d follows %s at term %d, want the first dealer at term 0", p, d, term)
		}
	}
}

// latest is the snapshot c last delivered to player p's screen.
func latest(c *client.Client, p int) table.Snapshot {
	s, sub, err := c.Subscribe(context.Background(), p)
	if err != nil {
		return table.Snapshot{}
	}
	sub.Close()
	return s
}

// TestADealerCutOffAloneStepsDownWhenHealed: the dealer's device loses
// the others and deals on alone (the computer standing in for them)
// while they elect player 1's device, which deals term 1. Once the links
// are back, the successor tells the old dealer of term 1: it steps down,
// naming the successor (ToldBy), and its device sits down there as
// player 0, its seat kept for it. The hands it dealt alone are voided:
// every device, player 0's included, ends the match with term 1's
// history and balances.
func TestADealerCutOffAloneStepsDownWhenHealed(t *testing.T) {
	hb, after := 100*time.Millisecond, 300*time.Millisecond
	r := newRig(t, "hongkong", 4, dealer.Config{Heartbeat: hb}, nil)
	for i := 1; i < 4; i++ {
		h := r.hosts[i]
		r.clients[i] = r.join(t, i, client.Options{Player: wire.AnySeat, Retry: 20 * time.Millisecond, TakeOverAfter: after,
			TakeOver: func(ctx context.Context, info table.Info, term uint64, holders [4]peer.ID) (table.Table, error) {
				return dealer.Succeed(h, info, term, holders, dealer.Config{Heartbeat: hb, DealWait: time.Second},
					func(lc *table.LocalConfig) { lc.StandIn = 200 * time.Millisecond })
			}})
	}
	r.start(t)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	var finals [4]table.Snapshot
	errs := r.playJoined(ctx, finals[:])
	alone, stop := context.WithCancel(ctx)
	defer stop()
	go play(alone, r.tbl, 0, "ai 0") // the old table, until it steps down
	for p := 1; p < 4; p++ {
		if err := waitFor(func() bool { return latest(r.clients[p], p).Info.Standing != nil }); err != nil {
			t.Fatalf("player %d's device never saw the first hand dealt", p)
		}
	}
	s, _ := r.tbl.Snapshot(ctx, table.Spectator)
	split := len(s.Info.History)
	cutOff(t, r, 0, 1, 2, 3)
	// Both sides deal: the old dealer alone ends a hand, term 1 deals.
	for deadline := time.Now().Add(60 * time.Second); ; {
		s, err := r.tbl.Snapshot(ctx, table.Spectator)
		if err == nil && len(s.Info.History) > split && r.clients[2].Term() == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after the split the old dealer ended %d hands (from %d) and player 2 follows term %d; want both sides dealing", len(s.Info.History), split, r.clients[2].Term())
		}
		time.Sleep(10 * time.Millisecond)
	}
	old, _ := r.tbl.Snapshot(ctx, table.Spectator)
	for i := 1; i < 4; i++ {
		if _, err := r.mn.LinkPeers(r.hosts[0].ID(), r.hosts[i].ID()); err != nil {
			t.Fatal(err)
		}
	}
	select {
	case <-r.dealer.SteppedDown():
	case <-time.After(30 * time.Second):
		t.Fatal("the old dealer never learned of term 1")
	}
	stop()
	if got := r.dealer.Outranked(); got != 1 {
		t.Errorf("the old dealer stepped down for term %d, want 1", got)
	}
	successor := r.dealer.ToldBy()
	if successor != r.hosts[1].ID() {
		t.Errorf("the old dealer was told by %s, want player 1's device", successor)
	}
	jctx, jcancel := context.WithTimeout(ctx, 10*time.Second)
	back, err := client.Join(jctx, r.hosts[0], peer.AddrInfo{ID: successor}, client.Options{Player: 0, Retry: 20 * time.Millisecond})
	jcancel()
	if err != nil {
		t.Fatalf("the old dealer's device cannot sit down at term 1: %v", err)
	}
	defer back.Close()
	if back.Player() != 0 || back.Term() != 1 {
		t.Fatalf("the old dealer's device sat down as player %d at term %d; want player 0 at term 1", back.Player(), back.Term())
	}
	finals[0], err = play(ctx, back, 0, "ai 0")
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	want, _ := json.Marshal(finals[1].Info.History)
	for p := range 4 {
		f := finals[p].Info
		got, _ := json.Marshal(f.History)
		if !f.Over || f.Balances != finals[1].Info.Balances || string(got) != string(want) {
			t.Errorf("player %d ended with balances %v (%d hands, over %v); player 1 with %v (%d hands)", p, f.Balances, len(f.History), f.Over, finals[1].Info.Balances, len(finals[1].Info.History))
		}
	}
	// The hands the old dealer dealt alone are not term 1's.
	h := finals[1].Info.History
	for n := split; n < len(old.Info.History); n++ {
		if n < len(h) && h[n].Seed == old.Info.History[n].Seed {
			t.Errorf("hand %d dealt alone by the old dealer stands in the final history", n+1)
		}
	}
}
