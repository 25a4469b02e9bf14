package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// runCmd runs one command line and returns its exit status and output.
func runCmd(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

// scoreOut decodes `fourwinds score --json` output generically, so that
// absent fields show.
func scoreOut(t *testing.T, out string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("%v in %q", err, out)
	}
	return m
}

func TestScoreJSON(t *testing.T) {
	for _, c := range []struct {
		args     []string
		value    float64
		payments map[string]any // payments is nil when absent
	}{
		// The done-when check: HK-TV-4.
		{[]string{"--rules", "hongkong", "--seat", "S", "--from", "W", "--dominant", "W", "234m 567m 5z [666z] [999p] +5z"}, 56, nil},
		{[]string{"--rules", "hongkong", "--seat", "S", "--dominant", "W", "234m 567m 5z [666z] [999p] +5z"}, 70, nil},
		{[]string{"--rules", "hongkong", "--opt", "scoring=advanced", "--seat", "S", "--from", "W", "--dominant", "W", "234m 567m 5z [666z] [999p] +5z"}, 56, nil},
		{[]string{"--rules", "classical", "--round", "S", "--from", "N", "567p 23s 88m [777z] [111z] +4s"}, 72,
			map[string]any{"E": 432.0, "S": -144.0, "W": -144.0, "N": -144.0}},
		{[]string{"--rules", "classical", "--seat", "N", "--flag", "kong-replacement", "234s 67s 99s [666z] (5555s) +8s"}, 240,
			map[string]any{"E": -480.0, "S": -240.0, "W": -240.0, "N": 960.0}},
		{[]string{"--rules", "french", "--seat", "N", "--dominant", "W", "--bonus", "4f", "--flag", "last-tile", "234s 78s 33z [555z] (1111p) +9s"}, 536, nil},
		{[]string{"--rules", "hongkong", "--seat", "W", "999s 11z 23m 456p [777z]", "bonus:", "3f 1y"}, 88, nil},
		{[]string{"--rules", "classical", "--seat", "W", "[555z] 456p 789s 23s 66m"}, 0, nil},
	} {
		code, out, errOut := runCmd(append([]string{"score", "--json"}, c.args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d, %s", c.args, code, errOut)
		}
		m := scoreOut(t, out)
		if m["valid"] != true || m["value"] != c.value || m["rules"] != c.args[1] {
			t.Errorf("%v: %s", c.args, out)
		}
		for _, k := range []string{"error", "items", "points", "doubles", "limit"} {
			if _, ok := m[k]; !ok {
				t.Errorf("%v: no %q in %s", c.args, k, out)
			}
		}
		p, has := m["payments"]
		if (c.payments == nil) == has || (has && !equalJSON(p, c.payments)) {
			t.Errorf("%v: payments %v, want %v", c.args, p, c.payments)
		}
		items, _ := m["items"].([]any)
		for _, it := range items {
			it := it.(map[string]any)
			for _, k := range []string{"rule", "name", "points", "doubles", "limit"} {
				if _, ok := it[k]; !ok {
					t.Errorf("%v: item %v has no %q", c.args, it, k)
				}
			}
		}
	}
}

func equalJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

func TestScoreInvalidHand(t *testing.T) {
	code, out, _ := runCmd("score", "--json", "--rules", "hongkong", "234m 568m 5z [666z] [999p] +5z")
	m := scoreOut(t, out)
	if code != 0 || m["valid"] != false || !strings.Contains(m["error"].(string), "not a winning hand") {
		t.Errorf("exit %d, %s; want 0 and valid false", code, out)
	}
	if _, ok := m["payments"]; ok {
		t.Error("no payments for an invalid hand")
	}
	code, out, _ = runCmd("score", "--rules", "hongkong", "5555m 1m 567m [666z] [999p] +5z")
	if code != 0 || !strings.Contains(out, "not a valid hand") {
		t.Errorf("exit %d, %q", code, out)
	}
}

func TestScoreUsage(t *testing.T) {
	for _, args := range [][]string{
		{"score", "234m +5z"},
		{"score", "--rules", "nope", "234m +5z"},
		{"score", "--rules", "hongkong"},
		{"score", "--rules", "hongkong", "--seat", "X", "234m +5z"},
		{"score", "--rules", "hongkong", "--flag", "lucky", "234m +5z"},
		{"score", "--rules", "hongkong", "--opt", "HK-OPT-3=cheap", "234m +5z"},
		{"score", "--rules", "hongkong", "--joker", "5x", "234m +5z"},
		{"score", "--rules", "hongkong", "--bonus", "9f", "234m +5z"},
		{"score", "--rules", "hongkong", "--seat", "S", "--from", "S", "234m +5z"},
		{"score", "--rules", "hongkong", "234x +5z"},
	} {
		if code, _, errOut := runCmd(args...); code != 2 || !strings.Contains(errOut, "usage: fourwinds score") {
			t.Errorf("%v: exit %d, stderr %q; want a usage error", args, code, errOut)
		}
	}
}

func TestScoreText(t *testing.T) {
	code, out, _ := runCmd("score", "--rules", "hongkong", "--seat", "S", "--from", "W", "--dominant", "W", "234m 567m 5z [666z] [999p] +5z")
	for _, want := range []string{"HK-S-21", "Going mahjong", "20 pts", "HK-S-16", "1 dbl", "value 56"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("exit %d, output lacks %q:\n%s", code, want, out)
		}
	}
	code, out, _ = runCmd("score", "--rules", "classical", "--seat", "W", "--from", "N", "19m 19p 19s 1234567z +1m")
	if code != 0 || !strings.Contains(out, "CL-10.2") || !strings.Contains(out, "payments: E -3000, S -1500, W +6000, N -1500") {
		t.Errorf("CL-TV-6: %s", out)
	}
}
