package ai_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// hintView builds the view of a hand in notation for seat S in the East
// round (dominant East), the rest of the table empty.
func hintView(t testing.TB, id, notation string) *game.View {
	t.Helper()
	r, err := rules.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	n, err := tile.ParseHand(notation)
	if err != nil {
		t.Fatal(err)
	}
	h, err := rules.HandFromNotation(n)
	if err != nil {
		t.Fatal(err)
	}
	cfg := game.HandConfig{Ruleset: r, Options: rules.DefaultOptions(r), Seed: wall.SeedFromString("hint test"), Number: 1, Round: rules.E}
	v, err := game.HintView(cfg, rules.S, rules.E, h)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestHintKnownHands checks the advice on hands whose best move is clear.
func TestHintKnownHands(t *testing.T) {
	for _, c := range []struct {
		rules, hand, action, key, text string
	}{
		{"hongkong", "123m 456p 789s 55m 45p 9m", "discard 9m", "hint.ready", "keeps two ways to finish: 3p or 6p, 7 tiles live"},
		{"classical", "123m 456p 789s 55m 45p 9m", "discard 9m", "hint.ready", "keeps two ways to finish: 3p or 6p, 7 tiles live"},
		{"hongkong", "123m 456p 78s 55m 46p 9s 3z", "discard 3z", "hint.ready", "keeps one way to finish: 5p, 3 tiles live"},
		{"french", "123m 456p 789s 55m 45p +6p", "self-draw 6p", "hint.win", "the hand is worth 35"},
		{"classical", "123m 456p 789s 55m 45p +6p", "self-draw 6p", "hint.win", ""},
		{"hongkong", "124m 567m 1289p 45s 66z", "", "hint.efficient", ""},
		{"jilin", "234m 456p 68s 55p 777z 9m", "discard 9m +ting", "hint.ting", "ready on 7s, 4 tiles live; only a hand that announced TING may win"},
		{"jilin", "234m 456p 678s 5p 9m 1z2z3z", "expose 123z", "hint.expose", "the combination scores 3 at the end of the hand, and only exposed ones do once anyone announces TING"},
		{"hongkong", "1111m 234p 567p 789s 5z", "", "", ""},
	} {
		v := hintView(t, c.rules, c.hand)
		a := ai.Hint(v)
		if !slices.Contains(v.Legal, a.Action) || a.Options[0].Action != a.Action || len(a.Options) != len(v.Legal) {
			t.Errorf("%s %q: advice %v is not the first of %d options among the legal actions", c.rules, c.hand, a.Action, len(a.Options))
		}
		if c.action != "" && a.Action.String() != c.action {
			t.Errorf("%s %q: suggests %v, want %s (%s)", c.rules, c.hand, a.Action, c.action, a.Reason.Text)
		}
		if c.key != "" && a.Reason.Key != c.key {
			t.Errorf("%s %q: reason %q, want %q", c.rules, c.hand, a.Reason.Key, c.key)
		}
		if c.text != "" && a.Reason.Text != c.text {
			t.Errorf("%s %q: reason %q, want %q", c.rules, c.hand, a.Reason.Text, c.text)
		}
		for i := 1; i < len(a.Options); i++ {
			if a.Options[i].Score > a.Options[i-1].Score {
				t.Errorf("%s %q: options not ranked: %v before %v", c.rules, c.hand, a.Options[i-1], a.Options[i])
			}
		}
	}
}

// TestHintFigures checks the figures of the ready option.
func TestHintFigures(t *testing.T) {
	a := ai.Hint(hintView(t, "hongkong", "123m 456p 789s 55m 45p 9m"))
	o := a.Options[0]
	if o.Shanten != 0 || o.Live != 7 || !slices.Equal(o.Improve, tile.MustParse("3p6p")) || o.Danger != 0 || o.Value <= 0 || o.Win <= 0 || o.Win >= 1 {
		t.Errorf("ready option = %+v; want shanten 0, 7 live on 3p 6p, no danger, a value and a chance", o)
	}
	if worst := a.Options[len(a.Options)-1]; worst.Shanten < 1 {
		t.Errorf("the worst option %+v keeps the hand ready", worst)
	}
}

// TestHintNoDecision checks the advice when the seat has nothing to decide.
func TestHintNoDecision(t *testing.T) {
	v := hintView(t, "hongkong", "123m 456p 789s 55m 45p 9m")
	v.Legal = nil
	if a := ai.Hint(v); a.Reason.Key != "hint.none" || len(a.Options) != 0 {
		t.Errorf("no legal action: advice %+v", a)
	}
}

// TestMessages checks that every reason has an English text and that the
// English rendering fills every argument.
func TestMessages(t *testing.T) {
	msgs := ai.Messages()
	for _, key := range []string{"hint.none", "hint.win", "hint.ready", "hint.calling", "hint.efficient", "hint.value", "hint.defend", "hint.claim", "hint.claim.ready", "hint.pass", "hint.kong", "hint.invoke.pass", "hint.ting", "hint.expose", "hint.extend"} {
		if msgs[key].Other == "" {
			t.Errorf("no English text for %s", key)
		}
	}
	for _, id := range []string{"hongkong", "classical", "french"} {
		for _, h := range []string{"124m 567m 1289p 45s 66z", "123m 456p 789s 55m 45p 9m", "19m 19p 19s 1234567z 9s"} {
			a := ai.Hint(hintView(t, id, h))
			if strings.Contains(a.Reason.Text, "{{") || a.Reason.Text == "" || msgs[a.Reason.Key].Other == "" {
				t.Errorf("%s %q: reason %+v", id, h, a.Reason)
			}
		}
	}
}

// FuzzHint gives the hint any hand: it must not panic, and must suggest a
// legal action whenever the hand makes a view.
func FuzzHint(f *testing.F) {
	for _, s := range []string{"123m 456p 789s 55m 45p 9m", "19m 19p 19s 1234567z 9s", "1111m 234p 567p 789s 5z", "123m [555z] [666z] 77z 89s +7s", "12345678m 11z 2z 3z 4z 5z"} {
		f.Add("hongkong", s)
		f.Add("classical", s)
	}
	r0, _ := rules.Get("hongkong")
	f.Fuzz(func(t *testing.T, id, notation string) {
		r, err := rules.Get(id)
		if err != nil {
			r = r0
		}
		n, err := tile.ParseHand(notation)
		if err != nil {
			return
		}
		h, err := rules.HandFromNotation(n)
		if err != nil {
			return
		}
		cfg := game.HandConfig{Ruleset: r, Options: rules.DefaultOptions(r), Seed: wall.SeedFromString("fuzz"), Number: 1, Round: rules.E}
		v, err := game.HintView(cfg, rules.W, rules.S, h)
		if err != nil {
			return
		}
		if a := ai.Hint(v); len(v.Legal) > 0 && !slices.Contains(v.Legal, a.Action) {
			t.Fatalf("%q: advice %v not among %v", notation, a.Action, v.Legal)
		}
	})
}

// TestEveryLevelAnnouncesTing checks that every level announces TING when
// its discard leaves the hand ready: in Jilin no other hand may win
// (JL-9.5).
func TestEveryLevelAnnouncesTing(t *testing.T) {
	v := hintView(t, "jilin", "234m 456p 68s 55p 777z 9m")
	for _, l := range []ai.Level{ai.Novice, ai.Intermediate, ai.Expert} {
		p, _ := ai.New(l, wall.SeedFromString("ting"))
		if a := p.Decide(v); a.String() != "discard 9m +ting" {
			t.Errorf("%s plays %v, want discard 9m +ting", l, a)
		}
	}
}
