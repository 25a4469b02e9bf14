package table

import (
	"testing"
	"time"
)

// queued pushes updates 1 to n into a new queue that nobody reads yet.
func queued(n int) *Queue {
	q := NewQueue()
	for i := 1; i <= n; i++ {
		q.Push(Update{Seq: uint64(i)})
	}
	return q
}

// drain reads q until its channel closes and returns the sequence numbers
// read.
func drain(t *testing.T, q *Queue) []uint64 {
	t.Helper()
	var got []uint64
	for {
		select {
		case u, ok := <-q.Updates():
			if !ok {
				return got
			}
			got = append(got, u.Seq)
		case <-time.After(5 * time.Second):
			t.Fatalf("the channel is still open after %v", got)
		}
	}
}

// TestQueueFinishDelivers: a table that closes delivers the updates
// already queued, in order, before the channel closes (the Subscription
// contract).
func TestQueueFinishDelivers(t *testing.T) {
	q := queued(3)
	q.Finish()
	got := drain(t, q)
	if len(got) != 3 || got[0] != 1 || got[1] != 2 || got[2] != 3 {
		t.Fatalf("after Finish the reader got %v, want [1 2 3]", got)
	}
}

// TestQueueStopDrops: a subscription closed by its reader closes its
// channel at once, whatever is queued.
func TestQueueStopDrops(t *testing.T) {
	q := queued(3)
	q.Stop()
	q.Stop()
	if got := drain(t, q); len(got) > 1 {
		t.Fatalf("after Stop the reader got %v, want at most the update already handed over", got)
	}
}

// TestQueueOrder: updates pushed while the reader reads arrive in order.
func TestQueueOrder(t *testing.T) {
	q := NewQueue()
	go func() {
		for i := 1; i <= 100; i++ {
			q.Push(Update{Seq: uint64(i)})
		}
		q.Finish()
	}()
	got := drain(t, q)
	for i, s := range got {
		if s != uint64(i+1) {
			t.Fatalf("update %d has Seq %d: %v", i, s, got)
		}
	}
	if len(got) != 100 {
		t.Fatalf("got %d updates, want 100", len(got))
	}
}
