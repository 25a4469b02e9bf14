package discover

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/p2p/dealer"
	fwhost "github.com/fourwinds-mahjong/fourwinds/p2p/host"
	"github.com/libp2p/go-libp2p/core/host"
	ma "github.com/multiformats/go-multiaddr"
)

const id = "12D3KooWQ3vB3f7mL9YwYtyH8yqVxeMVGN6ZrC3QfWgEciUhx5D6"

func TestParseDropsLoopbackAndJunk(t *testing.T) {
	got := Parse([]string{
		"dnsaddr=/ip4/127.0.0.1/tcp/4001/p2p/" + id,
		"dnsaddr=/ip4/10.7.0.2/tcp/4001/p2p/" + id,
		"dnsaddr=/ip4/10.7.0.2/udp/4001/quic-v1/p2p/" + id,
		"dnsaddr=/ip6/::1/tcp/4001/p2p/" + id,
		"dnsaddr=not a multiaddr",
		"other=/ip4/10.7.0.3/tcp/1/p2p/" + id,
	})
	if len(got) != 1 || got[0].ID.String() != id || len(got[0].Addrs) != 2 {
		t.Fatalf("parsed %v, want one peer with its two non-loopback addresses", got)
	}
	if only := Parse([]string{"dnsaddr=/ip4/127.0.0.1/tcp/4001/p2p/" + id}); len(only) != 0 {
		t.Errorf("a peer with loopback addresses only was kept: %v", only)
	}
}

func TestAddrsExpandsUnspecifiedWithoutLoopback(t *testing.T) {
	ifs := []Interface{
		{Interface: net.Interface{Name: "lo"}, IPs: []net.IP{net.ParseIP("127.0.0.1"), net.ParseIP("::1")}},
		{Interface: net.Interface{Name: "wlan0"}, IPs: []net.IP{net.ParseIP("192.168.1.20"), net.ParseIP("fe80::1")}},
	}
	listen := []ma.Multiaddr{ma.StringCast("/ip4/0.0.0.0/tcp/4001"), ma.StringCast("/ip4/0.0.0.0/udp/4002/quic-v1"), ma.StringCast("/ip4/127.0.0.1/tcp/9")}
	got := fmt.Sprint(Addrs(listen, ifs))
	want := "[/ip4/192.168.1.20/tcp/4001 /ip4/192.168.1.20/udp/4002/quic-v1]"
	if got != want {
		t.Errorf("Addrs = %s, want %s", got, want)
	}
}

// TestJoinAddrsShowLoopbackOnlyWithoutAnother: the addresses shown to
// joiners come from the interfaces that are up, never loopback while
// there is another; with no other, loopback (the listen address's own,
// or the unspecified one's) so that two devices on one machine meet.
func TestJoinAddrsShowLoopbackOnlyWithoutAnother(t *testing.T) {
	lo := Interface{Interface: net.Interface{Name: "lo", Flags: net.FlagUp | net.FlagLoopback}, IPs: []net.IP{net.ParseIP("127.0.0.1"), net.ParseIP("::1")}}
	wlan := Interface{Interface: net.Interface{Name: "wlan0", Flags: net.FlagUp | net.FlagMulticast}, IPs: []net.IP{net.ParseIP("192.168.1.20"), net.ParseIP("fe80::1")}}
	down := Interface{Interface: net.Interface{Name: "eth0", Flags: net.FlagMulticast}, IPs: []net.IP{net.ParseIP("10.0.0.5")}}
	any := []ma.Multiaddr{ma.StringCast("/ip4/0.0.0.0/tcp/4747"), ma.StringCast("/ip4/0.0.0.0/udp/4747/quic-v1"), ma.StringCast("/ip6/::/tcp/4748")}
	for _, tc := range []struct {
		what   string
		listen []ma.Multiaddr
		ifs    []Interface
		want   string
	}{
		{"Wi-Fi up", any, []Interface{lo, down, wlan}, "[/ip4/192.168.1.20/tcp/4747 /ip4/192.168.1.20/udp/4747/quic-v1]"},
		{"no network", any, []Interface{lo, down}, "[/ip4/127.0.0.1/tcp/4747 /ip4/127.0.0.1/udp/4747/quic-v1 /ip6/::1/tcp/4748]"},
		{"no interface listed", any, nil, "[/ip4/127.0.0.1/tcp/4747 /ip4/127.0.0.1/udp/4747/quic-v1 /ip6/::1/tcp/4748]"},
		{"loopback only, Wi-Fi up", []ma.Multiaddr{ma.StringCast("/ip4/127.0.0.1/tcp/9")}, []Interface{lo, wlan}, "[/ip4/127.0.0.1/tcp/9]"},
		{"an address of its own", []ma.Multiaddr{ma.StringCast("/ip4/127.0.0.1/tcp/9"), ma.StringCast("/ip4/10.0.0.5/tcp/9")}, []Interface{lo}, "[/ip4/10.0.0.5/tcp/9]"},
	} {
		if got := fmt.Sprint(JoinAddrs(tc.listen, tc.ifs)); got != tc.want {
			t.Errorf("%s: JoinAddrs = %s, want %s", tc.what, got, tc.want)
		}
	}
}

func TestInterfacesIsReplaceable(t *testing.T) {
	old := Interfaces
	defer func() { Interfaces = old }()
	Interfaces = func() ([]Interface, error) {
		return []Interface{{Interface: net.Interface{Name: "lo", Flags: net.FlagUp | net.FlagLoopback | net.FlagMulticast}}}, nil
	}
	if _, err := multicast(); err == nil {
		t.Error("a device with only loopback was given an mDNS interface")
	}
}

// TestIOSAllowsTheService: iOS lets an app browse and advertise only the
// Bonjour services its Info.plist lists (NSBonjourServices), which make
// ios merges from ios/Info.additions.plist: it must list Service. (The
// libp2p mDNS service, _p2p._udp, is neither browsed nor advertised.)
func TestIOSAllowsTheService(t *testing.T) {
	plist, err := os.ReadFile(filepath.Join("..", "..", "ios", "Info.additions.plist"))
	if err != nil {
		t.Fatal(err)
	}
	_, services, ok := strings.Cut(string(plist), "<key>NSBonjourServices</key>")
	services, _, _ = strings.Cut(services, "</array>")
	if !ok || !strings.Contains(services, "<string>"+Service+"</string>") {
		t.Errorf("ios/Info.additions.plist's NSBonjourServices do not list %s", Service)
	}
}

// loopbackDealer is a real host serving a table on 127.0.0.1.
func loopbackDealer(t *testing.T) (host.Host, *dealer.Dealer) {
	t.Helper()
	h := loopbackHost(t)
	tbl, err := table.NewLocal(table.LocalConfig{Rules: "french", Hold: true, Seats: [4]table.SeatConfig{{Kind: table.SeatAI}, {Kind: table.SeatRemote}, {Kind: table.SeatAI}, {Kind: table.SeatRemote}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tbl.Close() })
	d := dealer.Serve(h, dealer.Config{Table: tbl, Name: "kitchen", PIN: "7", Open: [4]bool{false, true, false, true}})
	t.Cleanup(func() { d.Close() })
	return h, d
}

func loopbackHost(t *testing.T) host.Host {
	t.Helper()
	k, err := fwhost.LoadKey(filepath.Join(t.TempDir(), "key"))
	if err != nil {
		t.Fatal(err)
	}
	h, err := fwhost.New(k, []string{"/ip4/127.0.0.1/tcp/0"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h
}

func TestManualJoinByHostPortAndLobby(t *testing.T) {
	d, _ := loopbackDealer(t)
	j := loopbackHost(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	port, err := d.Addrs()[0].ValueForProtocol(ma.P_TCP)
	if err != nil {
		t.Fatal(err)
	}
	info, err := ParseAddr(ctx, j, "127.0.0.1:"+port)
	if err != nil {
		t.Fatal(err)
	}
	if info.ID != d.ID() {
		t.Fatalf("host:port gave peer %s, want %s", info.ID, d.ID())
	}
	l, err := Ask(ctx, j, info)
	if err != nil {
		t.Fatal(err)
	}
	if l.Name != "kitchen" || l.Rules != "french" || !l.PIN || fmt.Sprint(l.Free) != "[1 3]" {
		t.Errorf("lobby %+v, want kitchen, french, PIN, free [1 3]", l)
	}
	full := d.Addrs()[0].String() + "/p2p/" + d.ID().String()
	if info, err := ParseAddr(ctx, j, full); err != nil || info.ID != d.ID() {
		t.Errorf("multiaddr %s gave %v, %v", full, info, err)
	}
	for _, bad := range []string{"/ip4/1.2.3.4/tcp/1", "kitchen", "localhost:1", "/nonsense"} {
		if _, err := ParseAddr(ctx, j, bad); err == nil {
			t.Errorf("address %q was accepted", bad)
		}
	}
}

// TestJoinAddressKey: a join address carries the table's key after "#"
// (typed in any case, with spaces around), and ParseAddr reads the address
// without it.
func TestJoinAddressKey(t *testing.T) {
	full := WithKey("/ip4/192.168.1.20/tcp/40123/p2p/"+id, "kitchentablekey2")
	if WithKey("192.168.1.20:40123", "") != "192.168.1.20:40123" {
		t.Error("an address without a key changed")
	}
	for _, in := range []string{full, " /ip4/192.168.1.20/tcp/40123/p2p/" + id + "# KITCHENTABLEKEY2 "} {
		addr, key := SplitKey(in)
		if addr != "/ip4/192.168.1.20/tcp/40123/p2p/"+id || key != "kitchentablekey2" {
			t.Errorf("SplitKey(%q) = %q, %q", in, addr, key)
		}
		info, err := ParseAddr(context.Background(), nil, in)
		if err != nil || info.ID.String() != id || len(info.Addrs) != 1 {
			t.Errorf("ParseAddr(%q) = %v, %v", in, info, err)
		}
	}
	if _, key := SplitKey("192.168.1.20:40123"); key != "" {
		t.Errorf("a key in an address without one: %q", key)
	}
}
