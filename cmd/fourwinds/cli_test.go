package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
)

// TestHelpListsFlags: --help prints the synopsis, what the command does
// and every flag with its description.
func TestHelpListsFlags(t *testing.T) {
	code, out, _ := runCmd("score", "--help")
	for _, want := range []string{"usage: fourwinds score", "value a hand", "-rules string", "ruleset id", "-flag value", "last-tile"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("exit %d, help lacks %q:\n%s", code, want, out)
		}
	}
}

// TestRulesTableDescribesEveryOption: `rules ID` gives every option its
// English description and rule id, in columns that long keys do not break.
func TestRulesTableDescribesEveryOption(t *testing.T) {
	for _, id := range rules.IDs() {
		code, out, _ := runCmd("rules", id)
		r, _ := rules.Get(id)
		lines := strings.Split(out, "\n")
		col := -1
		for _, o := range r.OptionSpecs() {
			name := rules.EnglishName(o.Label)
			if name == o.Label {
				t.Errorf("%s option %s has no English description", id, o.Name())
			}
			found := false
			for _, l := range lines {
				if strings.Contains(l, name) && strings.Contains(l, o.Allowed()) {
					found = true
					if at := strings.Index(l, o.Allowed()); col == -1 {
						col = at
					} else if at != col {
						t.Errorf("%s: the allowed values of %s start at column %d, the others at %d:\n%s", id, o.Name(), at, col, out)
					}
				}
			}
			if code != 0 || !found {
				t.Errorf("%s: no line for option %s with %q:\n%s", id, o.Name(), name, out)
			}
		}
	}
}

// TestErrorTexts: messages name characters, not their bytes, list ids
// without Go's brackets, and show options as assignments.
func TestErrorTexts(t *testing.T) {
	_, _, errOut := runCmd("score", "--rules", "hongkong", "🀄 123m")
	if !strings.Contains(errOut, "🀄") || strings.Contains(errOut, "ð") {
		t.Errorf("a tile glyph is shown as %q", errOut)
	}
	_, _, errOut = runCmd("score", "--rules", "nosuch", "123m")
	if !strings.Contains(errOut, "known: american, classical, french, hongkong, jilin") || strings.Count(errOut, "rules:") != 1 {
		t.Errorf("unknown ruleset: %q", errOut)
	}
	_, out, _ := runCmd("replay", "../../core/record/testdata/hongkong.jsonl")
	if first, _, _ := strings.Cut(out, "\n"); strings.Contains(first, "map[") || !strings.Contains(first, "scoring=simple") {
		t.Errorf("record header: %q", first)
	}
}

// TestScoreRefusesAnotherRulesetsFlags: --joker and the win flags are
// taken only where a win can carry them (rules.Setup.WinFlags), as --card
// only where the ruleset plays by a card.
func TestScoreRefusesAnotherRulesetsFlags(t *testing.T) {
	for _, args := range [][]string{
		{"--rules", "classical", "--flag", "ting"},
		{"--rules", "hongkong", "--flag", "compensation"},
		{"--rules", "classical", "--flag", "calling"},
		{"--rules", "hongkong", "--joker", "5p"},
		{"--rules", "jilin", "--flag", "kong-replacement"},
	} {
		args = append(append([]string{"score"}, args...), "123m 456m 789m 123p 4p +4p")
		if code, _, errOut := runCmd(args...); code != 2 || !strings.Contains(errOut, "usage: fourwinds score") {
			t.Errorf("%v: exit %d, stderr %q; want a usage error", args, code, errOut)
		}
	}
	if code, out, errOut := runCmd("score", "--rules", "hongkong", "--opt", "HK-OPT-9=on", "--flag", "calling", "123m 456m 789m 123p 4p +4p"); code != 0 {
		t.Errorf("calling with HK-OPT-9 on: exit %d %s %s", code, out, errOut)
	}
}

// TestFileErrorsExit1: a file that cannot be read exits 1 in every
// command, with no usage line.
func TestFileErrorsExit1(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing")
	for _, args := range [][]string{
		{"score", "--rules", "american", "--card", missing, "2222m 0j 5555z 2222p 6s +6s"},
		{"card", "check", missing},
		{"card", "show", "--card", missing},
		{"replay", missing},
	} {
		if code, _, errOut := runCmd(args...); code != 1 || strings.Contains(errOut, "usage:") {
			t.Errorf("%v: exit %d, stderr %q; want 1", args, code, errOut)
		}
	}
}

// TestREADMEListsEveryFlag: the README's command table names every flag
// of every command (from --help), and its `make play` line (the terminal
// game) every ruleset.
func TestREADMEListsEveryFlag(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	for name := range commands {
		_, help, _ := runCmd(name, "--help")
		var row string
		for _, l := range strings.Split(readme, "\n") {
			if strings.HasPrefix(l, "| `fourwinds "+name+" ") || strings.HasPrefix(l, "| `fourwinds "+name+"`") {
				row = l
				break
			}
		}
		if row == "" {
			t.Errorf("the README's table has no row for %s", name)
			continue
		}
		for _, l := range strings.Split(help, "\n") {
			if f, ok := strings.CutPrefix(l, "  -"); ok {
				f, _, _ = strings.Cut(f, " ")
				if !strings.Contains(row, "--"+f) && !strings.Contains(row, "-"+f+" ") {
					t.Errorf("the README's row for %s lacks --%s", name, f)
				}
			}
		}
	}
	play, _, _ := strings.Cut(readme[strings.Index(readme, "make play"):], "\n")
	for _, id := range rules.IDs() {
		if !strings.Contains(play, id) {
			t.Errorf("the README's make play line lacks %s: %s", id, play)
		}
	}
}
