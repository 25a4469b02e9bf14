package tile

import (
	"fmt"
	"strings"
)

// GroupKind says how a group written in hand notation is held.
type GroupKind uint8

// The group kinds of the hand notation.
const (
	GroupNone     GroupKind = iota
	Exposed                 // Exposed is a melded group, written "[555z]".
	ConcealedKong           // ConcealedKong is a declared concealed kong, written "(1111p)".
)

// String names the group kind.
func (g GroupKind) String() string {
	switch g {
	case Exposed:
		return "exposed"
	case ConcealedKong:
		return "concealed-kong"
	}
	return "none"
}

// Group is a set of tiles written together in brackets.
type Group struct {
	Kind  GroupKind
	Tiles []Kind
}

// Hand is a hand as written in the rules files: concealed tiles, exposed
// groups "[...]", declared concealed kongs "(...)", an optional winning tile
// "+2m" (with a trailing "*" when it is a Jilin joker, "+6p*") and optional
// bonus tiles after "bonus:".
type Hand struct {
	Concealed []Kind
	Groups    []Group
	// Winning is the winning tile, or None for a hand that has not won.
	Winning Kind
	// WinningJoker marks a winning tile written with "*".
	WinningJoker bool
	Bonus        []Kind
}

// HasWinning reports whether the hand names a winning tile.
func (h Hand) HasWinning() bool { return h.Winning != None }

// delimiters end a token of hand notation.
const delimiters = " \t,\n\r[(+])"

// ParseHand reads a hand in notation. Errors name the bad token and position.
func ParseHand(s string) (Hand, error) {
	// A hand's concealed tiles fit in one allocation (14 tiles, more for
	// american flowers in the hand, where append grows it).
	h := Hand{Winning: None, Concealed: make([]Kind, 0, 14)}
	var groupTiles []Kind // the tiles of every group, allocated at the first group
	bad := func(tok string, off int, reason string) error {
		return &NotationError{Input: s, Token: tok, Offset: off, Reason: reason}
	}
	i := 0
	bonus := false
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == ',' || c == '\n' || c == '\r':
			i++
		case c == '[' || c == '(':
			closer, kind := byte(']'), Exposed
			if c == '(' {
				closer, kind = ')', ConcealedKong
			}
			j := strings.IndexByte(s[i+1:], closer)
			if j < 0 {
				return Hand{}, bad(s[i:], i, fmt.Sprintf("%q is never closed by %q", c, closer))
			}
			inner := s[i+1 : i+1+j]
			if strings.ContainsAny(inner, "[]()+") {
				return Hand{}, bad(s[i:i+j+2], i, "groups cannot nest or hold a winning tile")
			}
			// The groups' tiles share one buffer, each group capped at its
			// own tiles so that appending to one never writes over the next.
			if groupTiles == nil {
				groupTiles = make([]Kind, 0, 16)
			}
			start := len(groupTiles)
			var err error
			for text, off, end := nextField(inner, 0); text != ""; text, off, end = nextField(inner, end) {
				if groupTiles, err = parseRun(s, text, i+1+off, groupTiles); err != nil {
					return Hand{}, err
				}
			}
			if len(groupTiles) == start {
				return Hand{}, bad(s[i:i+j+2], i, "empty group")
			}
			if h.Groups == nil {
				h.Groups = make([]Group, 0, 4)
			}
			h.Groups = append(h.Groups, Group{Kind: kind, Tiles: groupTiles[start:len(groupTiles):len(groupTiles)]})
			i += j + 2
		case c == '+':
			if h.Winning != None {
				return Hand{}, bad(s[i:], i, "a hand has one winning tile")
			}
			j := i + 1
			for j < len(s) && !strings.ContainsRune(delimiters, rune(s[j])) {
				j++
			}
			tok := s[i+1 : j]
			if strings.HasSuffix(tok, "*") {
				h.WinningJoker = true
				tok = tok[:len(tok)-1]
			}
			var one [1]Kind // the winning tile, without an allocation
			ks, err := parseRun(s, tok, i+1, one[:0])
			if err != nil {
				return Hand{}, err
			}
			if len(ks) != 1 {
				return Hand{}, bad(s[i:j], i, "the winning tile after '+' must be exactly one tile")
			}
			h.Winning = ks[0]
			i = j
		case c == ')' || c == ']':
			return Hand{}, bad(string(c), i, "closing bracket without an opening one")
		default:
			j := i
			for j < len(s) && !strings.ContainsRune(delimiters, rune(s[j])) {
				j++
			}
			tok := s[i:j]
			if tok == "bonus:" || tok == "bonus" {
				bonus = true
				i = j
				continue
			}
			var err error
			if bonus {
				h.Bonus, err = parseRun(s, tok, i, h.Bonus)
			} else {
				h.Concealed, err = parseRun(s, tok, i, h.Concealed)
			}
			if err != nil {
				return Hand{}, err
			}
			i = j
		}
	}
	return h, nil
}

// String writes the hand in canonical notation: concealed tiles sorted, then
// groups, then the winning tile, then "bonus:" and the bonus tiles.
func (h Hand) String() string {
	var parts []string
	if len(h.Concealed) > 0 {
		parts = append(parts, Format(Sorted(h.Concealed)))
	}
	for _, g := range h.Groups {
		inner := strings.ReplaceAll(Format(g.Tiles), " ", "")
		if g.Kind == ConcealedKong {
			parts = append(parts, "("+inner+")")
		} else {
			parts = append(parts, "["+inner+"]")
		}
	}
	if h.Winning != None {
		w := "+" + h.Winning.String()
		if h.WinningJoker {
			w += "*"
		}
		parts = append(parts, w)
	}
	if len(h.Bonus) > 0 {
		parts = append(parts, "bonus: "+Format(h.Bonus))
	}
	return strings.Join(parts, " ")
}
