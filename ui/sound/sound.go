// Package sound plays the table's sounds: the clack of a discarded tile,
// a call for each claim (chow, pung, kong), a short fanfare for Mah-Jong
// and a soft tick in the last seconds of the claim clock.
//
// Every sound is synthesised by this package (synth.go): no recording of
// another game is shipped. A Player mixes nothing and keeps no queue: each
// cue is rendered once, at the player's sample rate, and handed to the
// output, which plays overlapping cues side by side. The output is the
// platform's audio device (oto, in builds with cgo) or silence (the
// headless build that tests use, and any device that cannot open one):
// sound is never a reason for the app to fail.
package sound

import (
	"fmt"
	"sync"
)

// Cue is one of the table's sounds.
type Cue uint8

// The cues. CueNone plays nothing.
const (
	CueNone    Cue = iota
	CueDiscard     // CueDiscard is a tile laid on the table.
	CueChow        // CueChow is the call for a chow.
	CuePung        // CuePung is the call for a pung (or a longer group of a kind).
	CueKong        // CueKong is the call for a kong.
	CueMahjong     // CueMahjong celebrates a winning hand.
	CueTick        // CueTick marks one of the claim clock's last seconds.
	numCues
)

var cueNames = [numCues]string{"none", "discard", "chow", "pung", "kong", "mahjong", "tick"}

// String names the cue.
func (c Cue) String() string {
	if c < numCues {
		return cueNames[c]
	}
	return fmt.Sprintf("Cue(%d)", uint8(c))
}

// Cues are all the cues that make a sound, in order.
var Cues = []Cue{CueDiscard, CueChow, CuePung, CueKong, CueMahjong, CueTick}

// SampleRate is the rate, in samples per second, of the rendered cues.
const SampleRate = 44100

// Output plays rendered sound: pcm is cue c as mono signed 16-bit
// little-endian samples at SampleRate. Play must not block for the
// sound's length.
type Output interface {
	Play(c Cue, pcm []byte)
}

// Player plays cues through an output, at a volume, when switched on. It
// is safe for use from any goroutine.
type Player struct {
	mu     sync.Mutex
	open   func() Output
	out    Output
	on     bool
	volume int // 0–100
	cache  [numCues][]byte
	cached [numCues]int // the volume each cache entry was rendered at, +1
}

// New returns a player at volume (0–100), switched on or off. Its output
// is open() (Device, or a Recorder in tests), called the first time the
// player is on, so that a player kept off never opens the audio device.
// A nil output plays nothing.
func New(open func() Output, on bool, volume int) *Player {
	p := &Player{open: open}
	p.SetVolume(volume)
	p.SetOn(on)
	return p
}

// Play plays c, unless the player is off, silent or c is CueNone.
func (p *Player) Play(c Cue) {
	if p == nil || c == CueNone || c >= numCues {
		return
	}
	p.mu.Lock()
	if !p.on || p.volume == 0 || p.out == nil {
		p.mu.Unlock()
		return
	}
	if p.cached[c] != p.volume+1 {
		p.cache[c] = Render(c, float64(p.volume)/100)
		p.cached[c] = p.volume + 1
	}
	pcm, out := p.cache[c], p.out
	p.mu.Unlock()
	out.Play(c, pcm)
}

// SetOn switches the player on or off.
func (p *Player) SetOn(on bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.on = on
	if on && p.open != nil {
		p.out, p.open = p.open(), nil
	}
}

// SetVolume sets the volume, from 0 (silent) to 100; other values are
// brought into that range.
func (p *Player) SetVolume(v int) {
	v = min(max(v, 0), 100)
	p.mu.Lock()
	p.volume = v
	p.mu.Unlock()
}

// On reports whether the player is switched on.
func (p *Player) On() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.on
}

// Volume is the player's volume, from 0 to 100.
func (p *Player) Volume() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.volume
}

// Recorder is a silent Output that keeps the cues it is asked to play,
// in order: the sink of the app's tests.
type Recorder struct {
	mu     sync.Mutex
	played []Cue
}

// Play keeps c.
func (r *Recorder) Play(c Cue, _ []byte) {
	r.mu.Lock()
	r.played = append(r.played, c)
	r.mu.Unlock()
}

// Played returns the cues played so far, in order.
func (r *Recorder) Played() []Cue {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Cue(nil), r.played...)
}
