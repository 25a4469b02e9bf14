package ui

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/ui/words"

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
