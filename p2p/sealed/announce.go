package sealed

import (
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

// AddHolder returns id's place among the key holders (Config.Holders),
// adding it if new.
func AddHolder(holders *[]peer.ID, id peer.ID) int {
	for i, h := range *holders {
		if h == id {
			return i
		}
	}
	*holders = append(*holders, id)
	return len(*holders) - 1
}
