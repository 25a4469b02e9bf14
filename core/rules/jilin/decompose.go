package jilin

import (
	"errors"
	"fmt"
	"strings"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// Shape is the winning shape of a decomposition (JL-9.1).
type Shape uint8

// The shapes. ShapeNone is the none value.
const (
	ShapeNone Shape = iota
	ShapeA          // ShapeA is 4 groups and a pair, with a suit série and a triple-like group.
	ShapeB          // ShapeB is 4 triple-like groups and a pair.
	ShapeC          // ShapeC is seven pairs, all concealed.
)

// String names the shape as the rules file does.
func (s Shape) String() string {
	return [...]string{"none", "A", "B", "C"}[min(int(s), 3)]
}

// Where the winning tile sits in a Decomposition, besides a group index.
const (
	// InPair: the winning tile completes the pair (one of the pairs in shape C).
	InPair = -1
	// NoWinningTile: no tile completed the hand (East's dealt hand, JL-9.5).
	NoWinningTile = -2
)

// Decomposition is one way a complete hand splits under Jilin's winning
// conditions, with where the winning tile sits.
type Decomposition struct {
	Shape Shape
	// Groups are the hand's declared groups, then the groups formed from
	// its concealed tiles (Concealed set); empty in shape C.
	Groups []Group
	// Pairs is the pair, or the seven pairs of shape C (a kind twice when
	// four undeclared copies make two pairs, JL-6.3).
	Pairs []tile.Kind
	// Win is the index in Groups of the group the winning tile completed,
	// InPair, or NoWinningTile.
	Win int
}

// String writes the decomposition in notation, the pair(s) last.
func (d Decomposition) String() string {
	parts := make([]string, 0, len(d.Groups)+len(d.Pairs))
	for _, g := range d.Groups {
		parts = append(parts, g.String())
	}
	for _, p := range d.Pairs {
		parts = append(parts, tile.Format([]tile.Kind{p, p}))
	}
	return strings.Join(parts, " ")
}

// Edge reports whether the winning tile completed a suit série on an edge
// wait: the 3 of 123 or the 7 of 789 (JL-11 B2).
func (d Decomposition) Edge(t tile.Kind) bool {
	return d.Win >= 0 && edge(d.Groups[d.Win], t)
}

// edge reports whether t is the edge tile of the suit série g.
func edge(g Group, t tile.Kind) bool {
	n := g.Tile.Number()
	return g.Kind == Run && ((n == 1 && t == g.Tile+2) || (n == 7 && t == g.Tile))
}

// legalIn reports whether the winning tile t may complete the group g:
// any triple-like group, or a suit série in which t is the middle tile or
// the edge tile — never a two-sided wait (JL-7.1, JL-D7).
func legalIn(g Group, t tile.Kind) bool {
	if g.Kind == Run {
		return t == g.Tile+1 || edge(g, t)
	}
	return g.Contains(t)
}

// The reasons a hand is not a win, wrapped by Decompose's errors.
var (
	ErrTileCount = errors.New("jilin: wrong tile count")
	ErrSuits     = errors.New("jilin: a winning hand has 1 or 3 suits, never 2 or 0 (JL-9.2)")
	ErrTerminal  = errors.New("jilin: a winning hand needs a 1, a 9 or a special tile (JL-9.3)")
	ErrShape     = errors.New("jilin: not a winning shape: 4 groups and a pair with a suit série and a triple, 4 triples and a pair, or seven concealed pairs (JL-9.1)")
	ErrWait      = errors.New("jilin: the winning tile completes a suit série on a two-sided wait (JL-7.1)")
)

// Decompose returns every distinct decomposition of h plus the winning tile
// t under Jilin's winning conditions (JL-9.1–9.3), each with a legal place
// for t (JL-7.1). t may be tile.None when h already holds 14 effective
// tiles and no tile completed it (East's dealt hand): every place is then
// legal and Win is NoWinningTile. The error says why there is none: a
// malformed hand, or one of ErrTileCount, ErrSuits, ErrTerminal, ErrShape
// and ErrWait (wrapped).
func Decompose(h Hand, t tile.Kind) ([]Decomposition, error) {
	if err := h.check(t); err != nil {
		return nil, err
	}
	full := h
	if t != tile.None {
		full.Concealed.Add(t)
	}
	if n := full.Effective(); n != 14 {
		return nil, fmt.Errorf("%w: %d effective tiles with the winning tile; a win needs 14 (JL-9.1)", ErrTileCount, n)
	}
	all := full.All()
	if err := suitsAndTerminal(&all); err != nil {
		return nil, err
	}
	var s search
	s.init(full, t, true)
	s.run(0, 0)
	s.sevenPairs()
	if len(s.out) == 0 {
		if s.shapes > 0 {
			return nil, ErrWait
		}
		return nil, ErrShape
	}
	return s.out, nil
}

// suitsAndTerminal checks JL-9.2 and JL-9.3 on every tile of a hand.
func suitsAndTerminal(all *tile.Counts) error {
	suits, terminal := survey(all)
	if n := countTrue(suits[:]); n != 1 && n != 3 {
		return ErrSuits
	}
	if !terminal {
		return ErrTerminal
	}
	return nil
}

// survey returns which suits the tiles hold (characters, circles, bamboo)
// and whether they hold a terminal or a special tile.
func survey(all *tile.Counts) (suits [3]bool, terminal bool) {
	for s := range suits {
		c := all[9*s : 9*s+9] // the suits come first, 1 to 9 each
		for _, x := range c {
			if x > 0 {
				suits[s] = true
				break
			}
		}
		terminal = terminal || c[0] > 0 || c[8] > 0
	}
	for _, x := range all[tile.East:tile.NumStandard] {
		terminal = terminal || x > 0
	}
	return suits, terminal
}

func countTrue(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

// search finds the standard decompositions (shapes A and B) of a hand of
// 14 effective tiles by taking, at the lowest kind left, every group or the
// pair that can hold it.
type search struct {
	c        [tile.NumStandard]uint8
	t        tile.Kind
	declared []Group
	// declRuns counts the suit séries among the declared groups.
	declRuns int
	formed   [5]Group
	n        int
	pair     tile.Kind
	// collect keeps every decomposition in out; otherwise the search stops
	// at the first one with a legal place for t.
	collect bool
	out     []Decomposition
	// shapes counts complete decompositions, legal place for t or not.
	shapes int
	// waiting: the hand holds 13 effective tiles and the search places
	// one missing tile, t, in a legal place of each split (JL-7.1); every
	// complete split adds t to waits. hole is set while it is unplaced.
	waiting, hole bool
	waits         tile.Set
	// discarding: the hand holds 14 effective tiles and the search also
	// sets one tile, d, aside; every complete split adds t to byDiscard[d].
	// spare is set while no tile is set aside.
	discarding, spare bool
	d                 tile.Kind
	byDiscard         [tile.NumStandard]tile.Set
}

// init prepares a search of the concealed tiles of h for the winning tile t.
func (s *search) init(h Hand, t tile.Kind, collect bool) {
	*s = search{t: t, declared: h.Groups, pair: tile.None, collect: collect}
	copy(s.c[:], h.Concealed[:tile.NumStandard])
	for _, g := range h.Groups {
		if g.Kind == Run {
			s.declRuns++
		}
	}
}

// Option numbers order the choices at one kind so that each multiset of
// groups is found once: pair, triple, then séries or combinations.
const (
	optPair = iota
	optTriple
	optRest
)

// run takes the lowest kind from k on; choices at that kind are numbered
// from minOpt on. It reports whether to stop.
func (s *search) run(k tile.Kind, minOpt int) bool {
	for k < tile.NumStandard && s.c[k] == 0 {
		k, minOpt = k+1, 0
	}
	if k == tile.NumStandard {
		return s.visit()
	}
	if s.hole {
		s.fill(k, minOpt)
	}
	if s.spare {
		s.spare, s.d = false, k
		s.c[k]--
		s.run(k, minOpt)
		s.c[k]++
		s.spare = true
	}
	if minOpt <= optPair && s.pair == tile.None && s.c[k] >= 2 {
		s.c[k] -= 2
		s.pair = k
		stop := s.run(k, optPair+1)
		s.pair = tile.None
		s.c[k] += 2
		if stop {
			return true
		}
	}
	if minOpt <= optTriple && s.c[k] >= 3 && s.try(NewTriple(k), k, optTriple) {
		return true
	}
	switch {
	case k.IsSuited():
		if minOpt <= optRest && k.Number() <= 7 && s.c[k+1] > 0 && s.c[k+2] > 0 {
			return s.try(NewRun(k), k, optRest)
		}
	case k.IsWind():
		for a := k + 1; a <= tile.North; a++ {
			for b := a + 1; b <= tile.North; b++ {
				opt := optRest + int(a-tile.East)*4 + int(b-tile.East)
				if opt >= minOpt && s.c[a] > 0 && s.c[b] > 0 && s.try(special3(k, a, b), k, opt) {
					return true
				}
			}
		}
	case k == tile.White:
		if minOpt <= optRest && s.c[tile.Green] > 0 && s.c[tile.Red] > 0 {
			return s.try(special3(tile.White, tile.Green, tile.Red), k, optRest)
		}
	}
	return false
}

// fill places the missing tile in a group with k, the lowest kind left,
// in every legal place (JL-7.1, JL-D7): the pair, a triple, the middle of
// a suit série, the 3 of 12 or the 7 of 89, or a special combination of
// three different honours. Splits are found more than once, which only
// adds a wait twice.
func (s *search) fill(k tile.Kind, minOpt int) {
	s.hole = false
	if s.pair == tile.None {
		s.c[k]--
		s.pair, s.t = k, k
		s.run(k, minOpt)
		s.pair = tile.None
		s.c[k]++
	}
	if s.c[k] >= 2 {
		s.fillGroup(NewTriple(k), k, k, minOpt)
	}
	switch {
	case k.IsSuited():
		n := k.Number()
		if n <= 7 && s.c[k+2] > 0 {
			s.fillGroup(NewRun(k), k+1, k, minOpt)
		}
		if n == 1 && s.c[k+1] > 0 {
			s.fillGroup(NewRun(k), k+2, k, minOpt)
		}
		if n == 8 && s.c[k+1] > 0 {
			s.fillGroup(NewRun(k-1), k-1, k, minOpt)
		}
	case k.IsWind():
		for b := k + 1; b <= tile.North; b++ {
			for x := tile.East; x <= tile.North && s.c[b] > 0; x++ {
				if x != k && x != b {
					s.fillGroup(special3(k, b, x), x, k, minOpt)
				}
			}
		}
	default:
		for b := k + 1; b <= tile.Red; b++ {
			if s.c[b] > 0 {
				s.fillGroup(special3(tile.White, tile.Green, tile.Red), tile.White+tile.Green+tile.Red-k-b, k, minOpt)
			}
		}
	}
	s.hole = true
}

// fillGroup forms g from the concealed tiles and the missing tile t, and
// searches on from k.
func (s *search) fillGroup(g Group, t, k tile.Kind, minOpt int) {
	s.c[t]++
	s.t = t
	s.try(g, k, minOpt)
	s.c[t]--
}

// special3 returns the concealed special combination of three different honours.
func special3(a, b, c tile.Kind) Group {
	g := Group{Kind: Special, Tile: min(a, b, c), Concealed: true}
	g.Honors[a-tile.East], g.Honors[b-tile.East], g.Honors[c-tile.East] = 1, 1, 1
	return g
}

// try forms the concealed group g, searches on, and undoes it.
func (s *search) try(g Group, k tile.Kind, opt int) bool {
	g.Concealed = true
	s.take(g, -1)
	s.formed[s.n] = g
	s.n++
	stop := s.run(k, opt)
	s.n--
	s.take(g, +1)
	return stop
}

// take removes (d = −1) or returns (d = +1) a group's tiles.
func (s *search) take(g Group, d int) {
	step := uint8(d) // −1 wraps to 255, which subtracts in uint8 arithmetic
	switch g.Kind {
	case Run:
		s.c[g.Tile] += step
		s.c[g.Tile+1] += step
		s.c[g.Tile+2] += step
	case Special:
		for i, n := range g.Honors {
			s.c[tile.East+tile.Kind(i)] += step * n
		}
	default:
		s.c[g.Tile] += step * uint8(g.Size())
	}
}

// visit records a complete split; it reports whether to stop.
func (s *search) visit() bool {
	shape := s.shape()
	if shape == ShapeNone {
		return false
	}
	s.shapes++
	if s.waiting {
		switch {
		case s.hole:
		case s.discarding && !s.spare:
			s.byDiscard[s.d] = s.byDiscard[s.d].Add(s.t)
		case !s.discarding:
			s.waits = s.waits.Add(s.t)
		}
		return false
	}
	if !s.collect {
		return s.placed()
	}
	groups := append(append(make([]Group, 0, len(s.declared)+s.n), s.declared...), s.formed[:s.n]...)
	for _, win := range s.places(len(s.declared)) {
		s.out = append(s.out, Decomposition{Shape: shape, Groups: groups, Pairs: []tile.Kind{s.pair}, Win: win})
	}
	return false
}

// shape classifies the current split: A needs a suit série and a
// triple-like group, B has no suit série (JL-9.1, JL-D11).
func (s *search) shape() Shape {
	runs := s.declRuns
	for _, g := range s.formed[:s.n] {
		if g.Kind == Run {
			runs++
		}
	}
	triples := len(s.declared) + s.n - runs
	switch {
	case triples == 0:
		return ShapeNone
	case runs == 0:
		return ShapeB
	}
	return ShapeA
}

// placed reports whether t has a legal place in the current split.
func (s *search) placed() bool {
	if s.t == tile.None || s.pair == s.t {
		return true
	}
	for _, g := range s.formed[:s.n] {
		if legalIn(g, s.t) {
			return true
		}
	}
	return false
}

// places returns the legal places of t in the current split, one per
// distinct group, as indexes into declared-then-formed groups.
func (s *search) places(base int) []int {
	if s.t == tile.None {
		return []int{NoWinningTile}
	}
	var out []int
	if s.pair == s.t {
		out = append(out, InPair)
	}
	for i, g := range s.formed[:s.n] {
		dup := false
		for _, o := range s.formed[:i] {
			dup = dup || o == g
		}
		if !dup && legalIn(g, s.t) {
			out = append(out, base+i)
		}
	}
	return out
}

// sevenPairs adds the shape C decomposition, if any: no declared group,
// and every kind held 0, 2 or 4 times (JL-9.1 C, JL-6.3). It reports
// whether there is one.
func (s *search) sevenPairs() bool {
	if len(s.declared) > 0 {
		return false
	}
	for _, n := range s.c {
		if n%2 != 0 {
			return false
		}
	}
	s.shapes++
	if !s.collect {
		return true
	}
	var pairs []tile.Kind
	for k, n := range s.c {
		for range n / 2 {
			pairs = append(pairs, tile.Kind(k))
		}
	}
	win := InPair
	if s.t == tile.None {
		win = NoWinningTile
	}
	s.out = append(s.out, Decomposition{Shape: ShapeC, Pairs: pairs, Win: win})
	return true
}

// sevenPairsDiscards adds, for each discard that leaves a hand one tile
// from seven pairs, its wait (JL-9.1 C, JL-6.3).
func (s *search) sevenPairsDiscards() {
	if len(s.declared) > 0 {
		return
	}
	var odd tile.Set
	for k, n := range s.c {
		if n%2 != 0 {
			odd = odd.Add(tile.Kind(k))
		}
	}
	for d, n := range s.c {
		left := odd ^ tile.Set(0).Add(tile.Kind(d)) // d's parity flips
		if n > 0 && left.Len() == 1 {
			for t := range tile.Kind(tile.NumStandard) {
				if left.Has(t) {
					s.byDiscard[d] = s.byDiscard[d].Add(t)
				}
			}
		}
	}
}

// sevenPairsWait adds the wait of a hand one tile from seven pairs: no
// declared group, and a single kind held an odd number of times (JL-9.1 C,
// JL-6.3).
func (s *search) sevenPairsWait() {
	if len(s.declared) > 0 {
		return
	}
	odd := tile.None
	for k, n := range s.c {
		if n%2 == 0 {
			continue
		}
		if odd != tile.None {
			return
		}
		odd = tile.Kind(k)
	}
	s.waits = s.waits.Add(odd)
}
