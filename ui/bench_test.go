package ui

import (
	"runtime"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// BenchmarkTableScreenLayout measures showing a snapshot on the table
// screen and laying it out at phone and desktop sizes (the work of every
// update).
func BenchmarkTableScreenLayout(b *testing.B) {
	for _, sz := range []fyne.Size{{Width: 360, Height: 640}, {Width: 1280, Height: 800}} {
		b.Run(fmtSize(sz), func(b *testing.B) {
			f := newStillTable(midHand())
			fa := test.NewTempApp(b)
			fa.Preferences().SetBool(PrefAnimate, false)
			w := test.NewTempWindow(b, nil)
			a := New(fa, w, noTables{f})
			a.dir = b.TempDir()
			a.openTable(f)
			s := a.screen
			// Two snapshots a discard apart, as a game goes.
			snaps := [2]table.Snapshot{midHand(), midHand()}
			v := *snaps[1].View
			v.Seats[rules.W].Discards = append(discards("9p"), v.Seats[rules.W].Discards...)
			v.StateID++
			snaps[1].View = &v
			b.ResetTimer()
			for i := range b.N {
				snap := snaps[i%2]
				snap.Seq = uint64(i)
				s.showSnapshot(snap)
				w.Resize(sz.AddWidthHeight(float32(i%2), 0)) // a real layout pass each time
			}
		})
	}
}

func fmtSize(s fyne.Size) string {
	return map[bool]string{true: "phone", false: "desktop"}[s.Width < 500]
}

// BenchmarkSoloHandMemory plays solo hands of hongkong through the screen
// and reports the Go heap in use at the end (MB), for the memory figure.
func BenchmarkSoloHandMemory(b *testing.B) {
	for range b.N {
		q := make(chan func(), 4096)
		onUI = func(f func()) { q <- f }
		fa := test.NewTempApp(b)
		w := test.NewTempWindow(b, nil)
		a := New(fa, w, Solo{Seed: "memory"})
		a.dir = b.TempDir()
		fa.Preferences().SetInt(PrefPace, 0)
		a.fy.Preferences().SetString("last_rules", "hongkong")
		a.ShowNewGame()
		test.Tap(findButton(w.Content(), words.T("newgame.start")))
		s := a.screen
		acted := ^uint64(0)
		for s.snap.View == nil || s.snap.View.Phase != game.PhaseEnd {
			if v := s.snap.View; v != nil && v.StateID != acted && len(v.Legal) > 0 && !table.NothingToDecide(v) {
				acted = v.StateID
				if _, ok := s.discardAction(s.order[len(s.order)-1]); ok {
					tapRack(s, len(s.order)-1)
					tapRack(s, len(s.order)-1)
				} else if len(claimActions(s)) > 0 {
					test.Tap(findClaim(s, claimActions(s)[0]))
				}
			}
			f := <-q
			f()
		}
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		b.ReportMetric(float64(m.HeapInuse)/(1<<20), "heapMB")
		a.ShowHome()
		onUI = fyne.Do
	}
}

// findClaim returns the claim button of act.
func findClaim(s *TableScreen, act game.Action) *ClaimButton {
	var found *ClaimButton
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *ClaimButton:
			if x.Action == act {
				found = x
			}
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		}
	}
	walk(s.claims)
	return found
}
