// Package wall builds seeded walls and draws from them: dice, the breach,
// the dead wall (classical), the hill (hongkong, french), the stack model
// (jilin) and the reserved last wall (american), with live draws from the
// front and replacement draws from the tail.
package wall

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

// Tiles returns the number of tiles the spec's wall holds.
func (s Spec) Tiles() int { return s.StacksPerSide * 8 }

// DealStyle is how the deal distributes the first 53 tiles.
type DealStyle uint8

// The deal styles.
const (
	// DealTwos gives six passes of 2 tiles, then one each and one more to
	// East (HK-4.1, FR-5.1).
	DealTwos DealStyle = iota
	// DealFours gives three passes of 4 tiles, then East takes indices 48
	// and 52 by the jump (CL-5.1, CL-5.2, JL deal).
	DealFours
	// DealFoursAmerican gives twelve blocks of 4, then 48→E, 49→S, 50→E,
	// 51→W, 52→N (AM-3.4).
	DealFoursAmerican
)
