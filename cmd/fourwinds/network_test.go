package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/internal/netnstest"
)

func handAtLeast(n int, seqOver float64) func(map[string]any) bool {
	return func(o map[string]any) bool {
		h, _ := o["hand"].(float64)
		s, _ := o["seq"].(float64)
		return int(h) >= n && s > seqOver
	}
}

// table is a shared table played by fourwinds processes in four
// namespaces: a dealer and three joiners found by mDNS.
type sharedTable struct {
	ns       *netnstest.Net
	bin      string
	state    string
	hostArgs []string
	joinArgs []string
	dealer   *netnstest.Proc
	joiners  [4]*netnstest.Proc
	all      []*netnstest.Proc
}

// newSharedTable starts the dealer and three joiners, each joiner with
// joinArgs besides its own, and waits until they are seated.
func newSharedTable(t testing.TB, joinArgs ...string) *sharedTable {
	netnstest.NeedRoot(t)
	st := &sharedTable{bin: buildCommand(t), state: t.TempDir(), joinArgs: joinArgs}
	st.ns = netnstest.New(t, 4)
	st.hostArgs = []string{"host", "--rules", "hongkong", "--hands", "2", "--json", "--name", "kitchen",
		"--state", filepath.Join(st.state, "dealer"), "--seats", "ai:novice,remote,remote,remote",
		"--listen", "0.0.0.0:4747", "--stand-in", "20s", "--pace", "150ms", "--record", filepath.Join(st.state, "game.jsonl")}
	st.startDealer(t)
	st.dealer.Await(t, "listening", nil, 20*time.Second)
	for i := 1; i < 4; i++ {
		st.startJoiner(t, i)
	}
	for i := 1; i < 4; i++ {
		st.joiners[i].Await(t, "seated", nil, 30*time.Second)
	}
	return st
}

func (st *sharedTable) startDealer(t testing.TB) {
	st.dealer = st.ns.Start(t, 0, "dealer", nil, append([]string{st.bin}, st.hostArgs...)...)
	st.all = append(st.all, st.dealer)
}

func (st *sharedTable) startJoiner(t testing.TB, i int) {
	args := append([]string{"join", "--ai", "novice", "--json", "--table", "kitchen", "--state", filepath.Join(st.state, fmt.Sprint("joiner", i))}, st.joinArgs...)
	st.joiners[i] = st.ns.Start(t, i, fmt.Sprint("joiner ", i), nil, append([]string{st.bin}, args...)...)
	st.all = append(st.all, st.joiners[i])
}

// killJoinerMidHand kills joiner 2 during hand 1 and starts it again with
// the same identity; it returns the new process.
func (st *sharedTable) killJoinerMidHand(t testing.TB) *netnstest.Proc {
	st.dealer.Await(t, "update", handAtLeast(1, 15), 30*time.Second)
	seatBefore := st.joiners[2].Find("seated", nil)["player"]
	st.joiners[2].Kill()
	st.startJoiner(t, 2)
	if again := st.joiners[2].Await(t, "seated", nil, 30*time.Second)["player"]; again != seatBefore {
		t.Fatalf("joiner 2 came back as player %v, was %v", again, seatBefore)
	}
	return st.joiners[2]
}

// ends waits for every process to print its table_end and exit 0.
func (st *sharedTable) ends(t testing.TB) []map[string]any {
	ends := []map[string]any{st.dealer.Await(t, "table_end", nil, 90*time.Second)}
	st.dealer.Exit(t, 10*time.Second)
	for i := 1; i < 4; i++ {
		ends = append(ends, st.joiners[i].Await(t, "table_end", nil, 20*time.Second))
		st.joiners[i].Exit(t, 10*time.Second)
	}
	return ends
}

// TestSharedTableOnARealNetwork plays a table over real mDNS and libp2p in
// four network namespaces: a joiner killed mid-hand comes back, a dealer
// killed mid-hand resumes from its save on another port and the joiners
// find it again and reconnect (within their take-over wait, 20 s here: a
// dealer that comes back after the wait finds the table dealt on by a
// joiner).
func TestSharedTableOnARealNetwork(t *testing.T) {
	st := newSharedTable(t, "--take-over", "20s")
	st.killJoinerMidHand(t)
	// Mid-hand 2, the dealer dies and resumes; the joiners reconnect.
	st.dealer.Await(t, "update", handAtLeast(2, 0), 60*time.Second)
	last := st.dealer.Find("update", nil)["seq"].(float64)
	st.dealer.Await(t, "update", handAtLeast(2, last+5), 30*time.Second)
	st.dealer.Kill()
	// It comes back on another port: the joiners find it again by mDNS.
	for i, a := range st.hostArgs {
		if a == "0.0.0.0:4747" {
			st.hostArgs[i] = "0.0.0.0:4748"
		}
	}
	st.startDealer(t)
	if l := st.dealer.Await(t, "listening", nil, 20*time.Second); l["resumed"] != true {
		t.Fatalf("the dealer did not resume its table: %v", l)
	}
	ends := st.ends(t)
	for i, e := range ends {
		t.Logf("process %d: %v", i, e)
		if e["hands"] != 2.0 || fmt.Sprint(e["balances"]) != fmt.Sprint(ends[0]["balances"]) || e["state_id"] != ends[0]["state_id"] || fmt.Sprint(e["nets"]) != fmt.Sprint(ends[0]["nets"]) {
			t.Errorf("process %d ended with %v, the dealer with %v", i, e, ends[0])
		}
	}
	if _, err := os.Stat(filepath.Join(st.state, "game.jsonl")); err != nil {
		t.Errorf("no game record: %v", err)
	}
}

// TestSharedTableHandedOverOnARealNetwork kills the dealer for good in
// the middle of hand 1: the joiners hand the table over among themselves
// after the host's take-over wait (its default, `--takeover-wait 5s`; one
// of them deals on from the public facts, advertised by mDNS, the others
// find it and rejoin their seats), hand 1 is voided and dealt again, and
// every joiner ends the match with the same state and exits 0. It logs
// the time from the dealer's death to each joiner's first update from
// the successor, which must be under 10 s.
func TestSharedTableHandedOverOnARealNetwork(t *testing.T) {
	st := newSharedTable(t)
	st.dealer.Await(t, "update", handAtLeast(1, 15), 30*time.Second)
	died := float64(time.Now().UnixNano())
	st.dealer.Kill()
	ends := st.endsDealtOnByOne(t)
	for i := 1; i < 4; i++ {
		for _, u := range st.joiners[i].Lines("update") {
			if at := u["ts"].(float64); at > died {
				took := time.Duration(at - died)
				t.Logf("joiner %d: first update from the successor %s after the dealer died", i, took.Round(time.Millisecond))
				if took > 10*time.Second {
					t.Errorf("joiner %d waited %s for the successor; want under 10s", i, took)
				}
				break
			}
		}
	}
	for i, e := range ends {
		t.Logf("joiner %d: %v", i+1, e)
		if e["state_id"] != ends[0]["state_id"] {
			t.Errorf("joiner %d ended at state %v, joiner 1 at %v", i+1, e["state_id"], ends[0]["state_id"])
		}
	}
}

// TestSharedTableDealerBackTooLateOnARealNetwork kills the dealer in
// hand 1 and starts it again only once a joiner has taken the table over
// (after the take-over wait): the dealer resumes its save at term 0 and
// deals alone until the successor tells it of term 1; it then stops
// dealing ("stepped_down", hand 1 as it dealt it void), watches the
// table at the successor, and ends the match with the joiners' results,
// exiting 0.
func TestSharedTableDealerBackTooLateOnARealNetwork(t *testing.T) {
	st := newSharedTable(t)
	st.dealer.Await(t, "update", handAtLeast(1, 15), 30*time.Second)
	st.dealer.Kill()
	deadline := time.Now().Add(30 * time.Second)
	for took := false; !took; {
		if time.Now().After(deadline) {
			t.Fatal("no joiner took the table over")
		}
		for i := 1; i < 4; i++ {
			took = took || st.joiners[i].Find("take_over", nil) != nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	st.startDealer(t)
	if l := st.dealer.Await(t, "listening", nil, 20*time.Second); l["resumed"] != true {
		t.Fatalf("the dealer did not resume its table: %v", l)
	}
	down := st.dealer.Await(t, "stepped_down", nil, 30*time.Second)
	if down["term"] != 1.0 || down["voided_from"] != 1.0 {
		t.Errorf("the dealer stepped down with %v; want term 1, hands from 1 void", down)
	}
	ends := st.endsDealtOnByOne(t)
	end := st.dealer.Await(t, "table_end", nil, 60*time.Second)
	st.dealer.Exit(t, 15*time.Second)
	if fmt.Sprint(end["balances"]) != fmt.Sprint(ends[0]["balances"]) || fmt.Sprint(end["nets"]) != fmt.Sprint(ends[0]["nets"]) || end["state_id"] != ends[0]["state_id"] {
		t.Errorf("the dealer ended with %v, the joiners with %v", end, ends[0])
	}
}

// TestSharedTableHandedOverAtAHandEndOnARealNetwork: Ctrl-C on the dealer
// in hand 1 hands the table over at the hand's end (the joiners would wait
// ten minutes for a dealer gone quiet): the dealer prints "leaving", then
// "handed_over" once hand 1 is over, and exits 0; exactly one joiner deals
// hand 2, nothing is voided, and the three end alike and exit 0.
func TestSharedTableHandedOverAtAHandEndOnARealNetwork(t *testing.T) {
	st := newSharedTable(t, "--take-over", "10m")
	st.dealer.Await(t, "update", handAtLeast(1, 15), 30*time.Second)
	if err := st.dealer.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	st.dealer.Await(t, "leaving", nil, 10*time.Second)
	if h := st.dealer.Await(t, "handed_over", nil, 60*time.Second)["hands"]; h != 1.0 {
		t.Errorf("the dealer handed the table over after %v hands, want 1", h)
	}
	st.dealer.Exit(t, 15*time.Second)
	st.endsDealtOnByOne(t)
}

// endsDealtOnByOne waits for the three joiners' ends once the dealer has
// gone: exactly one of them took the table over, and all three end after
// two hands with the same balances and nets, and exit 0.
func (st *sharedTable) endsDealtOnByOne(t *testing.T) []map[string]any {
	t.Helper()
	var ends []map[string]any
	took := 0
	for i := 1; i < 4; i++ {
		ends = append(ends, st.joiners[i].Await(t, "table_end", nil, 120*time.Second))
		st.joiners[i].Exit(t, 15*time.Second)
		if st.joiners[i].Find("take_over", nil) != nil {
			took++
		}
	}
	if took != 1 {
		t.Errorf("%d joiners took the table over, want one", took)
	}
	for i, e := range ends {
		if e["hands"] != 2.0 || fmt.Sprint(e["balances"]) != fmt.Sprint(ends[0]["balances"]) || fmt.Sprint(e["nets"]) != fmt.Sprint(ends[0]["nets"]) {
			t.Errorf("joiner %d ended with %v, joiner 1 with %v", i+1, e, ends[0])
		}
	}
	return ends
}

// BenchmarkSharedTable measures a whole two-hand table on the
// four-namespace network (run it with -benchtime=1x): intent to every
// view for the discards of hand 2 (p50, p99), discovery to seated (mDNS
// browse, lobby, hello, welcome), a joiner restarted mid-hand from
// discovery to seated again, and the bytes each joiner receives per hand.
func BenchmarkSharedTable(b *testing.B) {
	for range b.N {
		st := newSharedTable(b)
		again := st.killJoinerMidHand(b)
		ends := st.ends(b)
		var lat []float64
		for _, p := range st.all {
			for _, in := range p.Lines("intent") {
				// Hand 2: every process was up all through it.
				if in["action"] != "discard" || in["hand"] != 2.0 {
					continue
				}
				if l, ok := st.everyView(in); ok {
					lat = append(lat, l)
				}
			}
		}
		slices.Sort(lat)
		if len(lat) == 0 {
			b.Fatal("no discard was measured")
		}
		b.ReportMetric(lat[len(lat)/2], "intent-p50-ms")
		b.ReportMetric(lat[len(lat)*99/100], "intent-p99-ms")
		b.ReportMetric(float64(len(lat)), "discards")
		var seated float64
		for i := 1; i < 4; i++ {
			if i != 2 {
				seated = max(seated, st.joiners[i].Find("seated", nil)["ms"].(float64))
			}
		}
		b.ReportMetric(seated, "discovery-to-seated-ms")
		b.ReportMetric(again.Find("seated", nil)["ms"].(float64), "rejoin-to-seated-ms")
		var bytes float64
		for i := 1; i < 4; i++ {
			if i != 2 {
				bytes = max(bytes, ends[i]["bytes_in"].(float64)/ends[i]["hands"].(float64))
			}
		}
		b.ReportMetric(bytes, "bytes/hand/peer")
	}
}

// everyView is how long, in ms, a discard took from its intent to the last
// of the four processes showing it.
func (st *sharedTable) everyView(in map[string]any) (float64, bool) {
	at := in["ts"].(float64)
	worst := 0.0
	for _, p := range []*netnstest.Proc{st.dealer, st.joiners[1], st.joiners[2], st.joiners[3]} {
		found := false
		for _, u := range p.Lines("update") {
			if u["ts"].(float64) < at || u["hand"] != in["hand"] || !hasDiscard(u, in["seat"]) {
				continue
			}
			worst, found = max(worst, (u["ts"].(float64)-at)/1e6), true
			break
		}
		if !found {
			return 0, false
		}
	}
	return worst, true
}

func hasDiscard(u map[string]any, seat any) bool {
	evs, _ := u["events"].([]any)
	for _, e := range evs {
		m, _ := e.(map[string]any)
		a, _ := m["action"].(map[string]any)
		if m["type"] == "action" && m["seat"] == seat && a["type"] == "discard" {
			return true
		}
	}
	return false
}
