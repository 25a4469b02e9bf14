package ui

import (
	"context"
	"errors"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// Network reaches the tables shared over the local network: a table dealt
// on this device and served to the phones around it, the tables found
// nearby, and the seat taken at one of them. main wires it to p2p; the ui
// knows only this interface and core/table.
type Network interface {
	// Host deals a table on this device and serves it; the table waits
	// in its lobby until Hosted.Start.
	Host(s HostSetup) (Hosted, error)
	// Browse reports the tables found on the local network as they are
	// found (a table again when its lobby changes) until ctx ends.
	Browse(ctx context.Context, found func(TableAd)) error
	// Lookup asks the table at a typed or scanned address what it is: a
	// multiaddr ending in /p2p/<id>, or ip:port.
	Lookup(ctx context.Context, addr string) (TableAd, error)
	// Join takes a seat at the table at addr (0–3, AnySeat, or
	// table.Spectator for the table-centre display) and returns the
	// table and the player given.
	Join(ctx context.Context, j JoinRequest) (table.Table, int, error)
}

// AnySeat asks a table for any free seat (or the one this device held).
const AnySeat = -2

// HostSetup is a shared table as the host screen sets it up.
type HostSetup struct {
	// Name is the table's name in the lobby.
	Name string
	// Rules, Options and Card are the game, as on the new-game screen.
	Rules   string
	Options map[string]string
	Card    string
	// PIN, when not empty, must be given by every device that joins.
	PIN string
	// Seats say who plays each player: SeatHuman is this device (at most
	// one), SeatRemote a phone that joins, SeatAI the computer.
	Seats [4]HostSeat
	// StandIn is how long a dropped player's seat waits before the
	// computer plays for it.
	StandIn time.Duration
	// Pace is how long the computer players think before they act.
	Pace time.Duration
	// TakeOverWait is how long the joined devices wait for this device
	// gone silent before one of them deals on, a majority agreeing (the
	// network's default when zero).
	TakeOverWait time.Duration
	// Sealed deals the table sealed (docs/sealed.md): no device, this one
	// included, sees another player's tiles; a device sees the hands of
	// the seats it plays, computer seats included (this device plays the
	// computer seats). Every device seated when it starts holds a key: at
	// least one phone must be.
	Sealed bool
}

// HostSeat is one seat of a hosted table.
type HostSeat struct {
	Kind  table.SeatKind
	Level string
	Name  string
}

// Hosted is a table dealt on this device.
type Hosted interface {
	// Table is the table itself, as this device plays or watches it.
	Table() table.Table
	// Addrs are the addresses other devices can type or scan to join,
	// the easiest to type first; with a PIN, each ends in "#" and the
	// table's key, which lets a device in without the PIN.
	Addrs() []string
	// Start deals the first hand.
	Start(ctx context.Context) error
	// SetPIN changes the table's PIN (when someone is guessing it:
	// table.Info.Guessing); the devices already let in stay in.
	SetPIN(pin string)
	// Successor is the player whose device would deal on if this device
	// left now, or -1 when none could (no phone is seated, or the match
	// has not started or is over): the table then ends with this device.
	Successor() int
	// HandOver leaves the table at the next hand boundary: the hand in
	// play is played to its end, then Successor's device deals on and the
	// others go to it; no hand is voided. done is called, on any
	// goroutine, once the table is handed over: this device may then close
	// it. It returns the successor.
	HandOver(done func()) (successor int, err error)
	// Announce starts (on) or stops announcing the table to the devices
	// that look for tables nearby. The table is announced from its
	// waiting room until it closes, while the app is in the foreground
	// (a phone that lost the table finds it again); otherwise it is
	// joined by its address. It fails where the network has no multicast.
	Announce(on bool) error
	// Close stops serving and closes the table.
	Close() error
}

// TableAd is a table found nearby, as its lobby describes it.
type TableAd struct {
	// Addr is the address to join it at.
	Addr  string
	Name  string
	Rules string
	// Free are the players whose seats a joiner may take.
	Free []int
	// PIN tells whether the table asks for a PIN.
	PIN bool
	// Hand is the hand being played (0 before the first deal).
	Hand int
	Over bool
	// Sealed tells that the table is sealed: no device sees another
	// player's tiles (HostSetup.Sealed).
	Sealed bool
}

// JoinRequest is what a joining device asks for.
type JoinRequest struct {
	Addr string
	PIN  string
	// Seat is 0–3, AnySeat, or table.Spectator.
	Seat int
	// Name is the person's name.
	Name string
}

// SetNetwork gives the app its network: the home screen then offers Host
// and Join. On a phone or tablet, discovery pauses while the app is in
// the background (Background, Foreground); a desktop window that loses
// the focus goes on.
func (a *App) SetNetwork(n Network) {
	a.share = &share{net: n}
	lc := a.fy.Lifecycle()
	lc.SetOnEnteredForeground(a.Foreground)
	if a.fy.Driver().Device().IsMobile() {
		lc.SetOnExitedForeground(a.Background)
	}
}

// Background pauses discovery, as when a phone puts the app in the
// background (which suspends it; Android would keep the multicast lock,
// and the battery it costs, for nothing): the join list stops looking and
// the table this device hosts is no longer announced.
func (a *App) Background() {
	if a.share == nil {
		return
	}
	if j := a.share.join; j != nil {
		j.pause()
	}
	if h := a.share.hosted; h != nil {
		_ = h.Announce(false)
	}
}

// Foreground resumes discovery paused by Background and shows a fresh
// snapshot of the shared table on screen, as when the app comes back to
// the foreground (phones suspend it in the background).
func (a *App) Foreground() {
	if a.share == nil {
		return
	}
	if j := a.share.join; j != nil {
		j.resume()
	}
	if h := a.share.hosted; h != nil {
		_ = h.Announce(true)
	}
	a.resyncShared()
}

// share is the app's shared-table state: the network, the table this
// device hosts (if any) and the centre display on screen.
type share struct {
	net    Network
	hosted Hosted
	centre *CentreScreen
	// rack is the rack-mode wrapper of the table screen, while one is on.
	rack *RackScreen
	// join is the join screen while it searches.
	join *JoinScreen
	// room is the hosted table's waiting room until it starts.
	room *waitingRoom
	// leaving is set once the host chose to hand the table over: the
	// successor's player.
	leaving *int
}

// errNoNetwork is returned when the app was given no network.
var errNoNetwork = errors.New("ui: this app has no network to share a table on")

// Hosted returns the table this device hosts, or nil.
func (a *App) Hosted() Hosted {
	if a.share == nil {
		return nil
	}
	return a.share.hosted
}

// Rack returns the rack-mode screen on show, or nil.
func (a *App) Rack() *RackScreen {
	if a.share == nil {
		return nil
	}
	return a.share.rack
}

// Centre returns the table-centre display on show, or nil.
func (a *App) Centre() *CentreScreen {
	if a.share == nil {
		return nil
	}
	return a.share.centre
}

// Joining returns the join screen on show, or nil.
func (a *App) Joining() *JoinScreen {
	if a.share == nil {
		return nil
	}
	return a.share.join
}

// sharedItems are the home screen's Host and Join buttons, when the app
// has a network.
func (a *App) sharedItems() []fyne.CanvasObject {
	if a.share == nil {
		return nil
	}
	return []fyne.CanvasObject{
		widget.NewButtonWithIcon(words.T("share.host"), theme.ComputerIcon(), a.ShowHost),
		widget.NewButtonWithIcon(words.T("share.join"), theme.SearchIcon(), a.ShowJoin),
	}
}

// leaveShared closes what a shared table left open: the centre display
// and the hosted table.
func (a *App) leaveShared() {
	if a.share == nil {
		return
	}
	if c := a.share.centre; c != nil {
		a.share.centre = nil
		c.Close()
	}
	if r := a.share.rack; r != nil {
		a.share.rack = nil
		r.close()
	}
	if r := a.share.room; r != nil {
		a.share.room = nil
		r.stop()
	}
	if j := a.share.join; j != nil {
		a.share.join = nil
		j.Close()
	}
	if h := a.share.hosted; h != nil {
		a.share.hosted = nil
		_ = h.Close()
	}
	a.share.leaving = nil
}

// openShared shows a shared table: the table-centre display for a
// spectator, rack mode for a seat. Coming back to the foreground asks the
// table for a fresh snapshot (Foreground).
func (a *App) openShared(t table.Table, player int) {
	a.closeGame()
	if player == table.Spectator {
		c, err := NewCentreScreen(a, t)
		if err != nil {
			dialog.ShowError(err, a.win)
			_ = t.Close()
			return
		}
		a.share.centre = c
		a.show(c.Content())
	} else {
		s, err := NewTableScreen(a, t, player)
		if err != nil {
			dialog.ShowError(err, a.win)
			_ = t.Close()
			return
		}
		s.shared = true
		a.screen = s
		a.share.rack = newRackScreen(s)
		a.show(s.Content())
		a.win.Canvas().SetOnTypedKey(s.typedKey)
	}
	if h := a.share.hosted; h != nil {
		a.guardHosted(h)
	}
}

// resyncShared shows a fresh snapshot of the shared table on screen.
func (a *App) resyncShared() {
	switch {
	case a.share == nil:
	case a.share.centre != nil:
		a.share.centre.resync()
	case a.screen != nil && a.screen.shared:
		a.screen.resync()
	}
}

// showAsked shows snap, a snapshot asked for, unless it is older than
// the one on screen: updates that came after it may have been shown while
// it was on its way, and showing it would take the screen back to a
// decision already made (and keep it there while the table waits for the
// next one).
func (s *TableScreen) showAsked(snap table.Snapshot) {
	if snap.Seq >= s.snap.Seq {
		s.showSnapshot(snap)
	}
}

// Dir is where the app keeps its files (the device's network identity
// too).
func (a *App) Dir() string { return a.dir }
