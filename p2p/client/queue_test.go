package client

import (
	"slices"
	"testing"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/table"
)

// TestCloseDelivers: when the client closes, a subscriber that has not
// read yet still gets the updates queued for it, in order, before its
// channel closes (the table.Subscription contract).
func TestCloseDelivers(t *testing.T) {
	c := &Client{subs: map[*subscription]struct{}{}}
	s := newSubscription(c)
	c.subs[s] = struct{}{}
	for i := 1; i <= 3; i++ {
		c.publish(table.Update{Seq: uint64(i)})
	}
	c.closeSubs()
	read := make(chan []uint64, 1)
	go func() {
		var seqs []uint64
		for u := range s.Updates() {
			seqs = append(seqs, u.Seq)
		}
		read <- seqs
	}()
	select {
	case got := <-read:
		if !slices.Equal(got, []uint64{1, 2, 3}) {
			t.Fatalf("the subscriber got %v before its channel closed, want [1 2 3]", got)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the subscriber's channel is still open after the client closed")
	}
}
