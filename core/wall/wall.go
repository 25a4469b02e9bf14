package wall

import (
	"errors"
	"fmt"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// The package's errors; every error returned wraps one of them.
var (
	// ErrSpec: the Spec cannot be built (see Spec.Validate).
	ErrSpec = errors.New("wall: bad spec")
	// ErrRing: the ring does not fit the spec.
	ErrRing = errors.New("wall: bad ring")
	// ErrDice: a throw is not a two-dice total.
	ErrDice = errors.New("wall: bad dice")
	// ErrJoker: a jilin joker draw or return is not possible now (JL-8).
	ErrJoker = errors.New("wall: joker draw refused")
)

// setApart is the number of stacks set apart behind the breach: the
// classical dead wall (CL-4.4) and the hill (HK-3.5, FR-4.5).
const setApart = 7

// slots is a bit set over the tile slots of a wall (at most 152).
type slots [(8*MaxStacksPerSide + 63) / 64]uint64

func (b *slots) has(i int) bool { return b[i>>6]&(1<<(i&63)) != 0 }
func (b *slots) set(i int)      { b[i>>6] |= 1 << (i & 63) }
func (b *slots) clear(i int)    { b[i>>6] &^= 1 << (i & 63) }

// Wall is a built wall during a hand. Its stacks are kept in front order
// (see the package doc): stack p of that order holds slots 2p (top) and
// 2p+1 (bottom). A Wall copies cheaply: Clone shares only the tile order,
// which is never written after New.
type Wall struct {
	spec     Spec
	a, b     int
	dominant int
	start    int         // ring stack of front-order stack 0
	tiles    []tile.Kind // tiles in front order; read-only, shared by clones
	gone     slots       // slots drawn, or the joker indicator out of the wall
	faceUp   slots       // slots showing their tile face up (JL-8.2, JL-8.3)
	front    int         // lowest slot that live draws have not passed
	back     int         // front-order stack the tail reads next
	end      int         // front-order stacks draws may reach: all but the hill
	left     int         // tiles physically in the wall
	tailed   int         // tail draws so far (r of CL-4.6)
	joker    int         // slot of the joker indicator out of the wall, or -1
	// taken lists the ring indices of the tiles taken, in order; clones
	// share its prefix and copy on their first append (Clone clips it).
	taken []uint8
	// indicators lists the positions in taken of the joker indicators
	// drawn (JL-8.1); clipped like taken.
	indicators []int
}

// New lays the ring (in the order the package doc gives) into the four walls
// and breaks them with the throws a and b: a is East's throw, which names
// the dominant seat whose wall is broken, and b that seat's throw, so that
// the front is stack a+b+1 of the dominant wall (CL-4.3, HK-3.4, FR-4.4,
// JL-3.3). American uses only a (AM-3.2) and ignores b.
func New(spec Spec, ring []tile.Kind, a, b int) (*Wall, error) {
	if err := spec.Validate(); err != nil {
		return nil, err
	}
	if len(ring) != spec.Tiles() {
		return nil, fmt.Errorf("%w: %d tiles for %d stacks per side: want %d",
			ErrRing, len(ring), spec.StacksPerSide, spec.Tiles())
	}
	for i, k := range ring {
		if !k.Valid() {
			return nil, fmt.Errorf("%w: slot %d holds %v, which is not a tile", ErrRing, i, k)
		}
	}
	if err := checkThrow("first", a); err != nil {
		return nil, err
	}
	w := &Wall{spec: spec, a: a, joker: -1}
	t := a
	if spec.Layout != Reserved {
		if err := checkThrow("second", b); err != nil {
			return nil, err
		}
		w.b, w.dominant, t = b, DiceSeat(0, a), a+b
	}
	n := 4 * spec.StacksPerSide
	w.start = mod(ringWall(w.dominant)*spec.StacksPerSide+t, n)
	w.tiles = make([]tile.Kind, 2*n)
	for p := range n {
		g := (w.start + p) % n
		w.tiles[2*p], w.tiles[2*p+1] = ring[2*g], ring[2*g+1]
	}
	w.left, w.end = 2*n, n
	if spec.Layout == Hill {
		w.end = n - setApart
	}
	w.back = w.end - 1
	return w, nil
}

// checkThrow reports a throw that is not a two-dice total.
func checkThrow(which string, total int) error {
	if total < 2 || total > 12 {
		return fmt.Errorf("%w: %s throw %d is not a two-dice total: want 2 to 12", ErrDice, which, total)
	}
	return nil
}

// ringWall returns where a seat's wall (offset 0..3 from East) comes in the
// ring: East's 0, North's 1, West's 2, South's 3. The map is its own inverse.
func ringWall(seat int) int { return mod(-seat, 4) }

// Clone returns an independent copy of the wall.
func (w *Wall) Clone() *Wall {
	c := *w
	c.taken = w.taken[:len(w.taken):len(w.taken)]
	c.indicators = w.indicators[:len(w.indicators):len(w.indicators)]
	return &c
}

// Taken returns the ring indices (positions in the ring New was given) of
// the tiles taken from the wall so far, in the order they were taken:
// dealt, drawn from either end, or drawn as the jilin joker indicator. A
// sealed table names its encrypted tiles by these indices.
func (w *Wall) Taken() []int {
	out := make([]int, len(w.taken))
	for i, r := range w.taken {
		out[i] = int(r)
	}
	return out
}

// ringIndex returns the ring index of front-order slot i.
func (w *Wall) ringIndex(i int) int {
	n := 4 * w.spec.StacksPerSide
	return 2*((w.start+i/2)%n) + i%2
}

// Dice returns the two throws the wall was broken with (b is 0 for american).
func (w *Wall) Dice() (a, b int) { return w.a, w.b }

// Dominant returns the seat offset from East whose wall was broken: the seat
// named by East's throw (HK-3.3, FR-4.3; the second thrower of CL-4.3 and
// JL-3.2), and East for american (AM-3.2).
func (w *Wall) Dominant() int { return w.dominant }

// BreachStack returns t = a+b (american: r = a), the number of stacks
// counted from the dominant seat's stack 1 in ring order before the front:
// the break follows the t-th stack (CL-4.3, HK-3.4, FR-4.4, JL-3.3, AM-3.2).
// It may exceed StacksPerSide, the count then running onto the next wall.
func (w *Wall) BreachStack() int { return w.a + w.b }

// Remaining returns the number of tiles physically in the wall, the hill and
// the dead wall included, the jilin joker indicator out of it excluded.
func (w *Wall) Remaining() int { return w.left }

// LiveLeft returns how many live (front) draws remain before the wall is
// exhausted: classical keeps 14 + (r mod 2) tiles after r tail draws
// (CL-4.6), or 14 (CL-OPT-7 fixed14); the hill's 14 tiles are never drawn
// (HK-3.5, FR-4.5); jilin stops when EndStacks non-empty stacks remain
// (JL-10.2); american draws every tile, its reserved part last (AM-3.3).
// At 0 the wall is exhausted (CL-9.1, HK-8.1, FR-4.7, JL-10.2, AM-5.10).
func (w *Wall) LiveLeft() int { return max(0, w.left-w.reserve()) }

// TailLeft returns how many tail draws remain if no live draw is made:
// classical replacements may use the dead wall and jilin compensations the
// end stacks, so every tile counts (CL-4.5, JL-10.2); hongkong and french
// replacements come from the live wall (HK-3.6, FR-4.6); american has none.
func (w *Wall) TailLeft() int {
	switch w.spec.Layout {
	case Hill:
		return w.LiveLeft()
	case Reserved:
		return 0
	}
	return w.left
}

// TailIsLive reports whether tail draws take live tiles: the hill's tail is
// the live wall's other end (HK-3.6, FR-4.6, FR-4.7), while the dead wall
// and jilin's last stacks lie outside the live draws (CL-4.5, JL-10.2).
func (w *Wall) TailIsLive() bool { return w.spec.Layout == Hill }

// InLastWall reports whether the next live draw comes from american's
// reserved part, East's stacks 1..r (AM-3.5; the hot wall of AM-5.9).
func (w *Wall) InLastWall() bool {
	return w.spec.Layout == Reserved && w.left <= 2*w.a
}

// reserve returns how many tiles at the back live draws may not take.
func (w *Wall) reserve() int {
	switch w.spec.Layout {
	case DeadWall:
		if w.spec.FixedReserve {
			return 2 * setApart
		}
		return 2*setApart + w.tailed%2
	case Hill:
		return 2 * setApart
	case Stacks:
		return w.endTiles()
	}
	return 0
}

// endTiles returns the tiles in the last EndStacks non-empty stacks.
func (w *Wall) endTiles() int {
	tiles, stacks := 0, 0
	for p := w.back; p >= 0 && stacks < w.spec.EndStacks; p-- {
		if c := w.count(p); c > 0 {
			tiles += c
			stacks++
		}
	}
	return tiles
}

// count returns the tiles on front-order stack p.
func (w *Wall) count(p int) int {
	n := 0
	for i := 2 * p; i < 2*p+2; i++ {
		if !w.gone.has(i) {
			n++
		}
	}
	return n
}

// take removes slot i from the wall and returns its tile.
func (w *Wall) take(i int) tile.Kind {
	w.taken = append(w.taken, uint8(w.ringIndex(i)))
	w.gone.set(i)
	w.faceUp.clear(i)
	w.left--
	return w.tiles[i]
}

// Draw takes the next live tile from the front, top tile before bottom
// (CL-4.5, HK-3.6, FR-4.7, JL-3.4, AM-3.3), or reports false when the wall
// is exhausted.
func (w *Wall) Draw() (tile.Kind, bool) {
	if w.LiveLeft() == 0 {
		return tile.None, false
	}
	for w.gone.has(w.front) {
		w.front++
	}
	return w.take(w.front), true
}

// DrawTail takes a replacement (compensation) tile from the tail: the top
// of the last non-empty stack, then its bottom (CL-4.5, HK-3.6, FR-4.6,
// JL-3.4). It reports false when TailLeft is 0, and always for american.
func (w *Wall) DrawTail() (tile.Kind, bool) {
	if w.TailLeft() == 0 {
		return tile.None, false
	}
	for ; w.back >= 0; w.back-- {
		for i := 2 * w.back; i < 2*w.back+2; i++ {
			if !w.gone.has(i) {
				w.tailed++
				return w.take(i), true
			}
		}
	}
	return tile.None, false
}

// Deal hands out the next 53 live tiles by the style's index table and
// returns the hands by seat offset from East, in the order dealt: on a fresh
// wall these are linear indices 0..52 (CL-5.1, CL-5.2, HK-4.1, FR-5.1,
// JL-3.5, AM-3.4). New guarantees that a fresh wall holds them; an unknown
// style deals nothing.
func (w *Wall) Deal(style DealStyle) [4][]tile.Kind {
	var hands [4][]tile.Kind
	if !style.Valid() {
		return hands
	}
	for s := range hands {
		hands[s] = make([]tile.Kind, 0, 14)
	}
	for i := range DealTiles {
		k, ok := w.Draw()
		if !ok {
			break
		}
		s := style.Seat(i)
		hands[s] = append(hands[s], k)
	}
	return hands
}
