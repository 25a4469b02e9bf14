package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/libp2p/go-libp2p"
	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/network"
	"github.com/libp2p/go-libp2p/core/peer"

	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/internal/hostile"
	"github.com/fourwinds-mahjong/fourwinds/internal/netnstest"
	"github.com/fourwinds-mahjong/fourwinds/p2p/dealer"
	"github.com/fourwinds-mahjong/fourwinds/p2p/discover"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
)

// hostileEnv, when set to a table's join address with its key, makes the
// test binary the hostile peer of TestHostilePeersOnARealNetwork
// (TestMain, hostileMain); hostileModeEnv says what it does: "guess" the
// PIN, or "attack" from a seat taken by the key.
const (
	hostileEnv     = "FOURWINDS_HOSTILE"
	hostileModeEnv = "FOURWINDS_HOSTILE_MODE"
)

// TestHostilePeersOnARealNetwork: a dealer (`fourwinds host --pin`) runs
// in one namespace. From two others (2 and 3), hostile peers (this binary,
// hostileMain) guess the PIN for five seconds each, a new identity at
// every guess: each address is held off after five wrong PINs, the table
// after ten, and the host prints that someone is guessing the PIN. Then an
// honest joiner (namespace 1) sits down by the address with the table's
// key, and a hostile peer too (namespace 3), which acts for another's seat and replays its own
// answer, floods its stream with snapshot requests, sends fuzzed first
// frames, and opens 200 spectator streams and 200 lobby requests at once.
// Every attack is refused with its reason (each refusal reaching the peer
// before its stream closes), and the hand ends alike on the dealer and the
// honest joiner. The figures are logged.
func TestHostilePeersOnARealNetwork(t *testing.T) {
	netnstest.NeedRoot(t)
	bin := buildCommand(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ns := netnstest.New(t, 4)
	state := t.TempDir()
	d := ns.Start(t, 0, "dealer", nil, bin, "host", "--rules", "hongkong", "--hands", "1", "--json", "--name", "kitchen", "--pin", "4321",
		"--state", filepath.Join(state, "dealer"), "--seats", "ai:novice,remote,remote,ai:novice", "--listen", "0.0.0.0:4747",
		"--wait", "60s", "--stand-in", "1s", "--pace", "50ms")
	listening := d.Await(t, "listening", nil, 20*time.Second)
	var join string
	for _, a := range listening["join"].([]any) {
		if s := a.(string); join == "" && !isLoopback(s) {
			join = s
		}
	}
	if _, key := discover.SplitKey(join); key == "" {
		t.Fatalf("the listening line's join addresses carry no key: %v", listening)
	}
	num := func(f map[string]any, k string) int { v, _ := f[k].(float64); return int(v) }
	for i, n := range []int{2, 3} {
		g := ns.Start(t, n, fmt.Sprint("guesser ", i+1), []string{hostileEnv + "=" + join, hostileModeEnv + "=guess"}, self)
		f := g.Await(t, "hostile_done", nil, 60*time.Second)
		g.Exit(t, 10*time.Second)
		pretty, _ := json.MarshalIndent(f, "", "  ")
		t.Logf("guesser %d's figures:\n%s", i+1, pretty)
		if looked := num(f, "guesses_looked_at"); looked > dealer.FreeTries+3 || looked < dealer.FreeTries || num(f, "guesses_held_off") == 0 {
			t.Errorf("guesser %d: %d PINs looked at, %d held off", i+1, looked, num(f, "guesses_held_off"))
		}
	}
	if g := d.Await(t, "guessing", nil, 10*time.Second); g["wrong"].(float64) < dealer.TableTries {
		t.Errorf("the host was told %v", g)
	}
	honest := ns.Start(t, 1, "honest joiner", nil, bin, "join", "--ai", "novice", "--json", "--state", filepath.Join(state, "honest"), join)
	honest.Await(t, "seated", nil, 30*time.Second)
	hostile := ns.Start(t, 3, "hostile peer", []string{hostileEnv + "=" + join, hostileModeEnv + "=attack"}, self)
	f := hostile.Await(t, "hostile_done", nil, 120*time.Second)
	pretty, _ := json.MarshalIndent(f, "", "  ")
	t.Logf("the hostile peer's figures:\n%s", pretty)

	want := map[string]any{"foreign_seat": string(table.ReasonNotYours), "acts_for_another": string(table.ReasonNotYours),
		"fuzz_refused": 50.0, "fuzz_delivered": 50.0}
	for k, v := range want {
		if f[k] != v {
			t.Errorf("%s: %v, want %v", k, f[k], v)
		}
	}
	if r := f["replay"]; r != string(table.ReasonStale) && r != string(table.ReasonNoDecide) {
		t.Errorf("an answer replayed: %v, want stale or no-decision", r)
	}
	if num(f, "snapshots_answered") > dealer.AskBurst+dealer.AskRate*10 || num(f, "snapshots_refused") == 0 {
		t.Errorf("snapshot flood: %d answered, %d refused too-many", num(f, "snapshots_answered"), num(f, "snapshots_refused"))
	}
	if num(f, "spectators_welcomed") > dealer.MaxSpectatorsPerPeer || num(f, "spectators_refused") == 0 {
		t.Errorf("spectator flood: %d welcomed, %d refused", num(f, "spectators_welcomed"), num(f, "spectators_refused"))
	}
	if num(f, "lobby_refused") == 0 {
		t.Errorf("lobby flood: none of %d refused", num(f, "lobby_answered"))
	}
	hostile.Exit(t, 10*time.Second)
	end := d.Await(t, "table_end", nil, 90*time.Second)
	mine := honest.Await(t, "table_end", nil, 30*time.Second)
	if end["state_id"] != mine["state_id"] || fmt.Sprint(end["balances"]) != fmt.Sprint(mine["balances"]) {
		t.Errorf("the honest joiner ended with %v, the dealer with %v", mine, end)
	}
	d.Exit(t, 15*time.Second)
	honest.Exit(t, 15*time.Second)
}

func isLoopback(addr string) bool {
	return len(addr) > 9 && addr[:9] == "/ip4/127."
}

// hostileMain is the hostile peer (see TestHostilePeersOnARealNetwork): it
// prints one hostile_done line of figures and returns the exit status.
func hostileMain() int {
	f, err := hostilePeer(os.Getenv(hostileEnv), os.Getenv(hostileModeEnv))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	f["type"] = "hostile_done"
	json.NewEncoder(os.Stdout).Encode(f)
	return 0
}

// attacker is a peer of the hostile process: its own identity.
type attacker struct {
	h      host.Host
	dealer peer.AddrInfo
}

func newAttacker(ctx context.Context, d peer.AddrInfo) (*attacker, error) {
	h, err := libp2p.New(libp2p.ListenAddrStrings("/ip4/0.0.0.0/tcp/0"))
	if err != nil {
		return nil, err
	}
	if err := h.Connect(ctx, d); err != nil {
		h.Close()
		return nil, err
	}
	return &attacker{h: h, dealer: d}, nil
}

// stream opens a table stream and says hello (when h is not nil); end
// resets it.
func (a *attacker) stream(ctx context.Context, h *wire.Hello) (c *wire.Conn, st network.Stream, end func(), err error) {
	st, err = a.h.NewStream(ctx, a.dealer.ID, wire.TableProtocol)
	if err != nil {
		return nil, nil, nil, err
	}
	st.SetDeadline(time.Now().Add(20 * time.Second))
	c = wire.NewConn(st)
	if h != nil {
		h.Version = wire.Version
		if err := c.Send(&wire.Msg{Type: wire.THello, Hello: h}); err != nil {
			st.Reset()
			return nil, nil, nil, err
		}
	}
	return c, st, func() { st.Reset() }, nil
}

// reply reads until a message that is not an update, roster, commitment
// or hand-over.
func reply(c *wire.Conn) (*wire.Msg, error) {
	for {
		m, err := c.Recv()
		if err != nil {
			return nil, err
		}
		switch m.Type {
		case wire.TUpdate, wire.TRoster, wire.TCommitAsk, wire.TCommitments, wire.TReveal, wire.THandOver, wire.TPong:
			continue
		}
		return m, nil
	}
}

// reason is a reply's refusal reason, or its type.
func reason(m *wire.Msg, err error) string {
	switch {
	case err != nil:
		return "error: " + err.Error()
	case m.Type == wire.TRefused:
		return string(m.Refused.Reason)
	}
	return string(m.Type)
}

func hostilePeer(join, mode string) (map[string]any, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Second)
	defer cancel()
	addr, key := discover.SplitKey(join)
	d, err := peer.AddrInfoFromString(addr)
	if err != nil {
		return nil, err
	}
	// The dealer's libp2p may still hold the connections of a guesser
	// that was at this address: its limit on connections from one address
	// refuses more until they have closed.
	var a *attacker
	for a == nil {
		if a, err = newAttacker(ctx, *d); err != nil && ctx.Err() != nil {
			return nil, fmt.Errorf("the first dial: %w", err)
		}
		if a == nil {
			time.Sleep(200 * time.Millisecond)
		}
	}
	defer a.h.Close()
	if mode == "guess" {
		return guess(ctx, *d)
	}
	f := map[string]any{}

	// Foreign seats and replays, on a seat taken by the key.
	c, _, end, err := a.stream(ctx, &wire.Hello{Player: 1, Key: key})
	if err != nil {
		return nil, err
	}
	f["foreign_seat"] = reason(reply(c))
	end()
	c, _, end, err = a.stream(ctx, &wire.Hello{Player: wire.AnySeat, Key: key})
	if err != nil {
		return nil, err
	}
	m, err := c.Recv()
	if err != nil || m.Type != wire.TWelcome {
		return nil, fmt.Errorf("the key did not seat the hostile peer: %v %v", reason(m, err), err)
	}
	me := m.Welcome.Player
	c.Send(&wire.Msg{Type: wire.TIntent, ID: 1, Intent: &table.Intent{Player: 1, Kind: table.IntentAction}})
	f["acts_for_another"] = reason(reply(c))
	// It pings as every client must (wire.Welcome.Heartbeat) while it
	// waits for its seat's decision: a silent stream is dropped.
	beat := time.NewTicker(m.Welcome.Heartbeat)
	waited := make(chan struct{})
	stopBeat := sync.OnceFunc(func() { close(waited) })
	defer stopBeat()
	go func() {
		defer beat.Stop()
		for {
			select {
			case <-waited:
				return
			case <-beat.C:
				c.Send(&wire.Msg{Type: wire.TPing})
			}
		}
	}()
	var asked *table.Intent
	for asked == nil {
		m, err := c.Recv()
		if err != nil {
			return nil, fmt.Errorf("no decision came for the hostile peer's seat: %w", err)
		}
		if m.Type == wire.TUpdate && m.Update.Snapshot.View != nil && len(m.Update.Snapshot.View.Legal) > 0 {
			v := m.Update.Snapshot.View
			asked = &table.Intent{Player: me, Kind: table.IntentAction, Decision: v.StateID, Action: v.Legal[len(v.Legal)-1]}
		}
		if m.Type == wire.TPing {
			c.Send(&wire.Msg{Type: wire.TPong})
		}
	}
	stopBeat()
	c.Send(&wire.Msg{Type: wire.TIntent, ID: 2, Intent: asked})
	f["answer"] = reason(reply(c))
	c.Send(&wire.Msg{Type: wire.TIntent, ID: 3, Intent: asked})
	f["replay"] = reason(reply(c))

	// A snapshot flood on the same stream.
	const snaps = 3000
	answered, refused := hostile.FloodSnapshots(c, snaps, 10)
	end()
	f["snapshots_sent"], f["snapshots_answered"], f["snapshots_refused"] = snaps, answered, refused

	// Fuzzed first frames: each is refused, and the refusal arrives
	// before the stream closes.
	rng := rand.New(rand.NewPCG(21, 4))
	fuzzRefused, fuzzDelivered := 0, 0
	for range 50 {
		c, st, end, err := a.stream(ctx, nil)
		if err != nil {
			return nil, err
		}
		junk := make([]byte, 1+rng.IntN(200))
		for i := range junk {
			junk[i] = byte(rng.UintN(256))
		}
		junk[0] = '{'
		if _, err := st.Write(wire.AppendFrame(nil, junk)); err != nil {
			return nil, err
		}
		m, err := c.Recv()
		if err == nil {
			fuzzDelivered++
			if m.Type == wire.TRefused && m.Refused.Reason == table.ReasonBadIntent {
				fuzzRefused++
			}
		}
		end()
	}
	f["fuzz_refused"], f["fuzz_delivered"] = fuzzRefused, fuzzDelivered

	// 200 spectator streams at once.
	var mu sync.Mutex
	welcomed, specRefused, specErrors := 0, 0, 0
	var wg sync.WaitGroup
	var ends []func()
	for range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, _, end, err := a.stream(ctx, &wire.Hello{Player: table.Spectator, Key: key})
			var m *wire.Msg
			if err == nil {
				m, err = c.Recv()
			}
			mu.Lock()
			defer mu.Unlock()
			if end != nil {
				ends = append(ends, end)
			}
			switch {
			case err != nil:
				specErrors++
			case m.Type == wire.TWelcome:
				welcomed++
			case m.Type == wire.TRefused && m.Refused.Reason == table.ReasonTooMany:
				specRefused++
			}
		}()
	}
	wg.Wait()
	for _, e := range ends {
		e()
	}
	f["spectators_welcomed"], f["spectators_refused"], f["spectators_failed"] = welcomed, specRefused, specErrors

	// 200 lobby requests.
	lobbyOK, lobbyRefused := 0, 0
	for range 200 {
		_, err := discover.Ask(ctx, a.h, a.dealer)
		var re *table.RefusedError
		switch {
		case err == nil:
			lobbyOK++
		case errors.As(err, &re) && re.Reason == table.ReasonTooMany:
			lobbyRefused++
		}
	}
	f["lobby_answered"], f["lobby_refused"] = lobbyOK, lobbyRefused
	return f, nil
}

// guess guesses the PIN for five seconds, a new identity at each guess,
// and returns the figures.
func guess(ctx context.Context, d peer.AddrInfo) (map[string]any, error) {
	f := map[string]any{}
	start := time.Now()
	looked, held, tries, undialled := 0, 0, 0, 0
	var lastWait time.Duration
	for time.Since(start) < 5*time.Second {
		tries++
		g, err := newAttacker(ctx, d)
		if err != nil {
			// libp2p's own limit on connections from one address.
			undialled++
			continue
		}
		c, _, end, err := g.stream(ctx, &wire.Hello{Player: wire.AnySeat, PIN: fmt.Sprintf("%04d", tries)})
		if err == nil {
			m, err := c.Recv()
			switch {
			case err != nil:
			case m.Type == wire.TRefused && m.Refused.Reason == table.ReasonBadPIN:
				looked++
			case m.Type == wire.TRefused && m.Refused.Reason == table.ReasonPINWait:
				held++
				lastWait = m.Refused.Wait
			}
			end()
		}
		g.h.Close()
	}
	took := time.Since(start)
	f["guesses"], f["guesses_looked_at"], f["guesses_held_off"], f["guesses_not_connected"] = tries, looked, held, undialled
	f["guesses_per_s"] = float64(tries) / took.Seconds()
	f["looked_at_per_s"] = float64(looked) / took.Seconds()
	f["last_wait_s"] = lastWait.Seconds()
	// The back-offs only grow: the rate of PINs looked at only falls, and
	// at the rate seen here all 10,000 would take at least this long.
	if looked > 0 {
		f["exhaust_at_least_h"] = float64(10000-looked) / (float64(looked) / took.Seconds()) / 3600
	}
	return f, nil
}
