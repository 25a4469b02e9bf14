package tileview

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/internal/uitest"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// tileSet lays out every kind and the back.
func tileSet(s Style) fyne.CanvasObject {
	var objs []fyne.CanvasObject
	for k := tile.Kind(0); k < tile.NumKinds; k++ {
		objs = append(objs, NewTile(k, s, RackWidth))
	}
	objs = append(objs, NewTile(tile.Unknown, s, RackWidth))
	sel := NewTile(tile.S1+4, s, RackWidth)
	sel.Selected = true
	hi := NewTile(tile.Red, s, RackWidth)
	hi.Highlight = true
	dim := NewTile(tile.P1+2, s, RackWidth)
	dim.Dim = true
	side := NewTile(tile.M1+6, s, RackWidth)
	side.Sideways = true
	objs = append(objs, sel, hi, dim, side)
	return container.NewGridWrap(fyne.NewSize(RackWidth*s.Scale()*1.34, RackWidth*s.Scale()*1.5), objs...)
}

func TestTileSetGolden(t *testing.T) {
	for _, tc := range []struct {
		name    string
		style   Style
		variant fyne.ThemeVariant
	}{
		{"tiles_standard_light.png", Standard, theme.VariantLight},
		{"tiles_standard_dark.png", Standard, theme.VariantDark},
		{"tiles_contrast_light.png", HighContrast, theme.VariantLight},
		{"tiles_large_light.png", Large, theme.VariantLight},
		{"tiles_standard_light_fr.png", Standard, theme.VariantLight},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := test.NewTempApp(t)
			lang := "en"
			if strings.HasSuffix(tc.name, "_fr.png") {
				lang = "fr" // the honours' French indices: E S O N, B V R
			}
			if err := words.Use(lang); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = words.Use("en") })
			a.Settings().SetTheme(uitest.Theme(tc.variant))
			w := test.NewTempWindow(t, tileSet(tc.style))
			w.Resize(fyne.NewSize(640, 520*tc.style.Scale()))
			uitest.Golden(t, tc.name, w.Canvas().Capture())
		})
	}
}

// TestIndexFrench: the honours' corner indices follow the language.
func TestIndexFrench(t *testing.T) {
	test.NewTempApp(t)
	if err := words.Use("fr"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = words.Use("en") })
	var got []string
	for k := tile.East; k <= tile.Red; k++ {
		got = append(got, Index(k))
	}
	if s := strings.Join(got, " "); s != "E S O N B V R" {
		t.Errorf("French honours indices %q, want E S O N B V R", s)
	}
}

func TestIndexEveryKind(t *testing.T) {
	for k := tile.Kind(0); k < tile.NumKinds; k++ {
		if Index(k) == "" {
			t.Errorf("%v has no corner index", k)
		}
	}
}

// TestSidewaysGolden: every kind at meld size standing and on its side, so
// that a claimed tile can be seen to read like the others.
func TestSidewaysGolden(t *testing.T) {
	a := test.NewTempApp(t)
	a.Settings().SetTheme(uitest.Theme(theme.VariantLight))
	const w = 24
	var objs []fyne.CanvasObject
	for k := tile.Kind(0); k < tile.NumKinds; k++ {
		side := NewTile(k, Standard, w)
		side.Sideways = true
		objs = append(objs, container.NewHBox(NewTile(k, Standard, w), container.NewCenter(side)))
	}
	win := test.NewTempWindow(t, container.NewGridWrap(fyne.NewSize(w*2.5+8, w*4/3+4), objs...))
	win.Resize(fyne.NewSize(640, 300))
	uitest.Golden(t, "tiles_sideways_light.png", win.Canvas().Capture())
}
