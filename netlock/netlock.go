// Package netlock keeps a phone listening to multicast while the app looks
// for tables on the local network. Android drops multicast packets (and so
// mDNS discovery) unless the app holds a Wi-Fi MulticastLock, which also
// costs battery: hold it only while discovering.
//
// Acquire and Release count: the lock is held from the first Acquire to
// the matching last Release, so the UI and the network code can each hold
// it. On Android the lock is taken through Fyne's native access (the app
// must be running); everywhere else both calls only count.
package netlock

import (
	"errors"
	"sync"
)

var (
	mu    sync.Mutex
	holds int
	// take and give are the platform's lock calls, replaced by tests.
	take, give = platformTake, platformGive
)

// ErrNotHeld is returned by Release when every Acquire was already released.
var ErrNotHeld = errors.New("netlock: Release without a matching Acquire")

// Acquire holds the multicast lock until the matching Release.
func Acquire() error {
	mu.Lock()
	defer mu.Unlock()
	if holds == 0 {
		if err := take(); err != nil {
			return err
		}
	}
	holds++
	return nil
}

// Release gives back one Acquire; the last one lets the lock go.
func Release() error {
	mu.Lock()
	defer mu.Unlock()
	if holds == 0 {
		return ErrNotHeld
	}
	if holds == 1 {
		if err := give(); err != nil {
			return err
		}
	}
	holds--
	return nil
}

// Held reports whether the lock is held.
func Held() bool {
	mu.Lock()
	defer mu.Unlock()
	return holds > 0
}
