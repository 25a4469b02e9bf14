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

// heapLimit is the Go heap's soft limit: the app's live heap is about
// 30 MB (fonts, tile widgets, the AI's tables), and with the default
// pacing alone the heap grew to twice that between collections.
const heapLimit = 64 << 20

func main() {
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
