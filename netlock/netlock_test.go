package netlock

import (
	"errors"
	"sync"
	"testing"
)

// fake counts the platform calls in place of the real lock.
func fake(t *testing.T, takeErr error) (takes, gives *int) {
	t.Helper()
	takes, gives = new(int), new(int)
	oldTake, oldGive := take, give
	take = func() error {
		if takeErr != nil {
			return takeErr
		}
		*takes++
		return nil
	}
	give = func() error { *gives++; return nil }
	t.Cleanup(func() { take, give, holds = oldTake, oldGive, 0 })
	return takes, gives
}

func TestNestedHoldsTakeTheLockOnce(t *testing.T) {
	takes, gives := fake(t, nil)
	for range 3 {
		if err := Acquire(); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 3 {
		if !Held() {
			t.Fatalf("released too early, after %d releases", i)
		}
		if err := Release(); err != nil {
			t.Fatal(err)
		}
	}
	if Held() || *takes != 1 || *gives != 1 {
		t.Errorf("held %v, taken %d, given %d times; want free, once, once", Held(), *takes, *gives)
	}
	if err := Release(); !errors.Is(err, ErrNotHeld) {
		t.Errorf("extra Release: %v, want ErrNotHeld", err)
	}
}

func TestFailedTakeHoldsNothing(t *testing.T) {
	fake(t, errors.New("no Wi-Fi"))
	if err := Acquire(); err == nil {
		t.Fatal("Acquire hid the platform's error")
	}
	if Held() {
		t.Error("a failed Acquire counts as a hold")
	}
}

func TestConcurrentHolds(t *testing.T) {
	takes, gives := fake(t, nil)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 100 {
				if Acquire() == nil {
					_ = Release()
				}
			}
		})
	}
	wg.Wait()
	if Held() || *takes != *gives {
		t.Errorf("held %v after balanced calls, taken %d given %d", Held(), *takes, *gives)
	}
}

// TestRealLockOffAndroid checks the calls work where there is no lock.
func TestRealLockOffAndroid(t *testing.T) {
	if err := Acquire(); err != nil {
		t.Fatal(err)
	}
	if err := Release(); err != nil {
		t.Fatal(err)
	}
}
