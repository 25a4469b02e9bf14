package card

import (
	"errors"
	"fmt"
	"slices"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// ErrHand is wrapped by every error about a hand's tiles.
var ErrHand = errors.New("card: bad hand")

// maxExposures is the most exposures 14 tiles can hold (groups of 3+).
const maxExposures = HandSize / 3

// Hand is a player's tiles as the matcher sees them (AM-7.4): the concealed
// tiles, the winning tile, jokers (0j) and flowers included, and the exposed
// groups, each with its jokers. Any flower 1f–4f, 1y–4y is the kind F.
type Hand struct {
	Concealed tile.Counts
	Exposed   [][]tile.Kind
}

// exposure counts the exposures of one kind and size.
type exposure struct {
	kind tile.Kind
	size uint8
	n    int
}

// prepared is a checked hand in the form the matcher reads.
type prepared struct {
	n        tile.Counts // concealed naturals by folded kind
	set      tile.Set    // kinds in n
	jokers   int         // concealed jokers
	exp      [maxExposures]exposure
	nexp     int
	expSlots tile.Counts // exposed tiles (jokers included) by the exposure's kind
	expNat   tile.Counts // exposed naturals by kind
	expTiles int         // tiles in exposures
	size     int         // all tiles
	allJ     int         // all jokers, concealed and exposed
}

// Check reports whether the hand can exist: at most 14 tiles, each exposure
// 3 to 6 tiles with at least one natural and naturals of one kind, at most 4
// of a kind, 8 flowers and 8 jokers in all.
func (h Hand) Check() error {
	_, err := h.prepare()
	return err
}

// Size returns the number of tiles in the hand, concealed and exposed.
func (h Hand) Size() int {
	n := h.Concealed.Total()
	for _, e := range h.Exposed {
		n += len(e)
	}
	return n
}

func (h Hand) prepare() (prepared, error) {
	var p prepared
	var all [tile.NumKinds]int // naturals by folded kind, jokers at Joker
	for k, v := range h.Concealed {
		if v > 0 {
			all[rules.CardKind(tile.Kind(k))] += int(v)
			p.size += int(v)
		}
	}
	p.jokers = all[tile.Joker]
	for k, v := range all {
		if k != int(tile.Joker) && v > 0 {
			p.n[k] = uint8(min(v, 255))
			p.set = p.set.Add(tile.Kind(k))
		}
	}
	if len(h.Exposed) > maxExposures {
		return p, fmt.Errorf("%w: %d exposures; 14 tiles hold at most %d", ErrHand, len(h.Exposed), maxExposures)
	}
	for i, e := range h.Exposed {
		kind, err := exposureKind(e)
		if err != nil {
			return p, fmt.Errorf("%w: exposure %d (%s): %v", ErrHand, i+1, tile.Format(e), err)
		}
		for _, t := range e {
			all[rules.CardKind(t)]++
			if t != tile.Joker {
				p.expNat[kind]++
			}
		}
		p.addExposure(kind, len(e))
	}
	p.allJ = all[tile.Joker]
	if p.size > HandSize {
		return p, fmt.Errorf("%w: %d tiles; a hand holds at most %d", ErrHand, p.size, HandSize)
	}
	for k, v := range all {
		if c := capOf(tile.Kind(k)); v > c {
			return p, fmt.Errorf("%w: %d tiles of %s; the set has %d", ErrHand, v, tile.Kind(k), c)
		}
	}
	return p, nil
}

// capOf returns the supply of a folded kind (AM-1.2).
func capOf(k tile.Kind) int {
	switch k {
	case tile.Joker:
		return JokerCap
	case Flower:
		return FlowerCap
	}
	return KindCap
}

// exposureKind returns the kind of an exposure's naturals (AM-7.4).
func exposureKind(e []tile.Kind) (tile.Kind, error) {
	if len(e) < 3 || len(e) > MaxGroup {
		return tile.None, fmt.Errorf("%d tiles; an exposure holds 3 to %d", len(e), MaxGroup)
	}
	kind := tile.None
	for _, t := range e {
		switch {
		case !t.Valid():
			return tile.None, fmt.Errorf("tile %s is not a real tile", t)
		case t == tile.Joker:
		case kind != tile.None && rules.CardKind(t) != kind:
			return tile.None, fmt.Errorf("it mixes %s and %s; an exposure holds one kind and jokers", kind, t)
		default:
			kind = rules.CardKind(t)
		}
	}
	if kind == tile.None {
		return tile.None, errors.New("it has no natural tile; an exposure always holds the called tile")
	}
	return kind, nil
}

func (p *prepared) addExposure(kind tile.Kind, size int) {
	p.expSlots[kind] += uint8(size)
	p.expTiles += size
	p.size += size
	for i := range p.exp[:p.nexp] {
		if p.exp[i].kind == kind && p.exp[i].size == uint8(size) {
			p.exp[i].n++
			return
		}
	}
	p.exp[p.nexp] = exposure{kind: kind, size: uint8(size), n: 1}
	p.nexp++
}

// FromTiles turns a hand in notation into a Hand: the winning tile joins the
// concealed tiles and each "[...]" group is an exposure. Concealed kongs
// "(...)", bonus tiles and Jilin jokers do not exist in this variant.
func FromTiles(t tile.Hand) (Hand, error) {
	var h Hand
	switch {
	case len(t.Bonus) > 0:
		return h, fmt.Errorf("%w: flowers are part of the hand here: write them with the concealed tiles, not after \"bonus:\"", ErrHand)
	case t.WinningJoker:
		return h, fmt.Errorf("%w: a winning tile marked '*' does not exist here; a joker is 0j", ErrHand)
	case len(t.Concealed) >= HandSize+1:
		return h, fmt.Errorf("%w: %d concealed tiles; a hand holds at most %d", ErrHand, len(t.Concealed), HandSize)
	}
	for _, k := range t.Concealed {
		h.Concealed.Add(k)
	}
	if t.HasWinning() {
		h.Concealed.Add(t.Winning)
	}
	for _, g := range t.Groups {
		if g.Kind != tile.Exposed {
			return h, fmt.Errorf("%w: (%s): there are no concealed kongs here; write exposures in [...] and concealed tiles bare", ErrHand, tile.Format(g.Tiles))
		}
		h.Exposed = append(h.Exposed, slices.Clone(g.Tiles))
	}
	return h, h.Check()
}

// ParseHand reads a hand in notation (AM-1.4), such as
// "55p 666p 77p 0j 5z [888p0j] +5z", and checks it.
func ParseHand(s string) (Hand, error) {
	t, err := tile.ParseHand(s)
	if err != nil {
		return Hand{}, err
	}
	return FromTiles(t)
}

// Match is a line that a hand matches, with the first instantiation that
// fits it in the order of AM-7.5.
type Match struct {
	Line *Line
	Inst Inst
	// Jokers is the number of jokers among the hand's 14 tiles.
	Jokers int
}

// PayOptions are the table options that change a payment (AM-10). The
// table default is PayOptions{JokerlessBonus: true}.
type PayOptions struct {
	// JokerlessBonus is option jokerless_bonus (AM-8.4).
	JokerlessBonus bool
	// JokerlessNoJokerLines is option jokerless_no_joker_lines: the bonus
	// also applies to lines that cannot hold a joker.
	JokerlessNoJokerLines bool
}

// Factor returns m of AM-8.3: 2 with the jokerless bonus (AM-8.4), else 1.
func (m Match) Factor(o PayOptions) int {
	if o.JokerlessBonus && m.Jokers == 0 && (o.JokerlessNoJokerLines || !m.Line.NoJoker()) {
		return 2
	}
	return 1
}

// Pay returns the payment unit v·m of AM-8.3.
func (m Match) Pay(o PayOptions) int { return m.Line.Value * m.Factor(o) }

// Best returns the paid line among ms (AM-7.5): the highest payment, the
// first in ms on a tie. It reports false when ms is empty.
func Best(ms []Match, o PayOptions) (Match, bool) {
	best := -1
	for i, m := range ms {
		if best < 0 || m.Pay(o) > ms[best].Pay(o) {
			best = i
		}
	}
	if best < 0 {
		return Match{}, false
	}
	return ms[best], true
}

// Match returns every line that the 14-tile hand h matches (AM-7.4), in
// file order, each with its first instantiation (AM-7.5). It returns nil
// for a hand that fails Check or does not hold 14 tiles.
func (c *Card) Match(h Hand) []Match {
	p, err := h.prepare()
	if err != nil || p.size != HandSize {
		return nil
	}
	c.init()
	var out []Match
	for i := range c.Lines {
		l := &c.Lines[i]
		if !c.eligible(i, &p) || p.set&^c.spans[i].kinds != 0 {
			continue // AM-7.4 (a), or a kind no instantiation has
		}
		for j := range c.exp[i] {
			if e := &c.exp[i][j]; e.matches(&p) {
				out = append(out, Match{Line: l, Inst: e.in, Jokers: p.allJ})
				break
			}
		}
	}
	return out
}

// Best returns the line the hand is paid on (AM-7.5), or false when the
// hand matches no line.
func (c *Card) Best(h Hand, o PayOptions) (Match, bool) { return Best(c.Match(h), o) }

// takes applies step 1 of AM-7.4: every exposure finds a group of its kind
// and size.
func (e *expansion) takes(p *prepared) bool {
	for _, x := range p.exp[:p.nexp] {
		n := 0
		for _, g := range e.big {
			if g.Kind == x.kind && g.Size == int(x.size) {
				n++
			}
		}
		if n < x.n {
			return false
		}
	}
	return true
}

// matches applies AM-7.4 (b) to one instantiation.
func (e *expansion) matches(p *prepared) bool {
	if p.set&^e.kinds != 0 || !e.takes(p) {
		return false
	}
	for _, s := range e.slots {
		n := p.n[s.kind]
		if n < s.p || n > s.r-p.expSlots[s.kind] {
			return false
		}
	}
	return true
}

// feasible applies conditions 1–3 of AM-9.3: the exposures fit, and the
// avail naturals and jokers can still fill the rest.
func (e *expansion) feasible(p *prepared, avail *tile.Counts, jokers int) bool {
	if !e.takes(p) {
		return false
	}
	need := 0
	for _, s := range e.slots {
		a := avail[s.kind]
		if s.p > a {
			return false
		}
		if r := s.r - p.expSlots[s.kind]; r > a {
			need += int(r - a)
		}
	}
	return need <= jokers
}

// Feasible reports whether a player whose exposures are exposed can still
// make some line (AM-9.3): avail[t] is A_t, the naturals of kind t not yet
// visible (flowers may be spread over 1f–4y; they are summed), and jokers is
// AJ, the jokers not yet discarded or exposed. With exposures only X lines
// are eligible. Malformed exposures are never feasible.
func (c *Card) Feasible(exposed [][]tile.Kind, avail tile.Counts, jokers int) bool {
	p, err := Hand{Exposed: exposed}.prepare()
	if err != nil {
		return false
	}
	var a tile.Counts
	for k, v := range avail {
		f := rules.CardKind(tile.Kind(k))
		a[f] = uint8(min(int(a[f])+int(v), 255))
	}
	c.init()
	for i := range c.Lines {
		if !c.eligible(i, &p) {
			continue
		}
		for j := range c.exp[i] {
			if c.exp[i][j].feasible(&p, &a, jokers) {
				return true
			}
		}
	}
	return false
}
