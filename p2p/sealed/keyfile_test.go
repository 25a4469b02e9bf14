package sealed

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestKeyFile: a saved key reads back as it was saved, replaced
// whole by the next deal's, readable by its user only; no file is no
// key; a damaged one is refused, naming it.
func TestKeyFile(t *testing.T) {
	f := KeyFileIn(t.TempDir(), "Qm1", 7)
	path := string(f)
	if k, err := f.Load(); k != nil || err != nil {
		t.Fatalf("no file read as %v, %v; want no key", k, err)
	}
	for deal := uint32(1); deal <= 2; deal++ {
		if err := f.Save(deal, []byte{byte(deal), 9}); err != nil {
			t.Fatal(err)
		}
	}
	k, err := f.Load()
	if err != nil || k.Deal != 2 || !bytes.Equal(k.Key, []byte{2, 9}) {
		t.Errorf("read back %+v, %v; want deal 2's key", k, err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the key file: %v, %v; want mode 0600", fi.Mode(), err)
	}
	if left, _ := filepath.Glob(path + ".*"); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
	if err := os.WriteFile(path, []byte("{"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Load(); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("a damaged key file read as %v; want it refused, named", err)
	}
}

// TestKeyFileRemoved: a removed key file is no key; removing none is no
// error.
func TestKeyFileRemoved(t *testing.T) {
	f := KeyFileIn(t.TempDir(), "Qm1", 7)
	if err := f.Save(3, []byte{1}); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := f.Remove(); err != nil {
			t.Fatal(err)
		}
	}
	if k, err := f.Load(); k != nil || err != nil {
		t.Errorf("a removed key file read as %v, %v", k, err)
	}
}
