package card_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules/american/card"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

func TestHouseCard(t *testing.T) {
	c, err := card.Parse("house-card.txt", readHouse(t))
	if err != nil {
		t.Fatalf("the house card has problems: %v", err)
	}
	if c.Name != "House Card 2026" || c.Year != 2026 {
		t.Errorf("name %q year %d, want \"House Card 2026\" 2026", c.Name, c.Year)
	}
	if p := c.Validate(); len(p) != 0 {
		t.Errorf("Validate: %v", p)
	}
	// AM-12: 45 lines, 5 in each AM-7.1 category, values 25–50.
	if len(c.Lines) != 45 || len(card.House().Lines) != 45 {
		t.Fatalf("%d lines (House: %d), want 45", len(c.Lines), len(card.House().Lines))
	}
	perCat := map[string]int{}
	for _, l := range c.Lines {
		perCat[l.Category]++
		if l.Value < 25 || l.Value > 50 {
			t.Errorf("%s: value %d outside 25-50", l.ID, l.Value)
		}
	}
	for _, cat := range []string{"year", "2468", "mult", "quint", "run", "13579", "honors", "369", "sp"} {
		if perCat[cat] != 5 {
			t.Errorf("category %s has %d lines, want 5", cat, perCat[cat])
		}
	}
}

// build makes a hand of the line under in: naturals while the set has
// them, then jokers in groups of 3 or more. exposed lists the indexes of
// groups to expose. It reports false when the set cannot supply the hand.
func build(l *card.Line, in card.Inst, exposed ...int) (card.Hand, bool) {
	var h card.Hand
	var used tile.Counts
	jokers := 0
	for i, g := range l.Concrete(in) {
		var group []tile.Kind
		for range g.Size {
			supply := card.KindCap
			if g.Kind == card.Flower {
				supply = card.FlowerCap
			}
			switch {
			case int(used[g.Kind]) < supply:
				used[g.Kind]++
				group = append(group, g.Kind)
			case g.Size >= 3 && jokers < card.JokerCap:
				jokers++
				group = append(group, tile.Joker)
			default:
				return h, false
			}
		}
		if slices.Contains(exposed, i) {
			h.Exposed = append(h.Exposed, group)
			continue
		}
		for _, k := range group {
			h.Concealed.Add(k)
		}
	}
	return h, h.Check() == nil
}

// matchedIDs returns the ids of the lines c matches for h, in file order.
func matchedIDs(c *card.Card, h card.Hand) []string {
	var ids []string
	for _, m := range c.Match(h) {
		ids = append(ids, m.Line.ID)
	}
	return ids
}

// instIndex returns the position of in among the line's instantiations.
func instIndex(l *card.Line, in card.Inst) int { return slices.Index(l.Insts(), in) }

// foreign returns a kind that no instantiation of l uses.
func foreign(t *testing.T, l *card.Line) tile.Kind {
	var used tile.Set
	for _, in := range l.Insts() {
		for _, g := range l.Concrete(in) {
			used = used.Add(g.Kind)
		}
	}
	for k := range tile.Kind(tile.NumStandard) {
		if !used.Has(k) {
			return k
		}
	}
	if !used.Has(card.Flower) {
		return card.Flower
	}
	t.Fatalf("%s uses every kind", l.ID)
	return tile.None
}

// TestHouseLines builds every house line under every instantiation (all
// suit permutations and shifts): the hand must match the line, reported
// under an instantiation no later than the one built; with one tile
// replaced by a kind the line never uses it must not. X lines also match
// with a group exposed; C lines then refuse it (AM-7.4 a).
func TestHouseLines(t *testing.T) {
	c := card.House()
	for i := range c.Lines {
		l := &c.Lines[i]
		t.Run(l.ID, func(t *testing.T) {
			wrong := foreign(t, l)
			built := 0
			for _, in := range l.Insts() {
				h, ok := build(l, in)
				if !ok {
					continue
				}
				built++
				m := findMatch(c.Match(h), l.ID)
				if m == nil {
					t.Fatalf("%s under %s: hand %v does not match", l.ID, in, h.Concealed.Kinds())
				}
				if instIndex(l, m.Inst) > instIndex(l, in) {
					t.Errorf("%s: built under %s, reported under %s (later)", l.ID, in, m.Inst)
				}
				for _, k := range h.Concealed.Distinct() {
					bad := h
					bad.Concealed.Remove(k)
					bad.Concealed.Add(wrong)
					if findMatch(c.Match(bad), l.ID) != nil {
						t.Fatalf("%s under %s: matched with %s replaced by %s", l.ID, in, k, wrong)
					}
				}
				checkExposed(t, c, l, in)
			}
			if built == 0 {
				t.Fatalf("%s: no instantiation can be built from the 152 tiles", l.ID)
			}
		})
	}
}

// checkExposed exposes each group of 3 or more in turn.
func checkExposed(t *testing.T, c *card.Card, l *card.Line, in card.Inst) {
	t.Helper()
	for gi, g := range l.Concrete(in) {
		if g.Size < 3 {
			continue
		}
		h, ok := build(l, in, gi)
		if !ok {
			continue
		}
		got := findMatch(c.Match(h), l.ID) != nil
		if got == l.Concealed {
			t.Fatalf("%s under %s with group %d exposed: matched=%v, want %v", l.ID, in, gi, got, !l.Concealed)
		}
	}
}

func findMatch(ms []card.Match, id string) *card.Match {
	for i := range ms {
		if ms[i].Line.ID == id {
			return &ms[i]
		}
	}
	return nil
}

// refMatch is a brute-force AM-7.4: it tries every instantiation, every
// assignment of exposures to groups and every split of each remaining group
// between naturals and jokers.
func refMatch(l *card.Line, h card.Hand) bool {
	if l.Concealed && len(h.Exposed) > 0 {
		return false
	}
	var n tile.Counts
	jokers := 0
	for _, k := range h.Concealed.Kinds() {
		switch {
		case k == tile.Joker:
			jokers++
		case k.IsBonus():
			n[card.Flower]++
		default:
			n[k]++
		}
	}
	for _, in := range l.Insts() {
		gs := l.Concrete(in)
		if assignExposures(h.Exposed, gs, make([]bool, len(gs)), n, jokers) {
			return true
		}
	}
	return false
}

func assignExposures(exp [][]tile.Kind, gs []card.Concrete, taken []bool, n tile.Counts, jokers int) bool {
	if len(exp) == 0 {
		var rest []card.Concrete
		for i, g := range gs {
			if !taken[i] {
				rest = append(rest, g)
			}
		}
		return fill(rest, n, jokers)
	}
	kind := tile.None
	for _, k := range exp[0] {
		if k != tile.Joker {
			kind = k
			if k.IsBonus() {
				kind = card.Flower
			}
		}
	}
	for i, g := range gs {
		if !taken[i] && g.Size >= 3 && g.Kind == kind && g.Size == len(exp[0]) {
			taken[i] = true
			if assignExposures(exp[1:], gs, taken, n, jokers) {
				return true
			}
			taken[i] = false
		}
	}
	return false
}

// fill splits each group between naturals and jokers (jokers only in groups
// of 3 or more) so that every tile is used.
func fill(gs []card.Concrete, n tile.Counts, jokers int) bool {
	if len(gs) == 0 {
		return jokers == 0 && n.Total() == 0
	}
	g := gs[0]
	lo := 0
	if g.Size < 3 {
		lo = g.Size
	}
	for nat := lo; nat <= g.Size; nat++ {
		if int(n[g.Kind]) < nat || g.Size-nat > jokers {
			continue
		}
		n[g.Kind] -= uint8(nat)
		if fill(gs[1:], n, jokers-(g.Size-nat)) {
			return true
		}
		n[g.Kind] += uint8(nat)
	}
	return false
}

// randomHand builds a hand near a random line: jokers for some naturals of
// groups of 3+, some groups exposed, then up to two tiles changed.
func randomHand(r *rand.Rand, c *card.Card) card.Hand {
	for {
		l := &c.Lines[r.IntN(len(c.Lines))]
		ins := l.Insts()
		in := ins[r.IntN(len(ins))]
		var exposed []int
		if r.IntN(2) == 0 {
			for i, g := range l.Concrete(in) {
				if g.Size >= 3 && r.IntN(3) == 0 {
					exposed = append(exposed, i)
				}
			}
		}
		h, ok := build(l, in, exposed...)
		if !ok {
			continue
		}
		h = jokerize(r, l, in, h)
		for range r.IntN(3) {
			ks := h.Concealed.Distinct()
			if len(ks) == 0 {
				break
			}
			h.Concealed.Remove(ks[r.IntN(len(ks))])
			h.Concealed.Add(tile.Kind(r.IntN(int(tile.Joker) + 1)))
		}
		if h.Check() == nil {
			return h
		}
	}
}

// jokerize swaps naturals of concealed groups of 3+ for jokers at random.
func jokerize(r *rand.Rand, l *card.Line, in card.Inst, h card.Hand) card.Hand {
	for _, g := range l.Concrete(in) {
		if g.Size >= 3 && r.IntN(3) == 0 && h.Concealed[g.Kind] > 0 && h.Concealed[tile.Joker] < card.JokerCap {
			h.Concealed.Remove(g.Kind)
			h.Concealed.Add(tile.Joker)
		}
	}
	return h
}

// TestMatchAgainstReference compares Match with the brute force on random
// hands near the card's lines, and Nearest's distance 0 with Match.
func TestMatchAgainstReference(t *testing.T) {
	c := card.House()
	r := rand.New(rand.NewPCG(1, 2))
	n := 3000
	if testing.Short() {
		n = 300
	}
	matched := 0
	for range n {
		h := randomHand(r, c)
		var want []string
		for i := range c.Lines {
			if refMatch(&c.Lines[i], h) {
				want = append(want, c.Lines[i].ID)
			}
		}
		got := matchedIDs(c, h)
		if !slices.Equal(got, want) {
			t.Fatalf("hand %v %v: Match %v, brute force %v", h.Concealed.Kinds(), h.Exposed, got, want)
		}
		var zero []string
		for _, nr := range c.Nearest(h, 0) {
			if nr.Distance() == 0 {
				zero = append(zero, nr.Line.ID)
			}
		}
		if !sameSet(zero, want) {
			t.Fatalf("hand %v %v: Nearest at distance 0 %v, Match %v", h.Concealed.Kinds(), h.Exposed, zero, want)
		}
		if len(want) > 0 {
			matched++
		}
	}
	if matched < n/4 {
		t.Errorf("only %d of %d random hands matched: the generator is too far from the card", matched, n)
	}
}

// TestNearestCompletes checks that a 13- or 14-tile hand less its Extra
// plus its Missing matches the line, and that a matching hand with r tiles
// changed is at most r tiles away from its line.
func TestNearestCompletes(t *testing.T) {
	c := card.House()
	r := rand.New(rand.NewPCG(3, 4))
	n := 2000
	if testing.Short() {
		n = 200
	}
	for range n {
		h := randomHand(r, c)
		if ks := h.Concealed.Distinct(); len(ks) > 0 && r.IntN(2) == 0 {
			h.Concealed.Remove(ks[r.IntN(len(ks))])
		}
		near := c.Nearest(h, 8)
		for i, nr := range near {
			if i > 0 && nr.Distance() < near[i-1].Distance() {
				t.Fatalf("Nearest not sorted: %d after %d", nr.Distance(), near[i-1].Distance())
			}
			if want := len(nr.Extra) + card.HandSize - h.Size(); nr.Distance() != want {
				t.Fatalf("%s: %d missing, %d extra, hand of %d", nr.Line.ID, nr.Distance(), len(nr.Extra), h.Size())
			}
			done := h
			for _, k := range nr.Extra {
				done.Concealed.Remove(k)
			}
			for _, k := range nr.Missing {
				done.Concealed.Add(k)
			}
			if done.Check() == nil && findMatch(c.Match(done), nr.Line.ID) == nil {
				t.Fatalf("%v %v + %v - %v does not match %s (%s)", h.Concealed.Kinds(), h.Exposed, nr.Missing, nr.Extra, nr.Line.ID, nr.Inst)
			}
		}
	}
}

func TestNearestAfterChanges(t *testing.T) {
	c := card.House()
	r := rand.New(rand.NewPCG(5, 6))
	for i := range c.Lines {
		l := &c.Lines[i]
		ins := l.Insts()
		h, ok := build(l, ins[len(ins)/2])
		if !ok {
			continue
		}
		for changes := 0; changes <= 3; changes++ {
			bad := h
			for range changes {
				ks := bad.Concealed.Distinct()
				bad.Concealed.Remove(ks[r.IntN(len(ks))])
				bad.Concealed.Add(tile.Kind(r.IntN(tile.NumStandard)))
			}
			if bad.Check() != nil {
				continue
			}
			var d = -1
			for _, nr := range c.Nearest(bad, 0) {
				if nr.Line.ID == l.ID {
					d = nr.Distance()
				}
			}
			if d < 0 || d > changes {
				t.Errorf("%s with %d tiles changed: distance %d", l.ID, changes, d)
			}
		}
	}
}

func TestNearestExample(t *testing.T) {
	// Vector 3 less its winning tile: R1 waits on the White dragon.
	h, err := card.ParseHand("55p 666p 77p 0j 5z [888p0j]")
	if err != nil {
		t.Fatal(err)
	}
	near := card.House().Nearest(h, 3)
	if len(near) != 3 || near[0].Line.ID != "R1" || tile.Format(near[0].Missing) != "5z" || len(near[0].Extra) != 0 {
		t.Fatalf("Nearest = %+v, want R1 missing 5z first", near)
	}
	// A quint of 1m with no joker in hand asks for a joker beyond 4 naturals.
	h, _ = card.ParseHand("11111f 1111m 2222p 3s")
	for _, nr := range card.House().Nearest(h, 0) {
		if nr.Line.ID == "Q1" {
			if got := tile.Format(nr.Missing); got != "0j" || nr.Jokers != 0 || tile.Format(nr.Extra) != "3s" {
				t.Fatalf("Q1: missing %s (jokers %d) extra %s, want 0j, 0, 3s", got, nr.Jokers, tile.Format(nr.Extra))
			}
			return
		}
	}
	t.Fatal("Q1 not near")
}

func TestCheckHand(t *testing.T) {
	for _, tc := range []struct{ hand, want string }{
		{"11111m 22p 33s 44s 55s 6s", "5 tiles of 1m"},
		{"1111111111f 2222p", "10 tiles of 1f"},
		{"000000000j 11p 22s", "9 tiles of 0j"},
		{"11p [11p] 2222s", "an exposure holds 3 to 6"},
		{"11p [000j] 2222s", "no natural"},
		{"11p [1p2p3p] 2222s", "mixes"},
		{"1111m 2222m 3333m 4444m", "16 concealed tiles"},
		{"1111m (2222m) 33m", "no concealed kongs"},
		{"1111m 33m bonus: 1f", "bonus"},
		{"[111m][222m][333m][444m][555m]", "5 exposures"},
	} {
		_, err := card.ParseHand(tc.hand)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseHand(%q) = %v, want an error with %q", tc.hand, err, tc.want)
		}
	}
	// A bad hand matches nothing and has no near line.
	h := card.Hand{Exposed: [][]tile.Kind{{tile.Joker, tile.Joker, tile.Joker}}}
	if card.House().Match(h) != nil || card.House().Nearest(h, 0) != nil {
		t.Error("a hand failing Check matched or had near lines")
	}
}

func TestFeasible(t *testing.T) {
	c := card.House()
	full := func(minus ...tile.Kind) tile.Counts {
		var a tile.Counts
		for k := range tile.Kind(tile.NumStandard) {
			a[k] = 4
		}
		a[card.Flower] = 8
		for _, k := range minus {
			a[k]--
		}
		return a
	}
	ex := func(s string) [][]tile.Kind {
		h, err := tile.ParseHand(s)
		if err != nil {
			t.Fatal(err)
		}
		var out [][]tile.Kind
		for _, g := range h.Groups {
			out = append(out, g.Tiles)
		}
		return out
	}
	for _, tc := range []struct {
		name    string
		exposed string
		avail   tile.Counts
		jokers  int
		want    bool
	}{
		{"fresh hand", "", full(), 8, true},
		{"nothing left", "", tile.Counts{}, 8, false},
		{"pung of 6p fits Y1 or T4", "[666p]", full(tile.MustParse("666p")...), 8, true},
		{"kong of flowers fits M1", "[111f0j]", full(), 7, true},
		{"no sextet on the house card", "[7777p00j]", full(), 6, false},
		{"five Norths are malformed", "[4444z] [000j4z]", full(), 4, false},
		{"malformed exposure", "[12p0j]", full(), 8, false},
	} {
		if got := c.Feasible(ex(tc.exposed), tc.avail, tc.jokers); got != tc.want {
			t.Errorf("%s: Feasible = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestConcurrentUse matches from several goroutines on a card built in code,
// whose expansion is lazy (run with -race).
func TestConcurrentUse(t *testing.T) {
	c := &card.Card{Lines: card.House().Lines}
	h, _ := card.ParseHand("55p 666p 77p 0j 5z [888p0j] +5z")
	done := make(chan []string)
	for range 4 {
		go func() { done <- matchedIDs(c, h) }()
	}
	for range 4 {
		if ids := <-done; !slices.Equal(ids, []string{"R1"}) {
			t.Errorf("matches %v, want [R1]", ids)
		}
	}
}
