package table

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/record"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// handSeeds is a HandSeed hook giving every hand a known seed, as the
// commit-reveal of a networked table would.
func handSeeds(ctx context.Context, n int) (wall.Seed, error) {
	return wall.SeedFromString(fmt.Sprint("hand ", n)), nil
}

// TestTakeOverFromPublicFacts plays a match, takes the public facts a
// spectator saw in the middle of hand 2 (Info.Standing and Info.History),
// and goes on with them on a table that never knew the match seed: hand 2
// is voided and dealt again from its own seed, the balances are those
// before it, the match ends after the same number of hands, and the new
// table's save resumes (its record replays from where it took over).
func TestTakeOverFromPublicFacts(t *testing.T) {
	for _, id := range allRules {
		t.Run(id, func(t *testing.T) {
			a, err := NewLocal(LocalConfig{Rules: id, Seed: "the first dealer's secret", AutoNext: true, Hands: 4, Hold: true, HandSeed: handSeeds})
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			_, sub, err := a.Subscribe(context.Background(), Spectator)
			if err != nil {
				t.Fatal(err)
			}
			if err := a.Start(context.Background()); err != nil {
				t.Fatal(err)
			}
			var mid, hand2 *Snapshot
			for u := range sub.Updates() {
				s := u.Snapshot
				if v := s.View; v != nil && v.Number == 2 && v.Phase != game.PhaseEnd {
					if hand2 == nil {
						hand2 = &s
					}
					mid = &s
				}
				if s.Info.Over {
					break
				}
			}
			sub.Close()
			if mid == nil || mid.Info.Standing == nil {
				t.Fatalf("no public standing was seen in hand 2: %+v", mid)
			}
			if *mid.Info.Standing != *hand2.Info.Standing {
				t.Fatalf("the standing moved within hand 2: %+v, then %+v", *hand2.Info.Standing, *mid.Info.Standing)
			}
			from := &record.Continuation{Standing: *mid.Info.Standing, History: mid.Info.History}
			if len(from.History) != 1 || from.Standing.Number != 2 {
				t.Fatalf("standing %+v after %d hands", from.Standing, len(from.History))
			}
			path := filepath.Join(t.TempDir(), "table.save")
			b, err := NewLocal(LocalConfig{Rules: id, Options: mid.Info.Options, AutoNext: true, Hands: mid.Info.Hands, HandSeed: handSeeds, From: from, SavePath: path, Hold: true})
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			_, bsub, err := b.Subscribe(context.Background(), Spectator)
			if err != nil {
				t.Fatal(err)
			}
			if err := b.Start(context.Background()); err != nil {
				t.Fatal(err)
			}
			first := (<-bsub.Updates()).Snapshot
			bsub.Close()
			if first.View.Number != 2 || first.Info.Winds != hand2.Info.Winds || first.Info.Round != hand2.Info.Round || first.Info.Balances != hand2.Info.Balances {
				t.Fatalf("the new table deals hand %d with winds %v round %s balances %v; hand 2 was dealt with %v %s %v",
					first.View.Number, first.Info.Winds, first.Info.Round, first.Info.Balances, hand2.Info.Winds, hand2.Info.Round, hand2.Info.Balances)
			}
			<-b.Done()
			end := snap(t, b, Spectator)
			if !end.Info.Over || len(end.Info.History) != 4 || end.Info.Problem != "" {
				t.Fatalf("over %v after %d hands, problem %q", end.Info.Over, len(end.Info.History), end.Info.Problem)
			}
			h1, _ := json.Marshal(end.Info.History[0])
			was, _ := json.Marshal(from.History[0])
			if string(h1) != string(was) || end.Info.History[1].Seed != wall.SeedFromString("hand 2") {
				t.Fatalf("history %s, want hand 1 %s and hand 2 dealt from its seed", h1, was)
			}
			b.Close()
			r, err := Resume(path, func(c *LocalConfig) { c.HandSeed = handSeeds })
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			if again := snap(t, r, Spectator); !again.Info.Over || again.Info.Balances != end.Info.Balances {
				t.Fatalf("the resumed save ends with %v (over %v), the table ended with %v", again.Info.Balances, again.Info.Over, end.Info.Balances)
			}
		})
	}
}
