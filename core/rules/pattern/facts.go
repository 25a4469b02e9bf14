package pattern

import (
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// Facts are what a hand's scoring needs beyond its reading: which suits
// and honours it holds, its bonus tiles, whether it claimed melds, and
// where the winning tile came from.
type Facts struct {
	// Suits has bit s set for each numbered suit held (1 characters,
	// 2 circles, 4 bamboo).
	Suits uint8
	// Honours reports whether a wind or dragon is held.
	Honours bool
	// Flowers and Seasons have bit i set for bonus tile i+1 held.
	Flowers, Seasons uint8
	// Claimed reports an exposed meld made before the winning tile.
	Claimed bool
	// Winner reports a winning hand, SelfDrawn a winning tile from the wall.
	Winner, SelfDrawn bool
	// Seat is the scored player's seat.
	Seat rules.Wind
}

// FactsOf returns the facts of h (which must have passed Check) in ctx.
func FactsOf(h *rules.Hand, ctx *rules.Context) Facts {
	f := Facts{Winner: h.IsWinner(), Seat: ctx.Seat}
	f.SelfDrawn = f.Winner && SelfDrawn(ctx)
	note := func(k tile.Kind) {
		if k.IsHonor() {
			f.Honours = true
		} else if k.IsSuited() {
			f.Suits |= 1 << (k.Suit() - tile.Characters)
		}
	}
	for k, n := range h.Concealed {
		if n > 0 {
			note(tile.Kind(k))
		}
	}
	if f.Winner {
		note(h.Winning)
	}
	for _, m := range h.Melds {
		note(m.Tile)
		f.Claimed = f.Claimed || m.Open
	}
	for _, k := range h.Bonus {
		if k.Suit() == tile.Flowers {
			f.Flowers |= 1 << (k - tile.F1)
		} else if k.Suit() == tile.Seasons {
			f.Seasons |= 1 << (k - tile.Y1)
		}
	}
	return f
}

// OneSuit reports exactly one numbered suit.
func (f *Facts) OneSuit() bool { return f.Suits != 0 && f.Suits&(f.Suits-1) == 0 }

// HalfFlush reports one suit plus honours (HK-S-27, CL-12).
func (f *Facts) HalfFlush() bool { return f.OneSuit() && f.Honours }

// FullFlush reports one suit and no honours (HK-S-28, CL-12).
func (f *Facts) FullFlush() bool { return f.OneSuit() && !f.Honours }

// AllHonours reports winds and dragons only (HK-S-32).
func (f *Facts) AllHonours() bool { return f.Suits == 0 && f.Honours }

// OwnFlower reports the flower of the player's seat (bonus tiles 1..4
// belong to E..N).
func (f *Facts) OwnFlower() bool { return f.Flowers&(1<<(f.Seat&3)) != 0 }

// OwnSeason reports the season of the player's seat.
func (f *Facts) OwnSeason() bool { return f.Seasons&(1<<(f.Seat&3)) != 0 }

// BonusTiles returns the number of flowers and seasons held.
func (f *Facts) BonusTiles() (flowers, seasons int) {
	return bits(f.Flowers), bits(f.Seasons)
}

func bits(b uint8) int {
	n := 0
	for ; b != 0; b &= b - 1 {
		n++
	}
	return n
}
