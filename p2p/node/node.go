// Package node sets a device up on the network: its libp2p host with the
// identity it keeps, and a table it deals, served to the other devices
// and advertised on the local network, whether it dealt the table from
// the start (Serve) or deals on for a dealer gone (TakeOver). The command
// line (cmd/fourwinds) and the app (internal/netui) set their devices up
// here.
package node

import (
	"context"
	"errors"
	"io"
	"sync"
	"time"

	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/peer"
	ma "github.com/multiformats/go-multiaddr"

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

// Announcement is a table's announcement on the local network. It can be
// stopped and started again (the app stops it while a phone is in the
// background) until the table closes.
type Announcement struct {
	// Unadvertised says why the table's first announcement failed (a
	// network without multicast), or is nil: the table is then served all
	// the same, and reached by its address only.
	Unadvertised error
	h            host.Host
	adv          Advertiser
	mu           sync.Mutex
	ad           io.Closer
	closed       bool
}

// announce announces h's table with adv (Advertise when nil).
func announce(h host.Host, adv Advertiser) *Announcement {
	if adv == nil {
		adv = Advertise
	}
	a := &Announcement{h: h, adv: adv}
	a.Unadvertised = a.Announce(true)
	return a
}

// Announce starts (on) or stops announcing the table; once the table is
// closed it is not announced again.
func (a *Announcement) Announce(on bool) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	switch {
	case on && a.ad == nil && !a.closed:
		ad, err := a.adv(a.h)
		if err != nil {
			return err
		}
		a.ad = ad
	case !on && a.ad != nil:
		err := a.ad.Close()
		a.ad = nil
		return err
	}
	return nil
}

// stop ends the announcement for good.
func (a *Announcement) stop() error {
	err := a.Announce(false)
	a.mu.Lock()
	a.closed = true
	a.mu.Unlock()
	return err
}

// Served is a table this device deals, served to the other devices.
type Served struct {
	// Dealer serves the table.
	Dealer *dealer.Dealer
	*Announcement
}

// Serve serves cfg.Table on h (dealer.Serve) and advertises it with adv
// (Advertise when nil).
func Serve(h host.Host, cfg dealer.Config, adv Advertiser) *Served {
	d := dealer.Serve(h, cfg)
	return &Served{Dealer: d, Announcement: announce(h, adv)}
}

// Close stops advertising and serving the table; the table itself stays
// open.
func (s *Served) Close() error {
	err := s.stop()
	s.Dealer.Close()
	return err
}

// TakenOver is a table this device deals on for a dealer gone: the table,
// served and advertised. Close stops all three.
type TakenOver struct {
	*dealer.Succeeded
	*Announcement
}

// TakeOver deals on h the table whose dealer (of term term) is gone
// (dealer.Succeed, from its last public facts and its seated devices, at
// the next term), with the table's PIN, key and take-over wait (the
// host's setting, which the lost dealer's welcome gave:
// client.Client.TakeOverAfter), and advertises it with adv (Advertise
// when nil).
//
// deal, when set, deals the first hand of a match played over another
// protocol (dealer.Config.Deal: a sealed one) instead of the table.
func TakeOver(h host.Host, info table.Info, term uint64, holders [4]peer.ID, pin, key string, wait time.Duration, adv Advertiser, deal func(context.Context, *dealer.Dealer)) (*TakenOver, error) {
	s, err := dealer.Succeed(h, info, term, holders, dealer.Config{Name: info.Name, PIN: pin, Key: key, TakeOverWait: wait, Deal: deal}, nil)
	if err != nil {
		return nil, err
	}
	return &TakenOver{Succeeded: s, Announcement: announce(h, adv)}, nil
}

// Close stops advertising and serving, and closes the table.
func (t *TakenOver) Close() error {
	return errors.Join(t.stop(), t.Succeeded.Close())
}

// Addrs are the addresses other devices can dial h at, each with h's peer
// id, for people to type or scan: h's listen addresses over the device's
// interfaces as discovery lists them (discover.Interfaces, right on
// Android 11+ too, where go-libp2p's own list may hold loopback only), and
// loopback only when there is no other (two devices on one machine off
// any network).
func Addrs(h host.Host) []string {
	ifs, err := discover.Interfaces()
	if err != nil {
		// Unlisted interfaces leave the specific listen addresses, or
		// loopback.
		ifs = nil
	}
	var out []string
	for _, a := range discover.JoinAddrs(h.Network().ListenAddresses(), ifs) {
		out = append(out, a.Encapsulate(ma.StringCast("/p2p/"+h.ID().String())).String())
	}
	return out
}
