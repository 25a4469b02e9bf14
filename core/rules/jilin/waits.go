package jilin

import "github.com/fourwinds-mahjong/fourwinds/core/tile"

// TingWaits returns the wait set W(h) of a hand of 13 effective tiles:
// every kind t such that h + t is a legal win (JL-9.1–9.3) with t in a
// legal place, never completing a suit série on a two-sided wait (JL-7.1,
// JL-D7). Kinds the hand already holds 4 of cannot be drawn and are left
// out. Any other hand, or a malformed one, has no waits.
func TingWaits(h Hand) tile.Set {
	if h.check(tile.None) != nil {
		return 0
	}
	return tingWaits(h)
}

// tingWaits is TingWaits on a hand that check accepts. One search places
// the missing tile in every legal place at once; JL-9.2 and JL-9.3 are then
// checked for each tile it found.
func tingWaits(h Hand) tile.Set {
	if h.Effective() != 13 {
		return 0
	}
	all := h.All()
	if suits, _ := survey(&all); countTrue(suits[:]) == 2 {
		// A third suit's tile would stand alone, so the hand stays at 2 (JL-9.2).
		return 0
	}
	var s search
	s.init(h, tile.None, false)
	s.waiting, s.hole = true, true
	s.run(0, 0)
	s.sevenPairsWait()
	return legalWaits(s.waits, &all)
}

// legalWaits keeps the candidate waits of a hand whose tiles are all that
// are legal: fewer than 4 held, and the hand with the wait meets JL-9.2
// and JL-9.3.
func legalWaits(cands tile.Set, all *tile.Counts) tile.Set {
	if cands == 0 {
		return 0
	}
	suits, terminal := survey(all)
	held := countTrue(suits[:])
	if held == 2 {
		return 0
	}
	var w tile.Set
	for t := range tile.Kind(tile.NumStandard) {
		if !cands.Has(t) || all[t] >= 4 || (!terminal && !t.IsMajor()) {
			continue
		}
		n := held
		if t.IsSuited() && !suits[t.Suit()-tile.Characters] {
			n++
		}
		if n == 1 || n == 3 {
			w = w.Add(t)
		}
	}
	return w
}

// discardWaits returns, for a hand of 14 effective tiles that check
// accepts, the wait set TingWaits would give after each concealed discard,
// indexed by the discarded kind, all in one search (Ruleset.DiscardWaits).
// Any other hand has none.
func discardWaits(h Hand) [tile.NumStandard]tile.Set {
	var out [tile.NumStandard]tile.Set
	if h.Effective() != 14 {
		return out
	}
	var s search
	s.init(h, tile.None, false)
	s.waiting, s.hole, s.discarding, s.spare = true, true, true, true
	s.run(0, 0)
	s.sevenPairsDiscards()
	all := h.All()
	for d, cands := range s.byDiscard {
		if cands != 0 {
			all[d]--
			out[d] = legalWaits(cands, &all)
			all[d]++
		}
	}
	return out
}
