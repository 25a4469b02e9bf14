package simple

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
)

func TestNewNeedsEveryID(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("New with a rename that misses ids must panic")
		}
	}()
	New(map[string]string{"HK-S-1": "X-1"})
}

func TestCited(t *testing.T) {
	ids := New(nil).Rules()
	for _, id := range []string{"HK-S-1", "HK-S-32", "HK-G-8", "HK-S-36", "HK-A-2", "HK-S-37"} {
		if !rules.HasRule(ids, id) {
			t.Errorf("%s is not cited", id)
		}
	}
	if rules.HasRule(ids, "HK-S-5") {
		t.Error("HK-S-5 (chow, 0 points) gives no item")
	}
}

func TestLedgerEntry(t *testing.T) {
	for _, c := range []struct {
		w     rules.Wind
		v     int
		cfg   Config
		entry int
	}{
		{rules.S, 700, Config{Limit: 1000}, 700},
		{rules.E, 700, Config{Limit: 1000}, 1400},
		{rules.E, 700, Config{Limit: 1000, DoubleFirst: true}, 1000},
		{rules.E, 300, Config{Limit: 1000, DoubleFirst: true}, 600},
		{rules.E, 6000, Config{Limit: 1000, DoubleFirst: true}, 12000},
		{rules.E, 700, Config{DoubleFirst: true}, 1400},
	} {
		if got := ledgerEntry(c.w, c.v, c.cfg); got != c.entry {
			t.Errorf("%s %d %+v: %d, want %d", c.w, c.v, c.cfg, got, c.entry)
		}
	}
}

func TestSettleVoid(t *testing.T) {
	s := New(nil)
	in := rules.SettleInput{Winner: rules.NoWind, Values: [4]int{10, 20, 30, 40}}
	if got := s.Settle(in, Config{}); !got.Ledger || got.Net != [4]int{} || len(got.Transfers) != 0 {
		t.Errorf("void, simple: %+v", got)
	}
	if got := s.Settle(in, Config{Advanced: true}); got.Ledger || got.Net != [4]int{} || len(got.Transfers) != 0 {
		t.Errorf("void, advanced: %+v", got)
	}
}
