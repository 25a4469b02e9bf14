package table

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/record"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// replaysAsBooked checks that a party's game record of a sealed match
// (SealedRecord.Game) encodes, decodes and replays (record.Replay) to the
// hands and balances the party booked, with every verified hand's wall
// written out.
func replaysAsBooked(t *testing.T, whose string, r SealedRecord) {
	t.Helper()
	if r.Game == nil {
		t.Fatalf("%s sealed record has no game record", whose)
	}
	data, err := r.Game.Encode()
	if err != nil {
		t.Fatalf("%s game record: %v", whose, err)
	}
	rec, err := record.Decode(data)
	if err != nil {
		t.Fatalf("%s game record: %v", whose, err)
	}
	if rec.Header.Format != record.FormatWalls {
		t.Errorf("%s game record is of format %q; want %q", whose, rec.Header.Format, record.FormatWalls)
	}
	m, err := rec.Replay(nil)
	if err != nil {
		t.Fatalf("%s game record does not replay: %v", whose, err)
	}
	if !reflect.DeepEqual(m.History, r.History) || m.Balances != r.Balances || (m.Over && !r.Over) {
		t.Errorf("%s game record replays to %d hands, balances %v; the table booked %d hands, %v", whose, len(m.History), m.Balances, len(r.History), r.Balances)
	}
	booked := map[int]bool{}
	for _, h := range r.History {
		booked[h.Number] = true
	}
	for _, w := range rec.Header.Walls {
		if !booked[w.Hand] {
			t.Errorf("%s game record has the wall of hand %d, which the table did not book", whose, w.Hand)
		}
	}
}

// TestSealedRecordRulesets: whole sealed hands of several rulesets write,
// at every party, the same game record, which replays to the hands and
// balances the table booked.
// Under the race detector or -short, jilin's alone.
func TestSealedRecordRulesets(t *testing.T) {
	type match struct {
		id   string
		opts map[string]string
	}
	matches := []match{{"classical", nil}, {"french", nil}, {"american", nil}, {"jilin", nil}}
	if testing.Short() || raceOn {
		matches = matches[3:]
	}
	for _, c := range matches {
		t.Run(c.id, func(t *testing.T) {
			dealer, device, spectator, _ := sealedPartiesOf(t, SealedSetup{Rules: c.id, Options: c.opts, Seed: wall.SeedFromString("sealed record " + c.id), Hands: 1}, time.Minute, nil)
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			if err := dealer.Start(ctx); err != nil {
				t.Fatal(err)
			}
			person, _ := ai.New(ai.Novice, wall.SeedFromString("person"))
			if _, err := Autoplay(ctx, device, 3, person, nil); err != nil {
				t.Fatal(err)
			}
			sawTheEnd(ctx, t, dealer, spectator)
			want := dealer.Record()
			if len(want.History) != 1 || len(want.Game.Header.Walls) != 1 {
				t.Fatalf("%d hands booked, %d walls written; want 1 of each", len(want.History), len(want.Game.Header.Walls))
			}
			replaysAsBooked(t, "the dealer's", want)
			for name, p := range map[string]*Sealed{"device": device, "spectator": spectator} {
				if got := p.Record().Game; !reflect.DeepEqual(got, want.Game) {
					t.Errorf("the %s wrote another game record than the dealer", name)
				}
			}
		})
	}
}
