package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

var bg = context.Background()

// people returns a config in which the given players are people.
func people(id, seed string, ps ...int) LocalConfig {
	cfg := LocalConfig{Rules: id, Seed: seed, ClaimClock: -1}
	for _, p := range ps {
		cfg.Seats[p] = SeatConfig{Kind: SeatHuman}
	}
	return cfg
}

// open makes a table and closes it when the test ends.
func open(t *testing.T, cfg LocalConfig) *Local {
	t.Helper()
	tb, err := NewLocal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tb.Close() })
	return tb
}

// snap returns player p's snapshot.
func snap(t *testing.T, tb *Local, p int) Snapshot {
	t.Helper()
	s, err := tb.Snapshot(bg, p)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// playFirst has every person owing a decision take his first legal
// action, n times (or until the hand ends).
func playFirst(t *testing.T, tb *Local, n int, ps ...int) {
	t.Helper()
	for i := 0; i < n; {
		acted := false
		for _, p := range ps {
			s := snap(t, tb, p)
			if s.View == nil || s.View.Phase == game.PhaseEnd {
				return
			}
			if len(s.View.Legal) == 0 {
				continue
			}
			if err := tb.Submit(bg, Intent{Player: p, Kind: IntentAction, Decision: s.View.StateID, Action: s.View.Legal[0]}); err != nil {
				t.Fatal(err)
			}
			acted = true
			if i++; i == n {
				return
			}
		}
		if !acted {
			t.Fatal("nobody owes a decision and the hand is not over")
		}
	}
}

// refused returns the reason of a refusal, or "" when err is not one.
func refused(err error) Reason {
	var re *RefusedError
	if errors.As(err, &re) {
		return re.Reason
	}
	return ""
}

// TestSimultaneousAnswersAllAccepted: the seats answering a claim window
// quote the same decision and are all accepted; an answer quoting it after
// the window has closed is refused as stale.
func TestSimultaneousAnswersAllAccepted(t *testing.T) {
	tb := open(t, people("hongkong", "simultaneous", 0, 1, 2, 3))
	for range 200 {
		s := snap(t, tb, 0)
		if s.View.Phase == game.PhaseClaim {
			break
		}
		playFirst(t, tb, 1, 0, 1, 2, 3)
	}
	var waiting []Snapshot
	for p := range 4 {
		if s := snap(t, tb, p); len(s.View.Legal) > 0 {
			waiting = append(waiting, s)
		}
	}
	if len(waiting) != 3 {
		t.Fatalf("%d players answer the window, want 3", len(waiting))
	}
	for _, s := range waiting {
		if s.View.StateID != waiting[0].View.StateID {
			t.Fatalf("players shown decisions %d and %d", s.View.StateID, waiting[0].View.StateID)
		}
		if err := tb.Submit(bg, Intent{Player: s.Player, Kind: IntentAction, Decision: s.View.StateID, Action: game.Act(game.ActPass, tile.None)}); err != nil {
			t.Fatalf("player %d: %v", s.Player, err)
		}
	}
	late := waiting[0]
	err := tb.Submit(bg, Intent{Player: late.Player, Kind: IntentAction, Decision: late.View.StateID, Action: game.Act(game.ActPass, tile.None)})
	if refused(err) != ReasonStale {
		t.Fatalf("a late answer: %v, want stale", err)
	}
}

// TestRefusals: every refusal carries its reason code.
func TestRefusals(t *testing.T) {
	tb := open(t, people("classical", "refusals", 0))
	s := snap(t, tb, 0)
	for _, c := range []struct {
		in   Intent
		want Reason
	}{
		{Intent{Player: 1, Kind: IntentAction, Decision: s.View.StateID, Action: game.Act(game.ActPass, tile.None)}, ReasonNotYours},
		{Intent{Player: 7, Kind: IntentAction}, ReasonNotSeated},
		{Intent{Player: 0, Kind: "dance"}, ReasonBadIntent},
		{Intent{Player: 0, Kind: IntentNextHand}, ReasonNoDecide},
		{Intent{Player: 0, Kind: IntentAction, Decision: s.View.StateID + 99, Action: game.Act(game.ActPass, tile.None)}, ReasonStale},
	} {
		if got := refused(tb.Submit(bg, c.in)); got != c.want {
			t.Errorf("%+v: refused %q, want %q", c.in, got, c.want)
		}
	}
	for len(snap(t, tb, 0).View.Legal) == 0 {
		time.Sleep(time.Millisecond)
	}
	s = snap(t, tb, 0)
	err := tb.Submit(bg, Intent{Player: 0, Kind: IntentAction, Decision: s.View.StateID, Action: game.Act(game.ActInvoke, tile.Red)})
	if refused(err) != Reason(game.ReasonNotLegal) {
		t.Errorf("an illegal action: %v, want not-legal", err)
	}
	tb.Close()
	if err := tb.Submit(bg, Intent{Player: 0, Kind: IntentAction}); !errors.Is(err, ErrClosed) {
		t.Errorf("a closed table: %v", err)
	}
}

// TestClaimClockPassesForSilence: a person who lets the claim clock run
// out has passed.
func TestClaimClockPassesForSilence(t *testing.T) {
	cfg := people("hongkong", "clock", 1)
	cfg.ClaimClock = 5 * time.Millisecond
	tb := open(t, cfg)
	s, sub, err := tb.Subscribe(bg, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Close()
	windows := 0
	for windows < 3 && s.View.Phase != game.PhaseEnd {
		if s.View.Phase == game.PhaseTurn && len(s.View.Legal) > 0 {
			a := s.View.Legal[len(s.View.Legal)-1]
			if err := tb.Submit(bg, Intent{Player: 1, Kind: IntentAction, Decision: s.View.StateID, Action: a}); err != nil {
				t.Fatal(err)
			}
		}
		if s.View.Phase == game.PhaseClaim && len(s.View.Legal) > 0 {
			if s.Clock == nil {
				t.Fatal("a person's claim window has no clock")
			}
			windows++
		}
		u := <-sub.Updates()
		s = u.Snapshot
	}
	if windows < 3 {
		t.Fatalf("%d windows", windows)
	}
}

// TestStandIn: while a remote player is away the computer plays for him.
func TestStandIn(t *testing.T) {
	cfg := LocalConfig{Rules: "french", Seed: "stand in", Hands: 1}
	cfg.Seats[2] = SeatConfig{Kind: SeatRemote, Name: "Ann"}
	tb := open(t, cfg)
	if err := tb.SetConnected(2, false); err != nil {
		t.Fatal(err)
	}
	<-tb.Done()
	s := snap(t, tb, Spectator)
	if !s.Info.Over || !s.Info.Seats[2].StandIn || s.Info.Seats[2].Connected {
		t.Fatalf("seat 2: %+v, over %v", s.Info.Seats[2], s.Info.Over)
	}
	if err := tb.SetConnected(2, true); err != nil {
		t.Fatal(err)
	}
	if s := snap(t, tb, 2); s.Info.Seats[2].StandIn {
		t.Fatal("still stood in for after coming back")
	}
}

// TestHandSeedHook: each hand is dealt from the seed the hook supplies,
// published in the history once the hand is over; a failing hook leaves
// the table waiting with its problem shown, and the next request retries.
func TestHandSeedHook(t *testing.T) {
	fail := true
	cfg := LocalConfig{Rules: "hongkong", Seed: "hook", Hands: 2}
	cfg.Seats[0] = SeatConfig{Kind: SeatHuman}
	cfg.HandSeed = func(ctx context.Context, n int) (wall.Seed, error) {
		if n == 2 && fail {
			fail = false
			return wall.Seed{}, errors.New("a peer did not reveal")
		}
		return wall.SeedFromString(fmt.Sprint("agreed ", n)), nil
	}
	cfg.ClaimClock = -1
	tb := open(t, cfg)
	for snap(t, tb, 0).View == nil {
		time.Sleep(time.Millisecond)
	}
	for s := snap(t, tb, 0); s.View.Phase != game.PhaseEnd; s = snap(t, tb, 0) {
		playFirst(t, tb, 1, 0)
	}
	s := snap(t, tb, 0)
	if got := s.Info.History[0].Seed; got != wall.SeedFromString("agreed 1") {
		t.Fatalf("hand 1's published seed is %s", got)
	}
	if err := tb.Submit(bg, Intent{Player: 0, Kind: IntentNextHand}); err != nil {
		t.Fatal(err)
	}
	for s = snap(t, tb, 0); s.Info.Problem == ""; s = snap(t, tb, 0) {
		time.Sleep(time.Millisecond)
	}
	if s.Info.Hand != 1 {
		t.Fatalf("hand %d dealt without a seed", s.Info.Hand)
	}
	if err := tb.Submit(bg, Intent{Player: 0, Kind: IntentNextHand}); err != nil {
		t.Fatal(err)
	}
	for s = snap(t, tb, 0); s.Info.Hand != 2; s = snap(t, tb, 0) {
		time.Sleep(time.Millisecond)
	}
	if s.Info.Problem != "" {
		t.Fatalf("problem %q after the retry", s.Info.Problem)
	}
	rec, _ := tb.Record()
	if len(rec.Header.HandSeeds) != 2 || rec.Header.HandSeeds[1] != wall.SeedFromString("agreed 2") {
		t.Fatal("the record does not keep the supplied seeds")
	}
}

// TestResumeAtTheSameDecision: a table whose process was killed resumes
// from its save at the same decision, and plays on.
func TestResumeAtTheSameDecision(t *testing.T) {
	for _, id := range allRules {
		t.Run(id, func(t *testing.T) {
			cfg := people(id, "resume "+id, 0)
			cfg.SavePath = filepath.Join(t.TempDir(), "table.save")
			tb := open(t, cfg)
			playFirst(t, tb, 12, 0)
			before := snap(t, tb, 0)
			// The first table is left running, as a killed process leaves
			// its file: the save is whole after every event.
			again, err := Resume(cfg.SavePath, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer again.Close()
			after := snap(t, again, 0)
			b1, _ := json.Marshal(before.View)
			b2, _ := json.Marshal(after.View)
			if string(b1) != string(b2) {
				t.Fatalf("the resumed view differs:\n %s\n %s", b1, b2)
			}
			if before.Info.Hand != after.Info.Hand || before.Info.Winds != after.Info.Winds {
				t.Fatal("the resumed match facts differ")
			}
			playFirst(t, again, 500, 0)
		})
	}
}

// TestResumeRefusesDamagedSaves: a damaged save is an error, never a panic.
func TestResumeRefusesDamagedSaves(t *testing.T) {
	cfg := people("jilin", "damaged", 0)
	dir := t.TempDir()
	cfg.SavePath = filepath.Join(dir, "table.save")
	tb := open(t, cfg)
	playFirst(t, tb, 10, 0)
	tb.Close()
	good, err := os.ReadFile(cfg.SavePath)
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"empty":     nil,
		"truncated": good[:len(good)*2/3],
		"garbage":   []byte("{\"format\":\"fourwinds-table/1\",\"config\":{\"rules\":\"jilin\"}}\n{not json\n"),
		"foreign":   []byte(`{"format":"something-else"}`),
		"no rules":  []byte(`{"format":"fourwinds-table/1","config":{"rules":"chess"}}`),
		"swapped":   swapLines(good),
	} {
		p := filepath.Join(dir, "bad.save")
		os.WriteFile(p, data, 0o600)
		if tb, err := Resume(p, nil); !errors.Is(err, ErrSave) {
			if tb != nil {
				tb.Close()
			}
			t.Errorf("%s: %v, want a save error", name, err)
		}
	}
	if _, err := Resume(filepath.Join(dir, "missing"), nil); err == nil {
		t.Error("a missing save resumed")
	}
}

// swapLines swaps two action lines of a save, so it no longer replays.
func swapLines(data []byte) []byte {
	lines := splitLines(data)
	n := len(lines)
	lines[n-2], lines[n-5] = lines[n-5], lines[n-2]
	var out []byte
	for _, l := range lines {
		out = append(append(out, l...), '\n')
	}
	return out
}

// splitLines splits data into its lines.
func splitLines(data []byte) [][]byte {
	var out [][]byte
	for len(data) > 0 {
		i := slices.Index(data, '\n')
		if i < 0 {
			return append(out, data)
		}
		out, data = append(out, data[:i]), data[i+1:]
	}
	return out
}

// TestSnapshotJSONAndHint: snapshots and updates of whole hands of every
// ruleset come back from JSON the same, and a decoded snapshot, attached
// to its ruleset, gets the advice the table's own snapshot gets.
func TestSnapshotJSONAndHint(t *testing.T) {
	for _, id := range allRules {
		t.Run(id, func(t *testing.T) {
			tb := open(t, people(id, "json "+id, 0))
			for i := 0; i < 400; i++ {
				s := snap(t, tb, 0)
				if s.View.Phase == game.PhaseEnd {
					break
				}
				if len(s.View.Legal) == 0 {
					t.Fatal("the person owes nothing in a hand with only computers besides")
				}
				b, _ := json.Marshal(s)
				var back Snapshot
				if err := json.Unmarshal(b, &back); err != nil {
					t.Fatal(err)
				}
				if b2, _ := json.Marshal(back); string(b) != string(b2) {
					t.Fatalf("the snapshot changes through JSON:\n %s\n %s", b, b2)
				}
				want, err := Hint(&s)
				if err != nil {
					t.Fatal(err)
				}
				got, err := Hint(&back)
				if err != nil {
					t.Fatal(err)
				}
				if want.Action != got.Action {
					t.Fatalf("advice %s on the snapshot, %s on its JSON copy", want.Action, got.Action)
				}
				if err := tb.Submit(bg, Intent{Player: 0, Kind: IntentAction, Decision: s.View.StateID, Action: want.Action}); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// TestRandomGamesThroughTheTable is the property test: random and AI
// players of every level play matches through the table; each ends
// without a problem and its record replays to the same balances.
func TestRandomGamesThroughTheTable(t *testing.T) {
	levels := ai.Levels()
	for _, id := range allRules {
		for g := range 6 {
			cfg := LocalConfig{Rules: id, Seed: fmt.Sprint("random ", id, g), AutoNext: true, Hands: 3}
			for p := range cfg.Seats {
				cfg.Seats[p].Level = levels[(p+g)%len(levels)]
			}
			tb := open(t, cfg)
			<-tb.Done()
			s := snap(t, tb, Spectator)
			if !s.Info.Over || s.Info.Problem != "" {
				t.Fatalf("%s game %d: over %v, problem %q", id, g, s.Info.Over, s.Info.Problem)
			}
			rec, _ := tb.Record()
			m, err := rec.Replay(nil)
			if err != nil {
				t.Fatalf("%s game %d: %v", id, g, err)
			}
			if m.Balances != s.Info.Balances {
				t.Fatalf("%s game %d: balances %v replay as %v", id, g, s.Info.Balances, m.Balances)
			}
		}
	}
}

// FuzzResume: no save, however damaged, makes Resume panic or hang.
func FuzzResume(f *testing.F) {
	dir := f.TempDir()
	cfg := people("american", "fuzz", 0)
	cfg.SavePath = filepath.Join(dir, "seed.save")
	tb, err := NewLocal(cfg)
	if err != nil {
		f.Fatal(err)
	}
	for range 6 {
		s, _ := tb.Snapshot(bg, 0)
		if len(s.View.Legal) > 0 {
			tb.Submit(bg, Intent{Player: 0, Kind: IntentAction, Decision: s.View.StateID, Action: s.View.Legal[0]})
		}
	}
	tb.Close()
	good, _ := os.ReadFile(cfg.SavePath)
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add([]byte(`{"format":"fourwinds-table/1","config":{"rules":"hongkong","seed":"x"},"started":true}` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tb, err := decodeSave(data, "fuzz.save", func(c *LocalConfig) { c.SavePath = "" })
		if err == nil {
			tb.stop()
		}
	})
}

// TestDiscardPauseHoldsTheLastAnswer: a window stays open for the
// discard pause even when every seat has answered: the last answer is
// held, its seat owes nothing more, and the others still see the window.
func TestDiscardPauseHoldsTheLastAnswer(t *testing.T) {
	// A seed where player 0 is not the dealer: the dealer, a computer,
	// discards first, and player 0 is the last to answer its window.
	var tb *Local
	var s Snapshot
	for i := 0; ; i++ {
		cfg := people("classical", fmt.Sprint("pause ", i), 0)
		cfg.DiscardPause = time.Hour
		tb = open(t, cfg)
		if s = snap(t, tb, 0); s.Info.Winds[0] != rules.E {
			break
		}
	}
	if s.View.Phase != game.PhaseClaim || len(s.View.Legal) == 0 {
		t.Fatalf("phase %s, %d choices: want the dealer's first discard to answer", s.View.Phase, len(s.View.Legal))
	}
	if err := tb.Submit(bg, Intent{Player: 0, Kind: IntentAction, Decision: s.View.StateID, Action: s.View.Legal[0]}); err != nil {
		t.Fatal(err)
	}
	after := snap(t, tb, 0)
	if after.View.Phase != game.PhaseClaim || after.View.Pending != s.View.Pending || len(after.View.Legal) > 0 {
		t.Fatalf("after the last answer: phase %s, pending %s, %d choices; want the window still open and nothing owed",
			after.View.Phase, after.View.Pending, len(after.View.Legal))
	}
	if other := snap(t, tb, Spectator); other.View.Phase != game.PhaseClaim {
		t.Fatalf("the spectator sees phase %s before the pause is over", other.View.Phase)
	}
}
