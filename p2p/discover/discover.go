// Package discover finds tables on the local network with no server: a
// dealer advertises itself by mDNS as service "_fourwinds._udp" with its
// addresses in "dnsaddr=<multiaddr>/p2p/<id>" TXT records, as the libp2p
// mDNS specification lays out (so any libp2p implementation browsing that
// service finds it), and answers /fourwinds/lobby/1.0.0 with what table it
// is. Joiners browse, drop loopback addresses, ask each dealer's lobby and
// stop browsing once they have their table.
//
// The interfaces come from one replaceable function, Interfaces, built on
// github.com/wlynxg/anet: Android 11 and later forbid the netlink calls
// behind net.Interfaces (golang/go#40569), which anet avoids on Android
// (elsewhere it is net.Interfaces). anet finds the Android version through
// cgo, as the app always builds there; a CGO_ENABLED=0 build on Android
// lists interfaces as before Android 11. Android links need
// -ldflags=-checklinkname=0: anet reaches into package net.
package discover

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
	"github.com/libp2p/go-libp2p/core/crypto"
	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/peer"
	"github.com/libp2p/go-libp2p/core/sec"
	"github.com/libp2p/zeroconf/v2"
	ma "github.com/multiformats/go-multiaddr"
	manet "github.com/multiformats/go-multiaddr/net"
	"github.com/wlynxg/anet"
)

// Service is the mDNS service name of a Four Winds table.
const Service = "_fourwinds._udp"

const (
	domain        = "local"
	dnsaddrPrefix = "dnsaddr="
)

// Interface is a network interface with its addresses.
type Interface struct {
	net.Interface
	// IPs are the interface's addresses.
	IPs []net.IP
}

// Interfaces lists the device's network interfaces, with anet (see the
// package comment); tests replace it.
var Interfaces = func() ([]Interface, error) {
	ifs, err := anet.Interfaces()
	if err != nil {
		return nil, err
	}
	out := make([]Interface, 0, len(ifs))
	for _, i := range ifs {
		addrs, err := anet.InterfaceAddrsByInterface(&i)
		if err != nil {
			continue
		}
		it := Interface{Interface: i}
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok {
				it.IPs = append(it.IPs, n.IP)
			}
		}
		out = append(out, it)
	}
	return out, nil
}

// multicast returns the interfaces mDNS can use: up, multicast, not loopback.
func multicast() ([]Interface, error) {
	all, err := Interfaces()
	if err != nil {
		return nil, fmt.Errorf("discover: cannot list the network interfaces: %w", err)
	}
	var out []Interface
	for _, i := range all {
		if i.Flags&net.FlagUp != 0 && i.Flags&net.FlagMulticast != 0 && i.Flags&net.FlagLoopback == 0 {
			out = append(out, i)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("discover: no network interface is up with multicast; join by address instead")
	}
	return out, nil
}

func plain(ifs []Interface) []net.Interface {
	out := make([]net.Interface, len(ifs))
	for i, it := range ifs {
		out[i] = it.Interface
	}
	return out
}

// Addrs returns the addresses a dealer listening on listen is reached at
// from the local network: unspecified listen addresses expanded to each
// multicast interface's addresses, loopback left out.
func Addrs(listen []ma.Multiaddr, ifs []Interface) []ma.Multiaddr {
	var out []ma.Multiaddr
	for _, l := range listen {
		first, rest := ma.SplitFirst(l)
		if first == nil {
			continue
		}
		ip, err := manet.ToIP(ma.Multiaddr{*first})
		if err != nil {
			continue
		}
		if !ip.IsUnspecified() {
			if !ip.IsLoopback() {
				out = append(out, l)
			}
			continue
		}
		v4 := first.Protocol().Code == ma.P_IP4
		for _, it := range ifs {
			for _, a := range it.IPs {
				if a.IsLoopback() || (a.To4() != nil) != v4 || a.IsLinkLocalUnicast() {
					continue
				}
				m, err := manet.FromIP(a)
				if err != nil {
					continue
				}
				out = append(out, m.Encapsulate(rest))
			}
		}
	}
	return out
}

// JoinAddrs returns the addresses to show the people who join a dealer
// listening on listen by its address (typed, or scanned from its QR
// code): Addrs over the interfaces of ifs that are up (Interfaces: the
// list discovery uses, which Android 11+ gives where net.Interfaces
// fails), and loopback addresses only when there is no other (a machine
// off any network, where two devices on it still meet).
func JoinAddrs(listen []ma.Multiaddr, ifs []Interface) []ma.Multiaddr {
	var up []Interface
	for _, i := range ifs {
		if i.Flags&net.FlagUp != 0 {
			up = append(up, i)
		}
	}
	if out := Addrs(listen, up); len(out) > 0 {
		return out
	}
	var out []ma.Multiaddr
	for _, l := range listen {
		first, rest := ma.SplitFirst(l)
		if first == nil {
			continue
		}
		ip, err := manet.ToIP(ma.Multiaddr{*first})
		switch {
		case err != nil:
		case ip.IsLoopback():
			out = append(out, l)
		case ip.IsUnspecified() && ip.To4() != nil:
			out = append(out, ma.StringCast("/ip4/127.0.0.1").Encapsulate(rest))
		case ip.IsUnspecified():
			out = append(out, ma.StringCast("/ip6/::1").Encapsulate(rest))
		}
	}
	return out
}

// Advertiser is a running mDNS advertisement.
type Advertiser struct{ server *zeroconf.Server }

// Advertise announces h as a table. Call it after h listens: the addresses
// are read once.
func Advertise(h host.Host) (*Advertiser, error) {
	ifs, err := multicast()
	if err != nil {
		return nil, err
	}
	addrs := Addrs(h.Network().ListenAddresses(), ifs)
	if len(addrs) == 0 {
		return nil, errors.New("discover: the host listens on no local-network address")
	}
	var txts, ips []string
	seen := map[string]bool{}
	for _, a := range addrs {
		txts = append(txts, dnsaddrPrefix+a.Encapsulate(ma.StringCast("/p2p/"+h.ID().String())).String())
		if ip, err := manet.ToIP(a); err == nil && !seen[ip.String()] {
			seen[ip.String()] = true
			ips = append(ips, ip.String())
		}
	}
	name := instanceName()
	srv, err := zeroconf.RegisterProxy(name, Service, domain, 4001, name, ips, txts, plain(ifs))
	if err != nil {
		return nil, fmt.Errorf("discover: cannot advertise the table: %w", err)
	}
	return &Advertiser{server: srv}, nil
}

// Close stops advertising.
func (a *Advertiser) Close() error {
	a.server.Shutdown()
	return nil
}

// instanceName is a random DNS label of 32 to 63 characters, as the spec asks.
func instanceName() string {
	b := make([]byte, 20)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// Browse reports every table found on the local network until ctx ends.
// A table may be reported many times; loopback addresses are dropped.
func Browse(ctx context.Context, found func(peer.AddrInfo)) error {
	ifs, err := multicast()
	if err != nil {
		return err
	}
	entries := make(chan *zeroconf.ServiceEntry, 64)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for e := range entries {
			for _, info := range Parse(e.Text) {
				found(info)
			}
		}
	}()
	err = zeroconf.Browse(ctx, Service, domain, entries, zeroconf.SelectIfaces(plain(ifs)))
	<-done
	if err != nil && ctx.Err() == nil {
		return fmt.Errorf("discover: browsing failed: %w", err)
	}
	return nil
}

// Parse reads the peers of an mDNS entry's TXT records, without loopback
// or unspecified addresses.
func Parse(txts []string) []peer.AddrInfo {
	var addrs []ma.Multiaddr
	for _, t := range txts {
		s, ok := strings.CutPrefix(t, dnsaddrPrefix)
		if !ok {
			continue
		}
		a, err := ma.NewMultiaddr(s)
		if err != nil {
			continue
		}
		if ip, err := manet.ToIP(a); err == nil && (ip.IsLoopback() || ip.IsUnspecified()) {
			continue
		}
		addrs = append(addrs, a)
	}
	infos, err := peer.AddrInfosFromP2pAddrs(addrs...)
	if err != nil {
		return nil
	}
	out := infos[:0]
	for _, i := range infos {
		if len(i.Addrs) > 0 {
			out = append(out, i)
		}
	}
	return out
}

// Ask reads a dealer's lobby answer.
func Ask(ctx context.Context, h host.Host, info peer.AddrInfo) (*wire.Lobby, error) {
	if err := h.Connect(ctx, info); err != nil {
		return nil, fmt.Errorf("discover: cannot reach %s: %w", info.ID, err)
	}
	st, err := h.NewStream(ctx, info.ID, wire.LobbyProtocol)
	if err != nil {
		return nil, fmt.Errorf("discover: %s serves no table: %w", info.ID, err)
	}
	defer st.Close()
	if dl, ok := ctx.Deadline(); ok {
		st.SetDeadline(dl)
	} else {
		st.SetDeadline(time.Now().Add(10 * time.Second))
	}
	m, err := wire.NewConn(st).Recv()
	if err != nil {
		return nil, fmt.Errorf("discover: no lobby answer from %s: %w", info.ID, err)
	}
	if m.Type == wire.TRefused {
		return nil, fmt.Errorf("discover: %s: %w", info.ID, &table.RefusedError{Reason: m.Refused.Reason, Detail: m.Refused.Detail})
	}
	if m.Type != wire.TLobby {
		return nil, fmt.Errorf("discover: %s answered the lobby with %s", info.ID, m.Type)
	}
	return m.Lobby, nil
}

// Found is a table found on the network.
type Found struct {
	// Peer is the dealer and its addresses; Lobby its answer.
	Peer  peer.AddrInfo
	Lobby *wire.Lobby
}

// Find browses until it finds a table named name (any table when name is
// empty) and returns it; browsing stops when it returns.
func Find(ctx context.Context, h host.Host, name string) (Found, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	result := make(chan Found, 1)
	// asked holds the peers asked or being asked; one whose lobby did not
	// answer may be asked again when it is found again.
	var mu sync.Mutex
	asked := map[peer.ID]bool{}
	var asking = make(chan peer.AddrInfo, 16)
	go func() {
		for info := range asking {
			actx, acancel := context.WithTimeout(ctx, 5*time.Second)
			l, err := Ask(actx, h, info)
			acancel()
			if err == nil && (name == "" || l.Name == name) {
				select {
				case result <- Found{Peer: info, Lobby: l}:
				default:
				}
				cancel()
				return
			}
			if err != nil {
				mu.Lock()
				delete(asked, info.ID)
				mu.Unlock()
			}
		}
	}()
	browseErr := make(chan error, 1)
	go func() {
		browseErr <- Browse(ctx, func(info peer.AddrInfo) {
			mu.Lock()
			seen := info.ID == h.ID() || asked[info.ID]
			asked[info.ID] = true
			mu.Unlock()
			if seen {
				return
			}
			select {
			case asking <- info:
			case <-ctx.Done():
			}
		})
		close(asking)
	}()
	select {
	case f := <-result:
		return f, nil
	case err := <-browseErr:
		select {
		case f := <-result:
			return f, nil
		default:
		}
		if err != nil {
			return Found{}, err
		}
		if name != "" {
			return Found{}, fmt.Errorf("discover: no table named %q found: %w", name, ctx.Err())
		}
		return Found{}, fmt.Errorf("discover: no table found: %w", ctx.Err())
	}
}

// KeyMark separates a join address from the table's key: "ADDR#KEY"
// (dealer.NewKey). The key stands for the table's PIN; it is in the
// address the host shows and in its QR code, never in mDNS or the lobby.
const KeyMark = "#"

// WithKey returns the join address of a dealer at addr whose table has key
// (addr itself when key is empty).
func WithKey(addr, key string) string {
	if key == "" {
		return addr
	}
	return addr + KeyMark + key
}

// SplitKey returns a join address's dealer address and the table's key
// ("" when it carries none).
func SplitKey(s string) (addr, key string) {
	addr, key, _ = strings.Cut(strings.TrimSpace(s), KeyMark)
	return addr, strings.ToLower(strings.TrimSpace(key))
}

// ParseAddr reads a dealer address typed by a person: a multiaddr ending in
// /p2p/<id>, or host:port, which is tried over TCP and asked for its peer
// id by connecting, either perhaps with a key (SplitKey; left out here).
// The second form needs a host to connect with.
func ParseAddr(ctx context.Context, h host.Host, s string) (peer.AddrInfo, error) {
	s, _ = SplitKey(s)
	if strings.HasPrefix(s, "/") {
		a, err := ma.NewMultiaddr(s)
		if err != nil {
			return peer.AddrInfo{}, fmt.Errorf("discover: %q is not a multiaddr: %w", s, err)
		}
		info, err := peer.AddrInfoFromP2pAddr(a)
		if err != nil {
			return peer.AddrInfo{}, fmt.Errorf("discover: %q must end in /p2p/<peer id>: %w", s, err)
		}
		return *info, nil
	}
	hostPart, port, err := net.SplitHostPort(s)
	if err != nil {
		return peer.AddrInfo{}, fmt.Errorf("discover: %q is neither a multiaddr nor host:port", s)
	}
	ip := net.ParseIP(hostPart)
	if ip == nil {
		return peer.AddrInfo{}, fmt.Errorf("discover: %q: give the dealer's IP address, not a name", s)
	}
	proto := "ip4"
	if ip.To4() == nil {
		proto = "ip6"
	}
	a, err := ma.NewMultiaddr(fmt.Sprintf("/%s/%s/tcp/%s", proto, ip, port))
	if err != nil {
		return peer.AddrInfo{}, err
	}
	return identify(ctx, h, a)
}

// identify learns the peer id behind a bare address: a dial expecting a
// throwaway id fails the handshake with the id the remote key really has,
// which the caller's real connection then authenticates.
func identify(ctx context.Context, h host.Host, a ma.Multiaddr) (peer.AddrInfo, error) {
	k, _, err := crypto.GenerateEd25519Key(rand.Reader)
	if err != nil {
		return peer.AddrInfo{}, err
	}
	probe, err := peer.IDFromPrivateKey(k)
	if err != nil {
		return peer.AddrInfo{}, err
	}
	defer h.Peerstore().RemovePeer(probe)
	err = h.Connect(ctx, peer.AddrInfo{ID: probe, Addrs: []ma.Multiaddr{a}})
	var mismatch sec.ErrPeerIDMismatch
	if errors.As(err, &mismatch) {
		return peer.AddrInfo{ID: mismatch.Actual, Addrs: []ma.Multiaddr{a}}, nil
	}
	if err == nil {
		h.Network().ClosePeer(probe)
		return peer.AddrInfo{}, fmt.Errorf("discover: %s answered as a throwaway peer id", a)
	}
	return peer.AddrInfo{}, fmt.Errorf("discover: no libp2p peer answers at %s: %w", a, err)
}

// Locate browses until it finds the table of peer id and returns its
// current addresses (a client's way back to a dealer whose address
// changed).
func Locate(ctx context.Context, id peer.ID) (peer.AddrInfo, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	found := make(chan peer.AddrInfo, 1)
	err := Browse(ctx, func(info peer.AddrInfo) {
		if info.ID == id {
			select {
			case found <- info:
			default:
			}
			cancel()
		}
	})
	select {
	case info := <-found:
		return info, nil
	default:
	}
	if err == nil {
		err = ctx.Err()
	}
	return peer.AddrInfo{}, fmt.Errorf("discover: table %s not found: %w", id, err)
}
