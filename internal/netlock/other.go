//go:build !android || !cgo

package netlock

// Only Android filters multicast (and Fyne on Android always builds with
// cgo): elsewhere there is nothing to hold.
func platformTake() error { return nil }
func platformGive() error { return nil }
