package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestHintText(t *testing.T) {
	code, out, errOut := runArgs("hint", "--rules", "hongkong", "--seat", "S", "123m 456p 789s 55m 45p 9m")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"rules hongkong, seat S, dominant E", "suggest  discard 9m", "because  keeps two ways to finish: 3p or 6p, 7 tiles live", "discard 9m", "3p 6p"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// hintOut is what `hint --json` writes, as the tests read it.
type hintOut struct {
	Rules  string `json:"rules"`
	Hand   string `json:"hand"`
	Action struct {
		Type    string `json:"type"`
		Tile    string `json:"tile"`
		Declare string `json:"declare"`
	} `json:"action"`
	Reason struct {
		Key  string            `json:"key"`
		Args map[string]string `json:"args"`
		Text string            `json:"text"`
	} `json:"reason"`
	Options []struct {
		Shanten int     `json:"shanten"`
		Live    int     `json:"live"`
		Danger  float64 `json:"danger"`
		Score   float64 `json:"score"`
	} `json:"options"`
}

// hintJSONOf runs `hint --json` with args and reads its output.
func hintJSONOf(t *testing.T, args ...string) hintOut {
	t.Helper()
	code, out, errOut := runArgs(append([]string{"hint", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got hintOut
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	return got
}

func TestHintJSON(t *testing.T) {
	got := hintJSONOf(t, "--rules", "classical", "--seat", "W", "--round", "S", "123m 456p 789s 55m 45p +6p")
	if got.Rules != "classical" || got.Action.Type != "self-draw" || got.Action.Tile != "6p" || got.Reason.Key != "hint.win" ||
		!strings.HasPrefix(got.Reason.Text, "the hand is worth ") || len(got.Options) < 2 || got.Options[0].Shanten != -1 {
		t.Errorf("hint --json = %+v", got)
	}
}

// TestHintJilinCombination checks that a hint reads jilin's exposed special
// combinations (JL-6.4) as the score command does, and explains TING.
func TestHintJilinCombination(t *testing.T) {
	got := hintJSONOf(t, "--rules", "jilin", "--seat", "S", "88s 55p 777z 9m [1z2z3z] [456m]")
	if got.Hand != "9m 55p 88s 777z [123z] [456m]" || got.Action.Type != "discard" || got.Action.Tile != "9m" || got.Action.Declare != "ting" || got.Reason.Key != "hint.ting" {
		t.Errorf("hint --json = %+v", got)
	}
	if code, _, errOut := runArgs("hint", "--rules", "jilin", "68s 55p 777z 9m [1z2z] [456p] 5s"); code != 2 || !strings.Contains(errOut, "special combination") {
		t.Errorf("a two-wind group: exit %d, stderr %q; want 2 naming the special combinations", code, errOut)
	}
}

// TestHintAmerican checks that a hint reads an American hand: flowers are
// tiles of the hand (AM-1.2), an exposure may hold jokers and counts every
// tile (AM-5.5), and the reason names the card line.
func TestHintAmerican(t *testing.T) {
	got := hintJSONOf(t, "--rules", "american", "2222m 5555z [222p0j] 6s 1f")
	if got.Hand != "2222m 6s 5555z 1f [222p0j]" || got.Action.Type != "discard" || got.Action.Tile != "1f" || got.Reason.Key != "hint.line" || !strings.Contains(got.Reason.Text, "Y3") {
		t.Errorf("hint --json = %+v", got)
	}
	for _, hand := range []string{"2222m 555z [222p0j] 6s 1f", "2222m 555z [0j0j0j] 6s 1f 2f 3f 4f", "2222m 5555z [222p6s] 1f 2f"} {
		if code, _, errOut := runArgs("hint", "--rules", "american", hand); code != 2 {
			t.Errorf("%q: exit %d, stderr %q; want 2", hand, code, errOut)
		}
	}
}

func TestHintUsage(t *testing.T) {
	for _, args := range [][]string{
		{"hint", "123m 456p 789s 55m 45p 9m"},                              // no --rules
		{"hint", "--rules", "hongkong"},                                    // no hand
		{"hint", "--rules", "hongkong", "123m 456p 789s 55m 45p"},          // 13 tiles
		{"hint", "--rules", "hongkong", "123m 456p 789s 55m 45p 9x"},       // bad notation
		{"hint", "--rules", "hongkong", "11111m 456p 789s 55m 4p"},         // a fifth 1m
		{"hint", "--rules", "hongkong", "--seat", "Q", "123m 456p 789s"},   // bad wind
		{"hint", "--rules", "nope", "123m 456p 789s 55m 45p 9m"},           // unknown ruleset
		{"hint", "--rules", "hongkong", "--opt", "frob=1", "123m 456p 7s"}, // unknown option
	} {
		if code, _, errOut := runArgs(args...); code != 2 || !strings.Contains(errOut, "usage: fourwinds hint") {
			t.Errorf("%q: exit %d, stderr %q; want 2 with the usage", args, code, errOut)
		}
	}
}
