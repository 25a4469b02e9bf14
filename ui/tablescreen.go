package ui

import (
	"context"
	"fmt"
	"os"
	"slices"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/ui/tileview"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// TableScreen plays one seat of a table.Table: the rack at the bottom,
// the other players above, the discards in rows of six, the claim buttons
// exactly when the view holds them, the claim clock, the hint, the
// end-of-hand sheet and the final standings. Updates arrive on the
// subscription's goroutine and reach the widgets through fyne.Do.
type TableScreen struct {
	app    *App
	t      table.Table
	player int
	sub    table.Subscription
	cancel context.CancelFunc
	done   chan struct{}
	once   sync.Once

	snap table.Snapshot
	// order is the person's arrangement of the rack (a tile kind per
	// place); sel the selected place, -1 for none; picked the places
	// chosen for a Charleston pass.
	order  []tile.Kind
	sel    int
	picked []int
	// declare is the declaration the next discard carries.
	declare game.Declaration

	root, playArea   *fyne.Container
	sheetBox         *fyne.Container
	opponents, discs *fyne.Container
	status, last     *widget.Label
	claims, declares *fyne.Container
	clock            *clockBar
	rack             *fyne.Container
	rackLayout       *rackLayout
	sheet            fyne.CanvasObject
	message          *widget.Label
	clockAnim        *fyne.Animation
	onChange         func() // test hook: called after every shown snapshot
	hintLabel        *widget.Label
	sortBtn, hintBtn *widget.Button
	// recorded: the finished match is in the history.
	recorded bool
	// shared: the table is shared over the network (no solo save to clear).
	shared bool
	// centre holds the middle of the play area: the opponents and the
	// discards, or rack mode's compact strip (sharedrack.go).
	centre *fyne.Container
}

// openTable shows the table screen for player 0 of t.
func (a *App) openTable(t table.Table) {
	a.closeGame()
	s, err := NewTableScreen(a, t, 0)
	if err != nil {
		dialog.ShowError(err, a.win)
		_ = t.Close()
		return
	}
	a.screen = s
	a.show(s.Content())
	a.win.Canvas().SetOnTypedKey(s.typedKey)
	a.win.Canvas().Focus(nil)
}

// NewTableScreen subscribes to player's updates of t and builds the screen.
func NewTableScreen(a *App, t table.Table, player int) (*TableScreen, error) {
	ctx, cancel := context.WithCancel(context.Background())
	snap, sub, err := t.Subscribe(ctx, player)
	if err != nil {
		cancel()
		return nil, err
	}
	s := &TableScreen{app: a, t: t, player: player, sub: sub, cancel: cancel, sel: -1, done: make(chan struct{}), recorded: snap.Info.Over}
	s.build()
	s.showSnapshot(snap)
	go s.listen()
	return s, nil
}

// listen hands every update to the UI thread.
func (s *TableScreen) listen() {
	defer close(s.done)
	for u := range s.sub.Updates() {
		fyne.Do(func() { s.showSnapshot(u.Snapshot) })
	}
}

// Close ends the subscription and closes the table (which saves).
func (s *TableScreen) Close() {
	s.once.Do(func() {
		s.sub.Close()
		s.cancel()
		_ = s.t.Close()
	})
}

// Content is the screen's root object.
func (s *TableScreen) Content() fyne.CanvasObject { return s.root }

// Snapshot returns the snapshot on screen.
func (s *TableScreen) Snapshot() table.Snapshot { return s.snap }

func (s *TableScreen) build() {
	s.opponents = container.NewVBox()
	s.discs = container.New(&discardGrid{})
	s.status = widget.NewLabel("")
	s.status.Wrapping = fyne.TextWrapWord
	s.status.TextStyle = fyne.TextStyle{Bold: true}
	s.last = widget.NewLabel("")
	s.last.TextStyle = fyne.TextStyle{Bold: true}
	s.last.Truncation = fyne.TextTruncateEllipsis
	s.message = widget.NewLabel("")
	s.message.Importance = widget.DangerImportance
	s.message.Wrapping = fyne.TextWrapWord
	s.message.Hide()
	s.hintLabel = widget.NewLabel("")
	s.hintLabel.Wrapping = fyne.TextWrapWord
	s.hintLabel.Hide()
	s.claims = container.New(&flowLayout{})
	s.declares = container.NewHBox()
	s.clock = newClockBar()
	s.clock.Hide()
	s.rackLayout = &rackLayout{}
	s.rack = container.New(s.rackLayout)
	home := widget.NewButtonWithIcon("", theme.HomeIcon(), s.app.ShowHome)
	s.sortBtn = widget.NewButtonWithIcon(words.T("table.sort"), theme.MenuIcon(), s.sortRack)
	s.hintBtn = widget.NewButtonWithIcon(words.T("table.hint"), theme.QuestionIcon(), s.showHint)
	top := container.NewBorder(nil, nil, home, container.NewHBox(s.sortBtn, s.hintBtn))
	felt := canvas.NewRectangle(feltColour)
	felt.CornerRadius = 8
	centre := container.NewStack(felt, container.NewVScroll(container.NewPadded(container.NewVBox(s.status, s.opponents, s.discs))))
	s.centre = container.NewStack(centre)
	bottom := container.NewVBox(s.last, s.hintLabel, s.message, s.clock, s.declares, s.claims, s.rack)
	s.playArea = container.NewBorder(top, bottom, nil, nil, s.centre)
	s.sheetBox = container.NewStack()
	s.root = container.NewStack(s.playArea, s.sheetBox)
}

// showSnapshot redraws the screen for snap.
func (s *TableScreen) showSnapshot(snap table.Snapshot) {
	prevID := uint64(0)
	if s.snap.View != nil {
		prevID = s.snap.View.StateID
	}
	s.snap = snap
	v := snap.View
	if v == nil {
		return
	}
	if v.StateID != prevID {
		s.picked, s.declare = nil, game.DeclNone
		s.hintLabel.Hide()
	}
	s.syncOrder(v)
	s.status.SetText(s.statusText())
	s.last.SetText(s.lastText())
	s.showOpponents()
	s.showDiscards()
	s.showRack()
	s.showClaims()
	s.showClock()
	s.showSheet()
	if snap.Info.Over && !s.recorded {
		s.recorded = true
		if err := addHistory(s.app.HistoryPath(), snap.Info); err != nil {
			s.say(err.Error())
		}
		if !s.shared {
			_ = os.Remove(s.app.SavePath())
		}
	}
	if s.onChange != nil {
		s.onChange()
	}
}

// seatOf returns the wind of player p in this hand.
func (s *TableScreen) seatOf(p int) rules.Wind { return s.snap.Info.Winds[p] }

// playerAt returns the player sitting at wind w.
func (s *TableScreen) playerAt(w rules.Wind) int {
	for p, x := range s.snap.Info.Winds {
		if x == w {
			return p
		}
	}
	return -1
}

// statusText is the header: hand, round wind, wall count, whose turn.
func (s *TableScreen) statusText() string {
	v, in := s.snap.View, s.snap.Info
	turn := ""
	if p := s.playerAt(v.Turn); p >= 0 && v.Phase != game.PhaseEnd {
		turn = " · " + words.F("table.turn", map[string]any{"Name": s.name(p)})
	}
	round := ""
	if usesWinds(in.Rules) {
		round = " · " + words.F("table.round", map[string]any{"Wind": words.Wind(in.Round)})
	}
	return words.F("table.hand", map[string]any{"N": in.Hand}) + round + " · " +
		words.F("table.wall", map[string]any{"N": v.WallLive}) + turn
}

// usesWinds reports whether a ruleset gives seat and round winds a meaning
// in scoring (american and jilin do not).
func usesWinds(id string) bool { return id != "american" && id != "jilin" }

// name is player p's name ("You" for the screen's own player).
func (s *TableScreen) name(p int) string {
	if p == s.player {
		return words.T("player.you")
	}
	if p < 0 || p > 3 {
		return ""
	}
	return s.snap.Info.Seats[p].Name
}

// lastText says what just happened.
func (s *TableScreen) lastText() string {
	e := s.snap.Last
	if e == nil {
		return ""
	}
	return eventText(e, func(w rules.Wind) string { return s.name(s.playerAt(w)) })
}

// eventText writes an event for people: "South discards Three of Bamboo".
func eventText(e *game.Event, name func(rules.Wind) string) string {
	data := map[string]any{"Name": name(e.Seat), "Tile": words.Tile(e.Tile())}
	if e.Meld != nil {
		data["Meld"] = words.Meld(*e.Meld)
	}
	return words.F("event."+e.Type.String(), data)
}

// windMark is a seat's wind as its character and letter, "東 E", the
// dealer marked.
func windMark(w rules.Wind) string {
	if w < rules.E || w > rules.N {
		return ""
	}
	return []string{"東", "南", "西", "北"}[w] + " " + w.String()
}

// showOpponents draws a compact strip per other player: wind, name,
// score, concealed count, melds, bonus tiles.
func (s *TableScreen) showOpponents() {
	v, in := s.snap.View, s.snap.Info
	s.opponents.Objects = nil
	for i := 1; i <= 3; i++ {
		p := (s.player + i) % 4
		w := s.seatOf(p)
		sv := v.Seats[w]
		head := fmt.Sprintf("%s  %s  %+d", windLetter(w, in.Rules), s.name(p), in.Balances[p])
		if w == v.Turn && v.Phase != game.PhaseEnd {
			head = "▶ " + head
		}
		lbl := widget.NewLabelWithStyle(head, fyne.TextAlignLeading, fyne.TextStyle{Bold: w == v.Turn})
		count := widget.NewLabel(words.F("table.concealed", map[string]any{"N": sv.Concealed}))
		row := container.NewHBox(lbl, count)
		for _, m := range sv.Melds {
			row.Add(s.meldTiles(m, tileview.MiniWidth))
		}
		for _, b := range sv.Bonus {
			row.Add(tileview.NewTile(b, s.app.Style(), tileview.MiniWidth))
		}
		if sv.Declared != game.DeclNone {
			row.Add(widget.NewLabel(words.T("declare." + sv.Declared.String())))
		}
		s.opponents.Add(container.NewHScroll(row))
	}
	s.opponents.Refresh()
}

// windLetter is a seat's wind mark where the ruleset uses winds, the
// dealer's mark otherwise.
func windLetter(w rules.Wind, rs string) string {
	if usesWinds(rs) {
		return windMark(w)
	}
	if w == rules.E {
		return words.T("table.dealer")
	}
	return ""
}

// meldTiles draws a meld's tiles small.
func (s *TableScreen) meldTiles(m hand.Meld, w float32) fyne.CanvasObject {
	box := container.NewHBox()
	for _, k := range m.Tiles() {
		box.Add(tileview.NewTile(k, s.app.Style(), w))
	}
	return box
}

// showDiscards draws every player's discards in rows of six, in order,
// the last discard highlighted and claimed ones dimmed.
func (s *TableScreen) showDiscards() {
	v := s.snap.View
	s.discs.Objects = nil
	lastSeat := rules.NoWind
	if e := s.snap.Last; e != nil && e.Type == game.EvDiscard {
		lastSeat = e.Seat
	}
	for i := 0; i < 4; i++ {
		p := (s.player + i) % 4
		w := s.seatOf(p)
		ds := v.Seats[w].Discards
		title := widget.NewLabel(fmt.Sprintf("%s %s", windLetter(w, s.snap.Info.Rules), s.name(p)))
		title.TextStyle = fyne.TextStyle{Bold: true}
		rows := container.NewVBox(title)
		var row *fyne.Container
		for j, d := range ds {
			if j%6 == 0 {
				row = container.NewHBox()
				rows.Add(row)
			}
			t := tileview.NewTile(d.Tile, s.app.Style(), tileview.DiscardWidth)
			t.Dim = d.Claimed
			t.Highlight = w == lastSeat && j == len(ds)-1
			row.Add(t)
		}
		s.discs.Add(rows)
	}
	s.discs.Refresh()
}

// syncOrder keeps the person's rack order over the hand's tiles: tiles
// still held keep their places, new ones go at the end (the drawn tile
// last).
func (s *TableScreen) syncOrder(v *game.View) {
	held := v.Hand
	if v.Drawn != tile.None {
		held.Remove(v.Drawn)
	}
	var order []tile.Kind
	for _, k := range s.order {
		if held[k] > 0 {
			held[k]--
			order = append(order, k)
		}
	}
	order = append(order, held.Kinds()...)
	if len(s.order) == 0 {
		order = tile.Sorted(order)
	}
	if v.Drawn != tile.None {
		order = append(order, v.Drawn)
	}
	s.order = order
	if s.sel >= len(order) {
		s.sel = -1
	}
}

// sortRack sorts the rack (the drawn tile stays apart).
func (s *TableScreen) sortRack() {
	v := s.snap.View
	n := len(s.order)
	if v != nil && v.Drawn != tile.None {
		n--
	}
	slices.Sort(s.order[:n])
	s.sel = -1
	s.showRack()
}

// showRack draws the person's tiles along the bottom, the drawn tile set
// apart, and the own melds and bonus tiles above them.
func (s *TableScreen) showRack() {
	v := s.snap.View
	s.rack.Objects = nil
	s.rackLayout.drawn = v.Drawn != tile.None
	me := v.Seats[s.seatOf(s.player)]
	var melds []fyne.CanvasObject
	for _, m := range me.Melds {
		melds = append(melds, s.meldTiles(m, tileview.MiniWidth+4))
	}
	for _, b := range me.Bonus {
		melds = append(melds, tileview.NewTile(b, s.app.Style(), tileview.MiniWidth+4))
	}
	s.rackLayout.melds = len(melds)
	s.rack.Objects = append(s.rack.Objects, melds...)
	for i, k := range s.order {
		t := tileview.NewTile(k, s.app.Style(), tileview.RackWidth)
		t.Selected = i == s.sel || slices.Contains(s.picked, i)
		t.OnTapped = func() { s.tapTile(i) }
		t.OnDragged = func(e *fyne.DragEvent) { s.dragTile(i, e) }
		t.OnDragEnd = func() { s.dropTile(i) }
		s.rack.Objects = append(s.rack.Objects, t)
	}
	s.rack.Refresh()
}

// discardAction returns the legal discard of k with the chosen
// declaration, if any.
func (s *TableScreen) discardAction(k tile.Kind) (game.Action, bool) {
	for _, a := range s.snap.View.Legal {
		if a.Type == game.ActDiscard && a.Tile == k && a.Declare == s.declare {
			return a, true
		}
	}
	return game.Action{}, false
}

// giveOffered reports whether a Charleston pass asks for tiles.
func (s *TableScreen) giveOffered() bool {
	return slices.ContainsFunc(s.snap.View.Legal, func(a game.Action) bool { return a.Type == game.ActGive })
}

// tapTile selects a tile; a second tap on the selected tile discards it.
// In a Charleston pass, taps pick the tiles to pass.
func (s *TableScreen) tapTile(i int) {
	if i >= len(s.order) {
		return
	}
	if s.giveOffered() {
		if j := slices.Index(s.picked, i); j >= 0 {
			s.picked = slices.Delete(s.picked, j, j+1)
		} else {
			s.picked = append(s.picked, i)
		}
		s.showRack()
		s.showClaims()
		return
	}
	if s.sel == i {
		s.discard(i)
		return
	}
	s.sel = i
	s.message.SetText(words.Tile(s.order[i]))
	s.message.Importance = widget.MediumImportance
	s.message.Show()
	s.showRack()
}

// dragTile follows a drag: far enough up discards, sideways reorders.
func (s *TableScreen) dragTile(i int, e *fyne.DragEvent) {
	s.rackLayout.dragIndex, s.rackLayout.dragDX, s.rackLayout.dragDY = i, s.rackLayout.dragDX+e.Dragged.DX, s.rackLayout.dragDY+e.Dragged.DY
	s.rack.Refresh()
}

// dropTile ends a drag: up by more than a tile's height discards, sideways
// moves the tile to its new place.
func (s *TableScreen) dropTile(i int) {
	l := s.rackLayout
	dx, dy, w := l.dragDX, l.dragDY, l.tileW
	l.dragIndex, l.dragDX, l.dragDY = -1, 0, 0
	switch {
	case w > 0 && -dy > w*4/3:
		s.discard(i)
	case w > 0 && (dx > w/2 || dx < -w/2):
		j := min(max(i+int(dx/w+0.5*sign(dx)), 0), len(s.order)-1)
		k := s.order[i]
		s.order = slices.Delete(s.order, i, i+1)
		s.order = slices.Insert(s.order, j, k)
		s.sel = j
		s.showRack()
	default:
		s.rack.Refresh()
	}
}

func sign(x float32) float32 {
	if x < 0 {
		return -1
	}
	return 1
}

// discard plays the tile at place i if discarding it is legal.
func (s *TableScreen) discard(i int) {
	a, ok := s.discardAction(s.order[i])
	if !ok {
		s.say(words.T("table.cannot_discard"))
		return
	}
	if s.app.fy.Preferences().BoolWithFallback(PrefConfirm, false) {
		dialog.ShowConfirm(words.T("table.discard"), words.F("table.confirm_discard", map[string]any{"Tile": words.Tile(a.Tile)}),
			func(yes bool) {
				if yes {
					s.play(a)
				}
			}, s.app.win)
		return
	}
	s.play(a)
}

// play submits an action for the decision on screen.
func (s *TableScreen) play(a game.Action) {
	s.sel = -1
	s.submit(table.Intent{Player: s.player, Kind: table.IntentAction, Decision: s.snap.View.StateID, Action: a})
}

// submit sends an intent off the UI thread and shows a refusal.
func (s *TableScreen) submit(in table.Intent) {
	go func() {
		err := s.t.Submit(context.Background(), in)
		if err != nil {
			fyne.Do(func() { s.say(err.Error()) })
		}
	}()
}

// say shows a message above the rack.
func (s *TableScreen) say(msg string) {
	s.message.SetText(msg)
	s.message.Importance = widget.DangerImportance
	s.message.Show()
}

// showClock runs the claim clock's bar.
func (s *TableScreen) showClock() {
	if s.clockAnim != nil {
		s.clockAnim.Stop()
		s.clockAnim = nil
	}
	c := s.snap.Clock
	if c == nil || c.Total <= 0 || len(s.snap.View.Legal) == 0 {
		s.clock.Hide()
		return
	}
	left := time.Until(c.Deadline)
	if left <= 0 {
		s.clock.Hide()
		return
	}
	s.clock.Show()
	start := float32(left) / float32(c.Total)
	s.clock.set(start)
	s.clockAnim = fyne.NewAnimation(left, func(p float32) { s.clock.set(start * (1 - p)) })
	s.clockAnim.Curve = fyne.AnimationLinear
	s.clockAnim.Start()
}

// Play submits a (legal) action for the decision on screen; tests and
// the keyboard use it.
func (s *TableScreen) Play(a game.Action) { s.play(a) }

// typedKey plays from the keyboard: arrows select, Enter discards, a key
// per claim (P pung, C chow, K kong, M mah-jong, Space or Escape pass,
// H hint, S sort, N next hand).
func (s *TableScreen) typedKey(e *fyne.KeyEvent) {
	v := s.snap.View
	if v == nil {
		return
	}
	switch e.Name {
	case fyne.KeyLeft:
		s.sel = max(0, s.sel-1)
		s.showRack()
	case fyne.KeyRight:
		s.sel = min(len(s.order)-1, s.sel+1)
		s.showRack()
	case fyne.KeyReturn, fyne.KeyEnter:
		if s.sheet != nil {
			s.nextHand()
		} else if s.sel >= 0 {
			s.discard(s.sel)
		}
	case fyne.KeyH:
		s.showHint()
	case fyne.KeyS:
		s.sortRack()
	case fyne.KeyN:
		s.nextHand()
	default:
		if t, ok := keyActions[e.Name]; ok {
			for _, a := range v.Legal {
				if a.Type == t || t == game.ActMahjong && a.Type == game.ActSelfDraw {
					s.play(a)
					return
				}
			}
		}
	}
}

// keyActions are the claim keys.
var keyActions = map[fyne.KeyName]game.ActionType{
	fyne.KeyP: game.ActPung, fyne.KeyC: game.ActChow, fyne.KeyK: game.ActKong, fyne.KeyM: game.ActMahjong,
	fyne.KeySpace: game.ActPass, fyne.KeyEscape: game.ActPass, fyne.KeyT: game.ActCall, fyne.KeyX: game.ActExchange,
}
