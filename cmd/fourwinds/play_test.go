package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/record"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// playWith runs `fourwinds play` with args, typing input.
func playWith(t *testing.T, input string, args ...string) (string, error) {
	t.Helper()
	var out strings.Builder
	err := runPlay(args, strings.NewReader(input), &out)
	return out.String(), err
}

// TestPlayRecordPathCheckedAtStart (issue 10 item 12): a record that
// cannot be written is refused before the game, not after it.
func TestPlayRecordPathCheckedAtStart(t *testing.T) {
	out, err := playWith(t, "", "--rules", "hongkong", "--save", filepath.Join(t.TempDir(), "s"), "--record", "/nonexistent/x.jsonl")
	if err == nil || !strings.Contains(err.Error(), "--record") || strings.Contains(out, "Hand 1") {
		t.Fatalf("err %v, output %q", err, out)
	}
}

// TestPlayLineTooLong (issue 10 item 12): a line over 64 KiB is answered
// and asked again; the game does not end as if the input had run out.
func TestPlayLineTooLong(t *testing.T) {
	save := filepath.Join(t.TempDir(), "s")
	rec := filepath.Join(t.TempDir(), "r.jsonl")
	out, err := playWith(t, strings.Repeat("x", 70_000)+"\nq\n", "--rules", "classical", "--seed", "long", "--save", save, "--record", rec)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "That line is too long") || !strings.Contains(out, "Record saved to") {
		t.Fatalf("output:\n%s", tail(out))
	}
}

// TestPlayResume: a game left with q goes on with --resume at the same
// decision.
func TestPlayResume(t *testing.T) {
	save := filepath.Join(t.TempDir(), "game.save")
	first, err := playWith(t, "t\nq\n", "--rules", "french", "--seed", "resume", "--save", save)
	if err != nil {
		t.Fatal(err)
	}
	again, err := playWith(t, "t\nq\n", "--resume", save)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(again, "Resumed from") {
		t.Fatalf("output:\n%s", again)
	}
	rack := func(s string) string {
		i := strings.LastIndex(s, "Your rack: ")
		return s[i : i+strings.Index(s[i:], "\n")]
	}
	if rack(first) != rack(again) {
		t.Fatalf("the resumed rack differs: %q, %q", rack(first), rack(again))
	}
}

// TestPlayHintInGame (issue 10 item 15): "hint" gives the computer's
// advice on the decision at hand.
func TestPlayHintInGame(t *testing.T) {
	out, err := playWith(t, "hint\nq\n", "--rules", "hongkong", "--seed", "hint", "--save", filepath.Join(t.TempDir(), "s"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "Hint: ") {
		t.Fatalf("output:\n%s", tail(out))
	}
}

// TestParseChoiceStrict (issue 10 item 15): extra words are refused, a
// chow may be named by its run, and the numbers follow the shown order.
func TestParseChoiceStrict(t *testing.T) {
	legal := []game.Action{
		game.Act(game.ActPass, tile.None), game.Act(game.ActChow, tile.MustParse("3m")[0]), game.Act(game.ActChow, tile.MustParse("4m")[0]),
	}
	for text, want := range map[string]bool{"pass": true, "pass now": false, "chow 345m": true, "chow 4m": true, "chow 456m 1z": false, "chow 357m": false} {
		if _, ok := parseChoice(text, legal); ok != want {
			t.Errorf("%q: accepted %v, want %v", text, ok, want)
		}
	}
	if a, _ := parseChoice("chow 345m", legal); a != legal[1] {
		t.Errorf("chow 345m is %s", a)
	}
	turn := []game.Action{game.Act(game.ActSelfDraw, tile.None), game.Act(game.ActDiscard, tile.MustParse("5z")[0]), game.Act(game.ActDiscard, tile.MustParse("7z")[0])}
	if _, ok := parseChoice("5z 7z", turn); ok {
		t.Error(`"5z 7z" accepted`)
	}
	var out strings.Builder
	writeChoices(&out, turn)
	if got := out.String(); !strings.Contains(got, "1) 5z  2) 7z") || !strings.Contains(got, "3) MAHJONG") {
		t.Errorf("choices out of order:\n%s", got)
	}
	if a, _ := parseChoice("3", turn); a.Type != game.ActSelfDraw {
		t.Errorf("choice 3 is %s", a)
	}
}

// TestReadyLine (issue 10 item 15): a ready hand is told its waits.
func TestReadyLine(t *testing.T) {
	r, _ := rules.Get("classical")
	h, err := rules.ReadHand(r, mustHand(t, "123m 456m 789m 123p 5p 9s"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := game.HandConfig{Ruleset: r, Options: rules.DefaultOptions(r), Seed: wall.SeedFromString("ready"), Number: 1}
	v, err := game.HintView(cfg, rules.S, rules.E, h)
	if err != nil {
		t.Fatal(err)
	}
	v.Hand.Remove(tile.MustParse("9s")[0])
	if got := readyText(v); got != "You are ready: waiting on 5p." {
		t.Fatalf("ready line %q", got)
	}
}

// mustHand reads a hand in notation.
func mustHand(t *testing.T, s string) tile.Hand {
	t.Helper()
	h, err := tile.ParseHand(s)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestResultBonusSorted (issue 10 item 15): bonus tiles print in order.
func TestResultBonusSorted(t *testing.T) {
	if got := sortedBonus("2m 235666p [789m] [789s] bonus: 3y 4f"); got != "2m 235666p [789m] [789s] bonus: 4f 3y" {
		t.Fatalf("%q", got)
	}
}

// TestHintJilinWinds (issue 10 item 15, JL-2.4): jilin's hint names no
// round or dominant wind.
func TestHintJilinWinds(t *testing.T) {
	code, out, errOut := runArgs("hint", "--rules", "jilin", "--seat", "S", "88s 55p 777z 9m [1z2z3z] [456m]")
	if code != 0 || strings.Contains(out, "round") || strings.Contains(out, "dominant") || !strings.Contains(out, "seat S") {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
}

// TestMain runs `fourwinds play` itself when a test starts this test
// binary as a child process (TestPlayInterruptSavesRecord), and the
// standard peer of TestAStandardPeerReadsTheLobby.
func TestMain(m *testing.M) {
	if os.Getenv(rawPeerEnv) != "" {
		os.Exit(standardPeerMain())
	}
	if os.Getenv(hostileEnv) != "" {
		os.Exit(hostileMain())
	}
	if os.Getenv("FOURWINDS_TEST_PLAY") == "1" {
		if err := runPlay(strings.Fields(os.Getenv("FOURWINDS_TEST_ARGS")), os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// lockedBuffer is a buffer written by one goroutine and read by another.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestPlayInterruptSavesRecord (issue 10 item 12): Ctrl-C during
// `play --record` writes the record.
func TestPlayInterruptSavesRecord(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "game.jsonl")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "FOURWINDS_TEST_PLAY=1",
		"FOURWINDS_TEST_ARGS=--rules hongkong --seed interrupt --save "+filepath.Join(dir, "s")+" --record "+rec)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	var out lockedBuffer
	cmd.Stdout = &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for i := 0; !strings.Contains(out.String(), "Your choices"); i++ {
		if i > 3000 {
			cmd.Process.Kill()
			t.Fatalf("the game never asked:\n%s", out.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 130 {
		t.Fatalf("exit: %v\n%s", err, out.String())
	}
	data, err := os.ReadFile(rec)
	if err != nil {
		t.Fatalf("no record after Ctrl-C: %v\n%s", err, out.String())
	}
	if r, err := record.Decode(data); err != nil || len(r.Events) == 0 {
		t.Fatalf("record %v: %v", r, err)
	}
}

// TestPlayNamesTheDealtSeat: the first events of the game name the
// seats by the winds of the hand they belong to.
func TestPlayNamesTheDealtSeat(t *testing.T) {
	out, err := playWith(t, "q\n", "--rules", "hongkong", "--seed", "7", "--save", filepath.Join(t.TempDir(), "s"))
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`\[[ESWN] \(you\)\] [ESWN] is dealt `).MatchString(out) {
		t.Fatalf("the person's deal is not named as the person's:\n%s", out[:min(len(out), 600)])
	}
}
