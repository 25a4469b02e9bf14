package dealer_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
	"github.com/fourwinds-mahjong/fourwinds/p2p/client"
	"github.com/fourwinds-mahjong/fourwinds/p2p/dealer"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
)

// lagging is a table whose subscriptions after the first (the dealer's
// own, made when it starts serving) hand on each update 30 ms late: the
// devices' streams fall behind the dealer's own view of the table, as a
// loaded device's goroutines do.
type lagging struct {
	*table.Local
	subs atomic.Int32
}

func (l *lagging) Subscribe(ctx context.Context, player int) (table.Snapshot, table.Subscription, error) {
	snap, sub, err := l.Local.Subscribe(ctx, player)
	if err != nil || l.subs.Add(1) == 1 {
		return snap, sub, err
	}
	late := &lateSub{Subscription: sub, out: make(chan table.Update)}
	go func() {
		defer close(late.out)
		for u := range sub.Updates() {
			time.Sleep(30 * time.Millisecond)
			late.out <- u
		}
	}()
	return snap, late, nil
}

type lateSub struct {
	table.Subscription
	out chan table.Update
}

func (s *lateSub) Updates() <-chan table.Update { return s.out }

// TestRevealFollowsTheHandsEnd: on every stream, a hand's reveal (its
// seed and every secret) comes after the update that ends the hand, even
// when the devices' streams lag behind the table (the dealer no longer
// sends the reveal from a goroutine of its own that races theirs).
func TestRevealFollowsTheHandsEnd(t *testing.T) {
	r := newRig(t, "hongkong", 3, dealer.Config{}, func(s wall.Seed) wall.Seed { return s },
		func(l *table.Local) table.Table { return &lagging{Local: l} })
	for i := 1; i < 4; i++ {
		r.clients[i] = r.join(t, i, client.Options{Player: i})
	}
	r.clients[4] = r.join(t, 4, client.Options{Player: table.Spectator})
	r.start(t)
	r.playAll(t)
	for i := 1; i < 5; i++ {
		if err := waitFor(func() bool { return r.revealed(i) == 3 }); err != nil {
			t.Fatalf("client %d saw the reveals of %d hands, want 3", i, r.revealed(i))
		}
		r.mu.Lock()
		ended := map[int]bool{}
		for _, m := range r.seen[i] {
			switch {
			case m.Type == wire.TUpdate:
				if v := m.Update.Snapshot.View; v != nil && v.Phase == game.PhaseEnd {
					ended[v.Number] = true
				}
			case m.Type == wire.TWelcome:
				// A device back after a hand's end.
				if v := m.Welcome.Snapshot.View; v != nil && v.Phase == game.PhaseEnd {
					ended[v.Number] = true
				}
			case m.Type == wire.TReveal && !ended[m.Deal.Hand]:
				t.Errorf("client %d got hand %d's reveal before the update that ends it", i, m.Deal.Hand)
			}
		}
		r.mu.Unlock()
	}
}
