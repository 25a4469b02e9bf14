package main

import (
	"bufio"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/libp2p/go-libp2p"
	"github.com/libp2p/go-libp2p/core/peer"
	"github.com/miekg/dns"
	ma "github.com/multiformats/go-multiaddr"

	"github.com/fourwinds-mahjong/fourwinds/internal/netnstest"
)

// rawPeerEnv, when set, makes the test binary the standard peer (TestMain,
// standardPeerMain):
// the process TestAStandardPeerReadsTheLobby starts in a namespace of its own.
const rawPeerEnv = "FOURWINDS_RAW_PEER"

// TestAStandardPeerReadsTheLobby shows that the table speaks the libp2p
// mDNS spec and a plain stream protocol: a dealer (`fourwinds host`) runs in
// one namespace; in another, a peer that uses neither Four Winds' code nor
// go-libp2p's mdns package asks for the service with a DNS-SD query built
// by hand (github.com/miekg/dns), reads the dnsaddr= TXT records of the
// answer, dials one of them with a default go-libp2p host and reads the
// lobby answer's bytes itself (an unsigned varint length, then JSON).
func TestAStandardPeerReadsTheLobby(t *testing.T) {
	netnstest.NeedRoot(t)
	bin := buildCommand(t)
	ns := netnstest.New(t, 2)
	dealer := ns.Start(t, 0, "dealer", nil, bin, "host", "--rules", "french", "--name", "kitchen", "--pin", "7", "--json",
		"--seats", "ai,remote,ai,remote", "--state", t.TempDir(), "--listen", "0.0.0.0:4747")
	dealer.Await(t, "listening", nil, 20*time.Second)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	peerProc := exec.Command("ip", "netns", "exec", ns.Names[1], self)
	peerProc.Env = append(os.Environ(), rawPeerEnv+"=1")
	out, err := peerProc.CombinedOutput()
	if err != nil {
		t.Fatalf("the standard peer failed: %v\n%s", err, out)
	}
	var lobby map[string]any
	for _, line := range strings.Split(string(out), "\n") {
		if l, ok := strings.CutPrefix(line, "LOBBY "); ok {
			if err := json.Unmarshal([]byte(l), &lobby); err != nil {
				t.Fatalf("lobby line %q: %v", l, err)
			}
		}
	}
	if lobby == nil {
		t.Fatalf("the standard peer printed no lobby:\n%s", out)
	}
	if lobby["name"] != "kitchen" || lobby["rules"] != "french" || lobby["pin"] != true || fmt.Sprint(lobby["free"]) != "[1 3]" {
		t.Errorf("lobby %v, want kitchen, french, a PIN and seats 1 and 3 free", lobby)
	}
}

// standardPeerMain is the standard peer of TestAStandardPeerReadsTheLobby,
// run by TestMain when that test starts this binary in a namespace: it
// prints the lobby and returns the exit status.
func standardPeerMain() int {
	lobby, err := standardPeer()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Printf("LOBBY %s\n", lobby)
	return 0
}

// standardPeer finds the table by a DNS-SD query of its own and returns
// the JSON of its lobby answer, read off a plain libp2p stream.
func standardPeer() ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	addrs, err := browseRaw(ctx)
	if err != nil {
		return nil, err
	}
	h, err := libp2p.New(libp2p.ListenAddrStrings("/ip4/0.0.0.0/tcp/0"))
	if err != nil {
		return nil, err
	}
	defer h.Close()
	infos, err := peer.AddrInfosFromP2pAddrs(addrs...)
	if err != nil || len(infos) != 1 {
		return nil, fmt.Errorf("the dnsaddr records name %d peers (%v), want one", len(infos), err)
	}
	info := infos[0]
	if err := h.Connect(ctx, info); err != nil {
		return nil, err
	}
	s, err := h.NewStream(ctx, info.ID, "/fourwinds/lobby/1.0.0")
	if err != nil {
		return nil, err
	}
	defer s.Close()
	r := bufio.NewReader(s)
	n, err := binary.ReadUvarint(r)
	if err != nil || n > 1<<20 {
		return nil, fmt.Errorf("frame length %d: %v", n, err)
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(r, body); err != nil {
		return nil, err
	}
	var msg struct {
		Type  string          `json:"type"`
		Lobby json.RawMessage `json:"lobby"`
	}
	if err := json.Unmarshal(body, &msg); err != nil || msg.Type != "lobby" {
		return nil, fmt.Errorf("lobby frame %s: %v", body, err)
	}
	return msg.Lobby, nil
}

// browseRaw asks the local network for _fourwinds._udp.local by hand, as
// the libp2p mDNS spec lays out, and returns the dnsaddr multiaddrs of the
// first instance that answers, loopback left out.
func browseRaw(ctx context.Context) ([]ma.Multiaddr, error) {
	group := &net.UDPAddr{IP: net.IPv4(224, 0, 0, 251), Port: 5353}
	conn, err := net.ListenMulticastUDP("udp4", nil, group)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	q := new(dns.Msg)
	q.SetQuestion("_fourwinds._udp.local.", dns.TypePTR)
	q.RecursionDesired = false
	packed, err := q.Pack()
	if err != nil {
		return nil, err
	}
	buf := make([]byte, 9000)
	for ctx.Err() == nil {
		if _, err := conn.WriteToUDP(packed, group); err != nil {
			return nil, err
		}
		conn.SetReadDeadline(time.Now().Add(time.Second))
		for {
			n, _, err := conn.ReadFromUDP(buf)
			if err != nil {
				break
			}
			var m dns.Msg
			if m.Unpack(buf[:n]) != nil || !m.Response {
				continue
			}
			if addrs := dnsaddrs(&m); len(addrs) > 0 {
				return addrs, nil
			}
		}
	}
	return nil, errors.New("no answer to the DNS-SD query")
}

// dnsaddrs returns the dnsaddr= TXT values of the instance an answer's
// PTR record for the service names, loopback left out.
func dnsaddrs(m *dns.Msg) []ma.Multiaddr {
	rrs := append(append(m.Answer, m.Ns...), m.Extra...)
	instance := ""
	for _, rr := range rrs {
		if p, ok := rr.(*dns.PTR); ok && p.Hdr.Name == "_fourwinds._udp.local." {
			instance = p.Ptr
		}
	}
	var out []ma.Multiaddr
	for _, rr := range rrs {
		txt, ok := rr.(*dns.TXT)
		if !ok || instance == "" || !strings.EqualFold(txt.Hdr.Name, instance) {
			continue
		}
		for _, s := range txt.Txt {
			v, ok := strings.CutPrefix(s, "dnsaddr=")
			if !ok {
				continue
			}
			a, err := ma.NewMultiaddr(v)
			if err != nil || strings.HasPrefix(v, "/ip4/127.") || strings.HasPrefix(v, "/ip6/::1/") {
				continue
			}
			out = append(out, a)
		}
	}
	return out
}
