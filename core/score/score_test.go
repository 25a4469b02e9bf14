package score

import (
	"encoding/json"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

func ruleset(t testing.TB, id string) (rules.Ruleset, rules.Options) {
	t.Helper()
	r, err := rules.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	return r, rules.DefaultOptions(r)
}

// TestHandHKTV4 is the worked example HK-TV-4: 56 points from a discard.
func TestHandHKTV4(t *testing.T) {
	r, o := ruleset(t, "hongkong")
	s, err := Hand(r, o, "234m 567m 5z [666z] [999p] +5z", rules.Context{Seat: rules.S, Round: rules.E, Dominant: rules.W, From: rules.W})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Valid || s.Value != 56 || s.Payments != nil || len(s.Items) == 0 {
		t.Errorf("sheet %+v: want valid, value 56, no payments", s)
	}
}

// TestHandClassicalPayments is CL-TV-4's hand: losers pay the winner.
func TestHandClassicalPayments(t *testing.T) {
	r, o := ruleset(t, "classical")
	s, err := Hand(r, o, "567p 23s 88m [777z] [111z] +4s", rules.Context{Seat: rules.E, Round: rules.S, Dominant: rules.S, From: rules.N})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if m["value"] != 72.0 {
		t.Errorf("value %v, want 72", m["value"])
	}
	want := map[string]any{"E": 432.0, "S": -144.0, "W": -144.0, "N": -144.0}
	if p, _ := m["payments"].(map[string]any); len(p) != 4 || p["E"] != want["E"] || p["S"] != want["S"] {
		t.Errorf("payments %v, want %v", m["payments"], want)
	}
	if got := s.Payments.String(); got != "E +432, S -144, W -144, N -144" {
		t.Errorf("payments read %q", got)
	}
}

func TestHandInvalidIsASheet(t *testing.T) {
	r, o := ruleset(t, "hongkong")
	s, err := Hand(r, o, "123m 456m 789m 11p 23s +9s", rules.Context{From: rules.NoWind})
	if err != nil {
		t.Fatal(err)
	}
	if s.Valid || s.Error == "" {
		t.Errorf("a hand that is not complete: %+v, want invalid with a reason", s)
	}
}

func TestHandErrors(t *testing.T) {
	r, o := ruleset(t, "hongkong")
	for _, tc := range []struct {
		hand string
		ctx  rules.Context
	}{
		{"234x +5z", rules.Context{From: rules.NoWind}},
		{"234m 567m 5z [666z] [999p] +5z", rules.Context{Seat: rules.S, From: rules.S}},
	} {
		if _, err := Hand(r, o, tc.hand, tc.ctx); err == nil {
			t.Errorf("%q %+v: no error", tc.hand, tc.ctx)
		}
	}
}

func TestWithBonus(t *testing.T) {
	if got, err := WithBonus("234m", "1f 3y"); err != nil || got != "234m bonus: 1f 3y" {
		t.Errorf("WithBonus = %q, %v", got, err)
	}
	if got, err := WithBonus("234m", ""); err != nil || got != "234m" {
		t.Errorf("no bonus: %q, %v", got, err)
	}
	if _, err := WithBonus("234m", "9f"); err == nil {
		t.Error("9f accepted as a bonus tile")
	}
}

func TestFlagsAndJoker(t *testing.T) {
	hk, hko := ruleset(t, "hongkong")
	jl, jlo := ruleset(t, "jilin")
	hs, js := hk.Setup(hko), jl.Setup(jlo)
	f, err := Flags([]string{"last-tile", "robbing-kong"}, hs)
	if err != nil || !f.Has(rules.LastTile) || !f.Has(rules.RobbingKong) {
		t.Errorf("Flags = %v, %v", f, err)
	}
	if _, err := Flags([]string{"lucky"}, hs); err == nil {
		t.Error("flag lucky accepted")
	}
	if _, err := Flags([]string{"joker-drawn"}, hs); err == nil {
		t.Error("jilin's joker-drawn accepted in hongkong")
	}
	if k, err := Joker("6p", js); err != nil || k.String() != "6p" {
		t.Errorf("Joker(6p) = %v, %v", k, err)
	}
	if k, err := Joker("", hs); err != nil || k != tile.None {
		t.Errorf("Joker(\"\") = %v, %v", k, err)
	}
	if _, err := Joker("6p", hs); err == nil {
		t.Error("a shared joker accepted in hongkong")
	}
	for _, s := range []string{"5x", "1f", "6p 7p"} {
		if _, err := Joker(s, js); err == nil {
			t.Errorf("Joker(%q) accepted", s)
		}
	}
}

func FuzzHand(f *testing.F) {
	f.Add("234m 567m 5z [666z] [999p] +5z", "hongkong")
	f.Add("567p 23s 88m [777z] [111z] +4s", "classical")
	f.Add("[1z2z3z] 11m +1m", "jilin")
	f.Fuzz(func(t *testing.T, notation, id string) {
		r, err := rules.Get(id)
		if err != nil {
			return
		}
		s, err := Hand(r, rules.DefaultOptions(r), notation, rules.Context{From: rules.NoWind})
		if err == nil && !s.Valid && s.Error == "" {
			t.Errorf("%q: invalid without a reason", notation)
		}
	})
}
