package wall

import "fmt"

// Layout is how a ruleset sets tiles apart and decides that the wall is
// exhausted.
type Layout uint8

// The layouts. LayoutNone is the none value.
const (
	LayoutNone Layout = iota
	// DeadWall keeps a dead wall of 7 stacks behind the break (CL-4.4): the
	// live wall is exhausted when 14 + (r mod 2) tiles are left after r
	// replacement draws (CL-4.6), or exactly 14 with Spec.FixedReserve (CL-OPT-7).
	DeadWall
	// Hill sets 14 tiles apart that are never drawn (HK-3.5, FR-4.5);
	// replacements come from the tail of the live wall (HK-3.6, FR-4.6).
	Hill
	// Stacks has no dead wall; front draws stop when Spec.EndStacks stacks
	// remain, while tail (compensation) draws may use them (JL-3, JL-D3).
	Stacks
	// Reserved has no dead wall and no replacement draws: the draw sequence
	// starts after East's first r stacks, which are drawn last (AM-3).
	Reserved
)

// String names the layout.
func (l Layout) String() string {
	return [...]string{"none", "dead-wall", "hill", "stacks", "reserved"}[min(int(l), 4)]
}

// Spec is the wall geometry and policy of a ruleset under its options.
type Spec struct {
	Layout Layout
	// StacksPerSide is 17, 18 or 19 (two tiles per stack, four sides).
	StacksPerSide int
	// FixedReserve keeps the classical dead wall at exactly 14 tiles (CL-OPT-7 fixed14).
	FixedReserve bool
	// EndStacks is the number of stacks at which front draws stop (jilin: 6).
	EndStacks int
}

// The sizes a spec may have.
const (
	// MinStacksPerSide and MaxStacksPerSide bound Spec.StacksPerSide: 17
	// (136 tiles), 18 (144 tiles with bonus tiles) or 19 (american's 152).
	MinStacksPerSide = 17
	MaxStacksPerSide = 19
	// DealTiles is the number of tiles every deal style hands out: 14 to
	// East and 13 to each other seat.
	DealTiles = 53
)

// Tiles returns the number of tiles the spec's wall holds.
func (s Spec) Tiles() int { return s.StacksPerSide * 8 }

// Validate reports what is wrong with the spec, if anything: an unknown
// layout, a wall length other than 17–19 stacks, an option set for a layout
// that does not use it, or so many end stacks that the deal would not be live.
func (s Spec) Validate() error {
	maxEnd := 4*s.StacksPerSide - (DealTiles+1)/2
	switch {
	case s.Layout == LayoutNone || s.Layout > Reserved:
		return fmt.Errorf("%w: layout %d: want dead-wall, hill, stacks or reserved", ErrSpec, uint8(s.Layout))
	case s.StacksPerSide < MinStacksPerSide || s.StacksPerSide > MaxStacksPerSide:
		return fmt.Errorf("%w: %d stacks per side: want %d to %d", ErrSpec, s.StacksPerSide, MinStacksPerSide, MaxStacksPerSide)
	case s.FixedReserve && s.Layout != DeadWall:
		return fmt.Errorf("%w: FixedReserve is for the dead-wall layout only, not %v", ErrSpec, s.Layout)
	case s.EndStacks != 0 && s.Layout != Stacks:
		return fmt.Errorf("%w: EndStacks is for the stacks layout only, not %v", ErrSpec, s.Layout)
	case s.EndStacks < 0 || s.EndStacks > maxEnd:
		return fmt.Errorf("%w: %d end stacks: want 0 to %d so that the deal stays live", ErrSpec, s.EndStacks, maxEnd)
	}
	return nil
}

// DealStyle is how the deal distributes the first 53 tiles.
type DealStyle uint8

// The deal styles.
const (
	// DealTwos gives six passes of 2 tiles, then one each and one more to
	// East (HK-4.1, FR-5.1).
	DealTwos DealStyle = iota
	// DealFours gives three passes of 4 tiles, then East takes indices 48
	// and 52 by the jump (CL-5.1, CL-5.2, JL-3.5).
	DealFours
	// DealFoursAmerican gives twelve blocks of 4, then 48→E, 49→S, 50→E,
	// 51→W, 52→N (AM-3.4).
	DealFoursAmerican
)

// dealPlans gives, for each deal style, the block size of the first 48
// tiles (handed out E, S, W, N, E, … one block at a time) and the seats of
// indices 48..52 (HK-4.1, FR-5.1; CL-5.1, CL-5.2, JL-3.5; AM-3.4).
var dealPlans = [...]struct {
	block int
	last  [5]int
}{
	DealTwos:          {2, [5]int{0, 1, 2, 3, 0}},
	DealFours:         {4, [5]int{0, 1, 2, 3, 0}},
	DealFoursAmerican: {4, [5]int{0, 1, 0, 2, 3}},
}

// Valid reports whether d is one of the deal styles.
func (d DealStyle) Valid() bool { return int(d) < len(dealPlans) }

// String names the deal style.
func (d DealStyle) String() string {
	if !d.Valid() {
		return fmt.Sprintf("DealStyle(%d)", uint8(d))
	}
	return [...]string{"twos", "fours", "fours-american"}[d]
}

// Seat returns the seat offset from East that receives the deal's linear
// index i < 53 (DealTiles), the i-th tile dealt.
func (d DealStyle) Seat(i int) int {
	p := dealPlans[d]
	if i < DealTiles-len(p.last) {
		return i / p.block % 4
	}
	return p.last[i-(DealTiles-len(p.last))]
}
