package ai

import (
	"math"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// threat is what a seat fears of another seat, read from the public table:
// how likely it is ready (its exposures, its declaration, how long it has
// played), what its win would cost, and which tiles it is likely to wait on.
type threat struct {
	seat rules.Wind
	// ready is the chance that the seat is one tile from a win.
	ready float64
	// value is the estimated value of its win.
	value float64
	// cost is what one of our discards winning for it would cost us, and
	// loss what its win costs us on average, in units of net score.
	cost, loss float64
	// suit is the numbered suit (0..2) its exposures point to, or -1.
	suit int
	// strong: two or more exposures point to that suit.
	strong    bool
	discarded tile.Set
	// safe are the kinds known not to win for it.
	safe tile.Set
	// twoSided: it may wait on both ends of two tiles in a row.
	twoSided bool
}

// Weights of the threat model.
const (
	// readyPerMeld and readyPerDiscard drive the chance that a seat is
	// ready: 1 - exp(-(meld weight + discard weight)).
	readyPerMeld    = 0.3
	readyPerDiscard = 0.045
)

// threats reads the other seats of the table.
func threats(t *table, k *knowledge, mem *memory) []threat {
	v := t.view
	var out []threat
	for x := range v.Seats {
		o := rules.Wind(x)
		if o == t.seat {
			continue
		}
		sv := &v.Seats[x]
		th := threat{seat: o, suit: -1, twoSided: k.twoSided}
		switch {
		case sv.Declared != game.DeclNone:
			th.ready = 1
		case k.ting:
			// It wins only after announcing TING (JL-9.5).
			th.ready = 0
		default:
			th.ready = 1 - math.Exp(-(readyPerMeld*float64(len(sv.Melds)) + readyPerDiscard*float64(len(sv.Discards))))
		}
		for _, d := range sv.Discards {
			if d.Tile.IsStandard() {
				th.discarded = th.discarded.Add(d.Tile)
			}
		}
		if mem != nil {
			th.safe = mem.safe[x]
		}
		th.suit, th.strong = flushSignal(sv.Melds)
		th.value = threatValue(k, t, o, sv.Melds, th)
		th.cost = -th.value * k.gain(o, t.seat, t.seat)
		th.loss = -th.value * k.winGain(o, t.seat)
		out = append(out, th)
	}
	return out
}

// flushSignal returns the one numbered suit of a seat's exposed suited
// melds (-1 when none or mixed) and whether two or more point to it.
func flushSignal(melds []hand.Meld) (int, bool) {
	suit, n := -1, 0
	for _, m := range melds {
		if !m.Tile.IsSuited() {
			continue
		}
		s := int(m.Tile) / 9
		if suit >= 0 && s != suit {
			return -1, false
		}
		suit = s
		n++
	}
	return suit, n >= 2
}

// threatValue estimates the value of seat o's win from its exposures.
func threatValue(k *knowledge, t *table, o rules.Wind, melds []hand.Meld, th threat) float64 {
	m := k.model(situationOf(t.view, o))
	v := m.base
	for _, x := range melds {
		if x.Tile.IsHonor() && x.IsPungOrKong() {
			v *= max(m.honourOf(int(x.Tile-tile.East)), 1)
		}
	}
	if th.suit >= 0 {
		share := 0.3
		if th.strong {
			share = 0.6
		}
		v *= 1 + (m.half()-1)*share
	}
	return v
}

// Chances that a ready seat waits on a tile: a pair or pung wait by the
// number of copies we have not seen, and a chow wait per shape.
var (
	honourWait = [5]float64{0, 0.016, 0.04, 0.05, 0.05}
	pairWait   = [5]float64{0, 0.007, 0.014, 0.017, 0.017}
)

// chowWait is the chance of a chow wait per shape whose two tiles are all live.
const chowWait = 0.014

// waitChance returns the chance that a ready th waits on k.
func (th *threat) waitChance(k tile.Kind, live *[tile.NumStandard]int) float64 {
	if th.safe.Has(k) || !k.IsStandard() {
		return 0
	}
	n := min(live[k], 4)
	var p float64
	if k.IsHonor() {
		p = honourWait[n]
	} else {
		p = pairWait[n] + chowWait*chowShapes(k, live, th.twoSided)
		switch {
		case th.suit < 0:
		case int(k)/9 == th.suit:
			p *= 1.8
		case th.strong:
			p *= 0.1
		default:
			p *= 0.4
		}
	}
	if th.discarded.Has(k) {
		p *= 0.35
	}
	return p
}

// chowShapes sums, over the chows that k can complete, how live the two
// other tiles are (1 when all their copies are unseen). Without twoSided
// waits, k completes a chow only in its middle or as the 3 of 123 and the
// 7 of 789 (JL-7.1).
func chowShapes(k tile.Kind, live *[tile.NumStandard]int, twoSided bool) float64 {
	n := k.Number()
	sum := 0.0
	for _, d := range [3][2]int{{-2, -1}, {-1, 1}, {1, 2}} {
		a, b := n+d[0], n+d[1]
		if a < 1 || b > 9 || !twoSided && (d[0] == -2 && n != 3 || d[0] == 1 && n != 7) {
			continue
		}
		sum += float64(live[int(k)+d[0]]) / 4 * float64(live[int(k)+d[1]]) / 4
	}
	return sum
}

// danger returns the chance that discarding k wins for someone, and the
// expected loss from it (the chance of each seat's win times its cost).
func danger(ths []threat, k tile.Kind, live *[tile.NumStandard]int) (chance, cost float64) {
	for i := range ths {
		p := ths[i].ready * ths[i].waitChance(k, live)
		chance += p
		cost += p * ths[i].cost
	}
	if chance > 1 {
		cost /= chance
		chance = 1
	}
	return chance, cost
}
