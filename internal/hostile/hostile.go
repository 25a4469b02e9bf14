// Package hostile holds what the hostile-peer tests do to a dealer, for
// the tests in memory (p2p/dealer) and on a real network (cmd/fourwinds)
// alike.
package hostile

import (
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
)

// FloodSnapshots sends n snapshot requests at once on c, a stream already
// welcomed, their ids from first on, and reads until the stream ends (the
// dealer closes it, or its deadline passes): it returns how many requests
// were answered with a snapshot and how many refused too-many.
func FloodSnapshots(c *wire.Conn, n int, first uint64) (answered, refused int) {
	go func() {
		for i := range n {
			if c.Send(&wire.Msg{Type: wire.TSnapReq, ID: first + uint64(i)}) != nil {
				return
			}
		}
	}()
	for {
		m, err := c.Recv()
		if err != nil {
			return answered, refused
		}
		switch {
		case m.Type == wire.TSnapshot:
			answered++
		case m.Type == wire.TRefused && m.Refused.Reason == table.ReasonTooMany:
			refused++
		}
	}
}
