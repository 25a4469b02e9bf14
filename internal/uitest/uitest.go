// Package uitest helps the ui's headless tests: a theme fixed to light or
// dark, and golden images compared or rewritten with -update.
package uitest

import (
	"flag"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata")

// Variant is the default theme in one variant, whatever the settings say.
type Variant struct {
	fyne.Theme
	V fyne.ThemeVariant
}

// Color returns the default theme's colour in the fixed variant.
func (t Variant) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return t.Theme.Color(n, t.V)
}

// Theme returns the default theme fixed to variant v.
func Theme(v fyne.ThemeVariant) fyne.Theme { return Variant{Theme: theme.DefaultTheme(), V: v} }

// Golden compares img with testdata/name, or rewrites it with -update.
func Golden(t *testing.T, name string, img image.Image) {
	t.Helper()
	if *update {
		WritePNG(t, filepath.Join("testdata", name), img)
		return
	}
	test.AssertImageMatches(t, name, img)
}

// WritePNG writes img to path, making its folder.
func WritePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}
