package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/p2p/dealer"
	fwhost "github.com/fourwinds-mahjong/fourwinds/p2p/host"
)

// promptAnswerer answers the terminal's prompts: the first choice, Enter between
// hands. It keeps everything printed.
type promptAnswerer struct {
	mu  sync.Mutex
	all bytes.Buffer
	in  *io.PipeWriter
}

func (pa *promptAnswerer) Write(b []byte) (int, error) {
	pa.mu.Lock()
	pa.all.Write(b)
	pa.mu.Unlock()
	s := string(b)
	switch {
	case strings.HasSuffix(s, "> "):
		go io.WriteString(pa.in, "1\n")
	case strings.Contains(s, "Press Enter"):
		go io.WriteString(pa.in, "\n")
	}
	return len(b), nil
}

// String returns everything printed so far.
func (pa *promptAnswerer) String() string {
	pa.mu.Lock()
	defer pa.mu.Unlock()
	return pa.all.String()
}

// TestJoinPlaysInTheTerminal: a person at each of the four places plays a
// hand in the terminal (one of them deals and owes the hand's first
// decision), and a claim window with nothing to claim is answered for him.
func TestJoinPlaysInTheTerminal(t *testing.T) {
	for me := range 4 {
		t.Run(fmt.Sprintf("player %d", me+1), func(t *testing.T) {
			k, err := fwhost.LoadKey(filepath.Join(t.TempDir(), "key"))
			if err != nil {
				t.Fatal(err)
			}
			h, err := fwhost.New(k, []string{"/ip4/127.0.0.1/tcp/0"})
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			var seats [4]table.SeatConfig
			var open [4]bool
			for p := range seats {
				seats[p].Kind = table.SeatAI
			}
			seats[me].Kind, open[me] = table.SeatRemote, true
			tbl, err := table.NewLocal(table.LocalConfig{Rules: "classical", Seed: "terminal join", Hands: 1, Seats: seats, Hold: true})
			if err != nil {
				t.Fatal(err)
			}
			defer tbl.Close()
			d := dealer.Serve(h, dealer.Config{Table: tbl, Open: open})
			defer d.Close()
			go func() {
				if waitSeated(context.Background(), d, open) == nil {
					tbl.Start(context.Background())
				}
			}()
			r, w := io.Pipe()
			pa := &promptAnswerer{in: w}
			addr := h.Addrs()[0].String() + "/p2p/" + h.ID().String()
			done := make(chan error, 1)
			go func() { done <- runJoin([]string{"--state", t.TempDir(), addr}, r, pa) }()
			select {
			case err := <-done:
				if err != nil {
					t.Fatalf("join: %v\n%s", err, pa.String())
				}
			case <-time.After(time.Minute):
				t.Fatalf("the hand did not end within a minute (a decision never put to the person?):\n%s", pa.String())
			}
			out := pa.String()
			for _, want := range []string{fmt.Sprintf("Seated as player %d.", me+1), "Your choices:", "Your rack:", "The table is over."} {
				if !strings.Contains(out, want) {
					t.Errorf("the terminal never showed %q:\n%s", want, out)
				}
			}
			for _, ask := range strings.Split(out, "Your choices:\n")[1:] {
				if rest, ok := strings.CutPrefix(ask, "  1) pass\n"); ok && !strings.HasPrefix(rest, "  2)") {
					t.Errorf("the person was asked to pass with nothing to claim:\n%s", out)
					break
				}
			}
		})
	}
}

func TestJoinWatchesAsASpectator(t *testing.T) {
	k, err := fwhost.LoadKey(filepath.Join(t.TempDir(), "key"))
	if err != nil {
		t.Fatal(err)
	}
	h, err := fwhost.New(k, []string{"/ip4/127.0.0.1/tcp/0"})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	tbl, err := table.NewLocal(table.LocalConfig{Rules: "hongkong", Seed: "watch", Hands: 1, Hold: true, Pace: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Close()
	d := dealer.Serve(h, dealer.Config{Table: tbl})
	defer d.Close()
	go func() {
		for d.Spectators() == 0 {
			time.Sleep(10 * time.Millisecond)
		}
		tbl.Start(context.Background())
	}()
	var out bytes.Buffer
	addr := h.Addrs()[0].String() + "/p2p/" + h.ID().String()
	if err := runJoin([]string{"--watch", "--json", "--state", t.TempDir(), addr}, strings.NewReader(""), &out); err != nil {
		t.Fatalf("join --watch: %v\n%s", err, out.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	last := lines[len(lines)-1]
	if !strings.Contains(last, `"type":"table_end"`) || !strings.Contains(last, `"hands":1`) {
		t.Fatalf("the last line is %s", last)
	}
	if !strings.Contains(out.String(), `"type":"discard"`) {
		t.Fatalf("the spectator saw no discard:\n%s", out.String())
	}
}
