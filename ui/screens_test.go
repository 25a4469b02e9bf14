package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/fourwinds-mahjong/fourwinds/internal/uitest"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// screens are the main screens, each shown by a function of the app.
var screens = []struct {
	name string
	show func(a *App)
}{
	{"home", func(a *App) { a.ShowHome() }},
	{"newgame", func(a *App) { a.ShowNewGame() }},
	{"table", func(a *App) { a.openTable(newStillTable(midHand())) }},
	{"sheet", func(a *App) { a.openTable(newStillTable(handOver())) }},
	{"scorer", func(a *App) {
		a.ShowScorer()
		sc := a.win.Content()
		_ = sc
	}},
	{"settings", func(a *App) { a.ShowSettings() }},
	{"rules", func(a *App) { a.ShowRules() }},
}

// capture shows screen i at size sz in language l and theme v.
func capture(t *testing.T, i int, sz fyne.Size, l string, v fyne.ThemeVariant) fyne.Window {
	t.Helper()
	a, w := newTestApp(t, noTables{}, sz)
	a.fy.Settings().SetTheme(uitest.Theme(v))
	if err := words.Use(l); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = words.Use("en") })
	screens[i].show(a)
	w.Resize(sz)
	return w
}

// TestScreensGolden renders the main screens on a phone, light and dark.
func TestScreensGolden(t *testing.T) {
	for i, s := range screens {
		for _, v := range []fyne.ThemeVariant{theme.VariantLight, theme.VariantDark} {
			name := fmt.Sprintf("screen_%s_%s.png", s.name, map[fyne.ThemeVariant]string{theme.VariantLight: "light", theme.VariantDark: "dark"}[v])
			t.Run(name, func(t *testing.T) {
				w := capture(t, i, fyne.NewSize(360, 640), "en", v)
				uitest.Golden(t, name, w.Canvas().Capture())
			})
		}
	}
}

// TestScreenshots writes every main screen at phone, tablet and desktop
// sizes in English and French to $FOURWINDS_SCREENSHOTS (make screenshots).
func TestScreenshots(t *testing.T) {
	dir := os.Getenv("FOURWINDS_SCREENSHOTS")
	if dir == "" {
		t.Skip("set FOURWINDS_SCREENSHOTS to a folder to write the screenshots")
	}
	sizes := []fyne.Size{{Width: 360, Height: 640}, {Width: 800, Height: 1280}, {Width: 1280, Height: 800}}
	for i, s := range screens {
		for _, sz := range sizes {
			for _, l := range []string{"en", "fr"} {
				name := fmt.Sprintf("%s_%dx%d_%s.png", s.name, int(sz.Width), int(sz.Height), l)
				w := capture(t, i, sz, l, theme.VariantLight)
				uitest.WritePNG(t, filepath.Join(dir, name), w.Canvas().Capture())
				test.NewTempApp(t)
			}
		}
	}
}
