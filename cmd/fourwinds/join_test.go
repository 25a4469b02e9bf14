package main

import (
	"bytes"
	"context"
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

func TestJoinPlaysInTheTerminal(t *testing.T) {
	k, err := fwhost.LoadKey(filepath.Join(t.TempDir(), "key"))
	if err != nil {
		t.Fatal(err)
	}
	h, err := fwhost.New(k, []string{"/ip4/127.0.0.1/tcp/0"})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	tbl, err := table.NewLocal(table.LocalConfig{Rules: "classical", Seed: "terminal join", Hands: 1,
		Seats: [4]table.SeatConfig{{Kind: table.SeatAI}, {Kind: table.SeatRemote}, {Kind: table.SeatAI}, {Kind: table.SeatAI}}, Hold: true})
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Close()
	d := dealer.Serve(h, dealer.Config{Table: tbl, Open: [4]bool{false, true, false, false}})
	defer d.Close()
	go func() {
		if waitSeated(context.Background(), d, [4]bool{false, true, false, false}) == nil {
			tbl.Start(context.Background())
		}
	}()
	r, w := io.Pipe()
	pa := &promptAnswerer{in: w}
	addr := h.Addrs()[0].String() + "/p2p/" + h.ID().String()
	if err := runJoin([]string{"--state", t.TempDir(), addr}, r, pa); err != nil {
		t.Fatalf("join: %v\n%s", err, pa.all.String())
	}
	out := pa.all.String()
	for _, want := range []string{"Seated as player 2.", "Your choices:", "Your rack:", "The table is over."} {
		if !strings.Contains(out, want) {
			t.Errorf("the terminal never showed %q:\n%s", want, out)
		}
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
