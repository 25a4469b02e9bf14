package dealer_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
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
	dealerLost(t, gone, 1, 1, nil)
}

// gone closes the dealer's table and host: the dealer is gone for good.
func gone(r *rig) {
	r.dealer.Close()
	r.tbl.Close()
	r.hosts[0].Close()
}

// TestASlowSuccessorIsWaitedFor: the first device in the succession is
// slow to take the table over (a phone busy elsewhere, a slow network):
// it sets the table up only once the other devices have been dialling it
// for twice the take-over wait. They see its device answer and wait for
// it, rather than going past it and each dealing a table of their own (a
// split brain): the match ends on player 1's device, every device
// agreeing.
func TestASlowSuccessorIsWaitedFor(t *testing.T) {
	dealerLost(t, gone, 1, 1, func(r *rig, after time.Duration) {
		for i := 2; i < 4; i++ {
			if err := waitFor(func() bool { return r.clients[i].Dealer() == r.hosts[1].ID() }); err != nil {
				t.Errorf("device %d never went on to player 1's device", i)
			}
		}
		time.Sleep(2 * after) // the slowness, not a wait for a state
	})
}

// dealerLost loses the dealer (lose) in the middle of hand 2 and checks
// that the table goes on, on the device of player successor at term term,
// with hand 2 voided, every device agreeing. slow, when set, is called by
// player 1's device before it takes the table over, with the take-over
// wait.
func dealerLost(t *testing.T, lose func(r *rig), successor int, term uint64, slow func(r *rig, after time.Duration)) {
	hb := 100 * time.Millisecond
	after := 300 * time.Millisecond
	r := newRig(t, "hongkong", 3, dealer.Config{Heartbeat: hb, DealWait: time.Second}, func(s wall.Seed) wall.Seed { return s })
	joined := make(chan struct{}) // r.clients is set
	for i := 1; i < 4; i++ {
		h := r.hosts[i]
		r.clients[i] = r.join(t, i, client.Options{Player: wire.AnySeat, Retry: 20 * time.Millisecond, TakeOverAfter: after,
			TakeOver: func(ctx context.Context, info table.Info, term uint64, holders [4]peer.ID) (table.Table, error) {
				if i == 1 && slow != nil {
					<-joined
					slow(r, after)
				}
				return dealer.Succeed(h, info, term, holders, dealer.Config{Heartbeat: hb, DealWait: 2 * time.Second},
					func(lc *table.LocalConfig) { lc.StandIn = 200 * time.Millisecond })
			}})
	}
	close(joined)
	r.start(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var finals [4]table.Snapshot
	errs := r.playJoined(ctx, finals[:])
	go play(ctx, r.tbl, 0, "ai 0") // ends with the old table, or with ctx
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
	lose(r)
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
		if d := r.clients[p].Dealer(); d != r.hosts[successor].ID() {
			t.Errorf("player %d's dealer is %s, want player %d's device", p, d, successor)
		}
		if got := r.clients[p].Term(); got != term {
			t.Errorf("player %d follows term %d, want %d", p, got, term)
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

// TestDealerLeavingHandsTheTableOverBetweenHands: the dealer asks to leave
// in the middle of hand 1. Every device is told at once who deals on; hand
// 1 is played to its end on the old dealer; once everyone asked for the
// next hand the devices go straight to the successor (with no wait for a
// dealer gone quiet: TakeOverAfter is an hour), which deals hand 2 and 3
// from the public facts. No hand is voided, and every device ends the
// match with the same history and balances, hand 1 as the old dealer
// dealt and scored it. The dealer's own player, who never asks for the
// next hand, is made ready by the leaving dealer. The successor is player
// 1's device, the first seated one connected, unless its stream had just
// dropped (the heartbeat is short; under the race detector on a loaded
// machine a stream drops now and then) when the dealer named it or when
// the hand-over went under way: the dealer then names the next device
// connected, and every device follows the one it named last.
func TestDealerLeavingHandsTheTableOverBetweenHands(t *testing.T) {
	hb := 100 * time.Millisecond
	r := newRig(t, "hongkong", 3, dealer.Config{Heartbeat: hb, DealWait: time.Second}, func(s wall.Seed) wall.Seed { return s })
	for i := 1; i < 5; i++ {
		h := r.hosts[i]
		opts := client.Options{Player: wire.AnySeat, Retry: 20 * time.Millisecond, TakeOverAfter: time.Hour,
			TakeOver: func(ctx context.Context, info table.Info, term uint64, holders [4]peer.ID) (table.Table, error) {
				return dealer.Succeed(h, info, term, holders, dealer.Config{Heartbeat: hb, DealWait: 2 * time.Second},
					func(lc *table.LocalConfig) { lc.StandIn = 200 * time.Millisecond })
			}}
		if i == 4 {
			opts.Player, opts.TakeOver = table.Spectator, nil
		}
		r.clients[i] = r.join(t, i, opts)
	}
	r.start(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var finals [5]table.Snapshot
	errs := r.playJoined(ctx, finals[:])
	watched := make(chan table.Snapshot, 1)
	go func() {
		// The centre display follows the table to its new dealer.
		s, sub, err := r.clients[4].Subscribe(ctx, table.Spectator)
		if err == nil {
			for u := range sub.Updates() {
				if s = u.Snapshot; s.Info.Over {
					break
				}
			}
			sub.Close()
		}
		watched <- s
	}()
	// Player 0, on the dealer's device, never asks for the next hand: the
	// leaving dealer does it for its own players.
	go play(ctx, neverReady{r.tbl}, 0, "ai 0") // ends with the old table
	if err := waitFor(func() bool {
		s, err := r.tbl.Snapshot(ctx, table.Spectator)
		return err == nil && s.View != nil && s.View.Number == 1 && s.View.Phase != game.PhaseEnd && len(s.View.Seats[0].Discards) > 2
	}); err != nil {
		t.Fatal("hand 1 was never under way")
	}
	successor, done, err := r.dealer.HandOver(ctx)
	if err != nil || successor < 1 || successor > 3 {
		t.Fatalf("the hand-over names player %d (%v); want a seated device's", successor, err)
	}
	if again, _, err := r.dealer.HandOver(ctx); err != nil || again != successor {
		t.Errorf("asked again, the hand-over names player %d (%v); want the same, %d", again, err, successor)
	}
	for i := 1; i < 5; i++ {
		if err := waitFor(func() bool { _, ok := r.clients[i].HandOver(); return ok }); err != nil {
			t.Fatalf("device %d was never told of the hand-over", i)
		}
	}
	select {
	case <-done:
	case <-ctx.Done():
		t.Fatal("the devices never left the old dealer")
	}
	old, err := r.tbl.Snapshot(ctx, table.Spectator)
	if err != nil {
		t.Fatal(err)
	}
	r.dealer.Close()
	r.tbl.Close()
	for range 3 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	// The successor is the one the hand-over under way named.
	ho, _ := r.clients[1].HandOver()
	to := ho.Successor
	if to < 1 || to > 3 {
		t.Fatalf("player 1's device saw the hand-over as %+v; want it to name a seated device", ho)
	}
	select {
	case finals[4] = <-watched:
	case <-time.After(30 * time.Second):
		t.Fatalf("the centre display never followed the table to its end: its dealer is %s (player %d's device is %s), term %d, last refusal %+v",
			r.clients[4].Dealer(), to, r.hosts[to].ID(), r.clients[4].Term(), r.clients[4].Refusal())
	}
	if len(old.Info.History) != 1 || old.View.Phase != game.PhaseEnd {
		t.Fatalf("the old dealer stopped with %d hands played, phase %v; want hand 1 over and no more", len(old.Info.History), old.View.Phase)
	}
	want, _ := json.Marshal(finals[1].Info.History)
	for p := 1; p < 5; p++ {
		f := finals[p].Info
		got, _ := json.Marshal(f.History)
		if !f.Over || len(f.History) != 3 || f.Balances != finals[1].Info.Balances || string(got) != string(want) {
			t.Errorf("device %d ended with %d hands, balances %v (over %v); player 1 with %v", p, len(f.History), f.Balances, f.Over, finals[1].Info.Balances)
		}
		if d := r.clients[p].Dealer(); d != r.hosts[to].ID() {
			t.Errorf("device %d's dealer is %s, want player %d's device", p, d, to)
		}
		if ho, _ := r.clients[p].HandOver(); !ho.Done || ho.Host != 0 || ho.Successor != to || ho.Hand != 1 {
			t.Errorf("device %d saw the hand-over as %+v; want done, from player 0 to player %d after hand 1", p, ho, to)
		}
	}
	if t.Failed() {
		return
	}
	h := finals[1].Info.History
	first, _ := json.Marshal(old.Info.History[0])
	kept, _ := json.Marshal(h[0])
	if string(first) != string(kept) {
		t.Errorf("hand 1 changed in the hand-over:\n%s\n%s", first, kept)
	}
	for p := range 4 {
		if b := h[0].Net[p] + h[1].Net[p] + h[2].Net[p]; b != finals[1].Info.Balances[p] {
			t.Errorf("player %d ends with %d, want the three hands' %+d %+d %+d", p, finals[1].Info.Balances[p], h[0].Net[p], h[1].Net[p], h[2].Net[p])
		}
	}
}

// TestALeavingDealerWaitsForADeviceThatMissedTheHandOver: the table
// centre's stream drops after the hand-over is announced, so it never
// reads the hand-over under way; the seated devices go to the successor.
// An open stream is no proof that a device heard it: the leaving dealer
// serves on (its done channel stays open) until the centre comes back,
// hears the hand-over under way in its welcome and says so (leave).
// Before, the dealer stopped once no stream was open, and the centre,
// redialling a dealer that no longer served, never found the table again.
// The seated devices' clients say leave by themselves: done closes well
// before the dealer's own limit only if they did. The heartbeat is long,
// so that no other stream drops.
func TestALeavingDealerWaitsForADeviceThatMissedTheHandOver(t *testing.T) {
	cfg := dealer.Config{Heartbeat: time.Minute, DealWait: time.Second}
	r := newRig(t, "hongkong", 2, cfg, func(s wall.Seed) wall.Seed { return s })
	for i := 1; i < 4; i++ {
		h := r.hosts[i]
		r.clients[i] = r.join(t, i, client.Options{Player: wire.AnySeat, Retry: 20 * time.Millisecond, TakeOverAfter: time.Hour,
			TakeOver: func(ctx context.Context, info table.Info, term uint64, holders [4]peer.ID) (table.Table, error) {
				return dealer.Succeed(h, info, term, holders, cfg, func(lc *table.LocalConfig) { lc.StandIn = 200 * time.Millisecond })
			}})
	}
	centre, st := r.raw(t, 4)
	centre.Send(hello(table.Spectator, ""))
	if m := answer(t, centre); m.Type != wire.TWelcome {
		t.Fatalf("the centre's hello was answered with %s", m.Type)
	}
	announced := make(chan struct{}) // the centre read the hand-over announced
	go func() {
		// The centre reads its stream (the dealer's sends wait for it)
		// until the stream drops.
		told := false
		for {
			m, err := centre.Recv()
			if err != nil {
				return
			}
			if !told && m.Type == wire.THandOver && !m.HandOver.Now {
				told = true
				close(announced)
			}
		}
	}()
	r.start(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var finals [4]table.Snapshot
	r.playJoined(ctx, finals[:])
	go play(ctx, neverReady{r.tbl}, 0, "ai 0")
	if err := waitFor(func() bool {
		s, err := r.tbl.Snapshot(ctx, table.Spectator)
		return err == nil && s.View != nil && s.View.Number == 1 && s.View.Phase != game.PhaseEnd
	}); err != nil {
		t.Fatal("hand 1 was never dealt")
	}
	_, done, err := r.dealer.HandOver(ctx)
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-announced:
	case <-ctx.Done():
		t.Fatal("the centre was never told of the hand-over")
	}
	st.Reset() // the centre's stream drops
	if err := waitFor(func() bool {
		return r.clients[1].Dealer() == r.hosts[1].ID() && r.dealer.Connected() == [4]bool{}
	}); err != nil {
		t.Fatal("the seated devices never left for player 1's device")
	}
	select {
	case <-done:
		t.Fatal("the leaving dealer stopped before the centre heard that the table is handed over")
	case <-time.After(time.Second):
	}
	back, _ := r.raw(t, 4)
	back.Send(hello(table.Spectator, ""))
	if m := handOverNow(t, back); m.Successor != r.hosts[1].ID().String() {
		t.Errorf("the centre was sent to %s, want player 1's device", m.Successor)
	}
	back.Send(&wire.Msg{Type: wire.TLeave, ID: 1})
	if m := answer(t, back); m.Type != wire.TDone || m.ID != 1 {
		t.Fatalf("the centre's leave was answered with %s", m.Type)
	}
	select {
	case <-done:
	case <-time.After(5 * time.Second): // less than the dealer's own limit (10 s)
		t.Fatal("the leaving dealer did not stop once every device heard the hand-over")
	}
}

// handOverNow reads c until the hand-over under way and returns it.
func handOverNow(t *testing.T, c *wire.Conn) *wire.HandOver {
	t.Helper()
	for {
		m, err := c.Recv()
		if err != nil {
			t.Fatalf("no hand-over under way: %v", err)
		}
		if m.Type == wire.THandOver && m.HandOver.Now {
			return m.HandOver
		}
	}
}

// neverReady is a table on which its player never asks for the next hand.
type neverReady struct{ table.Table }

func (n neverReady) Submit(ctx context.Context, in table.Intent) error {
	if in.Kind == table.IntentNextHand {
		return nil
	}
	return n.Table.Submit(ctx, in)
}

// TestNoHandOverWithoutASuccessor: before the first hand, or with no
// device seated, there is nothing to hand over: the host can only end the
// table.
func TestNoHandOverWithoutASuccessor(t *testing.T) {
	r := newRig(t, "hongkong", 1, dealer.Config{}, func(s wall.Seed) wall.Seed { return s })
	if _, _, err := r.dealer.HandOver(context.Background()); !errors.Is(err, dealer.ErrNoSuccessor) {
		t.Errorf("with no device seated, a hand-over gave %v; want ErrNoSuccessor", err)
	}
	r.clients[1] = r.join(t, 1, client.Options{Player: wire.AnySeat})
	if _, _, err := r.dealer.HandOver(context.Background()); !errors.Is(err, dealer.ErrNoSuccessor) {
		t.Errorf("before the first hand, a hand-over gave %v; want ErrNoSuccessor", err)
	}
	if _, p, ok := r.dealer.Successor(); !ok || p != 1 {
		t.Errorf("the successor is player %d (%v); want player 1's device, seated", p, ok)
	}
}

// BenchmarkHandOverAtAHandEnd measures a graceful hand-over over mocknet
// (run it with -benchtime=1x or a few x): from the moment every person
// has asked for the next hand at the leaving dealer's table to the moment
// the two other phones show hand 2, dealt by player 1's device from a
// fresh commit-reveal.
func BenchmarkHandOverAtAHandEnd(b *testing.B) {
	var total time.Duration
	for range b.N {
		hb := 100 * time.Millisecond
		r := newRig(b, "hongkong", 2, dealer.Config{Heartbeat: hb, DealWait: time.Second}, func(s wall.Seed) wall.Seed { return s })
		for i := 1; i < 4; i++ {
			h := r.hosts[i]
			r.clients[i] = r.join(b, i, client.Options{Player: wire.AnySeat, TakeOverAfter: time.Hour,
				TakeOver: func(ctx context.Context, info table.Info, term uint64, holders [4]peer.ID) (table.Table, error) {
					return dealer.Succeed(h, info, term, holders, dealer.Config{Heartbeat: hb, DealWait: 2 * time.Second}, nil)
				}})
		}
		r.start(b)
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		_, all, err := r.tbl.Subscribe(ctx, table.Spectator)
		if err != nil {
			b.Fatal(err)
		}
		if err := waitFor(func() bool { _, _, err := r.dealer.HandOver(ctx); return err == nil }); err != nil {
			b.Fatal("hand 1 was never dealt")
		}
		ready := make(chan time.Time, 1)
		go func() {
			for u := range all.Updates() {
				if v := u.Snapshot.View; v != nil && v.Phase == game.PhaseEnd && u.Snapshot.Info.Ready == [4]bool{true, true, true, true} {
					ready <- time.Now()
					return
				}
			}
		}()
		shown := make(chan time.Time, 2)
		for p := 1; p < 4; p++ {
			go func() {
				told := p == 1 // the successor deals: the others are timed
				each := func(s table.Snapshot) {
					if !told && s.View != nil && s.View.Number == 2 && s.View.Phase != game.PhaseEnd {
						told = true
						shown <- time.Now()
					}
				}
				table.Autoplay(ctx, r.clients[p], p, mustAI(b, p), each)
			}()
		}
		go play(ctx, neverReady{r.tbl}, 0, "ai 0")
		start := <-ready
		end := <-shown
		if t := <-shown; t.After(end) {
			end = t
		}
		total += end.Sub(start)
		all.Close()
		cancel()
	}
	b.ReportMetric(float64(total.Microseconds())/1000/float64(b.N), "ms-to-next-hand")
}

// mustAI is a novice computer player for player p.
func mustAI(b *testing.B, p int) ai.Player {
	pl, err := ai.New(ai.Novice, wall.SeedFromString(fmt.Sprint("ai ", p)))
	if err != nil {
		b.Fatal(err)
	}
	return pl
}

// playJoined plays players 1 to 3 on their devices to the match's end,
// each one's last snapshot into finals[p]; each one's error comes on the
// channel returned.
func (r *rig) playJoined(ctx context.Context, finals []table.Snapshot) <-chan error {
	return r.playFrom(ctx, finals, 1)
}

// playFrom plays players first to 3 by AI, player 0 on the dealer's own
// table and the others through their clients, each until the match ends
// or ctx does; each final snapshot goes into finals, each error (nil at
// the match's end) into the channel returned.
func (r *rig) playFrom(ctx context.Context, finals []table.Snapshot, first int) <-chan error {
	errs := make(chan error, 4-first)
	for p := first; p < 4; p++ {
		var tbl table.Table = r.tbl
		if p > 0 {
			tbl = r.clients[p]
		}
		go func() {
			var err error
			finals[p], err = play(ctx, tbl, p, fmt.Sprint("ai ", p))
			errs <- err
		}()
	}
	return errs
}

// TestADeviceThatNeverSawTheMatchFollowsTheSuccessor: a table whose match
// is dealt by a protocol of its own (a sealed match: the table protocol's
// dealer stays in its lobby; Client.DealtElsewhere) loses its dealer
// while a table centre (no TakeOver, as the app's) has not reached that
// match yet, so its table protocol knows no hand. The seated devices,
// which follow the match (Options.Match), take the table over; the
// centre must follow them to the successor, not dial the dead dealer
// until it gives up (a `join --watch` of a sealed table did).
func TestADeviceThatNeverSawTheMatchFollowsTheSuccessor(t *testing.T) {
	hb, after := 100*time.Millisecond, 300*time.Millisecond
	r := newRig(t, "hongkong", 1, dealer.Config{Heartbeat: hb}, nil)
	// The match the seated devices follow: another table's, under way.
	other, err := table.NewLocal(table.LocalConfig{Rules: "hongkong", Seed: "the match", Hands: 1,
		Seats: [4]table.SeatConfig{{Kind: table.SeatHuman}}}) // waits for its person
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := other.Start(ctx); err != nil {
		t.Fatal(err)
	}
	var match table.Info
	if err := waitFor(func() bool {
		s, err := other.Snapshot(ctx, table.Spectator)
		match = s.Info
		return err == nil && match.Standing != nil
	}); err != nil {
		t.Fatal("the other table has no match under way")
	}
	for i := 1; i < 4; i++ {
		h := r.hosts[i]
		r.clients[i] = r.join(t, i, client.Options{Player: wire.AnySeat, Retry: 20 * time.Millisecond, TakeOverAfter: after,
			Match: func() (table.Info, bool) { return match, true },
			TakeOver: func(ctx context.Context, info table.Info, term uint64, holders [4]peer.ID) (table.Table, error) {
				return dealer.Succeed(h, info, term, holders, dealer.Config{Heartbeat: hb}, nil)
			}})
		r.clients[i].DealtElsewhere()
	}
	watcher := r.join(t, 4, client.Options{Player: table.Spectator, Retry: 20 * time.Millisecond, TakeOverAfter: after})
	watcher.DealtElsewhere()
	if err := waitFor(func() bool { return r.dealer.Connected() == [4]bool{false, true, true, true} }); err != nil {
		t.Fatalf("connected %v, want players 1-3", r.dealer.Connected())
	}
	// The spectator knows the succession, as a device that has sat at the
	// table for a moment does (every welcome announces it to all).
	if err := waitFor(func() bool {
		r.mu.Lock()
		defer r.mu.Unlock()
		for _, m := range r.seen[4] {
			if m.Type == wire.TRoster && m.Roster.Holders[1] != "" && m.Roster.Holders[2] != "" && m.Roster.Holders[3] != "" {
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatal("the spectator was never told who sits at the table")
	}
	if info := latest(watcher, table.Spectator).Info; info.Standing != nil {
		t.Fatal("the lobby's table has a match: the spectator's case is not the one tested")
	}
	gone(r)
	if err := waitFor(func() bool { return watcher.Term() == 1 && watcher.Dealer() != r.hosts[0].ID() }); err != nil {
		t.Fatalf("the spectator follows term %d at %s, want term 1 at the successor", watcher.Term(), watcher.Dealer())
	}
	for i := 1; i < 4; i++ {
		if err := waitFor(func() bool { return r.clients[i].Term() == 1 && r.clients[i].Dealer() == watcher.Dealer() }); err != nil {
			t.Errorf("device %d follows term %d at %s, the spectator term 1 at %s", i, r.clients[i].Term(), r.clients[i].Dealer(), watcher.Dealer())
		}
	}
}
