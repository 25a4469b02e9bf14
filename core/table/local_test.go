package table

import (
	"context"
	"testing"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all"
)

var allRules = []string{"classical", "hongkong", "french", "jilin", "american"}

// TestLocalPlaysWholeMatches plays a match of every ruleset with four
// computer players and no pause.
func TestLocalPlaysWholeMatches(t *testing.T) {
	for _, id := range allRules {
		t.Run(id, func(t *testing.T) {
			tb, err := NewLocal(LocalConfig{Rules: id, Seed: "1", AutoNext: true, Hands: 3})
			if err != nil {
				t.Fatal(err)
			}
			<-tb.Done()
			s, err := tb.Snapshot(context.Background(), Spectator)
			if err != nil {
				t.Fatal(err)
			}
			if !s.Info.Over || len(s.Info.History) != 3 || s.Info.Problem != "" {
				t.Fatalf("over %v, %d hands, problem %q", s.Info.Over, len(s.Info.History), s.Info.Problem)
			}
			tb.Close()
		})
	}
}

// TestLocalWithPerson plays a hand in which player 0 is a person who
// always takes the first legal action.
func TestLocalWithPerson(t *testing.T) {
	for _, id := range allRules {
		t.Run(id, func(t *testing.T) {
			cfg := LocalConfig{Rules: id, Seed: "2", Hands: 1}
			cfg.Seats[0] = SeatConfig{Kind: SeatHuman}
			tb, err := NewLocal(cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer tb.Close()
			ctx := context.Background()
			snap, sub, err := tb.Subscribe(ctx, 0)
			if err != nil {
				t.Fatal(err)
			}
			seq := snap.Seq
			for !snap.Info.Over {
				if v := snap.View; v != nil && len(v.Legal) > 0 {
					if err := tb.Submit(ctx, Intent{Player: 0, Kind: IntentAction, Decision: v.StateID, Action: v.Legal[0]}); err != nil {
						t.Fatal(err)
					}
				}
				u, ok := <-sub.Updates()
				if !ok {
					t.Fatal("stream closed")
				}
				if u.Seq != seq+1 {
					t.Fatalf("update %d after %d", u.Seq, seq)
				}
				seq, snap = u.Seq, u.Snapshot
			}
			if snap.View.Phase != game.PhaseEnd {
				t.Fatalf("over in phase %s", snap.View.Phase)
			}
		})
	}
}

// TestACallCutShortByItsContextWaitsForItsAnswer: once the table has taken
// a request, its caller waits for the answer even if its context ends
// meanwhile, since the request writes into the caller's variables. A
// Snapshot that returned on its context's end while the table still wrote
// the snapshot was read torn, seen once as "slice bounds out of range
// [:74] with capacity 72" in a take-over test (and by -race).
func TestACallCutShortByItsContextWaitsForItsAnswer(t *testing.T) {
	tb, err := NewLocal(LocalConfig{Rules: "hongkong", Seed: "cut short", Hold: true})
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	ctx, cancel := context.WithCancel(context.Background())
	finished := false
	err = tb.call(ctx, func() error {
		cancel()
		// The caller's context has ended; the request is still at work.
		time.Sleep(20 * time.Millisecond)
		finished = true
		return nil
	})
	if !finished || err != nil {
		t.Fatalf("the call returned %v before its request finished (finished %v)", err, finished)
	}
}
