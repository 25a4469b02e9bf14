package host

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/libp2p/go-libp2p/core/peer"
)

func TestLoadKeyCreatesOnceAndKeeps(t *testing.T) {
	path := filepath.Join(t.TempDir(), "dir", "identity.key")
	k1, err := LoadKey(path)
	if err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Errorf("key file mode %v, want 0600", st.Mode().Perm())
	}
	k2, err := LoadKey(path)
	if err != nil {
		t.Fatal(err)
	}
	id1, _ := peer.IDFromPrivateKey(k1)
	id2, _ := peer.IDFromPrivateKey(k2)
	if id1 != id2 {
		t.Errorf("peer id changed from %s to %s", id1, id2)
	}
	if err := os.WriteFile(path, []byte("junk"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadKey(path); err == nil {
		t.Error("a junk key file was accepted")
	}
}

func TestNewListensOnLoopback(t *testing.T) {
	k, err := LoadKey(filepath.Join(t.TempDir(), "k"))
	if err != nil {
		t.Fatal(err)
	}
	h, err := New(k, []string{"/ip4/127.0.0.1/tcp/0", "/ip4/127.0.0.1/udp/0/quic-v1"})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if len(h.Addrs()) < 2 {
		t.Errorf("listening on %v, want TCP and QUIC", h.Addrs())
	}
}
