package ui

import (
	"fyne.io/fyne/v2"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/ui/tileview"
)

// tileBin keeps the tile widgets of the table's panels and rack while
// they are drawn anew, for the new ones to use again: a tile widget keeps
// its drawn objects, and the textures of its texts, for its whole life,
// while a new one costs new textures, which Fyne keeps for a minute after
// their last use. A discard changes one panel, and its tiles come back
// from the bin. The bin is emptied after every update, so it never holds
// more than one update's tiles.
type tileBin struct {
	free   map[tileKey][]*tileview.Tile
	reused []*tileview.Tile
}

type tileKey struct {
	kind  tile.Kind
	style tileview.Style
}

// release puts every tile under o in the bin.
func (b *tileBin) release(o fyne.CanvasObject) {
	switch x := o.(type) {
	case *tileview.Tile:
		if b.free == nil {
			b.free = map[tileKey][]*tileview.Tile{}
		}
		k := tileKey{x.Kind, x.Style}
		b.free[k] = append(b.free[k], x)
	case *fyne.Container:
		for _, c := range x.Objects {
			b.release(c)
		}
	}
}

// get returns a tile of kind k in style st, w wide, plain (not selected,
// highlighted, dimmed nor on its side, doing nothing when tapped): one
// from the bin when there is one.
func (b *tileBin) get(k tile.Kind, st tileview.Style, w float32) *tileview.Tile {
	key := tileKey{k, st}
	free := b.free[key]
	if len(free) == 0 {
		return tileview.NewTile(k, st, w)
	}
	// First in, first out: tiles of a kind come back in their order, so
	// that a rack drawn again keeps each tile in its place.
	t := free[0]
	b.free[key] = free[1:]
	t.Width = w
	t.Selected, t.Highlight, t.Dim, t.Sideways = false, false, false, false
	t.OnTapped, t.OnDragged, t.OnDragEnd = nil, nil, nil
	b.reused = append(b.reused, t)
	return t
}

// settle redraws the tiles used again with what they now show, and lets
// the unused ones go.
func (b *tileBin) settle() {
	for _, t := range b.reused {
		t.Refresh()
	}
	b.reused = nil
	clear(b.free)
}
