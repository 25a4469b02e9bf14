package table

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// TestAutoplay: a computer player plays a person's seat through the Table
// interface until the match ends, seeing every snapshot on the way.
func TestAutoplay(t *testing.T) {
	cfg := people("hongkong", "autoplay", 0, 2)
	cfg.Hands = 2
	tb := open(t, cfg)
	done := make(chan error, 1)
	go func() {
		_, err := Autoplay(bg, tb, 2, mustPlayer(t, "the other person"), nil)
		done <- err
	}()
	seen := 0
	end, err := Autoplay(bg, tb, 0, mustPlayer(t, "a person"), func(Snapshot) { seen++ })
	if err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if !end.Info.Over || len(end.Info.History) != 2 {
		t.Fatalf("the match ended over=%v after %d hands, want over after 2", end.Info.Over, len(end.Info.History))
	}
	if seen < 2 {
		t.Fatalf("each saw %d snapshots", seen)
	}
}

// mustPlayer is an intermediate computer player.
func mustPlayer(t *testing.T, seed string) ai.Player {
	t.Helper()
	p, err := ai.New(ai.Intermediate, wall.SeedFromString(seed))
	if err != nil {
		t.Fatal(err)
	}
	return p
}
