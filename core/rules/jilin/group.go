// Package jilin is the Jilin Mah-jong ruleset (rules/jilin.md, seed 002):
// its groups, including special combinations of three or more winds or
// dragons, the decomposition of a hand under Jilin's winning conditions,
// TING wait sets, the winner's value, payments and end-of-hand points.
// Rule ids such as JL-9.1 refer to rules/jilin.md.
package jilin

import (
	"fmt"
	"slices"
	"strings"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// GroupKind is the shape of a Jilin group (JL-0).
type GroupKind uint8

// The group kinds. GroupNone is the none value.
const (
	GroupNone GroupKind = iota
	Run                 // Run is a suit série: three consecutive tiles of one suit.
	Triple              // Triple is three identical tiles.
	Kong                // Kong is four identical tiles, declared.
	Special             // Special is a special combination; the dragon série 5z6z7z is one.
)

var groupKindNames = [...]string{"none", "run", "triple", "kong", "special"}

// String names the group kind.
func (k GroupKind) String() string {
	if int(k) < len(groupKindNames) {
		return groupKindNames[k]
	}
	return fmt.Sprintf("GroupKind(%d)", uint8(k))
}

// Group is one Jilin group: a declared group (exposed, or a concealed kong)
// or a concealed group of a decomposition. It is comparable.
type Group struct {
	Kind GroupKind
	// Tile is the first tile of a Run, the tile of a Triple or Kong, and the
	// lowest kind of a Special.
	Tile tile.Kind
	// Honors counts a Special's tiles by honour, index kind − 1z.
	Honors [7]uint8
	// Concealed marks a declared concealed kong (JL-6.2 b) or a group formed
	// from concealed tiles; otherwise the group is exposed.
	Concealed bool
	// Called marks a group made by a claim: a TCHE série (a suit série or a
	// dragon série) or a TCHA triple or kong (JL-5.1, JL-5.2, JL-6.2 c).
	Called bool
}

// NewRun returns the suit série starting at first.
func NewRun(first tile.Kind) Group { return Group{Kind: Run, Tile: first} }

// NewTriple returns the triple of k.
func NewTriple(k tile.Kind) Group { return Group{Kind: Triple, Tile: k} }

// NewKong returns the kong of k.
func NewKong(k tile.Kind) Group { return Group{Kind: Kong, Tile: k} }

// NewSpecial returns the special combination of the honours ks, or an error
// when ks is not 3 or more winds, or 3 or more dragons, of at least 3 kinds
// (JL-0).
func NewSpecial(ks ...tile.Kind) (Group, error) {
	g := Group{Kind: Special, Tile: tile.None}
	bad := func(why string) (Group, error) {
		return Group{}, fmt.Errorf("jilin: %q is not a special combination: %s (JL-0)", tile.Format(ks), why)
	}
	for _, k := range ks {
		switch {
		case !k.IsHonor():
			return bad("it holds " + k.String() + ", and only winds or dragons may be combined")
		case g.Tile != tile.None && k.IsWind() != g.Tile.IsWind():
			return bad("it mixes winds and dragons")
		case g.Honors[k-tile.East] == 4:
			return bad("it holds more than 4 " + k.String())
		}
		g.Honors[k-tile.East]++
		g.Tile = min(g.Tile, k)
	}
	if g.kinds() < 3 {
		return bad("it needs at least 3 different kinds")
	}
	return g, nil
}

// kinds returns the number of different kinds in a Special.
func (g Group) kinds() int {
	n := 0
	for _, c := range g.Honors {
		if c > 0 {
			n++
		}
	}
	return n
}

// valid reports whether the group is well formed.
func (g Group) valid() bool {
	switch g.Kind {
	case Run:
		return g.Tile.IsSuited() && g.Tile.Number() <= 7
	case Triple, Kong:
		return g.Tile.IsStandard()
	case Special:
		class := g.Honors[:4]
		if !g.Tile.IsWind() {
			class = g.Honors[4:]
		}
		n := 0
		for _, c := range class {
			n += int(c)
		}
		return g.Tile.IsHonor() && g.Honors[g.Tile-tile.East] > 0 && n == g.Size() && g.kinds() >= 3 && slices.Max(g.Honors[:]) <= 4
	}
	return false
}

// Size returns the number of tiles of the group.
func (g Group) Size() int {
	switch g.Kind {
	case Run, Triple:
		return 3
	case Kong:
		return 4
	case Special:
		n := 0
		for _, c := range g.Honors {
			n += int(c)
		}
		return n
	}
	return 0
}

// Tiles returns the group's tiles, sorted.
func (g Group) Tiles() []tile.Kind {
	switch g.Kind {
	case Run:
		return []tile.Kind{g.Tile, g.Tile + 1, g.Tile + 2}
	case Special:
		out := make([]tile.Kind, 0, g.Size())
		for i, c := range g.Honors {
			for range c {
				out = append(out, tile.East+tile.Kind(i))
			}
		}
		return out
	}
	out := make([]tile.Kind, g.Size())
	for i := range out {
		out[i] = g.Tile
	}
	return out
}

// addTo adds the group's tiles to c.
func (g Group) addTo(c *tile.Counts) {
	switch g.Kind {
	case Run:
		c[g.Tile]++
		c[g.Tile+1]++
		c[g.Tile+2]++
	case Special:
		for i, n := range g.Honors {
			c[tile.East+tile.Kind(i)] += n
		}
	default:
		c[g.Tile] += uint8(g.Size())
	}
}

// Contains reports whether the group holds a tile of kind k.
func (g Group) Contains(k tile.Kind) bool {
	switch g.Kind {
	case Run:
		return k >= g.Tile && k <= g.Tile+2
	case Special:
		return k.IsHonor() && g.Honors[k-tile.East] > 0
	}
	return g.Kind != GroupNone && k == g.Tile
}

// DragonRun reports whether the group is the dragon série 5z6z7z.
func (g Group) DragonRun() bool { return g.Kind == Special && g.Tile == tile.White && g.Size() == 3 }

// String writes the group in notation: "[123m]" exposed, "(1111p)" for a
// declared concealed kong, bare tiles for a concealed group.
func (g Group) String() string {
	s := strings.ReplaceAll(tile.Format(g.Tiles()), " ", "")
	switch {
	case !g.Concealed:
		return "[" + s + "]"
	case g.Kind == Kong:
		return "(" + s + ")"
	}
	return s
}

// GroupFromNotation converts a group written in hand notation: "[...]"
// groups are exposed, "(...)" groups are declared concealed kongs. Exposed
// suit séries, triples and kongs were claimed (Called). The notation cannot
// say whether an exposed "[5z6z7z]" was claimed by TCHE or exposed by its
// owner: it is taken as a TCHE unless noCalls says the player never claimed.
func GroupFromNotation(n tile.Group, noCalls bool) (Group, error) {
	ks := tile.Sorted(n.Tiles)
	g, err := groupOf(ks)
	if err != nil {
		return Group{}, err
	}
	switch {
	case n.Kind == tile.ConcealedKong && g.Kind != Kong:
		return Group{}, fmt.Errorf("jilin: %q in parentheses must be a concealed kong of four identical tiles", tile.Format(n.Tiles))
	case n.Kind == tile.ConcealedKong:
		g.Concealed = true
	case g.Kind == Special:
		g.Called = g.DragonRun() && !noCalls
	default:
		g.Called = true
	}
	return g, nil
}

// groupOf recognises the group formed by the sorted tiles ks.
func groupOf(ks []tile.Kind) (Group, error) {
	same := len(ks) > 0
	for _, k := range ks {
		same = same && k == ks[0]
	}
	switch {
	case len(ks) > 0 && !ks[0].IsStandard():
		return Group{}, fmt.Errorf("jilin: %q holds %s; Jilin has only suit tiles, winds and dragons (JL-1.1)", tile.Format(ks), ks[0])
	case same && len(ks) == 3:
		return NewTriple(ks[0]), nil
	case same && len(ks) == 4:
		return NewKong(ks[0]), nil
	case len(ks) == 3 && ks[0].IsSuited() && ks[0].Suit() == ks[2].Suit() && ks[1] == ks[0]+1 && ks[2] == ks[0]+2:
		return NewRun(ks[0]), nil
	case len(ks) >= 3 && ks[0].IsHonor():
		return NewSpecial(ks...)
	}
	return Group{}, fmt.Errorf("jilin: %q is not a série, triple, kong or special combination (JL-0)", tile.Format(ks))
}
