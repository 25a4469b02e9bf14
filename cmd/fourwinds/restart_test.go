package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/libp2p/go-libp2p/core/peer"

	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/p2p/client"
	"github.com/fourwinds-mahjong/fourwinds/p2p/discover"
	fwhost "github.com/fourwinds-mahjong/fourwinds/p2p/host"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
)

// startHost runs `fourwinds host --json` (bin) on loopback with args and
// returns its listening line; the process is killed when the test ends.
func startHost(t *testing.T, bin string, args ...string) (listening map[string]any, kill func()) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"host", "--json", "--listen", "127.0.0.1:0"}, args...)...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	kill = func() { cmd.Process.Kill(); cmd.Wait() }
	t.Cleanup(kill)
	lines := make(chan map[string]any)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			var l map[string]any
			if json.Unmarshal(sc.Bytes(), &l) == nil && l["type"] == "listening" {
				lines <- l
			}
		}
	}()
	select {
	case l, ok := <-lines:
		if !ok {
			cmd.Wait()
			t.Fatalf("the host ended before it listened:\n%s", stderr.String())
		}
		return l, kill
	case <-time.After(20 * time.Second):
		t.Fatal("the host did not listen within 20 s")
	}
	return nil, kill
}

// keyedAddr is a listening line's first join address: the dealer and the
// table's key.
func keyedAddr(t *testing.T, l map[string]any) (peer.AddrInfo, string) {
	t.Helper()
	joins, _ := l["join"].([]any)
	if len(joins) == 0 {
		t.Fatalf("the listening line has no join address: %v", l)
	}
	s, _ := joins[0].(string)
	addr, key := discover.SplitKey(s)
	info, err := peer.AddrInfoFromString(addr)
	if err != nil || key == "" {
		t.Fatalf("join address %q: %v (key %q)", s, err, key)
	}
	return *info, key
}

// TestARestartedHostMakesANewKey: a host started again on its state
// directory resumes its table with a new key, so the old join address and
// QR code no longer let a device in; the device that took a seat by the
// old key comes back to it by its identity alone.
func TestARestartedHostMakesANewKey(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "fourwinds")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	state := t.TempDir()
	args := []string{"--rules", "hongkong", "--pin", "4321", "--state", state, "--seats", "ai:novice,remote,ai:novice,ai:novice", "--pace", "1s", "--stand-in", "1m"}
	first, kill := startHost(t, bin, args...)
	dealer1, key1 := keyedAddr(t, first)

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	k, err := fwhost.LoadKey(filepath.Join(t.TempDir(), "phone.key"))
	if err != nil {
		t.Fatal(err)
	}
	phone, err := fwhost.New(k, []string{"/ip4/127.0.0.1/tcp/0"})
	if err != nil {
		t.Fatal(err)
	}
	defer phone.Close()
	c, err := client.Join(ctx, phone, dealer1, client.Options{Player: wire.AnySeat, Key: key1})
	if err != nil {
		t.Fatalf("joining by the first key: %v", err)
	}
	seat := c.Player()
	c.Close()
	kill()

	second, _ := startHost(t, bin, args...)
	dealer2, key2 := keyedAddr(t, second)
	if second["resumed"] != true {
		t.Fatalf("the host did not resume its table: %v", second)
	}
	if key2 == key1 {
		t.Fatalf("the restarted host kept its key %q", key1)
	}
	k, err = fwhost.LoadKey(filepath.Join(t.TempDir(), "stranger.key"))
	if err != nil {
		t.Fatal(err)
	}
	stranger, err := fwhost.New(k, []string{"/ip4/127.0.0.1/tcp/0"})
	if err != nil {
		t.Fatal(err)
	}
	defer stranger.Close()
	var re *table.RefusedError
	if c, err := client.Join(ctx, stranger, dealer2, client.Options{Player: table.Spectator, Key: key1}); err == nil {
		c.Close()
		t.Fatal("the old key let a device in after the host restarted")
	} else if !errors.As(err, &re) || re.Reason != table.ReasonBadPIN {
		t.Fatalf("the old key gave %v, want a bad-pin refusal", err)
	}
	c, err = client.Join(ctx, stranger, dealer2, client.Options{Player: table.Spectator, Key: key2})
	if err != nil {
		t.Fatalf("the new key: %v", err)
	}
	c.Close()
	back, err := client.Join(ctx, phone, dealer2, client.Options{Player: wire.AnySeat})
	if err != nil {
		t.Fatalf("the seated phone, back with neither PIN nor key: %v", err)
	}
	defer back.Close()
	if back.Player() != seat {
		t.Fatalf("the seated phone came back as player %d, was %d", back.Player(), seat)
	}
}
