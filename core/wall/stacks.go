package wall

import "github.com/fourwinds-mahjong/fourwinds/core/tile"

// Role is what a stack of the wall is for, as a table display shows it.
type Role uint8

// The roles. RoleEmpty is the none value: nothing is left on the stack.
const (
	RoleEmpty Role = iota
	// RoleLive: live draws will take it.
	RoleLive
	// RoleDead: kept back from live draws but open to tail draws: the
	// classical dead wall (CL-4.4, CL-4.6) or jilin's last stacks (JL-10.2).
	RoleDead
	// RoleHill: set apart and never drawn (HK-3.5, FR-4.5).
	RoleHill
	// RoleReserved: american's last wall, East's stacks 1..r, drawn last (AM-3.5).
	RoleReserved
)

// String names the role.
func (r Role) String() string {
	return [...]string{"empty", "live", "dead", "hill", "reserved", "?"}[min(int(r), 5)]
}

// StackState is one stack as a table display draws it.
type StackState struct {
	// Side is the seat offset from East (0=E … 3=N) of the wall's owner.
	Side int
	// Number is the stack's number, 1 at the owner's right-hand end.
	Number int
	// Tiles is how many tiles lie there: 0 to 2, or 3 on the two hill
	// stacks that carry a lifted breach tile (FR-4.5).
	Tiles int
	// Role is what the stack is for; an emptied stack is RoleEmpty, but
	// the emptied breach stack stays RoleHill.
	Role Role
	// FaceUp is the kind lying face up on top (a returned jilin joker
	// indicator, JL-8.2), or tile.None.
	FaceUp tile.Kind
}

// Stacks returns every stack of the square, side by side (East's wall,
// then South's, West's, North's) and by number within a side.
func (w *Wall) Stacks() []StackState {
	per := w.spec.StacksPerSide
	n := 4 * per
	out := make([]StackState, n)
	res, behind := w.reserve(), 0
	for p := n - 1; p >= 0; p-- {
		g := (w.start + p) % n
		st := StackState{Side: ringWall(g / per), Number: g%per + 1, Tiles: w.count(p), FaceUp: tile.None}
		behind += st.Tiles
		if w.faceUp.has(2 * p) {
			st.FaceUp = w.tiles[2*p]
		}
		st.Role, st.Tiles = w.role(p, st.Tiles, behind <= res)
		out[st.Side*per+st.Number-1] = st
	}
	return out
}

// role returns the role and displayed tile count of front-order stack p,
// which holds tiles tiles; reserved reports that they all lie in the part
// live draws may not take.
func (w *Wall) role(p, tiles int, reserved bool) (Role, int) {
	n := 4 * w.spec.StacksPerSide
	switch {
	case p >= w.end:
		return RoleHill, hillTiles(n - 1 - p)
	case tiles == 0:
		return RoleEmpty, 0
	case reserved:
		return RoleDead, tiles
	case w.spec.Layout == Reserved && p >= n-w.a:
		return RoleReserved, tiles
	}
	return RoleLive, tiles
}

// hillTiles returns how many tiles a display shows on the hill stack k
// places before the breach stack t (k = 0 is stack t itself): FR-4.5 lifts
// stack t's top onto stack t−3 and its bottom onto stack t−1.
func hillTiles(k int) int {
	switch k {
	case 0:
		return 0
	case 1, 3:
		return 3
	}
	return 2
}
