//go:build !ci && (cgo || darwin || windows)

package sound

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// ready reports whether the device is open.
func (d *device) ready() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.ctx != nil
}

// TestTheDevicePlaysTheCue plays a cue through the real audio library and
// ALSA, with ALSA's default device written to a file (no speakers
// needed): the device writes silence until the cue is played, then sound.
func TestTheDevicePlaysTheCue(t *testing.T) {
	home := t.TempDir()
	capture := filepath.Join(home, "capture.raw")
	rc := `pcm.!default { type file; slave.pcm "null"; file "` + capture + `"; format "raw" }` + "\n"
	if err := os.WriteFile(filepath.Join(home, ".asoundrc"), []byte(rc), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", home)
	out := Device().(*device)
	deadline := time.Now().Add(20 * time.Second)
	for !out.ready() {
		if time.Now().After(deadline) {
			t.Fatal("the audio device did not open in 20 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
	// The null device takes samples as fast as they come: read the file
	// as it grows, and stop as soon as the answer is known.
	f, err := os.Open(capture)
	if err != nil {
		t.Fatalf("ALSA wrote no capture file: %v", err)
	}
	defer f.Close()
	buf := make([]byte, 1<<20)
	sound := func() bool {
		n, err := f.Read(buf)
		if err != nil && err != io.EOF {
			t.Fatal(err)
		}
		return slices.ContainsFunc(buf[:n], func(b byte) bool { return b != 0 })
	}
	for range 20 {
		if sound() {
			t.Fatal("the device played sound before any cue")
		}
	}
	out.Play(CueMahjong, Render(CueMahjong, 0.7))
	for !sound() {
		if time.Now().After(deadline) {
			t.Fatal("the cue never reached ALSA's default device")
		}
	}
}
