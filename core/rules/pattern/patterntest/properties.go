package patterntest

import (
	"math/rand/v2"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// Properties values n random winning and losing hands under r with
// options o and checks that each is valid, that an ordinary hand (no
// fixed value) is worth at most limit (0: no limit), and that every item
// cites a rule in ids; then settles n random hands and checks that the
// transfers sum to zero and match the nets.
func Properties(t *testing.T, r rules.Ruleset, o rules.Options, limit int, ids []string, n int, bonus bool) {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, uint64(n)))
	for i := range n {
		h := RandomHand(rng, i%4 != 0, bonus)
		ctx := RandomContext(rng, o)
		v, err := rules.Score(r, h.Notation, ctx)
		if err != nil || !v.Valid {
			t.Fatalf("%s (%+v): %v %s", h.Notation, ctx, err, v.Error)
		}
		fixed := false
		for _, it := range v.Items {
			fixed = fixed || (it.Limit && it.Value > limit)
			if !rules.HasRule(ids, it.Rule) {
				t.Fatalf("%s: item %+v cites a rule not in the package's list", h.Notation, it)
			}
		}
		if limit > 0 && !fixed && v.Value > limit {
			t.Fatalf("%s: ordinary hand worth %d over the limit %d", h.Notation, v.Value, limit)
		}
	}
	for range n {
		in := rules.SettleInput{Options: o, Winner: rules.Wind(rng.IntN(5) - 1), From: rules.NoWind}
		for w := range in.Values {
			in.Values[w] = rng.IntN(3000)
		}
		CheckSettlement(t, r.Settle(in))
	}
}

// CheckSettlement checks that a settlement's transfers sum to zero and
// make its nets (a ledger has no transfers).
func CheckSettlement(t testing.TB, s rules.Settlement) {
	t.Helper()
	var net [4]int
	for _, tr := range s.Transfers {
		if tr.Amount <= 0 || tr.From == tr.To {
			t.Fatalf("bad transfer %+v", tr)
		}
		net[tr.From] -= tr.Amount
		net[tr.To] += tr.Amount
	}
	if s.Ledger {
		if len(s.Transfers) != 0 {
			t.Fatalf("a ledger settlement with transfers: %+v", s)
		}
		return
	}
	if net != s.Net {
		t.Fatalf("nets %v do not match transfers %+v", s.Net, s.Transfers)
	}
}

// Fuzz values a hand in notation under r in a context made of the other
// arguments, which may be nonsense, and checks that Value does not panic
// and that a valid hand has a value of 0 or more.
func Fuzz(t *testing.T, r rules.Ruleset, notation string, seat, from int8, flags uint32) {
	ctx := rules.Context{Options: rules.DefaultOptions(r), Seat: rules.Wind(seat), Round: rules.E,
		Dominant: rules.Wind(seat % 4), From: rules.Wind(from), Flags: rules.Flag(flags), Joker: tile.None}
	v, err := rules.Score(r, notation, ctx)
	if err == nil && v.Valid && v.Value < 0 {
		t.Fatalf("%q: negative value %+v", notation, v)
	}
}

// FuzzRaw values a Hand built straight from bytes, bypassing the notation
// (any counts, meld kinds and tiles), and checks that Value does not panic.
func FuzzRaw(t *testing.T, r rules.Ruleset, data []byte) {
	var h rules.Hand
	h.Winning = tile.None
	for i, b := range data {
		switch {
		case i < tile.NumKinds:
			h.Concealed[i] = b % 6
		case i%3 == 0 && i+1 < len(data):
			h.Melds = append(h.Melds, hand.Meld{Kind: hand.MeldKind(b % 6), Tile: tile.Kind(data[i+1]), Open: b&8 != 0})
		case i%3 == 1:
			h.Bonus = append(h.Bonus, tile.Kind(b))
		default:
			h.Winning = tile.Kind(b)
		}
	}
	v := r.Value(h, rules.Context{Options: rules.DefaultOptions(r), From: rules.NoWind})
	if v.Valid && v.Value < 0 {
		t.Fatalf("negative value %+v", v)
	}
}
