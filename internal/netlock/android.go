//go:build android && cgo

package netlock

import (
	"errors"

	"fyne.io/fyne/v2/driver"

	"github.com/fourwinds-mahjong/fourwinds/internal/netlock/wifi"
)

// lock is the held Java MulticastLock (a JNI global reference), or 0.
var lock uintptr

// platformTake creates and acquires a MulticastLock on the app's JVM.
func platformTake() error {
	return driver.RunNative(func(ctx any) error {
		ac, ok := ctx.(*driver.AndroidContext)
		if !ok {
			return errors.New("netlock: Fyne gave no Android context (is the app running?)")
		}
		l, err := wifi.AcquireMulticast(ac.Env, ac.Ctx, "fourwinds")
		if err != nil {
			return err
		}
		lock = l
		return nil
	})
}

// platformGive releases the MulticastLock and frees its reference.
func platformGive() error {
	return driver.RunNative(func(ctx any) error {
		ac, ok := ctx.(*driver.AndroidContext)
		if !ok {
			return errors.New("netlock: Fyne gave no Android context (is the app running?)")
		}
		err := wifi.ReleaseMulticast(ac.Env, lock)
		lock = 0
		return err
	})
}
