package node_test

import (
	"errors"
	"io"
	"math/rand"
	"net"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/libp2p/go-libp2p/core/crypto"
	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/network"
	mocknet "github.com/libp2p/go-libp2p/p2p/net/mock"
	ma "github.com/multiformats/go-multiaddr"

	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/p2p/dealer"
	"github.com/fourwinds-mahjong/fourwinds/p2p/discover"
	"github.com/fourwinds-mahjong/fourwinds/p2p/node"
)

// loopback is where the tests' hosts listen: this machine only.
var loopback = []string{"/ip4/127.0.0.1/tcp/0"}

// open starts a host with the identity kept in path, closed when the test
// ends.
func open(t *testing.T, path string) host.Host {
	t.Helper()
	h, err := node.Open(path, loopback)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h
}

// TestOpenKeepsTheIdentity: a device opened again on its key is the same
// peer, and its addresses carry its peer id.
func TestOpenKeepsTheIdentity(t *testing.T) {
	path := filepath.Join(t.TempDir(), "identity.key")
	a := open(t, path)
	id := a.ID()
	a.Close()
	b := open(t, path)
	if b.ID() != id {
		t.Fatalf("opened again the device is %s, was %s", b.ID(), id)
	}
	addrs := node.Addrs(b)
	if len(addrs) == 0 {
		t.Fatal("the device has no address")
	}
	for _, a := range addrs {
		if !strings.HasSuffix(a, "/p2p/"+id.String()) {
			t.Errorf("address %s does not name the device", a)
		}
	}
}

// listening is a host that listens on at (as a device listening on any
// interface, which the in-memory network cannot be).
type listening struct {
	host.Host
	at []ma.Multiaddr
}

func (l listening) Network() network.Network { return listenNet{l.Host.Network(), l.at} }

type listenNet struct {
	network.Network
	at []ma.Multiaddr
}

func (n listenNet) ListenAddresses() []ma.Multiaddr { return n.at }

// TestAddrsComeFromTheInterfaceList: the addresses a dealer shows (the
// waiting room's text and QR code, host's join addresses) are its listen
// addresses over the interfaces discovery lists (discover.Interfaces,
// replaced here as on an Android 11+ phone whose Wi-Fi go-libp2p cannot
// see), without loopback while there is another address.
func TestAddrsComeFromTheInterfaceList(t *testing.T) {
	mn := mocknet.New()
	t.Cleanup(func() { mn.Close() })
	k, _, err := crypto.GenerateEd25519Key(rand.New(rand.NewSource(1)))
	if err != nil {
		t.Fatal(err)
	}
	m, err := mn.AddPeer(k, ma.StringCast("/ip4/192.0.2.2/tcp/4747"))
	if err != nil {
		t.Fatal(err)
	}
	h := listening{Host: m, at: []ma.Multiaddr{ma.StringCast("/ip4/0.0.0.0/tcp/4747")}}
	old := discover.Interfaces
	t.Cleanup(func() { discover.Interfaces = old })
	id := "/p2p/" + h.ID().String()
	for _, tc := range []struct {
		what string
		ifs  []discover.Interface
		err  error
		want []string
	}{
		{"the phone's Wi-Fi", []discover.Interface{
			{Interface: net.Interface{Name: "lo", Flags: net.FlagUp | net.FlagLoopback}, IPs: []net.IP{net.ParseIP("127.0.0.1")}},
			{Interface: net.Interface{Name: "wlan0", Flags: net.FlagUp | net.FlagMulticast}, IPs: []net.IP{net.ParseIP("192.168.43.7")}},
		}, nil, []string{"/ip4/192.168.43.7/tcp/4747" + id}},
		{"no network", []discover.Interface{
			{Interface: net.Interface{Name: "lo", Flags: net.FlagUp | net.FlagLoopback}, IPs: []net.IP{net.ParseIP("127.0.0.1")}},
		}, nil, []string{"/ip4/127.0.0.1/tcp/4747" + id}},
		{"no interface list", nil, errors.New("netlink forbidden"), []string{"/ip4/127.0.0.1/tcp/4747" + id}},
	} {
		discover.Interfaces = func() ([]discover.Interface, error) { return tc.ifs, tc.err }
		if got := node.Addrs(h); !slices.Equal(got, tc.want) {
			t.Errorf("%s: Addrs = %v, want %v", tc.what, got, tc.want)
		}
	}
}

// closer records that it was closed.
type closer struct{ closed bool }

func (c *closer) Close() error { c.closed = true; return nil }

// TestServeAdvertises: a served table is advertised until it is closed;
// a table that cannot be advertised is served all the same and says why.
func TestServeAdvertises(t *testing.T) {
	h := open(t, filepath.Join(t.TempDir(), "identity.key"))
	tbl, err := table.NewLocal(table.LocalConfig{Rules: "hongkong", Seed: "node", Hold: true})
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Close()
	cfg := dealer.Config{Table: tbl, Name: "Kitchen table", Open: [4]bool{false, true, true, true}}

	ad := &closer{}
	s := node.Serve(h, cfg, func(host.Host) (io.Closer, error) { return ad, nil })
	if s.Unadvertised != nil || s.Dealer == nil {
		t.Fatalf("served with %v, dealer %v", s.Unadvertised, s.Dealer)
	}
	s.Close()
	if !ad.closed {
		t.Fatal("the table is still advertised after Close")
	}

	quiet := errors.New("no multicast here")
	s = node.Serve(h, cfg, func(host.Host) (io.Closer, error) { return nil, quiet })
	defer s.Close()
	if !errors.Is(s.Unadvertised, quiet) || s.Dealer == nil {
		t.Fatalf("served with %v, dealer %v; want the advertising error and a dealer", s.Unadvertised, s.Dealer)
	}
}

// TestAnnounceStopsAndStartsAgain: a served table's announcement stops
// and starts again (a phone host in the background), once at a time, and
// never after the table is closed.
func TestAnnounceStopsAndStartsAgain(t *testing.T) {
	h := open(t, filepath.Join(t.TempDir(), "identity.key"))
	tbl, err := table.NewLocal(table.LocalConfig{Rules: "hongkong", Seed: "node", Hold: true})
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Close()
	var ads []*closer
	s := node.Serve(h, dealer.Config{Table: tbl, Name: "Kitchen table", Open: [4]bool{false, true, true, true}},
		func(host.Host) (io.Closer, error) { ads = append(ads, &closer{}); return ads[len(ads)-1], nil })
	for _, on := range []bool{true, false, false, true, true} {
		if err := s.Announce(on); err != nil {
			t.Fatal(err)
		}
	}
	if len(ads) != 2 || !ads[0].closed || ads[1].closed {
		t.Fatalf("%d announcements; want the first stopped and a second running", len(ads))
	}
	s.Close()
	if err := s.Announce(true); err != nil || len(ads) != 2 || !ads[1].closed {
		t.Errorf("after Close: %d announcements, the last closed %v, err %v; want none again", len(ads), ads[1].closed, err)
	}
}
