package ui

import (
	"context"
	"fmt"
	"image/color"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/ui/tileview"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// The centre display's colours: a dark felt, ivory text, the player to
// act in gold.
var (
	centreFelt = color.NRGBA{R: 0x14, G: 0x4D, B: 0x3E, A: 0xFF}
	centreText = color.NRGBA{R: 0xF7, G: 0xF1, B: 0xE1, A: 0xFF}
	centreTurn = color.NRGBA{R: 0xFF, G: 0xC8, B: 0x3D, A: 0xFF}
	centreNote = color.NRGBA{R: 0xF7, G: 0xF1, B: 0xE1, A: 0xE8}
)

// The centre display's sizes, large enough to read from a metre away.
const (
	centreDiscard float32 = 34
	centreMeld    float32 = 28
	centreLast    float32 = 84
	// centreNotesWidth is the width of the notices' card.
	centreNotesWidth float32 = 560
	centreNameSize   float32 = 24
	centreBigSize    float32 = 30
)

// CentreScreen is the table-centre display: a tablet or laptop lying in
// the middle of a real table shows the public view only — every discard in
// rows of six in front of its player, the exposures, the wall, the winds,
// the scores, whose turn it is, the last discard big and the claim clock.
// It subscribes as a spectator, so it is never sent a concealed tile, and
// it draws tiles only from discards, exposures and bonus tiles.
type CentreScreen struct {
	app    *App
	t      table.Table
	sub    table.Subscription
	cancel context.CancelFunc
	once   sync.Once

	snap  table.Snapshot
	root  *fyne.Container
	table *fyne.Container
	// lastDiscard is the hand's latest discard, shown big in the middle.
	lastDiscard *game.Event
	seats       [4]*fyne.Container
	middle      *fyne.Container
	banner      *banner
	clock       *widget.ProgressBar
	anim        *fyne.Animation
	// asked carries a snapshot asked for to the listener (resync).
	asked chan table.Snapshot
	// winds: the table's ruleset gives winds a meaning (usesWinds).
	winds bool
	// onChange, when set, is called after every snapshot shown (tests).
	onChange func()
	// stop ends the connection watch.
	stop chan struct{}
}

// NewCentreScreen subscribes to t's public view and builds the display.
func NewCentreScreen(a *App, t table.Table) (*CentreScreen, error) {
	ctx, cancel := context.WithCancel(context.Background())
	snap, sub, err := t.Subscribe(ctx, table.Spectator)
	if err != nil {
		cancel()
		return nil, err
	}
	c := &CentreScreen{app: a, t: t, sub: sub, cancel: cancel, banner: newBanner(), middle: container.NewVBox(), asked: make(chan table.Snapshot, 1), winds: usesWinds(snap.Info)}
	c.banner.box.Layout = fixedWidth{w: centreNotesWidth}
	c.clock = widget.NewProgressBar()
	c.clock.TextFormatter = func() string { return "" }
	for p := range c.seats {
		c.seats[p] = container.NewVBox()
	}
	home := widget.NewButtonWithIcon("", theme.HomeIcon(), a.LeaveShared)
	felt := canvas.NewRectangle(centreFelt)
	// Player 0 sits at the bottom; turn order runs anticlockwise, so the
	// next player is on the right.
	c.table = container.NewBorder(container.NewCenter(c.seats[2]), container.NewCenter(c.seats[0]),
		container.NewCenter(c.seats[3]), container.NewCenter(c.seats[1]), container.NewVScroll(container.NewCenter(c.middle)))
	c.root = container.NewStack(felt, container.NewPadded(c.table), container.NewVBox(container.NewHBox(home, layout.NewSpacer())))
	c.banner.link.sealed = sealedLobby(t)
	c.show(snap)
	go c.listen()
	c.stop = make(chan struct{})
	watchLink(t, c.stop, func(l link) {
		c.banner.link.polled(l)
		c.show(c.snap)
		if !l.offline {
			c.resync()
		}
	})
	return c, nil
}

// Content is the display's root object.
func (c *CentreScreen) Content() fyne.CanvasObject { return c.root }

// Snapshot returns the snapshot on screen.
func (c *CentreScreen) Snapshot() table.Snapshot { return c.snap }

// Notices are the lines of the trust and fault banner on screen.
func (c *CentreScreen) Notices() []string { return c.banner.texts() }

// OnChange sets a function called after every snapshot shown.
func (c *CentreScreen) OnChange(f func()) { c.onChange = f }

// listen hands the display its updates and the snapshots asked for
// (relay).
func (c *CentreScreen) listen() { c.app.relay(c.sub, c.asked, fyne.Do, c.show, c.showAsked) }

// resync asks the table for a fresh snapshot (after the app was in the
// background), which the listener shows unless updates overtook it.
func (c *CentreScreen) resync() { askSnapshot(c.t, table.Spectator, c.asked) }

// showAsked shows snap, a snapshot asked for, unless it is older than
// the one on screen (TableScreen.showAsked).
func (c *CentreScreen) showAsked(snap table.Snapshot) {
	if snap.Seq >= c.snap.Seq {
		c.show(snap)
	}
}

// Close ends the subscription and leaves the table.
func (c *CentreScreen) Close() {
	c.once.Do(func() {
		close(c.stop)
		if c.anim != nil {
			c.anim.Stop()
		}
		c.sub.Close()
		c.cancel()
		_ = c.t.Close()
	})
}

// Tiles returns every tile the display holds, in no particular order.
func (c *CentreScreen) Tiles() []tile.Kind {
	var out []tile.Kind
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *tileview.Tile:
			out = append(out, x.Kind)
		case *fyne.Container:
			for _, ch := range x.Objects {
				walk(ch)
			}
		case *container.Scroll:
			walk(x.Content)
		}
	}
	walk(c.root)
	return out
}

// name is player p's name (playerName).
func (c *CentreScreen) name(p int) string { return playerName(c.snap.Info, p) }

func (c *CentreScreen) playerAt(w rules.Wind) int {
	for p, x := range c.snap.Info.Winds {
		if x == w {
			return p
		}
	}
	return -1
}

// bigText is a line readable from a metre away.
func bigText(s string, size float32, bold bool, col color.Color) *canvas.Text {
	t := canvas.NewText(s, col)
	t.TextSize, t.TextStyle = size, fyne.TextStyle{Bold: bold}
	return t
}

// show redraws the display for snap.
func (c *CentreScreen) show(snap table.Snapshot) {
	snap = withLast(snap)
	if c.snap.View != nil && snap.View != nil && snap.Info.Hand != c.snap.Info.Hand {
		c.lastDiscard = nil
	}
	if e := snap.Last; e != nil && e.Type == game.EvDiscard {
		c.lastDiscard = e
	}
	c.snap = snap
	c.banner.show(snap.Info, c.name, warner(c.app.win))
	for p := range c.seats {
		c.showSeat(p)
	}
	c.showMiddle()
	// The seats change size with their discards: lay the table out again.
	c.table.Refresh()
	if c.onChange != nil {
		c.onChange()
	}
}

// showSeat draws player p's place: wind, name, score, tile count, state,
// exposures and discards.
func (c *CentreScreen) showSeat(p int) {
	box := c.seats[p]
	box.Objects = nil
	v, in := c.snap.View, c.snap.Info
	fg := color.Color(centreText)
	if v == nil {
		box.Add(bigText(fmt.Sprintf("%s  %s", c.name(p), seatState(in.Seats[p])), centreNameSize, true, fg))
		box.Refresh()
		return
	}
	w := in.Winds[p]
	sv := v.Seats[w]
	turn := w == v.Turn && v.Phase != game.PhaseEnd && v.Charleston == nil // in the Charleston all answer at once
	head := centreWind(w, c.winds) + "  " + c.name(p) + "  " + total(in.Balances[p])
	col := fg
	if turn {
		head = "▶ " + head
		col = centreTurn
	}
	sub := words.F("table.concealed", map[string]any{"N": sv.Concealed})
	if st := seatState(in.Seats[p]); st != "" {
		sub += " · " + st
	}
	info := container.NewVBox(bigText(head, centreNameSize, true, col), bigText(sub, theme.TextSize()+2, false, centreNote))
	// The side seats stack their exposures two a row, to stay narrow.
	melds := container.NewHBox()
	if p == 1 || p == 3 {
		melds = container.NewGridWithColumns(2)
	}
	for _, m := range sv.Melds {
		g := container.NewHBox()
		for _, k := range m.Tiles() {
			g.Add(tileview.NewTile(k, c.app.Style(), centreMeld))
		}
		melds.Add(g)
	}
	for _, b := range sv.Bonus {
		melds.Add(tileview.NewTile(b, c.app.Style(), centreMeld))
	}
	info.Add(melds)
	lastSeat := rules.NoWind
	if e := c.lastDiscard; e != nil {
		lastSeat = e.Seat
	}
	rows := container.NewVBox()
	var row *fyne.Container
	for j, d := range sv.Discards {
		if j%6 == 0 {
			row = container.NewHBox()
			rows.Add(row)
		}
		t := tileview.NewTile(d.Tile, c.app.Style(), centreDiscard)
		t.Dim = d.Claimed
		t.Highlight = w == lastSeat && j == len(sv.Discards)-1
		row.Add(t)
	}
	if p == 1 || p == 3 {
		box.Add(info)
		box.Add(rows)
	} else {
		box.Add(container.NewHBox(info, rows))
	}
	box.Refresh()
}

// centreWind names a seat's wind where the ruleset uses winds, and marks
// the dealer elsewhere (the text font has no Chinese characters; the
// display's tiles are only the table's public tiles).
func centreWind(w rules.Wind, winds bool) string {
	switch {
	case winds:
		return words.Wind(w)
	case w == rules.E:
		return words.T("table.dealer")
	}
	return ""
}

// seatState says a player is away: reconnecting, or played by the AI.
func seatState(s table.SeatInfo) string {
	switch {
	case s.StandIn:
		return words.T("share.state.standin")
	case s.Kind == table.SeatRemote && !s.Connected:
		return words.T("share.state.away")
	case s.Kind == table.SeatAI:
		return words.T("share.state.ai")
	}
	return ""
}

// showMiddle draws the table's middle: hand, round wind, wall, whose
// turn, the last discard big, the claim clock, the notices, and the
// standings when the hand is over.
func (c *CentreScreen) showMiddle() {
	m := c.middle
	m.Objects = nil
	v, in := c.snap.View, c.snap.Info
	title := in.Name
	if title == "" {
		title = words.T("app.name")
	}
	m.Add(centred(bigText(title, theme.TextSize()+4, false, centreNote)))
	if v == nil {
		m.Add(centred(bigText(words.T("share.waiting_start"), centreBigSize, true, centreText)))
		m.Add(c.notes())
		m.Refresh()
		return
	}
	line := words.F("table.hand", map[string]any{"N": in.Hand})
	if c.winds {
		line += " · " + words.F("table.round", map[string]any{"Wind": words.Wind(in.Round)})
	}
	line += " · " + words.F("table.wall", map[string]any{"N": v.WallLive})
	m.Add(centred(bigText(line, centreNameSize, true, centreText)))
	if step := charlestonStep(v); step != "" {
		m.Add(centred(bigText(step, centreBigSize, true, centreTurn)))
	} else if p := c.playerAt(v.Turn); p >= 0 && v.Phase != game.PhaseEnd {
		m.Add(centred(bigText("▶ "+words.F("table.turn", map[string]any{"Name": c.name(p)}), centreBigSize, true, centreTurn)))
	}
	if e := c.lastDiscard; e != nil && v.Phase != game.PhaseEnd {
		text := eventText(e, false, func(w rules.Wind) string { return c.name(c.playerAt(w)) })
		m.Add(container.NewCenter(tileview.NewTile(e.Tile(), c.app.Style(), centreLast)))
		m.Add(centred(bigText(text, centreNameSize, false, centreText)))
	}
	c.showClock(m)
	m.Add(c.notes())
	if v.Phase == game.PhaseEnd || in.Over {
		key := "share.hand_over"
		if in.Over {
			key = "share.match_over"
		}
		m.Add(centred(bigText(words.T(key), centreBigSize, true, centreTurn)))
		m.Add(c.onCard(standings(in, c.name)))
	}
	m.Refresh()
}

// centred centres a line of text.
func centred(t *canvas.Text) *canvas.Text {
	t.Alignment = fyne.TextAlignCenter
	return t
}

// notes are the banner's notices on a light card, when there are some.
func (c *CentreScreen) notes() fyne.CanvasObject {
	if len(c.banner.box.Objects) == 0 {
		return c.banner.box
	}
	return c.onCard(c.banner.box)
}

// onCard lays o on a light rounded card over the felt.
func (c *CentreScreen) onCard(o fyne.CanvasObject) fyne.CanvasObject {
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameBackground))
	bg.CornerRadius = 8
	return container.NewStack(bg, container.NewPadded(o))
}

// showClock runs the claim clock's bar while it runs.
func (c *CentreScreen) showClock(m *fyne.Container) {
	if c.anim != nil {
		c.anim.Stop()
		c.anim = nil
	}
	ck := c.snap.Clock
	if ck == nil || ck.Total <= 0 {
		return
	}
	left := time.Until(ck.Deadline)
	if left <= 0 {
		return
	}
	start := float64(left) / float64(ck.Total)
	c.clock.SetValue(start)
	c.anim = fyne.NewAnimation(left, func(p float32) { c.clock.SetValue(start * float64(1-p)) })
	c.anim.Curve = fyne.AnimationLinear
	c.anim.Start()
	m.Add(c.clock)
}
