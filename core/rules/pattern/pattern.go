// Package pattern is the scoring machinery the Chinese-family rulesets
// share (classical, and through package simple hongkong and french): the
// checks that make a hand possible, the readings of a hand into sets and
// pairs over every decomposition, hand-wide facts (flushes, bonus tiles),
// and scoring tables of rows {Rule, Name, Points, Doubles, Count}, one
// small function each, whose every breakdown line names its rule id.
//
// Breakdown item names are translation keys of the form "score.<item>"
// (for example "score.pung_honour_exposed"), shared by every ruleset where
// the item means the same thing; their English texts are registered with
// rules.RegisterNames, so rules.EnglishName gives the text for a key.
package pattern

import (
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// Set is one set of a hand read for scoring, and whether it counts as
// exposed (HK-S-35, CL-11.1, FR-13.2).
type Set struct {
	Kind    hand.MeldKind
	Tile    tile.Kind
	Exposed bool
}

// IsPungOrKong reports whether the set is a pung or a kong.
func (s Set) IsPungOrKong() bool { return s.Kind == hand.Pung || s.Kind == hand.Kong }

// Contains reports whether the set holds a tile of kind k.
func (s Set) Contains(k tile.Kind) bool {
	if s.Kind == hand.Chow {
		return k >= s.Tile && k <= s.Tile+2
	}
	return k == s.Tile
}

// String writes the set in notation, exposed sets in brackets.
func (s Set) String() string { return string(s.appendTo(nil)) }

// appendTo writes the set in notation: "[555z]" exposed, "(1111p)" a
// concealed kong, "234m" otherwise.
func (s Set) appendTo(b []byte) []byte {
	open, closer := byte(0), byte(0)
	switch {
	case s.Exposed:
		open, closer = '[', ']'
	case s.Kind == hand.Kong:
		open, closer = '(', ')'
	}
	if open != 0 {
		b = append(b, open)
	}
	for i := range s.Kind.Size() {
		k := s.Tile
		if s.Kind == hand.Chow {
			k += tile.Kind(i)
		}
		b = append(b, byte('0'+k.Number()))
	}
	b = append(b, s.Tile.Suit().Letter())
	if closer != 0 {
		b = append(b, closer)
	}
	return b
}

// Pair is a pair of a hand read for scoring; Exposed when the winning tile
// completed it and was not self-drawn (HK-D-10, FR-D18).
type Pair struct {
	Tile    tile.Kind
	Exposed bool
}

// Where the winning tile went in a Reading.
const (
	WinPair = -1 // WinPair: the winning tile completed the pair.
	NoWin   = -2 // NoWin: a loser's hand, with no winning tile.
)

// Reading is one way to read a hand for scoring: up to four sets (melds
// first, then concealed sets) and its pairs (one for a winner; a loser's
// honour pairs, HK-S-34). The zero value is an empty loser's reading.
type Reading struct {
	sets  [4]Set
	pairs [7]Pair
	ns    int
	np    int
	// Win is the index in Sets of the set the winning tile completed,
	// WinPair, or NoWin.
	Win int
}

// Sets returns the reading's sets.
func (r *Reading) Sets() []Set { return r.sets[:r.ns] }

// Pairs returns the reading's pairs.
func (r *Reading) Pairs() []Pair { return r.pairs[:r.np] }

func (r *Reading) addSet(s Set) bool {
	if r.ns == len(r.sets) {
		return false
	}
	r.sets[r.ns] = s
	r.ns++
	return true
}

func (r *Reading) addPair(p Pair) {
	if r.np < len(r.pairs) {
		r.pairs[r.np] = p
		r.np++
	}
}

// CountSets returns how many sets satisfy pred.
func (r *Reading) CountSets(pred func(Set) bool) int {
	n := 0
	for _, s := range r.Sets() {
		if pred(s) {
			n++
		}
	}
	return n
}

// CountPairs returns how many pairs satisfy pred.
func (r *Reading) CountPairs(pred func(Pair) bool) int {
	n := 0
	for _, p := range r.Pairs() {
		if pred(p) {
			n++
		}
	}
	return n
}

// Chows returns the number of chows.
func (r *Reading) Chows() int {
	return r.CountSets(func(s Set) bool { return s.Kind == hand.Chow })
}

// String writes the reading in notation: sets, then pairs.
func (r *Reading) String() string {
	b := make([]byte, 0, 48)
	for _, s := range r.Sets() {
		b = append(s.appendTo(b), ' ')
	}
	for _, p := range r.Pairs() {
		b = append(Set{Kind: hand.Pair, Tile: p.Tile, Exposed: p.Exposed}.appendTo(b), ' ')
	}
	if len(b) > 0 {
		b = b[:len(b)-1]
	}
	return string(b)
}

// Readings calls fn with every reading of the winning hand h, which must
// have passed Check: every decomposition of its concealed tiles plus the
// winning tile, with the winning tile placed in each set or pair it can
// complete. That set or pair is exposed unless selfDrawn (HK-S-35,
// CL-11.1). fn must not keep r.
func Readings(h *rules.Hand, selfDrawn bool, fn func(r *Reading)) {
	if !h.Winning.IsStandard() {
		return
	}
	c := h.Concealed
	c[h.Winning]++
	var r Reading
	for _, m := range h.Melds {
		if !r.addSet(Set{Kind: m.Kind, Tile: m.Tile, Exposed: m.Open}) {
			return
		}
	}
	base := r.ns
	for _, d := range hand.Decompose(&c) {
		r.ns, r.np = base, 0
		for _, s := range d.Sets {
			if !r.addSet(Set{Kind: s.Kind, Tile: s.Tile}) {
				return
			}
		}
		r.addPair(Pair{Tile: d.Pair})
		if d.Pair == h.Winning {
			r.Win = WinPair
			r.pairs[0].Exposed = !selfDrawn
			fn(&r)
			r.pairs[0].Exposed = false
		}
		for i := base; i < r.ns; i++ {
			if !r.sets[i].Contains(h.Winning) || (i > base && r.sets[i] == r.sets[i-1]) {
				continue
			}
			r.Win = i
			r.sets[i].Exposed = !selfDrawn
			fn(&r)
			r.sets[i].Exposed = false
		}
	}
}

// LoserReading groups a loser's hand (HK-S-34, FR-13.6): its melds, each
// kind held 3 or 4 times as a concealed pung, and each honour held exactly
// twice as a concealed pair. Everything else scores nothing.
func LoserReading(h *rules.Hand) Reading {
	r := Reading{Win: NoWin}
	for _, m := range h.Melds {
		r.addSet(Set{Kind: m.Kind, Tile: m.Tile, Exposed: m.Open})
	}
	for k := tile.Kind(0); k < tile.NumStandard; k++ {
		switch n := h.Concealed[k]; {
		case n >= 3:
			r.addSet(Set{Kind: hand.Pung, Tile: k})
		case n == 2 && k.IsHonor():
			r.addPair(Pair{Tile: k})
		}
	}
	return r
}
