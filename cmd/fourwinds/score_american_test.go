package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScoreAmerican checks `fourwinds score --rules american`: the matched
// line in JSON and the payments of AM-8.3 (AM-13 #3 and #2).
func TestScoreAmerican(t *testing.T) {
	for _, c := range []struct {
		args     []string
		line     string
		value    float64
		payments map[string]any
	}{
		{[]string{"--from", "S", "55p 666p 77p 0j 5z [888p0j] +5z"}, "R1", 30,
			map[string]any{"E": 120.0, "S": -60.0, "W": -30.0, "N": -30.0}},
		{[]string{"2222m 5555z 2222p 6s +6s"}, "Y3", 50,
			map[string]any{"E": 300.0, "S": -100.0, "W": -100.0, "N": -100.0}},
	} {
		code, out, errOut := runCmd(append([]string{"score", "--json", "--rules", "american"}, c.args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d, %s", c.args, code, errOut)
		}
		m := scoreOut(t, out)
		if m["valid"] != true || m["line"] != c.line || m["value"] != c.value || !equalJSON(m["payments"], c.payments) {
			t.Errorf("%v: %s", c.args, out)
		}
	}
}

// TestScoreAmericanCard checks --card: a card file of one's own (AM-11),
// its skipped lines as warnings, and the usage errors.
func TestScoreAmericanCard(t *testing.T) {
	dir := t.TempDir()
	own := filepath.Join(dir, "own.txt")
	bad := filepath.Join(dir, "bad.txt")
	write := func(path, text string) {
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(own, "@card Own\nA1 | 2222a 0000 2222b 66c | X 20 | year | mine\nB1 | 22a | X 5 | year | too short\n")
	write(bad, "B1 | 22a | X 5 | year | too short\n")
	code, out, errOut := runCmd("score", "--json", "--rules", "american", "--card", own, "222m 0j 5555z 2222p 6s +6s")
	if m := scoreOut(t, out); code != 0 || m["line"] != "A1" || m["value"] != 20.0 || !strings.Contains(errOut, "own.txt:3") {
		t.Errorf("own card: exit %d, %s, stderr %q", code, out, errOut)
	}
	for _, args := range [][]string{
		{"--rules", "hongkong", "--card", own},
		{"--rules", "american", "--opt", "card=user"},
	} {
		args = append(append([]string{"score"}, args...), "222m 0j 5555z 2222p 6s +6s")
		if code, _, errOut := runCmd(args...); code != 2 || !strings.Contains(errOut, "usage: fourwinds score") {
			t.Errorf("%v: exit %d, stderr %q; want a usage error", args, code, errOut)
		}
	}
	// A file that cannot be read or holds no valid line is an error of the
	// file, exit 1, as in every command that reads a file.
	for _, file := range []string{filepath.Join(dir, "none.txt"), bad} {
		if code, _, errOut := runCmd("score", "--rules", "american", "--card", file, "222m 0j 5555z 2222p 6s +6s"); code != 1 || !strings.Contains(errOut, "--card") {
			t.Errorf("--card %s: exit %d, stderr %q; want exit 1 naming --card", file, code, errOut)
		}
	}
}

// TestCardUserWherever: wherever option card=user is accepted (score,
// hint, settle, play, sim), --card loads the user's card (AM-11).
func TestCardUserWherever(t *testing.T) {
	hands := map[string][]string{
		"score": {"2222m 0j 5555z 2222p 6s +6s"},
		"hint":  {"2222m 5555z 2222p 6s 1m"},
		"sim":   {"--hands", "1", "--seed", "1"},
	}
	for cmd, rest := range hands {
		args := append([]string{cmd, "--rules", "american", "--opt", "card=user", "--card", houseCardFile}, rest...)
		if code, out, errOut := runCmd(args...); code != 0 {
			t.Errorf("%v: exit %d, %s %s", args, code, out, errOut)
		}
	}
}
