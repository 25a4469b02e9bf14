package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/sealedplay"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// pipe carries notes to one party in order, without ever blocking the
// sender: the stand-in for a transport.
type pipe struct {
	mu    sync.Mutex
	notes []SealedNote
	wake  chan struct{}
}

func newPipe() *pipe { return &pipe{wake: make(chan struct{}, 1)} }

func (p *pipe) send(n SealedNote) {
	p.mu.Lock()
	p.notes = append(p.notes, n)
	p.mu.Unlock()
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

// deliver hands the notes to t until ctx ends or t refuses one.
func (p *pipe) deliver(ctx context.Context, t *Sealed, errs chan<- error) {
	for {
		p.mu.Lock()
		ns := p.notes
		p.notes = nil
		p.mu.Unlock()
		for _, n := range ns {
			if err := t.Receive(ctx, n); err != nil && !errors.Is(err, ErrClosed) && ctx.Err() == nil {
				errs <- err
			}
		}
		select {
		case <-p.wake:
		case <-ctx.Done():
			return
		}
	}
}

// sealedParties plays a sealed match of two key holders and a spectator
// in this process: holder 0 deals and plays players 0 and 2 by AI, holder
// 1 plays player 1 by AI and player 3 as a person (played through Submit
// by Autoplay, as a face would).
// A late spectator comes before deal 2: it takes the match up with the
// setup of that deal's note (late, once made). The dealer voids a deal
// stalled for wait; withhold, when set, drops the device's notes it
// returns true for.
func sealedParties(t *testing.T, hands int, wait time.Duration, withhold func(SealedNote) bool) (dealer, device, spectator *Sealed, late <-chan *Sealed) {
	t.Helper()
	return sealedPartiesOf(t, SealedSetup{Rules: "hongkong", Seed: wall.SeedFromString("sealed table"), Hands: hands}, wait, withhold)
}

// sealedPartiesOf is sealedParties playing the ruleset, options, seed and
// number of hands of setup.
func sealedPartiesOf(t *testing.T, setup SealedSetup, wait time.Duration, withhold func(SealedNote) bool) (dealer, device, spectator *Sealed, late <-chan *Sealed) {
	t.Helper()
	setup.Peers, setup.Players = []string{"a", "b"}, [4]int{0, 1, 0, 1}
	toDealer, toDevice, toSpectator, toLate := newPipe(), newPipe(), newPipe(), newPipe()
	lateSetup := make(chan []byte, 1)
	lateCame := false
	var err error
	dealer, err = NewSealed(SealedConfig{Table: "t", Setup: setup, Holder: 0, Dealer: true, Wait: wait, Seats: [4]SeatConfig{{Level: ai.Novice}, {}, {Level: ai.Novice}, {}},
		Send: func(n SealedNote) {
			toDevice.send(n)
			toSpectator.send(n)
			if n.Kind == SealedDeal && n.Deal == 2 {
				lateSetup <- n.Body
				lateCame = true // on the dealer's goroutine, as every Send
			}
			if lateCame {
				toLate.send(n)
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	device, err = NewSealed(SealedConfig{Table: "t", Setup: setup, Holder: 1, Seats: [4]SeatConfig{1: {Level: ai.Novice}, 3: {Kind: SeatHuman, Name: "Pat"}},
		Send: func(n SealedNote) {
			if withhold == nil || !withhold(n) {
				n.From = 1
				toDealer.send(n)
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	spectator, err = NewSealed(SealedConfig{Table: "t", Setup: setup, Holder: Spectator, Send: func(SealedNote) {}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	errs := make(chan error, 16)
	go toDealer.deliver(ctx, dealer, errs)
	go toDevice.deliver(ctx, device, errs)
	go toSpectator.deliver(ctx, spectator, errs)
	t.Cleanup(func() {
		cancel()
		dealer.Close()
		device.Close()
		spectator.Close()
	})
	lateParty := make(chan *Sealed, 1)
	go func() {
		var body []byte
		select {
		case body = <-lateSetup:
		case <-ctx.Done():
			return
		}
		var set SealedSetup
		if err := json.Unmarshal(body, &set); err != nil {
			errs <- err
			return
		}
		p, err := NewSealed(SealedConfig{Table: "t", Setup: set, Holder: Spectator, Send: func(SealedNote) {}})
		if err != nil {
			errs <- err
			return
		}
		t.Cleanup(func() { p.Close() })
		lateParty <- p
		toLate.deliver(ctx, p, errs)
	}()
	go func() {
		for err := range errs {
			t.Errorf("a party refused a note: %v", err)
		}
	}()
	return dealer, device, spectator, lateParty
}

// TestSealedTable: a sealed match played through the Table interface: the
// person's seat by Autoplay's Submit (actions with the view's StateID and
// next-hand), the next deal waiting for the person; every party ends with
// the same record, every hand verified, and sees only what it may.
func TestSealedTable(t *testing.T) {
	hands := 2
	if testing.Short() || raceOn {
		hands = 1
	}
	dealer, device, spectator, late := sealedParties(t, hands, time.Minute, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if _, err := device.Snapshot(ctx, 0); err == nil || !strings.Contains(err.Error(), "played on another device") {
		t.Fatalf("the device showed player 0, whom the dealer's device plays: %v", err)
	}
	if err := device.Submit(ctx, Intent{Player: 1, Kind: IntentNextHand}); err == nil {
		t.Fatal("the device took an intent for its computer player")
	}
	if err := dealer.Start(ctx); err != nil {
		t.Fatal(err)
	}
	person, _ := ai.New(ai.Novice, wall.SeedFromString("person"))
	var waited, refusedStale bool
	end, err := Autoplay(ctx, device, 3, person, func(s Snapshot) {
		if !s.Info.Sealed || s.Info.Seats[3].Name != "Pat" || s.Info.Seats[0].Kind != SeatRemote {
			t.Errorf("info %+v: want a sealed table, Pat at player 3, player 0 remote", s.Info)
		}
		if s.View != nil && s.View.Phase == game.PhaseEnd && !s.Info.Ready[3] && !s.Info.Over && !waited {
			// Every computer player says it is ready; the next deal
			// waits for the person.
			for range 200 {
				s, _ = device.Snapshot(ctx, 3)
				if s.Info.Ready[0] && s.Info.Ready[1] && s.Info.Ready[2] {
					break
				}
				time.Sleep(10 * time.Millisecond)
			}
			time.Sleep(50 * time.Millisecond)
			s, _ = device.Snapshot(ctx, 3)
			waited = s.Info.Ready == [4]bool{true, true, true, false} && s.View.Phase == game.PhaseEnd
		}
		if s.View != nil && len(s.View.Legal) > 0 && !refusedStale {
			err := device.Submit(ctx, Intent{Player: 3, Kind: IntentAction, Decision: s.View.StateID + 1, Action: s.View.Legal[0]})
			var re *RefusedError
			refusedStale = errors.As(err, &re) && re.Reason == ReasonStale
			if !refusedStale {
				t.Errorf("a stale decision: %v; want refused as stale", err)
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if !end.Info.Over || len(end.Info.History) != hands || end.Info.Verified == nil || !*end.Info.Verified {
		t.Fatalf("the person's end: over %v, %d hands, verified %v; want %d verified", end.Info.Over, len(end.Info.History), end.Info.Verified, hands)
	}
	if hands > 1 && !waited {
		t.Error("the next hand did not wait for the person's readiness with every computer player ready")
	}
	sawTheEnd(ctx, t, dealer, spectator)
	want := dealer.Record()
	for _, h := range want.Hands {
		if !h.Verified {
			t.Fatalf("deal %d: %s", h.Deal, h.Reason)
		}
	}
	for name, p := range map[string]*Sealed{"device": device, "spectator": spectator} {
		if got := p.Record(); !reflect.DeepEqual(got, want) {
			t.Errorf("the %s saw another match:\n%+v\nthe dealer's:\n%+v", name, got, want)
		}
	}
	replaysAsBooked(t, "the dealer's", want)
	if ref := dealer.Refused(); len(ref) > 0 {
		t.Errorf("the sequencer refused honest messages: %v", ref)
	}
	if hands > 1 {
		// The late spectator verified deal 2 on, and took up the ledger.
		var got SealedRecord
		select {
		case p := <-late:
			select {
			case <-p.Done():
			case <-ctx.Done():
			}
			got = p.Record()
		case <-ctx.Done():
		}
		if len(got.Hands) != len(want.Hands)-1 || !reflect.DeepEqual(got.Hands, want.Hands[1:]) || got.Balances != want.Balances || len(got.History) != hands {
			t.Errorf("the late spectator saw %+v; the dealer %+v", got, want)
		}
		replaysAsBooked(t, "the late spectator's", got)
		if g := got.Game; g.Header.From == nil || g.Header.From.Standing.Number != 2 || len(g.Header.Walls) != hands-1 {
			t.Errorf("the late spectator's record begins %+v with %d walls; want it to begin at hand 2 with the walls of the hands after", g.Header.From, len(g.Header.Walls))
		}
	}
	snap, err := spectator.Snapshot(ctx, Spectator)
	if err != nil || snap.View == nil || !snap.Info.Over {
		t.Errorf("the spectator's public view: %+v, %v", snap, err)
	}
	if _, err := spectator.Snapshot(ctx, 3); err == nil {
		t.Error("the spectator was shown player 3")
	}
}

// sawTheEnd waits until every party has seen the match's end.
func sawTheEnd(ctx context.Context, t *testing.T, parties ...*Sealed) {
	t.Helper()
	for _, p := range parties {
		select {
		case <-p.Done():
		case <-ctx.Done():
			t.Fatal("a party never saw the end")
		}
	}
}

// TestSealedRefusesBadSetups: a setup no device can play (american's
// mush among them: SealedPlayable), a holder out of range and a keyless
// dealer are refused, saying why.
func TestSealedRefusesBadSetups(t *testing.T) {
	send := func(SealedNote) {}
	ok := SealedSetup{Rules: "hongkong", Peers: []string{"a", "b"}, Players: [4]int{0, 1, 0, 1}}
	for name, c := range map[string]SealedConfig{
		"one holder":       {Setup: SealedSetup{Rules: "hongkong", Peers: []string{"a"}}, Send: send},
		"twice":            {Setup: SealedSetup{Rules: "hongkong", Peers: []string{"a", "a"}, Players: [4]int{0, 1, 0, 1}}, Send: send},
		"idle holder":      {Setup: SealedSetup{Rules: "hongkong", Peers: []string{"a", "b", "c"}, Players: [4]int{0, 1, 0, 1}}, Send: send},
		"no such holder":   {Setup: SealedSetup{Rules: "hongkong", Peers: []string{"a", "b"}, Players: [4]int{0, 1, 2, 1}}, Send: send},
		"unknown rules":    {Setup: SealedSetup{Rules: "nope", Peers: []string{"a", "b"}, Players: [4]int{0, 1, 0, 1}}, Send: send},
		"holder 2 of 2":    {Setup: ok, Holder: 2, Send: send},
		"keyless dealer":   {Setup: ok, Holder: Spectator, Dealer: true, Send: send},
		"no send":          {Setup: ok},
		"a remote seat":    {Setup: ok, Seats: [4]SeatConfig{{Kind: SeatRemote}}, Send: send},
		"an unknown level": {Setup: ok, Seats: [4]SeatConfig{{Level: "grandmaster"}}, Send: send},
		"the mush":         {Setup: SealedSetup{Rules: "american", Options: map[string]string{"mush": "true"}, Peers: []string{"a", "b"}, Players: [4]int{0, 1, 0, 1}}, Send: send},
	} {
		if tb, err := NewSealed(c); err == nil {
			tb.Close()
			t.Errorf("%s: accepted", name)
		}
	}
	if err := SealedPlayable("american", map[string]string{"mush": "on"}); err == nil || !strings.Contains(err.Error(), "option mush off") {
		t.Errorf("the mush is refused with %v; want a refusal naming the option to turn off", err)
	}
	for _, id := range rules.IDs() {
		if err := SealedPlayable(id, nil); err != nil {
			t.Errorf("%s with its default options is refused: %v", id, err)
		}
	}
}

// TestSealedNames: a party names the players from the setup and says
// who plays each seat as this device knows it.
func TestSealedNames(t *testing.T) {
	tb, err := NewSealed(SealedConfig{Setup: SealedSetup{Rules: "hongkong", Peers: []string{"a", "b"}, Players: [4]int{0, 1, 0, 1}, Names: []string{"Ann"}},
		Seats: [4]SeatConfig{2: {Kind: SeatHuman}}, Send: func(SealedNote) {}})
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	s, err := tb.Snapshot(context.Background(), 2)
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(s.Info.Seats[0].Name, s.Info.Seats[1].Kind, s.Info.Seats[2].Kind, s.Info.Started)
	if got != "Annremotehumanfalse" {
		t.Errorf("seats %+v; want Ann (an AI here), a remote player 1, a person at player 2, not started", s.Info.Seats)
	}
}

// TestSealedVoidIsShown: a device that withholds its shares in the first
// deal has it voided; the screens are told why (Info.Void, Verified
// false; VoidWhy and VoidBy: players 1 and 3, whom that device plays)
// while the hand is dealt again with fresh keys, and the match goes on
// to a verified end.
func TestSealedVoidIsShown(t *testing.T) {
	ctx, _, _, snap, sub := withheldMatch(t, 1, 1, sealedplay.TShares)
	var void, blame string
	for !snap.Info.Over {
		select {
		case u, ok := <-sub.Updates():
			if !ok {
				t.Fatal("the table closed before the match ended")
			}
			snap = u.Snapshot
			if snap.Info.Void != "" && void == "" {
				void = snap.Info.Void
				blame = fmt.Sprint(snap.Info.VoidWhy, snap.Info.VoidBy)
				if snap.Info.Verified == nil || *snap.Info.Verified {
					t.Errorf("a void deal shown as verified: %v", snap.Info.Verified)
				}
			}
		case <-ctx.Done():
			t.Fatal("the match did not end")
		}
	}
	if !strings.Contains(void, "holder 1 withheld its shares") {
		t.Errorf("Info.Void %q; want holder 1 named for its shares", void)
	}
	if blame != "withheld[1 3]" {
		t.Errorf("the void blamed as %q; want withheld[1 3] (holder 1 plays players 1 and 3)", blame)
	}
	if snap.Info.Void != "" || snap.Info.VoidWhy != "" || snap.Info.VoidBy != nil || snap.Info.Verified == nil || !*snap.Info.Verified || len(snap.Info.History) != 1 {
		t.Errorf("the end: void %q, verified %v, %d hands; want the hand dealt again and verified", snap.Info.Void, snap.Info.Verified, len(snap.Info.History))
	}
}

// TestSealedNextDealPrepared: once a hand is booked, the next deal's keys
// and shuffles run behind its sheet: the last shuffle (holder 1's, the
// person's device) is sent before the person says ready, while the view
// still shows the hand's end, and the hand is dealt at once on readiness
// (the time from the ready to the first view with 13 tiles is logged:
// docs/performance.md).
func TestSealedNextDealPrepared(t *testing.T) {
	var mu sync.Mutex
	var shuffled, readied bool
	dealer, device, _, _ := sealedParties(t, 2, time.Minute, func(n SealedNote) bool {
		mu.Lock()
		defer mu.Unlock()
		switch {
		case n.Kind == SealedPlay && n.Deal == 2 && sealedplay.Type(n.Body[0]) == sealedplay.TShuffle:
			shuffled = true
			if readied {
				t.Error("the last shuffle of deal 2 was sent after the person said ready")
			}
		case n.Kind == SealedReady && n.Deal == 1 && n.Body[0] == 3:
			readied = true
		}
		return false
	})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if err := dealer.Start(ctx); err != nil {
		t.Fatal(err)
	}
	person, _ := ai.New(ai.Novice, wall.SeedFromString("person"))
	var sheet bool
	var ready time.Time
	var dealt time.Duration
	_, err := Autoplay(ctx, device, 3, person, func(s Snapshot) {
		switch {
		case s.View != nil && s.View.Phase == game.PhaseEnd && !s.Info.Over && !sheet:
			sheet = true
			for range 3000 {
				mu.Lock()
				done := shuffled
				mu.Unlock()
				if done {
					break
				}
				time.Sleep(10 * time.Millisecond)
			}
			mu.Lock()
			done := shuffled
			mu.Unlock()
			s, _ = device.Snapshot(ctx, 3)
			if !done || s.View == nil || s.View.Phase != game.PhaseEnd || s.Info.Verified == nil || !*s.Info.Verified || s.Info.Hand != 1 {
				t.Errorf("before the person's ready: shuffled %v, hand %d shown, its end %v, verified %v; want deal 2 shuffled behind hand 1's verified end", done, s.Info.Hand, s.View != nil && s.View.Phase == game.PhaseEnd, s.Info.Verified)
			}
			ready = time.Now() // Autoplay says ready next
		case sheet && dealt == 0 && s.View != nil && s.View.Phase != game.PhaseEnd && s.View.Hand.Total() >= 13:
			dealt = time.Since(ready)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if dealt == 0 {
		t.Fatal("deal 2 was never shown dealt")
	}
	t.Logf("from the last ready to the next hand dealt: %v", dealt)
	if ref := dealer.Refused(); len(ref) > 0 {
		t.Errorf("the sequencer refused honest messages: %v", ref)
	}
}

// withheldMatch starts a match of hands whose device (player 3's, played
// by the novice AI) withholds its messages of type withheld in deal, and
// returns the dealer, the device and the dealer's spectator stream,
// started. The context
// ends with the test (at most 5 minutes).
func withheldMatch(t *testing.T, hands int, deal uint32, withheld sealedplay.Type) (ctx context.Context, dealer, device *Sealed, snap Snapshot, sub Subscription) {
	t.Helper()
	wait := map[bool]time.Duration{false: 3 * time.Second, true: 30 * time.Second}[raceOn]
	dealer, device, _, _ = sealedParties(t, hands, wait, func(n SealedNote) bool {
		return n.Kind == SealedPlay && n.Deal == deal && sealedplay.Type(n.Body[0]) == withheld
	})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	t.Cleanup(cancel)
	person, _ := ai.New(ai.Novice, wall.SeedFromString("person"))
	go Autoplay(ctx, device, 3, person, nil)
	snap, sub, err := dealer.Subscribe(ctx, Spectator)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sub.Close)
	if err := dealer.Start(ctx); err != nil {
		t.Fatal(err)
	}
	return ctx, dealer, device, snap, sub
}

// TestSealedPreparedVoid: a device that withholds its shuffle of the deal
// prepared behind hand 1's sheet has that deal voided; it is prepared
// again with fresh keys while the screens keep showing hand 1's verified
// end (no void shown), and the match goes on to a verified end.
func TestSealedPreparedVoid(t *testing.T) {
	ctx, dealer, device, snap, sub := withheldMatch(t, 2, 2, sealedplay.TShuffle)
	for !snap.Info.Over {
		select {
		case u, ok := <-sub.Updates():
			if !ok {
				t.Fatal("the table closed before the match ended")
			}
			snap = u.Snapshot
			if snap.Info.Void != "" {
				t.Fatalf("a prepared deal's void was shown: %q", snap.Info.Void)
			}
		case <-ctx.Done():
			t.Fatal("the match did not end")
		}
	}
	var deals []string
	for _, h := range dealer.Record().Hands {
		deals = append(deals, fmt.Sprintf("%d:%d:%v", h.Deal, h.Number, h.Verified))
	}
	if got := strings.Join(deals, " "); got != "1:1:true 2:2:false 3:2:true" {
		t.Errorf("deals (deal:hand:verified) %s; want hand 2 dealt again as deal 3 after deal 2 was voided", got)
	}
	if r, w := device.Record(), dealer.Record(); !reflect.DeepEqual(r, w) {
		t.Errorf("the device saw another match:\n%+v\nthe dealer's:\n%+v", r, w)
	}
	// The void deal is not in the game record: hand 2 is deal 3's.
	rec := dealer.Record()
	replaysAsBooked(t, "the dealer's", rec)
	if n := len(rec.Game.Header.Walls); n != 2 {
		t.Errorf("the game record has %d walls; want those of hands 1 and 2, the void deal left out", n)
	}
}

// TestSealedRefusalsBounded: a device that sends note after note the
// dealer refuses makes it count them past the first maxRefused, not keep
// them all.
func TestSealedRefusalsBounded(t *testing.T) {
	dealer, err := NewSealed(SealedConfig{Setup: SealedSetup{Rules: "hongkong", Peers: []string{"a", "b"}, Players: [4]int{0, 1, 0, 1}},
		Dealer: true, Send: func(SealedNote) {}})
	if err != nil {
		t.Fatal(err)
	}
	defer dealer.Close()
	const sent = maxRefused + 36
	for range sent {
		if err := dealer.Receive(context.Background(), SealedNote{Kind: 99, From: 1}); err == nil || !strings.Contains(err.Error(), "a note of kind 99") {
			t.Fatalf("a note of an unknown kind: %v; want it refused, saying its kind", err)
		}
	}
	ref := dealer.Refused()
	if len(ref) != maxRefused+1 || ref[maxRefused] != "and 36 more refused" || !strings.Contains(ref[0], "holder 1: a note of kind 99") {
		t.Errorf("%d refusals: kept %d, first %q, last %q; want the first %d and \"and 36 more refused\"", sent, len(ref), ref[0], ref[len(ref)-1], maxRefused)
	}
}

// TestSealedPersonSeesOnlyItsTiles: a person's screen is shown its seat's
// real tiles only. From a deal or a draw until the other device's shares
// come, the device's engine holds an imagined tile where the seat's came;
// an update then would show a tile the player does not hold, replaced by
// another at the same point of the hand. Every view pushed at one point
// of the hand (hand, StateID) holds the same tiles, and the screen is
// shown the match's end.
func TestSealedPersonSeesOnlyItsTiles(t *testing.T) {
	dealer, device, _, _ := sealedParties(t, 1, time.Minute, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	_, sub, err := device.Subscribe(ctx, 3)
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Close()
	person, _ := ai.New(ai.Novice, wall.SeedFromString("pat"))
	go Autoplay(ctx, device, 3, person, nil)
	if err := dealer.Start(ctx); err != nil {
		t.Fatal(err)
	}
	type point struct {
		hand int
		id   uint64
	}
	shown := map[point]string{}
	for views := 0; ; {
		select {
		case u, ok := <-sub.Updates():
			if !ok {
				t.Fatal("the subscription closed")
			}
			v := u.Snapshot.View
			if v == nil || u.Snapshot.Info.Hand == 0 {
				continue
			}
			views++
			p, hand := point{u.Snapshot.Info.Hand, v.StateID}, tile.Format(v.Hand.Kinds())
			if was, ok := shown[p]; ok && was != hand {
				t.Fatalf("hand %d, point %d: shown %s, then %s", p.hand, p.id, was, hand)
			}
			shown[p] = hand
			if u.Snapshot.Info.Over {
				if len(shown) < 20 {
					t.Fatalf("%d points of the hand shown; want a hand's worth", len(shown))
				}
				return
			}
		case <-ctx.Done():
			t.Fatal("the person's screen was not shown the match's end")
		}
	}
}
