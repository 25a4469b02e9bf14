package card

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxValue bounds a line's value so that payments (value × 2 × 2 × 3)
// cannot overflow.
const maxValue = 1_000_000

// Parse reads a card file in the AM-11 format; name names it in errors. Every
// line that passes the load validation of AM-11.8 is in the card. The
// problems of the other lines, each with its line and column, come in a
// *ParseError returned together with the card: valid lines still load. When
// no line is valid the card is refused and Parse returns nil and the
// *ParseError. Parse never panics.
func Parse(name string, data []byte) (*Card, error) {
	c := &Card{Name: name, Text: string(data)}
	var lines []Line
	var probs []Problem
	for i, raw := range strings.Split(string(data), "\n") {
		raw = strings.TrimSuffix(raw, "\r")
		if i == 0 {
			raw = strings.TrimPrefix(raw, "\uFEFF")
		}
		p := lineParser{num: i + 1, raw: raw}
		if l, ok := p.parse(c); ok {
			lines = append(lines, l)
		}
		probs = append(probs, p.probs...)
	}
	lineProbs, exps := checkLines(lines)
	probs = append(probs, lineProbs...)
	var valid [][]expansion
	for i, l := range lines {
		if exps[i] != nil {
			c.Lines = append(c.Lines, l)
			valid = append(valid, exps[i])
		}
	}
	c.once.Do(func() { c.ready(valid) })
	if len(c.Lines) == 0 {
		probs = append(probs, Problem{Msg: "the card has no valid hand line (AM-11.8)"})
		c = nil
	}
	if len(probs) == 0 {
		return c, nil
	}
	slices.SortStableFunc(probs, func(a, b Problem) int {
		if a.Line == 0 || b.Line == 0 { // file-level problems last
			return cmp.Compare(b.Line, a.Line)
		}
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
	})
	return c, &ParseError{Name: name, Problems: probs}
}

// lineParser parses one line of a card file and collects its problems.
type lineParser struct {
	num   int
	raw   string
	probs []Problem
}

// col returns the 1-based column, in characters, of byte offset off.
func (p *lineParser) col(off int) int { return utf8.RuneCountInString(p.raw[:off]) + 1 }

func (p *lineParser) errorf(off int, format string, args ...any) {
	p.probs = append(p.probs, Problem{Line: p.num, Col: p.col(off), Msg: fmt.Sprintf(format, args...)})
}

// parse reads the line: a comment, a directive or a hand line (AM-11.1).
// It reports a hand line that has no syntax problem.
func (p *lineParser) parse(c *Card) (Line, bool) {
	lo := len(p.raw) - len(strings.TrimLeftFunc(p.raw, unicode.IsSpace))
	hi := len(strings.TrimRightFunc(p.raw, unicode.IsSpace))
	if lo >= hi || p.raw[lo] == '#' {
		return Line{}, false
	}
	if p.raw[lo] == '@' {
		p.directive(c, lo, hi)
		return Line{}, false
	}
	l := p.handLine(lo, hi)
	return l, len(p.probs) == 0
}

// directive applies "@card NAME" and "@year YYYY"; others are ignored.
func (p *lineParser) directive(c *Card, lo, hi int) {
	word, rest, restOff := p.raw[lo:hi], "", hi
	if i := strings.IndexAny(word, " \t"); i >= 0 {
		word = word[:i]
		rest, restOff = p.field(lo+i, hi)
	}
	switch word {
	case "@card":
		if rest == "" {
			p.errorf(lo, "@card needs a name after it")
			return
		}
		c.Name = rest
	case "@year":
		y, err := strconv.Atoi(rest)
		if err != nil || y < 1 || y > 9999 {
			p.errorf(restOff, "@year needs a year from 1 to 9999, not %q", rest)
			return
		}
		c.Year = y
	}
}

// field returns raw[lo:hi] without its surrounding spaces and tabs, and the
// offset where it starts.
func (p *lineParser) field(lo, hi int) (string, int) {
	for lo < hi && (p.raw[lo] == ' ' || p.raw[lo] == '\t') {
		lo++
	}
	for hi > lo && (p.raw[hi-1] == ' ' || p.raw[hi-1] == '\t') {
		hi--
	}
	return p.raw[lo:hi], lo
}

// handLine reads "id | pattern | flags | category | note" (AM-11.2).
func (p *lineParser) handLine(lo, hi int) Line {
	bars := make([]int, 0, 4)
	for i := lo; i < hi && len(bars) < 4; i++ {
		if p.raw[i] == '|' {
			bars = append(bars, i)
		}
	}
	if len(bars) < 4 {
		p.errorf(lo, "a hand line has 5 fields separated by '|' (id | pattern | flags | category | note), this one has %d", len(bars)+1)
		return Line{}
	}
	l := Line{Pos: p.num}
	l.ID, l.idCol = p.ident(lo, bars[0], "id")
	l.Pattern, l.patternCol = p.pattern(&l, bars[0]+1, bars[1])
	l.flagsCol = p.flags(&l, bars[1]+1, bars[2])
	l.Category, _ = p.ident(bars[2]+1, bars[3], "category")
	l.Note, _ = p.field(bars[3]+1, hi)
	return l
}

func isIdent(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// ident reads an id or a category: letters, digits, '_' and '-'.
func (p *lineParser) ident(lo, hi int, what string) (string, int) {
	s, at := p.field(lo, hi)
	if s == "" {
		p.errorf(at, "missing %s: write letters, digits, '_' or '-'", what)
		return "", p.col(at)
	}
	for i := 0; i < len(s); i++ {
		if !isIdent(s[i]) {
			r, _ := utf8.DecodeRuneInString(s[i:])
			p.errorf(at+i, "%s %q: %q is not allowed (letters, digits, '_', '-')", what, s, r)
			break
		}
	}
	return s, p.col(at)
}

func isDigit(c byte) bool { return c >= '1' && c <= '9' }

func isGlyph(c byte) bool { return c >= '0' && c <= '9' || strings.IndexByte("FNEWSDRG", c) >= 0 }

// tokens splits raw[lo:hi] at spaces and tabs, giving each token's offset.
func (p *lineParser) tokens(lo, hi int) (toks []string, offs []int) {
	for i := lo; i < hi; {
		if p.raw[i] == ' ' || p.raw[i] == '\t' {
			i++
			continue
		}
		j := i
		for j < hi && p.raw[j] != ' ' && p.raw[j] != '\t' {
			j++
		}
		toks, offs = append(toks, p.raw[i:j]), append(offs, i)
		i = j
	}
	return toks, offs
}

// pattern reads the pattern into l.Groups (AM-11.3) and returns it as written.
func (p *lineParser) pattern(l *Line, lo, hi int) (string, int) {
	s, at := p.field(lo, hi)
	if s == "" {
		p.errorf(at, "empty pattern: write groups such as 222a 0000 FF NEWS")
	}
	toks, offs := p.tokens(lo, hi)
	for i, tok := range toks {
		switch tok {
		case "x", "+", "=", "*": // decorative operators
		default:
			p.groupToken(l, tok, offs[i])
		}
	}
	return s, p.col(at)
}

// groupToken reads glyph{glyph} [class] ["!"] (AM-11.2, AM-11.5).
func (p *lineParser) groupToken(l *Line, tok string, off int) {
	n := 0
	for n < len(tok) && isGlyph(tok[n]) {
		n++
	}
	glyphs, rest := tok[:n], tok[n:]
	if n == 0 {
		r, _ := utf8.DecodeRuneInString(tok)
		p.errorf(off, "%q cannot start a group: a group starts with a glyph 1-9 0 F N E W S D R G; operators are x + = *", r)
		return
	}
	var class byte
	if rest != "" && strings.IndexByte("abcn", rest[0]) >= 0 {
		class, rest = rest[0], rest[1:]
	}
	fixed := strings.HasPrefix(rest, "!")
	rest = strings.TrimPrefix(rest, "!")
	if rest != "" {
		r, _ := utf8.DecodeRuneInString(rest)
		p.errorf(off+len(tok)-len(rest), "%q after group %q: a group is glyphs, then a class a b c or n, then an optional '!'", r, glyphs)
		return
	}
	numbered := strings.ContainsAny(glyphs, "123456789D")
	switch {
	case numbered && (class == 0 || class == 'n'):
		p.errorf(off, "group %q has a digit 1-9 or D and needs a class a, b or c after it (AM-11.5)", tok)
	case !numbered && class != 0 && class != 'n':
		p.errorf(off+n, "group %q has no digit 1-9 nor D and takes no class (or n) (AM-11.5)", tok)
	case fixed && !strings.ContainsAny(glyphs, "123456789"):
		p.errorf(off+len(tok)-1, "'!' fixes digits and group %q has no digit 1-9 (AM-11.5)", tok)
	}
	if class == 'n' {
		class = 0
	}
	for i := 0; i < n; {
		j := i
		for j < n && glyphs[j] == glyphs[i] {
			j++
		}
		l.Groups = append(l.Groups, Group{Glyph: glyphs[i], Class: class, Fixed: fixed, Size: j - i, Col: p.col(off + i)})
		i = j
	}
}

// flags reads ("X" | "C") value ["k=" kspec] (AM-11.2).
func (p *lineParser) flags(l *Line, lo, hi int) int {
	toks, offs := p.tokens(lo, hi)
	_, at := p.field(lo, hi)
	if len(toks) == 0 {
		p.errorf(at, "empty flags: write X or C, the value, then an optional k=...")
		return p.col(at)
	}
	switch toks[0] {
	case "X":
	case "C":
		l.Concealed = true
	default:
		p.errorf(offs[0], "flags start with X (exposures allowed) or C (concealed), not %q", toks[0])
	}
	if len(toks) < 2 {
		p.errorf(offs[0], "missing value after %q: write a positive integer such as 25", toks[0])
		return p.col(at)
	}
	l.Value = p.value(toks[1], offs[1])
	if len(toks) > 2 {
		if spec, ok := strings.CutPrefix(toks[2], "k="); ok {
			l.Shift = p.shift(spec, offs[2]+2)
		} else {
			p.errorf(offs[2], "%q after the value: only k=any or k=LIST (such as k=0,2,4 or k=-1..3) may follow", toks[2])
		}
	}
	if len(toks) > 3 {
		p.errorf(offs[3], "%q after the k= shift: the flags end there", toks[3])
	}
	return p.col(at)
}

// value reads a positive integer without a leading zero.
func (p *lineParser) value(s string, off int) int {
	v, err := strconv.Atoi(s)
	if err != nil || s[0] < '1' || s[0] > '9' || v > maxValue {
		p.errorf(off, "value %q: write a positive integer from 1 to %d, without a sign or leading zero", s, maxValue)
		return 0
	}
	return v
}

// shift reads "any" or a comma-separated list of int or int..int.
func (p *lineParser) shift(spec string, off int) Shift {
	if spec == "any" {
		return Shift{Any: true}
	}
	var s Shift
	for item := range strings.SplitSeq(spec, ",") {
		loS, hiS, isRange := strings.Cut(item, "..")
		lo, okLo := shiftInt(loS)
		hi, okHi := lo, true
		if isRange {
			hi, okHi = shiftInt(hiS)
		}
		switch {
		case !okLo || !okHi:
			p.errorf(off, "k item %q: write an integer such as -1 or 4, or a range such as 0..3; or k=any", item)
		case lo > hi:
			p.errorf(off, "k range %q is empty: write the smaller end first", item)
		default:
			s.Ranges = append(s.Ranges, Range{lo, hi})
		}
		off += len(item) + 1
	}
	return s
}

// shiftInt reads ["-"] digit {digit}.
func shiftInt(s string) (int, bool) {
	d := strings.TrimPrefix(s, "-")
	if d == "" || strings.TrimLeft(d, "0123456789") != "" {
		return 0, false
	}
	v, err := strconv.Atoi(s)
	return v, err == nil
}
