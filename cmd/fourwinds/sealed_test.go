package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/internal/netnstest"
)

// TestHostSealedRefusesWhatIsNotPlayedSealed: --sealed without a remote
// seat, or with american's mush, is a usage error (status 2) naming what
// is allowed.
func TestHostSealedRefusesWhatIsNotPlayedSealed(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--rules", "hongkong", "--seats", "ai,ai,ai,ai"}, "give at least one remote seat"},
		{[]string{"--rules", "american", "--opt", "mush=on"}, "american with option mush off"},
	} {
		code, _, errOut := runCmd(append([]string{"host", "--sealed", "--state", t.TempDir()}, c.args...)...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("host --sealed %v: status %d, %q; want status 2 and %q", c.args, code, errOut, c.want)
		}
	}
}

// TestSealedEndNamesWhoVoided: a void deal's sealed_hand line names the
// players whose device voided it and how (void_by, void_why), and so does
// the sentence for people; a verified deal's line has neither.
func TestSealedEndNamesWhoVoided(t *testing.T) {
	rec := table.SealedRecord{Hands: []table.SealedHand{
		{Deal: 1, Number: 1, Reason: "the hand was void: holder 1 withheld its shares of 3 tiles", VoidWhy: table.VoidWithheld, VoidBy: []int{1, 3}},
		{Deal: 2, Number: 1, Verified: true},
	}}
	var js, text bytes.Buffer
	sealedEnd(rec, &lines{out: &js, on: true})
	sealedEnd(rec, &lines{out: &text})
	got := jsonLines(js.Bytes())
	if len(got) != 3 || fmt.Sprintf("%v %v", got[0]["void_why"], got[0]["void_by"]) != "withheld [1 3]" || got[1]["void_by"] != nil || got[1]["void_why"] != nil {
		t.Errorf("the JSON lines are %v; want the void deal's void_why withheld and void_by [1 3], none on the verified one", got)
	}
	if want := "Deal 1 (hand 1) did NOT check out (withheld by the device of players [1 3])"; !strings.Contains(text.String(), want) {
		t.Errorf("the sentences are %q; want %q", text.String(), want)
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

// sealedHostEnd waits for the host to exit and returns its sealed
// match's verdicts and end (sealedLines).
func sealedHostEnd(t *testing.T, h *loopHost) (verdicts []string, end string) {
	t.Helper()
	if err := h.cmd.Wait(); err != nil {
		t.Fatalf("the host: %v\n%s", err, h.stderr.String())
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	return sealedLines(t, "the host", h.lines)
}

// jsonLines decodes the JSON lines a process printed.
func jsonLines(out []byte) []map[string]any {
	var lines []map[string]any
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var l map[string]any
		if json.Unmarshal(sc.Bytes(), &l) == nil {
			lines = append(lines, l)
		}
	}
	return lines
}

// sealedMatches are the matches the sealed command-line tests play:
// hongkong over two hands, and a hand of every other ruleset with its
// default options (american's blind pass included; its mush is not dealt
// sealed).
var sealedMatches = []struct {
	rules string
	opts  []string
	hands int
}{{"hongkong", nil, 2}, {"jilin", nil, 1}, {"american", nil, 1}, {"classical", nil, 1}, {"french", nil, 1}}

// TestSealedMatchOnLoopback: `host --sealed` with two AI seats of its own,
// a joiner playing by --ai and a person playing in the terminal (join
// without --ai) play a match over loopback (every ruleset); every process
// prints the same verified verdicts and the same end. In the match of two
// hands a spectator (join --watch) follows too, served from the deal after
// it came.
func TestSealedMatchOnLoopback(t *testing.T) {
	bin := buildCommand(t)
	for _, m := range sealedMatches {
		t.Run(m.rules, func(t *testing.T) { sealedMatchOnLoopback(t, bin, m.rules, m.opts, m.hands) })
	}
}

// joined is how a command run by runCommand ended: its output and error.
type joined struct {
	out []byte
	err error
}

// runCommand runs bin with args until it ends or ctx does; the channel
// delivers its output, and its error with what it wrote to stderr.
func runCommand(ctx context.Context, bin string, args ...string) chan joined {
	done := make(chan joined, 1)
	cmd := exec.CommandContext(ctx, bin, args...)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	go func() {
		out, err := cmd.Output()
		if err != nil {
			tail := out[max(0, len(out)-4000):]
			err = fmt.Errorf("%v: %s\nits last output:\n%s", err, errb.String(), tail)
		}
		done <- joined{out, err}
	}()
	return done
}

func sealedMatchOnLoopback(t *testing.T, bin, rules string, opts []string, hands int) {
	state := t.TempDir()
	recordFile := filepath.Join(state, "sealed.jsonl")
	args := append([]string{"--sealed", "--rules", rules, "--hands", fmt.Sprint(hands), "--seats", "ai:novice,remote,remote,ai",
		"--state", filepath.Join(state, "host"), "--record", recordFile}, opts...)
	h := startHost(t, bin, args...)
	joins, _ := h.await(t, "listening")["join"].([]any)
	if len(joins) == 0 {
		t.Fatal("the listening line has no join address")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	run := func(args ...string) chan joined { return runCommand(ctx, bin, args...) }
	computer := run("join", "--ai", "novice", "--json", "--state", filepath.Join(state, "joiner"), joins[0].(string))
	joiners := []chan joined{computer}
	if hands > 1 {
		joiners = append(joiners, run("join", "--watch", "--json", "--state", filepath.Join(state, "watcher"), joins[0].(string)))
	}
	r, w := io.Pipe()
	person := &promptAnswerer{in: w}
	personDone := make(chan error, 1)
	go func() {
		personDone <- runJoin([]string{"--state", filepath.Join(state, "person"), joins[0].(string)}, r, person)
	}()

	var all [][]map[string]any
	for _, done := range joiners {
		j := <-done
		if j.err != nil {
			t.Fatalf("a joiner failed: %v", j.err)
		}
		all = append(all, jsonLines(j.out))
	}
	if err := <-personDone; err != nil {
		t.Fatalf("the person's join: %v\n%s", err, person.String())
	}
	verdicts, end := sealedHostEnd(t, h)
	if !strings.Contains(end, fmt.Sprintf("hands:%d", hands)) || !strings.Contains(end, "verified:true") {
		t.Errorf("the host's end: %s; want %d hands, verified", end, hands)
	}
	v, e := sealedLines(t, "the computer's joiner", all[0])
	if fmt.Sprint(v) != fmt.Sprint(verdicts) || e != end {
		t.Errorf("the computer's joiner printed %v and %s; the host %v and %s", v, e, verdicts, end)
	}
	if hands > 1 {
		v, e = sealedLines(t, "the spectator", all[1])
		if !strings.HasSuffix(fmt.Sprint(verdicts), strings.TrimPrefix(fmt.Sprint(v), "[")) || e != end {
			t.Errorf("the spectator printed %v and %s; the host %v and %s", v, e, verdicts, end)
		}
	}
	out := person.String()
	wants := []string{"The table is sealed", "Your choices:", "Your rack:", "Deal 1 (hand 1) verified.", "The table is over."}
	if hands > 1 {
		wants = append(wants, "Press Enter for the next hand")
	}
	for _, want := range wants {
		if !strings.Contains(out, want) {
			t.Errorf("the person's terminal never showed %q:\n%s", want, out)
		}
	}
	replaysAsEnded(t, h, recordFile, hands)
	t.Logf("verdicts %v, end %s", verdicts, end)
}

// replaysAsEnded checks that the record a sealed host wrote (--record)
// replays with `fourwinds replay`, its hands dealt from their walls, to
// the balances of the host's end line.
func replaysAsEnded(t *testing.T, h *loopHost, recordFile string, hands int) {
	t.Helper()
	var balances []any
	h.mu.Lock()
	for _, l := range h.lines {
		if l["type"] == "table_end" {
			balances, _ = l["balances"].([]any)
		}
	}
	h.mu.Unlock()
	want := "Balances:"
	for p, b := range balances {
		want += fmt.Sprintf("  player %d: %v", p, b)
	}
	code, out, errOut := runCmd("replay", recordFile)
	if code != 0 || !strings.Contains(out, fmt.Sprintf("%d hands dealt from the walls written in the record", hands)) ||
		!strings.Contains(out, "events exactly. "+want+"\n") || len(balances) != 4 {
		t.Errorf("replay of the sealed record: status %d, %s\n%s\nwant %d hands from their walls and %q", code, errOut, out, hands, want)
	}
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

// TestSealedJoinerRestarts: `join --ai` at a sealed table is killed once
// it saved a deal's key, and started again with the same --state: it
// rejoins the match from the saved key, and the match ends with every
// deal verified, none voided, the rejoined joiner printing the host's
// verdicts from its rejoin on and the host's end; its key file is gone.
func TestSealedJoinerRestarts(t *testing.T) {
	bin := buildCommand(t)
	state := t.TempDir()
	hands := 3
	h := startHost(t, bin, "--sealed", "--rules", "hongkong", "--hands", fmt.Sprint(hands), "--seats", "ai:novice,remote,ai:novice,ai:novice",
		"--state", filepath.Join(state, "host"))
	joins, _ := h.await(t, "listening")["join"].([]any)
	if len(joins) == 0 {
		t.Fatal("the listening line has no join address")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	joinerState := filepath.Join(state, "joiner")
	join := func() (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
		cmd := exec.CommandContext(ctx, bin, "join", "--ai", "novice", "--json", "--state", joinerState, joins[0].(string))
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		return cmd, &out, &errb
	}
	first, _, _ := join()
	var keys []string
	for len(keys) == 0 {
		if ctx.Err() != nil {
			t.Fatal("the joiner saved no key")
		}
		keys, _ = filepath.Glob(filepath.Join(joinerState, "sealed-*.key"))
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(200 * time.Millisecond) // into the deal
	if err := first.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = first.Wait()
	if _, err := os.Stat(keys[0]); err != nil {
		t.Fatalf("the killed joiner's key file: %v", err)
	}
	again, out, errb := join()
	if err := again.Wait(); err != nil {
		t.Fatalf("the joiner started again: %v\n%s", err, errb.String())
	}
	verdicts, end := sealedHostEnd(t, h)
	if len(verdicts) != hands || !strings.Contains(end, "verified:true") {
		t.Errorf("the host printed %v and %s; want %d verified deals", verdicts, end, hands)
	}
	lines := jsonLines(out.Bytes())
	rejoined := false
	var from any
	for _, l := range lines {
		if l["type"] == "sealed_rejoin" {
			rejoined, from = true, l["deal"]
		}
	}
	v, e := sealedLines(t, "the rejoined joiner", lines)
	if !rejoined || !strings.HasSuffix(fmt.Sprint(verdicts), strings.TrimPrefix(fmt.Sprint(v), "[")) || e != end {
		t.Errorf("the rejoined joiner (rejoined %v) printed %v and %s; the host %v and %s", rejoined, v, e, verdicts, end)
	}
	if _, err := os.Stat(keys[0]); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the key file after the match: %v; want it deleted", err)
	}
	t.Logf("rejoined with deal %v's key; the joiner's verdicts %v", from, v)
}

// TestReplayRefusesABadWall: `replay` of a record whose hand's wall is
// not the ruleset's set of tiles, or holds what is not a tile, exits 1
// saying so.
func TestReplayRefusesABadWall(t *testing.T) {
	header := `{"format":"fourwinds-record/2","ruleset":"hongkong","options":{},"seed":"` + strings.Repeat("0", 64) + `","walls":[{"hand":1,"ring":%s,"throws":[7,9]}]}` + "\n"
	for ring, want := range map[string]string{
		`["1m","2m"]`: "hand 1's ring of 2 tiles holds 1 of 1m; a hongkong set of 144 tiles holds 4",
		`["1m","5x"]`: "5x",
		`["1m","??"]`: "hand 1's ring holds ?? at 1, which is not a tile",
	} {
		path := filepath.Join(t.TempDir(), "bad.jsonl")
		if err := os.WriteFile(path, fmt.Appendf(nil, header, ring), 0o644); err != nil {
			t.Fatal(err)
		}
		if code, _, errOut := runCmd("replay", path); code != 1 || !strings.Contains(errOut, want) {
			t.Errorf("replay of a ring %s: exit %d, %q; want 1 and %q", ring, code, errOut, want)
		}
	}
}

// TestSealedJoinerRestartsOnARealNetwork: TestSealedJoinerRestarts across
// network namespaces, the joiners finding the table by mDNS: `join --ai`
// is killed once it saved a deal's key and started again in its
// namespace with the same --state; it finds the table again, rejoins from
// the saved key, and every process ends with the host's verdicts, every
// deal verified, none voided.
func TestSealedJoinerRestartsOnARealNetwork(t *testing.T) {
	netnstest.NeedRoot(t)
	bin := buildCommand(t)
	state := t.TempDir()
	const hands = 2
	ns := netnstest.New(t, 3)
	dealer := ns.Start(t, 0, "dealer", nil, bin, "host", "--sealed", "--rules", "hongkong", "--hands", fmt.Sprint(hands), "--json", "--name", "sealed attic",
		"--state", filepath.Join(state, "dealer"), "--seats", "ai:novice,remote,remote,ai:novice", "--listen", "0.0.0.0:4747")
	dealer.Await(t, "listening", nil, 20*time.Second)
	joinerState := filepath.Join(state, "joiner1")
	join := func(i int, dir, name string) *netnstest.Proc {
		return ns.Start(t, i, name, nil, bin, "join", "--ai", "novice", "--json", "--table", "sealed attic", "--state", dir)
	}
	first := join(1, joinerState, "joiner 1")
	other := join(2, filepath.Join(state, "joiner2"), "joiner 2")
	deadline := time.Now().Add(3 * time.Minute)
	var keys []string
	for len(keys) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("joiner 1 saved no key")
		}
		keys, _ = filepath.Glob(filepath.Join(joinerState, "sealed-*.key"))
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(200 * time.Millisecond) // into the deal
	first.Kill()
	again := join(1, joinerState, "joiner 1 again")
	rejoin := again.Await(t, "sealed_rejoin", nil, time.Minute)
	var verdicts []string
	var end string
	for i, p := range []*netnstest.Proc{dealer, other, again} {
		p.Await(t, "table_end", nil, 3*time.Minute)
		p.Exit(t, 10*time.Second)
		v, e := sealedLines(t, fmt.Sprint("process ", i), append(p.Lines("sealed_hand"), p.Lines("table_end")...))
		switch {
		case i == 0:
			verdicts, end = v, e
			if len(v) != hands || !strings.Contains(end, fmt.Sprintf("hands:%d", hands)) || !strings.Contains(end, "verified:true") {
				t.Errorf("the dealer printed %v and %s; want %d verified deals", v, end, hands)
			}
		case e != end || len(v) == 0 || !strings.HasSuffix(fmt.Sprint(verdicts), strings.TrimPrefix(fmt.Sprint(v), "[")) || (p == other && len(v) != hands):
			t.Errorf("process %d printed %v and %s; the dealer %v and %s", i, v, e, verdicts, end)
		}
	}
	t.Logf("rejoined with deal %v's key; verdicts %v, end %s", rejoin["deal"], verdicts, end)
}

// TestSealedHostHandsOver: `host --sealed` with two computer seats of its
// own, two `join --ai` and a `join --watch` on loopback. Announced: at
// the host's first Ctrl-C the hand in play is played to its end, the host
// prints "leaving", then "handed_over" after hand 1, and exits 0. Gone:
// the host is killed during the match, and after the take-over wait the
// joiners vote one of them in. Either way one joiner deals on ("take_over")
// from its ledger with fresh keys, every joiner and the spectator say the
// table was handed over ("sealed_handed_over") and end the match with the
// same verified deals (the spectator from the deal it reached the
// successor's session at) and the same end.
func TestSealedHostHandsOver(t *testing.T) {
	bin := buildCommand(t)
	for _, c := range []struct {
		name      string
		announced bool
	}{{"announced", true}, {"dealer gone", false}} {
		t.Run(c.name, func(t *testing.T) { sealedHostHandsOver(t, bin, c.announced) })
	}
}

func sealedHostHandsOver(t *testing.T, bin string, announced bool) {
	state := t.TempDir()
	hands := 3
	h := startHost(t, bin, "--sealed", "--rules", "hongkong", "--hands", fmt.Sprint(hands), "--seats", "ai:novice,remote,remote,ai:novice",
		"--takeover-wait", "1s", "--state", filepath.Join(state, "host"))
	joins, _ := h.await(t, "listening")["join"].([]any)
	if len(joins) == 0 {
		t.Fatal("the listening line has no join address")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	run := func(args ...string) chan joined { return runCommand(ctx, bin, args...) }
	watcher := run("join", "--watch", "--json", "--state", filepath.Join(state, "watcher"), joins[0].(string))
	time.Sleep(500 * time.Millisecond) // the spectator comes before the first deal
	var joiners []chan joined
	for i := range 2 {
		joiners = append(joiners, run("join", "--ai", "novice", "--json", "--state", filepath.Join(state, fmt.Sprint("joiner", i)), joins[0].(string)))
	}
	// Into the first deal: a joiner saved its key.
	for {
		if keys, _ := filepath.Glob(filepath.Join(state, "joiner0", "sealed-*.key")); len(keys) > 0 {
			break
		}
		if ctx.Err() != nil {
			t.Fatal("no joiner saved a key")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if announced {
		if err := h.cmd.Process.Signal(os.Interrupt); err != nil {
			t.Fatal(err)
		}
		h.await(t, "leaving")
		if n := h.await(t, "handed_over")["hands"]; n != 1.0 {
			t.Errorf("the host handed the table over after %v hands; want 1", n)
		}
		if err := h.cmd.Wait(); err != nil {
			t.Fatalf("the host: %v\n%s", err, h.stderr.String())
		}
	} else {
		time.Sleep(time.Second) // into the hand
		h.kill()
	}

	var all [][]map[string]any
	for _, done := range append(joiners, watcher) {
		j := <-done
		if j.err != nil {
			t.Fatalf("a joiner failed: %v", j.err)
		}
		all = append(all, jsonLines(j.out))
	}
	var verdicts []string
	var end string
	takers := 0
	for i, lines := range all {
		moved := 0
		for _, l := range lines {
			switch l["type"] {
			case "take_over":
				takers++
			case "sealed_handed_over":
				moved++
			}
		}
		if moved != 1 {
			t.Errorf("process %d said the table was handed over %d times; want once", i, moved)
		}
		v, e := sealedLines(t, fmt.Sprint("process ", i), lines)
		if i == 0 {
			verdicts, end = v, e
			if !strings.Contains(end, fmt.Sprintf("hands:%d", hands)) || !strings.Contains(end, "verified:true") {
				t.Errorf("the end: %s; want %d hands, verified", end, hands)
			}
		} else if i < len(joiners) && fmt.Sprint(v) != fmt.Sprint(verdicts) || e != end {
			t.Errorf("process %d printed %v and %s; process 0 %v and %s", i, v, e, verdicts, end)
		} else if i == len(joiners) {
			// The spectator, when it reaches the successor after its first
			// deal, is served from the next (a late spectator).
			for _, d := range v {
				if !slices.Contains(verdicts, d) {
					t.Errorf("the spectator printed %v; the joiners %v", v, verdicts)
				}
			}
		}
	}
	if takers != 1 {
		t.Errorf("%d joiners dealt on; want exactly one", takers)
	}
	t.Logf("verdicts %v, end %s", verdicts, end)
}

// TestSealedHandedOverOnARealNetwork: a sealed hongkong match in four
// network namespaces, `host --sealed` and three `join --ai` that find it
// by mDNS. Announced: the host's first Ctrl-C in the first deal hands the
// table over at that hand's end ("handed_over" after hand 1, exit 0).
// Gone: the host is killed in the first deal. Either way exactly one
// joiner deals on, every joiner says the table was handed over, and all
// three end the match with the same verified deals and the same end.
func TestSealedHandedOverOnARealNetwork(t *testing.T) {
	netnstest.NeedRoot(t)
	bin := buildCommand(t)
	for _, c := range []struct {
		name      string
		announced bool
	}{{"announced", true}, {"dealer gone", false}} {
		t.Run(c.name, func(t *testing.T) { sealedHandedOverOnARealNetwork(t, bin, c.announced) })
	}
}

func sealedHandedOverOnARealNetwork(t *testing.T, bin string, announced bool) {
	state := t.TempDir()
	hands := 3
	ns := netnstest.New(t, 4)
	dealer := ns.Start(t, 0, "dealer", nil, bin, "host", "--sealed", "--rules", "hongkong", "--hands", fmt.Sprint(hands), "--json",
		"--name", "sealed kitchen", "--takeover-wait", "2s", "--state", filepath.Join(state, "dealer"),
		"--seats", "ai:novice,remote,remote,remote", "--listen", "0.0.0.0:4747")
	dealer.Await(t, "listening", nil, 20*time.Second)
	var joiners []*netnstest.Proc
	for i := 1; i < 4; i++ {
		joiners = append(joiners, ns.Start(t, i, fmt.Sprint("joiner ", i), nil, bin, "join", "--ai", "novice", "--json", "--table", "sealed kitchen",
			"--state", filepath.Join(state, fmt.Sprint("joiner", i))))
	}
	// Into the first deal: a joiner saved its key.
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(5 * time.Millisecond) {
		if keys, _ := filepath.Glob(filepath.Join(state, "joiner1", "sealed-*.key")); len(keys) > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no joiner saved a key")
		}
	}
	if announced {
		if err := dealer.Signal(os.Interrupt); err != nil {
			t.Fatal(err)
		}
		dealer.Await(t, "leaving", nil, 10*time.Second)
		if n := dealer.Await(t, "handed_over", nil, time.Minute)["hands"]; n != 1.0 {
			t.Errorf("the host handed the table over after %v hands; want 1", n)
		}
		dealer.Exit(t, 20*time.Second)
	} else {
		dealer.Kill()
	}
	var verdicts []string
	var end string
	takers := 0
	for i, p := range joiners {
		p.Await(t, "table_end", nil, 3*time.Minute)
		p.Exit(t, 10*time.Second)
		takers += len(p.Lines("take_over"))
		if n := len(p.Lines("sealed_handed_over")); n != 1 {
			t.Errorf("joiner %d said the table was handed over %d times; want once", i+1, n)
		}
		v, e := sealedLines(t, fmt.Sprint("joiner ", i+1), append(p.Lines("sealed_hand"), p.Lines("table_end")...))
		if i == 0 {
			verdicts, end = v, e
			if !strings.Contains(end, fmt.Sprintf("hands:%d", hands)) || !strings.Contains(end, "verified:true") {
				t.Errorf("joiner 1's end: %s; want %d hands, verified", end, hands)
			}
		} else if fmt.Sprint(v) != fmt.Sprint(verdicts) || e != end {
			t.Errorf("joiner %d printed %v and %s; joiner 1 %v and %s", i+1, v, e, verdicts, end)
		}
	}
	if takers != 1 {
		t.Errorf("%d joiners dealt on; want exactly one", takers)
	}
	t.Logf("verdicts %v, end %s", verdicts, end)
}
