package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestSimSeatsJSON checks the fields of `sim --json` with mixed seats.
func TestSimSeatsJSON(t *testing.T) {
	code, out, errOut := runArgs("sim", "--rules", "hongkong", "--hands", "30", "--seats", "expert,novice,intermediate,novice", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	for _, k := range []string{"rules", "hands", "wins", "draws", "hands_per_second", "invariant_violations", "levels", "duplicate"} {
		if _, ok := got[k]; !ok {
			t.Errorf("sim --json lacks %q", k)
		}
	}
	if got["rules"] != "hongkong" || got["hands"] != 30.0 || got["invariant_violations"] != 0.0 || got["duplicate"] != true {
		t.Errorf("sim --json = rules %v hands %v violations %v duplicate %v", got["rules"], got["hands"], got["invariant_violations"], got["duplicate"])
	}
	levels, _ := got["levels"].(map[string]any)
	want := map[string]float64{"expert": 30, "intermediate": 30, "novice": 60}
	if len(levels) != len(want) {
		t.Fatalf("levels = %v, want expert, intermediate and novice", levels)
	}
	for name, hands := range want {
		l, _ := levels[name].(map[string]any)
		for _, k := range []string{"hands", "win_rate", "avg_net", "avg_net_ci95", "deal_in_rate", "draw_rate", "win_rate_ci95", "deal_in_rate_ci95", "draw_rate_ci95"} {
			if _, ok := l[k]; !ok {
				t.Errorf("levels.%s lacks %q", name, k)
			}
		}
		if l["hands"] != hands {
			t.Errorf("levels.%s.hands = %v, want %v", name, l["hands"], hands)
		}
		ci, _ := l["avg_net_ci95"].([]any)
		if len(ci) != 2 || ci[0].(float64) > l["avg_net"].(float64) || ci[1].(float64) < l["avg_net"].(float64) {
			t.Errorf("levels.%s.avg_net_ci95 = %v around %v, want two numbers around it", name, ci, l["avg_net"])
		}
	}
}

// TestSimText checks the per-level table of the text output.
func TestSimText(t *testing.T) {
	code, out, errOut := runArgs("sim", "--rules", "classical", "--hands", "12", "--seats", "intermediate,novice,novice,novice", "--duplicate=false", "--workers", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"hands played         12", "avg net per hand", "invariant violations 0"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	rows := map[string]string{}
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) > 2 {
			rows[f[0]] = f[1]
		}
	}
	if rows["intermediate"] != "12" || rows["novice"] != "36" {
		t.Errorf("level rows: intermediate %q novice %q hands, want 12 and 36:\n%s", rows["intermediate"], rows["novice"], out)
	}
}

func TestSimUsage(t *testing.T) {
	for _, args := range [][]string{
		{"sim", "--rules", "hongkong", "--seats", "expert,novice"},
		{"sim", "--rules", "hongkong", "--seats", "grandmaster"},
		{"sim", "--rules", "hongkong", "--hands", "0"},
		{"sim", "--rules", "hongkong", "--workers", "0"},
	} {
		if code, _, _ := runArgs(args...); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
}

func TestBenchAI(t *testing.T) {
	code, out, errOut := runArgs("bench", "ai", "--rules", "classical", "--hands", "2", "--levels", "novice,expert", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rows []benchRow
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if len(rows) != 2 || rows[0].Level != "novice" || rows[1].Level != "expert" {
		t.Fatalf("bench ai rows = %+v", rows)
	}
	for _, r := range rows {
		if r.Rules != "classical" || r.Decisions == 0 || r.P50Ms > r.P99Ms || r.P99Ms > r.MaxMs {
			t.Errorf("bench ai row %+v", r)
		}
	}
	for _, args := range [][]string{{"bench"}, {"bench", "engine"}, {"bench", "ai", "--levels", "nope"}, {"bench", "ai", "--hands", "0"}} {
		if code, _, _ := runArgs(args...); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
}

// TestSimWorkersBounded (issue 10 item 9): more workers than cores are refused.
func TestSimWorkersBounded(t *testing.T) {
	code, _, errOut := runArgs("sim", "--rules", "hongkong", "--hands", "5", "--workers", "1000")
	if code != 2 || !strings.Contains(errOut, "--workers 1000: allowed 1 to") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
}
