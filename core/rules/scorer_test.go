package rules_test

import (
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/classical"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/hongkong"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

func TestScore(t *testing.T) {
	r := hongkong.Ruleset{}
	ctx := rules.Context{Options: rules.DefaultOptions(r), Seat: rules.S, From: rules.W, Dominant: rules.W, Joker: tile.None}
	v, err := rules.Score(r, "234m 567m 5z [666z] [999p] +5z", ctx)
	if err != nil || !v.Valid || v.Value != 56 {
		t.Errorf("HK-TV-4: %+v %v", v, err)
	}
	if _, err := rules.Score(r, "234x", ctx); err == nil {
		t.Error("bad notation must be an error")
	}
	v, err = rules.Score(r, "234m 567m [55z] [666z] [999p] +5z", ctx)
	if err != nil || v.Valid || !strings.Contains(v.Error, "pair") {
		t.Errorf("a bracketed pair: %+v %v, want invalid", v, err)
	}
	if name := rules.EnglishName(v.Error); name != v.Error {
		t.Error("an unknown key is its own name")
	}
	if rules.EnglishName("score.mahjong") != "Going mahjong" {
		t.Errorf("English name %q", rules.EnglishName("score.mahjong"))
	}
}

func TestWinnerPayments(t *testing.T) {
	c := classical.Ruleset{}
	net, ok := rules.WinnerPayments(c, rules.DefaultOptions(c), rules.E, rules.N, 72, 0)
	if !ok || net != [4]int{432, -144, -144, -144} {
		t.Errorf("CL-TV-1 payments %v %v", net, ok)
	}
	h := hongkong.Ruleset{}
	if _, ok := rules.WinnerPayments(h, rules.DefaultOptions(h), rules.E, rules.N, 72, 0); ok {
		t.Error("hongkong's ledger passes no points")
	}
}
