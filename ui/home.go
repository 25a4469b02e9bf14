package ui

import (
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/ui/tileview"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// homeScreen offers continue (when a game is saved), new game, the scorer,
// the rules, the history and the settings.
func (a *App) homeScreen() fyne.CanvasObject {
	title := newThemedText(words.T("app.name"), 30, fyne.TextStyle{Bold: true}, fyne.TextAlignCenter)
	var winds []fyne.CanvasObject
	for _, k := range []tile.Kind{tile.East, tile.South, tile.West, tile.North} {
		winds = append(winds, tileview.NewTile(k, a.Style(), tileview.RackWidth))
	}
	big := widget.NewButtonWithIcon
	items := []fyne.CanvasObject{}
	if _, err := os.Stat(a.SavePath()); err == nil {
		c := big(words.T("home.continue"), theme.MediaPlayIcon(), a.continueGame)
		c.Importance = widget.HighImportance
		items = append(items, c)
	}
	newGame := big(words.T("home.new"), theme.ContentAddIcon(), a.ShowNewGame)
	if len(items) == 0 {
		newGame.Importance = widget.HighImportance
	}
	items = append(items, newGame)
	items = append(items, a.sharedItems()...)
	items = append(items,
		big(words.T("home.scorer"), theme.DocumentCreateIcon(), a.ShowScorer),
		big(words.T("home.rules"), theme.HelpIcon(), a.ShowRules),
		big(words.T("home.history"), theme.HistoryIcon(), a.ShowHistory),
		big(words.T("home.settings"), theme.SettingsIcon(), a.ShowSettings))
	// Regular and bold are the app's only text styles: Fyne loads its
	// fonts and the system's again for each style (7–10 MB each).
	tagline := widget.NewLabelWithStyle(words.T("app.tagline"), fyne.TextAlignCenter, fyne.TextStyle{})
	tagline.SizeName = theme.SizeNameCaptionText
	return container.NewVScroll(container.New(&narrow{max: 420}, container.NewVBox(
		container.NewCenter(container.NewHBox(winds...)),
		title,
		tagline,
		container.NewVBox(tall(items)...),
	)))
}

// continueGame resumes the saved solo game.
func (a *App) continueGame() {
	t, err := a.tables.Resume(a.SavePath(), a.Pace())
	if err != nil {
		dialog.ShowError(err, a.win)
		return
	}
	a.openTable(t)
}
