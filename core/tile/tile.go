// Package tile defines the Mahjong tile universe as small integers, count
// arrays of tiles, and the tile and hand notation used by the rules files
// (for example "123m 55p 1z 0j" or "234m 11z [555z] (1111p) +2m").
package tile

import "fmt"

// Kind is one kind of tile. The 34 standard kinds are contiguous so that suit
// arithmetic works: 1m..9m are 0..8, 1p..9p are 9..17, 1s..9s are 18..26 and
// the honours 1z..7z (East, South, West, North, White, Green, Red) are 27..33.
// The bonus tiles 1f..4f and 1y..4y follow, then the joker.
type Kind uint8

// The landmarks of the Kind universe.
const (
	M1 Kind = 0  // M1 is 1m, the first characters tile.
	P1 Kind = 9  // P1 is 1p, the first circles tile.
	S1 Kind = 18 // S1 is 1s, the first bamboo tile.

	East  Kind = 27 // East is the East wind, 1z.
	South Kind = 28 // South is the South wind, 2z.
	West  Kind = 29 // West is the West wind, 3z.
	North Kind = 30 // North is the North wind, 4z.
	White Kind = 31 // White is the White dragon, 5z.
	Green Kind = 32 // Green is the Green dragon, 6z.
	Red   Kind = 33 // Red is the Red dragon, 7z.

	F1 Kind = 34 // F1 is the first flower, 1f; F1..F1+3 are 1f..4f.
	Y1 Kind = 38 // Y1 is the first season, 1y; Y1..Y1+3 are 1y..4y.

	Joker Kind = 42 // Joker is the joker tile, 0j.

	// Unknown stands for a tile whose kind the viewer may not see.
	Unknown Kind = 43
	// None is the absence of a tile.
	None Kind = 255
)

// Sizes of the universe.
const (
	// NumStandard is the number of standard kinds (suits and honours).
	NumStandard = 34
	// NumKinds is the number of real tile kinds: standard, bonus and joker.
	NumKinds = 43
)

// Suit is the family of a tile kind.
type Suit uint8

// The suits. SuitNone is the none value.
const (
	SuitNone Suit = iota
	Characters
	Circles
	Bamboo
	Honors
	Flowers
	Seasons
	Jokers
)

var suitNames = [...]string{"none", "characters", "circles", "bamboo", "honors", "flowers", "seasons", "jokers"}

// String returns the suit's English name.
func (s Suit) String() string {
	if int(s) < len(suitNames) {
		return suitNames[s]
	}
	return fmt.Sprintf("Suit(%d)", uint8(s))
}

// Letter returns the notation letter of the suit ("m", "p", "s", "z", "f", "y", "j").
func (s Suit) Letter() byte {
	return "?mpszfyj"[min(int(s), 7)]
}

// IsNumbered reports whether the suit is one of the three numbered suits.
func (s Suit) IsNumbered() bool { return s >= Characters && s <= Bamboo }

// Valid reports whether k is a real tile kind (standard, bonus or joker).
func (k Kind) Valid() bool { return k < NumKinds }

// Suit returns the kind's suit, or SuitNone for Unknown and None.
func (k Kind) Suit() Suit {
	switch {
	case k < P1:
		return Characters
	case k < S1:
		return Circles
	case k < East:
		return Bamboo
	case k < F1:
		return Honors
	case k < Y1:
		return Flowers
	case k < Joker:
		return Seasons
	case k == Joker:
		return Jokers
	}
	return SuitNone
}

// Number returns the digit written for the kind: 1..9 for suit tiles, 1..7
// for honours, 1..4 for bonus tiles, 0 for the joker and -1 otherwise.
func (k Kind) Number() int {
	switch k.Suit() {
	case Characters, Circles, Bamboo:
		return int(k)%9 + 1
	case Honors:
		return int(k-East) + 1
	case Flowers:
		return int(k-F1) + 1
	case Seasons:
		return int(k-Y1) + 1
	case Jokers:
		return 0
	}
	return -1
}

// Suited returns the kind of number n (1..9) in the numbered suit s, or None.
func Suited(s Suit, n int) Kind {
	if !s.IsNumbered() || n < 1 || n > 9 {
		return None
	}
	return Kind(int(s-Characters)*9 + n - 1)
}

// IsSuited reports whether k is a numbered suit tile.
func (k Kind) IsSuited() bool { return k < East }

// IsHonor reports whether k is a wind or a dragon.
func (k Kind) IsHonor() bool { return k >= East && k <= Red }

// IsWind reports whether k is one of the four winds.
func (k Kind) IsWind() bool { return k >= East && k <= North }

// IsDragon reports whether k is one of the three dragons.
func (k Kind) IsDragon() bool { return k >= White && k <= Red }

// IsTerminal reports whether k is a suit 1 or 9.
func (k Kind) IsTerminal() bool { return k.IsSuited() && (k%9 == 0 || k%9 == 8) }

// IsMajor reports whether k is a terminal or an honour.
func (k Kind) IsMajor() bool { return k.IsTerminal() || k.IsHonor() }

// IsBonus reports whether k is a flower or a season.
func (k Kind) IsBonus() bool { return k >= F1 && k < Joker }

// IsStandard reports whether k is one of the 34 standard kinds.
func (k Kind) IsStandard() bool { return k < NumStandard }

// Wind returns the wind tile of a seat ordinal 0..3 (East..North).
func Wind(seat int) Kind { return East + Kind(seat&3) }

// String returns the kind in notation, such as "5p", "7z", "2f" or "0j";
// Unknown is "??" and None is "--".
func (k Kind) String() string {
	switch {
	case k.Valid():
		return string([]byte{byte('0' + k.Number()), k.Suit().Letter()})
	case k == Unknown:
		return "??"
	case k == None:
		return "--"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// MarshalText encodes the kind in notation, so JSON carries "5p", not 13;
// Unknown is "??" and None is "--".
func (k Kind) MarshalText() ([]byte, error) {
	if !k.Valid() && k != Unknown && k != None {
		return nil, fmt.Errorf("tile: cannot encode kind %d", uint8(k))
	}
	return []byte(k.String()), nil
}

// UnmarshalText decodes one tile in notation.
func (k *Kind) UnmarshalText(b []byte) error {
	switch string(b) {
	case "??":
		*k = Unknown
		return nil
	case "--":
		*k = None
		return nil
	}
	ks, err := Parse(string(b))
	if err != nil {
		return err
	}
	if len(ks) != 1 {
		return fmt.Errorf("tile: %q is not exactly one tile", b)
	}
	*k = ks[0]
	return nil
}
