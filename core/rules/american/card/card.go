// Package card reads, checks and matches American Mah Jongg cards of hands
// written in the AM-11 file format (rules/american.md): the parser and load
// validation (AM-11.8), the matcher of AM-7.4 with the paid line of AM-7.5,
// the nearest lines of a hand in play, the public feasibility test of
// AM-9.3, and the embedded house card (AM-12).
//
// A line is expanded once, when the card is first used, into the concrete
// groups of each of its instantiations (σ, k) (AM-11.6); matching then only
// compares counts.
package card

import (
	_ "embed"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// Flower is the kind every flower is counted as (AM-1.1: all eight flowers
// are one kind F, as rules.CardKind counts them). Concrete groups and
// folded counts use it for 1f–4f, 1y–4y.
const Flower = tile.F1

// Caps of the 152-tile set (AM-1.2).
const (
	// KindCap is the supply of a natural kind other than the flower.
	KindCap = 4
	// FlowerCap is the supply of flowers.
	FlowerCap = 8
	// JokerCap is the supply of jokers.
	JokerCap = 8
	// HandSize is the number of tiles of a complete hand.
	HandSize = 14
	// MaxGroup is the largest group, a sextet (AM-11.3).
	MaxGroup = 6
)

// Card is a card of hands: its lines in file order. A Card must not be
// modified once it is used; it is then safe for concurrent use.
type Card struct {
	// Name is the card's name (from "@card", else the name given to Parse).
	Name string
	// Year is the card's year (from "@year"), 0 when absent.
	Year int
	// Lines are the card's hands in file order.
	Lines []Line
	// Text is the card file the card was read from, so that a table can
	// save the card with a game and read it back (Parse gives the same card).
	Text string

	once sync.Once
	exp  [][]expansion // exp[i] are the instantiations of Lines[i]
	// spans[i] are the kinds of every instantiation of Lines[i], to pass
	// over a line at once (eligible).
	spans []span
	// scan is the expansions in file order for Outlook.Measure.
	scan scan
	// meters are the card under each of the four PayOptions (Meter).
	meters [4]meter
}

// Line is one hand of the card (AM-11.2).
type Line struct {
	// ID is the line's id, unique on the card, such as "Y3".
	ID string
	// Pattern is the pattern as written, operators included.
	Pattern string
	// Groups are the pattern's groups in order (AM-11.3).
	Groups []Group
	// Concealed marks a C line; false is an X line (AM-7.3).
	Concealed bool
	// Value is the line's value (AM-11.7).
	Value int
	// Shift is the line's "k=" specification.
	Shift Shift
	// Category is the category id, such as "year" or "sp" (AM-7.1).
	Category string
	// Note is the free text after the category.
	Note string
	// Pos is the line's 1-based line number in its file, 0 for a line
	// built in code.
	Pos int

	idCol, patternCol, flagsCol int // 1-based columns of the fields, 0 if unknown
}

// Group is one group of a pattern: a run of identical glyphs (AM-11.3).
type Group struct {
	// Glyph is one of 1–9 0 F N E W S D R G (AM-11.4).
	Glyph byte
	// Class is the suit variable 'a', 'b' or 'c', or 0 for none (AM-11.5).
	Class byte
	// Fixed marks digits that never shift ("!").
	Fixed bool
	// Size is the number of tiles, 1 (single) to 6 (sextet).
	Size int
	// Col is the 1-based column of the group in its file line, 0 if unknown.
	Col int
}

// Numbered reports whether the group's glyph depends on the suit: a digit
// 1–9 or D.
func (g Group) Numbered() bool { return isDigit(g.Glyph) || g.Glyph == 'D' }

// Shift is a "k=" specification (AM-11.2). The zero Shift means no "k=",
// that is K₀ = {0}.
type Shift struct {
	// Any is "k=any".
	Any bool
	// Ranges are the listed values; a single value v is the range v..v.
	Ranges []Range
}

// Range is an inclusive range of shifts, Lo ≤ Hi.
type Range struct{ Lo, Hi int }

// Allows reports whether k is in K₀.
func (s Shift) Allows(k int) bool {
	if s.Any {
		return true
	}
	if len(s.Ranges) == 0 {
		return k == 0
	}
	for _, r := range s.Ranges {
		if r.Lo <= k && k <= r.Hi {
			return true
		}
	}
	return false
}

// String writes the specification as in a card file: "k=any", "k=0,2,4",
// "k=-1..3", or "" for none.
func (s Shift) String() string {
	if s.Any {
		return "k=any"
	}
	if len(s.Ranges) == 0 {
		return ""
	}
	parts := make([]string, len(s.Ranges))
	for i, r := range s.Ranges {
		parts[i] = strconv.Itoa(r.Lo)
		if r.Hi != r.Lo {
			parts[i] += ".." + strconv.Itoa(r.Hi)
		}
	}
	return "k=" + strings.Join(parts, ",")
}

// NoJoker reports whether the line has no group of 3 or more, so that it can
// never hold a joker (AM-6.2, AM-8.4).
func (l *Line) NoJoker() bool {
	for _, g := range l.Groups {
		if g.Size >= 3 {
			return false
		}
	}
	return true
}

// Flags writes the line's flags field, such as "X 30 k=any".
func (l *Line) Flags() string {
	f := "X"
	if l.Concealed {
		f = "C"
	}
	f += " " + strconv.Itoa(l.Value)
	if s := l.Shift.String(); s != "" {
		f += " " + s
	}
	return f
}

// String writes the line in the card file format.
func (l *Line) String() string {
	return strings.Join([]string{l.ID, l.Pattern, l.Flags(), l.Category, l.Note}, " | ")
}

// Inst is an instantiation (σ, k) of a line (AM-11.6).
type Inst struct {
	// Suits are σ(a), σ(b), σ(c); tile.SuitNone for a letter the line does
	// not use.
	Suits [3]tile.Suit
	// K is the number shift.
	K int
}

// String writes the instantiation as "a=m b=p k=4" (used letters only).
func (in Inst) String() string {
	var b strings.Builder
	for i, s := range in.Suits {
		if s != tile.SuitNone {
			fmt.Fprintf(&b, "%c=%c ", 'a'+i, s.Letter())
		}
	}
	fmt.Fprintf(&b, "k=%d", in.K)
	return b.String()
}

// Concrete is a group of an instantiated line: Size tiles of one Kind
// (flowers as Flower).
type Concrete struct {
	Kind tile.Kind
	Size int
}

// Problem is one thing wrong in a card file or a line.
type Problem struct {
	// Line is the 1-based line number, 0 when the problem concerns no line.
	Line int
	// Col is the 1-based column (in characters), 0 when unknown.
	Col int
	// Msg says what is wrong and what is allowed.
	Msg string
}

// String writes the problem as "line:col: msg" (or "line: msg").
func (p Problem) String() string {
	switch {
	case p.Line == 0:
		return p.Msg
	case p.Col == 0:
		return fmt.Sprintf("%d: %s", p.Line, p.Msg)
	}
	return fmt.Sprintf("%d:%d: %s", p.Line, p.Col, p.Msg)
}

// ErrCard is wrapped by every ParseError.
var ErrCard = errors.New("card: bad card file")

// ParseError lists every problem found in a card file, sorted by position.
type ParseError struct {
	// Name is the file name given to Parse.
	Name     string
	Problems []Problem
}

// Error implements error.
func (e *ParseError) Error() string {
	parts := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		parts[i] = p.String()
	}
	return fmt.Sprintf("card %s: %d problem(s): %s", e.Name, len(e.Problems), strings.Join(parts, "; "))
}

// Unwrap returns ErrCard.
func (e *ParseError) Unwrap() error { return ErrCard }

//go:embed house-card.txt
var houseFile []byte

var house = sync.OnceValue(func() *Card {
	c, _ := Parse("house-card.txt", houseFile) // checked by TestHouseCard
	return c
})

// House returns the embedded house card (AM-12), parsed once and shared.
func House() *Card { return house() }
