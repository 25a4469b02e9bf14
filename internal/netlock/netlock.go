// Package netlock keeps a phone listening to multicast while the app looks
// for tables on the local network, or announces its own. Android drops
// multicast packets (and so mDNS discovery) unless the app holds a Wi-Fi
// MulticastLock, which also costs battery: the app's discovery
// (internal/netui) holds it only while it browses or advertises.
//
// A Lock counts: it is held from the first Acquire to the matching last
// Release, so browsing and advertising can each hold it. The device's lock
// is Multicast: on Android it is taken through Fyne's native access (the
// app must be running); everywhere else its platform calls do nothing.
package netlock

import (
	"errors"
	"sync"
)

// Lock is a counted hold on a platform lock.
type Lock struct {
	mu    sync.Mutex
	holds int
	// take and give are the platform's lock calls.
	take, give func() error
}

// New returns a lock that calls take when its first hold begins and give
// when its last hold ends. The app uses Multicast; tests give calls that
// stand in for the platform's.
func New(take, give func() error) *Lock {
	return &Lock{take: take, give: give}
}

// multicast is the device's one Wi-Fi multicast lock.
var multicast = New(platformTake, platformGive)

// Multicast returns the device's Wi-Fi multicast lock.
func Multicast() *Lock { return multicast }

// ErrNotHeld is returned by Release when every Acquire was already released.
var ErrNotHeld = errors.New("netlock: Release without a matching Acquire")

// Acquire holds the lock until the matching Release.
func (l *Lock) Acquire() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.holds == 0 {
		if err := l.take(); err != nil {
			return err
		}
	}
	l.holds++
	return nil
}

// Release gives back one Acquire; the last one lets the lock go.
func (l *Lock) Release() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.holds == 0 {
		return ErrNotHeld
	}
	if l.holds == 1 {
		if err := l.give(); err != nil {
			return err
		}
	}
	l.holds--
	return nil
}

// Held reports whether the lock is held.
func (l *Lock) Held() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.holds > 0
}
