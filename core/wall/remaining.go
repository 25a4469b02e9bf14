package wall

import "github.com/fourwinds-mahjong/fourwinds/core/tile"

// RemainingTiles returns the tiles still in the wall, in front order (for
// the dealer's conservation checks and the audit after a hand; never for a view).
func (w *Wall) RemainingTiles() []tile.Kind {
	out := make([]tile.Kind, 0, w.left)
	for i, k := range w.tiles {
		if !w.gone.has(i) {
			out = append(out, k)
		}
	}
	return out
}
