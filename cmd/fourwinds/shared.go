package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/p2p/node"
	"github.com/libp2p/go-libp2p/core/host"
)

// The shared-table commands (host, join) keep the device's identity key,
// the dealer's table save and its seated devices in a state directory, so
// that a restarted process is the same peer and resumes its table.
const (
	keyFile     = "identity.key"
	saveFile    = "table.save"
	holdersFile = "holders.json"
)

// defaultStateDir is $XDG_STATE_HOME/fourwinds or ~/.local/state/fourwinds.
func defaultStateDir() string {
	if d := os.Getenv("XDG_STATE_HOME"); d != "" {
		return filepath.Join(d, "fourwinds")
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".local", "state", "fourwinds")
	}
	return ".fourwinds"
}

// listenAddrs turns --listen (a multiaddr, or host:port for TCP and QUIC
// on that port) into listen multiaddrs; "" gives the defaults.
func listenAddrs(s string) ([]string, error) {
	switch {
	case s == "":
		return nil, nil
	case strings.HasPrefix(s, "/"):
		return []string{s}, nil
	}
	h, port, err := net.SplitHostPort(s)
	if err != nil {
		return nil, usagef("--listen %q: give a multiaddr or host:port", s)
	}
	if h == "" {
		h = "0.0.0.0"
	}
	ip := net.ParseIP(h)
	if ip == nil {
		return nil, usagef("--listen %q: the host must be an IP address", s)
	}
	v := "ip4"
	if ip.To4() == nil {
		v = "ip6"
	}
	return []string{fmt.Sprintf("/%s/%s/tcp/%s", v, ip, port), fmt.Sprintf("/%s/%s/udp/%s/quic-v1", v, ip, port)}, nil
}

// newDevice starts this device's libp2p host with the identity kept in
// the state directory.
func newDevice(stateDir string, listen []string) (host.Host, error) {
	return node.Open(filepath.Join(stateDir, keyFile), listen)
}

// lines prints one JSON object per line, from several goroutines.
type lines struct {
	mu  sync.Mutex
	out io.Writer
	on  bool
}

// emit prints v as one line when --json is on.
func (l *lines) emit(v any) {
	if !l.on {
		return
	}
	b, err := json.Marshal(v)
	if err != nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.out.Write(append(b, '\n'))
}

// say prints a sentence for people when --json is off.
func (l *lines) say(format string, args ...any) {
	if l.on {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(l.out, format+"\n", args...)
}

// unadvertised says, when a table this device deals could not be
// advertised on the local network, that it is reached by its address.
func (l *lines) unadvertised(a *node.Announcement) {
	if a.Unadvertised == nil {
		return
	}
	l.emit(map[string]any{"type": "warning", "text": "not advertised on the local network: " + a.Unadvertised.Error()})
	l.say("Not advertised on the local network (%v); players can join by address.", a.Unadvertised)
}

// updateLine is what --json prints for each update received.
type updateLine struct {
	Type string `json:"type"`
	// TS is when the update arrived, in Unix nanoseconds.
	TS      int64        `json:"ts"`
	Seq     uint64       `json:"seq"`
	Hand    int          `json:"hand"`
	Phase   string       `json:"phase,omitempty"`
	StateID uint64       `json:"state_id"`
	Events  []game.Event `json:"events,omitempty"`
}

func newUpdateLine(u table.Update) updateLine {
	l := updateLine{Type: "update", TS: time.Now().UnixNano(), Seq: u.Seq, Hand: u.Snapshot.Info.Hand, Events: u.Events}
	if v := u.Snapshot.View; v != nil {
		l.Phase, l.StateID = v.Phase.String(), v.StateID
	}
	return l
}

// endLine is the last line of every shared-table command: the final state,
// which every device of the table prints alike.
type endLine struct {
	Type     string   `json:"type"`
	Hands    int      `json:"hands"`
	Balances [4]int   `json:"balances"`
	StateID  uint64   `json:"state_id"`
	Nets     [][4]int `json:"nets"`
	Verified *bool    `json:"verified,omitempty"`
	// BytesIn is what a joiner received from the dealer, frames included.
	BytesIn int64 `json:"bytes_in,omitempty"`
}

func newEndLine(s table.Snapshot) endLine {
	e := endLine{Type: "table_end", Hands: len(s.Info.History), Balances: s.Info.Balances, Verified: s.Info.Verified, Nets: [][4]int{}}
	for _, h := range s.Info.History {
		e.Nets = append(e.Nets, h.Net)
	}
	if s.View != nil {
		e.StateID = s.View.StateID
	}
	return e
}

// interrupted returns a context ended by SIGINT or SIGTERM.
func interrupted() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}
