package netlock

import (
	"errors"
	"sync"
	"testing"
)

// fake is a Lock over platform calls that count, the take failing with
// takeErr when it is not nil.
func fake(takeErr error) (l *Lock, takes, gives *int) {
	takes, gives = new(int), new(int)
	l = New(func() error {
		if takeErr != nil {
			return takeErr
		}
		*takes++
		return nil
	}, func() error { *gives++; return nil })
	return l, takes, gives
}

func TestNestedHoldsTakeTheLockOnce(t *testing.T) {
	l, takes, gives := fake(nil)
	for range 3 {
		if err := l.Acquire(); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 3 {
		if !l.Held() {
			t.Fatalf("released too early, after %d releases", i)
		}
		if err := l.Release(); err != nil {
			t.Fatal(err)
		}
	}
	if l.Held() || *takes != 1 || *gives != 1 {
		t.Errorf("held %v, taken %d, given %d times; want free, once, once", l.Held(), *takes, *gives)
	}
	if err := l.Release(); !errors.Is(err, ErrNotHeld) {
		t.Errorf("extra Release: %v, want ErrNotHeld", err)
	}
}

func TestFailedTakeHoldsNothing(t *testing.T) {
	l, _, _ := fake(errors.New("no Wi-Fi"))
	if err := l.Acquire(); err == nil {
		t.Fatal("Acquire hid the platform's error")
	}
	if l.Held() {
		t.Error("a failed Acquire counts as a hold")
	}
}

func TestFailedGiveStaysHeld(t *testing.T) {
	l := New(func() error { return nil }, func() error { return errors.New("release refused") })
	if err := l.Acquire(); err != nil {
		t.Fatal(err)
	}
	if err := l.Release(); err == nil {
		t.Fatal("Release hid the platform's error")
	}
	if !l.Held() {
		t.Error("a lock the platform did not release is reported free")
	}
}

func TestConcurrentHolds(t *testing.T) {
	l, takes, gives := fake(nil)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 100 {
				if l.Acquire() == nil {
					_ = l.Release()
				}
			}
		})
	}
	wg.Wait()
	if l.Held() || *takes != *gives || *takes == 0 {
		t.Errorf("held %v after balanced calls, taken %d given %d", l.Held(), *takes, *gives)
	}
}

// TestMulticastOffAndroid checks the device's lock works where there is no
// platform lock.
func TestMulticastOffAndroid(t *testing.T) {
	l := Multicast()
	if err := l.Acquire(); err != nil {
		t.Fatal(err)
	}
	if !l.Held() {
		t.Error("the device's lock is not held after Acquire")
	}
	if err := l.Release(); err != nil {
		t.Fatal(err)
	}
	if l.Held() {
		t.Error("the device's lock is held after its Release")
	}
}
