package ui

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/internal/uitest"
	"github.com/fourwinds-mahjong/fourwinds/ui/tileview"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// paletteTile is the scorer's palette tile of kind k.
func paletteTile(t *testing.T, s *Scorer, k tile.Kind) *tileview.Tile {
	t.Helper()
	var found *tileview.Tile
	walkObjects(s.body, func(o fyne.CanvasObject) {
		if tl, ok := o.(*tileview.Tile); ok && found == nil && tl.Kind == k && tl.OnTapped != nil && tl.OnDragged != nil {
			found = tl
		}
	})
	if found == nil {
		t.Fatalf("no palette tile %s", k)
	}
	return found
}

// tapShuffled taps the tiles of hand (plain tiles, no groups) on the
// palette in a shuffled order and returns the order.
func tapShuffled(t *testing.T, s *Scorer, hand string, seed uint64) []tile.Kind {
	t.Helper()
	ks := tile.MustParse(hand)
	rand.New(rand.NewPCG(seed, 1)).Shuffle(len(ks), func(i, j int) { ks[i], ks[j] = ks[j], ks[i] })
	for _, k := range ks {
		test.Tap(paletteTile(t, s, k))
	}
	return ks
}

// TestScorerFirstTry: a person who taps the 14 tiles of a winning hand, in
// any order, onto the scorer as it opens gets the hand scored, its last
// tile the winning one; one tap wins on another tile instead; a tap on a
// tile of the built hand takes it out; the guide says what to do in the
// person's language.
func TestScorerFirstTry(t *testing.T) {
	for seed := range uint64(5) {
		a, _ := newTestApp(t, noTables{}, fyne.NewSize(360, 640))
		s := showScorer(a)
		order := tapShuffled(t, s, "234p 345s 567s 6789m 6m", seed)
		if got, want := s.Hand.Winning, order[len(order)-1]; got != want {
			t.Fatalf("seed %d: winning tile %s, want the last tapped %s", seed, got, want)
		}
		if !s.Valuation.Valid || s.Valuation.Value == 0 {
			t.Fatalf("seed %d: %s not scored: %+v", seed, s.Notation(), s.Valuation)
		}
		if s.guide.Text() != words.T("scorer.guide.change") {
			t.Errorf("guide %q", s.guide.Text())
		}
		// One tap on another kind of the hand wins on it instead.
		other := tile.MustParse("2p")[0]
		if s.Hand.Winning == other {
			other = tile.MustParse("9m")[0]
		}
		var chip *tileview.Tile
		walkObjects(s.handBox.Objects[len(s.handBox.Objects)-1], func(o fyne.CanvasObject) {
			if tl, ok := o.(*tileview.Tile); ok && tl.Kind == other {
				chip = tl
			}
		})
		if chip == nil {
			t.Fatalf("no choice of %s as the winning tile", other)
		}
		test.Tap(chip)
		if s.Hand.Winning != other || !s.Valuation.Valid || len(s.Hand.Concealed) != 13 {
			t.Fatalf("after winning on %s: %s, valid %v", other, s.Notation(), s.Valuation.Valid)
		}
	}
}

func TestScorerTapInTheHandRemovesIt(t *testing.T) {
	a, _ := newTestApp(t, noTables{}, fyne.NewSize(360, 640))
	s := showScorer(a)
	tapShuffled(t, s, "234p 345s 567s 6789m 6m", 7)
	var built []*tileview.Tile
	walkObjects(s.handBox.Objects[0], func(o fyne.CanvasObject) {
		if tl, ok := o.(*tileview.Tile); ok {
			built = append(built, tl)
		}
	})
	if len(built) != 14 {
		t.Fatalf("the built hand shows %d tiles, want 14", len(built))
	}
	test.Tap(built[3]) // a concealed tile
	if n := len(s.Hand.Concealed); n != 12 || !s.Hand.HasWinning() {
		t.Fatalf("after taking a tile out: %s", s.Notation())
	}
	if s.Valuation.Valid {
		t.Error("a 13-tile hand with a winning tile was scored")
	}
	if want := words.N("scorer.guide.more", 1, nil); s.guide.Text() != want || want != "1 more tile to tap." {
		t.Errorf("guide %q, want %q", s.guide.Text(), want)
	}
	test.Tap(paletteTile(t, s, tile.MustParse("1z")[0]))
	if got := labelTexts(s.result); len(got) != 1 || got[0] != words.T("scorer.not_winning") {
		t.Errorf("a hand that does not win says %q, want the players' message", got)
	}
	// The group being built, a declared group and the winning tile come
	// out whole with one tap.
	s.Remove(partWinning, 0)
	if s.Hand.HasWinning() {
		t.Error("the winning tile stayed")
	}
}

func TestScorerSpeaksFrench(t *testing.T) {
	a, _ := newTestApp(t, noTables{}, fyne.NewSize(360, 640))
	if err := words.Use("fr"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = words.Use("en") })
	s := showScorer(a)
	for _, k := range tile.MustParse("11223m") {
		test.Tap(paletteTile(t, s, k))
	}
	if want := "Encore 9 tuiles à toucher."; s.guide.Text() != want {
		t.Errorf("guide %q, want %q", s.guide.Text(), want)
	}
	for _, k := range tile.MustParse("3m 456p 789s 77z") {
		test.Tap(paletteTile(t, s, k))
	}
	if !s.Valuation.Valid {
		t.Fatalf("%s not scored", s.Notation())
	}
	if want := "Touchez une tuile de la main pour la retirer (une combinaison part entière)."; s.guide.Text() != want {
		t.Errorf("guide %q, want %q", s.guide.Text(), want)
	}
}

// TestScorerTargetsAndScrolling: every tile a finger taps is at least 44
// wide on a phone, and the wheel over the tiles scrolls the page.
func TestScorerTargetsAndScrolling(t *testing.T) {
	a, w := newTestApp(t, noTables{}, fyne.NewSize(360, 640))
	s := showScorer(a)
	tapShuffled(t, s, "234p 345s 567s 6789m 6m", 3)
	walkObjects(s.body, func(o fyne.CanvasObject) {
		if tl, ok := o.(*tileview.Tile); ok && tl.OnTapped != nil && tl.Size().Width < 44 {
			t.Errorf("tile %s is %.0f wide; a target must be 44 or more", tl.Kind, tl.Size().Width)
		}
	})
	d := fyne.CurrentApp().Driver()
	at := func(o fyne.CanvasObject) fyne.Position {
		return d.AbsolutePositionForObject(o).Add(fyne.NewPos(5, 5))
	}
	p := paletteTile(t, s, tile.MustParse("5p")[0])
	y := s.scroll.Offset.Y
	test.Scroll(w.Canvas(), at(p), 0, -120)
	if s.scroll.Offset.Y <= y {
		t.Errorf("the wheel over the palette did not scroll (offset %.0f → %.0f)", y, s.scroll.Offset.Y)
	}
	// A touch drag on a palette tile is handed to the page's scroll (which
	// moves only on a touch device, as Fyne's scrolls do); the tile keeps
	// nothing of it.
	if p.OnDragged == nil || p.OnDragEnd == nil {
		t.Error("the palette's tiles swallow drags instead of scrolling the page")
	}
	var built *tileview.Tile
	walkObjects(s.handBox, func(o fyne.CanvasObject) {
		if tl, ok := o.(*tileview.Tile); ok && built == nil {
			built = tl
		}
	})
	y = s.scroll.Offset.Y
	test.Scroll(w.Canvas(), at(built), 0, -60)
	if s.scroll.Offset.Y <= y {
		t.Errorf("the wheel over the built hand did not scroll (offset %.0f → %.0f)", y, s.scroll.Offset.Y)
	}
}

// TestScorerFirstTryGolden shows the hand and its score after a first try,
// in English and French.
func TestScorerFirstTryGolden(t *testing.T) {
	for _, l := range []string{"en", "fr"} {
		a, w := newTestApp(t, noTables{}, fyne.NewSize(360, 640))
		a.fy.Settings().SetTheme(uitest.Theme(theme.VariantLight))
		if err := words.Use(l); err != nil {
			t.Fatal(err)
		}
		s := showScorer(a)
		tapShuffled(t, s, "234p 345s 567s 6789m 6m", 1)
		d := fyne.CurrentApp().Driver()
		top := d.AbsolutePositionForObject(s.guide).Y - d.AbsolutePositionForObject(s.scroll).Y + s.scroll.Offset.Y
		s.scroll.ScrollToOffset(fyne.NewPos(0, top))
		uitest.Golden(t, "scorer-first-try-"+l+".png", w.Canvas().Capture())
		_ = words.Use("en")
	}
}

// showScorer shows the scorer as the home screen's Scorer button does,
// and returns it.
func showScorer(a *App) *Scorer {
	a.closeGame()
	s := NewScorer(a)
	a.show(a.page(words.T("home.scorer"), s.Content()))
	return s
}

// labelTexts are the texts of the labels directly in c.
func labelTexts(c *fyne.Container) []string {
	var out []string
	for _, o := range c.Objects {
		switch l := o.(type) {
		case *widget.Label:
			out = append(out, l.Text)
		case *wordsLabel:
			out = append(out, l.Text())
		}
	}
	return out
}

// TestFrenchWrapsAtSpaces (issue 20): on a 360 px phone a wrapped
// French label never breaks at a no-break space, so that no line starts
// with the ":", ";", "!", "?" or "»" French typography sets after U+202F
// (Fyne's own wrapping breaks at any Unicode space): every French text
// with a no-break space, wrapped as the scorer's guide line and the
// sharing help texts are, at every width a 360 px screen gives a label
// (200 to 360, every 2 px).
func TestFrenchWrapsAtSpaces(t *testing.T) {
	test.NewTempApp(t)
	data, err := os.ReadFile(filepath.Join("..", "translations", "fr.json"))
	if err != nil {
		t.Fatal(err)
	}
	var fr map[string]any
	if err := json.Unmarshal(data, &fr); err != nil {
		t.Fatal(err)
	}
	n := 0
	for key, v := range fr {
		text, ok := v.(string)
		if !ok || !strings.ContainsAny(text, "\u202f\u00a0") {
			continue
		}
		n++
		l := wrapped(text)
		for w := float32(200); w <= 360; w += 2 {
			l.Resize(fyne.NewSize(w, 400))
			walkTexts(l, func(c *canvas.Text) {
				if c.Position().X > theme.InnerPadding() {
					return // not a line's start
				}
				if r := []rune(strings.TrimLeft(c.Text, " ")); len(r) > 0 && strings.ContainsRune(":;!?»", r[0]) {
					t.Errorf("%s at %v px: a line starts %q", key, w, c.Text)
				}
			})
		}
	}
	if n == 0 {
		t.Fatal("no French text with a no-break space")
	}
}

// walkTexts calls f on every text drawn under o.
func walkTexts(o fyne.CanvasObject, f func(*canvas.Text)) {
	switch x := o.(type) {
	case *canvas.Text:
		f(x)
	case *fyne.Container:
		for _, c := range x.Objects {
			walkTexts(c, f)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			walkTexts(c, f)
		}
	}
}

// TestScorerPaletteOfTheRuleset (issue 20): the scorer's palette offers
// the tiles the selected ruleset plays and no other: a joker only where
// the ruleset has jokers (american), not in Hong Kong's palette.
func TestScorerPaletteOfTheRuleset(t *testing.T) {
	a, _ := newTestApp(t, noTables{}, fyne.NewSize(360, 640))
	s := showScorer(a)
	for _, id := range rules.IDs() {
		s.SetRules(id)
		setup := s.rules.Setup(s.ctx.Options)
		var got, want []tile.Kind
		walkObjects(s.body, func(o fyne.CanvasObject) {
			if tl, ok := o.(*tileview.Tile); ok && tl.OnTapped != nil && tl.OnDragged != nil {
				got = append(got, tl.Kind) // a palette tile (paletteTile)
			}
		})
		for k := tile.Kind(0); k < tile.NumKinds; k++ {
			if setup.Tiles[k] > 0 {
				want = append(want, k)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: the palette offers %v, want the tiles in play %v", id, got, want)
		}
		if has := slices.Contains(got, tile.Joker); has != setup.Jokers {
			t.Errorf("%s: the palette offers a joker: %v; the ruleset plays jokers: %v", id, has, setup.Jokers)
		}
	}
}
