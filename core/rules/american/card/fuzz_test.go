package card_test

import (
	"slices"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules/american/card"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// FuzzParse checks that Parse never panics, that a card it returns is
// valid and non-empty, that each line survives a round trip through
// String, and that a hand built from a line matches it.
func FuzzParse(f *testing.F) {
	f.Add(readHouse(f))
	for _, s := range []string{
		"", "@card\n@year 0", "A|B|C|D|E", "A | 11a | X 1 | c | n",
		"Q | FFFFF 11111a 2222b | X 40 k=-3..2,9 | quint | n",
		"Y4 | FF 2026a! 1111b 1111c | C 30 k=any | year | | |",
		"X | DDDDDDa DDDDDDb 00 | X 5 | h | n", "é | 1a | X 1 | c",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := card.Parse("fuzz", data)
		if c == nil {
			if err == nil {
				t.Fatal("nil card without an error")
			}
			return
		}
		if len(c.Lines) == 0 || len(c.Validate()) != 0 {
			t.Fatalf("card with %d lines, problems %v", len(c.Lines), c.Validate())
		}
		for i := range c.Lines {
			l := &c.Lines[i]
			again, err := card.Parse("again", []byte(l.String()))
			if err != nil || !sameGroups(again.Lines[0].Groups, l.Groups) || again.Lines[0].String() != l.String() {
				t.Fatalf("%q does not survive a round trip: %v", l.String(), err)
			}
			for _, in := range l.Insts() {
				if h, ok := build(l, in); ok {
					if findMatch(c.Match(h), l.ID) == nil {
						t.Fatalf("%s under %s: its own hand does not match", l.ID, in)
					}
					break
				}
			}
		}
	})
}

func sameGroups(a, b []card.Group) bool {
	return slices.EqualFunc(a, b, func(x, y card.Group) bool {
		return x.Glyph == y.Glyph && x.Class == y.Class && x.Fixed == y.Fixed && x.Size == y.Size
	})
}

// handFromBytes decodes fuzz bytes into a hand: the first byte gives the
// number of exposures, each exposure is a length byte and its tiles, the
// rest are concealed tiles. Kinds may be invalid.
func handFromBytes(data []byte) card.Hand {
	var h card.Hand
	if len(data) == 0 {
		return h
	}
	nexp := int(data[0] % 6)
	data = data[1:]
	for range nexp {
		if len(data) == 0 {
			break
		}
		n := min(int(data[0]%8), len(data)-1)
		var e []tile.Kind
		for _, b := range data[1 : 1+n] {
			e = append(e, tile.Kind(b%(tile.NumKinds+2)))
		}
		h.Exposed = append(h.Exposed, e)
		data = data[1+n:]
	}
	for _, b := range data[:min(len(data), 20)] {
		h.Concealed.Add(tile.Kind(b % tile.NumKinds))
	}
	return h
}

// FuzzMatch checks that matching never panics and agrees with the brute
// force and with Nearest.
func FuzzMatch(f *testing.F) {
	for _, s := range []string{
		"55p 666p 77p 0j 5z [888p0j] +5z", "11111f 111m 22p 000j +2p", "1122334455667z +7z",
		"7777m 222p 14s [111f0j] +2p", "222z 00j 777s [4444z0j] +7s",
	} {
		h, err := card.ParseHand(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(handBytes(h))
	}
	f.Add([]byte{3, 9, 1, 2, 3})
	f.Fuzz(func(t *testing.T, data []byte) {
		h := handFromBytes(data)
		c := card.House()
		ms := c.Match(h)
		card.Best(ms, defaultPay)
		near := c.Nearest(h, 0)
		var avail tile.Counts
		for i := range avail {
			if len(data) > 0 {
				avail[i] = data[i%len(data)] % 9
			}
		}
		c.Feasible(h.Exposed, avail, len(data)%9)
		if h.Check() != nil || h.Size() != card.HandSize {
			if ms != nil {
				t.Fatalf("a bad hand matched %v", ms)
			}
			return
		}
		var want, zero []string
		for i := range c.Lines {
			if refMatch(&c.Lines[i], h) {
				want = append(want, c.Lines[i].ID)
			}
		}
		for _, nr := range near {
			if nr.Distance() == 0 {
				zero = append(zero, nr.Line.ID)
			}
		}
		if got := matchedIDs(c, h); !slices.Equal(got, want) || !sameSet(zero, want) {
			t.Fatalf("Match %v, brute force %v, Nearest at 0 %v", got, want, zero)
		}
	})
}

// handBytes encodes a hand for FuzzMatch's corpus.
func handBytes(h card.Hand) []byte {
	b := []byte{byte(len(h.Exposed))}
	for _, e := range h.Exposed {
		b = append(b, byte(len(e)))
		for _, k := range e {
			b = append(b, byte(k))
		}
	}
	for _, k := range h.Concealed.Kinds() {
		b = append(b, byte(k))
	}
	return b
}

// FuzzParseHand checks that any notation string is read without a panic and
// that a hand it accepts can be matched and measured.
func FuzzParseHand(f *testing.F) {
	for _, s := range []string{"55p 666p 77p 0j 5z [888p0j] +5z", "[", "+", "1f2f3f4f1y", "(1111m)", "bonus: 1f", "0j0j"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		h, err := card.ParseHand(s)
		if err != nil {
			return
		}
		card.House().Match(h)
		card.House().Nearest(h, 3)
	})
}
