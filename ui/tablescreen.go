package ui

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
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
	once   sync.Once

	snap table.Snapshot
	// order is the person's arrangement of the rack (a tile kind per
	// place); sel the selected place, -1 for none; picked the places
	// chosen for a Charleston pass.
	order  []tile.Kind
	sel    int
	picked []int
	// panels are the seat panels and the centre as last drawn, and the
	// signatures of what they show (cached).
	panels    [5]fyne.CanvasObject
	panelSigs [5]string
	rackSig   string
	// manual: the person arranged the rack, so it is no longer kept sorted.
	manual bool
	// taught counts the selections that said a second tap discards
	// (tapLessons once the person has done it).
	taught int
	// declare is the declaration the next discard carries.
	declare game.Declaration

	root, playArea   *fyne.Container
	sheetBox         *fyne.Container
	seats            *fyne.Container
	seatsLayout      *seatsLayout
	status, last     *textLine
	claims, declares *fyne.Container
	clock            *clockBar
	rack             *fyne.Container
	rackLayout       *rackLayout
	sheet            fyne.CanvasObject
	// next is the sheet's Next hand button, nil when no hand waits: the
	// keys press it, and so wait as long as it does.
	next      *widget.Button
	message   *widget.Label
	clockAnim *fyne.Animation
	ticks     ticker
	// asked carries a snapshot asked for to the listener (resync).
	asked chan table.Snapshot
	// winds: the table's ruleset gives winds a meaning (usesWinds).
	winds bool
	// guard brings the sheet's Next button to life after sheetGuard.
	guard *time.Timer
	// onUI hands the work of the screen's goroutines to the UI thread
	// (the package's onUI when the screen was made).
	onUI             func(func())
	onChange         func() // test hook: called after every shown snapshot
	hintLabel        *widget.Label
	sortBtn, hintBtn *widget.Button
	// outbox holds the intents the sender goroutine submits in order.
	outbox chan table.Intent
	// claimsSpoken names the offered claims in full, for people who
	// cannot see the buttons (ClaimsSpoken).
	claimsSpoken string
	// lastDiscarder is the seat whose discard is the latest, or NoWind.
	lastDiscarder rules.Wind
	// moves are the updates whose moves were shown (motion.go).
	moves moves
	// recorded: the finished match is in the history.
	recorded bool
	// shared: the table is shared over the network (no solo save to clear).
	shared bool
	// bin keeps the tiles of what is drawn anew, to be used again.
	bin tileBin
	// middle holds the middle of the play area: the other players and the
	// discards, or rack mode's compact strip (sharedrack.go).
	middle *fyne.Container
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
	s := &TableScreen{app: a, t: t, player: player, sub: sub, cancel: cancel, sel: -1, lastDiscarder: rules.NoWind, recorded: snap.Info.Over}
	s.outbox = make(chan table.Intent, 16)
	s.asked = make(chan table.Snapshot, 1)
	s.onUI = onUI // read once, here: tests set onUI between screens
	s.winds = usesWinds(snap.Info)
	s.build()
	s.showSnapshot(snap)
	go s.listen()
	go s.send(ctx)
	return s, nil
}

// onUI runs f on the UI thread: fyne.Do, replaced in tests that play
// whole hands so that they can be the UI thread themselves.
var onUI = fyne.Do

// listen hands the screen its updates and the snapshots asked for
// (relay).
func (s *TableScreen) listen() { s.app.relay(s.sub, s.asked, s.onUI, s.showSnapshot, s.showAsked) }

// resync asks the table for a fresh snapshot (after the app was in the
// background), which the listener shows unless updates overtook it.
func (s *TableScreen) resync() { askSnapshot(s.t, s.player, s.asked) }

// relay hands sub's updates (playing each one's sound) and the snapshots
// asked for to the UI thread through run, one at a time from one
// goroutine, until sub closes: show shows an update's snapshot, showAsked
// one asked for.
func (a *App) relay(sub table.Subscription, asked <-chan table.Snapshot, run func(func()), show, showAsked func(table.Snapshot)) {
	updates := sub.Updates()
	for {
		select {
		case u, ok := <-updates:
			if !ok {
				return
			}
			a.sound.Play(cueOfUpdate(u.Events))
			run(func() { show(u.Snapshot) })
		case snap := <-asked:
			run(func() { showAsked(snap) })
		}
	}
}

// askSnapshot asks t for player's snapshot in the background and hands it
// to asked, unless one is on its way there already.
func askSnapshot(t table.Table, player int, asked chan<- table.Snapshot) {
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if snap, err := t.Snapshot(ctx, player); err == nil {
			select {
			case asked <- snap:
			default:
			}
		}
	}()
}

// Close ends the subscription and closes the table (which saves).
func (s *TableScreen) Close() {
	s.once.Do(func() {
		s.ticks.stop()
		if s.guard != nil {
			s.guard.Stop() // a closed screen's Next button is not brought back to life
		}
		s.sub.Close()
		s.cancel()
		_ = s.t.Close()
	})
}

// Content is the screen's root object.
func (s *TableScreen) Content() fyne.CanvasObject { return s.root }

// ClaimsSpoken names the offered claims in full ("Pung of Four of
// Bamboo · Pass"), for a screen reader or a spoken prompt.
func (s *TableScreen) ClaimsSpoken() string { return s.claimsSpoken }

func (s *TableScreen) build() {
	// The felt keeps a claim button's height free at its foot (with the
	// felt's padding below), where the calls float (on a phone, over the
	// wall's band).
	s.seatsLayout = &seatsLayout{foot: claimHeight - theme.Padding()}
	s.seats = container.New(s.seatsLayout)
	s.status = newTextLine("", true)
	s.last = newTextLine("", true)
	s.message = widget.NewLabel("")
	s.message.Importance = widget.DangerImportance
	s.message.Wrapping = fyne.TextWrapWord
	s.message.Hide()
	s.hintLabel = widget.NewLabel("")
	s.hintLabel.Wrapping = fyne.TextWrapWord
	s.hintLabel.Hide()
	claimsBar := &barLayout{}
	s.claims = container.New(claimsBar)
	s.declares = container.NewHBox()
	s.clock = newClockBar()
	s.clock.Hide()
	s.rackLayout = &rackLayout{}
	s.rack = container.New(s.rackLayout)
	home := widget.NewButtonWithIcon("", theme.HomeIcon(), s.home)
	s.sortBtn = widget.NewButtonWithIcon(words.T("table.sort"), theme.MenuIcon(), s.sortRack)
	s.hintBtn = widget.NewButtonWithIcon(words.T("table.hint"), theme.QuestionIcon(), s.showHint)
	tools := container.NewHBox(s.sortBtn, s.hintBtn)
	if _, ok := s.t.(Recorder); ok {
		tools.Add(widget.NewButtonWithIcon("", theme.DocumentSaveIcon(), s.exportRecord))
	}
	top := container.NewBorder(nil, nil, home, tools)
	felt := canvas.NewRectangle(feltColour)
	felt.CornerRadius = 8
	centre := container.NewStack(felt, container.NewVScroll(container.NewPadded(container.NewBorder(s.status, nil, nil, nil, s.seats))))
	s.middle = container.NewStack(centre)
	// The hint, the messages, the clock and the calls float over the
	// felt's lower edge on a backing of the page's colour: the felt and
	// the rack keep their places when they come and go (nothing under the
	// finger moves).
	backing := canvas.NewRectangle(theme.Color(theme.ColorNameOverlayBackground))
	float := container.NewStack(backing, container.NewVBox(s.hintLabel, s.message, s.clock, s.declares, s.claims))
	bottom := container.NewVBox(s.last, s.rack)
	s.playArea = container.NewBorder(top, bottom, nil, nil, container.NewStack(s.middle, container.NewBorder(nil, float, nil, nil)))
	// The claims and the rack span the window: their rows follow its width.
	claimsBar.widthOf, s.rackLayout.widthOf = s.bottomWidth, s.bottomWidth
	s.sheetBox = container.NewStack()
	s.root = container.NewStack(s.playArea, s.sheetBox)
}

// bottomWidth is the width of the claims and the rack: the window's.
func (s *TableScreen) bottomWidth() float32 {
	return s.app.win.Canvas().Size().Width - 2*theme.Padding()
}

// showSnapshot redraws the screen for snap.
func (s *TableScreen) showSnapshot(snap table.Snapshot) {
	prevID := uint64(0)
	if s.snap.View != nil {
		prevID = s.snap.View.StateID
	}
	snap = withLast(snap)
	s.snap = snap
	v := snap.View
	if v == nil {
		return
	}
	if v.StateID != prevID {
		s.picked, s.declare = nil, game.DeclNone
		s.hintLabel.Hide()
		s.message.Hide()
		if table.NothingToDecide(v) {
			// Nothing to decide: the table keeps its pause after the
			// discard, and the person is not asked to tap Pass.
			s.play(v.Legal[0])
		}
	}
	s.syncOrder(v)
	s.status.SetTexts(s.statusText())
	e := snap.Last
	if opening(v) || e != nil && e.Type != game.EvAction {
		s.last.SetText(s.lastText())
	}
	if e != nil && e.Type != game.EvAction {
		switch e.Type {
		case game.EvDiscard:
			s.lastDiscarder = e.Seat
		case game.EvHandStart, game.EvDeal, game.EvClaim, game.EvMahjong:
			s.lastDiscarder = rules.NoWind
		}
	}
	s.showSeats()
	s.showRack()
	s.showClaims()
	s.showClock()
	s.showSheet()
	s.celebrate()
	if snap.Info.Over && !s.recorded {
		s.recorded = true
		s.finish(snap.Info)
	}
	if s.onChange != nil {
		s.onChange()
	}
}

// finish keeps a finished game: its record in the records folder, a line
// in the history, and no saved game to continue.
func (s *TableScreen) finish(in table.Info) {
	path := ""
	if b, err := recordBytes(s.t); err == nil {
		path = filepath.Join(s.app.dir, "records", time.Now().UTC().Format("20060102-150405")+"-"+in.Rules+".jsonl")
		if err := writeFile(path, b); err != nil {
			s.say(err.Error())
			path = ""
		}
	}
	if err := addHistory(s.app.HistoryPath(), in, path); err != nil {
		s.say(err.Error())
	}
	if !s.shared {
		_ = os.Remove(s.app.SavePath())
	}
}

// exportRecord saves the game's record so far where the player chooses.
func (s *TableScreen) exportRecord() {
	b, err := recordBytes(s.t)
	if err != nil {
		s.say(err.Error())
		return
	}
	s.app.exportBytes(s.snap.Info.Rules+"-game.jsonl", b)
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

// statusText is the header: hand, round wind, wall count, whose turn (in
// the Charleston, what it does);
// then, for a narrow screen, the hand and whose turn alone (the felt's
// centre shows the round wind and the wall count too).
func (s *TableScreen) statusText() (string, string) {
	v, in := s.snap.View, s.snap.Info
	turn := ""
	if step := charlestonStep(v); step != "" {
		turn = " · " + step // every seat answers at once: nobody's turn
	} else if p := s.playerAt(v.Turn); p == s.player && v.Phase != game.PhaseEnd {
		turn = " · " + words.T("table.turn.you")
	} else if p >= 0 && v.Phase != game.PhaseEnd {
		turn = " · " + words.F("table.turn", map[string]any{"Name": s.name(p)})
	}
	round := ""
	if s.winds {
		round = " · " + words.F("table.round", map[string]any{"Wind": words.Wind(in.Round)})
	}
	hand := words.F("table.hand", map[string]any{"N": in.Hand})
	return hand + round + " · " + words.F("table.wall", map[string]any{"N": v.WallLive}) + turn, hand + turn
}

// usesWinds reports whether a table's ruleset gives seat and round winds
// a meaning (rules.Setup.UsesWinds). A table's ruleset, options and card
// never change: screens ask once, when they are made.
func usesWinds(in table.Info) bool {
	setup, err := in.Setup()
	return err == nil && setup.UsesWinds()
}

// name is player p's name: for the screen's own player the name of the
// settings ("You" until one is set), for the others the table's
// (playerName).
func (s *TableScreen) name(p int) string {
	if p == s.player {
		return s.app.PlayerName()
	}
	return playerName(s.snap.Info, p)
}

// playerName is player p's name at the table of in: the name its host
// gave the seat, or for a computer seat left unnamed (the table's own
// "AI 3", table.DefaultName) the computer's name in the language, as a
// solo table names it (words.Computer).
func playerName(in table.Info, p int) string {
	if p < 0 || p > 3 {
		return ""
	}
	st := in.Seats[p]
	if st.Name == table.DefaultName(p, table.SeatAI) { // an AI seat, or one a sealed table's other device plays by AI
		return words.Computer(p)
	}
	return st.Name
}

// opening reports whether v is the hand's first turn: the dealer holds
// fourteen tiles and nobody has discarded yet.
func opening(v *game.View) bool {
	if v.Phase != game.PhaseTurn || len(v.Seats[v.Turn].Melds) > 0 {
		return false
	}
	for _, sv := range v.Seats {
		if len(sv.Discards) > 0 {
			return false
		}
	}
	return true
}

// apart reports whether the rack's last tile is set apart: the tile just
// drawn, or the dealer's fourteenth at the hand's first turn.
func (s *TableScreen) apart() bool {
	v := s.snap.View
	return v.Drawn != tile.None || v.Turn == v.Seat && opening(v)
}

// lastText says what just happened; at the hand's first turn, who begins
// (neither the deal nor a replacement drawn for a flower in it is the news
// then).
func (s *TableScreen) lastText() string {
	e, v := s.snap.Last, s.snap.View
	if opening(v) {
		if p := s.playerAt(v.Turn); p == s.player {
			return words.T("table.starts.you")
		} else if p >= 0 {
			return words.F("table.starts", map[string]any{"Name": s.name(p)})
		}
	}
	if e == nil {
		return ""
	}
	return eventText(e, s.playerAt(e.Seat) == s.player, func(w rules.Wind) string { return s.name(s.playerAt(w)) })
}

// youEvents are the events told to the person in the second person
// ("You discard Three of Bamboo").
var youEvents = map[game.EventType]bool{game.EvDraw: true, game.EvDiscard: true, game.EvClaim: true, game.EvMahjong: true,
	game.EvBonus: true, game.EvConcealedKong: true, game.EvAddKong: true, game.EvExpose: true, game.EvReceive: true}

// eventText writes an event for people: "South discards Three of Bamboo";
// you says the event is the person's own.
func eventText(e *game.Event, you bool, name func(rules.Wind) string) string {
	data := map[string]any{"Name": name(e.Seat), "Tile": words.Tile(e.Tile())}
	if e.Meld != nil {
		data["Meld"] = words.Meld(*e.Meld)
	}
	key := "event." + e.Type.String()
	if you && youEvents[e.Type] {
		key += ".you"
	}
	return words.F(key, data)
}

// seatMark shows a seat's wind as a small wind tile (東 with its letter E)
// where the ruleset uses winds, and marks the dealer with a small disc (on
// the wind tile's corner, or alone), so that the name keeps its room.
// Labels never hold the Chinese characters: the app's text font has none.
func seatMark(w rules.Wind, winds bool, st tileview.Style) fyne.CanvasObject {
	if w < rules.E || w > rules.N {
		return container.NewHBox()
	}
	if !winds {
		if w == rules.E {
			return dealerMark()
		}
		return container.NewHBox()
	}
	t := tileview.NewTile(w.Tile(), st, tileview.MiniWidth)
	if w != rules.E {
		return container.NewCenter(t)
	}
	return container.NewCenter(container.New(cornerLayout{}, t, dealerMark()))
}

// dealerColour is the dealer marker's disc.
var dealerColour = color.NRGBA{R: 0xB0, G: 0x2A, B: 0x24, A: 0xFF}

// dealerMark is the dealer's marker: the language's initial of the word
// (D for Dealer and Donneur) in white on a red disc.
func dealerMark() fyne.CanvasObject {
	size := theme.CaptionTextSize()
	letter := canvas.NewText(words.T("table.dealer.mark"), color.White)
	letter.TextStyle.Bold = true
	letter.TextSize = size * .85
	letter.Alignment = fyne.TextAlignCenter
	disc := container.NewStack(canvas.NewCircle(dealerColour), container.NewCenter(letter))
	return container.NewCenter(container.NewGridWrap(fyne.NewSize(size+3, size+3), disc))
}

// meldTiles draws a meld's tiles small, a claimed tile on its side and
// pointing at the seat it came from, as on a real table: first from the
// left-hand seat, in the middle from across, last from the right.
func (s *TableScreen) meldTiles(m game.Meld, w float32) fyne.CanvasObject {
	box := container.New(layout.NewCustomPaddedHBoxLayout(1)) // tiles side by side, as on the table
	ks, claimed := meldOrder(m)
	for i, k := range ks {
		t := s.bin.get(k, s.app.Style(), w)
		if i != claimed {
			box.Add(t)
			continue
		}
		t.Sideways = true
		box.Add(container.NewVBox(layout.NewSpacer(), t)) // lying on the table's edge, not stretched
	}
	return box
}

// showSeats draws a panel per player: wind, name, score and concealed
// count, exposed melds and bonus tiles (not for the person, whose melds
// are on the rack), and the discards in rows of six, in order, the last
// discard highlighted and claimed ones dimmed. The panels sit around the
// table on a wide screen and two by two on a phone.
func (s *TableScreen) showSeats() {
	v, in := s.snap.View, s.snap.Info
	lastSeat := s.lastDiscarder
	s.seatsLayout.scale = s.app.Style().Scale()
	s.seats.Objects = nil
	// In seating order: the person, the right, across and left. A panel
	// whose contents did not change is kept as it is.
	for i := range 4 {
		p := (s.player + i) % 4
		w := s.seatOf(p)
		sv := v.Seats[w]
		turn := w == v.Turn && v.Phase != game.PhaseEnd && v.Charleston == nil // in the Charleston all answer at once
		sig := fmt.Sprint(s.name(p), in.Balances[p], w, in.Rules, turn, sv, w == lastSeat, s.app.Style(), s.discardWidth())
		s.seats.Add(s.cached(i, sig, func() fyne.CanvasObject { return s.seatPanel(i, p, w, sv, turn, w == lastSeat) }))
	}
	s.seats.Add(s.cached(4, s.centreSig(), s.centre))
	s.bin.settle()
	s.seats.Refresh()
}

// cached returns the object built for slot i while its signature stays
// sig, building it anew when sig changes: updates rebuild only what moved.
func (s *TableScreen) cached(i int, sig string, build func() fyne.CanvasObject) fyne.CanvasObject {
	if s.panels[i] == nil || s.panelSigs[i] != sig {
		if s.panels[i] != nil {
			s.bin.release(s.panels[i])
		}
		s.panels[i], s.panelSigs[i] = build(), sig
	}
	return s.panels[i]
}

// middled centres o vertically at its least height.
func middled(o fyne.CanvasObject) fyne.CanvasObject {
	return container.NewVBox(layout.NewSpacer(), o, layout.NewSpacer())
}

// seatPanel draws seat panel i (player p at wind w).
func (s *TableScreen) seatPanel(i, p int, w rules.Wind, sv game.SeatView, turn, lastSeat bool) fyne.CanvasObject {
	in := s.snap.Info
	head := s.name(p) + " " + total(in.Balances[p])
	mark := container.NewHBox(seatMark(w, s.winds, s.app.Style()))
	if turn {
		mark.Objects = append([]fyne.CanvasObject{widget.NewIcon(theme.MediaPlayIcon())}, mark.Objects...)
	}
	name := container.NewBorder(nil, nil, mark, nil, middled(newTextLine(head, true)))
	// The other players' racks: backs, melds and bonus tiles, wrapping
	// within the panel. The person's melds are on the rack; their bonus
	// tiles, which play no part in a decision, are here.
	var top fyne.CanvasObject = name
	row := container.New(&flowLayout{})
	if i > 0 {
		top, row = s.rackOf(i, name, sv)
	} else {
		for _, b := range sv.Bonus {
			row.Add(s.bin.get(b, s.app.Style(), s.meldWidth()))
		}
	}
	panel := container.New(panelLayout{}, top)
	if sv.Declared != game.DeclNone && i > 0 {
		row.Add(widget.NewLabel(words.T("declare." + sv.Declared.String())))
	}
	if len(row.Objects) > 0 {
		panel.Add(row)
	}
	grid := container.New(&discardLayout{least: discardLeast * s.app.Style().Scale(), most: s.discardWidth()})
	for j, d := range sv.Discards {
		t := s.bin.get(d.Tile, s.app.Style(), s.discardWidth())
		t.Dim = d.Claimed
		t.Highlight = lastSeat && j == len(sv.Discards)-1
		grid.Add(t)
		if t.Highlight {
			s.arrive(grid, i)
		}
	}
	panel.Add(grid)
	return panel
}

// meldWidth is the width of the other players' meld and bonus tiles: a
// discard's standard width on a wide window (melds then keep to one row
// of a panel six large discards wide); on a phone phoneMeldWidth pixels
// in every style.
func (s *TableScreen) meldWidth() float32 {
	if s.wide() {
		return tileview.DiscardWidth
	}
	return phoneMeldWidth / s.app.Style().Scale() // readable, and no larger in the large style
}

// discardWidth is the width of discarded tiles: larger on a wide window.
func (s *TableScreen) discardWidth() float32 {
	if s.wide() {
		return tileview.DiscardWidth * 1.3
	}
	return tileview.DiscardWidth
}

// syncOrder keeps the person's rack order over the hand's tiles: sorted
// until the person arranges the tiles by hand; then tiles still held keep
// their places and new ones go at the end. The drawn tile is last.
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
	if !s.manual {
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
	n := len(s.order)
	if s.snap.View != nil && s.apart() && n > 0 {
		n--
	}
	slices.Sort(s.order[:n])
	s.sel, s.manual = -1, false
	s.showRack()
}

// rackMeldWidth is the width of the tiles of the person's melds.
const rackMeldWidth = tileview.MiniWidth + 4

// showRack draws the person's tiles along the bottom, the drawn tile set
// apart, and the own melds above them (the bonus tiles are in the
// person's seat panel).
func (s *TableScreen) showRack() {
	v := s.snap.View
	me := v.Seats[s.seatOf(s.player)]
	sig := fmt.Sprint(s.order, s.sel, s.picked, s.apart(), me.Melds, s.app.Style())
	if sig == s.rackSig {
		return // the same tiles in the same places: keep the widgets
	}
	s.rackSig = sig
	s.bin.release(s.rack)
	s.rack.Objects = nil
	s.rackLayout.drawn, s.rackLayout.scale = s.apart(), s.app.Style().Scale()
	var melds []fyne.CanvasObject
	for j, m := range me.Melds {
		o := s.meldTiles(m, rackMeldWidth)
		if j == len(me.Melds)-1 {
			o = s.claimed(o, m, 0)
		}
		melds = append(melds, o)
	}
	s.rackLayout.meldRoom = rackMeldWidth*s.app.Style().Scale()*4/3 + theme.Padding()
	s.rackLayout.melds = len(melds)
	s.rack.Objects = append(s.rack.Objects, melds...)
	for i, k := range s.order {
		t := s.bin.get(k, s.app.Style(), tileview.RackWidth)
		t.Selected = i == s.sel || slices.Contains(s.picked, i)
		t.OnTapped = func() { s.tapTile(i) }
		t.OnDragged = func(e *fyne.DragEvent) { s.dragTile(i, e) }
		t.OnDragEnd = func() { s.dropTile(i) }
		s.rack.Objects = append(s.rack.Objects, t)
	}
	s.bin.settle()
	s.drawIn()
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
		s.taught = tapLessons // the person knows how
		s.discard(i)
		return
	}
	s.sel = i
	if s.taught < tapLessons {
		// The first selections of a game say how to discard, in the
		// hint line (floating: the felt keeps its size).
		s.taught++
		s.message.Hide()
		s.showLine(s.hintLabel, words.F("table.tap_again", map[string]any{"Tile": words.Tile(s.order[i])}), widget.MediumImportance)
	} else {
		s.showLine(s.message, words.Tile(s.order[i]), widget.MediumImportance)
	}
	s.showRack()
}

// tapLessons is how many of a game's first selections say that a second
// tap discards, unless the person discards by a second tap before.
const tapLessons = 3

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
		s.sel, s.manual = j, true
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

// submit queues an intent for the sender, which submits off the UI
// thread in order; a refusal is shown above the rack, unless it came too
// late (lateRefusal).
func (s *TableScreen) submit(in table.Intent) {
	select {
	case s.outbox <- in:
	default:
		s.say(words.T("table.busy"))
	}
}

// send submits the queued intents one by one until the screen closes.
func (s *TableScreen) send(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case in := <-s.outbox:
			if err := s.t.Submit(ctx, in); err != nil && ctx.Err() == nil && !lateRefusal(err) {
				s.onUI(func() { s.say(err.Error()) })
			}
		}
	}
}

// lateRefusal reports whether err refuses an intent only because the
// table had moved on before it arrived (the decision answered or
// replaced, none owed): keys pressed faster than the table plays, which
// the next snapshot shows; a player was once shown "table: stale:
// decision 33 was answered or replaced".
func lateRefusal(err error) bool {
	var re *table.RefusedError
	return errors.As(err, &re) && (re.Reason == table.ReasonStale || re.Reason == table.ReasonNoDecide)
}

// say shows a message above the rack.
func (s *TableScreen) say(msg string) {
	s.showLine(s.message, msg, widget.DangerImportance)
}

// showLine shows l, a line floating over the felt's foot, with text of
// importance imp, and lays the screen out again: the floating lines grow
// upwards over the felt, which Show alone does not lay out (a hint asked
// from the keyboard stayed invisible).
func (s *TableScreen) showLine(l *widget.Label, text string, imp widget.Importance) {
	l.Text, l.Importance = text, imp
	l.Show()
	s.playArea.Refresh()
}

// showClock runs the claim clock's bar.
func (s *TableScreen) showClock() {
	if s.clockAnim != nil {
		s.clockAnim.Stop()
		s.clockAnim = nil
	}
	s.ticks.stop()
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
	s.ticks.start(s.app.sound, c.Deadline)
}

// typedKey plays from the keyboard: arrows select, Enter discards the
// selected tile (with nothing selected, the tile set apart), a key per claim (P pung,
// C chow, K kong, M mah-jong, Space or Escape pass, T call, X joker
// exchange), H hint, S sort, N next hand.
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
		switch {
		case s.sheet != nil:
			s.pressNext()
		case s.sel >= 0:
			s.discard(s.sel)
		case s.apart() && len(s.order) > 0:
			s.discard(len(s.order) - 1) // the drawn tile is last
		}
	case fyne.KeyH:
		s.showHint()
	case fyne.KeyS:
		s.sortRack()
	case fyne.KeyN:
		s.pressNext()
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
