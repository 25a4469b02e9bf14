package netui_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/libp2p/go-libp2p/core/crypto"
	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/peer"
	mocknet "github.com/libp2p/go-libp2p/p2p/net/mock"
	ma "github.com/multiformats/go-multiaddr"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
	"github.com/fourwinds-mahjong/fourwinds/internal/netui"
	"github.com/fourwinds-mahjong/fourwinds/internal/uitest"
	"github.com/fourwinds-mahjong/fourwinds/p2p/dealer"
	fwhost "github.com/fourwinds-mahjong/fourwinds/p2p/host"
	"github.com/fourwinds-mahjong/fourwinds/ui"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

func TestMain(m *testing.M) {
	os.Setenv("LANG", "en_US.UTF-8")
	os.Exit(m.Run())
}

// lan is an in-memory local network: mocknet hosts, and a discovery that
// reports the tables advertised on it (mDNS itself is tested in
// p2p/discover).
type lan struct {
	mn      mocknet.Mocknet
	rng     *rand.Rand
	mu      sync.Mutex
	dealers map[peer.ID]peer.AddrInfo
	// deal deals the hosted tables (the fixed-seed deal by default).
	deal func(ui.HostSetup, func(context.Context, int) (wall.Seed, error)) (netui.Dealt, error)
	// takeOver is how long joined devices wait for a dealer gone away
	// before they hand its table over (the client's default when zero).
	takeOver time.Duration
}

func newLAN(t testing.TB) *lan {
	mn := mocknet.New()
	t.Cleanup(func() { mn.Close() })
	return &lan{mn: mn, rng: rand.New(rand.NewSource(1)), dealers: map[peer.ID]peer.AddrInfo{}, deal: deal}
}

// device adds a host with a fixed identity and address (so that the
// screenshots show the same address every run) and links it to the others.
func (l *lan) device(t testing.TB, addr string) host.Host {
	t.Helper()
	k, _, err := crypto.GenerateEd25519Key(l.rng)
	if err != nil {
		t.Fatal(err)
	}
	h, err := l.mn.AddPeer(k, ma.StringCast(addr))
	if err != nil {
		t.Fatal(err)
	}
	if err := l.mn.LinkAll(); err != nil {
		t.Fatal(err)
	}
	return h
}

type closer func()

func (c closer) Close() error { c(); return nil }

func (l *lan) advertise(h host.Host) (io.Closer, error) {
	l.mu.Lock()
	l.dealers[h.ID()] = peer.AddrInfo{ID: h.ID(), Addrs: h.Addrs()}
	l.mu.Unlock()
	return closer(func() {
		l.mu.Lock()
		delete(l.dealers, h.ID())
		l.mu.Unlock()
	}), nil
}

func (l *lan) browse(ctx context.Context, found func(peer.AddrInfo)) error {
	seen := map[peer.ID]bool{}
	for {
		l.mu.Lock()
		var infos []peer.AddrInfo
		for id, i := range l.dealers {
			if !seen[id] {
				seen[id] = true
				infos = append(infos, i)
			}
		}
		l.mu.Unlock()
		for _, i := range infos {
			found(i)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// deal deals a table with a fixed seed (for the screenshots) and
// computer players that act at once.
func deal(s ui.HostSetup, _ func(context.Context, int) (wall.Seed, error)) (netui.Dealt, error) {
	cfg := netui.LocalConfig(s, nil)
	cfg.Seed = "a table in the kitchen"
	cfg.Pace = 0
	t, err := table.NewLocal(cfg)
	if err != nil {
		return nil, err
	}
	return netui.Local{Local: t}, nil
}

// device is one app instance on the in-memory network.
type device struct {
	app *ui.App
	win fyne.Window
	h   host.Host
	net *netui.Network
	// state is the device's state directory (netui.Config.StateDir), on
	// the loopback only.
	state string
}

// tablet and phone are the two devices most tests put on the LAN.
func (l *lan) tablet(t *testing.T, fa fyne.App) *device {
	t.Helper()
	return l.app(t, fa, "/ip4/192.168.1.20/tcp/40123", tabletSize)
}

func (l *lan) phone(t *testing.T, fa fyne.App) *device {
	t.Helper()
	return l.app(t, fa, "/ip4/192.168.1.31/tcp/40555", phoneSize)
}

// hostCentre has d host the kitchen table (with pin, "" for none) as the
// table-centre display.
func hostCentre(t *testing.T, d *device, pin string) {
	t.Helper()
	var err error
	fyne.DoAndWait(func() { err = d.app.Host(kitchen(pin), table.Spectator) })
	if err != nil {
		t.Fatal(err)
	}
}

func (l *lan) app(t *testing.T, fa fyne.App, addr string, size fyne.Size) *device {
	t.Helper()
	h := l.device(t, addr)
	d := open(t, fa, size)
	d.h = h
	d.connect(netui.New(netui.Config{Host: h, Deal: l.deal, Browse: l.browse, Advertise: l.advertise, TakeOverAfter: l.takeOver, Key: func() string { return "kitchentablekey2" }}))
	return d
}

// open opens an app instance in a window of the given size, with no
// network yet (connect gives it one).
func open(t *testing.T, fa fyne.App, size fyne.Size) *device {
	t.Helper()
	w := test.NewTempWindow(t, nil)
	w.Resize(size)
	a := ui.New(fa, w, nil)
	// Leaving for home closes the device's tables before the next test
	// switches the language.
	t.Cleanup(func() { fyne.DoAndWait(a.ShowHome) })
	return &device{app: a, win: w}
}

// connect gives d's app its network, as main does.
func (d *device) connect(n *netui.Network) {
	d.net = n
	d.app.SetNetwork(n)
}

var (
	phoneSize  = fyne.NewSize(360, 640)
	tabletSize = fyne.NewSize(1280, 800)
)

// newApp is the Fyne test app the devices share, in language lang.
func newApp(t *testing.T, lang string) fyne.App {
	t.Helper()
	fa := test.NewTempApp(t)
	//lint:ignore SA1019 the screenshots show the light variant whatever the machine prefers.
	fa.Settings().SetTheme(theme.LightTheme())
	fa.Preferences().SetBool(ui.PrefAnimate, false) // still images must not catch a tile mid-flight
	if err := words.Use(lang); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { words.Use("en") })
	return fa
}

// waitFor polls cond on the UI thread until it holds, for up to 20 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	waitUpTo(t, 20*time.Second, what, cond)
}

// waitUpTo polls cond on the UI thread until it holds, for up to limit.
func waitUpTo(t *testing.T, limit time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		ok := false
		fyne.DoAndWait(func() { ok = cond() })
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("waited %s for %s", limit, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// kitchen is the table the tests host: a phone at seat 1 (player 0), the
// computer at the others, the host device as the table centre.
func kitchen(pin string) ui.HostSetup {
	s := ui.HostSetup{Name: "Kitchen table", Rules: "hongkong", PIN: pin, StandIn: time.Minute}
	s.Seats[0] = ui.HostSeat{Kind: table.SeatRemote}
	for p := 1; p < 4; p++ {
		s.Seats[p] = ui.HostSeat{Kind: table.SeatAI, Level: "intermediate"}
	}
	return s
}

// findTable shows the join screen on d and waits for a table in the list.
func findTable(t *testing.T, d *device) ui.TableAd {
	t.Helper()
	fyne.DoAndWait(d.app.ShowJoin)
	var ad ui.TableAd
	waitFor(t, "a table in the join list", func() bool {
		ts := d.app.Joining().Tables()
		if len(ts) > 0 {
			ad = ts[0]
		}
		return len(ts) > 0
	})
	return ad
}

// seated tells whether player p of the table d hosts has a device.
func seated(t *testing.T, d *device, p int) bool {
	t.Helper()
	s, err := d.app.Hosted().Table().Snapshot(context.Background(), table.Spectator)
	if err != nil {
		t.Fatal(err)
	}
	return s.Info.Seats[p].Connected
}

// choose is the phone's move: discard the drawn tile (or the first legal
// discard), pass a claim, or the first legal action. A window where
// passing is all the phone can do is answered by the screen itself.
func choose(v *game.View) (game.Action, bool) {
	if len(v.Legal) == 0 || len(v.Legal) == 1 && v.Legal[0].Type == game.ActPass {
		return game.Action{}, false
	}
	for _, a := range v.Legal {
		if a.Type == game.ActDiscard && a.Tile == v.Drawn && a.Declare == game.DeclNone {
			return a, true
		}
	}
	for _, a := range v.Legal {
		if a.Type == game.ActPass || a.Type == game.ActDiscard && a.Declare == game.DeclNone {
			return a, true
		}
	}
	return v.Legal[0], true
}

// publicTiles counts the tiles a spectator may see: discards, exposures
// and bonus tiles.
func publicTiles(s table.Snapshot) map[tile.Kind]int {
	n := map[tile.Kind]int{}
	for _, sv := range s.View.Seats {
		for _, d := range sv.Discards {
			n[d.Tile]++
		}
		for _, m := range sv.Melds {
			for _, k := range m.Tiles() {
				n[k]++
			}
		}
		for _, b := range sv.Bonus {
			n[b]++
		}
	}
	return n
}

// watchCentre checks after every snapshot the centre display shows that
// it was sent no concealed tile and that its widgets hold only public
// tiles; problems are reported at the end of the test.
func watchCentre(t *testing.T, c *ui.CentreScreen) (checked func() int) {
	var mu sync.Mutex
	var problems []string
	n := 0
	// discarded are the kinds discarded so far: the last discard, drawn
	// big in the middle as well, is one of them.
	discarded := map[tile.Kind]bool{}
	c.OnChange(func() {
		s := c.Snapshot()
		mu.Lock()
		defer mu.Unlock()
		n++
		if s.View == nil {
			return
		}
		if e := s.Last; e != nil && e.Type == game.EvDiscard {
			discarded[e.Tile()] = true
		}
		for _, sv := range s.View.Seats {
			for _, d := range sv.Discards {
				discarded[d.Tile] = true
			}
		}
		if s.View.Hand.Total() != 0 || s.View.Drawn != tile.None {
			problems = append(problems, fmt.Sprintf("the centre was sent concealed tiles: %v", s.View.Hand.Kinds()))
		}
		allowed := publicTiles(s)
		for k := range discarded {
			allowed[k]++
		}
		for k, c := range countKinds(c.Tiles()) {
			if c > allowed[k] {
				problems = append(problems, "the centre shows "+k.String()+" more often than it lies open")
			}
		}
	})
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, p := range problems {
			t.Error(p)
		}
	})
	return func() int {
		mu.Lock()
		defer mu.Unlock()
		return n
	}
}

func countKinds(ks []tile.Kind) map[tile.Kind]int {
	n := map[tile.Kind]int{}
	for _, k := range ks {
		n[k]++
	}
	return n
}

// playTurns makes the devices in rack mode play until stop says so about
// the first one's view, and returns the number of decisions it answered.
func playTurns(t *testing.T, stop func(v *game.View, decisions int) bool, racks ...*device) int {
	t.Helper()
	return playTurnsFor(t, 30*time.Second, stop, racks...)
}

// playTurnsFor is playTurns, giving up after limit instead of 30 s.
func playTurnsFor(t *testing.T, limit time.Duration, stop func(v *game.View, decisions int) bool, racks ...*device) int {
	t.Helper()
	answered := make([]uint64, len(racks))
	for i := range answered {
		answered[i] = ^uint64(0)
	}
	decisions := 0
	deadline := time.Now().Add(limit)
	for {
		for i, d := range racks {
			var snap table.Snapshot
			var s *ui.TableScreen
			fyne.DoAndWait(func() {
				if r := d.app.Rack(); r != nil {
					s = r.Screen()
					snap = s.Snapshot()
				}
			})
			if s == nil {
				t.Fatalf("device %d shows no rack", i)
			}
			v := snap.View
			if time.Now().After(deadline) {
				if v != nil {
					t.Fatalf("the hand stopped: device %d shows hand %d, state %d, phase %v, turn %v, legal %v (void: %q, problem: %q)",
						i, snap.Info.Hand, v.StateID, v.Phase, v.Turn, v.Legal, snap.Info.Void, snap.Info.Problem)
				}
				t.Fatal("the hand stopped before the first deal")
			}
			if i == 0 && v != nil && stop(v, decisions) {
				return decisions
			}
			if v != nil && v.StateID != answered[i] {
				if a, ok := choose(v); ok {
					answered[i] = v.StateID
					if i == 0 {
						decisions++
					}
					fyne.DoAndWait(func() { s.Play(a) })
				}
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// samePublic tells whether two views show the same public table: the
// wall, the turn, the phase and every discard.
func samePublic(a, b *game.View) bool {
	if a == nil || b == nil || a.WallLive != b.WallLive || a.Turn != b.Turn || a.Phase != b.Phase {
		return false
	}
	for w := range a.Seats {
		if len(a.Seats[w].Discards) != len(b.Seats[w].Discards) || len(a.Seats[w].Melds) != len(b.Seats[w].Melds) {
			return false
		}
	}
	return true
}

// handOver stops play at the end of the hand.
func handOver(v *game.View, _ int) bool { return v.Phase == game.PhaseEnd }

// TestPlayAroundARealTable: a tablet hosts and shows the table centre, a
// phone finds the table, joins and plays a whole hand in rack mode beside
// three computer players, the wall dealt from the devices' commit-reveal;
// the centre never holds a concealed tile, and after the hand the phone
// shows the deal verified, and so does the centre, as the phone told it.
func TestPlayAroundARealTable(t *testing.T) {
	fa := newApp(t, "en")
	l := newLAN(t)
	l.deal = netui.Deal
	tablet := l.tablet(t, fa)
	phone := l.phone(t, fa)

	hostCentre(t, tablet, "")
	ad := findTable(t, phone)
	if ad.Name != "Kitchen table" || ad.Rules != "hongkong" || ad.PIN || len(ad.Free) != 1 || ad.Free[0] != 0 {
		t.Fatalf("the join list shows %+v; want the kitchen table, hongkong, no PIN, seat 1 free", ad)
	}
	fyne.DoAndWait(func() { phone.app.Joining().Join(ui.JoinRequest{Addr: ad.Addr, Seat: 0, Name: "Anne"}) })
	waitFor(t, "the phone's rack", func() bool { return phone.app.Rack() != nil })
	fyne.DoAndWait(tablet.app.StartHosted)
	waitFor(t, "the table centre", func() bool { return tablet.app.Centre() != nil })
	var centre *ui.CentreScreen
	fyne.DoAndWait(func() { centre = tablet.app.Centre() })
	checked := watchCentre(t, centre)

	playTurns(t, handOver, phone)
	waitFor(t, "the centre at the end of the hand", func() bool {
		v := centre.Snapshot().View
		return v != nil && v.Phase == game.PhaseEnd
	})
	if checked() < 10 {
		t.Errorf("the centre showed %d snapshots in a whole hand", checked())
	}
	// The phone asks for a fresh snapshot, as it does coming back to the
	// foreground: the reveal follows the hand's end.
	var tb table.Table
	fyne.DoAndWait(func() { tb = phone.app.Rack().Screen().Table() })
	waitFor(t, "the deal verified on the phone", func() bool {
		s, err := tb.Snapshot(context.Background(), 0)
		return err == nil && s.Info.Verified != nil && *s.Info.Verified
	})
	// The phone told the dealer: the host's centre shows it too.
	waitFor(t, "the deal verified on the host's centre", func() bool {
		return slices.Contains(centre.Notices(), "Deal verified: nobody chose the wall")
	})
}

// TestHostPlaysToo: the host's own phone plays a seat in rack mode (its
// table is the dealer's own) while another phone plays a second seat, and
// both finish the hand.
func TestHostPlaysToo(t *testing.T) {
	fa := newApp(t, "en")
	l := newLAN(t)
	l.deal = netui.Deal
	host := l.app(t, fa, "/ip4/192.168.1.20/tcp/40123", phoneSize)
	phone := l.phone(t, fa)
	hostAnne(t, host, false)
	ad := findTable(t, phone)
	fyne.DoAndWait(func() { phone.app.Joining().Join(ui.JoinRequest{Addr: ad.Addr, Seat: ui.AnySeat, Name: "Bea"}) })
	waitFor(t, "the phone's rack", func() bool { return phone.app.Rack() != nil })
	waitFor(t, "the phone seated", func() bool { return seated(t, host, 1) })
	fyne.DoAndWait(host.app.StartHosted)
	waitFor(t, "the host's rack", func() bool { return host.app.Rack() != nil })
	playTurns(t, handOver, host, phone)
	waitFor(t, "the phone at the end of the hand", func() bool {
		v := phone.app.Rack().Screen().Snapshot().View
		return v != nil && v.Phase == game.PhaseEnd
	})
	if n := phone.app.Rack().Screen().Snapshot().Info.Seats[1].Name; n != "Bea" {
		t.Errorf("the phone's seat is called %q; want the name it gave, Bea", n)
	}
	// Home on the host's phone asks first; it may stay.
	fyne.DoAndWait(host.app.LeaveShared)
	shot(t, host.win, "leave-host-phone-en.png")
	tap(t, host.win, "Stay")
	if host.app.Hosted() == nil || host.app.Rack() == nil {
		t.Error("the host left its table though it chose to stay")
	}
	// The phone only joined: it is asked more lightly.
	fyne.DoAndWait(phone.app.LeaveShared)
	shot(t, phone.win, "leave-phone-en.png")
	tap(t, phone.win, "Leave")
	waitFor(t, "the phone at home", func() bool { return phone.app.Rack() == nil })
}

// hostAnne has d host the kitchen table (sealed or not) with Anne playing
// seat 1 on it and seat 2 a phone's.
func hostAnne(t *testing.T, d *device, sealed bool) {
	t.Helper()
	setup := kitchen("")
	setup.Sealed = sealed
	setup.Seats[0] = ui.HostSeat{Kind: table.SeatHuman, Name: "Anne"}
	setup.Seats[1] = ui.HostSeat{Kind: table.SeatRemote}
	var err error
	fyne.DoAndWait(func() { err = d.app.Host(setup, 0) })
	if err != nil {
		t.Fatal(err)
	}
}

// TestAJoinedCentreShowsTheDealVerified: a phone hosts and plays a seat;
// a tablet joins as the table centre. The centre takes no part in the
// deal's commit-reveal, but it is shown the commitments before the deal
// and the reveal after the hand: it checks them, deals the hand again from
// the seed and says "deal verified", never having held a concealed tile.
func TestAJoinedCentreShowsTheDealVerified(t *testing.T) {
	fa := newApp(t, "en")
	l := newLAN(t)
	l.deal = netui.Deal
	host := l.app(t, fa, "/ip4/192.168.1.20/tcp/40123", phoneSize)
	tablet := l.tablet(t, fa)
	setup := kitchen("")
	setup.Seats[0] = ui.HostSeat{Kind: table.SeatHuman, Name: "Anne"}
	var err error
	fyne.DoAndWait(func() { err = host.app.Host(setup, 0) })
	if err != nil {
		t.Fatal(err)
	}
	ad := findTable(t, tablet)
	fyne.DoAndWait(func() { tablet.app.Joining().Join(ui.JoinRequest{Addr: ad.Addr, Seat: table.Spectator}) })
	waitFor(t, "the table centre", func() bool { return tablet.app.Centre() != nil })
	var centre *ui.CentreScreen
	fyne.DoAndWait(func() { centre = tablet.app.Centre() })
	watchCentre(t, centre)
	fyne.DoAndWait(host.app.StartHosted)
	waitFor(t, "the host's rack", func() bool { return host.app.Rack() != nil })
	playTurns(t, handOver, host)
	waitFor(t, "the deal verified on the centre", func() bool {
		return slices.Contains(centre.Notices(), "Deal verified: nobody chose the wall")
	})
	shot(t, tablet.win, "table-centre-verified-en.png")
}

// shot writes w's image for make screenshots (FOURWINDS_SCREENSHOTS), for
// screens whose content changes from run to run (a wall dealt by the
// devices' commit-reveal): no golden image.
func shot(t *testing.T, w fyne.Window, name string) {
	t.Helper()
	if dir := os.Getenv("FOURWINDS_SCREENSHOTS"); dir != "" {
		uitest.WritePNG(t, filepath.Join(dir, name), settled(t, name, func() bool { return true }, w)[0])
	}
}

// TestHostLeaves: the tablet that dealt goes away for good mid-hand; the
// first seated phone takes the table over and says so, the other phone
// sits down at it again, and the hand (cut short, so dealt again) is
// played to its end.
func TestHostLeaves(t *testing.T) {
	l, tablet, anne, bea := twoPhonesAtTheCentre(t, 300*time.Millisecond, false, "", "")
	fyne.DoAndWait(tablet.app.StartHosted)
	playTurns(t, func(v *game.View, n int) bool { return n >= 3 || v.Phase == game.PhaseEnd }, anne, bea)

	for _, d := range []*device{anne, bea} {
		if err := l.mn.UnlinkPeers(d.h.ID(), tablet.h.ID()); err != nil {
			t.Fatal(err)
		}
		l.mn.DisconnectPeers(d.h.ID(), tablet.h.ID())
	}
	waitFor(t, "the first phone dealing", func() bool { return anne.app.Rack().Dealing() })
	// Back online is not enough: the second phone must sit down at the
	// table the first one deals, not at one of its own.
	waitFor(t, "the second phone seated again at the first phone's table", func() bool {
		return !bea.app.Rack().Offline() && anne.app.Rack().Screen().Snapshot().Info.Seats[1].Connected
	})
	playTurns(t, handOver, anne, bea)
	fyne.DoAndWait(func() {
		if bea.app.Rack().Dealing() {
			t.Error("the second phone deals a table of its own")
		}
	})
}

// TestSealedHostLeaves: the tablet that hosts a sealed table as its table
// centre goes away for good mid-hand; the first phone takes the table over
// and serves a fresh sealed session from its ledger (it plays the computer
// seats now), the other phone follows it there, and the hand cut short is
// dealt again, played to its end and audited on both phones.
func TestSealedHostLeaves(t *testing.T) {
	l, tablet, anne, bea := twoPhonesAtTheCentre(t, 300*time.Millisecond, true, "", "")
	fyne.DoAndWait(tablet.app.StartHosted)
	for _, d := range []*device{anne, bea} {
		waitUpTo(t, time.Minute, "a phone at the sealed match", func() bool { return d.app.Rack().Screen().Snapshot().Info.Sealed })
	}
	playTurnsFor(t, 2*time.Minute, func(v *game.View, n int) bool { return n >= 3 || v.Phase == game.PhaseEnd }, anne, bea)
	for _, d := range []*device{anne, bea} {
		if err := l.mn.UnlinkPeers(d.h.ID(), tablet.h.ID()); err != nil {
			t.Fatal(err)
		}
		l.mn.DisconnectPeers(d.h.ID(), tablet.h.ID())
	}
	waitFor(t, "the first phone dealing", func() bool { return anne.app.Rack().Dealing() })
	waitUpTo(t, time.Minute, "the hand dealt again at the first phone's session", func() bool {
		for _, d := range []*device{anne, bea} {
			s := d.app.Rack().Screen().Snapshot()
			if !s.Info.Sealed || s.View == nil || s.View.Phase == game.PhaseEnd || len(s.Info.History) != 0 || s.Info.Voided == nil {
				return false
			}
		}
		return true
	})
	playTurnsFor(t, 3*time.Minute, handOver, anne, bea)
	audited := words.T("share.audited")
	for p, d := range []*device{anne, bea} {
		waitUpTo(t, time.Minute, fmt.Sprintf("phone %d saying the hand was audited", p), func() bool {
			return slices.Contains(d.app.Rack().Notices(), audited)
		})
	}
	fyne.DoAndWait(func() {
		if bea.app.Rack().Dealing() {
			t.Error("the second phone deals a table of its own")
		}
	})
}

// TestSealedPhoneComesLate: the second phone is seated at a sealed table
// but cut off when the tablet, its table centre, starts the match: the
// first hand is dealt without it (the tablet's computer plays its seat)
// and the first phone plays it. Back, the second phone says it waits for
// the next deal (its notice, and the rack's line where a dealt hand says
// whose turn it is); hand 2 is dealt with its key, both phones play it, and
// both say it was audited.
func TestSealedPhoneComesLate(t *testing.T) {
	l, tablet, anne, bea := twoPhonesAtTheCentre(t, time.Hour, true, "Anne", "Bea")
	if err := l.mn.UnlinkPeers(bea.h.ID(), tablet.h.ID()); err != nil {
		t.Fatal(err)
	}
	l.mn.DisconnectPeers(bea.h.ID(), tablet.h.ID())
	waitFor(t, "the second phone cut off", func() bool { return !seated(t, tablet, 1) })
	fyne.DoAndWait(tablet.app.StartHosted)
	waitUpTo(t, time.Minute, "the first phone at the sealed match", func() bool { return anne.app.Rack().Screen().Snapshot().Info.Sealed })
	if _, err := l.mn.LinkPeers(bea.h.ID(), tablet.h.ID()); err != nil {
		t.Fatal(err)
	}
	late := words.T("share.sealed_late")
	waitUpTo(t, time.Minute, "the second phone waiting for the next deal", func() bool {
		return slices.Contains(bea.app.Rack().Notices(), late) && bea.app.Rack().Turn() == words.T("share.waiting_next_deal")
	})
	playTurnsFor(t, 2*time.Minute, handOver, anne)
	audited := words.T("share.audited")
	waitUpTo(t, time.Minute, "the first phone at the audited end of hand 1", func() bool {
		return slices.Contains(anne.app.Rack().Notices(), audited)
	})
	fyne.DoAndWait(func() { anne.app.Rack().Screen().NextHand() })
	waitUpTo(t, time.Minute, "hand 2 on both phones", func() bool {
		for _, d := range []*device{anne, bea} {
			s := d.app.Rack().Screen().Snapshot()
			if !s.Info.Sealed || s.View == nil || s.View.Number != 2 {
				return false
			}
		}
		return !slices.Contains(bea.app.Rack().Notices(), late)
	})
	playTurnsFor(t, 3*time.Minute, handOver, anne, bea)
	for p, d := range []*device{anne, bea} {
		waitUpTo(t, time.Minute, fmt.Sprintf("phone %d saying hand 2 was audited", p), func() bool {
			s := d.app.Rack().Screen().Snapshot()
			return s.View != nil && s.View.Number == 2 && slices.Contains(d.app.Rack().Notices(), audited)
		})
	}
}

// TestSealedHostHandsOver: the tablet that hosts a sealed table as its
// table centre asks to leave in the middle of hand 1 and hands the table
// over to the first phone. Hand 1 is played to its end and audited; once
// both phones ask for the next hand, the first phone deals hand 2 on a
// fresh sealed session, the second phone follows it there, hand 1 kept,
// and hand 2 is played to its end and audited on both.
func TestSealedHostHandsOver(t *testing.T) {
	_, tablet, anne, bea := twoPhonesAtTheCentre(t, time.Hour, true, "Anne", "Bea")
	fyne.DoAndWait(tablet.app.StartHosted)
	for _, d := range []*device{anne, bea} {
		waitUpTo(t, time.Minute, "a phone at the sealed match", func() bool { return d.app.Rack().Screen().Snapshot().Info.Sealed })
	}
	playTurnsFor(t, 2*time.Minute, func(v *game.View, n int) bool { return n >= 3 || v.Phase == game.PhaseEnd }, anne, bea)
	fyne.DoAndWait(tablet.app.LeaveShared)
	tap(t, tablet.win, "Hand over to Anne")
	waitFor(t, "the phones saying who deals next", func() bool {
		return slices.Contains(anne.app.Rack().Notices(), "The host leaves after this hand; then this device deals the table: keep the app open.") &&
			slices.Contains(bea.app.Rack().Notices(), "The host leaves after this hand; then Anne deals the table.")
	})
	playTurnsFor(t, 2*time.Minute, handOver, anne, bea)
	audited := words.T("share.audited")
	for _, d := range []*device{anne, bea} {
		waitUpTo(t, time.Minute, "a phone at the audited end of hand 1", func() bool {
			v := d.app.Rack().Screen().Snapshot().View
			return v != nil && v.Phase == game.PhaseEnd && slices.Contains(d.app.Rack().Notices(), audited)
		})
		fyne.DoAndWait(func() { d.app.Rack().Screen().NextHand() })
	}
	waitFor(t, "the first phone dealing", func() bool { return anne.app.Rack().Dealing() })
	waitFor(t, "the tablet at home", func() bool { return tablet.app.Hosted() == nil && tablet.app.Centre() == nil })
	waitUpTo(t, time.Minute, "hand 2 on both phones, at the first phone's session", func() bool {
		for _, d := range []*device{anne, bea} {
			s := d.app.Rack().Screen().Snapshot()
			if !s.Info.Sealed || s.View == nil || s.View.Number != 2 || len(s.Info.History) != 1 {
				return false
			}
		}
		return true
	})
	playTurnsFor(t, 3*time.Minute, handOver, anne, bea)
	for p, d := range []*device{anne, bea} {
		waitUpTo(t, time.Minute, fmt.Sprintf("phone %d saying hand 2 was audited", p), func() bool {
			s := d.app.Rack().Screen().Snapshot()
			return s.View != nil && s.View.Number == 2 && slices.Contains(d.app.Rack().Notices(), audited)
		})
	}
}

// TestHostHandsOver: the tablet that deals, as the table centre, asks to
// leave in the middle of hand 1. Home asks first; the host chooses to hand
// the table over to the first seated phone, and every screen says who
// leaves and who deals next. Hand 1 is played to its end on the tablet;
// once both phones ask for the next hand, the first phone deals hand 2 at
// once (the wait for a dealer gone quiet is an hour here) with hand 1 kept,
// the second phone sits down at it and says who deals now, and the tablet
// goes home saying who deals on.
func TestHostHandsOver(t *testing.T) {
	_, tablet, anne, bea := twoPhonesAtTheCentre(t, time.Hour, false, "Anne", "Bea")
	fyne.DoAndWait(tablet.app.StartHosted)
	playTurns(t, func(v *game.View, n int) bool { return n >= 3 || v.Phase == game.PhaseEnd }, anne, bea)

	fyne.DoAndWait(tablet.app.LeaveShared)
	tap(t, tablet.win, "Hand over to Anne")
	waitFor(t, "the centre saying the host leaves", func() bool {
		return slices.Contains(tablet.app.Centre().Notices(), "You leave after this hand; then Anne deals the table.")
	})
	waitFor(t, "the phones saying who deals next", func() bool {
		return slices.Contains(anne.app.Rack().Notices(), "The host leaves after this hand; then this device deals the table: keep the app open.") &&
			slices.Contains(bea.app.Rack().Notices(), "The host leaves after this hand; then Anne deals the table.")
	})
	shot(t, bea.win, "rack-host-leaving-en.png")
	playTurns(t, handOver, anne, bea)
	for _, d := range []*device{anne, bea} {
		waitFor(t, "a phone at the end of hand 1", func() bool {
			v := d.app.Rack().Screen().Snapshot().View
			return v != nil && v.Phase == game.PhaseEnd
		})
		fyne.DoAndWait(func() { d.app.Rack().Screen().NextHand() })
	}
	waitFor(t, "the first phone dealing", func() bool { return anne.app.Rack().Dealing() })
	waitFor(t, "the tablet at home, saying who deals on", func() bool {
		return tablet.app.Hosted() == nil && tablet.app.Centre() == nil &&
			slices.Contains(texts(tablet.win), "The game goes on without this device: Anne's device deals the table now.")
	})
	shot(t, tablet.win, "host-handed-over-en.png")
	waitFor(t, "hand 2 on the second phone, saying who deals now", func() bool {
		s := bea.app.Rack().Screen().Snapshot()
		return s.View != nil && s.View.Number == 2 && !bea.app.Rack().Offline() &&
			slices.Contains(bea.app.Rack().Notices(), "The host left; Anne now deals.")
	})
	shot(t, bea.win, "rack-handed-over-en.png")
	if h := bea.app.Rack().Screen().Snapshot().Info.History; len(h) != 1 {
		t.Errorf("hand 2 follows %d finished hands; want hand 1, kept", len(h))
	}
	playTurns(t, handOver, anne, bea)
}

// visit calls f on each object of w's top overlay (a dialog), or of its
// content when it has none, looking into containers, pop-ups, scrolls and
// cards. Call it on the UI thread.
func visit(w fyne.Window, f func(o fyne.CanvasObject)) {
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		f(o)
		switch x := o.(type) {
		case *widget.PopUp:
			walk(x.Content)
		case *container.Scroll:
			walk(x.Content)
		case *widget.Card:
			walk(x.Content)
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		}
	}
	if top := w.Canvas().Overlays().Top(); top != nil {
		walk(top)
	} else {
		walk(w.Content())
	}
}

// texts are the texts of the labels, buttons and canvas texts of w's top
// overlay (a dialog), or of its content when it has none.
func texts(w fyne.Window) []string {
	var out []string
	visit(w, func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *widget.Label:
			out = append(out, x.Text)
		case interface{ Text() string }: // a label wrapped at spaces only
			out = append(out, x.Text())
		case *widget.Button:
			out = append(out, x.Text)
		case *canvas.Text:
			out = append(out, x.Text)
		}
	})
	return out
}

// tap taps the first button that reads text on w's top overlay (a
// dialog), or on its content when it has none, waiting up to 20 s for it.
// It waits because Fyne's test driver has no UI thread: fyne.Do runs on
// the caller's goroutine, so a screen the network rebuilds (a banner
// shows a notice, then the button beside it) can be seen half built.
func tap(t *testing.T, w fyne.Window, text string) {
	t.Helper()
	var found *widget.Button
	var shown []string
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		fyne.DoAndWait(func() {
			visit(w, func(o fyne.CanvasObject) {
				if b, ok := o.(*widget.Button); ok && b.Text == text && found == nil {
					found = b
				}
			})
			if found == nil {
				shown = texts(w)
			}
		})
		if found != nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the window shows no button %q (it shows %q)", text, shown)
		}
	}
	test.Tap(found)
}

// TestJoinWithPIN: a table with a PIN refuses a wrong one and seats the
// right one.
func TestJoinWithPIN(t *testing.T) {
	fa := newApp(t, "en")
	l := newLAN(t)
	tablet := l.tablet(t, fa)
	phone := l.phone(t, fa)
	hostCentre(t, tablet, "4321")
	ad := findTable(t, phone)
	if !ad.PIN {
		t.Fatalf("the join list shows %+v; want a PIN asked", ad)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, _, err := phone.net.Join(ctx, ui.JoinRequest{Addr: ad.Addr, PIN: "1234", Seat: ui.AnySeat})
	var re *table.RefusedError
	if !errors.As(err, &re) || re.Reason != table.ReasonBadPIN {
		t.Fatalf("a wrong PIN gave %v; want a bad-pin refusal", err)
	}
	fyne.DoAndWait(func() { phone.app.Joining().Join(ui.JoinRequest{Addr: ad.Addr, PIN: "4321", Seat: ui.AnySeat}) })
	waitFor(t, "the phone's rack", func() bool { return phone.app.Rack() != nil })
	waitFor(t, "the phone seated in the waiting room", func() bool { return seated(t, tablet, 0) })
}

// TestSomeoneGuessesThePIN: two strangers give ten wrong PINs between
// them; the host's waiting room says that someone is guessing the PIN,
// and its New PIN button gives the table a new PIN, which seats a phone
// at once, while the address with the table's key (the QR code's) needs
// no PIN at all.
func TestSomeoneGuessesThePIN(t *testing.T) {
	fa := newApp(t, "en")
	l := newLAN(t)
	tablet := l.tablet(t, fa)
	hostCentre(t, tablet, "4321")
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var strangers []*device
	for i, addr := range []string{"/ip4/192.168.1.66/tcp/40666", "/ip4/192.168.1.67/tcp/40667"} {
		d := l.app(t, fa, addr, phoneSize)
		strangers = append(strangers, d)
		ad := findTable(t, d)
		for range dealer.FreeTries {
			_, _, err := d.net.Join(ctx, ui.JoinRequest{Addr: ad.Addr, PIN: fmt.Sprint(1000 + i), Seat: table.Spectator})
			var re *table.RefusedError
			if !errors.As(err, &re) || re.Reason != table.ReasonBadPIN {
				t.Fatalf("a wrong PIN gave %v", err)
			}
		}
	}
	warning := func() bool {
		return slices.ContainsFunc(texts(tablet.win), func(s string) bool { return strings.Contains(s, "Someone is guessing the PIN") })
	}
	waitFor(t, "the waiting room's warning", warning)
	tap(t, tablet.win, "New PIN")
	waitFor(t, "the warning gone", func() bool { return !warning() })
	var pin string
	fyne.DoAndWait(func() {
		for _, s := range texts(tablet.win) {
			if p, ok := strings.CutPrefix(s, "PIN: "); ok {
				pin = p
			}
		}
	})
	if pin == "" || pin == "4321" {
		t.Fatalf("the waiting room shows the PIN %q after New PIN", pin)
	}
	ad := findTable(t, strangers[1])
	if _, _, err := strangers[1].net.Join(ctx, ui.JoinRequest{Addr: ad.Addr, PIN: pin, Seat: table.Spectator}); err != nil {
		t.Fatalf("the new PIN: %v", err)
	}
	keyed := tablet.app.Hosted().Addrs()[0]
	phone := l.phone(t, fa)
	ad, err := phone.net.Lookup(ctx, keyed)
	if err != nil || ad.PIN || !strings.HasSuffix(ad.Addr, "#kitchentablekey2") {
		t.Fatalf("looking up %s gave %+v, %v; want the key kept and no PIN asked", keyed, ad, err)
	}
	if _, p, err := phone.net.Join(ctx, ui.JoinRequest{Addr: ad.Addr, Seat: ui.AnySeat, Name: "Anne"}); err != nil || p != 0 {
		t.Fatalf("joining by the keyed address: player %d, %v", p, err)
	}
}

// TestSomeoneGuessesThePINDuringPlay: the host plays a seat; once the
// game has started, two strangers give ten wrong PINs between them. The
// host's table screen says that someone is guessing the PIN (the joined
// phone's does not: only the host may change it), and its New PIN button
// gives the table a new PIN, shown in a dialog, which lets a device in.
// The seated phone stays connected throughout.
func TestSomeoneGuessesThePINDuringPlay(t *testing.T) {
	fa := newApp(t, "en")
	l := newLAN(t)
	host := l.app(t, fa, "/ip4/192.168.1.20/tcp/40123", phoneSize)
	phone := l.phone(t, fa)
	setup := kitchen("4321")
	setup.Seats[0] = ui.HostSeat{Kind: table.SeatHuman, Name: "Anne"}
	setup.Seats[1] = ui.HostSeat{Kind: table.SeatRemote}
	var err error
	fyne.DoAndWait(func() { err = host.app.Host(setup, 0) })
	if err != nil {
		t.Fatal(err)
	}
	ad := findTable(t, phone)
	fyne.DoAndWait(func() {
		phone.app.Joining().Join(ui.JoinRequest{Addr: ad.Addr, PIN: "4321", Seat: ui.AnySeat, Name: "Bea"})
	})
	waitFor(t, "the phone seated", func() bool { return seated(t, host, 1) })
	fyne.DoAndWait(host.app.StartHosted)
	waitFor(t, "the host's rack", func() bool { return host.app.Rack() != nil })
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var strangers []*device
	for i, addr := range []string{"/ip4/192.168.1.66/tcp/40666", "/ip4/192.168.1.67/tcp/40667"} {
		d := l.app(t, fa, addr, phoneSize)
		strangers = append(strangers, d)
		for range dealer.FreeTries {
			_, _, err := d.net.Join(ctx, ui.JoinRequest{Addr: ad.Addr, PIN: fmt.Sprint(1000 + i), Seat: table.Spectator})
			var re *table.RefusedError
			if !errors.As(err, &re) || re.Reason != table.ReasonBadPIN {
				t.Fatalf("a wrong PIN gave %v", err)
			}
		}
	}
	guessing := func(d *device) func() bool {
		return func() bool {
			return slices.ContainsFunc(texts(d.win), func(s string) bool { return strings.Contains(s, "Someone is guessing the PIN: 10 wrong PINs") })
		}
	}
	waitFor(t, "the warning on the host's table screen", guessing(host))
	if guessing(phone)() {
		t.Error("the joined phone says that someone is guessing the PIN; only the host can change it")
	}
	tap(t, host.win, "New PIN")
	waitFor(t, "the warning gone", func() bool { return !guessing(host)() })
	var pin string
	waitFor(t, "the new PIN shown", func() bool {
		for _, s := range texts(host.win) {
			if p, ok := strings.CutPrefix(s, "The table's PIN is now "); ok {
				pin, _, _ = strings.Cut(p, ";")
			}
		}
		return pin != ""
	})
	if pin == "4321" || len(pin) != 4 {
		t.Fatalf("the new PIN shown is %q", pin)
	}
	if _, _, err := strangers[1].net.Join(ctx, ui.JoinRequest{Addr: ad.Addr, PIN: pin, Seat: table.Spectator}); err != nil {
		t.Fatalf("the new PIN: %v", err)
	}
	if !seated(t, host, 1) {
		t.Error("the seated phone was dropped")
	}
}

// TestLookupByAddress: a table is found by its typed address when
// discovery finds nothing.
func TestLookupByAddress(t *testing.T) {
	fa := newApp(t, "en")
	l := newLAN(t)
	tablet := l.tablet(t, fa)
	phone := l.phone(t, fa)
	hostCentre(t, tablet, "")
	addr := tablet.app.Hosted().Addrs()[0]
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ad, err := phone.net.Lookup(ctx, addr)
	if err != nil || ad.Name != "Kitchen table" {
		t.Fatalf("looking up %s gave %+v, %v", addr, ad, err)
	}
}

// TestDropAndRejoin: a phone that drops is shown on the centre as
// reconnecting, then played by the computer; it comes back to the same
// seat and plays the hand to its end.
func TestDropAndRejoin(t *testing.T) {
	fa := newApp(t, "en")
	l := newLAN(t)
	tablet := l.tablet(t, fa)
	phone := l.phone(t, fa)
	setup := kitchen("")
	setup.StandIn = 0
	var err error
	fyne.DoAndWait(func() { err = tablet.app.Host(setup, table.Spectator) })
	if err != nil {
		t.Fatal(err)
	}
	ad := findTable(t, phone)
	fyne.DoAndWait(func() { phone.app.Joining().Join(ui.JoinRequest{Addr: ad.Addr, Seat: 0}) })
	waitFor(t, "the phone's rack", func() bool { return phone.app.Rack() != nil })
	fyne.DoAndWait(tablet.app.StartHosted)
	waitFor(t, "the table centre", func() bool { return tablet.app.Centre() != nil })
	var centre *ui.CentreScreen
	fyne.DoAndWait(func() { centre = tablet.app.Centre() })
	watchCentre(t, centre)
	playTurns(t, func(v *game.View, n int) bool { return n >= 3 || v.Phase == game.PhaseEnd }, phone)

	if err := l.mn.UnlinkPeers(phone.h.ID(), tablet.h.ID()); err != nil {
		t.Fatal(err)
	}
	l.mn.DisconnectPeers(phone.h.ID(), tablet.h.ID())
	waitFor(t, "the computer standing in for the phone", func() bool {
		return centre.Snapshot().Info.Seats[0].StandIn
	})
	waitFor(t, "the phone saying it lost the table", func() bool { return phone.app.Rack().Offline() })
	if _, err := l.mn.LinkPeers(phone.h.ID(), tablet.h.ID()); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the phone back at its seat", func() bool {
		s := centre.Snapshot().Info.Seats[0]
		return s.Connected && !s.StandIn && !phone.app.Rack().Offline()
	})
	playTurns(t, handOver, phone)
}

// screenshot captures w; the golden image in testdata is compared (or
// rewritten with -update), and with FOURWINDS_SCREENSHOTS set the PNG is
// written there too (make screenshots).
func screenshot(t *testing.T, w fyne.Window, name string) {
	t.Helper()
	golden(t, name, settled(t, name, func() bool { return true }, w)[0])
}

// settled waits until cond holds and the windows' captures are the same
// twice in a row, and returns them. Fyne's test driver runs fyne.Do on
// the goroutine that calls it (there is no UI thread in tests): a capture
// taken while a table update is being drawn by the screen's own goroutine
// shows the screen half redrawn, with the state before.
func settled(t *testing.T, what string, cond func() bool, ws ...fyne.Window) []image.Image {
	t.Helper()
	var last []image.Image
	deadline := time.Now().Add(20 * time.Second)
	for {
		var now []image.Image
		fyne.DoAndWait(func() {
			if cond() {
				for _, w := range ws {
					now = append(now, w.Canvas().Capture())
				}
			}
		})
		if now != nil && last != nil && slices.EqualFunc(now, last, sameImage) {
			return now
		}
		last = now
		if time.Now().After(deadline) {
			t.Fatalf("waited 20 s for %s, drawn through", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// sameImage tells whether two captures are the same picture.
func sameImage(a, b image.Image) bool {
	x, ok1 := a.(*image.NRGBA)
	y, ok2 := b.(*image.NRGBA)
	return ok1 && ok2 && x.Rect == y.Rect && bytes.Equal(x.Pix, y.Pix)
}

// golden compares img with testdata/name (see screenshot).
func golden(t *testing.T, name string, img image.Image) {
	t.Helper()
	if dir := os.Getenv("FOURWINDS_SCREENSHOTS"); dir != "" {
		uitest.WritePNG(t, filepath.Join(dir, name), img)
	}
	uitest.Golden(t, name, img)
}

// TestSharedScreenshots renders the join list and rack mode on a phone,
// the waiting room and the table-centre display on a tablet, mid-hand, in
// English and French.
func TestSharedScreenshots(t *testing.T) {
	for _, lang := range []string{"en", "fr"} {
		t.Run(lang, func(t *testing.T) {
			fa := newApp(t, lang)
			l := newLAN(t)
			tablet := l.tablet(t, fa)
			phone := l.phone(t, fa)
			hostCentre(t, tablet, "4321")
			ad := findTable(t, phone)
			screenshot(t, phone.win, "join-list-"+lang+".png")
			fyne.DoAndWait(func() { phone.app.Joining().Join(ui.JoinRequest{Addr: ad.Addr, PIN: "4321", Seat: 0, Name: "Anne"}) })
			waitFor(t, "the phone's rack", func() bool { return phone.app.Rack() != nil })
			waitFor(t, "the phone seated", func() bool { return seated(t, tablet, 0) })
			screenshot(t, tablet.win, "waiting-room-"+lang+".png")
			fyne.DoAndWait(tablet.app.StartHosted)
			waitFor(t, "the table centre", func() bool { return tablet.app.Centre() != nil })
			var centre *ui.CentreScreen
			fyne.DoAndWait(func() { centre = tablet.app.Centre() })
			// shown is the view the centre has finished drawing.
			var shown atomic.Pointer[game.View]
			centre.OnChange(func() { shown.Store(centre.Snapshot().View) })
			playTurns(t, func(v *game.View, n int) bool {
				_, decide := choose(v)
				return n >= 5 && decide || v.Phase == game.PhaseEnd
			}, phone)
			// The table waits for the phone's decision: once both screens
			// show it and are drawn through, nothing changes them.
			shots := settled(t, "the phone's strip and the centre to catch up", func() bool {
				r := phone.app.Rack()
				return r.Turn() == words.T("share.your_turn") && samePublic(shown.Load(), r.Screen().Snapshot().View)
			}, phone.win, tablet.win)
			golden(t, "rack-mode-"+lang+".png", shots[0])
			golden(t, "table-centre-"+lang+".png", shots[1])
			var full image.Image
			fyne.DoAndWait(func() {
				phone.app.Rack().Toggle()
				full = phone.win.Canvas().Capture()
			})
			golden(t, "rack-full-table-"+lang+".png", full)
			// Home on the host asks whether to hand the table over.
			fyne.DoAndWait(tablet.app.LeaveShared)
			screenshot(t, tablet.win, "leave-host-"+lang+".png")
			tap(t, tablet.win, words.T("share.leave.stay"))
		})
	}
}

// TestTwoDevicesOnLoopback: two real libp2p hosts on this machine (as
// two app instances are) host and join by the ip:port the waiting room
// shows, over TCP on the loopback interface only.
func TestTwoDevicesOnLoopback(t *testing.T) {
	fa := newApp(t, "en")
	warned := make(chan error, 4)
	devices := loopback(t, fa, deal, func(err error) { warned <- err }, tabletSize, tabletSize)
	tablet, phone := devices[0], devices[1]
	hostCentre(t, tablet, "")
	select {
	case err := <-warned:
		if !errors.Is(err, errNoMulticast) {
			t.Errorf("the host was warned %v, want the advertising error", err)
		}
	default:
		t.Error("a table that could not be advertised was not reported")
	}
	addrs := tablet.app.Hosted().Addrs()
	if len(addrs) == 0 {
		t.Fatal("the hosted table shows no address")
	}
	short := ui.ShortAddr(addrs[0])
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ad, err := phone.net.Lookup(ctx, short)
	if err != nil || ad.Name != "Kitchen table" {
		t.Fatalf("looking up %s gave %+v, %v", short, ad, err)
	}
	tb, player, err := phone.net.Join(ctx, ui.JoinRequest{Addr: short, Seat: ui.AnySeat, Name: "Anne"})
	if err != nil || player != 0 {
		t.Fatalf("joining %s gave player %d, %v; want player 0", short, player, err)
	}
	tb.Close()
}

// errNoMulticast is the advertising error of the loopback devices.
var errNoMulticast = errors.New("no multicast in tests")

// loopback opens app instances in windows of the given sizes, each with a
// real libp2p host on the loopback interface only, dealing with deal; they
// find no table nearby and cannot advertise theirs (warn is told so): they
// join by address.
func loopback(t *testing.T, fa fyne.App, deal func(ui.HostSetup, func(context.Context, int) (wall.Seed, error)) (netui.Dealt, error), warn func(error), sizes ...fyne.Size) []*device {
	t.Helper()
	none := func(context.Context, func(peer.AddrInfo)) error { return nil }
	quiet := func(host.Host) (io.Closer, error) { return nil, errNoMulticast }
	devices := make([]*device, len(sizes))
	for i := range devices {
		k, _, err := crypto.GenerateEd25519Key(nil)
		if err != nil {
			t.Fatal(err)
		}
		h, err := fwhost.New(k, []string{"/ip4/127.0.0.1/tcp/0"})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { h.Close() })
		devices[i] = open(t, fa, sizes[i])
		devices[i].h, devices[i].state = h, t.TempDir()
		devices[i].connect(netui.New(netui.Config{Host: h, Deal: deal, Browse: none, Advertise: quiet, Warn: warn, StateDir: devices[i].state}))
	}
	return devices
}

// BenchmarkRejoin measures a phone taking its seat again at a hosted
// table over the in-memory network: dial, hello, welcome with the
// snapshot, then leaving.
func BenchmarkRejoin(b *testing.B) {
	l := newLAN(b)
	dealerNet := netui.New(netui.Config{Host: l.device(b, "/ip4/192.168.1.20/tcp/40123"), Deal: deal, Browse: l.browse, Advertise: l.advertise})
	phone := netui.New(netui.Config{Host: l.device(b, "/ip4/192.168.1.31/tcp/40555"), Deal: deal, Browse: l.browse, Advertise: l.advertise})
	h, err := dealerNet.Host(kitchen(""))
	if err != nil {
		b.Fatal(err)
	}
	defer h.Close()
	ctx := context.Background()
	if err := h.Start(ctx); err != nil {
		b.Fatal(err)
	}
	req := ui.JoinRequest{Addr: h.Addrs()[0], Seat: 0, Name: "Anne"}
	for b.Loop() {
		tb, _, err := phone.Join(ctx, req)
		if err != nil {
			b.Fatal(err)
		}
		tb.Close()
	}
}

// twoPhonesAtTheCentre hosts the kitchen table on a tablet, as the table
// centre, with two phones seated at players 0 and 1 under the names given
// ("" for an unnamed device), the devices taking the table over after
// takeOver; the first deal is left to the test.
func twoPhonesAtTheCentre(t *testing.T, takeOver time.Duration, sealed bool, names ...string) (l *lan, tablet, anne, bea *device) {
	t.Helper()
	fa := newApp(t, "en")
	l = newLAN(t)
	l.deal = netui.Deal
	l.takeOver = takeOver
	tablet = l.tablet(t, fa)
	anne = l.phone(t, fa)
	bea = l.app(t, fa, "/ip4/192.168.1.32/tcp/40556", phoneSize)
	setup := kitchen("")
	setup.Seats[1] = ui.HostSeat{Kind: table.SeatRemote}
	setup.Sealed = sealed
	var err error
	fyne.DoAndWait(func() { err = tablet.app.Host(setup, table.Spectator) })
	if err != nil {
		t.Fatal(err)
	}
	for p, d := range []*device{anne, bea} {
		ad := findTable(t, d)
		fyne.DoAndWait(func() { d.app.Joining().Join(ui.JoinRequest{Addr: ad.Addr, Seat: p, Name: names[p]}) })
		waitFor(t, "a phone's rack", func() bool { return d.app.Rack() != nil })
		waitFor(t, "a phone seated", func() bool { return seated(t, tablet, p) })
	}
	return l, tablet, anne, bea
}
