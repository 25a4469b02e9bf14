package ui

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/internal/uitest"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// quietNet is a network where no table is ever found.
type quietNet struct{}

func (quietNet) Host(HostSetup) (Hosted, error) { return nil, errors.New("no hosting in this test") }
func (quietNet) Browse(ctx context.Context, _ func(TableAd)) error {
	<-ctx.Done()
	return nil
}
func (quietNet) Lookup(context.Context, string) (TableAd, error) {
	return TableAd{}, errors.New("nothing at that address")
}
func (quietNet) Join(context.Context, JoinRequest) (table.Table, int, error) {
	return nil, 0, errors.New("no table")
}

// TestNotices: a verified deal, a failed check (loud), a dropped player,
// a player the computer stands in for and the hands of this device that
// a newer dealer voided each get their notice; someone guessing the PIN,
// on the host's device only.
func TestNotices(t *testing.T) {
	newTestApp(t, noTables{}, fyne.NewSize(360, 640))
	yes, no := true, false
	name := func(p int) string { return []string{"Anne", "Bea", "Cal", "Dee"}[p] }
	in := table.Info{Verified: &yes}
	in.Seats[1] = table.SeatInfo{Kind: table.SeatRemote, Connected: false}
	in.Seats[2] = table.SeatInfo{Kind: table.SeatRemote, StandIn: true}
	in.Seats[3] = table.SeatInfo{Kind: table.SeatAI, Connected: true}
	got := notices(in, name, link{})
	want := []notice{
		{text: "Deal verified: nobody chose the wall", imp: widget.SuccessImportance},
		{text: "Bea dropped out: reconnecting…", imp: widget.WarningImportance},
		{text: "Cal is away: the computer plays for them until they are back", imp: widget.WarningImportance},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("notice %d is %+v, want %+v", i, got[i], want[i])
		}
	}
	in = table.Info{Verified: &no}
	if got := notices(in, name, link{}); len(got) != 1 || !got[0].loud || got[0].imp != widget.DangerImportance {
		t.Errorf("a failed deal check gives %+v; want one loud danger notice", got)
	}
	if got := notices(table.Info{}, name, link{offline: true}); len(got) != 1 || got[0].imp != widget.DangerImportance {
		t.Errorf("a lost connection gives %+v; want one danger notice", got)
	}
	guessed := table.Info{Guessing: 12}
	want = []notice{{text: "Someone is guessing the PIN: 12 wrong PINs so far. Give the table a new PIN; the players already seated stay.", imp: widget.DangerImportance, pin: true}}
	if got := notices(guessed, name, link{hosting: true}); len(got) != 1 || got[0] != want[0] {
		t.Errorf("someone guessing the PIN gives the host %+v; want %+v", got, want)
	}
	if got := notices(guessed, name, link{}); len(got) != 0 {
		t.Errorf("someone guessing the PIN gives a joined device %+v; want nothing (only the host may change the PIN)", got)
	}
	for _, c := range []struct {
		v    table.Voided
		want string
	}{
		{table.Voided{From: 2, To: 2, Term: 1}, "Another device deals this table now: hand 2, dealt on this device while it was cut off from the others, does not count"},
		{table.Voided{From: 2, To: 4, Term: 1}, "Another device deals this table now: hands 2 to 4, dealt on this device while it was cut off from the others, do not count"},
	} {
		if got := notices(table.Info{Voided: &c.v}, name, link{}); len(got) != 1 || got[0].text != c.want {
			t.Errorf("hands voided %+v give %+v; want %q", c.v, got, c.want)
		}
	}
}

// TestHandOverNotices: the host leaving says who deals next, on the
// host (its own words), on the successor and on the others; once handed
// over, the others read who deals now during the next hand, then no more.
func TestHandOverNotices(t *testing.T) {
	newTestApp(t, noTables{}, fyne.NewSize(360, 640))
	name := func(p int) string { return []string{"Anne", "Bea", "Cal", "Dee"}[p] }
	ho := HandOverNews{Announced: true, Hand: 2, Host: 0, Successor: 1}
	centreHost := ho
	centreHost.Host = -1
	mine := ho
	mine.Mine = true
	done := ho
	done.Done = true
	for _, tc := range []struct {
		what string
		hand int
		l    link
		want string
	}{
		{"the host itself", 2, link{leaving: true, next: 1}, "You leave after this hand; then Bea deals the table."},
		{"another phone", 2, link{handOver: ho}, "Anne leaves after this hand; then Bea deals the table."},
		{"another phone, a host with no seat", 2, link{handOver: centreHost}, "The host leaves after this hand; then Bea deals the table."},
		{"the successor", 2, link{handOver: mine}, "Anne leaves after this hand; then this device deals the table: keep the app open."},
		{"another phone, handed over", 3, link{handOver: done}, "Anne left; Bea now deals."},
		{"another phone, a hand later", 4, link{handOver: done}, ""},
		{"nothing announced", 2, link{}, ""},
	} {
		got := handOverNotices(table.Info{Hand: tc.hand}, name, tc.l)
		switch {
		case tc.want == "" && len(got) != 0:
			t.Errorf("%s: got %+v, want no notice", tc.what, got)
		case tc.want != "" && (len(got) != 1 || got[0].text != tc.want):
			t.Errorf("%s: got %+v, want %q", tc.what, got, tc.want)
		}
	}
	if got := handOverNotices(table.Info{Hand: 2, Over: true}, name, link{leaving: true, next: 1}); len(got) != 0 {
		t.Errorf("the match over before the hand-over: got %+v, want no notice", got)
	}
}

// TestJoinSaysNothingFound: with no table nearby, the join screen says so
// after a while and explains the address and QR fallbacks.
func TestJoinSaysNothingFound(t *testing.T) {
	a, w := newTestApp(t, noTables{}, fyne.NewSize(360, 640))
	a.SetNetwork(quietNet{})
	defer func(d time.Duration) { NothingFoundAfter = d }(NothingFoundAfter)
	NothingFoundAfter = time.Hour
	a.ShowJoin()
	j := a.Joining()
	j.nothingFound() // as the search does after NothingFoundAfter
	j.spin.Stop()
	uitest.Golden(t, "join-nothing-found.png", w.Canvas().Capture())
	a.ShowHome()
}

// TestLifecycleWiring: the app comes back to the foreground through
// Foreground everywhere; only on a phone or tablet does leaving it pause
// discovery (a desktop window that loses the focus goes on looking and
// announcing). The test driver is a desktop's.
func TestLifecycleWiring(t *testing.T) {
	a, _ := newTestApp(t, noTables{}, fyne.NewSize(360, 640))
	a.SetNetwork(quietNet{})
	lc, ok := a.fy.Lifecycle().(interface {
		OnEnteredForeground() func()
		OnExitedForeground() func()
	})
	if !ok {
		t.Fatalf("the test app's lifecycle %T gives no hooks", a.fy.Lifecycle())
	}
	if lc.OnEnteredForeground() == nil {
		t.Error("coming back to the foreground calls nothing")
	}
	if mobile, paused := a.fy.Driver().Device().IsMobile(), lc.OnExitedForeground() != nil; mobile != paused {
		t.Errorf("leaving the foreground pauses discovery: %v, on a mobile device: %v", paused, mobile)
	}
}

// TestCentreShowsTrouble: the table-centre display warns loudly when the
// deal failed its check and shows who dropped out, and it holds no tile
// of a concealed hand even when it is given one.
func TestCentreShowsTrouble(t *testing.T) {
	a, w := newTestApp(t, noTables{}, fyne.NewSize(1280, 800))
	a.SetNetwork(quietNet{})
	s := midHand()
	no := false
	s.Info.Verified = &no
	s.Info.Seats[1] = table.SeatInfo{Name: "Mei", Kind: table.SeatRemote}
	s.Info.Seats[2] = table.SeatInfo{Name: "Jun", Kind: table.SeatRemote, StandIn: true}
	a.openShared(newStillTable(s), table.Spectator)
	c := a.Centre()
	if c == nil {
		t.Fatal("no centre display")
	}
	public := map[tile.Kind]int{s.Last.Tile(): 1}
	for _, sv := range s.View.Seats {
		for _, d := range sv.Discards {
			public[d.Tile]++
		}
		for _, m := range sv.Melds {
			for _, k := range m.Tiles() {
				public[k]++
			}
		}
		for _, b := range sv.Bonus {
			public[b]++
		}
	}
	shown := map[tile.Kind]int{}
	for _, k := range c.Tiles() {
		shown[k]++
		if shown[k] > public[k] {
			t.Errorf("the centre shows %s more often than it lies open", k)
		}
	}
	if s.View.Phase != game.PhaseClaim {
		t.Fatal("the scene changed: want a claim window")
	}
	uitest.Golden(t, "centre-trouble.png", w.Canvas().Capture())
	a.ShowHome()
}

// TestHostScreen renders the host screen on a phone in English and French.
func TestHostScreen(t *testing.T) {
	defer func(f func() string) { newPIN = f }(newPIN)
	newPIN = func() string { return "4321" }
	for _, lang := range []string{"en", "fr"} {
		a, w := newTestApp(t, noTables{}, fyne.NewSize(360, 640))
		if err := words.Use(lang); err != nil {
			t.Fatal(err)
		}
		a.SetNetwork(quietNet{})
		a.ShowHost()
		uitest.Golden(t, "host-form-"+lang+".png", w.Canvas().Capture())
	}
	if err := words.Use("en"); err != nil {
		t.Fatal(err)
	}
}

// TestSharedNameLeavesTheSeatName: a device whose person never set a name
// sends none, so the other devices read "Player 2", not "You"; a name set
// in the settings travels.
func TestSharedNameLeavesTheSeatName(t *testing.T) {
	a, _ := newTestApp(t, Solo{}, fyne.NewSize(360, 640))
	if n := a.sharedName(); n != "" {
		t.Errorf("unset name sent as %q", n)
	}
	a.fy.Preferences().SetString(PrefName, "Anne")
	if n := a.sharedName(); n != "Anne" {
		t.Errorf("name sent as %q, want Anne", n)
	}
}

// TestAnAskedSnapshotNeverTakesTheScreenBack: a snapshot asked for (after
// the link came back, or the app came to the foreground) that arrives
// after later updates were shown is not shown: the rack and the table
// centre stay on the latest state instead of going back to a decision
// already made.
func TestAnAskedSnapshotNeverTakesTheScreenBack(t *testing.T) {
	a, _ := newTestApp(t, noTables{}, fyne.NewSize(360, 640))
	a.SetNetwork(quietNet{})
	old := midHand()
	now := midHand()
	v := *now.View
	v.StateID, v.Phase, v.Legal = v.StateID+1, game.PhaseTurn, nil
	now.Seq, now.View = old.Seq+1, &v
	for _, player := range []int{0, table.Spectator} {
		a.openShared(newStillTable(now), player)
		var shown uint64
		fyne.DoAndWait(func() {
			if player == table.Spectator {
				c := a.Centre()
				c.showAsked(old)
				shown = c.Snapshot().View.StateID
				c.showAsked(now)
			} else {
				s := a.Rack().Screen()
				s.showAsked(old)
				shown = s.Snapshot().View.StateID
				s.showAsked(now)
			}
		})
		if shown != v.StateID {
			t.Errorf("player %d: an older snapshot asked for took the screen back to state %d; want %d", player, shown, v.StateID)
		}
		fyne.DoAndWait(a.ShowHome)
	}
}

// TestShortAddr: the typed form of a join address is ip:port for TCP over
// IPv4, and the table's key stays on it.
func TestShortAddr(t *testing.T) {
	for in, want := range map[string]string{
		"/ip4/192.168.1.20/tcp/40123/p2p/12D3KooW":                  "192.168.1.20:40123",
		"/ip4/192.168.1.20/tcp/40123/p2p/12D3KooW#kitchentablekey2": "192.168.1.20:40123#kitchentablekey2",
		"/ip6/fe80::1/udp/4747/quic-v1/p2p/12D3KooW#k":              "/ip6/fe80::1/udp/4747/quic-v1/p2p/12D3KooW#k",
	} {
		if got := ShortAddr(in); got != want {
			t.Errorf("ShortAddr(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestWaitingRoomNamesTheComputer checks that the waiting room shows a
// computer seat by the name it has at the table, with its level, in
// English and French.
func TestWaitingRoomNamesTheComputer(t *testing.T) {
	for _, c := range []struct{ lang, want string }{
		{"en", "Lily (computer, intermediate)"},
		{"fr", "Margot (ordinateur, intermédiaire)"},
	} {
		if err := words.Use(c.lang); err != nil {
			t.Fatal(err)
		}
		if got := computerSeat(1, HostSeat{Kind: table.SeatAI, Level: "intermediate"}); got != c.want {
			t.Errorf("%s: computer seat 1 shows %q, want %q", c.lang, got, c.want)
		}
	}
	_ = words.Use("en")
}

// TestAddressFitsAPhone: the waiting room's keyed address, in large type,
// is no wider than a 360-dp phone (it pushed the whole room off the
// screen's right edge).
func TestAddressFitsAPhone(t *testing.T) {
	test.NewTempApp(t).Settings().SetTheme(uitest.Theme(theme.VariantLight))
	l := addressLine("192.168.1.20:40123#kitchentablekey2kitchentablekey2")
	if w := l.MinSize().Width; w > 360-2*theme.Padding() {
		t.Errorf("the address needs %v wide, more than a phone's 360", w)
	}
}

// TestCentreNamesComputers (issue 20): the table-centre display names a
// computer seat the host left unnamed as a solo table does
// (words.Computer), in the language, not by the table's "AI 3"; a name
// the host gave stays.
func TestCentreNamesComputers(t *testing.T) {
	a, _ := newTestApp(t, noTables{}, fyne.NewSize(1280, 800))
	a.SetNetwork(quietNet{})
	s := midHand()
	s.Info.Seats[2] = table.SeatInfo{Name: table.DefaultName(2, table.SeatAI), Kind: table.SeatAI}
	s.Info.Seats[3] = table.SeatInfo{Name: table.DefaultName(3, table.SeatAI), Kind: table.SeatAI}
	defer words.Use("en")
	for _, lang := range []string{"en", "fr"} {
		if err := words.Use(lang); err != nil {
			t.Fatal(err)
		}
		a.openShared(newStillTable(s), table.Spectator)
		c := a.Centre()
		if c == nil {
			t.Fatal("no centre display")
		}
		var texts []string
		walkObjects(c.Content(), func(o fyne.CanvasObject) {
			if x, ok := o.(*canvas.Text); ok {
				texts = append(texts, x.Text)
			}
		})
		all := strings.Join(texts, "\n")
		for _, want := range []string{words.Computer(2), words.Computer(3), s.Info.Seats[1].Name} {
			if !strings.Contains(all, want) {
				t.Errorf("%s: the centre does not name %q; it shows %q", lang, want, texts)
			}
		}
		for _, p := range []int{2, 3} {
			if bad := table.DefaultName(p, table.SeatAI); strings.Contains(all, bad) {
				t.Errorf("%s: the centre names a computer %q", lang, bad)
			}
		}
		a.ShowHome()
	}
}
