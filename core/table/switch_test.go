package table

import (
	"context"
	"fmt"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/record"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

func TestVoidedBetween(t *testing.T) {
	h := func(seeds ...string) []game.HandSummary {
		var out []game.HandSummary
		for _, s := range seeds {
			out = append(out, game.HandSummary{Seed: wall.SeedFromString(s)})
		}
		return out
	}
	for _, c := range []struct {
		name     string
		old, now Info
		want     *Voided
	}{
		{"the same hands", Info{Started: true, Hand: 2, History: h("a", "b")}, Info{History: h("a", "b")}, nil},
		{"behind the newer dealer", Info{Started: true, Hand: 1, History: h("a")}, Info{History: h("a", "b")}, nil},
		{"cut short in hand 2", Info{Started: true, Hand: 2, History: h("a")}, Info{History: h("a")}, &Voided{From: 2, To: 2, Term: 3}},
		{"two hands dealt alone", Info{Started: true, Hand: 3, History: h("a", "x", "y")}, Info{History: h("a", "b")}, &Voided{From: 2, To: 3, Term: 3}},
		{"a third hand under way alone", Info{Started: true, Hand: 4, History: h("a", "x", "y")}, Info{History: h("a")}, &Voided{From: 2, To: 4, Term: 3}},
		{"the match over alone", Info{Started: true, Over: true, Hand: 3, History: h("x", "y", "z")}, Info{}, &Voided{From: 1, To: 3, Term: 3}},
	} {
		got := voidedBetween(c.old, c.now, 3)
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: voided %+v, want %+v", c.name, got, c.want)
		}
	}
}

// TestASwitchMovesItsScreensToTheNewerTable: a screen follows a table
// through a Switch; the table moves to another that went on from hand 1
// with its own hand 2 (a newer dealer's). The screen's stream goes on
// without a gap in its numbers: an update with the new table's snapshot,
// saying that hands 2 on of the first table are void, then the new
// table's updates to its end, each saying so; intents go to the new
// table.
func TestASwitchMovesItsScreensToTheNewerTable(t *testing.T) {
	ctx := context.Background()
	a, err := NewLocal(LocalConfig{Rules: "hongkong", Seed: "cut off", AutoNext: true, Hands: 3, Hold: true, HandSeed: handSeeds})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	sw := NewSwitch(a)
	_, sub, err := sw.Subscribe(ctx, Spectator)
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Close()
	if err := a.Start(ctx); err != nil {
		t.Fatal(err)
	}
	var last uint64
	var mid *Snapshot
	for mid == nil {
		u := <-sub.Updates()
		if last != 0 && u.Seq != last+1 {
			t.Fatalf("update %d after %d", u.Seq, last)
		}
		last = u.Seq
		if v := u.Snapshot.View; v != nil && v.Number == 2 && v.Phase != game.PhaseEnd {
			s := u.Snapshot
			mid = &s
		}
	}
	other := func(ctx context.Context, n int) (wall.Seed, error) {
		return wall.SeedFromString(fmt.Sprint("the newer dealer's hand ", n)), nil
	}
	b, err := NewLocal(LocalConfig{Rules: "hongkong", Options: mid.Info.Options, AutoNext: true, Hands: 3, Hold: true, HandSeed: other,
		From: &record.Continuation{Standing: *mid.Info.Standing, History: mid.Info.History}})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := sw.Move(ctx, b, Spectator, 1); err != nil {
		t.Fatal(err)
	}
	a.Close()
	if err := b.Start(ctx); err != nil {
		t.Fatal(err)
	}
	var end Snapshot
	moved := false
	for u := range sub.Updates() {
		if u.Seq != last+1 {
			t.Fatalf("update %d after %d", u.Seq, last)
		}
		last = u.Seq
		v := u.Snapshot.Info.Voided
		if v == nil && !moved {
			continue // the first table's, sent before the move
		}
		moved = true
		if v == nil || v.From != 2 || v.To < 2 || v.Term != 1 {
			t.Fatalf("update %d says %+v voided; want hands 2 on, term 1", u.Seq, v)
		}
		if end = u.Snapshot; end.Info.Over {
			break
		}
	}
	if !end.Info.Over || len(end.Info.History) != 3 {
		t.Fatalf("the screen ended with %d hands (over %v)", len(end.Info.History), end.Info.Over)
	}
	if want, _ := other(ctx, 2); end.Info.History[1].Seed != want {
		t.Error("hand 2 is not the newer table's")
	}
	if s, err := sw.Snapshot(ctx, Spectator); err != nil || s.Info.Voided == nil || !s.Info.Over {
		t.Errorf("the switch's snapshot: voided %+v, over %v (%v)", s.Info.Voided, s.Info.Over, err)
	}
	if err := sw.Submit(ctx, Intent{Player: 0, Kind: IntentNextHand}); err == nil {
		t.Error("an intent after the match's end was taken")
	}
}
