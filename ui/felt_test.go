package ui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/fourwinds-mahjong/fourwinds/core/wall"
	"github.com/fourwinds-mahjong/fourwinds/internal/uitest"
	"github.com/fourwinds-mahjong/fourwinds/ui/tileview"
)

// feltSizes are the phone, the portrait tablet and the desktop.
var feltSizes = []fyne.Size{{Width: 360, Height: 640}, {Width: 800, Height: 1280}, {Width: 1280, Height: 800}}

// TestFeltGolden draws the table mid-hand at every size: the wall as
// stacks around the centre with its hill and the dice, the other players'
// racks as standing backs with their melds and bonus tiles beside them.
func TestFeltGolden(t *testing.T) {
	for _, sz := range feltSizes {
		name := fmt.Sprintf("felt_%dx%d.png", int(sz.Width), int(sz.Height))
		t.Run(name, func(t *testing.T) {
			a, w := newTestApp(t, noTables{}, sz)
			a.fy.Settings().SetTheme(uitest.Theme(theme.VariantLight))
			a.openTable(newStillTable(midHand()))
			w.Resize(sz)
			uitest.Golden(t, name, w.Canvas().Capture())
		})
	}
}

// TestWallFromView checks the wall drawn from the view: 144 tiles of the
// hongkong wall less the deal, the draws and the tail draws, the hill's
// 14 tiles set apart, the rest live.
func TestWallFromView(t *testing.T) {
	v := midHand().View
	stacks, per, ok := wallOf(v)
	if !ok || per != 18 || len(stacks) != 4*per {
		t.Fatalf("wallOf: %d stacks, %d a side, %v: want 72, 18, true", len(stacks), per, ok)
	}
	live, hill := 0, 0
	for _, st := range stacks {
		switch st.Role {
		case wall.RoleLive:
			live += st.Tiles
		case wall.RoleHill:
			hill++
		}
	}
	if live != v.WallLive || hill != 7 {
		t.Errorf("%d live tiles and %d hill stacks: want %d and 7", live, hill, v.WallLive)
	}
	v.Dice = [2]int{}
	if _, _, ok := wallOf(v); ok {
		t.Error("a view without dice has a wall to draw: want none (the break is unknown)")
	}
}

// TestPhoneMeldsReadable checks that the other players' melds and bonus
// tiles are at least 24 pixels wide on a phone, in every tile style.
func TestPhoneMeldsReadable(t *testing.T) {
	for _, st := range tileview.Styles {
		t.Run(string(st), func(t *testing.T) {
			a, _ := newTestApp(t, noTables{}, fyne.NewSize(360, 640))
			a.fy.Preferences().SetString(PrefStyle, string(st))
			a.openTable(newStillTable(midHand()))
			s := a.screen
			n := 0
			for i := 1; i < 4; i++ {
				p := s.panels[i].(*fyne.Container)
				mark := s.seatOf((s.player + i) % 4).Tile()      // the seat's wind, marked small by the name
				for _, o := range p.Objects[:len(p.Objects)-1] { // all but the discards
					walkTiles(o, func(tl *tileview.Tile) {
						if tl.Kind == mark {
							return
						}
						n++
						if w := tl.Size().Width; w < phoneMeldWidth-.01 { // float rounding of the style's scale
							t.Errorf("panel %d: %v is %.1f px wide: want at least %d", i, tl.Kind, w, phoneMeldWidth)
						}
					})
				}
			}
			if n < 7 {
				t.Fatalf("%d meld and bonus tiles in the other players' panels: want 7 (a pung, a chow and a flower)", n)
			}
		})
	}
}

// TestSheetGolden draws the end-of-hand sheet at 420×780: the exposures
// set apart on felt with the claimed tile on its side, and the running
// totals in sight above the button without scrolling.
func TestSheetGolden(t *testing.T) {
	sz := fyne.NewSize(420, 780)
	a, w := newTestApp(t, noTables{}, sz)
	a.openTable(newStillTable(handOver()))
	w.Resize(sz)
	uitest.Golden(t, "sheet_420x780.png", w.Canvas().Capture())
}
