package ui

import (
	"slices"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/ui/sound"
)

// recordSounds gives a the silent sink that keeps the cues played.
func recordSounds(a *App) *sound.Recorder {
	rec := &sound.Recorder{}
	a.sound = sound.New(func() sound.Output { return rec }, true, 70)
	return rec
}

// waitCues waits, at most 2 s, until rec has played n cues.
func waitCues(t *testing.T, rec *sound.Recorder, n int) []sound.Cue {
	t.Helper()
	for end := time.Now().Add(2 * time.Second); len(rec.Played()) < n && time.Now().Before(end); {
		time.Sleep(5 * time.Millisecond)
	}
	return rec.Played()
}

func TestEachTableEventHasItsSound(t *testing.T) {
	meld := func(k hand.MeldKind, s string) *hand.Meld {
		return &hand.Meld{Kind: k, Tile: tile.MustParse(s)[0], Open: true}
	}
	for _, c := range []struct {
		name string
		evs  []game.Event
		want sound.Cue
	}{
		{"a discard clacks", []game.Event{{Type: game.EvDiscard, Tiles: tile.MustParse("4s")}}, sound.CueDiscard},
		{"a chow", []game.Event{{Type: game.EvClaim, Meld: meld(hand.Chow, "3s")}}, sound.CueChow},
		{"a pung", []game.Event{{Type: game.EvClaim, Meld: meld(hand.Pung, "4s")}}, sound.CuePung},
		{"a claimed kong", []game.Event{{Type: game.EvClaim, Meld: meld(hand.Kong, "4s")}}, sound.CueKong},
		{"an american quint calls as a kong", []game.Event{{Type: game.EvClaim, Meld: meld(hand.Quint, "4s")}}, sound.CueKong},
		{"a jilin combination calls as a chow", []game.Event{{Type: game.EvExpose, Meld: &hand.Meld{Kind: hand.Combination, Mix: [7]uint8{1, 1, 1}}}}, sound.CueChow},
		{"a concealed kong", []game.Event{{Type: game.EvConcealedKong, Meld: meld(hand.Kong, "1z")}}, sound.CueKong},
		{"an added kong", []game.Event{{Type: game.EvAddKong, Tiles: tile.MustParse("1z")}}, sound.CueKong},
		{"a claim and the discard after it sound as the claim", []game.Event{{Type: game.EvClaim, Meld: meld(hand.Pung, "4s")}, {Type: game.EvDiscard, Tiles: tile.MustParse("9m")}}, sound.CuePung},
		{"Mah-Jong over the discard it is made on", []game.Event{{Type: game.EvDiscard, Tiles: tile.MustParse("9m")}, {Type: game.EvMahjong, Tiles: tile.MustParse("9m")}, {Type: game.EvHandEnd}}, sound.CueMahjong},
		{"a draw is silent", []game.Event{{Type: game.EvDraw, Tiles: tile.MustParse("9m")}}, sound.CueNone},
	} {
		if got := cueOfUpdate(c.evs); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}

// TestTheTableScreenPlaysItsUpdates: the screen plays each update's sound
// as it arrives, and nothing once the sound is switched off.
func TestTheTableScreenPlaysItsUpdates(t *testing.T) {
	snap := midHand()
	f := newStillTable(snap)
	a, _ := newTestApp(t, noTables{f}, fyne.NewSize(360, 640))
	rec := recordSounds(a)
	// The test driver has no UI thread: the screen's listener and the
	// test take turns, so that going home does not draw while the last
	// update is being drawn (a race under -race).
	var turn sync.Mutex
	onUI = func(f func()) { turn.Lock(); defer turn.Unlock(); f() }
	t.Cleanup(func() { onUI = fyne.Do })
	a.openTable(f)
	defer func() { turn.Lock(); defer turn.Unlock(); a.ShowHome() }()
	send := func(evs ...game.Event) { f.ch <- table.Update{Seq: snap.Seq + 1, Events: evs, Snapshot: snap} }
	send(game.Event{Type: game.EvDiscard, Seat: rules.W, Tiles: tile.MustParse("4s")})
	send(game.Event{Type: game.EvClaim, Seat: rules.N, Meld: &hand.Meld{Kind: hand.Pung, Tile: tile.MustParse("4s")[0], Open: true}})
	if got, want := waitCues(t, rec, 2), []sound.Cue{sound.CueDiscard, sound.CuePung}; !slices.Equal(got, want) {
		t.Fatalf("played %v, want %v", got, want)
	}
	a.sound.SetOn(false)
	send(game.Event{Type: game.EvDiscard, Seat: rules.N, Tiles: tile.MustParse("5s")})
	send(game.Event{Type: game.EvDiscard, Seat: rules.E, Tiles: tile.MustParse("6s")}) // the listener has taken the one before
	if got := rec.Played(); len(got) != 2 {
		t.Errorf("with the sound off the screen played %v", got[2:])
	}
}

func TestTheClockTicksInItsLastSeconds(t *testing.T) {
	rec := &sound.Recorder{}
	p := sound.New(func() sound.Output { return rec }, true, 70)
	var tk ticker
	tk.start(p, time.Now().Add(1200*time.Millisecond)) // only the last second's tick is still to come
	if got := waitCues(t, rec, 1); !slices.Equal(got, []sound.Cue{sound.CueTick}) {
		t.Fatalf("played %v, want one tick", got)
	}
	tk.start(p, time.Now().Add(1300*time.Millisecond))
	tk.stop() // the decision was made: no tick after it
	time.Sleep(500 * time.Millisecond)
	if got := rec.Played(); len(got) != 1 {
		t.Errorf("a stopped clock ticked: %v", got)
	}
}

// TestSoundSettings: the settings switch the sound and set its volume,
// kept in the preferences for the next start.
func TestSoundSettings(t *testing.T) {
	a, w := newTestApp(t, noTables{}, fyne.NewSize(360, 640))
	rec := recordSounds(a)
	a.ShowSettings()
	var check *widget.Check
	var slider *widget.Slider
	walkObjects(w.Content(), func(o fyne.CanvasObject) {
		switch o := o.(type) {
		case *widget.Check:
			if o.Text == "Play the table's sounds" {
				check = o
			}
		case *widget.Slider:
			if o.Max == 100 {
				slider = o
			}
		}
	})
	if check == nil || slider == nil {
		t.Fatal("the settings have no sound switch or no volume slider")
	}
	if !check.Checked || slider.Value != defaultVolume {
		t.Errorf("a new install: sound %v at %v, want on at %d", check.Checked, slider.Value, defaultVolume)
	}
	test.Tap(check)
	if a.sound.On() || a.fy.Preferences().Bool(PrefSound) {
		t.Error("unchecking Sound left the sound on")
	}
	test.Tap(check)
	slider.SetValue(30) // as a drag ends: Fyne calls OnChangeEnded
	if a.sound.Volume() != 30 || a.fy.Preferences().Int(PrefVolume) != 30 {
		t.Errorf("volume %d, preference %d; want 30", a.sound.Volume(), a.fy.Preferences().Int(PrefVolume))
	}
	if got := rec.Played(); !slices.Equal(got, []sound.Cue{sound.CueDiscard}) {
		t.Errorf("setting the volume played %v; want one clack to hear it by", got)
	}
	if p := a.newSound(); !p.On() || p.Volume() != 30 {
		t.Errorf("the next start's player: on %v, volume %d; want on at 30", p.On(), p.Volume())
	}
}

// walkObjects calls f on o and every object under it, in containers and
// scrolls.
func walkObjects(o fyne.CanvasObject, f func(fyne.CanvasObject)) {
	f(o)
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			walkObjects(c, f)
		}
	case *container.Scroll:
		walkObjects(x.Content, f)
	}
}
