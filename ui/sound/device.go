//go:build !ci && (cgo || darwin || windows)

package sound

import (
	"bytes"
	"sync"

	"github.com/ebitengine/oto/v3"
)

// Device returns the platform's audio output. It opens the device in the
// background; cues played before it is ready are dropped, and a device
// that cannot be opened (no sound card, no audio server) plays nothing and
// reports nothing (the platform's library may log on its own: ALSA does).
func Device() Output {
	d := &device{}
	go d.start()
	return d
}

// device plays through oto. Players are kept until they finish, so that
// none is collected while it sounds.
type device struct {
	mu      sync.Mutex
	ctx     *oto.Context
	playing []*oto.Player
}

// Play plays pcm once the device is open.
func (d *device) Play(_ Cue, pcm []byte) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.ctx == nil {
		return
	}
	live := d.playing[:0]
	for _, p := range d.playing {
		if p.IsPlaying() {
			live = append(live, p)
		} else {
			_ = p.Close()
		}
	}
	p := d.ctx.NewPlayer(bytes.NewReader(pcm))
	p.Play()
	d.playing = append(live, p)
}

// start opens the device and waits for it to be ready.
func (d *device) start() {
	ctx, ready, err := oto.NewContext(&oto.NewContextOptions{SampleRate: SampleRate, ChannelCount: 1, Format: oto.FormatSignedInt16LE})
	if err != nil {
		return
	}
	<-ready
	d.mu.Lock()
	d.ctx = ctx
	d.mu.Unlock()
}
