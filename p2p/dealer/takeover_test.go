package dealer_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/p2p/client"
	"github.com/fourwinds-mahjong/fourwinds/p2p/dealer"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
	"github.com/libp2p/go-libp2p/core/peer"
)

// TestATakeOverIsQuick kills the dealer in the middle of hand 1 with the
// settings a host and its joiners use by default (the dealer's take-over
// wait, wire.DefaultTakeOverWait, told in its welcome; its heartbeat a
// fifth of it; the joiners redialling every 500 ms, as `join` does) and
// logs the time from the dealer's death to the first message of the
// successor (its welcome: the table back on the screen) and to the hand
// dealt again, on each device that did not take the table over. Both
// must come within 10 s.
func TestATakeOverIsQuick(t *testing.T) {
	r := newRig(t, "hongkong", 2, dealer.Config{}, nil)
	for i := 1; i < 4; i++ {
		h := r.hosts[i]
		r.clients[i] = r.join(t, i, client.Options{Player: wire.AnySeat, Retry: 500 * time.Millisecond,
			TakeOver: func(ctx context.Context, info table.Info, term uint64, holders [4]peer.ID) (table.Table, error) {
				return dealer.Succeed(h, info, term, holders, dealer.Config{}, nil)
			}})
		if got := r.clients[i].TakeOverAfter(); got != wire.DefaultTakeOverWait {
			t.Fatalf("device %d waits %s for a silent dealer; its welcome said %s", i, got, wire.DefaultTakeOverWait)
		}
	}
	r.start(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	for p := range 4 {
		var tbl table.Table = r.tbl
		if p > 0 {
			tbl = r.clients[p]
		}
		go play(ctx, tbl, p, fmt.Sprint("ai ", p)) // ends with ctx
	}
	if err := waitFor(func() bool {
		s, err := r.tbl.Snapshot(ctx, table.Spectator)
		return err == nil && s.View != nil && s.View.Phase != game.PhaseEnd && len(s.View.Seats[0].Discards) > 2
	}); err != nil {
		t.Fatal("hand 1 was never under way")
	}
	died := time.Now()
	gone(r)
	var back, dealt [4]time.Duration
	for time.Since(died) < 30*time.Second {
		for p := 1; p < 4; p++ {
			c := r.clients[p]
			if c.Dealer() == r.hosts[p].ID() || c.Term() == 0 {
				continue
			}
			if back[p] == 0 {
				back[p] = time.Since(died)
			}
			if s := latest(c, p); dealt[p] == 0 && s.View != nil && s.View.Phase != game.PhaseEnd && s.Info.Standing != nil {
				dealt[p] = time.Since(died)
			}
		}
		n := 0
		for p := 1; p < 4; p++ {
			if r.clients[p].Dealer() == r.hosts[p].ID() || dealt[p] != 0 {
				n++
			}
		}
		if n == 3 {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	for p := 1; p < 4; p++ {
		if r.clients[p].Dealer() == r.hosts[p].ID() {
			t.Logf("player %d's device took the table over", p)
			continue
		}
		t.Logf("player %d's device: the successor's welcome %s after the dealer died, the hand dealt again after %s", p, back[p].Round(time.Millisecond), dealt[p].Round(time.Millisecond))
		if back[p] == 0 || dealt[p] == 0 || dealt[p] > 10*time.Second {
			t.Errorf("player %d's device: back at the table after %s, the hand dealt again after %s; want both within 10s", p, back[p], dealt[p])
		}
	}
}
