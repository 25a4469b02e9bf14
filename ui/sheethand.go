package ui

import (
	"image/color"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/ui/tileview"
)

// meldOrder returns a meld's tiles as a table shows them and the place of
// the claimed tile among them (-1 for none), which lies on its side
// pointing at the seat it came from: first from the left-hand seat, in
// the middle from across, last from the right.
func meldOrder(m game.Meld) ([]tile.Kind, int) {
	ks := m.Tiles()
	claimed := int(m.Claimed) - 1
	if claimed < 0 || claimed >= len(ks) {
		return ks, -1
	}
	k := ks[claimed]
	ks = slices.Delete(slices.Clone(ks), claimed, claimed+1)
	at := map[uint8]int{1: len(ks), 2: len(ks) / 2, 3: 0}[m.From]
	return slices.Insert(ks, at, k), at
}

// exposureBack is the cloth under an exposed group on the sheet: the
// table's felt, setting the exposures apart from the concealed tiles.
var exposureBack = color.NRGBA{R: 0x1F, G: 0x6F, B: 0x5C, A: 0x50}

// exposedGroup draws group g of a revealed hand on the sheet, set apart
// on a piece of felt: the claimed tile on its side when the seat's meld
// m tells which it was (m.Claimed 0: none, or not known), a concealed
// kong with its two end tiles face down as it lies on the table.
func exposedGroup(g tile.Group, m game.Meld, st tileview.Style, w float32) fyne.CanvasObject {
	row := container.New(layout.NewCustomPaddedHBoxLayout(1))
	ks, sideways := g.Tiles, -1
	if g.Kind == tile.Exposed && m.Claimed > 0 && slices.Equal(m.Tiles(), g.Tiles) {
		ks, sideways = meldOrder(m)
	}
	for i, k := range ks {
		if g.Kind == tile.ConcealedKong && (i == 0 || i == len(ks)-1) {
			k = tile.Unknown
		}
		t := tileview.NewTile(k, st, w)
		if i != sideways {
			row.Add(t)
			continue
		}
		t.Sideways = true
		row.Add(container.NewVBox(layout.NewSpacer(), t))
	}
	back := canvas.NewRectangle(exposureBack)
	back.CornerRadius = 4
	return container.NewStack(back, container.New(layout.NewCustomPaddedLayout(2, 2, 3, 3), row))
}

// meldAt returns melds[i], or no meld.
func meldAt(melds []game.Meld, i int) game.Meld {
	if i < len(melds) {
		return melds[i]
	}
	return game.Meld{}
}

// totalsBar is the sheet's foot, always in sight above its button: each
// player's running total and what the hand brought them, two to a row.
func (s *TableScreen) totalsBar(r *game.Result) fyne.CanvasObject {
	in := s.snap.Info
	grid := container.NewGridWithColumns(2)
	for _, p := range byTotal(in.Balances) {
		net := r.Settlement.Net[s.seatOf(p)]
		cell := widget.NewLabelWithStyle(s.name(p)+"  "+total(in.Balances[p])+"  ("+payment(net)+")", fyne.TextAlignLeading, fyne.TextStyle{Bold: p == s.player})
		cell.Truncation = fyne.TextTruncateEllipsis
		grid.Add(cell)
	}
	line := canvas.NewRectangle(theme.Color(theme.ColorNameSeparator))
	line.SetMinSize(fyne.NewSize(0, 1))
	return container.NewVBox(line, grid)
}

// byTotal returns the players by running total, best first.
func byTotal(b [4]int) []int {
	ps := []int{0, 1, 2, 3}
	slices.SortStableFunc(ps, func(i, j int) int { return b[j] - b[i] })
	return ps
}

// seatMelds are the melds of seat w in the view, or none.
func seatMelds(v *game.View, w rules.Wind) []game.Meld {
	if v == nil || w < rules.E || w > rules.N {
		return nil
	}
	return v.Seats[w].Melds
}
