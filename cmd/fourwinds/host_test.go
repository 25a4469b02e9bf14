package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/peer"

	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/p2p/client"
	"github.com/fourwinds-mahjong/fourwinds/p2p/dealer"
	"github.com/fourwinds-mahjong/fourwinds/p2p/discover"
	fwhost "github.com/fourwinds-mahjong/fourwinds/p2p/host"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
)

// buildCommand builds the fourwinds command for the tests that run it as
// processes and returns its path.
func buildCommand(t testing.TB) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "fourwinds")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// loopHost is `fourwinds host --json` on loopback: its JSON lines are
// awaited and its standard input written; it is killed when the test ends.
type loopHost struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	mu  sync.Mutex
	// lines are the lines printed and not awaited yet; ended is set once
	// its output ends.
	lines  []map[string]any
	ended  bool
	stderr bytes.Buffer
}

// startHost runs `fourwinds host --json` (bin) on loopback with args.
func startHost(t *testing.T, bin string, args ...string) *loopHost {
	t.Helper()
	h := &loopHost{cmd: exec.Command(bin, append([]string{"host", "--json", "--listen", "127.0.0.1:0"}, args...)...)}
	out, err := h.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if h.in, err = h.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	h.cmd.Stderr = &h.stderr
	if err := h.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.kill)
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			var l map[string]any
			if json.Unmarshal(sc.Bytes(), &l) == nil {
				h.mu.Lock()
				h.lines = append(h.lines, l)
				h.mu.Unlock()
			}
		}
		h.mu.Lock()
		h.ended = true
		h.mu.Unlock()
	}()
	return h
}

// await returns the host's next line of type typ (the lines before it are
// passed over), waiting up to 30 s.
func (h *loopHost) await(t *testing.T, typ string) map[string]any {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		h.mu.Lock()
		for len(h.lines) > 0 {
			l := h.lines[0]
			h.lines = h.lines[1:]
			if l["type"] == typ {
				h.mu.Unlock()
				return l
			}
		}
		ended := h.ended
		h.mu.Unlock()
		if ended {
			h.cmd.Wait()
			t.Fatalf("the host ended without a %s line:\n%s", typ, h.stderr.String())
		}
	}
	t.Fatalf("the host printed no %s line within 30 s", typ)
	return nil
}

// kill ends the host at once.
func (h *loopHost) kill() {
	h.cmd.Process.Kill()
	h.cmd.Wait()
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
	bin := buildCommand(t)
	state := t.TempDir()
	args := []string{"--rules", "hongkong", "--pin", "4321", "--state", state, "--seats", "ai:novice,remote,ai:novice,ai:novice", "--pace", "1s", "--stand-in", "1m"}
	first := startHost(t, bin, args...)
	dealer1, key1 := keyedAddr(t, first.await(t, "listening"))

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	// The phone is started again with its identity, as the app is: its
	// connection to the host that was killed is gone with it.
	phoneKey := filepath.Join(t.TempDir(), "phone.key")
	phone := deviceOf(t, "127.0.0.1", phoneKey)
	c, err := client.Join(ctx, phone, dealer1, client.Options{Player: wire.AnySeat, Key: key1})
	if err != nil {
		t.Fatalf("joining by the first key: %v", err)
	}
	seat := c.Player()
	c.Close()
	phone.Close()
	first.kill()

	second := startHost(t, bin, args...).await(t, "listening")
	dealer2, key2 := keyedAddr(t, second)
	if second["resumed"] != true {
		t.Fatalf("the host did not resume its table: %v", second)
	}
	if key2 == key1 {
		t.Fatalf("the restarted host kept its key %q", key1)
	}
	stranger := device(t, "127.0.0.2")
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
	back, err := client.Join(ctx, deviceOf(t, "127.0.0.1", phoneKey), dealer2, client.Options{Player: wire.AnySeat})
	if err != nil {
		t.Fatalf("the seated phone, back with neither PIN nor key: %v", err)
	}
	defer back.Close()
	if back.Player() != seat {
		t.Fatalf("the seated phone came back as player %d, was %d", back.Player(), seat)
	}
}

// device starts a libp2p host with a new identity listening (and so
// dialling) on ip, a loopback address; it is closed when the test ends.
func device(t *testing.T, ip string) host.Host {
	t.Helper()
	return deviceOf(t, ip, filepath.Join(t.TempDir(), "device.key"))
}

// deviceOf starts a libp2p host with the identity kept in keyPath (made
// there the first time), listening (and so dialling) on ip, a loopback
// address; it is closed when the test ends.
func deviceOf(t *testing.T, ip, keyPath string) host.Host {
	t.Helper()
	k, err := fwhost.LoadKey(keyPath)
	if err != nil {
		t.Fatal(err)
	}
	h, err := fwhost.New(k, []string{"/ip4/" + ip + "/tcp/0"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h
}

// TestTheHostIsToldOfGuessesDuringPlay: once the game has started, ten
// wrong PINs from ten devices at ten addresses make the host print that
// someone is guessing the PIN (a guessing line); "pin NEW" on its
// standard input gives the table a new PIN, which lets a device in.
func TestTheHostIsToldOfGuessesDuringPlay(t *testing.T) {
	bin := buildCommand(t)
	h := startHost(t, bin, "--rules", "hongkong", "--pin", "4321", "--state", t.TempDir(), "--seats", "ai:novice,remote,ai:novice,ai:novice", "--pace", "200ms", "--stand-in", "1m")
	at, key := keyedAddr(t, h.await(t, "listening"))
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	phone, err := client.Join(ctx, device(t, "127.0.0.1"), at, client.Options{Player: wire.AnySeat, Key: key})
	if err != nil {
		t.Fatalf("the phone, by the key: %v", err)
	}
	defer phone.Close()
	h.await(t, "update")
	// Each guess comes from a loopback address of its own, which go-libp2p
	// dials from (or, now and then, from 127.0.0.1: that address's
	// back-off then holds a guess off, and the guesser waits).
	for looked, i := 0, 0; looked < dealer.TableTries; i++ {
		ip := fmt.Sprint("127.0.0.", 2+i)
		_, err := client.Join(ctx, device(t, ip), at, client.Options{Player: table.Spectator, PIN: "0000"})
		var re *table.RefusedError
		switch {
		case errors.As(err, &re) && re.Reason == table.ReasonBadPIN:
			looked++
		case errors.As(err, &re) && re.Reason == table.ReasonPINWait && looked < dealer.TableTries:
			t.Logf("the guess from %s held off: %v", ip, err)
			time.Sleep(time.Second)
		default:
			t.Fatalf("a wrong PIN from %s gave %v, want bad-pin", ip, err)
		}
	}
	if g := h.await(t, "guessing"); g["wrong"] != float64(dealer.TableTries) {
		t.Errorf("the host's guessing line is %v, want %d wrong PINs", g, dealer.TableTries)
	}
	if _, err := io.WriteString(h.in, "pin 9876\n"); err != nil {
		t.Fatal(err)
	}
	if p := h.await(t, "pin"); p["pin"] != "9876" {
		t.Fatalf("the host's pin line is %v", p)
	}
	c, err := client.Join(ctx, device(t, "127.0.0.4"), at, client.Options{Player: table.Spectator, PIN: "9876"})
	if err != nil {
		t.Fatalf("the new PIN: %v", err)
	}
	c.Close()
}
