package wall

import (
	"fmt"
	"slices"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// JokerDie is the number of faces of the die thrown for the jilin joker
// indicator (JL-8.1).
const JokerDie = 6

// JokerChoices returns the eligible faces d of the joker die, in order: the
// d-th complete 2-tile stack counted from the tail exists and its top tile
// is face down (JL-8.1, JL-8.2). Rerolling until an eligible face comes up
// is the same as picking uniformly among these (JL-D10); none means no joker
// for now. It is empty outside the stacks layout or while an indicator is out.
func (w *Wall) JokerChoices() []int {
	var out []int
	for d := 1; d <= JokerDie; d++ {
		if _, err := w.jokerSlot(d); err == nil {
			out = append(out, d)
		}
	}
	return out
}

// DrawJoker takes the top tile of the die-th complete stack from the tail
// as the joker indicator and returns it; the indicator leaves the wall until
// ReturnJoker (JL-8.1). It fails if the face is not eligible (JokerChoices).
func (w *Wall) DrawJoker(die int) (tile.Kind, error) {
	i, err := w.jokerSlot(die)
	if err != nil {
		return tile.None, err
	}
	w.joker = i
	w.indicators = append(w.indicators, len(w.taken))
	return w.take(i), nil
}

// Indicators returns the positions in Taken of the tiles drawn as joker
// indicators, in order (JL-8.1): a sealed table reveals them to nobody's
// seat.
func (w *Wall) Indicators() []int { return slices.Clone(w.indicators) }

// jokerSlot returns the slot the joker die face d points at, or why it
// may not be drawn.
func (w *Wall) jokerSlot(d int) (int, error) {
	switch {
	case w.spec.Layout != Stacks:
		return 0, fmt.Errorf("%w: only the stacks layout (jilin, JL-8) draws a joker indicator", ErrJoker)
	case w.joker >= 0:
		return 0, fmt.Errorf("%w: the last indicator is still out of the wall: return it first (JL-8.3)", ErrJoker)
	case d < 1 || d > JokerDie:
		return 0, fmt.Errorf("%w: die %d: want 1 to %d", ErrJoker, d, JokerDie)
	}
	seen := 0
	for p := w.back; p >= 0; p-- {
		if w.count(p) < 2 {
			continue
		}
		if seen++; seen < d {
			continue
		}
		if w.faceUp.has(2 * p) {
			return 0, fmt.Errorf("%w: complete stack %d from the tail shows a face-up tile (JL-8.2)", ErrJoker, d)
		}
		return 2 * p, nil
	}
	return 0, fmt.Errorf("%w: die %d: only %d complete stacks remain (JL-8.2)", ErrJoker, d, seen)
}

// ReturnJoker puts the indicator drawn by DrawJoker back face up into its
// slot and reports true, or reports false when its slot is gone (the rest
// of its stack has been drawn) and the indicator lies face up out of play
// (JL-8.2, JL-8.3).
func (w *Wall) ReturnJoker() (inWall bool, err error) {
	i := w.joker
	if i < 0 {
		return false, fmt.Errorf("%w: no joker indicator is out of the wall", ErrJoker)
	}
	w.joker = -1
	if w.gone.has(i + 1) {
		return false, nil
	}
	w.gone.clear(i)
	w.faceUp.set(i)
	w.left++
	return true, nil
}
