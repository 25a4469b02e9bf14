// Package ui is the Fyne app of Four Winds: home, new game, the table
// screen, the scorer, the rules and the settings. It drives games only
// through a table.Table (solo play now, the shared table later) and uses
// the core for tile names, rulesets, option schemas and scoring.
package ui

import (
	"os"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/ui/sound"
	"github.com/fourwinds-mahjong/fourwinds/ui/tileview"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// Setup is a new solo game as the new-game screen sets it up: the person
// is player 0, the computer plays players 1–3.
type Setup struct {
	Rules   string
	Options map[string]string
	// Card is the text of a user's American card, or "".
	Card string
	// Levels are the AI levels of players 1, 2 and 3.
	Levels [3]string
	// Name is the person's name.
	Name string
	// Pace is how long the computer players think before they act.
	Pace time.Duration
	// SavePath is where the table saves itself after every event.
	SavePath string
}

// Tables opens tables for the app: main wires it to table.Local.
type Tables interface {
	// New deals a new solo game.
	New(s Setup) (table.Table, error)
	// Resume reopens the game saved at path, the computer playing at pace.
	Resume(path string, pace time.Duration) (table.Table, error)
}

// The preference keys of the settings.
const (
	PrefLanguage = "language"
	PrefStyle    = "tile_style"
	PrefAnimate  = "animation"
	PrefPace     = "ai_pace_ms"
	PrefName     = "player_name"
	PrefConfirm  = "confirm_discards"
	PrefSound    = "sound"
	PrefVolume   = "sound_volume"
)

// App is the running app: its window, preferences and the screens.
type App struct {
	fy     fyne.App
	win    fyne.Window
	tables Tables
	// dir is where games are saved.
	dir string
	// screen is the table screen while a game is on, so that it can be
	// closed when the player leaves it.
	screen *TableScreen
	// share is the shared table's state (shared.go); nil without a network.
	share *share
	// sound plays the table's sounds (sounds.go).
	sound *sound.Player
}

// New builds the app in window w; tables opens the games. It loads the
// language of the settings.
func New(a fyne.App, w fyne.Window, tables Tables) *App {
	ap := &App{fy: a, win: w, tables: tables, dir: storageDir(a)}
	ap.sound = ap.newSound()
	_ = words.Use(a.Preferences().String(PrefLanguage))
	w.SetOnClosed(ap.closeGame)
	return ap
}

// storageDir is the app's storage root on disk (a temporary folder when the
// driver has none, as in tests).
func storageDir(a fyne.App) string {
	if s := a.Storage(); s != nil && s.RootURI() != nil && s.RootURI().Path() != "" {
		return s.RootURI().Path()
	}
	return filepath.Join(os.TempDir(), "fourwinds")
}

// SavePath is where the solo game is saved.
func (a *App) SavePath() string { return filepath.Join(a.dir, "solo-game.json") }

// HistoryPath is where finished games are listed.
func (a *App) HistoryPath() string { return filepath.Join(a.dir, "history.json") }

// Style is the tile style of the settings.
func (a *App) Style() tileview.Style {
	s := tileview.Style(a.fy.Preferences().StringWithFallback(PrefStyle, string(tileview.Standard)))
	for _, v := range tileview.Styles {
		if v == s {
			return s
		}
	}
	return tileview.Standard
}

// Pace is the AI's thinking time of the settings.
func (a *App) Pace() time.Duration {
	return time.Duration(a.fy.Preferences().IntWithFallback(PrefPace, 800)) * time.Millisecond
}

// PlayerName is the person's name of the settings.
func (a *App) PlayerName() string {
	return a.fy.Preferences().StringWithFallback(PrefName, words.T("player.you"))
}

// sharedName is the name this device gives the other devices of a shared
// table: the settings' name, or "" when the person never set one, so that
// the table names the seat ("Player 2") rather than every device saying
// "You".
func (a *App) sharedName() string {
	if n := a.PlayerName(); n != words.T("player.you") {
		return n
	}
	return ""
}

// show replaces the window's content.
func (a *App) show(c fyne.CanvasObject) { a.win.SetContent(c) }

// closeGame closes the table screen's table, if any (the table saves).
func (a *App) closeGame() {
	if a.screen != nil {
		a.screen.Close()
		a.screen = nil
		a.win.Canvas().SetOnTypedKey(nil)
	}
}

// page is a screen with a title bar and a back button to home.
func (a *App) page(title string, body fyne.CanvasObject) fyne.CanvasObject {
	back := widget.NewButtonWithIcon(words.T("nav.home"), theme.NavigateBackIcon(), a.ShowHome)
	head := container.NewHBox(back, widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), layout.NewSpacer())
	return container.NewBorder(container.NewVBox(head, widget.NewSeparator()), nil, nil, nil, body)
}

// ShowHome shows the home screen.
func (a *App) ShowHome() {
	a.closeGame()
	a.leaveShared()
	a.show(a.homeScreen())
}
