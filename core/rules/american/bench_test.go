package american_test

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/american"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/pattern/patterntest"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// parsed reads a hand in notation as the american ruleset does.
func parsed(b *testing.B, s string) rules.Hand {
	b.Helper()
	n, err := tile.ParseHand(s)
	if err != nil {
		b.Fatal(err)
	}
	h, err := american.Ruleset{}.HandFromNotation(n)
	if err != nil {
		b.Fatal(err)
	}
	return h
}

// BenchmarkValue values AM-13 vector 3 against the house card.
func BenchmarkValue(b *testing.B) {
	r := american.Ruleset{}
	h := parsed(b, vector3)
	ctx := rules.Context{Options: rules.DefaultOptions(r), From: rules.S}
	for b.Loop() {
		if !r.Value(h, ctx).Valid {
			b.Fatal("not valid")
		}
	}
}

// BenchmarkWaits computes the wait set of a 13-tile hand.
func BenchmarkWaits(b *testing.B) {
	r := american.Ruleset{}
	h := parsed(b, "55p 666p 77p 0j 5z [888p0j]")
	ctx := rules.Context{Options: rules.DefaultOptions(r)}
	for b.Loop() {
		r.Waits(h, ctx)
	}
}

// BenchmarkScore scores the hands of AM-13's vectors against the house
// card from notation, those that match a line and those that match none,
// cycled.
func BenchmarkScore(b *testing.B) {
	r := american.Ruleset{}
	ctx := rules.Context{Options: rules.DefaultOptions(r), Seat: rules.S, From: rules.E}
	var cases []patterntest.ScoreCase
	for _, h := range []string{
		"222m 0j 5555z 2222p 6s +6s", "2222m 5555z 2222p 6s +6s", "55p 666p 77p 0j 5z [888p0j] +5z",
		"222p 333s 444m 5p 111m +5p", "222z 00j 777s [4444z0j] +7s", "111m 222p 33s 11111f +3s",
		"111m 222p 33s 1f2f3f4f1y +3s", "1111s 357s 99s 0j 777z +9s", "11f 226m 7777p 777s 0j +5z",
		"11111f 111m 22p 000j +2p", "11111f 22p 000j [111m] +2p", "7777m 222p 14s [111f0j] +2p",
	} {
		cases = append(cases, patterntest.ScoreCase{Notation: h, Ctx: ctx})
	}
	for _, h := range []string{ // no line: every line is tried
		"55p 666p 77p 0j 7z [888p0j] +7z", "112233445566s 0j +7s", "222p 333s 444m 5p [111m] +5p",
		"111f 226m 5555z [666p] +6p", "1111s 357s 99s 0j 666z +9s",
	} {
		cases = append(cases, patterntest.ScoreCase{Notation: h, Ctx: ctx, Invalid: true})
	}
	patterntest.BenchScore(b, r, cases)
}
