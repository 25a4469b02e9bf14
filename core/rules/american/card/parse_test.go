package card_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules/american/card"
)

// good is a valid line placed before each bad one, so that the card loads.
const good = "Y3 | 2222a 0000 2222b 66c | X 25 | year | ok\n"

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		line      string // line 2 of the file
		col       int
		wantInMsg string
	}{
		{"Y1 2026a 222b 666b EEEE", 1, "5 fields"},
		{"Y1 | 2026 222b 666b EEEE | X 30 | year | n", 6, "needs a class a, b or c"},
		{"Y1 | 2026a 000a 666b EEEEE | X 30 | year | n", 15, "takes no class"},
		{"Y1 | 2026a 222b 666b EEEE! | X 30 | year | n", 26, "has no digit 1-9"},
		{"Y1 | 2026a 222b 666b EEEEq | X 30 | year | n", 26, `'q' after group "EEEE"`},
		{"Y1 | 2026a 222b 666b xx EEEE | X 30 | year | n", 22, "cannot start a group"},
		{"Y1 | 2026a! 222b! 666b! EEEE | Z 30 | year | n", 32, "X (exposures allowed) or C"},
		{"Y1 | 2026a 222b 666b EEEE | X | year | n", 29, "missing value"},
		{"Y1 | 2026a 222b 666b EEEE | X 030 | year | n", 31, "positive integer"},
		{"Y1 | 2026a 222b 666b EEEE | X 99999999999999999999 | year | n", 31, "positive integer"},
		{"Y1 | 2026a 222b 666b EEEE | X 30 j=1 | year | n", 34, "only k=any or k=LIST"},
		{"Y1 | 2026a 222b 666b EEEE | X 30 k=1,3.. | year | n", 38, `k item "3.."`},
		{"Y1 | 2026a 222b 666b EEEE | X 30 k=3..1 | year | n", 36, "is empty"},
		{"Y1 | 2026a 222b 666b EEEE | X 30 k=1 more | year | n", 38, `"more" after the k= shift`},
		{"Y 1 | 2026a 222b 666b EEEE | X 30 | year | n", 2, `id "Y 1"`},
		{"Y1 | 2026a 222b 666b EEEE | X 30 | | n", 36, "missing category"},
		{"Y1 |  | X 30 | year | n", 7, "empty pattern"},
		{"é1 | 2026a 222b 666b EEEE | X 30 | year | n", 1, `'é'`},
		{"Y1 | 2026a 222b 666b EEEé | X 30 | year | n", 25, `'é'`},
		// AM-11.8 load validation.
		{"Y3 | 2222a 0000 2222b 66c | X 25 | year | twice", 1, `duplicate id "Y3"`},
		{"Y1 | 2026a 222b 666b EEE | X 30 | year | n", 6, "holds 13 tiles"},
		{"Q9 | 1111111a 1111111b | X 30 | quint | n", 6, "group of 7 1"},
		{"R9 | 11a 222a 333a 4444a DDa | X 30 k=9 | run | n", 32, "no shift k"},
		{"P9 | NN NN NN EEEE WWWW | X 30 | honors | n", 6, "not makeable"},
		{"P8 | 111111a 111111a 11a | X 30 | quint | n", 6, "not makeable"},
		{"@year 20x6", 7, "@year needs a year"},
		{"@card", 1, "@card needs a name"},
	} {
		_, err := card.Parse("t.txt", []byte(good+tc.line+"\n"))
		var pe *card.ParseError
		if !errors.As(err, &pe) || !errors.Is(err, card.ErrCard) {
			t.Errorf("%q: err = %v, want a *ParseError", tc.line, err)
			continue
		}
		if len(pe.Problems) == 0 {
			t.Errorf("%q: no problem listed", tc.line)
			continue
		}
		p := pe.Problems[0]
		if p.Line != 2 || p.Col != tc.col || !strings.Contains(p.Msg, tc.wantInMsg) {
			t.Errorf("%q: first problem %v, want 2:%d: ...%s...", tc.line, p, tc.col, tc.wantInMsg)
		}
	}
}

func TestParseKeepsValidLines(t *testing.T) {
	file := "# comment\n\n@card Test\n@year 2030\n@color blue\n" +
		good +
		"B1 | 2026a 222b | X 30 | year | short\n" +
		"Y4 | FF 2026a! 1111b 1111c | X 30 k=any | year | a | note | with bars\r\n" +
		"B2 | FF 2026 1111b 1111c | X 30 k=1 | year | bad class\n" +
		"B3 | 2026 | X |\n"
	c, err := card.Parse("t.txt", []byte(file))
	var pe *card.ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("err = %v, want a *ParseError", err)
	}
	if c == nil || len(c.Lines) != 2 || c.Name != "Test" || c.Year != 2030 {
		t.Fatalf("card = %+v, want Test 2030 with lines Y3 and Y4", c)
	}
	if l := c.Lines[1]; l.ID != "Y4" || l.Note != "a | note | with bars" || l.Pos != 8 || !l.Shift.Any || l.Value != 30 {
		t.Errorf("Y4 = %+v", l)
	}
	var lines []int
	for _, p := range pe.Problems {
		lines = append(lines, p.Line)
	}
	if len(lines) < 3 || lines[0] != 7 || lines[len(lines)-1] != 10 {
		t.Errorf("problems on lines %v, want 7 first and 10 last: %v", lines, pe)
	}
	if !strings.Contains(pe.Error(), "t.txt") || !strings.Contains(pe.Error(), "7:6:") {
		t.Errorf("Error() = %q", pe.Error())
	}
}

func TestParseRefusesEmptyCard(t *testing.T) {
	for _, file := range []string{"", "# nothing\n@card X\n", "A | 11a | X 1 | c | n"} {
		c, err := card.Parse("t.txt", []byte(file))
		var pe *card.ParseError
		if c != nil || !errors.As(err, &pe) || !strings.Contains(pe.Problems[len(pe.Problems)-1].Msg, "no valid hand line") {
			t.Errorf("Parse(%q) = %v, %v; want nil and a no-valid-line problem", file, c, err)
		}
	}
}

func TestLineRoundTrip(t *testing.T) {
	for _, l := range card.House().Lines {
		c, err := card.Parse("t.txt", []byte(l.String()))
		if err != nil {
			t.Fatalf("%s: %v", l.ID, err)
		}
		got := c.Lines[0]
		if got.String() != l.String() || len(got.Groups) != len(l.Groups) {
			t.Errorf("%s: round trip %q, want %q", l.ID, got.String(), l.String())
		}
	}
}

func TestShiftString(t *testing.T) {
	for _, spec := range []string{"k=any", "k=0,2,4", "k=-1..3,5"} {
		c, err := card.Parse("t.txt", []byte("A | 111a 222a 333a 444a 55a | X 30 "+spec+" | c | n"))
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		if got := c.Lines[0].Shift.String(); got != spec {
			t.Errorf("Shift.String() = %q, want %q", got, spec)
		}
	}
}

// TestValidateBuiltCard checks a card written in code: its bad lines are
// reported and never match.
func TestValidateBuiltCard(t *testing.T) {
	pair := func(g byte, class byte) card.Group { return card.Group{Glyph: g, Class: class, Size: 2} }
	ok := card.Line{ID: "S1", Value: 50, Concealed: true, Groups: []card.Group{
		{Glyph: 'N', Size: 2}, {Glyph: 'E', Size: 2}, {Glyph: 'W', Size: 2}, {Glyph: 'S', Size: 2},
		pair('D', 'a'), pair('D', 'b'), pair('D', 'c'),
	}}
	noClass := ok
	noClass.ID = "S2"
	noClass.Groups = append([]card.Group{pair('D', 0)}, ok.Groups[1:]...)
	c := &card.Card{Lines: []card.Line{ok, noClass, ok}}
	probs := c.Validate()
	if len(probs) != 2 || !strings.Contains(probs[0].Msg, "needs a class") || !strings.Contains(probs[1].Msg, "duplicate id") {
		t.Fatalf("Validate() = %v", probs)
	}
	h, _ := card.ParseHand("11223344556677z")
	if ids := matchedIDs(c, h); len(ids) != 1 || ids[0] != "S1" {
		t.Errorf("matches %v, want [S1]", ids)
	}
}
