package sound

import (
	"bytes"
	"encoding/binary"
	"math"
	"slices"
	"testing"
)

// samples decodes rendered PCM.
func samples(pcm []byte) []float64 {
	out := make([]float64, len(pcm)/2)
	for i := range out {
		out[i] = float64(int16(binary.LittleEndian.Uint16(pcm[2*i:]))) / math.MaxInt16
	}
	return out
}

func peak(s []float64) float64 {
	p := 0.0
	for _, v := range s {
		p = max(p, math.Abs(v))
	}
	return p
}

// onsets counts the notes of a cue: the times its 5 ms energy jumps to
// more than twice the window before, above a floor, at least 40 ms after
// the note before (notes are 60 ms apart or more).
func onsets(s []float64) int {
	const win, quiet = SampleRate / 200, 8
	n, prev, since := 0, 0.0, quiet
	for i := 0; i+win <= len(s); i += win {
		e := 0.0
		for _, v := range s[i : i+win] {
			e += v * v
		}
		if since++; e > 2*prev && e > 0.5 && since >= quiet {
			n, since = n+1, 0
		}
		prev = e
	}
	return n
}

// crossings is the rate of zero crossings, in Hz: twice the main
// frequency of a tone.
func crossings(s []float64) float64 {
	n := 0
	for i := 1; i < len(s); i++ {
		if (s[i-1] < 0) != (s[i] < 0) {
			n++
		}
	}
	return float64(n) / (float64(len(s)) / SampleRate)
}

func TestEveryCueIsShortAndNeverClips(t *testing.T) {
	for _, c := range Cues {
		pcm := Render(c, 1)
		s := samples(pcm)
		if got, want := len(s), int(math.Ceil(Duration(c)*SampleRate)); got != want {
			t.Errorf("%s: %d samples, want %d (Duration %.3f s)", c, got, want, Duration(c))
		}
		if d := Duration(c); d <= 0 || d > 0.9 {
			t.Errorf("%s lasts %.3f s; a table sound must be over in under 0.9 s", c, d)
		}
		if p := peak(s); p < 0.1 || p > 0.91 {
			t.Errorf("%s peaks at %.2f of full scale; want between 0.1 (audible) and 0.91 (no clipping)", c, p)
		}
		if !bytes.Equal(pcm, Render(c, 1)) {
			t.Errorf("%s: two renderings differ; the synthesis must be deterministic", c)
		}
	}
	if Render(CueNone, 1) != nil {
		t.Error("CueNone rendered a sound")
	}
}

func TestTheCallsAreToldApartByTheirNotes(t *testing.T) {
	for c, want := range map[Cue]int{CueDiscard: 1, CueTick: 1, CueChow: 3, CuePung: 3, CueKong: 4, CueMahjong: 4} {
		if got := onsets(samples(Render(c, 1))); got != want {
			t.Errorf("%s has %d notes, want %d", c, got, want)
		}
	}
	// A chow climbs; a pung stays on one pitch; a kong is lower than a pung.
	pitch := func(c Cue, note int) float64 {
		n := cueNotes[c][note]
		s := samples(Render(c, 1))
		from := int((n.at + 0.01) * SampleRate)
		return crossings(s[from:min(len(s), from+SampleRate/40)]) / 2
	}
	if !(pitch(CueChow, 0) < pitch(CueChow, 1) && pitch(CueChow, 1) < pitch(CueChow, 2)) {
		t.Errorf("the chow's notes do not climb: %.0f, %.0f, %.0f Hz", pitch(CueChow, 0), pitch(CueChow, 1), pitch(CueChow, 2))
	}
	if a, b := pitch(CuePung, 0), pitch(CuePung, 2); math.Abs(a-b) > 20 {
		t.Errorf("the pung's notes are %.0f and %.0f Hz; want one pitch", a, b)
	}
	if k, p := pitch(CueKong, 0), pitch(CuePung, 0); k >= p {
		t.Errorf("the kong (%.0f Hz) is not lower than the pung (%.0f Hz)", k, p)
	}
	// The clack of a discard is bright (kilohertz), unlike the calls.
	if f := crossings(samples(Render(CueDiscard, 1))[:SampleRate/50]) / 2; f < 1500 {
		t.Errorf("the discard's clack centres on %.0f Hz; want the bright ring of a tile (> 1500 Hz)", f)
	}
}

func TestTheTickIsSofterThanTheCalls(t *testing.T) {
	tick := peak(samples(Render(CueTick, 1)))
	for _, c := range []Cue{CueDiscard, CueChow, CuePung, CueKong, CueMahjong} {
		if p := peak(samples(Render(c, 1))); tick >= p/2 {
			t.Errorf("the tick peaks at %.2f, %s at %.2f: the clock's tick must stay in the background", tick, c, p)
		}
	}
}

func TestVolumeScalesTheSound(t *testing.T) {
	loud, soft := peak(samples(Render(CuePung, 1))), peak(samples(Render(CuePung, 0.3)))
	if soft >= loud*0.5 || soft == 0 {
		t.Errorf("at 30%% volume the pung peaks at %.2f, at 100%% at %.2f", soft, loud)
	}
}

func TestThePlayerPlaysOnlyWhenOnAndAudible(t *testing.T) {
	rec := &Recorder{}
	opened := 0
	open := func() Output { opened++; return rec }
	p := New(open, false, 70)
	p.Play(CueDiscard)
	if opened != 0 || len(rec.Played()) != 0 {
		t.Fatalf("a player kept off opened the device %d times and played %v", opened, rec.Played())
	}
	p.SetOn(true)
	p.Play(CueDiscard)
	p.Play(CueNone)
	p.SetVolume(0)
	p.Play(CuePung)
	p.SetVolume(250)
	if p.Volume() != 100 {
		t.Errorf("volume 250 became %d, want 100", p.Volume())
	}
	p.Play(CueKong)
	p.SetOn(false)
	p.Play(CueTick)
	p.SetOn(true)
	p.Play(CueMahjong)
	if want := []Cue{CueDiscard, CueKong, CueMahjong}; !slices.Equal(rec.Played(), want) {
		t.Errorf("played %v, want %v", rec.Played(), want)
	}
	if opened != 1 {
		t.Errorf("the device was opened %d times, want once", opened)
	}
	var silent *Player
	silent.Play(CueDiscard) // a nil player is silent, not a crash
	New(func() Output { return nil }, true, 50).Play(CueDiscard)
}

func BenchmarkRender(b *testing.B) {
	for _, c := range Cues {
		b.Run(c.String(), func(b *testing.B) {
			for b.Loop() {
				Render(c, 0.7)
			}
		})
	}
}
