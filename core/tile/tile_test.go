package tile_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// kindNames lists every real kind's notation, in Kind order.
var kindNames = []string{
	"1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m",
	"1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p",
	"1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s",
	"1z", "2z", "3z", "4z", "5z", "6z", "7z",
	"1f", "2f", "3f", "4f", "1y", "2y", "3y", "4y",
	"0j",
}

func TestKindString(t *testing.T) {
	if len(kindNames) != tile.NumKinds {
		t.Fatalf("%d names for %d kinds", len(kindNames), tile.NumKinds)
	}
	for k, want := range kindNames {
		if got := tile.Kind(k).String(); got != want {
			t.Errorf("Kind(%d).String() = %q, want %q", k, got, want)
		}
	}
	for k, want := range map[tile.Kind]string{tile.Unknown: "??", tile.None: "--", 44: "Kind(44)", 200: "Kind(200)"} {
		if got := k.String(); got != want {
			t.Errorf("Kind(%d).String() = %q, want %q", uint8(k), got, want)
		}
	}
}

func TestKindLandmarks(t *testing.T) {
	for _, tc := range []struct {
		k    tile.Kind
		want string
	}{
		{tile.M1, "1m"}, {tile.P1, "1p"}, {tile.S1, "1s"},
		{tile.East, "1z"}, {tile.South, "2z"}, {tile.West, "3z"}, {tile.North, "4z"},
		{tile.White, "5z"}, {tile.Green, "6z"}, {tile.Red, "7z"},
		{tile.F1, "1f"}, {tile.Y1, "1y"}, {tile.Joker, "0j"},
		{tile.Suited(tile.Bamboo, 7), "7s"}, {tile.Wind(2), "3z"}, {tile.Wind(5), "2z"},
	} {
		if got := tc.k.String(); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
	if tile.Suited(tile.Honors, 1) != tile.None || tile.Suited(tile.Circles, 10) != tile.None {
		t.Error("Suited accepts a kind outside the numbered suits")
	}
}

func TestKindClasses(t *testing.T) {
	for k := range tile.Kind(tile.NumKinds) {
		n, s := k.Number(), k.Suit()
		if k.IsSuited() != s.IsNumbered() || k.IsStandard() != (k.IsSuited() || k.IsHonor()) {
			t.Errorf("%s: suited/standard disagree with suit %s", k, s)
		}
		if k.IsTerminal() != (k.IsSuited() && (n == 1 || n == 9)) {
			t.Errorf("%s: terminal wrong", k)
		}
		if k.IsMajor() != (k.IsTerminal() || k.IsHonor()) || k.IsHonor() != (k.IsWind() || k.IsDragon()) {
			t.Errorf("%s: major/honour wrong", k)
		}
		if k.IsBonus() != (s == tile.Flowers || s == tile.Seasons) || !k.Valid() {
			t.Errorf("%s: bonus/valid wrong", k)
		}
	}
	for _, k := range []tile.Kind{tile.Unknown, tile.None} {
		if k.Valid() || k.Suit() != tile.SuitNone || k.Number() != -1 || k.IsStandard() {
			t.Errorf("%s looks like a real tile", k)
		}
	}
}

func TestSuitString(t *testing.T) {
	want := []string{"none", "characters", "circles", "bamboo", "honors", "flowers", "seasons", "jokers", "Suit(8)"}
	for s, w := range want {
		if got := tile.Suit(s).String(); got != w {
			t.Errorf("Suit(%d).String() = %q, want %q", s, got, w)
		}
	}
	if got := string([]byte{tile.Characters.Letter(), tile.Jokers.Letter(), tile.SuitNone.Letter()}); got != "mj?" {
		t.Errorf("letters %q", got)
	}
}

func TestKindText(t *testing.T) {
	for k := range tile.Kind(tile.NumKinds) {
		checkText(t, k)
	}
	checkText(t, tile.Unknown)
	checkText(t, tile.None)
	var k tile.Kind
	for _, bad := range []string{"", "12m", "1x", "???"} {
		if err := k.UnmarshalText([]byte(bad)); err == nil {
			t.Errorf("UnmarshalText(%q) gives %s, want an error", bad, k)
		}
	}
	if _, err := tile.Kind(50).MarshalText(); err == nil {
		t.Error("Kind(50) encodes")
	}
	b, err := json.Marshal([]tile.Kind{tile.East, tile.P1 + 4})
	if err != nil || string(b) != `["1z","5p"]` {
		t.Errorf("json %s %v", b, err)
	}
}

func checkText(t *testing.T, k tile.Kind) {
	t.Helper()
	b, err := k.MarshalText()
	if err != nil {
		t.Fatalf("MarshalText(%s): %v", k, err)
	}
	var back tile.Kind
	if err := back.UnmarshalText(b); err != nil || back != k {
		t.Errorf("%s: text %q decodes to %s, %v", k, b, back, err)
	}
}

func ExampleFormat() {
	fmt.Println(tile.Format(tile.MustParse("5p 1m2m3m 5p 0j")))
	// Output: 5p 123m 5p 0j
}
