package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/internal/netnstest"
)

// TestHostSealedRefusesWhatIsNotPlayedSealed: --sealed with --record or
// without a remote seat is a usage error (status 2) naming what is
// allowed (every ruleset is played sealed: TestSealedMatchOnLoopback).
func TestHostSealedRefusesWhatIsNotPlayedSealed(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--rules", "hongkong", "--record", "x.jsonl"}, "a sealed match writes no record yet"},
		{[]string{"--rules", "hongkong", "--seats", "ai,ai,ai,ai"}, "give at least one remote seat"},
	} {
		code, _, errOut := runCmd(append([]string{"host", "--sealed", "--state", t.TempDir()}, c.args...)...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("host --sealed %v: status %d, %q; want status 2 and %q", c.args, code, errOut, c.want)
		}
	}
}

// sealedLines are a sealed match's lines as one process printed them:
// its deals' verdicts and its end.
func sealedLines(t *testing.T, who string, lines []map[string]any) (verdicts []string, end string) {
	t.Helper()
	for _, l := range lines {
		switch l["type"] {
		case "sealed_hand":
			if l["verified"] != true {
				t.Errorf("%s: a deal did not check out: %v", who, l)
			}
			verdicts = append(verdicts, fmt.Sprint(l))
		case "table_end":
			end = fmt.Sprint(l)
		}
	}
	if len(verdicts) == 0 || end == "" {
		t.Fatalf("%s printed no verdict or no end: %v", who, lines)
	}
	return verdicts, end
}

// sealedMatches are the matches the sealed command-line tests play:
// hongkong over two hands, and a hand of every other ruleset, american
// with its default options (blind passes) and the mush, whose hand is the
// longest.
var sealedMatches = []struct {
	rules string
	opts  []string
	hands int
}{{"hongkong", nil, 2}, {"jilin", nil, 1}, {"american", []string{"--opt", "mush=on"}, 1}, {"classical", nil, 1}, {"french", nil, 1}}

// TestSealedMatchOnLoopback: `host --sealed` with two AI seats of its own
// and two joiners playing by --ai plays a match over loopback (hongkong,
// jilin, american); every process prints the same verified verdicts and the same
// end. A spectator (join --watch) is refused, saying why.
func TestSealedMatchOnLoopback(t *testing.T) {
	bin := buildCommand(t)
	for _, m := range sealedMatches {
		t.Run(m.rules, func(t *testing.T) { sealedMatchOnLoopback(t, bin, m.rules, m.opts, m.hands) })
	}
}

func sealedMatchOnLoopback(t *testing.T, bin, rules string, opts []string, hands int) {
	state := t.TempDir()
	args := append([]string{"--sealed", "--rules", rules, "--hands", fmt.Sprint(hands), "--seats", "ai:novice,remote,remote,ai",
		"--state", filepath.Join(state, "host")}, opts...)
	h := startHost(t, bin, args...)
	joins, _ := h.await(t, "listening")["join"].([]any)
	if len(joins) == 0 {
		t.Fatal("the listening line has no join address")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	// A spectator is not served at a sealed table yet: it is told so.
	watch := exec.CommandContext(ctx, bin, "join", "--watch", "--json", "--state", filepath.Join(state, "watcher"), joins[0].(string))
	if out, err := watch.CombinedOutput(); err == nil || !strings.Contains(string(out), "this table is sealed: join it with --ai LEVEL") {
		t.Errorf("join --watch at a sealed table: %v, %s; want it refused", err, out)
	}
	type joined struct {
		out []byte
		err error
	}
	done := make(chan joined, 2)
	for i := range 2 {
		cmd := exec.CommandContext(ctx, bin, "join", "--ai", "novice", "--json", "--state", filepath.Join(state, fmt.Sprint("joiner", i)), joins[0].(string))
		var errb bytes.Buffer
		cmd.Stderr = &errb
		go func() {
			out, err := cmd.Output()
			if err != nil {
				err = fmt.Errorf("%v: %s", err, errb.String())
			}
			done <- joined{out, err}
		}()
	}
	var all [][]map[string]any
	for range 2 {
		j := <-done
		if j.err != nil {
			t.Fatalf("a joiner failed: %v", j.err)
		}
		var lines []map[string]any
		sc := bufio.NewScanner(bytes.NewReader(j.out))
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			var l map[string]any
			if json.Unmarshal(sc.Bytes(), &l) == nil {
				lines = append(lines, l)
			}
		}
		all = append(all, lines)
	}
	if err := h.cmd.Wait(); err != nil {
		t.Fatalf("the host: %v\n%s", err, h.stderr.String())
	}
	h.mu.Lock()
	all = append([][]map[string]any{h.lines}, all...)
	h.mu.Unlock()
	verdicts, end := sealedLines(t, "the host", all[0])
	if !strings.Contains(end, fmt.Sprintf("hands:%d", hands)) || !strings.Contains(end, "verified:true") {
		t.Errorf("the host's end: %s; want %d hands, verified", end, hands)
	}
	for i, lines := range all[1:] {
		v, e := sealedLines(t, fmt.Sprint("joiner ", i), lines)
		if fmt.Sprint(v) != fmt.Sprint(verdicts) || e != end {
			t.Errorf("joiner %d printed %v and %s; the host %v and %s", i, v, e, verdicts, end)
		}
	}
	t.Logf("verdicts %v, end %s", verdicts, end)
}

// TestSealedMatchOnARealNetwork plays a sealed match of every ruleset
// in four network namespaces: `host --sealed` and three joiners that find
// it by mDNS and play their seats by --ai; every process prints the same
// verified verdicts and the same end, and exits 0.
func TestSealedMatchOnARealNetwork(t *testing.T) {
	netnstest.NeedRoot(t)
	bin := buildCommand(t)
	for _, m := range sealedMatches {
		t.Run(m.rules, func(t *testing.T) { sealedMatchOnARealNetwork(t, bin, m.rules, m.opts, m.hands) })
	}
}

func sealedMatchOnARealNetwork(t *testing.T, bin, rules string, opts []string, hands int) {
	state := t.TempDir()
	ns := netnstest.New(t, 4)
	args := append([]string{"host", "--sealed", "--rules", rules, "--hands", fmt.Sprint(hands), "--json", "--name", "sealed kitchen",
		"--state", filepath.Join(state, "dealer"), "--seats", "ai:novice,remote,remote,remote", "--listen", "0.0.0.0:4747"}, opts...)
	dealer := ns.Start(t, 0, "dealer", nil, append([]string{bin}, args...)...)
	dealer.Await(t, "listening", nil, 20*time.Second)
	procs := []*netnstest.Proc{dealer}
	for i := 1; i < 4; i++ {
		procs = append(procs, ns.Start(t, i, fmt.Sprint("joiner ", i), nil, bin, "join", "--ai", "novice", "--json", "--table", "sealed kitchen",
			"--state", filepath.Join(state, fmt.Sprint("joiner", i))))
	}
	var verdicts []string
	var end string
	for i, p := range procs {
		p.Await(t, "table_end", nil, 3*time.Minute)
		p.Exit(t, 10*time.Second)
		v, e := sealedLines(t, fmt.Sprint("process ", i), append(p.Lines("sealed_hand"), p.Lines("table_end")...))
		if i == 0 {
			verdicts, end = v, e
			if !strings.Contains(end, fmt.Sprintf("hands:%d", hands)) || !strings.Contains(end, "verified:true") {
				t.Errorf("the dealer's end: %s; want %d hands, verified", end, hands)
			}
		} else if fmt.Sprint(v) != fmt.Sprint(verdicts) || e != end {
			t.Errorf("process %d printed %v and %s; the dealer %v and %s", i, v, e, verdicts, end)
		}
	}
	t.Logf("verdicts %v, end %s", verdicts, end)
}
