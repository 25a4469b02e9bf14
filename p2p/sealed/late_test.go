package sealed

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/peer"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// lateMatch serves a sealed match of hands hands whose table seated
// hosts 1 and 2 (players 1 and 2), of which host 2 was not connected when
// the match was served (Config.Late): host 0 plays its player by the
// computer meanwhile. A successor's session is served from the ledger
// of a match not yet dealt (Config.From, as Follower.Lead serves it). Host 1 joins at once; come, called once the first
// deal is dealt, is host 2's part. It checks that the match ended, every
// deal verified and nothing refused, the same on host 1 as on the
// dealer's, and returns the dealer's record.
func lateMatch(t *testing.T, hands int, successor bool, come func(ctx context.Context, hs []host.Host, x *Host)) table.SealedRecord {
	t.Helper()
	cfg := Config{Table: "late phone", Term: 2, Rules: "hongkong", Hands: hands, Seed: wall.SeedFromString("late phone"), Seats: novices,
		Players: [4]int{0, 1, 0, 0}, Wait: stallWait}
	if successor {
		r, err := rules.Get(cfg.Rules)
		if err != nil {
			t.Fatal(err)
		}
		o, err := rules.ResolveOptions(r, nil)
		if err != nil {
			t.Fatal(err)
		}
		m, _, err := game.NewMatch(game.MatchConfig{Ruleset: r, Options: o, Seed: cfg.Seed, Uniform: true})
		if err != nil {
			t.Fatal(err)
		}
		cfg.From = &table.SealedFrom{Standing: m.Standing()}
	}
	hs, x := serveOn(t, 3, 2, -1, cfg)
	x.cfg.Late = map[peer.ID][]int{hs[2].ID(): {2}} // before any device dials
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	var wg sync.WaitGroup
	var device table.SealedRecord
	var deviceErr error
	wg.Add(2)
	go func() {
		defer wg.Done()
		device, deviceErr = Join(ctx, hs[1], hs[0].ID(), cfg.Table, cfg.Term, JoinConfig{Seats: novices})
	}()
	go func() {
		defer wg.Done()
		for !x.dealtNow() && ctx.Err() == nil {
			time.Sleep(time.Millisecond)
		}
		come(ctx, hs, x)
	}()
	dealer, err := x.Run(ctx)
	if err != nil {
		cancel()
	}
	wg.Wait()
	if err != nil || deviceErr != nil {
		t.Fatalf("dealer %v, device 1 %v", err, deviceErr)
	}
	if !reflect.DeepEqual(device, dealer) {
		t.Fatalf("device 1 saw another match:\n%+v\nthe dealer's:\n%+v", device, dealer)
	}
	for _, h := range dealer.Hands {
		if !h.Verified {
			t.Fatalf("deal %d: %s (refused: %v); no deal is void", h.Deal, h.Reason, x.Refused())
		}
	}
	if len(dealer.History) != hands || !dealer.Over {
		t.Fatalf("the dealer booked %d hands (over: %v); want %d", len(dealer.History), dealer.Over, hands)
	}
	if ref := x.Refused(); len(ref) > 0 {
		t.Fatalf("the sequencer refused honest messages: %v", ref)
	}
	return dealer
}

// dealtNow reports whether the first deal was dealt.
func (x *Host) dealtNow() bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.dealt
}

// TestLateDevice: a device seated at the table whose stream was down
// when the match was served comes during the first hand: it is told it
// waits for the next deal, the first hand is played on undisturbed (the
// dealer's computer plays its player), and from the next deal on it
// holds a key and plays its player, which the dealer's device no longer
// sees; every device ends the match with the same deals, every one
// verified. The same at a successor's session.
func TestLateDevice(t *testing.T) {
	for _, successor := range []bool{false, true} {
		t.Run(map[bool]string{false: "first dealer", true: "successor"}[successor], func(t *testing.T) { lateDevice(t, successor) })
	}
}

func lateDevice(t *testing.T, successor bool) {
	var late table.SealedRecord
	var lateErr error
	waitedAt := -1 // the dealer's deals when the device was told to wait
	var dealerSees, lateSees error
	want := lateMatch(t, 3, successor, func(ctx context.Context, hs []host.Host, x *Host) {
		j, err := Dial(ctx, hs[2], hs[0].ID(), x.cfg.Table, x.cfg.Term, JoinConfig{Seats: novices, Waiting: func() {
			waitedAt = len(x.Table().Record().Hands)
		}})
		if err != nil {
			t.Logf("the device that came late: %v", err)
			lateErr = err
			return
		}
		defer j.Close()
		_, dealerSees = x.Table().Snapshot(ctx, 2)
		_, lateSees = j.Table().Snapshot(ctx, 2)
		late, lateErr = j.Wait()
	})
	if lateErr != nil {
		t.Fatalf("the device that came late: %v", lateErr)
	}
	if waitedAt != 0 {
		t.Fatalf("the device was told to wait with %d deals over; it came during the first", waitedAt)
	}
	if len(late.Hands) == 0 || late.Hands[0].Deal != 2 {
		t.Fatalf("the device that came late played deals %+v; want deal 2 on (prepared after it came)", late.Hands)
	}
	if !reflect.DeepEqual(late.Hands, want.Hands[1:]) || late.Balances != want.Balances || !reflect.DeepEqual(late.History, want.History) || !late.Over {
		t.Fatalf("the device that came late saw %+v; the dealer %+v", late, want)
	}
	var refused *table.RefusedError
	if !errors.As(dealerSees, &refused) || lateSees != nil {
		t.Fatalf("player 2 once the device came: the dealer's device sees it (%v), the device that came late (%v); want only the device", dealerSees, lateSees)
	}
}

// TestLateDeviceLeavesAgain: a device seated late that comes and leaves
// again before the next deal is not seated: the match goes on with the
// dealer's computer playing its player, no deal waiting for its key.
func TestLateDeviceLeavesAgain(t *testing.T) {
	lateMatch(t, 2, false, func(ctx context.Context, hs []host.Host, x *Host) {
		ctx, leave := context.WithCancel(ctx)
		_, err := Dial(ctx, hs[2], hs[0].ID(), x.cfg.Table, x.cfg.Term, JoinConfig{Seats: novices, Waiting: leave})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("the device that left again: %v; want it to leave as it was told to wait", err)
		}
	})
}
