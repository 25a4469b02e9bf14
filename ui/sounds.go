package ui

import (
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/ui/sound"
)

// newSound is the app's sound player, on the platform's audio device (a
// silent one in the headless build), switched and set as the settings say.
func (a *App) newSound() *sound.Player {
	p := a.fy.Preferences()
	return sound.New(sound.Device, p.BoolWithFallback(PrefSound, true), p.IntWithFallback(PrefVolume, defaultVolume))
}

// defaultVolume is the volume of a new install, out of 100.
const defaultVolume = 70

// tickSeconds is how many of the claim clock's last seconds tick.
const tickSeconds = 3

// cueOf is the sound of one event, or CueNone.
func cueOf(e game.Event) sound.Cue {
	switch e.Type {
	case game.EvDiscard:
		return sound.CueDiscard
	case game.EvClaim, game.EvExpose:
		// Four or more tiles call as a kong; three that are not one kind
		// (a chow, or a jilin combination of honours) as a chow.
		switch m := e.Meld; {
		case m == nil:
			return sound.CuePung
		case m.Size() >= 4:
			return sound.CueKong
		case !m.IsPungOrKong() && m.Size() == 3:
			return sound.CueChow
		}
		return sound.CuePung
	case game.EvConcealedKong, game.EvAddKong:
		return sound.CueKong
	case game.EvMahjong:
		return sound.CueMahjong
	}
	return sound.CueNone
}

// cueOfUpdate is the one sound an update's events make: the weightiest
// (Mah-Jong over a kong over a pung over a chow over a discard), so that
// a claim and the discard that follows it in one update are not played
// over each other.
func cueOfUpdate(evs []game.Event) sound.Cue {
	best := sound.CueNone
	for _, e := range evs {
		if c := cueOf(e); weight(c) > weight(best) {
			best = c
		}
	}
	return best
}

// weight orders the cues for cueOfUpdate.
func weight(c sound.Cue) int {
	switch c {
	case sound.CueMahjong:
		return 5
	case sound.CueKong:
		return 4
	case sound.CuePung:
		return 3
	case sound.CueChow:
		return 2
	case sound.CueDiscard:
		return 1
	}
	return 0
}

// ticker plays a tick in each of a clock's last seconds.
type ticker struct {
	timers []*time.Timer
}

// start ticks in the last tickSeconds before deadline (those still to
// come), after stopping any ticks of an earlier clock.
func (t *ticker) start(p *sound.Player, deadline time.Time) {
	t.stop()
	for i := tickSeconds; i >= 1; i-- {
		at := time.Until(deadline.Add(-time.Duration(i) * time.Second))
		if at < 0 {
			continue
		}
		t.timers = append(t.timers, time.AfterFunc(at, func() { p.Play(sound.CueTick) }))
	}
}

// stop cancels the ticks still to come.
func (t *ticker) stop() {
	for _, tm := range t.timers {
		tm.Stop()
	}
	t.timers = nil
}
