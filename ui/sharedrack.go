package ui

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/ui/tileview"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// RackScreen is rack mode: a phone held at a real table shows its own
// tiles large, its exposures, its claim buttons with the clock, and in the
// middle only a compact strip — whose turn it is and the last discard,
// big. The full table view (the other players and every discard) is one
// swipe or one tap away. It rearranges the table screen's middle; the rack,
// claims and clock are the table screen's own.
type RackScreen struct {
	s      *TableScreen
	full   bool
	banner *banner
	// The strip: whose turn, the last discard and what happened.
	turn     *widget.Label
	lastTile *fyne.Container
	lastText *widget.Label
	toggle   *widget.Button
	strip    fyne.CanvasObject
	table    fyne.CanvasObject
	// lastDiscard is the hand's latest discard, and hand its hand.
	lastDiscard *game.Event
	hand        int
	// checked is the last hand whose deal check was asked for.
	checked int
	// stop ends the connection watch.
	stop chan struct{}
}

// revealWait is how long after a hand's end rack mode asks the table for a
// fresh snapshot: the devices' secrets are revealed and checked then, and
// the snapshot says whether the deal was verified.
const revealWait = time.Second

func newRackScreen(s *TableScreen) *RackScreen {
	r := &RackScreen{s: s, banner: newBanner(), lastTile: container.NewCenter(), lastText: widget.NewLabel("")}
	r.turn = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	r.turn.SizeName, r.turn.Wrapping = theme.SizeNameHeadingText, fyne.TextWrapWord
	r.lastText.Alignment, r.lastText.Wrapping = fyne.TextAlignCenter, fyne.TextWrapWord
	r.toggle = widget.NewButtonWithIcon("", theme.ViewFullScreenIcon(), r.Toggle)
	r.table = s.middle.Objects[0]
	hint := newNote(words.T("share.swipe"), fyne.TextAlignCenter)
	r.strip = newSwipe(container.NewVBox(layout.NewSpacer(), r.turn, r.lastTile, r.lastText, layout.NewSpacer(), hint), r.Toggle)
	prev := s.onChange
	s.onChange = func() {
		r.refresh()
		if prev != nil {
			prev()
		}
	}
	r.banner.link.sealed = sealedLobby(s.t)
	r.refresh()
	r.stop = make(chan struct{})
	watchLink(s.t, r.stop, func(l link) {
		r.banner.link.polled(l)
		r.refresh()
		if !l.offline {
			s.app.resyncShared()
		}
	})
	return r
}

// close stops watching the connection.
func (r *RackScreen) close() { close(r.stop) }

// Screen returns the table screen rack mode rearranges.
func (r *RackScreen) Screen() *TableScreen { return r.s }

// Offline tells whether the screen says this device lost the table.
func (r *RackScreen) Offline() bool { return r.banner.link.offline }

// Dealing tells whether the screen says this device took the table over.
func (r *RackScreen) Dealing() bool { return r.banner.link.dealing }

// Turn is the strip's line saying whose turn it is.
func (r *RackScreen) Turn() string { return r.turn.Text }

// Toggle switches between rack mode and the full table view.
func (r *RackScreen) Toggle() {
	r.full = !r.full
	r.refresh()
}

// refresh redraws the strip and the banner for the snapshot on screen.
func (r *RackScreen) refresh() {
	s := r.s
	snap := s.snap
	r.banner.show(snap.Info, s.name, warner(s.app.win))
	mid := r.strip
	r.toggle.SetText(words.T("share.show_table"))
	if r.full {
		mid = r.table
		r.toggle.SetText(words.T("share.show_rack"))
	}
	s.middle.Objects = []fyne.CanvasObject{container.NewBorder(container.NewVBox(r.banner.box, r.toggle), nil, nil, nil, mid)}
	if r.full {
		s.last.Show()
	} else {
		s.last.Hide()
	}
	s.middle.Refresh()
	v := snap.View
	if v == nil {
		wait := "share.waiting_start"
		if r.banner.link.late {
			wait = "share.waiting_next_deal" // the match is under way without this phone
		}
		r.turn.SetText(words.T(wait))
		return
	}
	turn := charlestonStep(v)
	if p := s.playerAt(v.Turn); p >= 0 && v.Phase != game.PhaseEnd && turn == "" {
		turn = words.F("table.turn", map[string]any{"Name": s.name(p)})
		if p == s.player {
			turn = words.T("share.your_turn")
		}
	}
	r.turn.SetText(turn)
	if snap.Info.Hand != r.hand {
		r.hand, r.lastDiscard = snap.Info.Hand, nil
	}
	if v.Phase == game.PhaseEnd && r.checked != snap.Info.Hand {
		r.checked = snap.Info.Hand
		time.AfterFunc(revealWait, func() { fyne.Do(s.app.resyncShared) })
	}
	if e := snap.Last; e != nil && e.Type == game.EvDiscard {
		r.lastDiscard = e
	}
	r.lastTile.Objects = nil
	r.lastText.SetText("")
	if e := r.lastDiscard; e != nil && v.Phase != game.PhaseEnd {
		r.lastTile.Objects = []fyne.CanvasObject{tileview.NewTile(e.Tile(), s.app.Style(), rackLastWidth)}
		r.lastText.SetText(eventText(e, s.playerAt(e.Seat) == s.player, func(w rules.Wind) string { return s.name(s.playerAt(w)) }))
	}
	r.lastTile.Refresh()
	// The rack and the claims change size with the hand, and the
	// end-of-hand sheet comes and goes: lay the whole screen out again,
	// the sheet twice, as its wrapped labels know their height only once
	// they have their width.
	s.playArea.Refresh()
	s.sheetBox.Refresh()
	s.sheetBox.Refresh()
}

// rackLastWidth is the width of the last discard in rack mode's strip.
const rackLastWidth = 88

// swipe is an area that calls on when swiped sideways far enough; taps go
// to its content.
type swipe struct {
	widget.BaseWidget
	content fyne.CanvasObject
	on      func()
	dx      float32
}

// swipeDistance is how far a sideways swipe must go.
const swipeDistance = 60

func newSwipe(content fyne.CanvasObject, on func()) *swipe {
	s := &swipe{content: content, on: on}
	s.ExtendBaseWidget(s)
	return s
}

func (s *swipe) Dragged(e *fyne.DragEvent) { s.dx += e.Dragged.DX }

func (s *swipe) DragEnd() {
	if s.dx > swipeDistance || s.dx < -swipeDistance {
		s.on()
	}
	s.dx = 0
}

func (s *swipe) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(s.content) }

// home is the table screen's Home button: a shared table asks first.
func (s *TableScreen) home() {
	if s.shared {
		s.app.LeaveShared()
		return
	}
	s.app.ShowHome()
}

// Table returns the table the screen plays.
func (s *TableScreen) Table() table.Table { return s.t }

// Snapshot returns the snapshot on screen.
func (s *TableScreen) Snapshot() table.Snapshot { return s.snap }

// Play submits a legal action for the decision on screen, as its button
// or the rack would.
func (s *TableScreen) Play(a game.Action) { s.play(a) }

// NextHand asks for the next hand, as the end-of-hand sheet's button does.
func (s *TableScreen) NextHand() { s.nextHand() }

// Notices are the lines of the trust and fault banner on screen.
func (r *RackScreen) Notices() []string { return r.banner.texts() }
