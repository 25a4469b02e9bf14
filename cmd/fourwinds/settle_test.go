package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestSettleJSON(t *testing.T) {
	for _, c := range []struct {
		args   []string
		want   string // want is the whole JSON, compacted
		ledger bool
	}{
		{[]string{"--rules", "hongkong", "--opt", "scoring=advanced", "--winner", "S", "--values", "E=30,S=100,W=50,N=10"},
			`{"transfers":[{"from":"E","to":"S","amount":200},{"from":"W","to":"S","amount":100},{"from":"N","to":"S","amount":100},` +
				`{"from":"E","to":"W","amount":40},{"from":"N","to":"E","amount":40},{"from":"N","to":"W","amount":40}],"net":{"E":-200,"S":400,"W":-20,"N":-180}}`, false},
		{[]string{"--rules", "hongkong", "--winner", "E", "--values", "E=688,S=0,W=10,N=0"},
			`{"transfers":[],"net":{"E":1376,"S":0,"W":10,"N":0},"ledger":true}`, true},
		{[]string{"--rules", "classical", "--winner", "E", "--from", "N", "--values", "E=72,S=0,W=0,N=0"},
			`{"transfers":[{"from":"S","to":"E","amount":144},{"from":"W","to":"E","amount":144},{"from":"N","to":"E","amount":144}],"net":{"E":432,"S":-144,"W":-144,"N":-144}}`, false},
		{[]string{"--rules", "classical", "--winner", "-", "--values", "E=0,S=0,W=0,N=0"},
			`{"transfers":[],"net":{"E":0,"S":0,"W":0,"N":0}}`, false},
		{[]string{"--rules", "french", "--opt", "settlement=advanced", "--winner", "E", "--values", "N=10,W=40,S=250,E=100"},
			`{"transfers":[{"from":"S","to":"E","amount":200},{"from":"E","to":"S","amount":600},{"from":"W","to":"E","amount":200},` +
				`{"from":"N","to":"E","amount":200},{"from":"W","to":"S","amount":210},{"from":"N","to":"S","amount":240},{"from":"N","to":"W","amount":30}],"net":{"E":0,"S":850,"W":-380,"N":-470}}`, false},
	} {
		code, out, errOut := runCmd(append([]string{"settle", "--json"}, c.args...)...)
		var v any
		if err := json.Unmarshal([]byte(out), &v); err != nil || code != 0 {
			t.Fatalf("%v: exit %d %v %s", c.args, code, err, errOut)
		}
		got, _ := json.Marshal(v)
		var w any
		_ = json.Unmarshal([]byte(c.want), &w)
		want, _ := json.Marshal(w)
		if string(got) != string(want) {
			t.Errorf("%v:\n got %s\nwant %s", c.args, got, want)
		}
	}
}

func TestSettleUsage(t *testing.T) {
	for _, args := range [][]string{
		{"settle", "--rules", "hongkong", "--values", "E=1,S=2,W=3,N=4"},
		{"settle", "--rules", "hongkong", "--winner", "Q", "--values", "E=1,S=2,W=3,N=4"},
		{"settle", "--rules", "hongkong", "--winner", "E", "--values", "E=1,S=2,W=3"},
		{"settle", "--rules", "hongkong", "--winner", "E", "--values", "E=1,S=2,W=3,N=4,E=5"},
		{"settle", "--rules", "hongkong", "--winner", "E", "--values", "E=1,S=x,W=3,N=4"},
		{"settle", "--rules", "hongkong", "--winner", "E", "--from", "E", "--values", "E=1,S=2,W=3,N=4"},
		{"settle", "--winner", "E", "--values", "E=1,S=2,W=3,N=4"},
		{"settle", "--rules", "hongkong", "--winner", "E", "--values", "E=1,S=2,W=3,N=4", "extra"},
	} {
		if code, _, errOut := runCmd(args...); code != 2 || !strings.Contains(errOut, "usage: fourwinds settle") {
			t.Errorf("%v: exit %d, stderr %q; want a usage error", args, code, errOut)
		}
	}
}

func TestSettleText(t *testing.T) {
	code, out, _ := runCmd("settle", "--rules", "hongkong", "--opt", "scoring=advanced", "--winner", "E", "--values", "E=100,S=250,W=40,N=10")
	for _, want := range []string{"E pays S 600", "net: E +0, S +850, W -380, N -470", "HK-A-2"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("exit %d, output lacks %q:\n%s", code, want, out)
		}
	}
}

// TestSettle_JL_12_ClaimsAndTing: jilin's settlement reads who claimed and
// who announced TING, which the command takes as --called and --ting, and
// says what it took when they are left out (JL-12.1, JL-12.2, V2, JL-13.1).
func TestSettle_JL_12_ClaimsAndTing(t *testing.T) {
	for _, c := range []struct {
		args []string
		net  string
	}{
		{[]string{"--called", "E,S,N"}, `"net":{"E":0,"S":0,"W":8,"N":-8}`}, // V2: N had no TING and pays all
		{[]string{"--called", "E,S,N", "--ting", "N"}, `"net":{"E":-4,"S":-2,"W":8,"N":-2}`},
		{[]string{"--called", "E,S,N", "--end", "E=0,S=0,W=3,N=0"}, `"net":{"E":-3,"S":-3,"W":17,"N":-11}`},
		{nil, `"net":{"E":0,"S":0,"W":16,"N":-16}`},
	} {
		args := append([]string{"settle", "--json", "--rules", "jilin", "--winner", "W", "--from", "N", "--values", "E=0,S=0,W=2,N=0"}, c.args...)
		if code, out, errOut := runCmd(args...); code != 0 || !strings.Contains(strings.Join(strings.Fields(out), ""), c.net) {
			t.Errorf("%v: exit %d, %s %s; want %s", c.args, code, out, errOut, c.net)
		}
	}
	_, out, _ := runCmd("settle", "--rules", "jilin", "--winner", "W", "--from", "N", "--values", "E=0,S=0,W=2,N=0")
	for _, want := range []string{"(taken: nobody announced TING (--ting))", "(taken: nobody made a TCHE or TCHA (--called))", "(taken: no end-of-hand points (--end))"} {
		if !strings.Contains(out, want) {
			t.Errorf("the text does not say %q:\n%s", want, out)
		}
	}
	if _, out, _ = runCmd("settle", "--rules", "classical", "--winner", "S", "--values", "E=0,S=4,W=0,N=0"); strings.Contains(out, "taken:") {
		t.Errorf("classical's settlement reads no seat facts, yet:\n%s", out)
	}
	for _, args := range [][]string{
		{"settle", "--rules", "classical", "--winner", "S", "--values", "E=0,S=4,W=0,N=0", "--ting", "S"},
		{"settle", "--rules", "hongkong", "--winner", "S", "--values", "E=0,S=4,W=0,N=0", "--called", "E"},
		{"settle", "--rules", "jilin", "--winner", "S", "--values", "E=0,S=4,W=0,N=0", "--ting", "S,X"},
		{"settle", "--rules", "jilin", "--winner", "S", "--values", "E=0,S=4,W=0,N=0", "--end", "E=1"},
	} {
		if code, _, errOut := runCmd(args...); code != 2 || !strings.Contains(errOut, "usage: fourwinds settle") {
			t.Errorf("%v: exit %d, stderr %q; want a usage error", args, code, errOut)
		}
	}
}

// TestSettle_HugeValuesRefused: values beyond rules.MaxValue would
// overflow the payments; they are refused with the bound.
func TestSettle_HugeValuesRefused(t *testing.T) {
	code, _, errOut := runCmd("settle", "--rules", "classical", "--winner", "S", "--values", "E=0,S=4611686018427387904,W=0,N=0")
	if code != 2 || !strings.Contains(errOut, "from 0 to 1099511627776") {
		t.Fatalf("exit %d, stderr %q: want the value refused with its bound", code, errOut)
	}
}
