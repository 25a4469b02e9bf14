package table

import "sync"

// Queue is the ordered, unbounded stream of updates behind a
// Subscription: Push never blocks, and a goroutine of the queue hands the
// updates to Updates in order, so a slow reader never holds up the table
// that pushes them. It keeps the Subscription contract: Stop (the
// subscription is closed) closes the channel at once, Finish (the table
// closes) once the updates already queued are delivered.
type Queue struct {
	out  chan Update
	stop chan struct{}
	wake chan struct{}
	once sync.Once

	mu    sync.Mutex
	queue []Update
	// finished is set by Finish: the feeder delivers what is queued, then
	// closes the channel.
	finished bool
}

// NewQueue returns an empty queue and starts its feeder, which runs until
// Stop, or until Finish and the queued updates are delivered.
func NewQueue() *Queue {
	q := &Queue{out: make(chan Update), stop: make(chan struct{}), wake: make(chan struct{}, 1)}
	go q.feed()
	return q
}

// Updates delivers the updates in order.
func (q *Queue) Updates() <-chan Update { return q.out }

// Push queues an update.
func (q *Queue) Push(u Update) {
	q.mu.Lock()
	q.queue = append(q.queue, u)
	q.mu.Unlock()
	q.signal()
}

// Stop closes the channel at once: the updates still queued are dropped.
// Stopping twice does nothing.
func (q *Queue) Stop() { q.once.Do(func() { close(q.stop) }) }

// Finish closes the channel once the updates already queued are
// delivered.
func (q *Queue) Finish() {
	q.mu.Lock()
	q.finished = true
	q.mu.Unlock()
	q.signal()
}

// signal wakes the feeder.
func (q *Queue) signal() {
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// feed hands the queued updates to the reader, in order, until the end.
func (q *Queue) feed() {
	defer close(q.out)
	for {
		q.mu.Lock()
		if len(q.queue) == 0 {
			done := q.finished
			q.mu.Unlock()
			if done {
				return
			}
			select {
			case <-q.wake:
				continue
			case <-q.stop:
				return
			}
		}
		u := q.queue[0]
		q.queue[0] = Update{}
		q.queue = q.queue[1:]
		q.mu.Unlock()
		select {
		case q.out <- u:
		case <-q.stop:
			return
		}
	}
}
