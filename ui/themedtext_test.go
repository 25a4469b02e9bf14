package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/fourwinds-mahjong/fourwinds/internal/uitest"
)

// TestThemedTextFollowsTheTheme: the home screen's title, made under the
// dark theme, takes the light theme's foreground when the theme changes
// (a phone's simulation showed it white on white).
func TestThemedTextFollowsTheTheme(t *testing.T) {
	fa := test.NewTempApp(t)
	fa.Settings().SetTheme(uitest.Theme(theme.VariantDark))
	w := test.NewTempWindow(t, nil)
	title := newThemedText("Four Winds", 30, fyne.TextStyle{Bold: true}, fyne.TextAlignCenter)
	w.SetContent(title)
	for _, v := range []fyne.ThemeVariant{theme.VariantDark, theme.VariantLight} {
		fa.Settings().SetTheme(uitest.Theme(v))
		want := uitest.Theme(v).Color(theme.ColorNameForeground, v)
		if got := title.t.Color; got != want {
			t.Errorf("variant %v: the title is drawn in %v, want the foreground %v", v, got, want)
		}
	}
}
