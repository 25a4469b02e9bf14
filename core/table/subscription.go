package table

import (
	"context"
	"fmt"
)

// subscription is one client's stream of updates: the table pushes them
// into the subscription's Queue on its goroutine.
type subscription struct {
	*Queue
	stream int
	// leave takes the subscription off its table, on the table's goroutine.
	leave func(*subscription)
}

// newSubscription makes a subscription to stream k and starts its feeder.
func newSubscription(k int, leave func(*subscription)) *subscription {
	return &subscription{Queue: NewQueue(), stream: k, leave: leave}
}

// Close ends the subscription.
func (s *subscription) Close() {
	s.Stop()
	s.leave(s)
}

// checkPlayer checks the player of an intent.
func checkPlayer(p int) error {
	if p < 0 || p > 3 {
		return &RefusedError{Reason: ReasonNotSeated, Detail: fmt.Sprintf("player %d does not exist; players are 0 to 3", p)}
	}
	return nil
}

// subscribe opens a subscription to player's stream (or the spectators')
// of a table whose goroutine is a and whose subscriptions are *subs: open,
// on that goroutine, checks the table may show the stream and returns its
// snapshot; the subscription is then added to *subs.
func (a *actor) subscribe(ctx context.Context, player int, subs *map[*subscription]bool, open func(k int) (Snapshot, error)) (Snapshot, Subscription, error) {
	var s Snapshot
	sub := newSubscription(streamOf(player), func(sub *subscription) { a.post(func() { delete(*subs, sub) }) })
	err := a.call(ctx, func() error {
		var err error
		if s, err = open(sub.stream); err == nil {
			(*subs)[sub] = true
		}
		return err
	})
	if err != nil {
		sub.Stop()
		return Snapshot{}, nil, err
	}
	return s, sub, nil
}
