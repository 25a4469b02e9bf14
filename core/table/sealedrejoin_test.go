package table

import (
	"context"
	"encoding/json"
	"reflect"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
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
	// deal and key are the device's last saved key; held is the dealer's
	// last SealedHeld note.
	deal uint32
	key  []byte
	held SealedNote
}

// newRejoinTable starts the dealer's party, which plays players 0 and 2
// as dealt says (novices when zero).
func newRejoinTable(t *testing.T, hands int, dealt [4]SeatConfig) *rejoinTable {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	r := &rejoinTable{t: t, ctx: ctx, errs: make(chan error, 16),
		setup: SealedSetup{Rules: "hongkong", Seed: wall.SeedFromString("rejoin"), Hands: hands, Peers: []string{"a", "b"}, Players: [4]int{0, 1, 0, 1}}}
	seats := dealt
	for p := range seats {
		if seats[p] == (SeatConfig{}) {
			seats[p] = SeatConfig{Level: ai.Novice}
		}
	}
	var err error
	r.dealer, err = NewSealed(SealedConfig{Table: "t", Setup: r.setup, Holder: 0, Dealer: true, Seats: seats,
		Send: func(n SealedNote) {
			r.mu.Lock()
			defer r.mu.Unlock()
			if n.Kind == SealedHeld {
				r.held = n // for the device's rejoin only, as a transport keeps it
				return
			}
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
// dealer sent since that deal's SealedDeal note (and its SealedHeld
// note). Its notes reach the dealer before Send returns. tamper, when
// set, sees each note the device sends and returns the notes to send
// instead, and whether the app dies once they are sent: it sends and
// saves nothing more, and died is told. The tamper may deliver notes
// itself (deliver) before it says whether the app dies.
type tamper func(n SealedNote, deliver func(...SealedNote)) (send []SealedNote, die bool)

func (r *rejoinTable) start(rejoin bool, tamper tamper, died chan<- struct{}) *process {
	ctx, cancel := context.WithCancel(r.ctx)
	p := &process{cancel: cancel}
	fromDealer := newPipe()
	var dead atomic.Bool
	cfg := SealedConfig{Table: "t", Setup: r.setup, Holder: 1, Seats: [4]SeatConfig{1: {Level: ai.Novice}, 3: {Level: ai.Novice}},
		SaveKey: func(deal uint32, key []byte) {
			r.mu.Lock()
			if !dead.Load() {
				r.deal, r.key = deal, key
			}
			r.mu.Unlock()
		},
		Send: func(n SealedNote) {
			if dead.Load() {
				return
			}
			n.From = 1
			deliver := func(ns ...SealedNote) {
				for _, n := range ns {
					if err := r.dealer.Receive(ctx, n); err != nil && ctx.Err() == nil {
						r.errs <- err
					}
				}
			}
			ns, die := []SealedNote{n}, false
			if tamper != nil {
				ns, die = tamper(n, deliver)
			}
			deliver(ns...)
			if die {
				dead.Store(true)
				died <- struct{}{}
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
		if r.held.Deal == r.log[i].Deal {
			past = append(past, r.held)
		}
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
	p.wg.Add(1)
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

// answer is the seat of a claim window's answer a device's note
// carries, or rules.NoWind.
func answer(n SealedNote) rules.Wind {
	var m sealedplay.Msg
	if played(n) != sealedplay.TAct || m.UnmarshalBinary(n.Body) != nil || !fits(m.Action, game.PhaseClaim) {
		return rules.NoWind
	}
	return m.Seat
}

// begin starts the dealer's party dealing.
func (r *rejoinTable) begin() {
	r.t.Helper()
	if err := r.dealer.Start(r.ctx); err != nil {
		r.t.Fatal(err)
	}
}

// wait waits for ch, failing with why if the test's time runs out first.
func (r *rejoinTable) wait(ch <-chan struct{}, why string) {
	r.t.Helper()
	select {
	case <-ch:
	case <-r.ctx.Done():
		r.t.Fatal(why)
	}
}

// ended checks the match as the dealer and the rejoined device p saw it
// once it ended: every deal verified, deals of them, the device's deals
// the dealer's last ones (from when it rejoined), and nothing refused.
func (r *rejoinTable) ended(p *process, deals int) {
	r.t.Helper()
	want, got := r.dealer.Record(), p.party.Record()
	for _, h := range want.Hands {
		if !h.Verified {
			r.t.Errorf("deal %d: %s", h.Deal, h.Reason)
		}
	}
	if len(want.Hands) != deals || len(got.Hands) == 0 || !reflect.DeepEqual(got.Hands, want.Hands[len(want.Hands)-len(got.Hands):]) ||
		!reflect.DeepEqual(got.History, want.History) || got.Balances != want.Balances || !got.Over {
		r.t.Errorf("the rejoined device saw\n%+v\nthe dealer\n%+v\nwant %d verified deals", got, want, deals)
	}
	if ref := r.dealer.Refused(); len(ref) > 0 {
		r.t.Errorf("the sequencer refused: %v", ref)
	}
}

// TestSealedRejoin: the device's app is killed during deal 1's shuffle,
// as deal 1 ends (before it says its players are ready; deal 2 is the
// dealer's current deal, in which it sent no key), right after it
// answered a claim window of deal 2 that the sequencer holds open for
// another answer (twice), in the middle of deal 2's play and
// behind deal 2's sheet, as deal 3 is prepared; started again from its
// saved key and the dealer's notes of the current deal, it rejoins and
// does not answer again the window the dealer has its answer to; the
// match ends with every deal verified, none voided, the sequencer
// refusing nothing, and the rejoined device's ledger the dealer's.
func TestSealedRejoin(t *testing.T) {
	r := newRejoinTable(t, 3, [4]SeatConfig{})
	type point struct {
		deal  uint32
		kind  SealedKind
		ty    sealedplay.Type
		nth   int
		after bool // dies once the note is sent
	}
	answered := point{2, SealedPlay, sealedplay.TAct, 1, true}
	points := []point{{1, SealedPlay, sealedplay.TShuffle, 1, false}, {1, SealedReady, 0, 1, false}, {2, SealedPlay, sealedplay.TAct, 3, false},
		answered, answered, {3, SealedPlay, sealedplay.TKey, 1, false}}
	var mu sync.Mutex
	seen := 0
	// gave is the seat whose held answer the app died after, again
	// whether the rejoined device answered it while caught up (catching).
	gave, again, catching := rules.NoWind, false, false
	tamper := func(n SealedNote, deliver func(...SealedNote)) ([]SealedNote, bool) {
		mu.Lock()
		defer mu.Unlock()
		if catching && gave != rules.NoWind && answer(n) == gave {
			again = true
		}
		if len(points) == 0 || n.Deal != points[0].deal || n.Kind != points[0].kind || played(n) != points[0].ty {
			return []SealedNote{n}, false
		}
		if points[0].after {
			// Dies once it answered a window the sequencer then holds
			// open for another answer.
			seat := answer(n)
			deliver(n)
			r.mu.Lock()
			held := seat != rules.NoWind && r.held.Deal == n.Deal && slices.Contains(r.held.Body, byte(seat))
			r.mu.Unlock()
			if held {
				points, gave = points[1:], seat
			}
			return nil, held
		}
		if seen++; seen < points[0].nth {
			return []SealedNote{n}, false
		}
		points, seen = points[1:], 0
		return nil, true // the app dies before the note leaves it
	}
	died := make(chan struct{}, 1)
	p := r.start(false, tamper, died)
	r.begin()
	rejoins, helds := 0, 0
	for done := false; !done; {
		select {
		case <-died:
			p.kill()
			mu.Lock()
			catching = true
			mu.Unlock()
			p = r.start(true, tamper, died) // caught up when it returns
			mu.Lock()
			if gave != rules.NoWind {
				helds++
				if again {
					t.Errorf("the rejoined device answered again seat %v's window, whose answer the dealer had", gave)
				}
			}
			gave, again, catching = rules.NoWind, false, false
			mu.Unlock()
			rejoins++
		case <-r.dealer.Done():
			done = true
		case <-r.ctx.Done():
			t.Fatalf("the match did not end (%d rejoins)", rejoins)
		}
	}
	defer p.kill()
	r.wait(p.party.Done(), "the rejoined device did not see the end")
	if rejoins != 6 || helds != 2 {
		t.Errorf("%d rejoins, %d while the sequencer held its answer to a window; want 6, 2", rejoins, helds)
	}
	r.ended(p, 3) // none voided
}

// TestSealedRejoinOwesOpening: the device dies just before it opens a
// claim window it won; rejoined, it owes the opening, and does not
// answer again the window its engine shows open until it is opened: the
// match ends verified, the sequencer refusing nothing.
func TestSealedRejoinOwesOpening(t *testing.T) {
	r := newRejoinTable(t, 4, [4]SeatConfig{})
	died := make(chan struct{}, 1)
	opened := false // on the device's goroutine, then the test's
	p := r.start(false, func(n SealedNote, _ func(...SealedNote)) ([]SealedNote, bool) {
		if played(n) == sealedplay.TOpen {
			return nil, true // dies before the opening leaves it
		}
		return []SealedNote{n}, false
	}, died)
	r.begin()
	select {
	case <-died:
	case <-r.dealer.Done():
		t.Fatal("the device won no claim window in 4 hands")
	case <-r.ctx.Done():
		t.Fatal("the match did not end")
	}
	p.kill()
	p = r.start(true, func(n SealedNote, _ func(...SealedNote)) ([]SealedNote, bool) {
		opened = opened || played(n) == sealedplay.TOpen
		return []SealedNote{n}, false
	}, nil)
	defer p.kill()
	r.wait(p.party.Done(), "the match did not end")
	if !opened {
		t.Error("the rejoined device did not open the window it won")
	}
	r.ended(p, 4)
}

// passer passes every claim window and plays its turns as a novice: the
// dealer's players never claim, so every window of the device's seats
// is followed by a reveal that waits for the device.
type passer struct{ ai.Player }

func (p passer) Decide(v *game.View) game.Action {
	if v.Phase.Simultaneous() && v.Legal[0].Type == game.ActPass {
		return v.Legal[0]
	}
	return p.Player.Decide(v)
}

// TestSealedStaleAnswerDropped: a device that answers every claim window
// twice (as one whose app restarted answers again a window whose answer
// the dealer had when it came back, or that closed meanwhile) has the
// second answer dropped, never taken for its seat's next decision: the
// match ends verified, the sequencer refusing nothing.
func TestSealedStaleAnswerDropped(t *testing.T) {
	novice, _ := ai.New(ai.Novice, wall.SeedFromString("passer"))
	r := newRejoinTable(t, 1, [4]SeatConfig{0: {Player: passer{novice}}, 2: {Player: passer{novice}}})
	twice := 0
	p := r.start(false, func(n SealedNote, _ func(...SealedNote)) ([]SealedNote, bool) {
		if answer(n) != rules.NoWind {
			twice++ // on the device's goroutine
			return []SealedNote{n, n}, false
		}
		return []SealedNote{n}, false
	}, nil)
	defer p.kill()
	r.begin()
	r.wait(p.party.Done(), "the match did not end")
	want, got := r.dealer.Record(), p.party.Record()
	if len(want.Hands) != 1 || !want.Hands[0].Verified || !reflect.DeepEqual(got, want) {
		t.Errorf("the device saw\n%+v\nthe dealer\n%+v\nwant one verified deal", got, want)
	}
	if ref := r.dealer.Refused(); len(ref) > 0 {
		t.Errorf("the sequencer refused: %v", ref)
	}
	if twice < 10 {
		t.Errorf("the device answered %d claim windows twice; want a hand's worth", twice)
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
	r := newRejoinTable(t, 2, [4]SeatConfig{0: {Kind: SeatHuman}})
	gate := make(chan struct{})
	person, _ := ai.New(ai.Novice, wall.SeedFromString("person"))
	go Autoplay(r.ctx, gated{r.dealer, gate}, 0, person, nil)
	died := make(chan struct{}, 1)
	p := r.start(false, func(n SealedNote, _ func(...SealedNote)) ([]SealedNote, bool) {
		return []SealedNote{n}, n.Deal == 2 && played(n) == sealedplay.TShuffle // once the link is sent
	}, died)
	r.begin()
	r.wait(died, "the device never sent its link of deal 2")
	held := false
	if err := r.dealer.call(r.ctx, func() error { held = r.dealer.held != nil; return nil }); err != nil || !held {
		t.Fatalf("the dealer does not hold the link sent (%v)", err)
	}
	p.kill()
	owed := 0
	p = r.start(true, func(n SealedNote, _ func(...SealedNote)) ([]SealedNote, bool) {
		switch {
		case n.Deal == 2 && played(n) == sealedplay.TShuffle:
			owed++
		case n.Kind == SealedReady && owed > 0:
			close(gate) // the link owed again reached the dealer first
			owed = -1
		}
		return []SealedNote{n}, false
	}, nil)
	defer p.kill()
	r.wait(p.party.Done(), "the match did not end")
	if owed != -1 {
		t.Errorf("the rejoined device did not send its link again (%d), or said no player ready", owed)
	}
	r.ended(p, 2)
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
