package sealed

import (
	"time"

	"github.com/libp2p/go-libp2p/core/peer"
	"golang.org/x/time/rate"
)

// The sealed stream's own limits, beside the table protocol's (which lets
// no stranger in: a stream from a device it did not admit is reset before
// anything is read). They bound what an admitted device can make the
// dealer's device do.
const (
	// OpenEvery and OpenBurst limit the streams one device may open (a
	// hello or a resume): each costs the dealer up to two deals' frames
	// sent again. A stream over the limit is reset unread; an honest
	// device tries again (resumePause) and is served within a few
	// seconds.
	OpenEvery = 2 * time.Second
	OpenBurst = 8
	// FrameRate and FrameBurst limit the frames a key holder's stream
	// may send (per second, and at once). An honest device sends about
	// 160 to 340 in a whole hand (2 to 4 key holders, hongkong and
	// american); past the burst, its frames are read no faster than
	// FrameRate, so that a flood slows down its own stream, not the
	// table.
	FrameRate, FrameBurst = 200, 2000
)

// mayOpen reports whether device id may open another stream now.
func (x *Host) mayOpen(id peer.ID) bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	l := x.opens[id]
	if l == nil {
		l = rate.NewLimiter(rate.Every(OpenEvery), OpenBurst)
		x.opens[id] = l
	}
	return l.Allow()
}

// newFrameLimit returns a key holder's stream's frame budget.
func newFrameLimit() *rate.Limiter { return rate.NewLimiter(FrameRate, FrameBurst) }
