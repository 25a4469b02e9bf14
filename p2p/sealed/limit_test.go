package sealed

import (
	"context"
	"testing"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/wall"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
)

// TestOpensLimited: a key holder that opens stream after stream (each
// hello costs the dealer its setup, each rejoin or resume up to two
// deals' frames) is served OpenBurst of them, then one every OpenEvery;
// the others are reset unread. The other holder is served still.
func TestOpensLimited(t *testing.T) {
	cfg := Config{Table: "opens", Rules: "hongkong", Seed: wall.SeedFromString("opens"), Players: [4]int{0, 1, 2, 1}}
	hs, _ := serveOn(t, 3, 3, -1, cfg)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	hello := func(i int) bool {
		s, err := hs[i].NewStream(ctx, hs[0].ID(), Protocol)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Reset()
		b, _ := frame{Kind: kindHello, Table: cfg.Table}.encode()
		if _, err := s.Write(b); err != nil {
			return false
		}
		_ = s.SetReadDeadline(time.Now().Add(10 * time.Second))
		_, err = wire.NewReader(s, maxFrame).ReadFrame()
		return err == nil
	}
	start := time.Now()
	served := 0
	const tries = OpenBurst + 12
	for range tries {
		if hello(1) {
			served++
		}
	}
	allowed := OpenBurst + int(time.Since(start)/OpenEvery) + 1
	if served < OpenBurst || served > allowed {
		t.Errorf("%d hellos in %s: %d served; want %d to %d", tries, time.Since(start).Round(time.Millisecond), served, OpenBurst, allowed)
	}
	if !hello(2) {
		t.Error("the other key holder was not served")
	}
}
