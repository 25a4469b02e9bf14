package sealed

import (
	"context"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/libp2p/go-libp2p/core/peer"

	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// TestHandedOver: a sealed match of three key-holding devices and a
// spectator whose dealer leaves at the end of the first hand
// (table.Sealed.Leave), and one whose dealer is gone during the second:
// device 1 becomes the sequencer of a fresh session from its own ledger
// (table.Sealed.Ledger: new keys, a new shuffle, nothing of the old
// dealer), playing the old dealer's players by its computer; device 2 and
// the spectator follow it. The match ends with every deal of the new
// session verified and the same ledger on every device; a hand cut short
// is dealt again under its number.
func TestHandedOver(t *testing.T) {
	for _, c := range []struct {
		name  string
		leave bool
	}{{"announced", true}, {"dealer gone", false}} {
		t.Run(c.name, func(t *testing.T) { handedOver(t, c.leave) })
	}
}

func handedOver(t *testing.T, leave bool) {
	hands := 3
	if raceOn {
		hands = 2
	}
	cfg := Config{Table: "before", Term: 1, Rules: "hongkong", Hands: hands, Seed: wall.SeedFromString("handed over"), Seats: novices,
		Players: [4]int{0, 1, 2, 0}}
	hs, x := serveOn(t, 4, 3, 3, cfg)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	// The old session: devices 1 and 2 and the spectator (3) follow the
	// dealer on host 0.
	old := make([]*Joined, 4)
	for i := 3; i >= 1; i-- {
		j, err := Dial(ctx, hs[i], hs[0].ID(), cfg.Table, cfg.Term, JoinConfig{Seats: novices})
		if err != nil {
			t.Fatalf("device %d: %v", i, err)
		}
		old[i] = j
		defer j.Close()
	}
	go x.Run(ctx)
	booked := func(n int) {
		for len(x.Table().Record().History) < n {
			if ctx.Err() != nil {
				t.Fatal("the old dealer booked no hand")
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	if leave {
		at, err := x.Table().Leave(ctx)
		if err != nil {
			t.Fatal(err)
		}
		select {
		case <-at:
		case <-ctx.Done():
			t.Fatal("the leaving dealer never reached a hand boundary")
		}
		// The devices book the hand before they say they are ready: the
		// boundary comes once they all have.
		if got := len(x.Table().Record().History); got != 1 {
			t.Fatalf("the dealer left after %d booked hands; want 1", got)
		}
	} else {
		booked(1)
		time.Sleep(300 * time.Millisecond) // into the second deal
	}
	x.Close()
	from, err := old[1].Table().Ledger(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, j := range old[1:] {
		j.Close()
	}
	cut := from.Standing.Number // the hand a take-over deals again

	// The new session: device 1 is the sequencer at the next term; it
	// plays players 0 and 3, the old dealer's, by its computer.
	next := Config{Table: "after", Term: 2, Rules: cfg.Rules, Hands: hands, Seed: wall.SeedFromString("handed over, term 2"), Seats: novices,
		Holders: []peer.ID{hs[1].ID(), hs[2].ID()}, Players: [4]int{0, 0, 1, 0}, From: &from,
		Spectator: func(id peer.ID) bool { return id == hs[3].ID() }}
	y, err := Serve(hs[1], next)
	if err != nil {
		t.Fatal(err)
	}
	defer y.Close()
	recs := make([]table.SealedRecord, 4)
	errs := make([]error, 4)
	var wg sync.WaitGroup
	for _, i := range []int{3, 2} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			recs[i], errs[i] = Join(ctx, hs[i], hs[1].ID(), next.Table, next.Term, JoinConfig{Seats: novices})
		}()
		if i == 3 {
			for y.streams() == 0 {
				time.Sleep(time.Millisecond)
			}
		}
	}
	recs[1], errs[1] = y.Run(ctx)
	if errs[1] != nil {
		cancel()
	}
	wg.Wait()
	for i, err := range errs[1:] {
		if err != nil {
			t.Fatalf("device %d: %v", i+1, err)
		}
	}
	want := recs[1]
	if !want.Over || len(want.History) != hands || len(want.Hands) == 0 {
		t.Fatalf("the successor's match: %+v; want %d hands booked, over", want, hands)
	}
	for _, h := range want.Hands {
		if !h.Verified {
			t.Errorf("deal %d (hand %d) after the hand-over: %s", h.Deal, h.Number, h.Reason)
		}
	}
	if first := want.Hands[0]; first.Deal != from.Deal+1 || first.Number != cut {
		t.Errorf("the successor's first deal is deal %d of hand %d; want deal %d of hand %d", first.Deal, first.Number, from.Deal+1, cut)
	}
	if !reflect.DeepEqual(want.History[:len(from.History)], from.History) {
		t.Errorf("the successor's ledger lost the hands booked before the hand-over")
	}
	for i := 2; i <= 3; i++ {
		if !reflect.DeepEqual(recs[i], want) {
			t.Errorf("party %d saw another match:\n%+v\nthe successor's:\n%+v", i, recs[i], want)
		}
	}
}
