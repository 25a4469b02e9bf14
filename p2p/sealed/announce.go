package sealed

import (
	"slices"

	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/network"
	"github.com/libp2p/go-libp2p/core/peer"
)

// Announce makes h, a dealer's device, announce the sealed protocol from
// its lobby on, so that a device that asks its lobby, or is seated, knows
// that the table is sealed (Announced); until Serve takes the protocol
// over, a stream of it is turned away, and the device tries again.
func Announce(h host.Host) {
	h.SetStreamHandler(Protocol, func(s network.Stream) { _ = s.Reset() })
}

// Announced reports whether the dealer d announces the sealed protocol
// (Announce). Once h is connected to d, which identified it, d's
// protocols are known.
func Announced(h host.Host, d peer.ID) bool {
	ps, err := h.Peerstore().SupportsProtocols(d, Protocol)
	return err == nil && len(ps) > 0
}

// Seat fills in c.Holders, c.Players and c.Late from the devices the
// table protocol seated (a dealer's Holders and Connected): this device
// (self) holds the first key and plays every player no connected device
// was seated as; each other connected device holds a key of its own and
// plays the players it was seated as; a seated device not connected now
// is late: its players are this device's until it comes, and from the
// next deal after it came its own. It returns which players another
// device plays now.
func (c *Config) Seat(self peer.ID, holders [4]peer.ID, connected [4]bool) (remote [4]bool) {
	c.Holders, c.Players, c.Late = []peer.ID{self}, [4]int{}, nil
	for p, id := range holders {
		if id == "" || id == self {
			continue
		}
		if !connected[p] {
			if c.Late == nil {
				c.Late = map[peer.ID][]int{}
			}
			c.Late[id] = append(c.Late[id], p)
			continue
		}
		i := slices.Index(c.Holders, id)
		if i < 0 {
			c.Holders, i = append(c.Holders, id), len(c.Holders)
		}
		c.Players[p], remote[p] = i, true
	}
	return remote
}
