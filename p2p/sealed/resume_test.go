package sealed

import (
	"context"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/libp2p/go-libp2p/core/peer"

	"github.com/fourwinds-mahjong/fourwinds/core/wall"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
)

// TestDroppedStreamsResume: over a whole match of three key holders and a
// spectator, streams drop again and again — a device's, the dealer's end
// of a device's, the spectator's — and each resumes on a new stream with
// nothing lost or taken twice: every deal is verified (none voided for a
// withheld message), every party sees the same match and the sequencer
// refuses nothing.
func TestDroppedStreamsResume(t *testing.T) {
	seats := novices
	cfg := Config{Table: "drops", Term: 2, Rules: "hongkong", Hands: 2, Seed: wall.SeedFromString("dropped streams"), Seats: seats, Players: [4]int{0, 1, 2, 0}}
	hs, x := serveOn(t, 4, 3, 3, cfg)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	joined := make([]*Joined, 3) // two key holders, then the spectator
	for i := range joined {
		var err error
		if joined[i], err = Dial(ctx, hs[i+1], hs[0].ID(), cfg.Table, cfg.Term, JoinConfig{Seats: seats}); err != nil {
			t.Fatal(err)
		}
		defer joined[i].Close()
	}
	drops := 0
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		rng := rand.New(rand.NewPCG(1, 2))
		for {
			select {
			case <-stop:
				return
			case <-time.After(time.Duration(50+rng.IntN(250)) * time.Millisecond):
			}
			i := rng.IntN(len(joined))
			if rng.IntN(2) == 0 {
				joined[i].dropStream()
			} else {
				x.dropStream(hs[i+1].ID())
			}
			drops++
		}
	}()
	want, err := x.Run(ctx)
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatalf("the dealer: %v", err)
	}
	for i, j := range joined {
		got, err := j.Wait()
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("device %d (%v) saw\n%+v\nthe dealer\n%+v", i+1, err, got, want)
		}
	}
	for _, h := range want.Hands {
		if !h.Verified {
			t.Errorf("deal %d: %s", h.Deal, h.Reason)
		}
	}
	if len(want.Hands) != 2 {
		t.Errorf("%d deals for a match of 2 hands: a deal was voided", len(want.Hands))
	}
	if ref := x.Refused(); len(ref) > 0 {
		t.Errorf("the sequencer refused: %v", ref)
	}
	if drops < 5 {
		t.Errorf("only %d streams dropped during the match", drops)
	}
	t.Logf("%d streams dropped over %d deals", drops, len(want.Hands))
}

// dropStream resets the device's current stream, as a lost connection
// would.
func (j *Joined) dropStream() {
	j.mu.Lock()
	s := j.link.s
	j.mu.Unlock()
	_ = s.Reset()
}

// dropStream resets the dealer's current stream to peer id.
func (x *Host) dropStream(id peer.ID) {
	x.mu.Lock()
	l := x.links[id]
	x.mu.Unlock()
	if l != nil {
		l.close()
	}
}

// TestResumeRefused: the dealer serves no stream it cannot serve without
// a gap: a resume from a frame it never sent; a device that cannot resume
// gives up after its Resume wait, saying why. (A key holder's hello once
// the match is dealt is its app started again: TestRejoinAfterRestart.)
func TestResumeRefused(t *testing.T) {
	cfg := Config{Table: "refused", Rules: "hongkong", Seed: wall.SeedFromString("refused"), Players: [4]int{0, 1, 0, 1}}
	hs, x := serveOn(t, 2, 2, -1, cfg)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	j, err := Dial(ctx, hs[1], hs[0].ID(), cfg.Table, cfg.Term, JoinConfig{Resume: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	go func() { _, _ = x.Run(ctx) }()
	for {
		x.mu.Lock()
		sent := x.sent
		x.mu.Unlock()
		if sent > 0 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	x.mu.Lock()
	ahead := x.sent + 100
	x.mu.Unlock()
	for name, first := range map[string]frame{
		"a resume from a frame never sent": {Kind: kindResume, Table: cfg.Table, Body: resumeBody(ahead)},
	} {
		s, err := hs[1].NewStream(ctx, hs[0].ID(), Protocol)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := first.encode()
		if _, err := s.Write(b); err != nil {
			t.Fatal(err)
		}
		if got, err := wire.NewReader(s, maxFrame).ReadFrame(); err == nil {
			t.Errorf("%s: the dealer answered %x; it should reset the stream", name, got)
		}
		_ = s.Reset()
	}
	// The refused streams left the device's own stream alone: it drops
	// now, with the dealer gone, and the device gives up.
	j.dropStream()
	x.Close()
	_, err = j.Wait()
	if err == nil || !strings.Contains(err.Error(), "did not resume it for 1s") {
		t.Errorf("a device whose dealer is gone ended with %v; want that the dealer did not resume its stream for 1s", err)
	}
}
