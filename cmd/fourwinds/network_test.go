package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// netns is a private network of network namespaces on one bridge: the only
// place the real-network test sends traffic.
type netns struct {
	t      *testing.T
	prefix string
	names  []string
	addrs  []string
}

func ip(args ...string) error {
	out, err := exec.Command("ip", args...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("ip %s: %v: %s", strings.Join(args, " "), err, out)
	}
	return nil
}

// newNetns makes n namespaces, each with a veth on a bridge in a namespace
// of its own, addresses in 10.47.0.0/24, lo up and a multicast route.
// Everything is deleted when the test ends, also when it fails.
func newNetns(t *testing.T, n int) *netns {
	t.Helper()
	prefix := fmt.Sprintf("fw%d", os.Getpid()%100000)
	ns := &netns{t: t, prefix: prefix}
	br := prefix + "br"
	t.Cleanup(func() {
		for _, name := range append([]string{br}, ns.names...) {
			ip("netns", "del", name)
		}
	})
	must := func(args ...string) {
		if err := ip(args...); err != nil {
			t.Fatal(err)
		}
	}
	must("netns", "add", br)
	must("-n", br, "link", "add", "br0", "type", "bridge")
	must("-n", br, "link", "set", "br0", "up")
	for i := range n {
		name := fmt.Sprintf("%s-%d", prefix, i)
		must("netns", "add", name)
		ns.names = append(ns.names, name)
		v, b := fmt.Sprintf("%sv%d", prefix, i), fmt.Sprintf("%sb%d", prefix, i)
		must("link", "add", v, "type", "veth", "peer", "name", b)
		must("link", "set", v, "netns", name)
		must("link", "set", b, "netns", br)
		must("-n", br, "link", "set", b, "master", "br0")
		must("-n", br, "link", "set", b, "up")
		addr := fmt.Sprintf("10.47.0.%d", i+1)
		ns.addrs = append(ns.addrs, addr)
		must("-n", name, "addr", "add", addr+"/24", "dev", v)
		must("-n", name, "link", "set", v, "up")
		must("-n", name, "link", "set", "lo", "up")
		must("-n", name, "route", "add", "224.0.0.0/4", "dev", v)
	}
	return ns
}

// proc is a fourwinds process in a namespace whose JSON lines are read.
type proc struct {
	name string
	cmd  *exec.Cmd
	mu   sync.Mutex
	objs []map[string]any
	log  strings.Builder
	done chan error
}

func (ns *netns) start(t *testing.T, bin string, i int, name string, args ...string) *proc {
	t.Helper()
	p := &proc{name: name, done: make(chan error, 1)}
	p.cmd = exec.Command("ip", append([]string{"netns", "exec", ns.names[i], bin}, args...)...)
	stdout, err := p.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	p.cmd.Stderr = &p.log
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.cmd.Process.Kill() })
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			var o map[string]any
			if json.Unmarshal(sc.Bytes(), &o) == nil {
				p.mu.Lock()
				p.objs = append(p.objs, o)
				p.mu.Unlock()
			}
		}
		io.Copy(io.Discard, stdout)
		p.done <- p.cmd.Wait()
	}()
	return p
}

// find returns the last line of a type that satisfies ok, if any.
func (p *proc) find(typ string, ok func(map[string]any) bool) map[string]any {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i := len(p.objs) - 1; i >= 0; i-- {
		if p.objs[i]["type"] == typ && (ok == nil || ok(p.objs[i])) {
			return p.objs[i]
		}
	}
	return nil
}

// await waits for a line of a type that satisfies ok.
func (p *proc) await(t *testing.T, typ string, ok func(map[string]any) bool, limit time.Duration) map[string]any {
	t.Helper()
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		if o := p.find(typ, ok); o != nil {
			return o
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%s printed no %s line in %s; stderr:\n%s", p.name, typ, limit, p.log.String())
	return nil
}

func (p *proc) kill() {
	p.cmd.Process.Kill()
	<-p.done
}

// exit waits for the process to end and checks it ends with status 0.
func (p *proc) exit(t *testing.T, limit time.Duration) {
	t.Helper()
	select {
	case err := <-p.done:
		if err != nil {
			t.Fatalf("%s ended with %v; stderr:\n%s", p.name, err, p.log.String())
		}
	case <-time.After(limit):
		t.Fatalf("%s did not end in %s; stderr:\n%s", p.name, limit, p.log.String())
	}
}

func handAtLeast(n int, seqOver float64) func(map[string]any) bool {
	return func(o map[string]any) bool {
		h, _ := o["hand"].(float64)
		s, _ := o["seq"].(float64)
		return int(h) >= n && s > seqOver
	}
}

// TestSharedTableOnARealNetwork plays a table over real mDNS and libp2p in
// four network namespaces: a joiner killed mid-hand comes back, a dealer
// killed mid-hand resumes from its save and the joiners reconnect.
func TestSharedTableOnARealNetwork(t *testing.T) {
	if os.Geteuid() != 0 {
		fmt.Fprintln(os.Stderr, "\n*** SKIPPING the real-network shared-table test: it needs root for network namespaces (CI runs it as root) ***")
		t.Skip("needs root for network namespaces")
	}
	if _, err := exec.LookPath("ip"); err != nil {
		t.Fatal("the ip command (iproute2) is missing; make test installs it")
	}
	bin := filepath.Join(t.TempDir(), "fourwinds")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	ns := newNetns(t, 4)
	state := t.TempDir()
	hostArgs := []string{"host", "--rules", "hongkong", "--hands", "2", "--json", "--name", "kitchen",
		"--state", filepath.Join(state, "dealer"), "--seats", "ai:novice,remote,remote,remote",
		"--listen", "0.0.0.0:4747", "--stand-in", "1s", "--pace", "150ms", "--record", filepath.Join(state, "game.jsonl")}
	dealer := ns.start(t, bin, 0, "dealer", hostArgs...)
	dealer.await(t, "listening", nil, 20*time.Second)
	joinArgs := func(i int) []string {
		return []string{"join", "--ai", "novice", "--json", "--table", "kitchen", "--state", filepath.Join(state, fmt.Sprint("joiner", i))}
	}
	joiners := make([]*proc, 4)
	for i := 1; i < 4; i++ {
		joiners[i] = ns.start(t, bin, i, fmt.Sprint("joiner ", i), joinArgs(i)...)
	}
	for i := 1; i < 4; i++ {
		joiners[i].await(t, "seated", nil, 30*time.Second)
	}
	// Mid-hand 1, joiner 2 dies and comes back with the same identity.
	dealer.await(t, "update", handAtLeast(1, 15), 30*time.Second)
	joiners[2].kill()
	seatBefore := joiners[2].find("seated", nil)["player"]
	joiners[2] = ns.start(t, bin, 2, "joiner 2 again", joinArgs(2)...)
	if again := joiners[2].await(t, "seated", nil, 30*time.Second)["player"]; again != seatBefore {
		t.Fatalf("joiner 2 came back as player %v, was %v", again, seatBefore)
	}
	// Mid-hand 2, the dealer dies and resumes; the joiners reconnect.
	dealer.await(t, "update", handAtLeast(2, 0), 60*time.Second)
	last := dealer.find("update", nil)["seq"].(float64)
	dealer.await(t, "update", handAtLeast(2, last+5), 30*time.Second)
	dealer.kill()
	dealer = ns.start(t, bin, 0, "dealer again", hostArgs...)
	if l := dealer.await(t, "listening", nil, 20*time.Second); l["resumed"] != true {
		t.Fatalf("the dealer did not resume its table: %v", l)
	}
	ends := []map[string]any{dealer.await(t, "table_end", nil, 90*time.Second)}
	dealer.exit(t, 10*time.Second)
	for i := 1; i < 4; i++ {
		ends = append(ends, joiners[i].await(t, "table_end", nil, 20*time.Second))
		joiners[i].exit(t, 10*time.Second)
	}
	for i, e := range ends {
		t.Logf("process %d: %v", i, e)
		if e["hands"] != 2.0 || fmt.Sprint(e["balances"]) != fmt.Sprint(ends[0]["balances"]) || e["state_id"] != ends[0]["state_id"] || fmt.Sprint(e["nets"]) != fmt.Sprint(ends[0]["nets"]) {
			t.Errorf("process %d ended with %v, the dealer with %v", i, e, ends[0])
		}
	}
	if _, err := os.Stat(filepath.Join(state, "game.jsonl")); err != nil {
		t.Errorf("no game record: %v", err)
	}
}
