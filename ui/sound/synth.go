package sound

import (
	"encoding/binary"
	"math"
)

// The cues are built from two sounds a tile table makes: a strike (two
// tiles meeting: a click of noise and the ringing of a few stiff modes,
// gone in tens of milliseconds) and a knock (a tile tapped on the table
// at a pitch: a mallet tone that dies fast). The calls are knocks whose
// pattern is the claim's shape, so they can be told apart without
// looking: a chow climbs three steps, a pung knocks one pitch three times,
// a kong four times lower, and Mah-Jong rises to the octave and rings.

// note is one knock or strike of a cue.
type note struct {
	at    float64 // start, in seconds
	freq  float64 // fundamental, in Hz; 0 for a strike
	decay float64 // time constant of the ringing, in seconds
	gain  float64 // peak, 0–1
}

// cueNotes are the notes of each cue.
var cueNotes = [numCues][]note{
	CueDiscard: {{0, 0, 0.018, 0.9}},
	CueChow:    {{0, 523.25, 0.05, 0.55}, {0.07, 587.33, 0.05, 0.55}, {0.14, 659.26, 0.07, 0.6}},
	CuePung:    {{0, 587.33, 0.045, 0.6}, {0.075, 587.33, 0.045, 0.6}, {0.15, 587.33, 0.06, 0.6}},
	CueKong:    {{0, 392.00, 0.045, 0.65}, {0.065, 392.00, 0.045, 0.65}, {0.13, 392.00, 0.045, 0.65}, {0.195, 392.00, 0.07, 0.7}},
	CueMahjong: {{0, 523.25, 0.06, 0.5}, {0.06, 659.26, 0.06, 0.5}, {0.12, 783.99, 0.06, 0.55}, {0.18, 1046.50, 0.1, 0.65}},
	CueTick:    {{0, 1760, 0.006, 0.22}},
}

// Duration is how long c sounds, in seconds, until its last note has
// faded below a thousandth of its peak.
func Duration(c Cue) float64 {
	d := 0.0
	for _, n := range cueNotes[c] {
		d = max(d, n.at+n.decay*math.Log(1000))
	}
	return d
}

// Render synthesises c at gain (0–1) as mono signed 16-bit little-endian
// samples at SampleRate. The same cue and gain always give the same bytes.
func Render(c Cue, gain float64) []byte {
	if c == CueNone || c >= numCues {
		return nil
	}
	n := int(math.Ceil(Duration(c) * SampleRate))
	mix := make([]float64, n)
	for _, nt := range cueNotes[c] {
		start := int(nt.at * SampleRate)
		if nt.freq == 0 {
			strike(mix[start:], nt)
		} else {
			knock(mix[start:], nt)
		}
	}
	out := make([]byte, 2*n)
	for i, v := range mix {
		v = math.Tanh(v*gain*1.2) * 0.9 // a soft limit: overlapping notes never clip
		binary.LittleEndian.PutUint16(out[2*i:], uint16(int16(math.Round(v*math.MaxInt16))))
	}
	return out
}

// knock adds a mallet tone: the fundamental and a weaker fourth partial
// (as on a wooden bar), both dying exponentially, with a 2 ms attack so
// that the start does not click.
func knock(mix []float64, nt note) {
	for i := range mix {
		t := float64(i) / SampleRate
		env := math.Exp(-t/nt.decay) * min(1, t/0.002)
		if env < 1e-3 && t > 0.002 {
			return
		}
		v := math.Sin(2*math.Pi*nt.freq*t) + 0.25*math.Exp(-t/(nt.decay/3))*math.Sin(2*math.Pi*4*nt.freq*t)
		mix[i] += nt.gain * env * v
	}
}

// strikeModes are the ringing modes of a tile struck on another: a few
// stiff, inharmonic frequencies (Hz) and their weights.
var strikeModes = [...]struct{ freq, weight float64 }{{2150, 0.5}, {3420, 0.3}, {5230, 0.2}}

// strike adds two tiles meeting: 3 ms of noise for the contact and the
// ringing of strikeModes. The noise comes from a fixed linear
// congruential sequence, so the sound is the same every time.
func strike(mix []float64, nt note) {
	seed := uint32(0x2545F491)
	for i := range mix {
		t := float64(i) / SampleRate
		env := math.Exp(-t / nt.decay)
		if env < 1e-3 {
			return
		}
		v := 0.0
		for _, m := range strikeModes {
			v += m.weight * math.Sin(2*math.Pi*m.freq*t)
		}
		if t < 0.003 {
			seed = seed*1664525 + 1013904223
			v += (float64(seed>>8)/(1<<24)*2 - 1) * (1 - t/0.003)
		}
		mix[i] += nt.gain * env * v
	}
}
