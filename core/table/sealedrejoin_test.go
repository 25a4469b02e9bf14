package table

import (
	"context"
	"encoding/json"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/sealedplay"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// process is a key holder's device in a test: its party and the
// deliveries of its notes, which stop when it dies.
type process struct {
	party  *Sealed
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// kill stops the process as a killed app stops: nothing more of its
// notes reaches the dealer, nothing more of the dealer's reaches it.
func (p *process) kill() {
	p.cancel()
	p.wg.Wait()
	p.party.Close()
}

// rejoinTable is a sealed match of two key holders played by AI: the
// dealer's party (holder 0, players 0 and 2) and a device's (holder 1,
// players 1 and 3), which may be killed and rejoin. Every note the
// dealer sent is logged, as the dealer's transport keeps its frames.
type rejoinTable struct {
	t      *testing.T
	ctx    context.Context
	setup  SealedSetup
	dealer *Sealed
	errs   chan error

	mu   sync.Mutex
	log  []SealedNote
	live *pipe
	// deal and key are the device's last saved key.
	deal uint32
	key  []byte
}

// newRejoinTable starts the dealer's party, whose player 0 is a person
// when person is set.
func newRejoinTable(t *testing.T, hands int, person bool) *rejoinTable {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	r := &rejoinTable{t: t, ctx: ctx, errs: make(chan error, 16),
		setup: SealedSetup{Rules: "hongkong", Seed: wall.SeedFromString("rejoin"), Hands: hands, Peers: []string{"a", "b"}, Players: [4]int{0, 1, 0, 1}}}
	novice := SeatConfig{Level: ai.Novice}
	seats := [4]SeatConfig{novice, novice, novice, novice}
	if person {
		seats[0] = SeatConfig{Kind: SeatHuman}
	}
	var err error
	r.dealer, err = NewSealed(SealedConfig{Table: "t", Setup: r.setup, Holder: 0, Dealer: true, Seats: seats,
		Send: func(n SealedNote) {
			r.mu.Lock()
			defer r.mu.Unlock()
			r.log = append(r.log, n)
			if r.live != nil {
				r.live.send(n)
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		for err := range r.errs {
			t.Errorf("a party refused a note: %v", err)
		}
	}()
	t.Cleanup(func() {
		cancel()
		r.dealer.Close()
	})
	return r
}

// start starts the device's process: from the first deal, or, with
// rejoin, from the dealer's current deal, caught up with the notes the
// dealer sent since that deal's SealedDeal note. tamper, when set, sees
// each note the device sends and returns the notes to send instead;
// with direct, they reach the dealer before Send returns.
func (r *rejoinTable) start(rejoin, direct bool, tamper func(SealedNote) []SealedNote) *process {
	ctx, cancel := context.WithCancel(r.ctx)
	p := &process{cancel: cancel}
	toDealer, fromDealer := newPipe(), newPipe()
	cfg := SealedConfig{Table: "t", Setup: r.setup, Holder: 1, Seats: [4]SeatConfig{1: {Level: ai.Novice}, 3: {Level: ai.Novice}},
		SaveKey: func(deal uint32, key []byte) {
			r.mu.Lock()
			r.deal, r.key = deal, key
			r.mu.Unlock()
		},
		Send: func(n SealedNote) {
			n.From = 1
			ns := []SealedNote{n}
			if tamper != nil {
				ns = tamper(n)
			}
			for _, n := range ns {
				if !direct {
					toDealer.send(n)
				} else if err := r.dealer.Receive(ctx, n); err != nil && ctx.Err() == nil {
					r.errs <- err
				}
			}
		}}
	r.mu.Lock()
	var past []SealedNote
	if rejoin {
		i := len(r.log) - 1
		for i > 0 && r.log[i].Kind != SealedDeal {
			i--
		}
		past = append(past, r.log[i:]...)
		var set SealedSetup
		if err := json.Unmarshal(r.log[i].Body, &set); err != nil {
			r.t.Fatal(err)
		}
		cfg.Setup, cfg.Rejoin = set, &SealedRejoin{Deal: r.deal, Key: r.key}
	}
	r.live = fromDealer
	r.mu.Unlock()
	var err error
	if p.party, err = NewSealed(cfg); err != nil {
		r.t.Fatal(err)
	}
	for _, n := range past {
		if err := p.party.Receive(ctx, n); err != nil {
			r.t.Fatalf("the rejoining party refused the dealer's %v note of deal %d: %v", n.Kind, n.Deal, err)
		}
	}
	if rejoin {
		if err := p.party.CaughtUp(ctx); err != nil {
			r.t.Fatal(err)
		}
	}
	p.wg.Add(2)
	go func() { defer p.wg.Done(); toDealer.deliver(ctx, r.dealer, r.errs) }()
	go func() { defer p.wg.Done(); fromDealer.deliver(ctx, p.party, r.errs) }()
	return p
}

// played is the type of a device's play note.
func played(n SealedNote) sealedplay.Type {
	if n.Kind != SealedPlay || len(n.Body) == 0 {
		return 0
	}
	return sealedplay.Type(n.Body[0])
}

// TestSealedRejoin: the device's app is killed during deal 1's shuffle,
// in the middle of deal 2's play and behind deal 2's sheet, as deal 3 is
// prepared, each time just before it sends a message; started again
// from its saved key and the dealer's notes of the deal, it rejoins, and
// the match ends with every deal verified, none voided, the sequencer
// refusing nothing, and the rejoined device's ledger the dealer's.
func TestSealedRejoin(t *testing.T) {
	r := newRejoinTable(t, 3, false)
	type point struct {
		deal uint32
		ty   sealedplay.Type
		nth  int
	}
	points := []point{{1, sealedplay.TShuffle, 1}, {2, sealedplay.TAct, 6}, {3, sealedplay.TKey, 1}}
	killed := make(chan struct{}, 1)
	var mu sync.Mutex
	seen := 0
	tamper := func(n SealedNote) []SealedNote {
		mu.Lock()
		defer mu.Unlock()
		if len(points) == 0 || n.Deal != points[0].deal || played(n) != points[0].ty {
			return []SealedNote{n}
		}
		if seen++; seen < points[0].nth {
			return []SealedNote{n}
		}
		points, seen = points[1:], 0
		killed <- struct{}{}
		return nil // the app dies before the message leaves it
	}
	p := r.start(false, false, tamper)
	if err := r.dealer.Start(r.ctx); err != nil {
		t.Fatal(err)
	}
	rejoins := 0
	for done := false; !done; {
		select {
		case <-killed:
			p.kill()
			p = r.start(true, false, tamper)
			rejoins++
		case <-r.dealer.Done():
			done = true
		case <-r.ctx.Done():
			t.Fatalf("the match did not end (%d rejoins)", rejoins)
		}
	}
	defer p.kill()
	select {
	case <-p.party.Done():
	case <-r.ctx.Done():
		t.Fatal("the rejoined device did not see the end")
	}
	if rejoins != 3 {
		t.Errorf("%d rejoins; want 3", rejoins)
	}
	want, got := r.dealer.Record(), p.party.Record()
	for _, h := range want.Hands {
		if !h.Verified {
			t.Errorf("deal %d: %s", h.Deal, h.Reason)
		}
	}
	if len(want.Hands) != 3 {
		t.Errorf("%d deals for a match of 3 hands: a deal was voided", len(want.Hands))
	}
	if len(got.Hands) == 0 || !reflect.DeepEqual(got.Hands, want.Hands[len(want.Hands)-len(got.Hands):]) || !reflect.DeepEqual(got.History, want.History) || got.Balances != want.Balances || !got.Over {
		t.Errorf("the rejoined device saw\n%+v\nthe dealer\n%+v", got, want)
	}
	if ref := r.dealer.Refused(); len(ref) > 0 {
		t.Errorf("the sequencer refused: %v", ref)
	}
}

// TestSealedStaleAnswerDropped: a device that answers every decision
// twice (as one whose app restarted answers again a decision whose
// answer the sequencer holds) has the second answer refused for now and
// dropped once a decision is taken, never taken for its seat's next
// decision: the match ends verified, the sequencer refusing nothing.
func TestSealedStaleAnswerDropped(t *testing.T) {
	r := newRejoinTable(t, 1, false)
	twice := 0
	p := r.start(false, false, func(n SealedNote) []SealedNote {
		if played(n) == sealedplay.TAct {
			twice++ // on the device's goroutine
			return []SealedNote{n, n}
		}
		return []SealedNote{n}
	})
	defer p.kill()
	if err := r.dealer.Start(r.ctx); err != nil {
		t.Fatal(err)
	}
	select {
	case <-p.party.Done():
	case <-r.ctx.Done():
		t.Fatal("the match did not end")
	}
	want, got := r.dealer.Record(), p.party.Record()
	if len(want.Hands) != 1 || !want.Hands[0].Verified || !reflect.DeepEqual(got, want) {
		t.Errorf("the device saw\n%+v\nthe dealer\n%+v\nwant one verified deal", got, want)
	}
	if ref := r.dealer.Refused(); len(ref) > 0 {
		t.Errorf("the sequencer refused: %v", ref)
	}
	if twice < 10 {
		t.Errorf("the device answered %d decisions twice; want a hand's worth", twice)
	}
}

// gated is a table whose person's next-hand waits for gate.
type gated struct {
	Table
	gate chan struct{}
}

func (g gated) Submit(ctx context.Context, in Intent) error {
	if in.Kind == IntentNextHand {
		select {
		case <-g.gate:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return g.Table.Submit(ctx, in)
}

// TestSealedRejoinHeldShuffle: the device, last of the shuffle chain,
// dies once the dealer holds its last link of deal 2 (prepared behind
// hand 1's sheet, which a person at the dealer has not left); rejoined,
// it owes that link again (no relayed message holds it), and the dealer
// drops it: the first stands, deals hand 2 once the person is ready,
// and the sequencer refuses nothing.
func TestSealedRejoinHeldShuffle(t *testing.T) {
	r := newRejoinTable(t, 2, true)
	gate := make(chan struct{})
	person, _ := ai.New(ai.Novice, wall.SeedFromString("person"))
	go Autoplay(r.ctx, gated{r.dealer, gate}, 0, person, nil)
	died := make(chan struct{}, 1)
	p := r.start(false, false, func(n SealedNote) []SealedNote {
		if n.Deal == 2 && played(n) == sealedplay.TShuffle {
			died <- struct{}{} // once the link is sent
		}
		return []SealedNote{n}
	})
	if err := r.dealer.Start(r.ctx); err != nil {
		t.Fatal(err)
	}
	select {
	case <-died:
	case <-r.ctx.Done():
		t.Fatal("the device never sent its link of deal 2")
	}
	for held := false; !held; time.Sleep(time.Millisecond) {
		if err := r.dealer.call(r.ctx, func() error { held = r.dealer.held != nil; return nil }); err != nil {
			t.Fatal(err)
		}
	}
	p.kill()
	owed := 0
	p = r.start(true, true, func(n SealedNote) []SealedNote {
		switch {
		case n.Deal == 2 && played(n) == sealedplay.TShuffle:
			owed++
		case n.Kind == SealedReady && owed > 0:
			close(gate) // the link owed again reached the dealer first
			owed = -1
		}
		return []SealedNote{n}
	})
	defer p.kill()
	select {
	case <-p.party.Done():
	case <-r.ctx.Done():
		t.Fatal("the match did not end")
	}
	if owed != -1 {
		t.Errorf("the rejoined device did not send its link again (%d), or said no player ready", owed)
	}
	want, got := r.dealer.Record(), p.party.Record()
	if len(want.Hands) != 2 || !want.Hands[0].Verified || !want.Hands[1].Verified || !reflect.DeepEqual(got.Hands, want.Hands[1:]) || got.Balances != want.Balances {
		t.Errorf("the rejoined device saw\n%+v\nthe dealer\n%+v\nwant two verified deals", got, want)
	}
	if ref := r.dealer.Refused(); len(ref) > 0 {
		t.Errorf("the sequencer refused: %v", ref)
	}
}

// TestSealedRejoinRefused: a rejoin is for a key holder that is not the
// dealer, with the ledger before the current deal, and a key that is one;
// a key holder without a rejoin is there from the first deal; only a
// rejoining party is caught up, once.
func TestSealedRejoinRefused(t *testing.T) {
	set := SealedSetup{Rules: "hongkong", Peers: []string{"a", "b"}, Players: [4]int{0, 1, 0, 1}}
	m, err := newSealedMatch("t", set)
	if err != nil {
		t.Fatal(err)
	}
	from := m.from()
	send := func(SealedNote) {}
	for name, c := range map[string]SealedConfig{
		"a spectator":            {Setup: from, Holder: Spectator, Rejoin: &SealedRejoin{}},
		"the dealer":             {Setup: from, Holder: 0, Dealer: true, Rejoin: &SealedRejoin{}},
		"no ledger":              {Setup: set, Holder: 1, Rejoin: &SealedRejoin{}},
		"a ledger and no rejoin": {Setup: from, Holder: 1},
		"a key that is no key":   {Setup: from, Holder: 1, Rejoin: &SealedRejoin{Deal: 2, Key: []byte{1, 2, 3}}},
	} {
		c.Table, c.Send = "t", send
		if p, err := NewSealed(c); err == nil {
			p.Close()
			t.Errorf("%s: a rejoin was taken", name)
		}
	}
	ctx := context.Background()
	for _, c := range []SealedConfig{{Setup: set, Holder: 1}, {Setup: from, Holder: 1, Rejoin: &SealedRejoin{}}} {
		c.Table, c.Send = "t", send
		p, err := NewSealed(c)
		if err != nil {
			t.Fatal(err)
		}
		defer p.Close()
		first := p.CaughtUp(ctx)
		if again := p.CaughtUp(ctx); again == nil || (c.Rejoin != nil) != (first == nil) {
			t.Errorf("rejoin %v: caught up %v, then %v; want a rejoining party caught up once, no other", c.Rejoin != nil, first, again)
		}
	}
}
