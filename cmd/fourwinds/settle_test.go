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
