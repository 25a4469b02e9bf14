package dealer

import (
	"fmt"
	"testing"
	"time"

	"github.com/libp2p/go-libp2p/core/peer"
)

// guessing plays a guesser who gives a wrong PIN as soon as the table
// looks at one, each from a new device identity and a new address (both
// cost nothing), and returns when the n-th guess was looked at, from the
// first.
func guessing(n int) time.Duration {
	g := newGate()
	start := time.Unix(0, 0)
	now := start
	for i := range n - 1 {
		id, addr := peer.ID(fmt.Sprint("guesser ", i)), fmt.Sprint("10.0.", i/250, ".", i%250)
		g.fail(now, id, addr)
		w, _ := g.wait(now, peer.ID(fmt.Sprint("guesser ", i+1)), "")
		now = now.Add(w)
	}
	return now.Sub(start)
}

// TestGuessingTakesLongerThanAnEvening checks the figures of the
// admission limits' doc comment (FreeTries): a guesser with endless
// identities and addresses finds a four-digit PIN after 52 days on
// average and tries all 10,000 in 104; a six-hour evening gives him 42
// guesses.
func TestGuessingTakesLongerThanAnEvening(t *testing.T) {
	half, all := guessing(5000), guessing(10000)
	evening := 0
	for lo, hi := 1, 10000; lo <= hi; {
		mid := (lo + hi) / 2
		if guessing(mid) <= 6*time.Hour {
			evening, lo = mid, mid+1
		} else {
			hi = mid - 1
		}
	}
	day := 24 * time.Hour
	t.Logf("5,000 guesses (a four-digit PIN on average): %.1f days; all 10,000: %.1f days; in six hours: %d guesses, a %.2f%% chance",
		half.Hours()/24, all.Hours()/24, evening, float64(evening)/100)
	if want := 1023*time.Second + 4980*15*time.Minute; half != want || half < 30*day {
		t.Errorf("5,000 guesses take %s, want %s (over 30 days)", half, want)
	}
	if all < 100*day {
		t.Errorf("10,000 guesses take %s, want over 100 days", all)
	}
	if evening != 42 {
		t.Errorf("%d guesses in six hours, want 42", evening)
	}
}

// TestOneDeviceBacksOffAfterFiveWrongPINs: one device (one address) has
// FreeTries wrong PINs at once, then waits FirstWait, doubled at each
// further wrong PIN.
func TestOneDeviceBacksOffAfterFiveWrongPINs(t *testing.T) {
	g := newGate()
	now := time.Unix(0, 0)
	for i := range FreeTries - 1 {
		g.fail(now, "phone", "10.0.0.9")
		if w, _ := g.wait(now, "phone", "10.0.0.9"); w != 0 {
			t.Fatalf("after %d wrong PINs the device waits %s", i+1, w)
		}
	}
	for i, want := range []time.Duration{time.Second, 2 * time.Second, 4 * time.Second} {
		g.fail(now, "phone", "10.0.0.9")
		w, who := g.wait(now, "phone", "10.0.0.9")
		if w != want || who == "at this table" {
			t.Fatalf("after %d wrong PINs the device waits %s (%s), want %s for itself", FreeTries+i, w, who, want)
		}
		if w, _ := g.wait(now, "another", "10.0.0.8"); w != 0 {
			t.Fatalf("another device at another address waits %s", w)
		}
		if w, _ := g.wait(now, "another", "10.0.0.9"); w != want {
			t.Fatalf("another device at the same address waits %s, want %s", w, want)
		}
		now = now.Add(w)
	}
}
