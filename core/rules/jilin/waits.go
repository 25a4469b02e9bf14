package jilin

import "github.com/fourwinds-mahjong/fourwinds/core/tile"

// TingWaits returns the wait set W(h) of a hand of 13 effective tiles:
// every kind t such that h + t is a legal win (JL-9.1–9.3) with t in a
// legal place, never completing a suit série on a two-sided wait (JL-7.1,
// JL-D7). Kinds the hand already holds 4 of cannot be drawn and are left
// out. Any other hand, or a malformed one, has no waits.
func TingWaits(h Hand) tile.Set {
	if h.Effective() != 13 || h.check(tile.None) != nil {
		return 0
	}
	all := h.All()
	suits, terminal := survey(&all)
	held := countTrue(suits[:])
	if held == 2 {
		// A third suit's tile would stand alone, so the hand stays at 2 (JL-9.2).
		return 0
	}
	var w tile.Set
	near := neighbours(&h.Concealed)
	for t := range tile.Kind(tile.NumStandard) {
		if all[t] >= 4 || !near.Has(t) || (!terminal && !t.IsMajor()) {
			continue
		}
		n := held
		if t.IsSuited() && !suits[t.Suit()-tile.Characters] {
			n++
		}
		if (n == 1 || n == 3) && wins(h, t) {
			w = w.Add(t)
		}
	}
	return w
}

// neighbours returns the kinds that can share a group with a concealed
// tile: the tile itself, suit tiles up to 2 away in its suit, and every
// honour of its class. The winning tile is always among them, since it is
// grouped with concealed tiles.
func neighbours(c *tile.Counts) tile.Set {
	var s tile.Set
	for k := range tile.Kind(tile.NumStandard) {
		switch {
		case c[k] == 0:
		case k.IsSuited():
			for n := max(k.Number()-2, 1); n <= min(k.Number()+2, 9); n++ {
				s = s.Add(tile.Suited(k.Suit(), n))
			}
		case k.IsWind():
			s = s.Add(tile.East).Add(tile.South).Add(tile.West).Add(tile.North)
		default:
			s = s.Add(tile.White).Add(tile.Green).Add(tile.Red)
		}
	}
	return s
}

// wins reports whether h + t has a decomposition with a legal place for t;
// h + t must already meet JL-9.2 and JL-9.3.
func wins(h Hand, t tile.Kind) bool {
	var s search
	s.init(h, t, false)
	s.c[t]++
	return s.run(0, 0) || s.sevenPairs()
}
