package table

// subscription is one client's stream of updates: the table pushes them
// into the subscription's Queue on its goroutine.
type subscription struct {
	*Queue
	t      *Local
	stream int
}

// newSubscription makes a subscription to stream k and starts its feeder.
func newSubscription(t *Local, k int) *subscription {
	return &subscription{Queue: NewQueue(), t: t, stream: k}
}

// Close ends the subscription.
func (s *subscription) Close() {
	s.Stop()
	s.t.post(func() { delete(s.t.subs, s) })
}
