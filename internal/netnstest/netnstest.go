// Package netnstest helps the real-network tests: a private network of
// Linux network namespaces on one bridge (the only place those tests send
// traffic, with the multicast route mDNS needs), and processes started in
// them whose JSON lines on stdout the test awaits, every wait bounded.
// Making namespaces needs root; NeedRoot skips, loudly, elsewhere (CI runs
// as root, so the tests run there).
package netnstest

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

// NeedRoot skips t, loudly, where network namespaces cannot be made, and
// fails it when the ip command is missing (make test installs it).
func NeedRoot(t testing.TB) {
	t.Helper()
	if os.Geteuid() != 0 {
		fmt.Fprintf(os.Stderr, "\n*** SKIPPING %s: it needs root for network namespaces (CI runs it as root) ***\n", t.Name())
		t.Skip("needs root for network namespaces")
	}
	if _, err := exec.LookPath("ip"); err != nil {
		t.Fatal("the ip command (iproute2) is missing; make test installs it")
	}
}

// Net is a private network of namespaces on one bridge.
type Net struct {
	// Names are the namespaces, one per device.
	Names []string
}

func ip(args ...string) error {
	out, err := exec.Command("ip", args...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("ip %s: %v: %s", strings.Join(args, " "), err, out)
	}
	return nil
}

// New makes n namespaces, each with a veth on a bridge in a namespace of
// its own, namespace i at Addr(i) in 10.47.0.0/24, lo up and a route for
// multicast. The names carry the process id, so tests of several packages
// may run at once. Everything is deleted when the test ends, also when it
// fails.
func New(t testing.TB, n int) *Net {
	t.Helper()
	prefix := fmt.Sprintf("fw%d", os.Getpid()%100000)
	ns := &Net{}
	br := prefix + "br"
	t.Cleanup(func() {
		for _, name := range append([]string{br}, ns.Names...) {
			ip("netns", "del", name)
		}
	})
	must := func(args ...string) {
		if err := ip(args...); err != nil {
			t.Fatal(err)
		}
	}
	// A namespace already bearing one of these names was left by a killed
	// process that had this process's id: it is stale.
	for i := range n {
		ip("netns", "del", fmt.Sprintf("%s-%d", prefix, i))
	}
	ip("netns", "del", br)
	must("netns", "add", br)
	must("-n", br, "link", "add", "br0", "type", "bridge")
	must("-n", br, "link", "set", "br0", "up")
	for i := range n {
		name := fmt.Sprintf("%s-%d", prefix, i)
		must("netns", "add", name)
		ns.Names = append(ns.Names, name)
		v, b := fmt.Sprintf("%sv%d", prefix, i), fmt.Sprintf("%sb%d", prefix, i)
		must("link", "add", v, "type", "veth", "peer", "name", b)
		must("link", "set", v, "netns", name)
		must("link", "set", b, "netns", br)
		must("-n", br, "link", "set", b, "master", "br0")
		must("-n", br, "link", "set", b, "up")
		must("-n", name, "addr", "add", Addr(i)+"/24", "dev", v)
		must("-n", name, "link", "set", v, "up")
		must("-n", name, "link", "set", "lo", "up")
		must("-n", name, "route", "add", "224.0.0.0/4", "dev", v)
	}
	return ns
}

// Addr is the IPv4 address of namespace i.
func Addr(i int) string { return fmt.Sprintf("10.47.0.%d", i+1) }

// Proc is a process in a namespace whose JSON lines are read; its other
// output is kept for the failure messages.
type Proc struct {
	name string
	cmd  *exec.Cmd
	mu   sync.Mutex
	objs []map[string]any
	log  strings.Builder
	done chan error
}

// logWriter appends to a Proc's log.
type logWriter struct{ p *Proc }

func (w logWriter) Write(b []byte) (int, error) {
	w.p.mu.Lock()
	defer w.p.mu.Unlock()
	return w.p.log.Write(b)
}

// Start runs argv in namespace i, with env added to the test's
// environment; name is the process in messages. The process is killed
// when the test ends.
func (ns *Net) Start(t testing.TB, i int, name string, env []string, argv ...string) *Proc {
	t.Helper()
	p := &Proc{name: name, done: make(chan error, 1)}
	p.cmd = exec.Command("ip", append([]string{"netns", "exec", ns.Names[i]}, argv...)...)
	if len(env) > 0 {
		p.cmd.Env = append(os.Environ(), env...)
	}
	stdout, err := p.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	p.cmd.Stderr = logWriter{p}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		p.cmd.Process.Kill()
		select {
		case <-p.done:
		case <-time.After(10 * time.Second):
		}
	})
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			var o map[string]any
			if json.Unmarshal(sc.Bytes(), &o) == nil {
				p.mu.Lock()
				p.objs = append(p.objs, o)
				p.mu.Unlock()
			} else {
				fmt.Fprintf(logWriter{p}, "%s\n", sc.Bytes())
			}
		}
		io.Copy(io.Discard, stdout)
		p.done <- p.cmd.Wait()
	}()
	return p
}

// Log is what the process wrote besides its JSON lines.
func (p *Proc) Log() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.log.String()
}

// Find returns the last line of a type that satisfies ok (nil: any), if
// any.
func (p *Proc) Find(typ string, ok func(map[string]any) bool) map[string]any {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i := len(p.objs) - 1; i >= 0; i-- {
		if p.objs[i]["type"] == typ && (ok == nil || ok(p.objs[i])) {
			return p.objs[i]
		}
	}
	return nil
}

// Lines returns every line of a type.
func (p *Proc) Lines(typ string) []map[string]any {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []map[string]any
	for _, o := range p.objs {
		if o["type"] == typ {
			out = append(out, o)
		}
	}
	return out
}

// Await waits up to limit for a line of a type that satisfies ok (nil:
// any), and fails the test with the process's output when none comes or
// the process ends first.
func (p *Proc) Await(t testing.TB, typ string, ok func(map[string]any) bool, limit time.Duration) map[string]any {
	t.Helper()
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		if o := p.Find(typ, ok); o != nil {
			return o
		}
		select {
		case err := <-p.done:
			p.done <- err
			if o := p.Find(typ, ok); o != nil {
				return o
			}
			t.Fatalf("%s ended (%v) before printing a %s line; its output:\n%s", p.name, err, typ, p.Log())
		case <-time.After(50 * time.Millisecond):
		}
	}
	t.Fatalf("%s printed no %s line in %s; its output:\n%s", p.name, typ, limit, p.Log())
	return nil
}

// Signal sends sig to the process (ip netns exec runs it in its own
// place, so this is the process itself).
func (p *Proc) Signal(sig os.Signal) error { return p.cmd.Process.Signal(sig) }

// Kill kills the process and waits until it has ended.
func (p *Proc) Kill() {
	p.cmd.Process.Kill()
	err := <-p.done
	p.done <- err
}

// Exit waits up to limit for the process to end and checks it ends with
// status 0.
func (p *Proc) Exit(t testing.TB, limit time.Duration) {
	t.Helper()
	select {
	case err := <-p.done:
		p.done <- err
		if err != nil {
			t.Fatalf("%s ended with %v; its output:\n%s", p.name, err, p.Log())
		}
	case <-time.After(limit):
		t.Fatalf("%s did not end in %s; its output:\n%s", p.name, limit, p.Log())
	}
}
