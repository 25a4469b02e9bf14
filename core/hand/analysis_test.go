package hand

import (
	"slices"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// counts parses tiles in notation.
func counts(t testing.TB, s string) tile.Counts {
	t.Helper()
	ks, err := tile.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	var c tile.Counts
	for _, k := range ks {
		c[k]++ // not CountsOf: "11111m" must give five
	}
	return c
}

// waitSet parses the expected waits.
func waitSet(t testing.TB, s string) tile.Set {
	t.Helper()
	var w tile.Set
	for _, k := range tile.MustParse(s) {
		w = w.Add(k)
	}
	return w
}

func TestIsComplete(t *testing.T) {
	for _, tc := range []struct {
		hand string
		want bool
	}{
		{"123m 456p 789s 111z 22z", true},
		{"11m", true},
		{"123m 11z", true},
		{"111222333m 44p 789s", true},
		{"11223344556677m", true},          // also seven pairs
		{"11112222333344m", true},          // four times 123m
		{"11111m", true},                   // a fifth copy is judged too
		{"111m 222m 333m 444m 55m", true},  // pure one suit
		{"1122m 3344p 5566s 77z", false},   // seven pairs only
		{"19m 19p 19s 1234567z 1m", false}, // thirteen orphans only
		{"123m 456p 789s 1122z", false},    // 13 tiles
		{"189m 123p 456p 789p 11z", false}, // no wrap-around chow
		{"123z 123m 456m 789m 11p", false}, // no honour chow
		{"89m 1p 123s 456s 789s 11z", false},
		{"123m 456p 789s 11z 1f", false}, // a bonus tile
		{"123m 456p 789s 1z 0j", false},  // a joker
		{"", false},
		{"111m", false},
		{"1234m", false},
	} {
		c := counts(t, tc.hand)
		if got := IsComplete(&c); got != tc.want {
			t.Errorf("IsComplete(%q) = %v, want %v", tc.hand, got, tc.want)
		}
	}
}

func TestWaits(t *testing.T) {
	for _, tc := range []struct{ hand, want string }{
		{"1112345678999m", "123456789m"}, // nine gates
		{"2345m 111p 222s 333z", "25m"},
		{"3334m 111p 222p 333z", "245m"},
		{"123m 456p 789s 11z 22z", "12z"},
		{"123m 456p 789s 111z 2z", "2z"},
		{"13m 111p 222p 333p 44z", "2m"},
		{"12m 111p 222p 333p 44z", "3m"},
		{"1122m", "12m"},
		{"1m", "1m"},
		{"1111m 123p 456p 789p", "1m"}, // the fifth 1m still counts
		{"1111m 2222m 3333m 4m", "12345m"},
		{"19m 19p 19s 1234567z", ""},       // no regular wait
		{"123m 456p 789s 11z", ""},         // 3n+2 tiles
		{"123m 456m 789m 1p 1f 2f 3f", ""}, // bonus tiles
		{"", ""},
	} {
		c := counts(t, tc.hand)
		if got, want := Waits(&c), waitSet(t, tc.want); got != want {
			t.Errorf("Waits(%q) = %q, want %q", tc.hand, got, want)
		}
	}
}

func TestShanten(t *testing.T) {
	for _, tc := range []struct {
		hand string
		want int
	}{
		{"123m 456p 789s 111z 22z", -1},
		{"1112345678999m", 0},
		{"1m", 0},
		{"11m", -1},
		{"12m", 0},
		{"123m 456p 789s 1234z", 2},
		{"19m 19p 19s 1234567z", 8},
		{"19m 19p 19s 1234567z 1m", 7},
		{"147m 258p 369s 1234z", 8},
		{"1111m 123p 456p 789p", 1}, // waits only on a fifth 1m
		{"1111m 2222m 3333m 4m", 0},
		{"123m 456p 78s", 0},                    // after two exposed sets
		{"", NoShanten},                         // 3n tiles
		{"123m", NoShanten},                     // 3n tiles
		{"11111m", NoShanten},                   // five of a kind
		{"123m 456m 789m 123p 456p", NoShanten}, // 15 tiles
		{"123m 456p 789s 1z 0j", NoShanten},
	} {
		c := counts(t, tc.hand)
		if got := Shanten(&c); got != tc.want {
			t.Errorf("Shanten(%q) = %d, want %d", tc.hand, got, tc.want)
		}
	}
}

func TestSevenPairsShanten(t *testing.T) {
	for _, tc := range []struct {
		hand string
		want int
	}{
		{"1122m 3344p 5566s 7z", 0},
		{"1122m 3344p 5566s 77z", -1},
		{"1111m 2222m 3333m 4m", 0}, // JL-6.3: four of a kind is two pairs
		{"19m 19p 19s 1234567z", 6},
		{"123m 456p 789s 1234z", 6},
		{"11m", NoShanten},
		{"1122m 3344p 5566s 7z 1f", NoShanten},
	} {
		c := counts(t, tc.hand)
		if got := SevenPairsShanten(&c); got != tc.want {
			t.Errorf("SevenPairsShanten(%q) = %d, want %d", tc.hand, got, tc.want)
		}
	}
}

func TestOrphansShanten(t *testing.T) {
	for _, tc := range []struct {
		hand string
		want int
	}{
		{"19m 19p 19s 1234567z", 0},
		{"19m 19p 19s 123456z 1m", 0},
		{"19m 19p 19s 1234567z 9p", -1},
		{"123m 456p 789s 1122z", 8},
		{"2345678m 234567p", 13},
		{"19m", NoShanten},
		{"19m 19p 19s 1234567z 0j", NoShanten},
	} {
		c := counts(t, tc.hand)
		if got := OrphansShanten(&c); got != tc.want {
			t.Errorf("OrphansShanten(%q) = %d, want %d", tc.hand, got, tc.want)
		}
	}
}

func TestDecompose(t *testing.T) {
	for _, tc := range []struct {
		hand string
		want []string
	}{
		{"111222333m 44p 789s", []string{
			"123m 123m 123m 789s pair 4p",
			"111m 222m 333m 789s pair 4p",
		}},
		{"111123m 55p 456s 789s", []string{"123m 111m 456s 789s pair 5p"}}, // once, not twice
		{"11m", []string{"pair 1m"}},
		{"123m 456p 789s 1122z", nil},
		{"123m 456p 789s 11z 1f", nil},
	} {
		c := counts(t, tc.hand)
		var got []string
		for _, d := range Decompose(&c) {
			got = append(got, decompString(d.Sets, d.Pair))
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("Decompose(%q) = %q, want %q", tc.hand, got, tc.want)
		}
	}
}

// concealed parses a hand in notation and returns its concealed tiles,
// without and with the winning tile.
func concealed(t *testing.T, s string) (hand, won tile.Counts) {
	t.Helper()
	h, err := tile.ParseHand(s)
	if err != nil {
		t.Fatal(err)
	}
	hand = tile.CountsOf(h.Concealed)
	won = hand
	won.Add(h.Winning)
	return hand, won
}

// TestCL_TV_3 checks the waits of ping-ho: 6789m waits on 6m and 9m, and
// the hand won on 6m splits only as 66m + 789m.
func TestCL_TV_3(t *testing.T) {
	h, won := concealed(t, "234p 345s 567s 6789m +6m")
	if got, want := Waits(&h), waitSet(t, "69m"); got != want {
		t.Errorf("waits %q, want %q", got, want)
	}
	ds := Decompose(&won)
	if len(ds) != 1 || ds[0].Pair != tile.M1+5 || !slices.Contains(ds[0].Sets, Meld{Kind: Chow, Tile: tile.M1 + 6}) {
		t.Errorf("decompositions %v, want 66m + 789m", ds)
	}
}

// TestCL_TV_4 checks the concealed part of a hand won on a kong
// replacement: 234s 67s 99s waits on 5s and 8s.
func TestCL_TV_4(t *testing.T) {
	h, won := concealed(t, "234s 67s 99s [666z] (5555s) +8s")
	if got, want := Waits(&h), waitSet(t, "58s"); got != want {
		t.Errorf("waits %q, want %q", got, want)
	}
	if !IsComplete(&won) || Shanten(&won) != -1 {
		t.Errorf("%v with 8s is not complete", h.Kinds())
	}
}

// TestCL_TV_5 checks a full flush won by robbing a kong on 9p; the flush
// also waits on 1p (11p 234p 555p 678p), 3p and 4p.
func TestCL_TV_5(t *testing.T) {
	h, won := concealed(t, "123p 456p 78p 55p [222p] +9p")
	if got, want := Waits(&h), waitSet(t, "13469p"); got != want {
		t.Errorf("waits %q, want %q", got, want)
	}
	if !IsComplete(&won) {
		t.Errorf("%v with 9p is not complete", h.Kinds())
	}
}

// TestCL_TV_6 checks thirteen orphans (CL-10.2): complete for
// OrphansShanten, not a regular hand.
func TestCL_TV_6(t *testing.T) {
	h, won := concealed(t, "19m 19p 19s 1234567z +1m")
	if got := OrphansShanten(&h); got != 0 {
		t.Errorf("OrphansShanten before the win = %d, want 0", got)
	}
	if got := OrphansShanten(&won); got != -1 {
		t.Errorf("OrphansShanten = %d, want -1", got)
	}
	if IsComplete(&won) || Waits(&h) != 0 {
		t.Errorf("thirteen orphans is taken for a regular hand")
	}
}

// TestJL_15_V11_V13 checks the seven-pairs vectors: each 13-tile hand is
// ready for seven pairs, V13 holding 2222m as two pairs (JL-6.3).
func TestJL_15_V11_V13(t *testing.T) {
	for _, tc := range []struct{ id, hand string }{
		{"V11", "11p 55p 33s 77s 22m 66m 8m +8m"},
		{"V12", "22m 33m 55s 66s 77p 11z 4p +4p"},
		{"V13", "2222m 55p 33s 77s 11z 4p +4p"},
	} {
		h, won := concealed(t, tc.hand)
		if got := SevenPairsShanten(&h); got != 0 {
			t.Errorf("%s: SevenPairsShanten = %d, want 0", tc.id, got)
		}
		if got := SevenPairsShanten(&won); got != -1 {
			t.Errorf("%s: SevenPairsShanten with the winning tile = %d, want -1", tc.id, got)
		}
	}
}
