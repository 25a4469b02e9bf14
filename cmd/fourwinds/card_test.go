package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// houseCardFile is the copy of rules/house-card.txt embedded by the card package.
const houseCardFile = "../../core/rules/american/card/house-card.txt"

func runArgs(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestCardCheck(t *testing.T) {
	code, out, errOut := runArgs("card", "check", houseCardFile)
	if code != 0 || out != "45 valid lines\n" {
		t.Fatalf("card check house: exit %d, stdout %q, stderr %q; want 0 and \"45 valid lines\"", code, out, errOut)
	}

	bad := filepath.Join(t.TempDir(), "bad.txt")
	file := "Y3 | 2222a 0000 2222b 66c | X 25 | year | ok\n" +
		"B1 | 2026 222b 666b EEEE | X 30 | year | no class\n" +
		"B2 | 2026a 222b 666b EEEE | Z 30 | year | bad flag\n"
	if err := os.WriteFile(bad, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runArgs("card", "check", bad)
	want := bad + ":2:6: group \"2026\" has a digit 1-9 or D and needs a class a, b or c after it (AM-11.5)\n" +
		bad + ":3:29: flags start with X (exposures allowed) or C (concealed), not \"Z\"\n"
	if code != 1 || out != want || !strings.Contains(errOut, "2 problem(s), 1 valid lines") {
		t.Fatalf("card check bad: exit %d\nstdout %q\nwant   %q\nstderr %q", code, out, want, errOut)
	}

	code, out, _ = runArgs("card", "check", "--json", bad)
	var got checkJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil || code != 1 {
		t.Fatalf("card check --json: exit %d, %v: %s", code, err, out)
	}
	if got.Valid != 1 || len(got.Problems) != 2 || got.Problems[1] != (problemJSON{3, 29, "flags start with X (exposures allowed) or C (concealed), not \"Z\""}) {
		t.Errorf("card check --json = %+v", got)
	}

	for _, args := range [][]string{{"card"}, {"card", "check"}, {"card", "check", "a", "b"}, {"card", "frob"}, {"card", "check", "--nope", "x"}} {
		if code, _, _ := runArgs(args...); code != 2 {
			t.Errorf("%v: exit %d, want 2 (usage)", args, code)
		}
	}
	if code, _, _ := runArgs("card", "check", filepath.Join(t.TempDir(), "missing.txt")); code != 1 {
		t.Errorf("card check of a missing file: exit %d, want 1", code)
	}
}

func TestCardMatchNearestShow(t *testing.T) {
	code, out, errOut := runArgs("card", "match", "11111f 111m 22p 000j +2p")
	if code != 0 || !strings.Contains(out, "paid on Q1: 40") || !strings.Contains(out, "M4") {
		t.Errorf("card match (AM-13 #13): exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, _ = runArgs("card", "nearest", "-n", "2", "--json", "55p 666p 77p 0j 5z [888p0j]")
	var near []nearJSON
	if err := json.Unmarshal([]byte(out), &near); err != nil || code != 0 || len(near) != 2 {
		t.Fatalf("card nearest --json: exit %d, %v: %s", code, err, out)
	}
	if near[0].ID != "R1" || near[0].Distance != 1 || near[0].Missing != "5z" || near[0].Inst != "a=p k=4" {
		t.Errorf("nearest[0] = %+v, want R1 a=p k=4 missing 5z", near[0])
	}
	if code, _, _ := runArgs("card", "nearest", "123m"); code != 2 {
		t.Errorf("card nearest with 3 tiles: exit %d, want 2", code)
	}
	code, out, _ = runArgs("card", "show", "--card", houseCardFile)
	if code != 0 || !strings.HasPrefix(out, "House Card 2026 (2026): 45 lines\n") || strings.Count(out, "\n") != 46 {
		t.Errorf("card show: exit %d, stdout %q", code, out)
	}
}
