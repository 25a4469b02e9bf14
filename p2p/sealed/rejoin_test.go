package sealed

import (
	"context"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/sealedplay"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// TestRejoinAfterRestart: a key holder's app dies four times — during
// deal 1's shuffle (its link, the last of the chain, unsent), as deal 1
// ends (its players' readiness unsent; deal 2, in which it sent no key,
// is the dealer's current deal), in the middle of deal 2's play (an
// action unsent) and behind deal 2's sheet as deal 3 is prepared (its
// key saved, unsent) — and each time a new
// process on the same peer dials again with the key it saved: the dealer
// serves it the current deal and it plays on. The match ends with every
// deal verified, none voided, the sequencer refusing nothing, the other
// key holder seeing the dealer's match and the rejoined one the same
// from its last rejoin on.
func TestRejoinAfterRestart(t *testing.T) {
	seats := novices
	cfg := Config{Table: "rejoin", Term: 4, Rules: "hongkong", Hands: 3, Seed: wall.SeedFromString("rejoin"), Seats: seats, Players: [4]int{0, 1, 2, 2}}
	hs, x := serveOn(t, 3, 3, -1, cfg)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	other, err := Dial(ctx, hs[1], hs[0].ID(), cfg.Table, cfg.Term, JoinConfig{Seats: seats})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()

	type point struct {
		deal uint32
		kind table.SealedKind
		ty   sealedplay.Type
		nth  int
	}
	var mu sync.Mutex
	points := []point{{1, table.SealedPlay, sealedplay.TShuffle, 1}, {1, table.SealedReady, 0, 1}, {2, table.SealedPlay, sealedplay.TAct, 6}, {3, table.SealedPlay, sealedplay.TKey, 1}}
	seen := 0
	var saved *table.SealedRejoin
	killed := make(chan struct{}, 1)
	// life is a process's tamper: it dies at the next point, and sends
	// nothing more.
	var dead bool
	life := func() func(table.SealedNote) bool {
		mu.Lock()
		dead = false
		mu.Unlock()
		return func(n table.SealedNote) bool {
			mu.Lock()
			defer mu.Unlock()
			switch {
			case dead:
				return false
			case len(points) == 0 || n.Deal != points[0].deal || n.Kind != points[0].kind || (n.Kind == table.SealedPlay && sealedplay.Type(n.Body[0]) != points[0].ty):
				return true
			}
			if seen++; seen < points[0].nth {
				return true
			}
			points, seen, dead = points[1:], 0, true
			killed <- struct{}{}
			return false // the app dies before the note leaves it
		}
	}
	jc := JoinConfig{Seats: seats, SaveKey: func(deal uint32, key []byte) {
		mu.Lock()
		if !dead {
			saved = &table.SealedRejoin{Deal: deal, Key: key}
		}
		mu.Unlock()
	}}
	j, err := dial(ctx, hs[2], hs[0].ID(), cfg.Table, cfg.Term, jc, life())
	if err != nil {
		t.Fatal(err)
	}
	var want table.SealedRecord
	ran := make(chan error, 1)
	go func() {
		var err error
		want, err = x.Run(ctx)
		ran <- err
	}()
	rejoins := 0
	for done := false; !done; {
		select {
		case <-killed:
			j.Close()
			mu.Lock()
			jc.Rejoin = saved
			mu.Unlock()
			began := time.Now()
			if j, err = dial(ctx, hs[2], hs[0].ID(), cfg.Table, cfg.Term, jc, life()); err != nil {
				t.Fatalf("rejoin %d: %v", rejoins+1, err)
			}
			rejoins++
			t.Logf("rejoin %d (deal %d's key): caught up and restored in %v", rejoins, jc.Rejoin.Deal, time.Since(began))
		case err := <-ran:
			if err != nil {
				t.Fatalf("the dealer: %v", err)
			}
			done = true
		}
	}
	defer j.Close()
	if rejoins != 4 {
		t.Errorf("%d rejoins; want 4", rejoins)
	}
	for _, h := range want.Hands {
		if !h.Verified {
			t.Errorf("deal %d: %s", h.Deal, h.Reason)
		}
	}
	if len(want.Hands) != 3 {
		t.Errorf("%d deals for a match of 3 hands: a deal was voided", len(want.Hands))
	}
	if got, err := other.Wait(); err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("the other key holder (%v) saw\n%+v\nthe dealer\n%+v", err, got, want)
	}
	got, err := j.Wait()
	if err != nil || len(got.Hands) == 0 || !reflect.DeepEqual(got.Hands, want.Hands[len(want.Hands)-len(got.Hands):]) ||
		!reflect.DeepEqual(got.History, want.History) || got.Balances != want.Balances || !got.Over {
		t.Errorf("the rejoined key holder (%v) saw\n%+v\nthe dealer\n%+v", err, got, want)
	}
	if ref := x.Refused(); len(ref) > 0 {
		t.Errorf("the sequencer refused: %v", ref)
	}
}
