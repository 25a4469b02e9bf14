package card_test

import (
	"math/rand/v2"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/american/card"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// nearestDistance is the reference distance of a 13- or 14-tile hand: that
// of its nearest line by Nearest.
func nearestDistance(c *card.Card, h card.Hand) int {
	near := c.Nearest(h, 1)
	if len(near) == 0 {
		return card.HandSize + 1
	}
	return near[0].Distance()
}

// drawable are the kinds an Outlook names in Improve: the folded naturals
// and the joker.
func drawable() []tile.Kind {
	ks := make([]tile.Kind, 0, rules.NumCardKinds+1)
	for k := range tile.Kind(rules.NumCardKinds) {
		ks = append(ks, k)
	}
	return append(ks, tile.Joker)
}

// TestOutlookAgainstNearest compares an Outlook of random 14-tile hands
// near the card with Nearest: the hand's distance, and for every discard
// the distance left and the draws that lower it (AM-7.4).
func TestOutlookAgainstNearest(t *testing.T) {
	c := card.House()
	r := rand.New(rand.NewPCG(7, 8))
	n := 300
	if testing.Short() {
		n = 30
	}
	o := c.NewOutlook(card.PayOptions{})
	for range n {
		h := randomHand(r, c)
		if err := o.Measure(h.Concealed, h.Exposed, 1, nil); err != nil {
			t.Fatal(err)
		}
		if got, want := o.Distance(), nearestDistance(c, h); got != want {
			t.Fatalf("%v %v: distance %d, Nearest %d", h.Concealed.Kinds(), h.Exposed, got, want)
		}
		for _, k := range h.Concealed.Distinct() {
			less := h
			less.Concealed.Remove(k)
			got, want := o.Without(k), nearestDistance(c, less)
			if got.Distance != want {
				t.Fatalf("%v %v less %s: distance %d, Nearest %d", h.Concealed.Kinds(), h.Exposed, k, got.Distance, want)
			}
			var improve, possible tile.Set
			for _, x := range drawable() {
				more := less
				more.Concealed.Add(x)
				if more.Check() != nil {
					continue // a fifth tile: the set has none
				}
				possible = possible.Add(x)
				if nearestDistance(c, more) < want {
					improve = improve.Add(x)
				}
			}
			if got.Improve&possible != improve {
				t.Fatalf("%v %v less %s: improve %v, Nearest %v", h.Concealed.Kinds(), h.Exposed, k, got.Improve&possible, improve)
			}
		}
	}
}

// TestOutlookSupply checks that a supply rules out the expansions the
// unseen tiles cannot complete: vector 3 less its winning White dragon
// is one tile from R1 (its only line that near), and farther once every
// other White is seen.
func TestOutlookSupply(t *testing.T) {
	c := card.House()
	h, err := card.ParseHand("55p 666p 77p 0j 5z [888p0j]")
	if err != nil {
		t.Fatal(err)
	}
	full := rules.CardSupply{Jokers: 6}
	for k := range rules.NumCardKinds {
		full.Naturals[k] = card.KindCap
	}
	o := c.NewOutlook(card.PayOptions{})
	for _, whites := range []uint8{3, 1, 0} {
		s := full
		s.Naturals[tile.White] = whites
		if err := o.Measure(h.Concealed, h.Exposed, 0, &s); err != nil {
			t.Fatal(err)
		}
		if got := o.Distance(); (whites > 0) != (got == 1) {
			t.Errorf("%d Whites unseen: distance %d", whites, got)
		}
	}
}

// TestOutlookMalformed checks that a hand the matcher refuses (15 tiles,
// AM-7.4) is no match: the outlook sees no line, whatever it saw before.
func TestOutlookMalformed(t *testing.T) {
	c := card.House()
	o := c.NewOutlook(card.PayOptions{})
	h, err := card.ParseHand("2222m 5555z 2222p 6s +6s") // AM-13 #2
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Measure(h.Concealed, h.Exposed, 0, nil); err != nil || o.Distance() != 0 {
		t.Fatalf("AM-13 #2: distance %d (%v), want 0", o.Distance(), err)
	}
	h.Concealed.Add(tile.MustParse("9m")[0])
	if err := o.Measure(h.Concealed, h.Exposed, 0, nil); err == nil || o.Distance() <= card.HandSize || o.Without(tile.None).Distance <= card.HandSize {
		t.Errorf("15 tiles: distance %d (%v), want none and an error", o.Distance(), err)
	}
}

// TestOutlookFewNaturals compares an Outlook with Nearest on hands of
// 13 or 14 tiles with few natural kinds (every expansion's bound is then as low as it goes),
// jokers, flowers and an exposure among them.
func TestOutlookFewNaturals(t *testing.T) {
	c := card.House()
	o := c.NewOutlook(card.PayOptions{})
	for _, s := range []string{
		"0j0j0j0j0j0j0j0j 1f2f3f4f1y",
		"0j0j0j0j0j0j0j0j 1f2f3f4f1y 2m",
		"1f2f3f4f1y2y3y4y 0j0j0j0j0j",
		"0j0j0j 1m 3m [555z0j] [666z0j]",
	} {
		h, err := card.ParseHand(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := o.Measure(h.Concealed, h.Exposed, 1, nil); err != nil {
			t.Fatal(err)
		}
		if got, want := o.Distance(), nearestDistance(c, h); got != want {
			t.Errorf("%s: distance %d, Nearest %d", s, got, want)
		}
	}
}

// certain is the chance model of a hand that gets no more tile: only what
// it holds counts.
func certain() *rules.CardChances {
	var ch rules.CardChances
	for k := range rules.NumCardKinds {
		ch.Natural[k][0], ch.Plain[k][0] = 1, 1
	}
	return &ch
}

// TestOutlookWeighMatched checks that a matching hand that gets no more
// tile is worth the payment of its paid line (AM-7.5, AM-8.3, AM-8.4), and
// nothing once it gives a tile away.
func TestOutlookWeighMatched(t *testing.T) {
	c := card.House()
	po := card.PayOptions{JokerlessBonus: true}
	o := c.NewOutlook(po)
	for _, tc := range []struct {
		hand, line string
		worth      float64
	}{
		{"222m 0j 5555z 2222p 6s +6s", "Y3", 25},  // AM-13 #1
		{"2222m 5555z 2222p 6s +6s", "Y3", 50},    // AM-13 #2: jokerless
		{"11111f 111m 22p 000j +2p", "Q1", 40},    // AM-13 #13: paid on Q1
		{"1122334455667z +7z", "S1", 50},          // AM-13 #10: no bonus
		{"7777m 222p 14s [111f0j] +2p", "M1", 30}, // AM-13 #15
	} {
		h, err := card.ParseHand(tc.hand)
		if err != nil {
			t.Fatal(err)
		}
		if err := o.Measure(h.Concealed, h.Exposed, 1, nil); err != nil {
			t.Fatal(err)
		}
		aim := o.Weigh(tile.None, certain())
		if aim.Line != tc.line || aim.Worth != tc.worth || aim.Distance != 0 {
			t.Errorf("%s: aim %v worth %v at %d, want %s worth %v", tc.hand, aim.Line, aim.Worth, aim.Distance, tc.line, tc.worth)
		}
		for _, k := range h.Concealed.Distinct() {
			if aim := o.Weigh(k, certain()); aim.Worth != 0 || aim.Distance == 0 {
				t.Errorf("%s less %s: worth %v at distance %d, want 0 at 1 or more", tc.hand, k, aim.Worth, aim.Distance)
			}
		}
	}
}

// expected is the chance model of a player with draws tiles to come who
// has seen only her own hand.
func expected(draws float64) *rules.CardChances {
	s := rules.CardSupply{Jokers: card.JokerCap}
	for k := range rules.NumCardKinds {
		s.Naturals[k] = card.KindCap - 1
	}
	var ch rules.CardChances
	card.Expect(&ch, &s, draws, 1.2, 1.5)
	return &ch
}

// TestOutlookWeighNeeds checks the worth of hands near a line: a hand two
// tiles from Y3 is worth something, a tile no near line uses costs
// nothing, and giving away a natural never raises the worth.
func TestOutlookWeighNeeds(t *testing.T) {
	c := card.House()
	po := card.PayOptions{}
	ch := expected(15)
	o := c.NewOutlook(po)
	// Y3 (2222a 0000 2222b 66c) less a 6s and a 2p: the joker fills a
	// kong slot, two tiles are missing.
	h, err := card.ParseHand("222m 0j 5555z 222p 6s 1m")
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Measure(h.Concealed, h.Exposed, 2, nil); err != nil {
		t.Fatal(err)
	}
	aim := o.Weigh(tile.None, ch)
	if aim.Line != "Y3" || aim.Distance != 2 || aim.Worth <= 0 || aim.Worth >= 25 {
		t.Fatalf("aim %v at %d worth %v, want Y3 2 tiles away worth some of its 25", aim.Line, aim.Distance, aim.Worth)
	}
	if got := o.Weigh(tile.M1, ch); got.Worth != aim.Worth {
		t.Errorf("giving away the stray 1m changes the worth: %v, want %v", got.Worth, aim.Worth)
	}
	r := rand.New(rand.NewPCG(9, 10))
	for range 300 {
		h := randomHand(r, c)
		if err := o.Measure(h.Concealed, h.Exposed, 2, nil); err != nil {
			t.Fatal(err)
		}
		base := o.Weigh(tile.None, ch).Worth
		for _, k := range h.Concealed.Distinct() {
			if w := o.Weigh(k, ch).Worth; k != tile.Joker && w > base*(1+1e-9) {
				t.Fatalf("%v %v: giving away %s raises the worth from %v to %v", h.Concealed.Kinds(), h.Exposed, k, base, w)
			}
		}
	}
}

// TestExpect checks the chance model's rows: certain with nothing to
// get, falling with each tile more, nothing beyond the unseen tiles.
func TestExpect(t *testing.T) {
	ch := expected(20)
	for k := range rules.NumCardKinds {
		row := ch.Natural[k]
		if row[0] != 1 || row[4] != 0 {
			t.Fatalf("kind %s: %v, want 1 first and 0 past the 3 unseen", tile.Kind(k), row)
		}
		for n := 1; n <= 3; n++ {
			if row[n] <= 0 || row[n] >= row[n-1] {
				t.Fatalf("kind %s: %v does not fall", tile.Kind(k), row)
			}
		}
	}
}

// TestDemand reads a player whose exposures are North's and South's
// kongs: only W1 (NNNN DDDa DDDb SSSS) fits them, so she wants dragons.
func TestDemand(t *testing.T) {
	c := card.House()
	var s rules.CardSupply
	for k := range rules.NumCardKinds {
		s.Naturals[k] = card.KindCap
	}
	s.Jokers = card.JokerCap
	exposed := [][]tile.Kind{tile.MustParse("4444z"), tile.MustParse("2222z")}
	d := c.Demand(exposed, &s, 0)
	sum := 0.0
	for k, x := range d.Share {
		sum += x
		if x > 0 && !tile.Kind(k).IsDragon() {
			t.Errorf("share %v on %s: W1 wants only dragons", x, tile.Kind(k))
		}
	}
	if d.Targets == 0 || d.Value != 30 || sum < 0.999 || sum > 1.001 {
		t.Errorf("demand: %d targets, value %v, shares summing to %v; want W1's 30 and 1", d.Targets, d.Value, sum)
	}
	if d := c.Demand([][]tile.Kind{tile.MustParse("0j0j0j")}, &s, 0); d.Targets != 0 {
		t.Errorf("an exposure of jokers alone gives %d targets, want 0", d.Targets)
	}
}

// BenchmarkOutlook measures a hand and answers every discard's reach and
// worth, as the AI does once per decision.
func BenchmarkOutlook(b *testing.B) {
	c := card.House()
	ch := expected(15)
	po := card.PayOptions{JokerlessBonus: true}
	for _, bc := range []struct{ name, hand string }{
		{"charleston", "2m 44m 6p 88p 13s 0j 5z 7z 1f 2z 3z"},
		{"in-play", "222m 0j 555z 2222p 6s 1m 9p"},
		{"exposed", "55p 666p 77p 0j 5z 7z [888p0j]"},
	} {
		h := benchHand(b, bc.hand)
		b.Run(bc.name, func(b *testing.B) {
			o := c.NewOutlook(po)
			for b.Loop() {
				if err := o.Measure(h.Concealed, h.Exposed, 2, nil); err != nil {
					b.Fatal(err)
				}
				for _, k := range h.Concealed.Distinct() {
					o.Without(k)
					o.Weigh(k, ch)
				}
			}
		})
	}
}
