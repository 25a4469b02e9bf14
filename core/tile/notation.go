package tile

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// ErrNotation is wrapped by every notation error.
var ErrNotation = errors.New("tile: bad notation")

// NotationError says which token of a notation string is wrong, where it
// starts (a 0-based byte offset) and why.
type NotationError struct {
	Input  string
	Token  string
	Offset int
	Reason string
}

// Error implements error.
func (e *NotationError) Error() string {
	return fmt.Sprintf("tile: bad token %q at position %d: %s", e.Token, e.Offset, e.Reason)
}

// Unwrap returns ErrNotation.
func (e *NotationError) Unwrap() error { return ErrNotation }

// digitRange gives the digits allowed before each suit letter.
func digitRange(letter byte) (lo, hi byte, s Suit, ok bool) {
	switch letter {
	case 'm':
		return '1', '9', Characters, true
	case 'p':
		return '1', '9', Circles, true
	case 's':
		return '1', '9', Bamboo, true
	case 'z':
		return '1', '7', Honors, true
	case 'f':
		return '1', '4', Flowers, true
	case 'y':
		return '1', '4', Seasons, true
	case 'j':
		return '0', '0', Jokers, true
	}
	return 0, 0, SuitNone, false
}

func kindOf(s Suit, d byte) Kind {
	n := Kind(d - '0')
	switch s {
	case Characters, Circles, Bamboo:
		return Suited(s, int(n))
	case Honors:
		return East + n - 1
	case Flowers:
		return F1 + n - 1
	case Seasons:
		return Y1 + n - 1
	}
	return Joker
}

// parseRun parses one token without spaces, such as "123m55p", starting at
// offset off of input.
func parseRun(input, tok string, off int, out []Kind) ([]Kind, error) {
	bad := func(reason string) error {
		return &NotationError{Input: input, Token: tok, Offset: off, Reason: reason}
	}
	digits := 0
	start := 0
	for i := 0; i < len(tok); i++ {
		c := tok[i]
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c >= 'a' && c <= 'z':
			lo, hi, s, ok := digitRange(c)
			if !ok {
				return out, bad(fmt.Sprintf("unknown suit letter %q (allowed: m p s z f y j)", c))
			}
			if digits == 0 {
				return out, bad(fmt.Sprintf("suit letter %q has no digits before it", c))
			}
			for j := start; j < i; j++ {
				d := tok[j]
				if d < lo || d > hi {
					return out, bad(fmt.Sprintf("digit %c is not allowed with %q (allowed %c-%c)", d, c, lo, hi))
				}
				out = append(out, kindOf(s, d))
			}
			digits = 0
			start = i + 1
		default:
			r, _ := utf8.DecodeRuneInString(tok[i:])
			if r >= 0x1F000 && r <= 0x1F02F { // the Mahjong Tiles block
				return out, bad(fmt.Sprintf("tile glyph %q is not read; write tiles such as 5z (red dragon) or 1m", r))
			}
			return out, bad(fmt.Sprintf("unexpected character %q", r))
		}
	}
	if digits > 0 {
		return out, bad("digits without a suit letter after them")
	}
	return out, nil
}

// Parse reads a list of tiles in notation, such as "123m 55p 1z 0j". Spaces
// separate nothing: "123m55p" is the same list. An error names the bad token
// and its position.
func Parse(s string) ([]Kind, error) {
	var out []Kind
	var err error
	for text, off, end := nextField(s, 0); text != ""; text, off, end = nextField(s, end) {
		if out, err = parseRun(s, text, off, out); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// MustParse is Parse for tests and tables written in code; it panics on error.
func MustParse(s string) []Kind {
	ks, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return ks
}

// nextField returns the first field of s at or after offset i (text ""
// when there is none), its offset and the offset after it. Fields are
// separated by spaces, tabs, newlines and commas.
func nextField(s string, i int) (text string, off, end int) {
	for i < len(s) && isSeparator(s[i]) {
		i++
	}
	j := i
	for j < len(s) && !isSeparator(s[j]) {
		j++
	}
	return s[i:j], i, j
}

func isSeparator(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ','
}

// Format writes tiles in notation, keeping their order and sharing the suit
// letter between neighbours of the same suit: [1m 2m 3m 5p 5p] is "123m 55p".
// Unknown tiles are written "??".
func Format(ks []Kind) string {
	var b strings.Builder
	for i, k := range ks {
		if !k.Valid() {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(k.String())
			continue
		}
		if i > 0 && b.Len() > 0 && (!ks[i-1].Valid() || ks[i-1].Suit() != k.Suit()) {
			b.WriteByte(' ')
		}
		b.WriteByte(byte('0' + k.Number()))
		if i+1 == len(ks) || !ks[i+1].Valid() || ks[i+1].Suit() != k.Suit() {
			b.WriteByte(k.Suit().Letter())
		}
	}
	return b.String()
}
