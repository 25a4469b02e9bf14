package tile_test

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

func TestParseFormat(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"123m 55p 1z 0j", "123m 55p 1z 0j"},
		{"1m2m3m", "123m"},
		{"123m55p", "123m 55p"},
		{"123m\t55p,1z\n2z\r\n", "123m 55p 12z"},
		{"55p 123m", "55p 123m"}, // order is kept
		{"1234f 1234y 00j", "1234f 1234y 00j"},
		{"11111m", "11111m"}, // notation does not count copies
	} {
		ks, err := tile.Parse(tc.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.in, err)
			continue
		}
		got := tile.Format(ks)
		if got != tc.want {
			t.Errorf("Format(Parse(%q)) = %q, want %q", tc.in, got, tc.want)
		}
		if back := tile.MustParse(got); !slices.Equal(back, ks) {
			t.Errorf("%q parses back to %v, want %v", got, back, ks)
		}
	}
	if got := tile.Format([]tile.Kind{tile.M1, tile.Unknown, tile.M1 + 1, tile.None}); got != "1m ?? 2m --" {
		t.Errorf("Format with unknown tiles = %q", got)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		in, token string
		offset    int
		reason    string
	}{
		{"123x", "123x", 0, "unknown suit letter 'x'"},
		{"55p 123x", "123x", 4, "unknown suit letter 'x'"},
		{"55p,0m", "0m", 4, "digit 0 is not allowed with 'm' (allowed 1-9)"},
		{"8z", "8z", 0, "allowed 1-7"},
		{"5f", "5f", 0, "allowed 1-4"},
		{"1j", "1j", 0, "allowed 0-0"},
		{"1m m", "m", 3, "no digits before it"},
		{"123", "123", 0, "digits without a suit letter"},
		{"12M", "12M", 0, "unexpected character 'M'"},
		{"1m -2m", "-2m", 3, "unexpected character '-'"},
	} {
		_, err := tile.Parse(tc.in)
		checkNotationError(t, "Parse", tc.in, err, tc.token, tc.offset, tc.reason)
	}
}

// checkNotationError checks that err is a *NotationError naming token at
// offset, for the reason, and that its message says so.
func checkNotationError(t *testing.T, fn, in string, err error, token string, offset int, reason string) {
	t.Helper()
	var ne *tile.NotationError
	if !errors.As(err, &ne) || !errors.Is(err, tile.ErrNotation) {
		t.Errorf("%s(%q) error = %v, want a NotationError", fn, in, err)
		return
	}
	if ne.Token != token || ne.Offset != offset || ne.Input != in || !strings.Contains(ne.Reason, reason) {
		t.Errorf("%s(%q) error names %q at %d (%s), want %q at %d (%s)", fn, in, ne.Token, ne.Offset, ne.Reason, token, offset, reason)
	}
	if msg := err.Error(); !strings.Contains(msg, `"`+token+`"`) || !strings.Contains(msg, "position") {
		t.Errorf("%s(%q) message %q does not name the token and position", fn, in, msg)
	}
}

func TestMustParsePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("MustParse accepted bad notation")
		}
	}()
	tile.MustParse("123x")
}

func TestParseHand(t *testing.T) {
	h, err := tile.ParseHand("234m 11z [555z] (1111p) +2m bonus: 1f 3y")
	if err != nil {
		t.Fatal(err)
	}
	want := tile.Hand{
		Concealed: tile.MustParse("234m 11z"),
		Groups: []tile.Group{
			{Kind: tile.Exposed, Tiles: tile.MustParse("555z")},
			{Kind: tile.ConcealedKong, Tiles: tile.MustParse("1111p")},
		},
		Winning: tile.M1 + 1,
		Bonus:   tile.MustParse("1f 3y"),
	}
	if !reflect.DeepEqual(h, want) {
		t.Errorf("got %+v, want %+v", h, want)
	}
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"432m", "234m"},
		{"11z [555z]+2m", "11z [555z] +2m"},
		{"+6p*", "+6p*"},
		{"123m\n+4m\n55p", "123m 55p +4m"},
		{"123m +4m[5z6z7z]", "123m [567z] +4m"},
		{"(1111p) 11z bonus: 1f 123m", "11z (1111p) bonus: 1f 123m"},
		{"[1z2z3z] 5p", "5p [123z]"},
	} {
		h, err := tile.ParseHand(tc.in)
		if err != nil {
			t.Errorf("ParseHand(%q): %v", tc.in, err)
			continue
		}
		if got := h.String(); got != tc.want {
			t.Errorf("ParseHand(%q).String() = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestParseHandErrors(t *testing.T) {
	for _, tc := range []struct {
		in, token string
		offset    int
		reason    string
	}{
		{"123x", "123x", 0, "unknown suit letter"},
		{"11z [555z", "[555z", 4, "never closed"},
		{"(1111p", "(1111p", 0, "never closed"},
		{"[5+5z]", "[5+5z]", 0, "cannot nest"},
		{"[12[3]m]", "[12[3]", 0, "cannot nest"},
		{"[]", "[]", 0, "empty group"},
		{"[55x]", "55x", 1, "unknown suit letter"},
		{"+2m +3m", "+3m", 4, "one winning tile"},
		{"+23m", "+23m", 0, "exactly one tile"},
		{"+ 2m", "+", 0, "exactly one tile"},
		{"+9z", "9z", 1, "allowed 1-7"},
		{"11z ]", "]", 4, "closing bracket"},
		{"bonus: 1x", "1x", 7, "unknown suit letter"},
	} {
		_, err := tile.ParseHand(tc.in)
		checkNotationError(t, "ParseHand", tc.in, err, tc.token, tc.offset, tc.reason)
	}
}

func TestGroupKindString(t *testing.T) {
	for g, want := range map[tile.GroupKind]string{tile.GroupNone: "none", tile.Exposed: "exposed", tile.ConcealedKong: "concealed-kong", 9: "none"} {
		if got := g.String(); got != want {
			t.Errorf("GroupKind(%d).String() = %q, want %q", g, got, want)
		}
	}
	if (tile.Hand{Winning: tile.None}).HasWinning() || !(tile.Hand{Winning: tile.Red}).HasWinning() {
		t.Error("HasWinning wrong")
	}
}

func TestCounts(t *testing.T) {
	c := tile.CountsOf(append(tile.MustParse("5p 1m 5p 0j"), tile.Unknown, tile.None))
	if c.Total() != 4 || c[tile.P1+4] != 2 || c[tile.Joker] != 1 {
		t.Errorf("CountsOf: %v", c)
	}
	if got := tile.Format(c.Kinds()); got != "1m 55p 0j" {
		t.Errorf("Kinds = %q", got)
	}
	if got := tile.Format(c.Distinct()); got != "1m 5p 0j" {
		t.Errorf("Distinct = %q", got)
	}
	c.Add(tile.East)
	c.Add(tile.None) // ignored
	c.Add(tile.Unknown)
	if c.Total() != 5 || c[tile.East] != 1 {
		t.Errorf("Add: %v", c)
	}
	if !c.Remove(tile.East) || c.Remove(tile.East) || c.Remove(tile.None) || c.Total() != 4 {
		t.Errorf("Remove: %v", c)
	}
	sub := tile.CountsOf(tile.MustParse("55p"))
	if !c.Contains(&sub) || sub.Contains(&c) {
		t.Error("Contains wrong")
	}
	if got := tile.Format(tile.Sorted(tile.MustParse("0j 9s 1m 1z"))); got != "1m 9s 1z 0j" {
		t.Errorf("Sorted = %q", got)
	}
}

func TestSet(t *testing.T) {
	var s tile.Set
	for _, k := range tile.MustParse("9m 1m 7z 1m") {
		s = s.Add(k)
	}
	if s.Len() != 3 || !s.Has(tile.Red) || s.Has(tile.M1+1) || s.Has(tile.None) {
		t.Errorf("set %v", s.Kinds())
	}
	if got := s.String(); got != "19m 7z" {
		t.Errorf("String = %q", got)
	}
	if got := (tile.Set(0)).Kinds(); got != nil {
		t.Errorf("empty set's Kinds = %v, want nil", got)
	}
	if s.Add(tile.None) != s {
		t.Error("Add(None) changed the set")
	}
}

// FuzzParse checks that Parse never panics, that its errors name a token
// found at their offset, and that formatting is stable:
// Parse(Format(Parse(s))) is Parse(s).
func FuzzParse(f *testing.F) {
	for _, s := range []string{"123m 55p 1z 0j", "123x", "1m2m3m", "1234f,1234y\t00j", "9z", "m", "123"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ks, err := tile.Parse(s)
		if err != nil {
			checkErrorPlace(t, s, err)
			return
		}
		out := tile.Format(ks)
		back, err := tile.Parse(out)
		if err != nil || !slices.Equal(back, ks) || tile.Format(back) != out {
			t.Errorf("Parse(%q) = %v, formatted %q, parsed back %v, %v", s, ks, out, back, err)
		}
	})
}

// FuzzParseHand checks ParseHand the same way, through Hand.String: the
// hand parses back equal but for the order of the concealed tiles, which
// String sorts.
func FuzzParseHand(f *testing.F) {
	for _, s := range []string{
		"234m 11z [555z] (1111p) +2m bonus: 1f", "+6p*", "[1z2z3z] 5p", "bonus: 1f 123m",
		"[555z", "+2m +3m", "]", "[]", "123m\n+4m",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		h, err := tile.ParseHand(s)
		if err != nil {
			checkErrorPlace(t, s, err)
			return
		}
		out := h.String()
		back, err := tile.ParseHand(out)
		if err != nil {
			t.Fatalf("ParseHand(%q).String() = %q does not parse: %v", s, out, err)
		}
		want := h
		want.Concealed = tile.Sorted(h.Concealed)
		if !sameHand(back, want) || back.String() != out {
			t.Errorf("ParseHand(%q) = %+v, as %q parses back to %+v", s, h, out, back)
		}
	})
}

// checkErrorPlace checks that err is a NotationError whose token is the
// input at its offset.
func checkErrorPlace(t *testing.T, s string, err error) {
	t.Helper()
	var ne *tile.NotationError
	if !errors.As(err, &ne) {
		t.Fatalf("%q: error %v is not a NotationError", s, err)
	}
	if ne.Offset < 0 || ne.Offset > len(s) || !strings.HasPrefix(s[ne.Offset:], ne.Token) || ne.Token == "" {
		t.Fatalf("%q: error names %q at %d", s, ne.Token, ne.Offset)
	}
}

// sameHand compares hands, taking nil and empty lists as equal.
func sameHand(a, b tile.Hand) bool {
	if len(a.Groups) != len(b.Groups) {
		return false
	}
	for i := range a.Groups {
		if a.Groups[i].Kind != b.Groups[i].Kind || !slices.Equal(a.Groups[i].Tiles, b.Groups[i].Tiles) {
			return false
		}
	}
	return slices.Equal(a.Concealed, b.Concealed) && slices.Equal(a.Bonus, b.Bonus) &&
		a.Winning == b.Winning && a.WinningJoker == b.WinningJoker
}

// TestNotationNamesTheCharacter: an error names the character typed, not
// its first byte, and says how to write a tile glyph.
func TestNotationNamesTheCharacter(t *testing.T) {
	for in, want := range map[string]string{"🀄": "tile glyph '🀄'", "12é": "'é'"} {
		if _, err := tile.Parse(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Parse(%q): %v, want %s", in, err, want)
		}
	}
}
