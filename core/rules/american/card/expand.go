package card

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// Validate checks the card's lines against the load validation of AM-11.8,
// all but syntax: ids present and unique, classes on every digit and D,
// glyphs, group sizes 1–6, 14 tiles, a positive value, a non-empty K and
// makeability with the 152 tiles. A card returned by Parse has no problem;
// Validate is for cards built or edited in code. Lines with problems never
// match.
func (c *Card) Validate() []Problem {
	probs, _ := checkLines(c.Lines)
	return probs
}

// init expands the lines once (a card built in code is expanded lazily).
func (c *Card) init() {
	c.once.Do(func() {
		_, exp := checkLines(c.Lines)
		c.ready(exp)
	})
}

// ready completes a card whose lines are expanded into exp (exp[i] those
// of Lines[i]); it runs once, under c.once.
func (c *Card) ready(exp [][]expansion) {
	c.exp = exp
	c.scan = newScan(exp)
	c.spans = make([]span, len(exp))
	for i, es := range exp {
		for j := range es {
			c.spans[i].kinds |= es[j].kinds
			for _, g := range es[j].big {
				c.spans[i].big = c.spans[i].big.Add(g.Kind)
			}
		}
	}
	for i := range c.meters {
		c.meters[i] = meter{c: c, po: PayOptions{JokerlessBonus: i&1 != 0, JokerlessNoJokerLines: i&2 != 0}}
	}
}

// checkLines validates lines and expands the valid ones; exp[i] is nil for
// a line with a problem.
func checkLines(lines []Line) (probs []Problem, exp [][]expansion) {
	seen := make(map[string]bool, len(lines))
	exp = make([][]expansion, len(lines))
	for i := range lines {
		l := &lines[i]
		lp := l.check()
		if seen[l.ID] {
			lp = append(lp, l.problem(l.idCol, "duplicate id %q: each line needs its own id", l.ID))
		}
		seen[l.ID] = true
		if len(lp) == 0 {
			exp[i], lp = l.expand()
		}
		probs = append(probs, lp...)
	}
	return probs, exp
}

func (l *Line) problem(col int, format string, args ...any) Problem {
	return Problem{Line: l.Pos, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// check finds the problems of a line other than K and makeability.
func (l *Line) check() []Problem {
	var probs []Problem
	if l.ID == "" {
		probs = append(probs, l.problem(l.idCol, "missing id"))
	}
	if l.Value < 1 || l.Value > maxValue {
		probs = append(probs, l.problem(l.flagsCol, "value %d: a value is an integer from 1 to %d", l.Value, maxValue))
	}
	total := 0
	for _, g := range l.Groups {
		switch {
		case !isGlyph(g.Glyph):
			probs = append(probs, l.problem(g.Col, "glyph %q is not one of 1-9 0 F N E W S D R G", g.Glyph))
		case g.Numbered() && (g.Class < 'a' || g.Class > 'c'):
			probs = append(probs, l.problem(g.Col, "group %s needs a class a, b or c (AM-11.5)", strings.Repeat(string(g.Glyph), max(g.Size, 1))))
		case g.Size < 1 || g.Size > MaxGroup:
			probs = append(probs, l.problem(g.Col, "group of %d %c: a group holds 1 to %d tiles (single to sextet)", g.Size, g.Glyph, MaxGroup))
		}
		total += g.Size
	}
	if total != HandSize {
		probs = append(probs, l.problem(l.patternCol, "the pattern holds %d tiles; a hand holds %d", total, HandSize))
	}
	for _, r := range l.Shift.Ranges {
		if r.Lo > r.Hi {
			probs = append(probs, l.problem(l.flagsCol, "k range %d..%d is empty", r.Lo, r.Hi))
		}
	}
	return probs
}

// shifts returns K (AM-11.6), ascending.
func (l *Line) shifts() []int {
	lo, hi := 10, 0
	for _, g := range l.Groups {
		if isDigit(g.Glyph) && !g.Fixed {
			d := int(g.Glyph - '0')
			lo, hi = min(lo, d), max(hi, d)
		}
	}
	if hi == 0 {
		return []int{0}
	}
	var ks []int
	for k := 1 - lo; k <= 9-hi; k++ {
		if l.Shift.Allows(k) {
			ks = append(ks, k)
		}
	}
	return ks
}

// letters returns the suit variables used, as a bit mask (bit 0 = a).
func (l *Line) letters() uint8 {
	var m uint8
	for _, g := range l.Groups {
		if g.Numbered() && g.Class >= 'a' && g.Class <= 'c' {
			m |= 1 << (g.Class - 'a')
		}
	}
	return m
}

var numbered = [3]tile.Suit{tile.Characters, tile.Circles, tile.Bamboo}

// sigmas returns every injective σ from the letters in mask to the suits, in
// the order σ(a), σ(b), σ(c) with m < p < s (AM-7.5, AM-14 #24).
func sigmas(mask uint8) [][3]tile.Suit {
	var out [][3]tile.Suit
	var cur [3]tile.Suit
	var rec func(letter int, used uint8)
	rec = func(letter int, used uint8) {
		if letter == 3 {
			out = append(out, cur)
			return
		}
		if mask&(1<<letter) == 0 {
			cur[letter] = tile.SuitNone
			rec(letter+1, used)
			return
		}
		for i, s := range numbered {
			if used&(1<<i) == 0 {
				cur[letter] = s
				rec(letter+1, used|1<<i)
			}
		}
	}
	rec(0, 0)
	return out
}

// Insts returns every instantiation (σ, k) of the line (AM-11.6) in the
// reporting order of AM-7.5: k ascending, then σ(a), σ(b), σ(c) with
// m < p < s. It is empty when K is.
func (l *Line) Insts() []Inst {
	var out []Inst
	ss := sigmas(l.letters())
	for _, k := range l.shifts() {
		for _, s := range ss {
			out = append(out, Inst{Suits: s, K: k})
		}
	}
	return out
}

// dragon returns the dragon matching a suit (AM-1.3), or None.
func dragon(s tile.Suit) tile.Kind {
	switch s {
	case tile.Characters:
		return tile.Red
	case tile.Circles:
		return tile.White
	case tile.Bamboo:
		return tile.Green
	}
	return tile.None
}

// kind returns the group's tile kind under in (AM-11.4), or None when the
// group has no kind there (a digit shifted out of 1–9, an unused letter).
func (g Group) kind(in Inst) tile.Kind {
	var suit tile.Suit
	if g.Class >= 'a' && g.Class <= 'c' {
		suit = in.Suits[g.Class-'a']
	}
	switch g.Glyph {
	case 'D':
		return dragon(suit)
	case '0':
		return tile.White
	case 'R':
		return tile.Red
	case 'G':
		return tile.Green
	case 'F':
		return Flower
	case 'N':
		return tile.North
	case 'E':
		return tile.East
	case 'W':
		return tile.West
	case 'S':
		return tile.South
	}
	if !isDigit(g.Glyph) {
		return tile.None
	}
	d := int(g.Glyph - '0')
	if !g.Fixed {
		d += in.K
	}
	return tile.Suited(suit, d)
}

// Concrete returns the line's groups under in, or nil when in does not fit
// the line (a digit out of 1–9, a letter without a suit).
func (l *Line) Concrete(in Inst) []Concrete {
	out := make([]Concrete, len(l.Groups))
	for i, g := range l.Groups {
		k := g.kind(in)
		if k == tile.None {
			return nil
		}
		out[i] = Concrete{Kind: k, Size: g.Size}
	}
	return out
}

// slot sums the groups of one kind in an instantiation: r slots in all, p of
// them in pairs and singles.
type slot struct {
	kind tile.Kind
	r, p uint8
}

// span sums the instantiations of a line: the kinds of their groups, and
// those of their groups of 3 or more.
type span struct {
	kinds, big tile.Set
}

// eligible reports whether some instantiation of line i may take the
// exposures of p: an X line when p has exposures (AM-7.4 (a)), with a
// group of 3 or more of each exposure's kind (takes needs more).
func (c *Card) eligible(i int, p *prepared) bool {
	if p.nexp == 0 {
		return true
	}
	if c.Lines[i].Concealed {
		return false
	}
	for _, x := range p.exp[:p.nexp] {
		if !c.spans[i].big.Has(x.kind) {
			return false
		}
	}
	return true
}

// expansion is one instantiation of a line, precomputed for matching.
type expansion struct {
	in    Inst
	kinds tile.Set   // kinds of the groups
	slots []slot     // one per kind, by kind
	big   []Concrete // the groups of 3 or more, by kind then size
	size  int        // tiles of the expansion: the sum of its slots
}

// newExpansion sums the concrete groups cs of in.
func newExpansion(in Inst, cs []Concrete) expansion {
	e := expansion{in: in}
	slices.SortFunc(cs, func(a, b Concrete) int { return cmp.Or(cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.Size, b.Size)) })
	for _, c := range cs {
		if !e.kinds.Has(c.Kind) {
			e.kinds = e.kinds.Add(c.Kind)
			e.slots = append(e.slots, slot{kind: c.Kind})
		}
		s := &e.slots[len(e.slots)-1]
		s.r += uint8(c.Size)
		e.size += c.Size
		if c.Size <= 2 {
			s.p += uint8(c.Size)
		} else {
			e.big = append(e.big, c)
		}
	}
	return e
}

// key identifies the multiset of groups: instantiations with the same key
// match the same hands.
func (e *expansion) key() string {
	var b strings.Builder
	for _, c := range e.big {
		b.WriteByte(byte(c.Kind))
		b.WriteByte(byte(c.Size))
	}
	b.WriteByte(0xff)
	for _, s := range e.slots {
		b.WriteByte(byte(s.kind))
		b.WriteByte(s.p)
		b.WriteByte(s.r)
	}
	return b.String()
}

// fullSet is the supply of the 152-tile set, by folded kind (AM-1.2).
var fullSet = func() tile.Counts {
	var c tile.Counts
	for k := range tile.Kind(tile.NumStandard) {
		c[k] = KindCap
	}
	c[Flower] = FlowerCap
	return c
}()

// FullSupply returns the supply of a player who has seen nothing: the
// 152-tile set (AM-1.2).
func FullSupply() rules.CardSupply {
	return rules.CardSupply{Naturals: fullSet, Jokers: JokerCap}
}

// expand returns the makeable instantiations of a checked line, one per
// multiset of groups (the first in reporting order), or a problem when K is
// empty or no instantiation is makeable (AM-11.8).
func (l *Line) expand() ([]expansion, []Problem) {
	ins := l.Insts()
	if len(ins) == 0 {
		return nil, []Problem{l.problem(l.flagsCol, "no shift k in %q keeps every shifted digit within 1-9 (AM-11.6)", cmp.Or(l.Shift.String(), "k=0"))}
	}
	var out []expansion
	seen := map[string]bool{}
	none := prepared{}
	for _, in := range ins {
		e := newExpansion(in, l.Concrete(in))
		if k := e.key(); !seen[k] && e.feasible(&none, &fullSet, JokerCap) {
			seen[k] = true
			out = append(out, e)
		}
	}
	if len(out) == 0 {
		return nil, []Problem{l.problem(l.patternCol, "not makeable with the 152 tiles: every instantiation needs more than %d of a kind (%d flowers) in pairs and singles, or more than %d jokers (AM-11.8)", KindCap, FlowerCap, JokerCap)}
	}
	return out, nil
}
