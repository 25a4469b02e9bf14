package ui

import (
	"reflect"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// TestScorerVectors builds the rules files' vectors by tapping tiles and
// checks the itemised score against rules.Score (what `fourwinds score`
// prints) and the value the rules file gives.
func TestScorerVectors(t *testing.T) {
	for _, c := range []struct {
		name, rules string
		concealed   string
		exposed     []string
		kongs       []string
		bonus       string
		winning     string
		seat, round rules.Wind
		dominant    rules.Wind
		from        rules.Wind
		flags       rules.Flag
		want        int
	}{
		{"FR-16 T9 full score", "french", "234s 78s 33z", []string{"555z"}, []string{"1111p"}, "4f", "9s",
			rules.N, rules.E, rules.W, rules.NoWind, 0, 268},
		{"FR-16 T9 on the last tile", "french", "234s 78s 33z", []string{"555z"}, []string{"1111p"}, "4f", "9s",
			rules.N, rules.E, rules.W, rules.NoWind, rules.LastTile, 536},
		{"FR-16 T5 robbing a kong", "french", "123p 456p 789s 11z 4m 6m", nil, nil, "", "5m",
			rules.S, rules.E, rules.E, rules.W, rules.RobbingKong, 68},
	} {
		t.Run(c.name, func(t *testing.T) {
			a, _ := newTestApp(t, noTables{}, fyne.NewSize(360, 640))
			s := NewScorer(a)
			s.SetRules(c.rules)
			tap := func(target Target, notation string) {
				s.SetTarget(target)
				for _, k := range tile.MustParse(notation) {
					s.Tap(k)
				}
			}
			tap(ToConcealed, c.concealed)
			for _, g := range c.exposed {
				tap(ToExposed, g)
			}
			for _, g := range c.kongs {
				tap(ToKong, g)
			}
			tap(ToBonus, c.bonus)
			tap(ToWinning, c.winning)
			s.SetContext(c.seat, c.round, c.dominant, c.from, c.flags)
			r, _ := rules.Get(c.rules)
			want, err := rules.Score(r, s.Notation(), rules.Context{Options: rules.DefaultOptions(r), Seat: c.seat,
				Round: c.round, Dominant: c.dominant, From: c.from, Flags: c.flags, Joker: tile.None})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(s.Valuation, want) {
				t.Errorf("scorer %+v\nfourwinds score %+v", s.Valuation, want)
			}
			if s.Valuation.Value != c.want {
				t.Errorf("%s: value %d, want %d (%s)", s.Notation(), s.Valuation.Value, c.want, s.Valuation.Error)
			}
		})
	}
}
