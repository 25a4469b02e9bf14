// Package hand holds melds, hands, and the pure, table-driven analysis of
// concealed tiles: all decompositions into sets and a pair, the waits of a
// hand one tile from complete, and shanten (the distance to ready).
package hand

import (
	"fmt"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// MeldKind is the shape of a meld.
type MeldKind uint8

// The meld kinds. MeldNone is the none value.
const (
	MeldNone MeldKind = iota
	Chow              // Chow is three consecutive suit tiles.
	Pung              // Pung is three identical tiles.
	Kong              // Kong is four identical tiles.
	Pair              // Pair is two identical tiles.
	// Combination is three or more winds, or three or more dragons, with at
	// least three different kinds (jilin's special combination, JL-0).
	Combination
	Quint  // Quint is five identical tiles (american, with jokers, AM-5.5).
	Sextet // Sextet is six identical tiles (american, with jokers, AM-5.5).
)

var meldNames = [...]string{"none", "chow", "pung", "kong", "pair", "combination", "quint", "sextet"}

// String names the meld kind.
func (k MeldKind) String() string {
	if int(k) < len(meldNames) {
		return meldNames[k]
	}
	return fmt.Sprintf("MeldKind(%d)", uint8(k))
}

// MarshalText writes the meld kind's name.
func (k MeldKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a meld kind's name.
func (k *MeldKind) UnmarshalText(b []byte) error {
	for i, n := range meldNames {
		if n == string(b) {
			*k = MeldKind(i)
			return nil
		}
	}
	return fmt.Errorf("hand: unknown meld kind %q", b)
}

// Size returns the number of tiles of the meld kind (0 for a
// combination, whose size varies).
func (k MeldKind) Size() int {
	switch k {
	case Chow, Pung:
		return 3
	case Kong:
		return 4
	case Pair:
		return 2
	case Quint:
		return 5
	case Sextet:
		return 6
	}
	return 0
}

// OfSize returns the meld kind of n identical tiles: Pair, Pung, Kong,
// Quint or Sextet (MeldNone for another n).
func OfSize(n int) MeldKind {
	if n < 2 || n > 6 {
		return MeldNone
	}
	return [...]MeldKind{2: Pair, 3: Pung, 4: Kong, 5: Quint, 6: Sextet}[n]
}

// Meld is a set of tiles: its shape, its first (lowest) tile, and whether it
// was exposed. A meld is Open when it was claimed from a discard, completed by
// a claimed tile, or is an added kong; a declared concealed kong is not Open.
type Meld struct {
	Kind  MeldKind  `json:"kind"`
	Tile  tile.Kind `json:"tile"`
	Open  bool      `json:"open,omitempty"`
	Added bool      `json:"added,omitempty"` // Added marks a kong made by adding a tile to an exposed pung.
	// Mix counts each honour (East..Red) of a Combination.
	Mix [7]uint8 `json:"mix,omitzero"`
	// Jokers is how many of the meld's tiles are jokers standing for Tile
	// (american exposures, AM-6.1); the others are naturals of Tile.
	Jokers uint8 `json:"jokers,omitempty"`
	// Flowers counts each flower (1f..4f, 1y..4y) of a group of flowers,
	// whose naturals may differ since all flowers are one kind (american,
	// AM-1.2); Tile is then 1f.
	Flowers [8]uint8 `json:"flowers,omitzero"`
	// Claimed is the place in Tiles (from 1) of the tile claimed from a
	// discard, 0 when the meld took no discard; From is its discarder's
	// seat counted from the melder's in the order of play (1 the right-hand
	// neighbour, 2 across, 3 the left), so a table can turn that tile
	// towards the seat it came from.
	Claimed uint8 `json:"claimed,omitempty"`
	From    uint8 `json:"from,omitempty"`
}

// WithClaim returns the meld with k marked as claimed from the seat
// from places after the melder's (1..3); k not in the meld leaves it as
// it is.
func (m Meld) WithClaim(k tile.Kind, from int) Meld {
	for i, t := range m.Tiles() {
		if t == k {
			m.Claimed, m.From = uint8(i+1), uint8(from&3)
			break
		}
	}
	return m
}

// NewCombination returns the open combination of honours ks; it does not
// check that they form one (the ruleset does).
func NewCombination(ks []tile.Kind) Meld {
	m := Meld{Kind: Combination, Tile: tile.None, Open: true}
	for _, k := range ks {
		if k.IsHonor() {
			m.Mix[k-tile.East]++
			m.Tile = min(m.Tile, k)
		}
	}
	return m
}

// Size returns the number of tiles in the meld.
func (m Meld) Size() int {
	if m.Kind != Combination {
		return m.Kind.Size()
	}
	n := 0
	for _, c := range m.Mix {
		n += int(c)
	}
	return n
}

// Tiles returns the meld's tiles, its jokers last as tile.Joker.
func (m Meld) Tiles() []tile.Kind { return m.AppendTiles(make([]tile.Kind, 0, m.Size())) }

// AppendTiles appends the meld's tiles (as Tiles) to dst and returns the
// extended slice, for readers that need no copy of their own.
func (m Meld) AppendTiles(dst []tile.Kind) []tile.Kind {
	switch m.Kind {
	case Chow:
		return append(dst, m.Tile, m.Tile+1, m.Tile+2)
	case Combination:
		for i, c := range m.Mix {
			for range c {
				dst = append(dst, tile.East+tile.Kind(i))
			}
		}
		return dst
	}
	if m.Flowers != ([8]uint8{}) {
		for i, c := range m.Flowers {
			for range c {
				dst = append(dst, tile.F1+tile.Kind(i))
			}
		}
		for range m.Jokers {
			dst = append(dst, tile.Joker)
		}
		return dst
	}
	n := m.Kind.Size()
	for i := range n {
		k := m.Tile
		if i >= n-int(m.Jokers) {
			k = tile.Joker
		}
		dst = append(dst, k)
	}
	return dst
}

// Contains reports whether the meld holds a tile of kind k.
func (m Meld) Contains(k tile.Kind) bool {
	if m.Kind == Combination {
		return k.IsHonor() && m.Mix[k-tile.East] > 0
	}
	if m.Kind == Chow {
		return k >= m.Tile && k <= m.Tile+2
	}
	return k == m.Tile
}

// IsPungOrKong reports whether the meld is a pung or a kong.
func (m Meld) IsPungOrKong() bool { return m.Kind == Pung || m.Kind == Kong }

// String writes the meld in notation: "[555z]" when open, "(1111p)" for a
// concealed kong, and the bare tiles otherwise.
func (m Meld) String() string {
	s := tile.Format(m.Tiles())
	switch {
	case m.Open:
		return "[" + s + "]"
	case m.Kind == Kong:
		return "(" + s + ")"
	}
	return s
}

// MeldFromTiles recognises the meld formed by tiles (in any order): a chow,
// pung, kong or pair. It returns an error naming the tiles otherwise.
func MeldFromTiles(ks []tile.Kind, open bool) (Meld, error) {
	s := tile.Sorted(ks)
	same := len(s) > 0
	for _, k := range s {
		same = same && k == s[0]
	}
	switch {
	case len(s) >= 2 && len(s) <= 4 && same && s[0].Valid():
		return Meld{Kind: [...]MeldKind{2: Pair, 3: Pung, 4: Kong}[len(s)], Tile: s[0], Open: open}, nil
	case len(s) == 3 && s[0].IsSuited() && s[0].Suit() == s[2].Suit() && s[1] == s[0]+1 && s[2] == s[0]+2:
		return Meld{Kind: Chow, Tile: s[0], Open: open}, nil
	}
	return Meld{}, fmt.Errorf("hand: %q is not a chow, pung, kong or pair", tile.Format(ks))
}
