package table

import "fmt"

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
