// Command fourwinds-app is the Four Winds app: solo Mahjong against the
// computer in five rulesets, a scorer for real tiles and the rules, in
// English and French.
package main

import (
	"log"
	"runtime/debug"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all"
	"github.com/fourwinds-mahjong/fourwinds/internal/netui"
	"github.com/fourwinds-mahjong/fourwinds/ui"
)

// AppID is the app's id, as in FyneApp.toml.
const AppID = "io.github.fourwinds_mahjong.fourwinds"

// The Go heap's pacing. The app's live heap is about 18 MB during a game
// (Fyne's parsed fonts, the tile widgets, the AI's tables): collecting when
// it has grown by half rather than doubled keeps the heap's pages at about
// 39 MB instead of 49 (tools/memcheck), for 52 collections instead of 24
// over 60 moves, still under 1% of the CPU. The soft limit bounds a burst.
const (
	gcPercent = 50
	heapLimit = 64 << 20
)

func main() {
	debug.SetGCPercent(gcPercent)
	debug.SetMemoryLimit(heapLimit)
	a := app.NewWithID(AppID)
	w := a.NewWindow("Four Winds")
	w.Resize(fyne.NewSize(420, 780))
	u := ui.New(a, w, ui.Solo{})
	// The shared table: Host and Join appear on the home screen.
	if n, err := netui.OpenDevice(u.Dir()); err == nil {
		u.SetNetwork(n)
	} else {
		log.Print(err)
	}
	u.ShowHome()
	w.ShowAndRun()
}
