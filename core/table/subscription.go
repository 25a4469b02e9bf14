package table

import "sync"

// subscription is one client's stream of updates. The table pushes
// updates into an unbounded queue and a goroutine of the subscription
// feeds them to the client's channel, so a slow client never holds the
// table up: its updates wait in its queue, in order.
type subscription struct {
	t      *Local
	stream int
	out    chan Update
	stop   chan struct{}
	wake   chan struct{}
	once   sync.Once

	// finished is set when the table closes: the feeder delivers what is
	// queued, then closes the channel.
	finished bool

	mu    sync.Mutex
	queue []Update
}

// newSubscription makes a subscription to stream k and starts its feeder.
func newSubscription(t *Local, k int) *subscription {
	s := &subscription{t: t, stream: k, out: make(chan Update), stop: make(chan struct{}), wake: make(chan struct{}, 1)}
	go s.feed()
	return s
}

// Updates delivers the updates in order.
func (s *subscription) Updates() <-chan Update { return s.out }

// Close ends the subscription.
func (s *subscription) Close() {
	s.end()
	s.t.post(func() { delete(s.t.subs, s) })
}

// end stops the feeder at once, which closes the channel.
func (s *subscription) end() { s.once.Do(func() { close(s.stop) }) }

// finish lets the feeder deliver what is queued and then close the
// channel (the table is closing).
func (s *subscription) finish() {
	s.mu.Lock()
	s.finished = true
	s.mu.Unlock()
	s.signal()
}

// signal wakes the feeder.
func (s *subscription) signal() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// push queues an update (on the table's goroutine).
func (s *subscription) push(u Update) {
	s.mu.Lock()
	s.queue = append(s.queue, u)
	s.mu.Unlock()
	s.signal()
}

// feed hands the queued updates to the client, in order, until the end.
func (s *subscription) feed() {
	defer close(s.out)
	for {
		s.mu.Lock()
		if len(s.queue) == 0 {
			done := s.finished
			s.mu.Unlock()
			if done {
				return
			}
			select {
			case <-s.wake:
				continue
			case <-s.stop:
				return
			}
		}
		u := s.queue[0]
		s.queue[0] = Update{}
		s.queue = s.queue[1:]
		s.mu.Unlock()
		select {
		case s.out <- u:
		case <-s.stop:
			return
		}
	}
}
