package wall

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// TestSeedFromString checks the three kinds of seed text.
func TestSeedFromString(t *testing.T) {
	one := SeedFromString("1")
	if got := one.String(); got != "6b86b273ff34fce19d6b804eff5a3f5747ada4eaa22f1d49c01e52ddb7875b4b" {
		t.Errorf(`SeedFromString("1") = %s, want SHA-256 of "1"`, got)
	}
	if SeedFromString(one.String()) != one || SeedFromString(strings.ToUpper(one.String())) != one {
		t.Error("64 hex digits do not decode to themselves")
	}
	if SeedFromString("friday game") == SeedFromString("friday game ") {
		t.Error("different texts gave the same seed")
	}
	if s := SeedFromString(strings.Repeat("g", 64)); s == (Seed{}) {
		t.Error("64 non-hex characters were not hashed")
	}
}

// TestSeedText checks the JSON form of a seed and its errors.
func TestSeedText(t *testing.T) {
	s := SeedFromString("text")
	b, err := json.Marshal(s)
	if err != nil || string(b) != `"`+s.String()+`"` {
		t.Fatalf("json = %s, %v", b, err)
	}
	var back Seed
	if err := json.Unmarshal(b, &back); err != nil || back != s {
		t.Errorf("round trip = %v, %v", back, err)
	}
	for _, bad := range []string{"", "12", strings.Repeat("z", 64), strings.Repeat("a", 66)} {
		if err := back.UnmarshalText([]byte(bad)); err == nil {
			t.Errorf("UnmarshalText(%q) accepted", bad)
		}
	}
}

// TestDeterminism checks that a seed fixes the ring and the dice, that
// derived seeds differ, and pins the ChaCha8 stream so that recorded hands
// replay across versions.
func TestDeterminism(t *testing.T) {
	seed := SeedFromString("1")
	deal := func(s Seed) ([]tile.Kind, int, int) {
		r := NewRand(s)
		ring := Shuffle(tileSet(false, 0), r)
		a, b := RollDice(r)
		return ring, a, b
	}
	ring, a, b := deal(seed)
	wantTiles(t, "golden ring", ring[:12], "6s 996m 4p 1m 4z 6p 25m 62p")
	if a != 2 || b != 6 {
		t.Errorf("golden dice %d %d, want 2 6", a, b)
	}
	ring2, a2, b2 := deal(seed)
	if !slices.Equal(ring, ring2) || a != a2 || b != b2 {
		t.Error("the same seed gave two walls")
	}
	seen := map[Seed]string{seed: "seed"}
	for _, label := range []string{"hand", "hands", "charleston"} {
		for n := range 100 {
			d := Derive(seed, label, n)
			if prev, dup := seen[d]; dup {
				t.Fatalf("Derive(%s, %d) repeats %s", label, n, prev)
			}
			seen[d] = label
		}
	}
	if Derive(seed, "ab", 1) == Derive(seed, "a", 1) || Derive(seed, "hand", -1) == Derive(seed, "hand", 1) {
		t.Error("distinct labels or counters gave the same seed")
	}
	if got, _, _ := deal(Derive(seed, "hand", 1)); slices.Equal(got, ring) {
		t.Error("a derived seed gave the same wall")
	}
}

// TestShuffle checks that a shuffle keeps the multiset and that every die
// face comes up.
func TestShuffle(t *testing.T) {
	set := tileSet(true, 8)
	r := NewRand(SeedFromString("shuffle"))
	ring := Shuffle(set, r)
	if tile.CountsOf(ring) != set || len(ring) != 152 {
		t.Fatalf("shuffle changed the tiles: %d", len(ring))
	}
	faces := map[int]bool{}
	for range 600 {
		d1, d2 := RollDice(r)
		faces[d1], faces[d2] = true, true
		if d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6 {
			t.Fatalf("dice %d %d", d1, d2)
		}
	}
	if len(faces) != 6 {
		t.Errorf("faces seen: %v", faces)
	}
}

// TestNewErrors checks that bad specs, rings and dice are refused with the
// package's sentinel errors.
func TestNewErrors(t *testing.T) {
	ring136 := Shuffle(tileSet(false, 0), NewRand(Seed{}))
	cases := []struct {
		name string
		spec Spec
		ring []tile.Kind
		a, b int
		want error
		text string
	}{
		{"140 tiles, 17 stacks", classical, append(slices.Clone(ring136), tile.MustParse("1f2f3f4f")...), 5, 5, ErrRing, "140 tiles for 17 stacks per side: want 136"},
		{"no layout", Spec{StacksPerSide: 17}, ring136, 5, 5, ErrSpec, "layout 0"},
		{"16 stacks", Spec{Layout: Hill, StacksPerSide: 16}, ring136[:128], 5, 5, ErrSpec, "16 stacks per side: want 17 to 19"},
		{"fixed14 on a hill", Spec{Layout: Hill, StacksPerSide: 17, FixedReserve: true}, ring136, 5, 5, ErrSpec, "dead-wall layout only"},
		{"end stacks on a dead wall", Spec{Layout: DeadWall, StacksPerSide: 17, EndStacks: 6}, ring136, 5, 5, ErrSpec, "stacks layout only"},
		{"too many end stacks", Spec{Layout: Stacks, StacksPerSide: 17, EndStacks: 42}, ring136, 5, 5, ErrSpec, "want 0 to 41"},
		{"negative end stacks", Spec{Layout: Stacks, StacksPerSide: 17, EndStacks: -1}, ring136, 5, 5, ErrSpec, "-1 end stacks"},
		{"not a tile", classical, append(slices.Clone(ring136[:135]), tile.Unknown), 5, 5, ErrRing, "slot 135 holds ??"},
		{"first throw 1", classical, ring136, 1, 5, ErrDice, "first throw 1"},
		{"second throw 13", jilin, ring136, 5, 13, ErrDice, "second throw 13"},
		{"american throw 13", american, Shuffle(tileSet(true, 8), NewRand(Seed{})), 13, 0, ErrDice, "first throw 13"},
	}
	for _, c := range cases {
		w, err := New(c.spec, c.ring, c.a, c.b)
		if w != nil || !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.text) {
			t.Errorf("%s: New = %v, %v: want %v containing %q", c.name, w, err, c.want, c.text)
		}
	}
	if _, err := New(american, Shuffle(tileSet(true, 8), NewRand(Seed{})), 12, 99); err != nil {
		t.Errorf("american checked its unused second throw: %v", err)
	}
}

// TestNames checks the String methods of the enums.
func TestNames(t *testing.T) {
	if DealFoursAmerican.String() != "fours-american" || DealStyle(7).String() != "DealStyle(7)" {
		t.Error("DealStyle names")
	}
	if RoleReserved.String() != "reserved" || Role(99).String() != "?" {
		t.Error("Role names")
	}
}

// FuzzSeed checks that any text gives a seed whose hex form reads back to
// it, and that UnmarshalText accepts exactly what SeedFromString decodes.
func FuzzSeed(f *testing.F) {
	for _, s := range []string{"1", "", SeedFromString("x").String(), strings.Repeat("G", 64)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s := SeedFromString(text)
		if SeedFromString(s.String()) != s {
			t.Fatalf("%q: %s does not read back", text, s)
		}
		var u Seed
		if err := u.UnmarshalText([]byte(text)); err == nil && u != s {
			t.Fatalf("%q: UnmarshalText %s, SeedFromString %s", text, u, s)
		}
	})
}
