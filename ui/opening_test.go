package ui

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
)

// TestOpeningTotalsUnsigned (issue 20): at the start of a match of every
// ruleset the seat panels show each player's starting total as a plain
// number ("1500" in classical, "0" elsewhere), never as a payment
// ("+1500"); the sheet's totals too, its payments signed.
func TestOpeningTotalsUnsigned(t *testing.T) {
	for _, id := range rules.IDs() {
		t.Run(id, func(t *testing.T) {
			cfg := table.LocalConfig{Rules: id, Seed: "opening", Pace: time.Hour}
			cfg.Seats[0] = table.SeatConfig{Name: "Ann", Kind: table.SeatHuman}
			for p := 1; p < 4; p++ {
				cfg.Seats[p] = table.SeatConfig{Name: "Bo" + strconv.Itoa(p), Kind: table.SeatAI, Level: ai.Novice}
			}
			tb, err := table.NewLocal(cfg)
			if err != nil {
				t.Fatal(err)
			}
			snap, err := tb.Snapshot(context.Background(), 0)
			tb.Close()
			if err != nil {
				t.Fatal(err)
			}
			_, _, s := openStill(t, snap)
			heads := 0
			for _, l := range find[*textLine](s.app.win.Content()) {
				for p := range 4 {
					figure, ok := strings.CutPrefix(l.text, snap.Info.Seats[p].Name+" ")
					if _, err := strconv.Atoi(figure); !ok || err != nil {
						continue // not the panel's head
					}
					heads++
					if want := snap.Info.Seats[p].Name + " " + strconv.Itoa(snap.Info.Balances[p]); l.text != want {
						t.Errorf("a seat panel says %q, want %q", l.text, want)
					}
				}
			}
			if heads < 3 {
				t.Errorf("found %d seat panels' names", heads)
			}
		})
	}
	if got := total(1500) + " " + total(-40) + " " + payment(40) + " " + payment(-40); got != "1500 -40 +40 -40" {
		t.Errorf("totals and payments written %q", got)
	}
}
