package ledger

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/classical"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/hongkong"
)

var players = [4]string{"Ana", "Ben", "Chloé", "Dai"}

func TestClassicalSession(t *testing.T) {
	r := classical.Ruleset{}
	o := rules.DefaultOptions(r)
	l := New(r, o, players)
	// Hand 1: Ben is East and wins 72 on Dai's discard (CL-TV-1 amounts).
	seats := [4]int{1, 2, 3, 0}
	h, err := l.Settle(r, seats, rules.SettleInput{Options: o, Winner: rules.E, From: rules.N, Values: [4]int{72, 0, 0, 0}})
	if err != nil {
		t.Fatal(err)
	}
	if h.Winner != 1 || h.From != 0 || h.Net != [4]int{-144, 432, -144, -144} || len(h.Transfers) != 3 || h.Values[1] != 72 {
		t.Errorf("hand %+v", h)
	}
	// Hand 2: Chloé (South) self-draws 24 (CL-TV-3).
	if _, err := l.Settle(r, seats, rules.SettleInput{Options: o, Winner: rules.S, From: rules.NoWind, Values: [4]int{0, 24, 0, 0}}); err != nil {
		t.Fatal(err)
	}
	if got := l.Totals(); got != [4]int{1500 - 144 - 24, 1500 + 432 - 48, 1500 - 144 + 96, 1500 - 144 - 24} {
		t.Errorf("totals %v", got)
	}
	if h, ok := l.Undo(); !ok || h.Winner != 2 || len(l.Hands) != 1 {
		t.Errorf("undo %+v %v", h, ok)
	}
	l.Undo()
	if _, ok := l.Undo(); ok || l.Totals() != [4]int{1500, 1500, 1500, 1500} {
		t.Error("undo of an empty ledger")
	}
}

func TestLedgerSystemAndJSON(t *testing.T) {
	r := hongkong.Ruleset{}
	o := rules.DefaultOptions(r)
	l := New(r, o, players)
	if l.Start != 0 {
		t.Errorf("a ledger system starts at 0, got %d", l.Start)
	}
	seats := [4]int{0, 1, 2, 3}
	if _, err := l.Settle(r, seats, rules.SettleInput{Options: o, Winner: rules.E, From: rules.NoWind, Values: [4]int{688, 20, 0, 8}}); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Settle(r, seats, rules.SettleInput{Options: o, Winner: rules.NoWind, From: rules.NoWind}); err != nil {
		t.Fatal(err)
	}
	if got := l.Totals(); got != [4]int{1376, 20, 0, 8} || !l.Hands[0].Ledger || l.Hands[1].Winner != NoPlayer {
		t.Errorf("totals %v hands %+v", got, l.Hands)
	}
	b, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	var back Ledger
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Totals() != l.Totals() || back.Players != players || len(back.Hands) != 2 {
		t.Errorf("round trip %+v", back)
	}
}

func TestErrors(t *testing.T) {
	r := classical.Ruleset{}
	l := New(r, rules.DefaultOptions(r), players)
	in := rules.SettleInput{Options: rules.DefaultOptions(r), Winner: rules.E, From: rules.NoWind}
	for _, c := range []struct {
		r     rules.Ruleset
		seats [4]int
		in    rules.SettleInput
	}{
		{hongkong.Ruleset{}, [4]int{0, 1, 2, 3}, in},
		{r, [4]int{0, 1, 1, 3}, in},
		{r, [4]int{0, 1, 2, 4}, in},
		{r, [4]int{0, 1, 2, 3}, rules.SettleInput{Winner: 7}},
	} {
		if _, err := l.Settle(c.r, c.seats, c.in); !errors.Is(err, ErrLedger) {
			t.Errorf("%+v: %v, want ErrLedger", c, err)
		}
	}
	if len(l.Hands) != 0 {
		t.Error("a refused hand was recorded")
	}
}
