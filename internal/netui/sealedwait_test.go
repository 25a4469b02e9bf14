package netui

import (
	"testing"
	"time"
)

// TestSealedWaitIsTheStandIn: a sealed match waits for a device as long
// as the host's stand-in wait before its deal is void, and never less
// than the joint shuffle needs (minSealedWait), "at once" included.
func TestSealedWaitIsTheStandIn(t *testing.T) {
	for _, c := range []struct{ standIn, want time.Duration }{
		{0, 15 * time.Second},
		{5 * time.Second, 15 * time.Second},
		{30 * time.Second, 30 * time.Second},
		{2 * time.Minute, 2 * time.Minute},
	} {
		if got := sealedWait(c.standIn); got != c.want {
			t.Errorf("a stand-in wait of %v gives a sealed wait of %v; want %v", c.standIn, got, c.want)
		}
	}
}
