package tileview

import (
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata")

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

// golden compares img with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, img image.Image) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := png.Encode(f, img); err != nil {
			t.Fatal(err)
		}
		return
	}
	test.AssertImageMatches(t, name, img)
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
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := test.NewTempApp(t)
			a.Settings().SetTheme(test.NewTheme())
			if tc.variant == theme.VariantDark {
				a.Settings().SetTheme(theme.DarkTheme())
			} else {
				a.Settings().SetTheme(theme.LightTheme())
			}
			w := test.NewTempWindow(t, tileSet(tc.style))
			w.Resize(fyne.NewSize(640, 520*tc.style.Scale()))
			golden(t, tc.name, w.Canvas().Capture())
		})
	}
}

func TestIndexEveryKind(t *testing.T) {
	for k := tile.Kind(0); k < tile.NumKinds; k++ {
		if Index(k) == "" {
			t.Errorf("%v has no corner index", k)
		}
	}
}
