package card_test

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules/american/card"
)

func benchHand(b *testing.B, s string) card.Hand {
	h, err := card.ParseHand(s)
	if err != nil {
		b.Fatal(err)
	}
	return h
}

// BenchmarkMatch matches 14-tile hands against the 45-line house card.
func BenchmarkMatch(b *testing.B) {
	c := card.House()
	for _, bc := range []struct{ name, hand string }{
		{"exposed-R1", "55p 666p 77p 0j 5z [888p0j] +5z"},
		{"two-lines", "11111f 111m 22p 000j +2p"},
		{"no-line", "123m 456p 789s 1234z +5z"},
		{"jokers", "2468m 2468p 00j 55z 6z +6z"},
	} {
		h := benchHand(b, bc.hand)
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				c.Match(h)
			}
		})
	}
}

// BenchmarkNearest ranks the house card's lines for hands in play.
func BenchmarkNearest(b *testing.B) {
	c := card.House()
	for _, bc := range []struct{ name, hand string }{
		{"13-tiles", "2m 44m 6p 88p 13s 0j 5z 7z 1f 2z 3z"},
		{"14-exposed", "55p 666p 77p 0j 5z [888p0j] +7z"},
	} {
		h := benchHand(b, bc.hand)
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				c.Nearest(h, 5)
			}
		})
	}
}

// BenchmarkParseHouse parses and expands the house card.
func BenchmarkParseHouse(b *testing.B) {
	data := readHouse(b)
	for b.Loop() {
		if _, err := card.Parse("house", data); err != nil {
			b.Fatal(err)
		}
	}
}
