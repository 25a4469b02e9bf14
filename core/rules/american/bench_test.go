package american_test

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/american"
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
