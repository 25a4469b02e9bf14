// Package node sets a device up on the network: its libp2p host with the
// identity it keeps, and a table it deals, served to the other devices
// and advertised on the local network, whether it dealt the table from
// the start (Serve) or deals on for a dealer gone (TakeOver). The command
// line (cmd/fourwinds) and the app (internal/netui) set their devices up
// here.
package node

import (
	"io"

	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/peer"
	ma "github.com/multiformats/go-multiaddr"
	manet "github.com/multiformats/go-multiaddr/net"

	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/p2p/dealer"
	"github.com/fourwinds-mahjong/fourwinds/p2p/discover"
	fwhost "github.com/fourwinds-mahjong/fourwinds/p2p/host"
)

// Open starts a device's libp2p host with the identity key kept in
// keyPath (made on first use), listening on listen (fwhost.DefaultListen
// when empty).
func Open(keyPath string, listen []string) (host.Host, error) {
	k, err := fwhost.LoadKey(keyPath)
	if err != nil {
		return nil, err
	}
	return fwhost.New(k, listen)
}

// Advertiser announces the table a device deals on the local network:
// Advertise, or in tests an in-memory network's.
type Advertiser func(h host.Host) (io.Closer, error)

// Advertise announces h's table by mDNS (discover.Advertise).
func Advertise(h host.Host) (io.Closer, error) { return discover.Advertise(h) }

// Advertised is a table's announcement on the local network.
type Advertised struct {
	// Unadvertised says why the table is not advertised (a network
	// without multicast), or is nil: the table is then served all the
	// same, and reached by its address only.
	Unadvertised error
	ad           io.Closer
}

// advertise announces h's table with adv (Advertise when nil).
func advertise(h host.Host, adv Advertiser) Advertised {
	if adv == nil {
		adv = Advertise
	}
	ad, err := adv(h)
	if err != nil {
		return Advertised{Unadvertised: err}
	}
	return Advertised{ad: ad}
}

// stop ends the announcement.
func (a Advertised) stop() {
	if a.ad != nil {
		a.ad.Close()
	}
}

// Served is a table this device deals, served to the other devices.
type Served struct {
	// Dealer serves the table.
	Dealer *dealer.Dealer
	Advertised
}

// Serve serves cfg.Table on h (dealer.Serve) and advertises it with adv
// (Advertise when nil).
func Serve(h host.Host, cfg dealer.Config, adv Advertiser) *Served {
	d := dealer.Serve(h, cfg)
	return &Served{Dealer: d, Advertised: advertise(h, adv)}
}

// Close stops advertising and serving the table; the table itself stays
// open.
func (s *Served) Close() error {
	s.stop()
	s.Dealer.Close()
	return nil
}

// TakenOver is a table this device deals on for a dealer gone: the table,
// served and advertised. Close stops all three.
type TakenOver struct {
	*dealer.Succeeded
	Advertised
}

// TakeOver deals on h the table whose dealer is gone (dealer.Succeed, from
// its last public facts and its seated devices), with the table's PIN, and
// advertises it with adv (Advertise when nil).
func TakeOver(h host.Host, info table.Info, holders [4]peer.ID, pin string, adv Advertiser) (*TakenOver, error) {
	s, err := dealer.Succeed(h, info, holders, dealer.Config{Name: info.Name, PIN: pin}, nil)
	if err != nil {
		return nil, err
	}
	return &TakenOver{Succeeded: s, Advertised: advertise(h, adv)}, nil
}

// Close stops advertising and serving, and closes the table.
func (t *TakenOver) Close() error {
	t.stop()
	return t.Succeeded.Close()
}

// Addrs are the addresses other devices can dial h at, each with h's peer
// id: local-network addresses first, loopback last (two devices on one
// machine).
func Addrs(h host.Host) []string {
	var lan, loop []string
	for _, a := range h.Addrs() {
		full := a.Encapsulate(ma.StringCast("/p2p/" + h.ID().String())).String()
		if ip, err := manet.ToIP(a); err == nil && ip.IsLoopback() {
			loop = append(loop, full)
		} else {
			lan = append(lan, full)
		}
	}
	return append(lan, loop...)
}
