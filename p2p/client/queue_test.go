package client

import (
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
	var got []uint64
	for {
		select {
		case u, ok := <-s.Updates():
			if !ok {
				if len(got) != 3 || got[0] != 1 || got[2] != 3 {
					t.Fatalf("the subscriber got %v before its channel closed, want [1 2 3]", got)
				}
				return
			}
			got = append(got, u.Seq)
		case <-time.After(5 * time.Second):
			t.Fatalf("the channel is still open after %v", got)
		}
	}
}
