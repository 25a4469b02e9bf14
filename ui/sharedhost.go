package ui

import (
	"context"
	"crypto/rand"
	"fmt"
	"image"
	"image/draw"
	"math/big"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"rsc.io/qr"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// standInDelays are the stand-in delays the host screen offers.
var standInDelays = []time.Duration{0, 15 * time.Second, 30 * time.Second, time.Minute, 2 * time.Minute}

// takeOverWaits are the take-over waits the host screen offers, the
// first the default.
var takeOverWaits = []time.Duration{5 * time.Second, 10 * time.Second, 30 * time.Second, time.Minute}

// hostForm is the state of the host screen.
type hostForm struct {
	game    newGameForm
	name    *widget.Entry
	pin     *widget.Entry
	usePIN  *widget.Check
	centre  bool
	seats   [4]HostSeat
	standIn time.Duration
	// takeOver is the table's take-over wait.
	takeOver time.Duration
	// sealed is the choice of a sealed table.
	sealed *sealedChoice
}

// ShowHost shows the host screen: the table's name, the game and its
// options (the new-game screen's schema editor), a PIN, whether the table
// is sealed, who plays each seat, the AI stand-in delay and how long the phones wait for this
// device gone quiet before one of them deals on.
func (a *App) ShowHost() {
	a.closeGame()
	a.leaveShared()
	a.show(a.hostScreen())
}

// seatChoices are the host screen's choices for a seat: this device, a
// phone that joins, or the computer at each level.
func seatChoices() (kinds []HostSeat, names []string) {
	kinds = append(kinds, HostSeat{Kind: table.SeatHuman}, HostSeat{Kind: table.SeatRemote})
	names = append(names, words.T("share.seat.here"), words.T("share.seat.remote"))
	for _, l := range ai.Levels() {
		if l != ai.Random {
			kinds = append(kinds, HostSeat{Kind: table.SeatAI, Level: string(l)})
			names = append(names, words.F("share.seat.ai", map[string]any{"Level": words.T("level." + string(l))}))
		}
	}
	return kinds, names
}

// addressLine is the waiting room's address in large type, broken where
// it is wider than the screen: a keyed address is wider than a phone.
func addressLine(addr string) *widget.Label {
	l := widget.NewLabelWithStyle(words.F("share.address", map[string]any{"Addr": addr}), fyne.TextAlignLeading, fyne.TextStyle{Bold: true, Monospace: true})
	l.SizeName, l.Wrapping = theme.SizeNameSubHeadingText, fyne.TextWrapBreak
	return l
}

// computerSeat is how the waiting room shows a computer seat: the name it
// has at the table, with its level ("Lily (computer, intermediate)").
func computerSeat(p int, st HostSeat) string {
	name := st.Name
	if name == "" {
		name = words.Computer(p)
	}
	return words.F("share.seat.ai_named", map[string]any{"Name": name, "Level": strings.ToLower(words.T("level." + st.Level))})
}

func (a *App) hostScreen() fyne.CanvasObject {
	f := &hostForm{standIn: 30 * time.Second}
	f.game = newGameForm{rules: a.fy.Preferences().StringWithFallback("last_rules", rules.DefaultID), values: map[string]string{}}
	f.name = widget.NewEntry()
	f.name.SetText(words.T("share.default_table"))
	if n := a.sharedName(); n != "" {
		f.name.SetText(words.F("share.default_name", map[string]any{"Name": n}))
	}
	f.pin = widget.NewEntry()
	f.pin.SetText(newPIN())
	f.usePIN = widget.NewCheck(words.T("share.pin_on"), func(on bool) {
		if on {
			f.pin.Enable()
		} else {
			f.pin.Disable()
		}
	})
	f.usePIN.SetChecked(true)

	pick, desc, options := a.rulesetPicker(&f.game)
	f.sealed = newSealedChoice()

	kinds, kindNames := seatChoices()
	seats := widget.NewForm()
	var selects [4]*widget.Select
	for p := range f.seats {
		sel := widget.NewSelect(kindNames, nil)
		selects[p] = sel
		sel.OnChanged = func(string) {
			f.seats[p] = kinds[sel.SelectedIndex()]
			if f.seats[p].Kind == table.SeatHuman {
				// One person plays on this device.
				for q, o := range selects {
					if q != p && o != nil && f.seats[q].Kind == table.SeatHuman {
						o.SetSelectedIndex(1)
					}
				}
			}
		}
		seats.Append(seatName(p), sel)
	}
	for p, sel := range selects {
		sel.SetSelectedIndex(min(p, 1))
	}
	device := widget.NewRadioGroup([]string{words.T("share.device.player"), words.T("share.device.centre")}, func(s string) {
		f.centre = s == words.T("share.device.centre")
		if f.centre && f.seats[0].Kind == table.SeatHuman {
			selects[0].SetSelectedIndex(1)
		}
	})
	device.SetSelected(words.T("share.device.player"))

	delayNames := make([]string, len(standInDelays))
	for i, d := range standInDelays {
		delayNames[i] = delayName(d)
	}
	delay := widget.NewSelect(delayNames, func(string) {})
	delay.OnChanged = func(string) { f.standIn = standInDelays[delay.SelectedIndex()] }
	delay.SetSelectedIndex(2)

	waitNames := make([]string, len(takeOverWaits))
	for i, d := range takeOverWaits {
		waitNames[i] = delayName(d)
	}
	wait := widget.NewSelect(waitNames, func(string) {})
	wait.OnChanged = func(string) { f.takeOver = takeOverWaits[wait.SelectedIndex()] }
	wait.SetSelectedIndex(0)

	bold := func(key string) *wordsLabel {
		l := wrapped(words.T(key))
		l.bold = true
		return l
	}
	body := container.NewVBox(
		bold("share.table_name"), f.name,
		bold("share.pin"), container.NewBorder(nil, nil, f.usePIN, nil, f.pin), wrapped(words.T("share.pin_help")),
		bold("share.device"), device,
		bold("share.sealed"), f.sealed.content(),
		bold("share.seats"), seats, f.sealed.seats,
		bold("share.standin_delay"), delay,
		bold("share.takeover_wait"), wait,
		bold("newgame.ruleset"), pick, desc,
		bold("rules.options"), options,
	)
	open := widget.NewButton(words.T("share.open"), func() { a.hostTable(f) })
	open.Importance = widget.HighImportance
	return a.page(words.T("share.host"), container.NewBorder(nil, container.NewPadded(open), nil, nil,
		container.NewVScroll(container.NewPadded(body))))
}

// delayName writes a stand-in delay for people.
func delayName(d time.Duration) string {
	switch {
	case d == 0:
		return words.T("share.delay.now")
	case d < time.Minute:
		return words.F("share.delay.s", map[string]any{"N": int(d / time.Second)})
	}
	return words.F("share.delay.min", map[string]any{"N": int(d / time.Minute)})
}

// newPIN is a new table's PIN (randomPIN; a fixed one in tests).
var newPIN = randomPIN

// randomPIN is a random four-digit PIN.
func randomPIN() string {
	n, err := rand.Int(rand.Reader, big.NewInt(10000))
	if err != nil {
		return "0000"
	}
	return fmt.Sprintf("%04d", n.Int64())
}

// setup checks the form and returns the table it describes.
func (f *hostForm) setup(a *App) (HostSetup, error) {
	s := HostSetup{Name: strings.TrimSpace(f.name.Text), Rules: f.game.rules, Options: f.game.values, Card: f.game.card,
		Seats: f.seats, StandIn: f.standIn, Pace: a.Pace(), TakeOverWait: f.takeOver, Sealed: f.sealed.check.Checked}
	if s.Name == "" {
		return s, fmt.Errorf("%s", words.T("share.err.name"))
	}
	if f.usePIN.Checked {
		s.PIN = strings.TrimSpace(f.pin.Text)
		if s.PIN == "" {
			return s, fmt.Errorf("%s", words.T("share.err.pin"))
		}
	}
	remote := false
	for p := range s.Seats {
		st := &s.Seats[p]
		switch st.Kind {
		case table.SeatHuman:
			st.Name = a.sharedName()
		case table.SeatAI:
			st.Name = words.Computer(p)
		case table.SeatRemote:
			remote = true
		}
	}
	if !remote {
		return s, fmt.Errorf("%s", words.T("share.err.remote"))
	}
	r, err := rules.Get(s.Rules)
	if err == nil {
		_, err = rules.ResolveOptions(r, s.Options)
	}
	if err == nil {
		err = sealedRefused(s)
	}
	return s, err
}

// hostTable opens the table of the form and shows its waiting room.
func (a *App) hostTable(f *hostForm) {
	s, err := f.setup(a)
	if err == nil {
		player := table.Spectator
		if !f.centre {
			for p, st := range s.Seats {
				if st.Kind == table.SeatHuman {
					player = p
				}
			}
		}
		err = a.Host(s, player)
	}
	if err != nil {
		dialog.ShowError(err, a.win)
	}
}

// Host opens the table s on the network and shows its waiting room; once
// started, this device shows player's seat in rack mode, or the table
// centre for table.Spectator.
func (a *App) Host(s HostSetup, player int) error {
	if a.share == nil {
		return errNoNetwork
	}
	a.closeGame()
	a.leaveShared()
	a.fy.Preferences().SetString("last_rules", s.Rules)
	h, err := a.share.net.Host(s)
	if err != nil {
		return err
	}
	a.share.hosted = h
	a.share.room = &waitingRoom{app: a, setup: s, hosted: h, player: player}
	a.show(a.share.room.content())
	a.share.room.announce()
	return nil
}

// StartHosted starts the hosted table waiting in its room, as its start
// button does.
func (a *App) StartHosted() {
	if a.share != nil && a.share.room != nil {
		a.share.room.start()
	}
}

// waitingRoom shows who is seated, the table's address as text and as a
// QR code, the PIN, and the start button. The table is announced to the
// devices nearby from the room on, while the app is in the foreground,
// until it closes.
type waitingRoom struct {
	app    *App
	setup  HostSetup
	hosted Hosted
	player int
	seats  *fyne.Container
	btn    *widget.Button
	stop   context.CancelFunc
	// pin shows the PIN; guessing says that someone is guessing it, with
	// the button that changes it.
	pin      *widget.Label
	guessing *fyne.Container
}

func (r *waitingRoom) content() fyne.CanvasObject {
	a, s, h := r.app, r.setup, r.hosted
	addrs := h.Addrs()
	addrBox := container.NewVBox()
	if len(addrs) > 0 {
		addrBox.Add(addressLine(ShortAddr(addrs[0])))
		full := widget.NewLabel(addrs[0])
		full.Wrapping = fyne.TextWrapBreak
		full.TextStyle = fyne.TextStyle{Monospace: true}
		addrBox.Add(full)
		if img := qrImage(addrs[0]); img != nil {
			addrBox.Add(container.NewCenter(img))
		}
		addrBox.Add(wrapped(words.T("share.address_help")))
	}
	r.pin = widget.NewLabel(words.T("share.no_pin"))
	if s.PIN != "" {
		r.pin.SetText(words.F("share.pin_is", map[string]any{"PIN": s.PIN}))
		r.pin.TextStyle = fyne.TextStyle{Bold: true}
	}
	r.guessing = container.NewVBox()
	r.seats = container.NewVBox()
	ctx, stop := context.WithCancel(context.Background())
	r.stop = stop
	if snap, sub, err := h.Table().Subscribe(ctx, table.Spectator); err == nil {
		r.status(snap.Info)
		go func() {
			<-ctx.Done()
			sub.Close()
		}()
		go func() {
			for u := range sub.Updates() {
				fyne.Do(func() { r.status(u.Snapshot.Info) })
			}
		}()
	}
	r.btn = widget.NewButton(words.T("share.start"), r.start)
	r.btn.Importance = widget.HighImportance
	cancel := widget.NewButton(words.T("share.cancel"), a.LeaveShared)
	spin := widget.NewActivity()
	spin.Start()
	who := container.NewVBox(newThemedText(s.Name, 24, fyne.TextStyle{Bold: true}, fyne.TextAlignLeading))
	if s.Sealed {
		who.Add(sealedNote())
	}
	for _, o := range []fyne.CanvasObject{container.NewHBox(spin, widget.NewLabel(words.T("share.waiting_players"))),
		r.seats, r.pin, r.guessing, wrapped(words.T("share.start_help"))} {
		who.Add(o)
	}
	body := container.NewAdaptiveGrid(2, who, addrBox)
	return container.NewBorder(nil, container.NewPadded(container.NewGridWithColumns(2, cancel, r.btn)), nil, nil,
		container.NewVScroll(container.NewPadded(body)))
}

// status lists the seats: this device, the computer, or a phone waited
// for or seated with its person's name.
func (r *waitingRoom) status(in table.Info) {
	r.seats.Objects = nil
	for p, st := range r.setup.Seats {
		seated := in.Seats[p].Connected
		text := ""
		switch st.Kind {
		case table.SeatHuman:
			text = words.T("share.seat.here")
		case table.SeatAI:
			text = computerSeat(p, st)
		case table.SeatRemote:
			text = words.T("share.waiting_phone")
			if seated {
				text = words.F("share.seated", map[string]any{"Name": in.Seats[p].Name})
			}
		}
		l := widget.NewLabel(words.Labelled(seatName(p), text))
		if st.Kind == table.SeatRemote && seated {
			l.Importance = widget.SuccessImportance
		}
		r.seats.Add(l)
	}
	r.seats.Refresh()
	r.guessing.Objects = nil
	if in.Guessing > 0 {
		warn := wrapped(words.F("share.guessing", map[string]any{"N": in.Guessing}))
		warn.colour = theme.ColorNameError
		r.guessing.Objects = []fyne.CanvasObject{warn, widget.NewButton(words.T("share.new_pin"), r.newPIN)}
	}
	r.guessing.Refresh()
}

// seated checks that a sealed table has a phone seated now.
func (r *waitingRoom) seated(ctx context.Context) error {
	if !r.setup.Sealed {
		return nil
	}
	snap, err := r.hosted.Table().Snapshot(ctx, table.Spectator)
	if err != nil {
		return err
	}
	for p, st := range r.setup.Seats {
		if st.Kind == table.SeatRemote && snap.Info.Seats[p].Connected {
			return nil
		}
	}
	return fmt.Errorf("%s", words.T("share.sealed_alone"))
}

// newPIN gives the table a new PIN, shown at once: someone was guessing
// the old one.
func (r *waitingRoom) newPIN() {
	pin := newPIN()
	r.hosted.SetPIN(pin)
	r.setup.PIN = pin
	r.pin.SetText(words.F("share.pin_is", map[string]any{"PIN": pin}))
}

// guardHosted makes the screen of h, the table this device hosts, say
// when someone is guessing the PIN during play, as its waiting room did,
// with a button that gives the table a new PIN.
func (a *App) guardHosted(h Hosted) {
	renew := func() { a.renewPIN(h) }
	if c := a.share.centre; c != nil {
		c.banner.link.hosting, c.banner.newPIN = true, renew
		c.show(c.snap)
	}
	if r := a.share.rack; r != nil {
		r.banner.link.hosting, r.banner.newPIN = true, renew
		r.refresh()
	}
}

// renewPIN gives h a new PIN during play and shows it: someone was
// guessing the old one.
func (a *App) renewPIN(h Hosted) {
	pin := newPIN()
	h.SetPIN(pin)
	dialog.ShowInformation(words.T("share.new_pin"), words.F("share.pin_now", map[string]any{"PIN": pin}), a.win)
}

// announce makes the table found by the devices looking for tables
// nearby. Where the network has no multicast it is joined by the address
// the room shows.
func (r *waitingRoom) announce() { _ = r.hosted.Announce(true) }

// start deals the first hand and opens the table; a sealed table first
// needs a phone seated (HostSetup.Sealed).
func (r *waitingRoom) start() {
	r.btn.Disable()
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		err := r.seated(ctx)
		if err == nil {
			err = r.hosted.Start(ctx)
		}
		fyne.Do(func() {
			if err != nil {
				r.btn.Enable()
				dialog.ShowError(err, r.app.win)
				return
			}
			r.stop() // the table stays announced while it is played: a phone that lost it finds it again
			r.app.share.room = nil
			r.app.openShared(r.hosted.Table(), r.player)
		})
	}()
}

// ShortAddr is the easiest form of a multiaddr to type: ip:port for TCP
// over IPv4, the address itself otherwise; the table's key after "#"
// stays.
func ShortAddr(addr string) string {
	addr, key, keyed := strings.Cut(addr, "#")
	parts := strings.Split(addr, "/")
	if len(parts) >= 5 && parts[1] == "ip4" && parts[3] == "tcp" {
		addr = parts[2] + ":" + parts[4]
	}
	if keyed {
		addr += "#" + key
	}
	return addr
}

// qrModule is the size of a QR code's module; qrQuiet the quiet zone
// around the code, in modules.
const (
	qrModule = 5
	qrQuiet  = 4
)

// qrImage is addr as a QR code, black on white with its quiet zone, or
// nil when it does not fit one.
func qrImage(addr string) *canvas.Image {
	code, err := qr.Encode(addr, qr.M)
	if err != nil {
		return nil
	}
	side := (code.Size + 2*qrQuiet) * qrModule
	img := image.NewGray(image.Rect(0, 0, side, side))
	for i := range img.Pix {
		img.Pix[i] = 0xFF
	}
	for y := range code.Size {
		for x := range code.Size {
			if code.Black(x, y) {
				r := image.Rect((x+qrQuiet)*qrModule, (y+qrQuiet)*qrModule, (x+qrQuiet+1)*qrModule, (y+qrQuiet+1)*qrModule)
				draw.Draw(img, r, image.Black, image.Point{}, draw.Src)
			}
		}
	}
	c := canvas.NewImageFromImage(img)
	c.FillMode, c.ScaleMode = canvas.ImageFillContain, canvas.ImageScalePixels
	c.SetMinSize(fyne.NewSize(float32(side), float32(side)))
	return c
}
