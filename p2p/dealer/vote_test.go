package dealer_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/p2p/client"
	"github.com/fourwinds-mahjong/fourwinds/p2p/dealer"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
	"github.com/libp2p/go-libp2p/core/peer"
)

// TestAStalledSuccessorIsReplaced: player 1's device wins the vote for
// term 1 and then stalls, taking the table over only once player 2's
// device deals term 2 (it granted term 2 meanwhile: it answered the vote
// while its take-over hung). It then drops the table it set up and sits
// down at term 2: one dealer, every device ending with the same results.
func TestAStalledSuccessorIsReplaced(t *testing.T) {
	dealerLost(t, gone, 2, 2, func(r *rig, _ time.Duration) {
		deadline := time.Now().Add(60 * time.Second)
		for time.Now().Before(deadline) && (r.clients[2].Term() != 2 || r.clients[2].Dealer() != r.hosts[2].ID()) {
			time.Sleep(10 * time.Millisecond)
		}
	})
}

// cutOff unlinks host i from each of others on the rig's mocknet and
// closes their connections.
func cutOff(t *testing.T, r *rig, i int, others ...int) {
	t.Helper()
	for _, o := range others {
		a, b := r.hosts[i].ID(), r.hosts[o].ID()
		if err := r.mn.UnlinkPeers(a, b); err != nil {
			t.Fatal(err)
		}
		if err := r.mn.DisconnectPeers(a, b); err != nil {
			t.Fatal(err)
		}
	}
}

// TestADealerCutOffAloneIsReplaced: the dealer's device loses the others
// (it goes on alone, its hands nobody's); the three others elect player
// 1's device, which deals on at term 1, every device agreeing.
func TestADealerCutOffAloneIsReplaced(t *testing.T) {
	dealerLost(t, func(r *rig) { cutOff(t, r, 0, 1, 2, 3) }, 1, 1, nil)
}

// TestADeviceCutOffFromTheDealerAloneNeverDeals: player 3's device loses
// the dealer, not the others; it goes down the succession and asks for
// the table, and the others, whose dealer answers, refuse. Once the link
// is back it sits down at the dealer again, and the match ends with the
// same results on every device.
func TestADeviceCutOffFromTheDealerAloneNeverDeals(t *testing.T) {
	hb, after := 100*time.Millisecond, 300*time.Millisecond
	r := newRig(t, "hongkong", 2, dealer.Config{Heartbeat: hb}, nil)
	var mu sync.Mutex
	refused := map[int]bool{}
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
				if candidate == r.hosts[3].ID() && !granted {
					refused[i] = true
				}
			}})
	}
	r.start(t)
	// Player 3's device knows where the match stands (the first hand is
	// dealt) before it loses the dealer.
	if err := waitFor(func() bool {
		s, sub, err := r.clients[3].Subscribe(context.Background(), 3)
		if err != nil {
			return false
		}
		sub.Close()
		return s.Info.Standing != nil
	}); err != nil {
		t.Fatal("player 3's device never saw the first hand dealt")
	}
	cutOff(t, r, 3, 0)
	deadline := time.Now().Add(90 * time.Second)
	for {
		mu.Lock()
		both := refused[1] && refused[2]
		mu.Unlock()
		if both {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("player 3's device never asked the others for the table")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if _, err := r.mn.LinkPeers(r.hosts[3].ID(), r.hosts[0].ID()); err != nil {
		t.Fatal(err)
	}
	finals := r.playAll(t)
	select {
	case i := <-tookOver:
		t.Fatalf("player %d's device took the table over", i)
	default:
	}
	for p := 1; p < 4; p++ {
		if f := finals[p].Info; !f.Over || f.Balances != finals[0].Info.Balances || len(f.History) != len(finals[0].Info.History) {
			t.Errorf("player %d ended with balances %v (%d hands); the dealer's table with %v (%d hands)", p, f.Balances, len(f.History), finals[0].Info.Balances, len(finals[0].Info.History))
		}
		if d := r.clients[p].Dealer(); d != r.hosts[0].ID() {
			t.Errorf("player %d's dealer is %s, want the first dealer", p, d)
		}
	}
}
