package netui_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/internal/netnstest"
	"github.com/fourwinds-mahjong/fourwinds/internal/netui"
	"github.com/fourwinds-mahjong/fourwinds/ui"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// The environment of an app instance TestTwoAppsAtARealTable starts:
// instanceEnv is its part, "centre" or "rack"; doneEnv a file the test
// writes once it has heard both ends, for the rack to leave the table.
const (
	instanceEnv = "FOURWINDS_TWO_APPS"
	doneEnv     = "FOURWINDS_TWO_APPS_DONE"
)

// TestTwoAppsAtARealTable: two app instances, each its own process in a
// network namespace of its own on a private bridge, as two machines on a
// LAN, each with the real libp2p host, mDNS and deal main gives the app
// (netui.OpenDevice). The tablet hosts the kitchen table as the table
// centre beside three computer players; the phone finds it in its join
// list by mDNS alone, taps it and its Join button, and plays the whole
// hand in rack mode. The centre never holds a concealed tile and shows
// the hand's end and the deal verified; both end at the same result.
func TestTwoAppsAtARealTable(t *testing.T) {
	netnstest.NeedRoot(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ns := netnstest.New(t, 2)
	done := filepath.Join(t.TempDir(), "done")
	start := func(i int, part string) *netnstest.Proc {
		env := []string{instanceEnv + "=" + part, doneEnv + "=" + done, "TMPDIR=" + t.TempDir()}
		return ns.Start(t, i, part, env, self, "-test.run=^TestTwoAppsInstance$", "-test.timeout=2m")
	}
	centre := start(0, "centre")
	var rack *netnstest.Proc
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("the centre's output:\n%s", centre.Log())
			if rack != nil {
				t.Logf("the rack's output:\n%s", rack.Log())
			}
		}
	})
	centre.Await(t, "hosting", nil, 20*time.Second)
	rack = start(1, "rack")
	found := rack.Await(t, "found", nil, 30*time.Second)
	if addr, _ := found["addr"].(string); !strings.HasPrefix(addr, "/ip4/"+netnstest.Addr(0)+"/") {
		t.Errorf("the phone found the table at %q; want the tablet's address on the LAN, %s", addr, netnstest.Addr(0))
	}
	rack.Await(t, "seated", nil, 20*time.Second)
	centre.Await(t, "started", nil, 20*time.Second)
	rackEnd := rack.Await(t, "end", nil, 60*time.Second)
	centreEnd := centre.Await(t, "end", nil, 20*time.Second)
	if err := os.WriteFile(done, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	rack.Exit(t, 20*time.Second)
	centre.Exit(t, 20*time.Second)
	result, _ := rackEnd["result"].(map[string]any)
	t.Logf("the phone played %v decisions, the centre showed %v snapshots; both ended with winner %v, net %v, balances %v",
		rackEnd["decisions"], centreEnd["snapshots"], result["winner"], result["net"], rackEnd["balances"])
	if rackEnd["result"] == nil {
		t.Errorf("the phone ended with no hand result: %v", rackEnd)
	}
	if fmt.Sprint(rackEnd["result"]) != fmt.Sprint(centreEnd["result"]) || fmt.Sprint(rackEnd["balances"]) != fmt.Sprint(centreEnd["balances"]) {
		t.Errorf("the phone ended at %v, %v; the centre at %v, %v", rackEnd["result"], rackEnd["balances"], centreEnd["result"], centreEnd["balances"])
	}
	if n, _ := centreEnd["snapshots"].(float64); n < 10 {
		t.Errorf("the centre showed %v snapshots in a whole hand", n)
	}
}

// TestTwoAppsInstance is one app instance of TestTwoAppsAtARealTable, run
// in its own process; it says how far it got in JSON lines on stdout.
func TestTwoAppsInstance(t *testing.T) {
	part := os.Getenv(instanceEnv)
	if part == "" {
		t.Skip("an app instance of TestTwoAppsAtARealTable, run by it in a network namespace")
	}
	fa := newApp(t, "en")
	size := tabletSize
	if part == "rack" {
		size = phoneSize
		fa.Preferences().SetString(ui.PrefName, "Anne")
	}
	d := open(t, fa, size)
	// The network main gives the app.
	n, err := netui.OpenDevice(d.app.Dir())
	if err != nil {
		t.Fatal(err)
	}
	d.connect(n)
	switch part {
	case "centre":
		playCentre(t, d)
	case "rack":
		playRack(t, d)
	default:
		t.Fatalf("%s=%q; want centre or rack", instanceEnv, part)
	}
}

// say prints one JSON line for the test that started this instance.
func say(t *testing.T, typ string, fields map[string]any) {
	t.Helper()
	line := map[string]any{"type": typ}
	for k, v := range fields {
		line[k] = v
	}
	b, err := json.Marshal(line)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("%s\n", b)
}

// ending is what both instances say at the hand's end.
func ending(s table.Snapshot) map[string]any {
	return map[string]any{"result": s.View.Result, "balances": s.Info.Balances}
}

// playCentre hosts the kitchen table as the table centre, starts it with
// the waiting room's button once the phone is seated, and watches the
// whole hand.
func playCentre(t *testing.T, d *device) {
	hostCentre(t, d, "")
	say(t, "hosting", map[string]any{"addrs": d.app.Hosted().Addrs()})
	waitFor(t, "the phone seated", func() bool { return seated(t, d, 0) })
	tap(t, d.win, "Start the game")
	waitFor(t, "the table centre", func() bool { return d.app.Centre() != nil })
	var centre *ui.CentreScreen
	fyne.DoAndWait(func() { centre = d.app.Centre() })
	checked := watchCentre(t, centre)
	say(t, "started", nil)
	var end table.Snapshot
	waitUpTo(t, time.Minute, "the centre at the end of the hand", func() bool {
		end = centre.Snapshot()
		return end.View != nil && end.View.Phase == game.PhaseEnd
	})
	waitFor(t, "the centre showing the hand over and the deal verified", func() bool {
		shown := texts(d.win)
		return slices.Contains(shown, words.T("share.hand_over")) &&
			slices.Contains(centre.Notices(), "Deal verified: nobody chose the wall")
	})
	e := ending(end)
	e["snapshots"] = checked()
	say(t, "end", e)
	stay(t)
}

// playRack finds the table in the join list, taps it and its Join
// button, and plays the whole hand in rack mode.
func playRack(t *testing.T, d *device) {
	ad := findTable(t, d)
	say(t, "found", map[string]any{"addr": ad.Addr, "name": ad.Name})
	tap(t, d.win, "Join")
	// The form asks for the seat: the first free one is chosen.
	waitFor(t, "the join form", func() bool { return d.win.Canvas().Overlays().Top() != nil })
	tap(t, d.win, "Join")
	waitFor(t, "the phone's rack", func() bool { return d.app.Rack() != nil })
	say(t, "seated", nil)
	decisions := playTurns(t, handOver, d)
	var tb table.Table
	fyne.DoAndWait(func() { tb = d.app.Rack().Screen().Table() })
	var end table.Snapshot
	waitFor(t, "the deal verified on the phone", func() bool {
		s, err := tb.Snapshot(context.Background(), 0)
		end = s
		return err == nil && s.Info.Verified != nil && *s.Info.Verified
	})
	if name := end.Info.Seats[0].Name; name != "Anne" {
		t.Errorf("the phone's seat is called %q; want its person's name, Anne", name)
	}
	e := ending(end)
	e["decisions"] = decisions
	say(t, "end", e)
	stay(t)
}

// stay keeps the instance at the table until the test has heard both
// ends: the centre deals the table the phone asks about.
func stay(t *testing.T) {
	t.Helper()
	waitFor(t, "the test to hear both ends", func() bool {
		_, err := os.Stat(os.Getenv(doneEnv))
		return err == nil
	})
}

// TestSealedHandOnLoopback (issue 22): three app instances, each with a
// real libp2p host on the loopback interface. Anne's phone hosts a sealed
// table and plays seat 1 beside two computer players; Bea's phone learns
// that the table is sealed before it sits (the lookup, then its lobby's
// banner), takes seat 2, and a tablet joins as the table centre; the host
// starts. Both phones play a whole hand in rack mode, each device refused
// the other's seat; at the hand's end both sheets and both banners say
// the hand was audited. The centre follows the next hand, never holding a
// concealed tile.
func TestSealedHandOnLoopback(t *testing.T) {
	fa := newApp(t, "en")
	devices := loopback(t, fa, netui.Deal, func(error) {}, phoneSize, phoneSize, tabletSize)
	host, phone, tablet := devices[0], devices[1], devices[2]
	hostAnne(t, host, true)
	addr := ui.ShortAddr(host.app.Hosted().Addrs()[0])
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if ad, err := phone.net.Lookup(ctx, addr); err != nil || !ad.Sealed {
		t.Fatalf("looking up the sealed table gave %+v, %v; want it sealed", ad, err)
	}
	fyne.DoAndWait(func() {
		phone.app.ShowJoin()
		phone.app.Joining().Join(ui.JoinRequest{Addr: addr, Seat: ui.AnySeat, Name: "Bea"})
	})
	waitFor(t, "the phone's rack", func() bool { return phone.app.Rack() != nil })
	lobby := words.T("share.sealed") + ": " + words.T("share.sealed_what")
	waitFor(t, "the phone's lobby saying the table is sealed", func() bool { return slices.Contains(phone.app.Rack().Notices(), lobby) })
	waitFor(t, "the phone seated", func() bool { return seated(t, host, 1) })
	fyne.DoAndWait(func() {
		tablet.app.ShowJoin()
		tablet.app.Joining().Join(ui.JoinRequest{Addr: addr, Seat: table.Spectator})
	})
	waitFor(t, "the table centre", func() bool { return tablet.app.Centre() != nil })
	fyne.DoAndWait(host.app.StartHosted)
	waitFor(t, "the host's rack", func() bool { return host.app.Rack() != nil })
	waitUpTo(t, time.Minute, "the phone at the sealed match", func() bool { return phone.app.Rack().Screen().Snapshot().Info.Sealed })
	for p, d := range []*device{host, phone} {
		var tb table.Table
		fyne.DoAndWait(func() { tb = d.app.Rack().Screen().Table() })
		var re *table.RefusedError
		if _, err := tb.Snapshot(ctx, 1-p); !errors.As(err, &re) || re.Reason != table.ReasonNotYours {
			t.Errorf("device %d was shown player %d's seat (%v); want it refused as another device's", p, 1-p, err)
		}
	}
	// The phone keeps its key of the deal, for its app to rejoin from if
	// it is started again (the table centre holds none).
	var keys []string
	waitFor(t, "the phone keeping its key", func() bool {
		keys, _ = filepath.Glob(filepath.Join(phone.state, "sealed-*.key"))
		return len(keys) > 0
	})
	if fi, err := os.Stat(strings.Join(keys, "")); len(keys) != 1 || err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the phone keeps the key files %v (%v); want one, mode 0600", keys, err)
	}
	if keys, _ := filepath.Glob(filepath.Join(tablet.state, "sealed-*.key")); len(keys) != 0 {
		t.Errorf("the table centre keeps the key files %v; it holds no key", keys)
	}
	playTurnsFor(t, 3*time.Minute, handOver, host, phone)
	audited := words.T("share.audited")
	for p, d := range []*device{host, phone} {
		waitUpTo(t, time.Minute, fmt.Sprintf("device %d saying the hand was audited", p), func() bool {
			return slices.Contains(d.app.Rack().Notices(), audited) && slices.Contains(texts(d.win), audited)
		})
	}
	shot(t, phone.win, "sealed-sheet-en.png")
	// A centre that came once the first deal had begun follows the match
	// from the next hand, the public view only.
	var centre *ui.CentreScreen
	fyne.DoAndWait(func() { centre = tablet.app.Centre() })
	watchCentre(t, centre)
	for _, d := range []*device{host, phone} {
		fyne.DoAndWait(d.app.Rack().Screen().NextHand)
	}
	waitUpTo(t, time.Minute, "the centre at the sealed match's second hand", func() bool {
		s := centre.Snapshot()
		return s.Info.Sealed && s.View != nil && s.Info.Hand == 2
	})
}

// TestSealedTableCentreHosts: the tablet that hosts a sealed table as its
// table centre holds a key and plays the three computer seats, and shows
// only the public view; the phone plays its seat, and after the hand both
// say it was audited.
func TestSealedTableCentreHosts(t *testing.T) {
	fa := newApp(t, "en")
	devices := loopback(t, fa, netui.Deal, func(error) {}, tabletSize, phoneSize)
	tablet, phone := devices[0], devices[1]
	setup := kitchen("")
	setup.Sealed = true
	var err error
	fyne.DoAndWait(func() { err = tablet.app.Host(setup, table.Spectator) })
	if err != nil {
		t.Fatal(err)
	}
	fyne.DoAndWait(func() {
		phone.app.ShowJoin()
		phone.app.Joining().Join(ui.JoinRequest{Addr: ui.ShortAddr(tablet.app.Hosted().Addrs()[0]), Seat: ui.AnySeat, Name: "Anne"})
	})
	waitFor(t, "the phone seated", func() bool { return phone.app.Rack() != nil && seated(t, tablet, 0) })
	fyne.DoAndWait(tablet.app.StartHosted)
	// The centre shows once the sealed match's first deal is under way
	// (keys and shuffles): on a loaded machine that takes longer than
	// waitFor's 20 s.
	waitUpTo(t, time.Minute, "the table centre", func() bool { return tablet.app.Centre() != nil })
	var centre *ui.CentreScreen
	fyne.DoAndWait(func() { centre = tablet.app.Centre() })
	watchCentre(t, centre)
	playTurnsFor(t, 3*time.Minute, handOver, phone)
	audited := words.T("share.audited")
	waitUpTo(t, time.Minute, "the phone and the centre saying the hand was audited", func() bool {
		return slices.Contains(phone.app.Rack().Notices(), audited) && slices.Contains(centre.Notices(), audited)
	})
	if s := centre.Snapshot(); !s.Info.Sealed {
		t.Error("the host's table centre does not show the sealed match")
	}
}
