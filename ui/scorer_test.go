package ui

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/ui/words"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// scorerVector is a winning hand of a rules file's test vectors (CL-TV,
// HK-TV, FR-16, JL-15, AM-13), in the notation of the core's vector
// tests, with its context, options and the value the rules file gives.
type scorerVector struct {
	id, rules, hand        string
	seat, round, dom, from rules.Wind
	flags                  rules.Flag
	joker                  string   // jilin's joker in notation, or ""
	opts                   []string // KEY=VALUE
	value                  int
	net                    *[4]int // the payments the rules file gives, when it gives them
}

var scorerVectors = []scorerVector{
	{id: "CL-TV-1", rules: "classical", hand: "567p 23s 88m [777z] [111z] +4s", seat: rules.E, round: rules.S, from: rules.N, value: 72, net: &[4]int{432, -144, -144, -144}},
	{id: "CL-TV-2", rules: "classical", hand: "567p 23s 88m [777z] [111z] +4s", seat: rules.E, from: rules.N, value: 144, net: &[4]int{864, -288, -288, -288}},
	{id: "CL-TV-3a", rules: "classical", hand: "234p 345s 567s 6789m +6m", seat: rules.S, from: rules.NoWind, value: 24, net: &[4]int{-48, 96, -24, -24}},
	{id: "CL-TV-3b", rules: "classical", hand: "234p 345s 567s 6789m +6m", seat: rules.S, from: rules.W, value: 22, net: &[4]int{-44, 88, -22, -22}},
	{id: "CL-TV-3c", rules: "classical", hand: "234p 345s 567s 6789m +9m", seat: rules.S, from: rules.NoWind, value: 28, net: &[4]int{-56, 112, -28, -28}},
	{id: "CL-TV-4", rules: "classical", hand: "234s 67s 99s [666z] (5555s) +8s", seat: rules.N, from: rules.NoWind, flags: rules.KongReplacement, value: 240, net: &[4]int{-480, -240, -240, 960}},
	{id: "CL-TV-5", rules: "classical", hand: "123p 456p 78p 55p [222p] +9p", seat: rules.W, from: rules.S, flags: rules.RobbingKong, value: 192, net: &[4]int{-384, -192, 768, -192}},
	{id: "CL-TV-6", rules: "classical", hand: "19m 19p 19s 1234567z +1m", seat: rules.W, from: rules.N, value: 1500, net: &[4]int{-3000, -1500, 6000, -1500}},
	{id: "CL-TV-7", rules: "classical", hand: "234p 345s 567s 6789m +6m", seat: rules.S, from: rules.E, flags: rules.Earthly, value: 750, net: &[4]int{-1500, 3000, -750, -750}},
	{id: "HK-TV-4", rules: "hongkong", hand: "234m 567m 5z [666z] [999p] +5z", seat: rules.S, from: rules.W, dom: rules.W, value: 56},
	{id: "HK-TV-4 self-drawn", rules: "hongkong", hand: "234m 567m 5z [666z] [999p] +5z", seat: rules.S, from: rules.NoWind, dom: rules.W, value: 70},
	{id: "HK-TV-5", rules: "hongkong", hand: "111z 555p 777p 8p [333p] +8p", seat: rules.E, from: rules.NoWind, dom: rules.E, value: 688},
	{id: "HK-TV-6", rules: "hongkong", hand: "999s 11z 23m 456p [777z] bonus: 3f 1y", seat: rules.W, from: rules.NoWind, value: 88},
	{id: "HK-TV-7", rules: "hongkong", hand: "5555z 6666z 777z 44z +7z", seat: rules.N, from: rules.NoWind, value: 6000},
	{id: "HK-TV-7 East", rules: "hongkong", hand: "5555z 6666z 777z 11z +7z", seat: rules.E, from: rules.NoWind, value: 6000},
	{id: "HK-TV-8", rules: "hongkong", hand: "[222z] 147m 258p 369s 1p", seat: rules.S, round: rules.S, from: rules.NoWind, dom: rules.S, opts: []string{"HK-OPT-6=on"}, value: 32},
	{id: "HK-TV-9", rules: "hongkong", hand: "55z 66z 123m 456p 789s bonus: 1f 2f 3f 4f", seat: rules.W, from: rules.NoWind, value: 640},
	{id: "FR-16 T5", rules: "french", hand: "123p 456p 789s 11z 46m +5m", seat: rules.S, from: rules.W, flags: rules.RobbingKong, value: 68},
	{id: "FR-16 T7", rules: "french", hand: "123m 456p 789s 234s 9m +9m", seat: rules.S, from: rules.E, flags: rules.Invoked, value: 30},
	{id: "FR-16 T9", rules: "french", hand: "234s 78s 33z [555z] (1111p) +9s bonus: 4f", seat: rules.N, from: rules.NoWind, dom: rules.W, value: 268},
	{id: "FR-16 T9 last tile", rules: "french", hand: "234s 78s 33z [555z] (1111p) +9s bonus: 4f", seat: rules.N, from: rules.NoWind, dom: rules.W, flags: rules.LastTile, value: 536},
	{id: "FR-16 T10", rules: "french", hand: "[222m] 999s 77z 13m 468p bonus: 1f 1y", seat: rules.E, from: rules.NoWind, value: 80},
	{id: "FR-16 T10 calling", rules: "french", hand: "[222m] 999s 77z 13m 468p bonus: 1f 1y", seat: rules.E, from: rules.NoWind, flags: rules.Calling, opts: []string{"calling_hand=on"}, value: 32},
	{id: "FR-16 T13", rules: "french", hand: "55z 66z 123m 456p 789s bonus: 1f 2f 3f 4f", seat: rules.W, from: rules.NoWind, value: 640},
	{id: "JL-15 1", rules: "jilin", hand: "123p 456s 345m 777s 8m +8m", seat: rules.S, from: rules.NoWind, flags: rules.Ting, value: 4},
	{id: "JL-15 2", rules: "jilin", hand: "234m 456p 68s 55p [1z2z3z] +7s", seat: rules.W, from: rules.N, flags: rules.Ting, value: 2},
	{id: "JL-15 3", rules: "jilin", hand: "345p 678s 55s 5z7z [234m] +6z", seat: rules.E, from: rules.NoWind, flags: rules.Ting, value: 4},
	{id: "JL-15 4", rules: "jilin", hand: "234p 678p 555p 4z [1z2z3z] +4z", seat: rules.N, from: rules.S, flags: rules.Ting, value: 2},
	{id: "JL-15 5", rules: "jilin", hand: "2345m 123p 789p [777s] +6p", seat: rules.S, from: rules.NoWind, flags: rules.Ting | rules.JokerDrawn, joker: "6p", value: 4},
	{id: "JL-15 5b", rules: "jilin", hand: "2345m 123p 789p [777s] +5m", seat: rules.S, from: rules.NoWind, flags: rules.Ting | rules.JokerDrawn, joker: "5m", value: 8},
	{id: "JL-15 6", rules: "jilin", hand: "777p 5p 888s 123m 456m +6p", seat: rules.W, from: rules.E, flags: rules.Ting, value: 2},
	{id: "JL-15 7", rules: "jilin", hand: "555z 6z 456p 789s [123m] +7z", seat: rules.N, from: rules.NoWind, flags: rules.Ting, value: 2},
	{id: "JL-15 8", rules: "jilin", hand: "888s 9s 888p 123m 234s +7s", seat: rules.S, from: rules.W, flags: rules.Ting, value: 4},
	{id: "JL-15 8b", rules: "jilin", hand: "888s 9s 888p 123m 234s +9s", seat: rules.S, from: rules.W, flags: rules.Ting, value: 2},
	{id: "JL-15 9", rules: "jilin", hand: "111m 999p 222s 77s 77z +7z", seat: rules.E, from: rules.NoWind, flags: rules.Ting, value: 32},
	{id: "JL-15 11", rules: "jilin", hand: "11p 55p 33s 77s 22m 66m 8m +8m", seat: rules.W, from: rules.NoWind, flags: rules.Ting, value: 32},
	{id: "JL-15 12", rules: "jilin", hand: "22m 33m 55s 66s 77p 11z 4p +4p", seat: rules.E, from: rules.S, flags: rules.Ting, value: 32},
	{id: "JL-15 16", rules: "jilin", hand: "5p [123m] [777p] [456s] [999s] +5p", seat: rules.S, from: rules.N, flags: rules.Ting, value: 2},
	{id: "JL-15 17", rules: "jilin", hand: "[1z2z3z4z] 234m 567m 888m 9m +9m", seat: rules.S, from: rules.NoWind, flags: rules.Ting | rules.Compensation, value: 8},
	{id: "AM-13 1", rules: "american", hand: "222m 0j 5555z 2222p 6s +6s", from: rules.S, value: 25},
	{id: "AM-13 2", rules: "american", hand: "2222m 5555z 2222p 6s +6s", from: rules.NoWind, value: 25},
	{id: "AM-13 3", rules: "american", hand: "55p 666p 77p 0j 5z [888p0j] +5z", from: rules.S, value: 30},
	{id: "AM-13 6", rules: "american", hand: "222p 333s 444m 5p 111m +5p", from: rules.S, value: 35},
	{id: "AM-13 8", rules: "american", hand: "222z 00j 777s [4444z0j] +7s", from: rules.S, value: 45},
	{id: "AM-13 9", rules: "american", hand: "111m 222p 33s 1f2f3f4f1y +3s", from: rules.NoWind, value: 35},
	{id: "AM-13 10", rules: "american", hand: "1122334455667z +7z", from: rules.S, opts: []string{"jokerless_no_joker_lines=on"}, value: 50},
	{id: "AM-13 11", rules: "american", hand: "1111s 357s 99s 0j 777z +9s", from: rules.S, value: 35},
	{id: "AM-13 12", rules: "american", hand: "11f 226m 7777p 777s 0j +5z", from: rules.S, value: 30},
	{id: "AM-13 13", rules: "american", hand: "11111f 111m 22p 000j +2p", from: rules.S, value: 40},
	{id: "AM-13 14", rules: "american", hand: "11111f 22p 000j [111m] +2p", from: rules.NoWind, value: 35},
	{id: "AM-13 15", rules: "american", hand: "7777m 222p 14s [111f0j] +2p", from: rules.S, value: 30},
}

// tapHand builds hand (in notation) in s by tapping its tiles as a player
// would: the concealed tiles, each exposed group and concealed kong closed
// by choosing the next target, the bonus tiles, the winning tile.
func tapHand(t *testing.T, s *Scorer, hand string) {
	t.Helper()
	n, err := tile.ParseHand(hand)
	if err != nil {
		t.Fatal(err)
	}
	tap := func(target Target, ks []tile.Kind) {
		s.SetTarget(target)
		for _, k := range ks {
			s.Tap(k)
		}
	}
	tap(ToConcealed, n.Concealed)
	for _, g := range n.Groups {
		target := ToExposed
		if g.Kind == tile.ConcealedKong {
			target = ToKong
		}
		tap(target, g.Tiles)
	}
	tap(ToBonus, n.Bonus)
	if n.HasWinning() {
		tap(ToWinning, []tile.Kind{n.Winning})
	}
	s.SetTarget(ToConcealed)
}

// TestScorerVectors builds every ruleset's vectors by tapping tiles and
// checks the screen's breakdown (items with rule ids, value) and payments
// against rules.Score and rules.WinnerPayments (what `fourwinds score
// --json` prints) and the value (and payments) the rules file gives.
func TestScorerVectors(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range scorerVectors {
		seen[c.rules] = true
		t.Run(c.id, func(t *testing.T) {
			a, _ := newTestApp(t, noTables{}, fyne.NewSize(360, 640))
			s := NewScorer(a)
			s.SetRules(c.rules)
			m, err := rules.ParseAssignments(c.opts)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.SetOptions(m); err != nil {
				t.Fatal(err)
			}
			tapHand(t, s, c.hand)
			joker := tile.None
			if c.joker != "" {
				joker = tile.MustParse(c.joker)[0]
			}
			s.SetJoker(joker)
			s.SetContext(c.seat, c.round, c.dom, c.from, c.flags)
			want, _ := tile.ParseHand(c.hand)
			got, _ := tile.ParseHand(s.Notation())
			slices.Sort(want.Concealed)
			slices.Sort(got.Concealed)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("tapped %q, built %q", c.hand, s.Notation())
			}
			r, _ := rules.Get(c.rules)
			o, _ := rules.ResolveOptions(r, m)
			v, err := rules.Score(r, c.hand, rules.Context{Options: o, Seat: c.seat, Round: c.round, Dominant: c.dom,
				From: c.from, Flags: c.flags, Joker: joker})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(s.Valuation, v) {
				t.Errorf("scorer %+v\nfourwinds score %+v", s.Valuation, v)
			}
			value := v.Value
			if c.rules == "american" {
				value = v.Points // AM-13 gives the line's value, before the doublings
			}
			if !v.Valid || value != c.value {
				t.Errorf("%s: value %d, want %d (%s)", c.hand, value, c.value, v.Error)
			}
			net, paid := rules.WinnerPayments(r, o, c.seat, c.from, v.Value, c.flags)
			if s.Paid != paid || s.Payments != net {
				t.Errorf("scorer payments %v (%v), fourwinds score %v (%v)", s.Payments, s.Paid, net, paid)
			}
			if c.net != nil && net != *c.net {
				t.Errorf("payments %v, the rules file gives %v", net, *c.net)
			}
		})
	}
	for _, id := range rules.IDs() {
		if !seen[id] {
			t.Errorf("no scorer vector of ruleset %s", id)
		}
	}
}

// TestCardFileProblems: a card file's problems are shown by line and
// column, as `fourwinds card check` writes them; valid lines load.
func TestCardFileProblems(t *testing.T) {
	a, _ := newTestApp(t, noTables{}, fyne.NewSize(360, 640))
	f := &newGameForm{rules: "american", values: map[string]string{}}
	a.cardLoader(f)
	f.setCard("bad.txt", []byte("this is not a card line\n"))
	if f.card != "" || !strings.Contains(f.cardMsg.Text, "bad.txt:1:") {
		t.Errorf("bad card kept %q, message %q", f.card, f.cardMsg.Text)
	}
	house, err := os.ReadFile(filepath.Join("..", "assets", "rules", "house-card.txt"))
	if err != nil {
		t.Fatal(err)
	}
	f.setCard("house-card.txt", house)
	if f.card == "" || strings.Contains(f.cardMsg.Text, "house-card.txt:") {
		t.Errorf("the house card was refused: %q", f.cardMsg.Text)
	}
}

// TestLanguageSwitch: choosing Français in the settings speaks French.
func TestLanguageSwitch(t *testing.T) {
	a, w := newTestApp(t, noTables{}, fyne.NewSize(360, 640))
	defer words.Use("en")
	a.ShowSettings()
	var sel *widget.Select
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *widget.Select:
			if sel == nil {
				sel = x
			}
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case *container.Scroll:
			walk(x.Content)
		}
	}
	walk(w.Content())
	if sel == nil {
		t.Fatal("no language choice")
	}
	sel.SetSelected("Français")
	a.ShowHome()
	if findButton(w.Content(), "Nouvelle partie") == nil {
		t.Error("home is not in French after choosing Français")
	}
}

// TestHistory: a finished game is listed with its record to export.
func TestHistory(t *testing.T) {
	a, w := newTestApp(t, noTables{}, fyne.NewSize(360, 640))
	rec := filepath.Join(t.TempDir(), "game.jsonl")
	if err := os.WriteFile(rec, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	in := midHand().Info
	if err := addHistory(a.HistoryPath(), in, rec); err != nil {
		t.Fatal(err)
	}
	h, err := loadHistory(a.HistoryPath())
	if err != nil || len(h) != 1 || h[0].Balances != in.Balances || h[0].Record != rec {
		t.Fatalf("history %+v, %v", h, err)
	}
	a.ShowHistory()
	if findButton(w.Content(), words.T("history.export")) == nil {
		t.Error("the finished game has no Export button")
	}
}

// TestScorerCardFile: the scorer loads a user's american card (AM-11) as
// the new-game screen does, shows its problems by line and column, and
// values hands against it.
func TestScorerCardFile(t *testing.T) {
	a, _ := newTestApp(t, noTables{}, fyne.NewSize(360, 640))
	s := NewScorer(a)
	s.SetRules("american")
	const hand = "1111m 2222m 3333m 4m +4m"
	tapHand(t, s, hand)
	if s.Valuation.Valid {
		t.Fatalf("the house card pays %s on %s", s.Valuation.Line, hand)
	}
	s.form.setCard("bad.txt", []byte("@card Mine\nU1 | 1111a 2222a 3333a 44a | X 60 | mine | runs of kongs\nU2 | nonsense\n"))
	if !strings.Contains(s.form.cardMsg.Text, "bad.txt:3:") {
		t.Errorf("the bad line is not shown by line and column: %q", s.form.cardMsg.Text)
	}
	r, err := rules.GetWithCard("american", s.form.card)
	if err != nil {
		t.Fatal(err)
	}
	want, err := rules.Score(r, hand, rules.Context{Options: rules.DefaultOptions(r), Seat: rules.E, Round: rules.E,
		Dominant: rules.E, From: rules.NoWind, Joker: tile.None})
	if err != nil {
		t.Fatal(err)
	}
	if !want.Valid || want.Line != "U1" || !reflect.DeepEqual(s.Valuation, want) {
		t.Errorf("scorer %+v\nwith the card %+v", s.Valuation, want)
	}
}

// TestScorerWindsWhereTheyCount (issue 20): the scorer offers the round
// and dominant winds only where the ruleset scores them (rules.Setup);
// where winds do not count (american, jilin) the seat says who won, and
// turning hongkong's round wind on (HK-OPT-6) offers the round's wind.
func TestScorerWindsWhereTheyCount(t *testing.T) {
	a, _ := newTestApp(t, noTables{}, fyne.NewSize(360, 640))
	s := NewScorer(a)
	labels := func() []string {
		var out []string
		for _, f := range find[*widget.Form](s.contextBox) {
			for _, it := range f.Items {
				out = append(out, it.Text)
			}
		}
		return out
	}
	seat, winner, round, dominant, from := words.T("scorer.seat"), words.T("scorer.winner"), words.T("scorer.round"), words.T("scorer.dominant"), words.T("scorer.from")
	for _, c := range []struct {
		rules string
		opts  map[string]string
		want  []string
	}{
		{"american", nil, []string{winner, from}},
		{"jilin", nil, []string{winner, from}},
		{"classical", nil, []string{seat, round, from}},
		{"hongkong", nil, []string{seat, dominant, from}},
		{"hongkong", map[string]string{"HK-OPT-6": "on"}, []string{seat, round, dominant, from}},
		{"french", nil, []string{seat, round, dominant, from}},
	} {
		s.SetRules(c.rules)
		if err := s.SetOptions(c.opts); err != nil {
			t.Fatal(err)
		}
		if got := labels(); !slices.Equal(got, c.want) {
			t.Errorf("%s %v: the win's context offers %q, want %q", c.rules, c.opts, got, c.want)
		}
	}
}
