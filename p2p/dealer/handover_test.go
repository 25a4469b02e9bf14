package dealer_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
	"github.com/fourwinds-mahjong/fourwinds/p2p/client"
	"github.com/fourwinds-mahjong/fourwinds/p2p/dealer"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
	"github.com/libp2p/go-libp2p/core/peer"
)

// TestDealerGoneForGoodHandsTheTableOver closes the dealer's host in the
// middle of hand 2: the seated devices hand the table over to the first of
// them in the roster (player 1), which deals on from the public facts with
// a fresh commit-reveal; hand 2 is voided and dealt again, the others
// rejoin their seats, and the match ends with every device agreeing.
func TestDealerGoneForGoodHandsTheTableOver(t *testing.T) {
	hb := 100 * time.Millisecond
	r := newRig(t, "hongkong", 3, dealer.Config{Heartbeat: hb, DealWait: time.Second}, func(s wall.Seed) wall.Seed { return s })
	for i := 1; i < 4; i++ {
		h := r.hosts[i]
		r.clients[i] = r.join(t, i, client.Options{Player: wire.AnySeat, Retry: 20 * time.Millisecond, TakeOverAfter: 300 * time.Millisecond,
			TakeOver: func(ctx context.Context, info table.Info, holders [4]peer.ID) (table.Table, error) {
				return dealer.Succeed(h, info, holders, dealer.Config{Heartbeat: hb, DealWait: 2 * time.Second},
					func(lc *table.LocalConfig) { lc.StandIn = 200 * time.Millisecond })
			}})
	}
	r.start(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var finals [4]table.Snapshot
	errs := make(chan error, 3)
	for p := 1; p < 4; p++ {
		go func() {
			var err error
			finals[p], err = play(ctx, r.clients[p], p, fmt.Sprint("ai ", p))
			errs <- err
		}()
	}
	go play(ctx, r.tbl, 0, "ai 0") // ends with the old table
	var before [4]int              // the balances before hand 2
	if err := waitFor(func() bool {
		s, err := r.tbl.Snapshot(ctx, table.Spectator)
		before = s.Info.Balances
		return err == nil && s.View != nil && s.View.Number == 2 && s.View.Phase != game.PhaseEnd
	}); err != nil {
		t.Fatal("hand 2 was never dealt")
	}
	rec, err := r.tbl.Record()
	if err != nil {
		t.Fatal(err)
	}
	cut := rec.Header.HandSeeds[1]
	// The dealer is gone for good.
	r.dealer.Close()
	r.tbl.Close()
	r.hosts[0].Close()
	for range 3 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	want, _ := json.Marshal(finals[1].Info.History)
	for p := 1; p < 4; p++ {
		f := finals[p].Info
		got, _ := json.Marshal(f.History)
		if !f.Over || len(f.History) != 3 || f.Balances != finals[1].Info.Balances || string(got) != string(want) {
			t.Errorf("player %d ended with %d hands, balances %v (over %v); player 1 with %v", p, len(f.History), f.Balances, f.Over, finals[1].Info.Balances)
		}
		if d := r.clients[p].Dealer(); d != r.hosts[1].ID() {
			t.Errorf("player %d's dealer is %s, want player 1's device", p, d)
		}
	}
	if t.Failed() {
		return
	}
	h := finals[1].Info.History
	if h[1].Seed == cut {
		t.Error("hand 2 was not voided: it was dealt again from the seed it was cut short in")
	}
	// The voided hand books nothing: the balances are those before it
	// plus the hands dealt again after the hand-over.
	for p := range 4 {
		if b := before[p] + h[1].Net[p] + h[2].Net[p]; b != finals[1].Info.Balances[p] {
			t.Errorf("player %d ends with %d, want %d before hand 2 %+d %+d", p, finals[1].Info.Balances[p], before[p], h[1].Net[p], h[2].Net[p])
		}
	}
}
