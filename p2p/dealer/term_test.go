package dealer_test

import (
	"context"
	"testing"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/p2p/client"
	"github.com/fourwinds-mahjong/fourwinds/p2p/dealer"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
)

// TestADealerToldOfAHigherTermStepsDown: every message of a dealer
// carries its term; a hello that tells of a higher one is refused, and
// the dealer stops serving and tells its owner.
func TestADealerToldOfAHigherTermStepsDown(t *testing.T) {
	told := make(chan uint64, 1)
	r := newRig(t, "hongkong", 1, dealer.Config{Term: 3, OnStepDown: func(term uint64) { told <- term }}, nil)
	c, _ := r.raw(t, 1)
	if err := c.Send(hello(wire.AnySeat, "")); err != nil {
		t.Fatal(err)
	}
	if m := answer(t, c); m.Type != wire.TWelcome || m.Term != 3 {
		t.Fatalf("a hello of term 0 got %s of term %d; want a welcome of term 3", m.Type, m.Term)
	}
	if r.dealer.Outranked() != 0 {
		t.Fatal("the dealer stepped down for a lower term")
	}
	c, _ = r.raw(t, 2)
	m := hello(wire.AnySeat, "")
	m.Term = 5
	if err := c.Send(m); err != nil {
		t.Fatal(err)
	}
	wantRefused(t, "a hello of term 5", answer(t, c), table.ReasonClosed)
	select {
	case term := <-told:
		if term != 5 {
			t.Fatalf("the dealer stepped down for term %d, want 5", term)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the dealer never said it stepped down")
	}
	<-r.dealer.SteppedDown()
	if got := r.dealer.Outranked(); got != 5 {
		t.Fatalf("Outranked is %d, want 5", got)
	}
	if st, err := r.hosts[3].NewStream(context.Background(), r.hosts[0].ID(), wire.TableProtocol); err == nil {
		defer st.Reset()
		c := wire.NewConn(st)
		c.Send(hello(wire.AnySeat, ""))
		st.SetReadDeadline(time.Now().Add(5 * time.Second))
		if m, err := c.Recv(); err == nil {
			t.Fatalf("the dealer that stepped down answered a hello with %s", m.Type)
		}
	}
}

// TestAClientFollowsOnlyTheHighestTerm: a client that has seen term 2
// refuses a dealer of term 1 on the same device (whose welcome it never
// takes, and which steps down when the client's hello tells of term 2),
// and rejoins once term 2 deals there again.
func TestAClientFollowsOnlyTheHighestTerm(t *testing.T) {
	r := newRig(t, "hongkong", 1, dealer.Config{Term: 2, Heartbeat: 100 * time.Millisecond}, nil)
	r.clients[1] = r.join(t, 1, client.Options{Player: wire.AnySeat, Retry: 20 * time.Millisecond})
	if term := r.clients[1].Term(); term != 2 {
		t.Fatalf("the client follows term %d after a welcome of term 2", term)
	}
	welcomes := r.count(1, wire.TWelcome)
	r.dealer.Close()
	stale := dealer.Serve(r.hosts[0], dealer.Config{Table: r.tbl, Term: 1, Open: [4]bool{false, true, true, true}, Holders: r.dealer.Holders()})
	defer stale.Close()
	select {
	case <-stale.SteppedDown():
	case <-time.After(10 * time.Second):
		t.Fatal("the dealer of term 1 never stepped down")
	}
	if got := r.count(1, wire.TWelcome); got != welcomes {
		t.Fatalf("the client took %d welcomes from the dealer of term 1", got-welcomes)
	}
	if term := r.clients[1].Term(); term != 2 {
		t.Fatalf("the client follows term %d, want 2", term)
	}
	again := dealer.Serve(r.hosts[0], dealer.Config{Table: r.tbl, Term: 2, Open: [4]bool{false, true, true, true}, Holders: r.dealer.Holders()})
	defer again.Close()
	if err := waitFor(func() bool { return r.count(1, wire.TWelcome) > welcomes }); err != nil {
		t.Fatal("the client never came back to term 2")
	}
	if p := r.clients[1].Player(); p != 1 {
		t.Fatalf("the client came back as player %d", p)
	}
}
