package main

import "testing"

func TestVersion(t *testing.T) {
	if code, out, _ := runCmd("version"); code != 0 || out != "fourwinds "+version+"\n" {
		t.Errorf("exit %d, output %q", code, out)
	}
	if code, _, _ := runCmd("version", "extra"); code != 2 {
		t.Errorf("version extra: exit %d, want 2", code)
	}
}
