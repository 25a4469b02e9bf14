package netui_test

import (
	"errors"
	"io"
	"sync/atomic"
	"testing"

	"fyne.io/fyne/v2"
	"github.com/libp2p/go-libp2p/core/host"

	"github.com/fourwinds-mahjong/fourwinds/internal/netlock"
	"github.com/fourwinds-mahjong/fourwinds/internal/netui"
	"github.com/fourwinds-mahjong/fourwinds/ui"
)

// platformLock stands in for Android's Wi-Fi MulticastLock: it counts the
// platform's acquire and release calls.
type platformLock struct{ takes, gives atomic.Int32 }

// lock is a multicast lock over p's calls.
func (p *platformLock) lock() *netlock.Lock {
	return netlock.New(func() error { p.takes.Add(1); return nil }, func() error { p.gives.Add(1); return nil })
}

// is checks that the platform lock was taken and given back the times
// given, and that it is held or free accordingly, waiting for it (a
// search lets the lock go once its browsing returns).
func (p *platformLock) is(t *testing.T, when string, takes, gives int32) {
	t.Helper()
	waitFor(t, when, func() bool { return p.takes.Load() == takes && p.gives.Load() == gives })
}

// connectLocked gives d a network on l holding the multicast lock of p.
func (l *lan) connectLocked(t *testing.T, d *device, addr string, p *platformLock) {
	t.Helper()
	d.h = l.device(t, addr)
	d.connect(netui.New(netui.Config{Host: d.h, Deal: l.deal, Browse: l.browse, Advertise: l.advertise, Lock: p.lock()}))
}

// lifecycle puts d's app in the background (foreground false) or back,
// as a phone's system does through Fyne's lifecycle hooks.
func lifecycle(d *device, foreground bool) {
	if foreground {
		fyne.DoAndWait(d.app.Foreground)
	} else {
		fyne.DoAndWait(d.app.Background)
	}
}

// advertised tells whether d's table is announced on the LAN.
func (l *lan) advertised(d *device) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, ok := l.dealers[d.h.ID()]
	return ok
}

// TestDiscoveryHoldsTheMulticastLock: with Android's platform calls
// replaced, the multicast lock is held exactly while the tablet's waiting
// room announces the table, and while the table is played (a phone that
// lost it finds it again), and while the phone's join list looks for
// tables; each lets it go when the app leaves the foreground and takes it
// again when the app comes back, and lets it go for good when it closes
// (the phone joins, the host goes home).
func TestDiscoveryHoldsTheMulticastLock(t *testing.T) {
	fa := newApp(t, "en")
	l := newLAN(t)
	var tabletLock, phoneLock platformLock

	tablet := open(t, fa, tabletSize)
	l.connectLocked(t, tablet, "/ip4/192.168.1.20/tcp/40123", &tabletLock)
	tabletLock.is(t, "the tablet's lock untouched before hosting", 0, 0)
	hostCentre(t, tablet, "")
	tabletLock.is(t, "the lock taken by the waiting room", 1, 0)
	if !l.advertised(tablet) {
		t.Fatal("the waiting room does not announce the table")
	}
	lifecycle(tablet, false)
	tabletLock.is(t, "the lock given back in the background", 1, 1)
	if l.advertised(tablet) {
		t.Error("the table is still announced in the background")
	}
	lifecycle(tablet, true)
	tabletLock.is(t, "the lock taken again in the foreground", 2, 1)
	if !l.advertised(tablet) {
		t.Error("the table is not announced again in the foreground")
	}

	phone := open(t, fa, phoneSize)
	l.connectLocked(t, phone, "/ip4/192.168.1.31/tcp/40555", &phoneLock)
	ad := findTable(t, phone)
	phoneLock.is(t, "the lock taken by the join list", 1, 0)
	lifecycle(phone, false)
	phoneLock.is(t, "the lock given back in the background", 1, 1)
	lifecycle(phone, true)
	phoneLock.is(t, "the lock taken again in the foreground", 2, 1)
	fyne.DoAndWait(func() { phone.app.Joining().Join(ui.JoinRequest{Addr: ad.Addr, Seat: 0}) })
	waitFor(t, "the phone's rack", func() bool { return phone.app.Rack() != nil })
	phoneLock.is(t, "the lock given back once the phone joined", 2, 2)
	lifecycle(phone, false)
	lifecycle(phone, true)
	phoneLock.is(t, "the lock left alone at the table", 2, 2)

	waitFor(t, "the phone seated", func() bool { return seated(t, tablet, 0) })
	fyne.DoAndWait(tablet.app.StartHosted)
	waitFor(t, "the table centre", func() bool { return tablet.app.Centre() != nil })
	tabletLock.is(t, "the lock kept while the table is played", 2, 1)
	if !l.advertised(tablet) {
		t.Error("the table is no longer announced once started")
	}
	lifecycle(tablet, false)
	tabletLock.is(t, "the lock given back in the background during play", 2, 2)
	lifecycle(tablet, true)
	tabletLock.is(t, "the lock taken again in the foreground during play", 3, 2)
	fyne.DoAndWait(func() { tablet.app.ShowHome() })
	tabletLock.is(t, "the lock given back once the host left the table", 3, 3)
	if l.advertised(tablet) {
		t.Error("the table is still announced after its host left")
	}
}

// TestAnnounceFailureHoldsNoLock: a network where the table cannot be
// announced says so and leaves the multicast lock free.
func TestAnnounceFailureHoldsNoLock(t *testing.T) {
	l := newLAN(t)
	var p platformLock
	noMulticast := errors.New("no network interface is up with multicast")
	n := netui.New(netui.Config{Host: l.device(t, "/ip4/192.168.1.20/tcp/40123"), Deal: deal, Browse: l.browse,
		Advertise: func(host.Host) (io.Closer, error) { return nil, noMulticast }, Lock: p.lock()})
	h, err := n.Host(kitchen(""))
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if err := h.Announce(true); !errors.Is(err, noMulticast) {
		t.Errorf("Announce on a network without multicast: %v, want %v", err, noMulticast)
	}
	if p.takes.Load() != p.gives.Load() {
		t.Errorf("the lock was taken %d times and given back %d times", p.takes.Load(), p.gives.Load())
	}
}
