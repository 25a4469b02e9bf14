package ui

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// notice is one line of a shared table's trust and fault banner.
type notice struct {
	text string
	imp  widget.Importance
	// loud marks a notice that must not be missed: a failed deal check.
	loud bool
	// pin marks the host's warning that someone is guessing the PIN: the
	// banner offers a new PIN beside it.
	pin bool
}

// notices are what a shared table's players must know beyond the game:
// whether the last deal was verified (a loud warning when its check
// failed), which hands this device dealt were voided (it was cut off and
// another device dealt on), and who has dropped and is reconnecting or
// played by the AI; on the host's own device, that someone is guessing
// the PIN.
func notices(in table.Info, name func(p int) string, l link) []notice {
	var out []notice
	if l.hosting && in.Guessing > 0 {
		out = append(out, notice{text: words.F("share.guessing", map[string]any{"N": in.Guessing}), imp: widget.DangerImportance, pin: true})
	}
	if l.offline {
		out = append(out, notice{text: words.T("share.offline"), imp: widget.DangerImportance})
	}
	if l.dealing {
		out = append(out, notice{text: words.T("share.dealing"), imp: widget.WarningImportance})
	}
	out = append(out, handOverNotices(in, name, l)...)
	if v := in.Voided; v != nil {
		// This device dealt alone while cut off; the table went on at
		// the newer dealer the other devices chose.
		key := "share.voided"
		if v.From == v.To {
			key = "share.voided_one"
		}
		out = append(out, notice{text: words.F(key, map[string]any{"From": v.From, "To": v.To}), imp: widget.WarningImportance})
	}
	out = append(out, sealedNotices(in, l.sealed, l.late)...)
	if v := in.Verified; v != nil && !in.Sealed {
		if *v {
			out = append(out, notice{text: words.T("share.verified"), imp: widget.SuccessImportance})
		} else {
			out = append(out, notice{text: words.T("share.unverified"), imp: widget.DangerImportance, loud: true})
		}
	}
	for p, s := range in.Seats {
		switch {
		case s.StandIn:
			out = append(out, notice{text: words.F("share.standin", map[string]any{"Name": name(p)}), imp: widget.WarningImportance})
		case s.Kind == table.SeatRemote && !s.Connected:
			out = append(out, notice{text: words.F("share.reconnecting", map[string]any{"Name": name(p)}), imp: widget.WarningImportance})
		}
	}
	return out
}

// banner shows a shared table's notices, one label each.
type banner struct {
	box *fyne.Container
	// link is this device's connection to the table's dealer.
	link link
	// warned is the hand whose failed check was already shown in a dialog.
	warned int
	// newPIN, on the host's own device, gives the table a new PIN: the
	// button beside the warning that someone is guessing it.
	newPIN func()
}

func newBanner() *banner { return &banner{box: container.NewVBox()} }

// fixedWidth lays its objects out one under another at a fixed width, so
// that wrapped labels know their height wherever they are placed (in a
// centred column, say).
type fixedWidth struct{ w float32 }

func (f fixedWidth) Layout(objs []fyne.CanvasObject, _ fyne.Size) {
	y := float32(0)
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		h := f.height(o)
		o.Move(fyne.NewPos(0, y))
		o.Resize(fyne.NewSize(f.w, h))
		y += h + theme.Padding()
	}
}

func (f fixedWidth) MinSize(objs []fyne.CanvasObject) fyne.Size {
	h := float32(0)
	for _, o := range objs {
		if o.Visible() {
			h += f.height(o) + theme.Padding()
		}
	}
	return fyne.NewSize(f.w, max(h-theme.Padding(), 0))
}

// height is o's height at the layout's width.
func (f fixedWidth) height(o fyne.CanvasObject) float32 {
	o.Resize(fyne.NewSize(f.w, o.MinSize().Height))
	return o.MinSize().Height
}

// show replaces the notices; a failed deal check of a new hand also
// raises an alert on win.
func (b *banner) show(in table.Info, name func(p int) string, alert func(string)) {
	b.box.Objects = nil
	for _, n := range notices(in, name, b.link) {
		l := widget.NewLabel(n.text)
		l.Importance, l.Wrapping = n.imp, fyne.TextWrapWord
		l.TextStyle = fyne.TextStyle{Bold: n.loud || n.imp == widget.SuccessImportance}
		b.box.Add(l)
		if n.pin && b.newPIN != nil {
			b.box.Add(widget.NewButton(words.T("share.new_pin"), b.newPIN))
		}
		if n.loud && b.warned != in.Hand && alert != nil {
			b.warned = in.Hand
			alert(n.text)
		}
	}
	b.box.Refresh()
}

// warner returns the alert that a failed deal check raises on win: the
// notice's words beside the warning sign, to be dismissed.
func warner(win fyne.Window) func(string) {
	return func(msg string) {
		text := widget.NewLabel(msg)
		text.Wrapping, text.Importance = fyne.TextWrapWord, widget.DangerImportance
		text.TextStyle = fyne.TextStyle{Bold: true}
		icon := widget.NewIcon(theme.NewErrorThemedResource(theme.WarningIcon()))
		d := dialog.NewCustom(words.T("share.alert"), words.T("share.alert_dismiss"), container.NewBorder(nil, nil, icon, nil, text), win)
		d.Resize(fyne.NewSize(min(win.Canvas().Size().Width-32, 560), 0))
		d.Show()
	}
}

// texts are the notices on show.
func (b *banner) texts() []string {
	var out []string
	for _, o := range b.box.Objects {
		if l, ok := o.(*widget.Label); ok {
			out = append(out, l.Text)
		}
	}
	return out
}

// Linked is implemented by a table dealt on another device: it tells
// whether this device is connected to the dealer now.
type Linked interface {
	Linked() bool
}

// Dealing is implemented by a joined table that can be handed over: it
// tells whether this device took the table over from a host that left.
type Dealing interface {
	Dealing() bool
}

// HandingOver is implemented by a joined table whose host may hand it
// over to another device at a hand boundary: it tells what this device
// knows of that.
type HandingOver interface {
	HandOver() HandOverNews
}

// HandOverNews is a host's hand-over as a joined device knows it.
type HandOverNews struct {
	// Announced is set once the host said it leaves after hand Hand.
	Announced bool
	Hand      int
	// Host is the player of the host's person (-1 for a host that played
	// no seat); Successor the player whose device deals on (-1 unknown).
	Host, Successor int
	// Mine says that this device deals on.
	Mine bool
	// Done is set once the table is handed over.
	Done bool
}

// link is a shared table's connection as a screen shows it.
type link struct {
	offline, dealing bool
	// handOver is the host's hand-over, as a joined device knows it.
	handOver HandOverNews
	// leaving is set on the host's own device once it chose to hand the
	// table over to player next.
	leaving bool
	next    int
	// hosting is set on the host's own device: it is told when someone is
	// guessing the PIN (table.Info.Guessing), which every device's
	// snapshots carry.
	hosting bool
	// sealed is set on a device seated at a sealed table (Sealing); late
	// while its match is under way without it (SealedLate).
	sealed, late bool
}

// linkOf reads t's connection.
func linkOf(t table.Table) link {
	var l link
	if x, ok := t.(Linked); ok {
		l.offline = !x.Linked()
	}
	if x, ok := t.(Dealing); ok {
		l.dealing = x.Dealing()
	}
	if x, ok := t.(HandingOver); ok {
		l.handOver = x.HandOver()
	}
	l.sealed, l.late = sealedLobby(t), sealedLate(t)
	return l
}

// polled takes what linkOf reads of the connection from p and keeps
// what this device set itself (hosting, leaving, next): a table that can
// move to another dealer (table.Switch) is polled on the host too.
func (l *link) polled(p link) {
	l.offline, l.dealing, l.handOver, l.sealed, l.late = p.offline, p.dealing, p.handOver, p.sealed, p.late
}

// handOverNotices say who leaves the table after this hand and who deals
// on, and, during the first hand after, who deals now.
func handOverNotices(in table.Info, name func(p int) string, l link) []notice {
	if in.Over {
		// The match ended first: nothing is handed over.
		return nil
	}
	if l.leaving {
		return []notice{{text: words.F("share.you_leave", map[string]any{"Name": name(l.next)}), imp: widget.WarningImportance}}
	}
	ho := l.handOver
	if !ho.Announced || ho.Successor < 0 {
		return nil
	}
	host := words.T("share.the_host")
	if ho.Host >= 0 {
		host = name(ho.Host)
	}
	args := map[string]any{"Host": host, "Name": name(ho.Successor)}
	switch {
	case !ho.Done && ho.Mine:
		return []notice{{text: words.F("share.leaving_me", args), imp: widget.WarningImportance}}
	case !ho.Done:
		return []notice{{text: words.F("share.leaving", args), imp: widget.WarningImportance}}
	case !l.dealing && in.Hand <= ho.Hand+1:
		return []notice{{text: words.F("share.handed", args), imp: widget.HighImportance}}
	}
	return nil
}

// linkPoll is how often a shared screen checks its connection.
const linkPoll = time.Second

// watchLink calls changed on the UI thread whenever t's connection to its
// dealer is lost or back, or this device takes the table over, until stop
// is closed. A table on this device has no connection to lose.
func watchLink(t table.Table, stop <-chan struct{}, changed func(link)) {
	if _, ok := t.(Linked); !ok {
		return
	}
	go func() {
		tick := time.NewTicker(linkPoll)
		defer tick.Stop()
		var was link
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
			}
			if now := linkOf(t); now != was {
				was = now
				fyne.Do(func() { changed(now) })
			}
		}
	}()
}
