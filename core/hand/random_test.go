package hand

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// randomHands is how many random hands each property test checks.
const randomHands = 100_000

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x4f57)) }

func notation(c tile.Counts) string { return tile.Format(c.Kinds()) }

func TestIsCompleteMatchesReference(t *testing.T) {
	rng := newRand(1)
	complete := 0
	for i := range randomHands {
		c := randomHand(rng, i, 2)
		got, want := IsComplete(&c), refComplete(c)
		if got != want {
			t.Fatalf("IsComplete(%s) = %v, reference says %v", notation(c), got, want)
		}
		if got {
			complete++
		}
	}
	if complete < randomHands/10 {
		t.Errorf("only %d of %d random hands were complete", complete, randomHands)
	}
	// Hands beyond the tables: more than 14 tiles in a group.
	for i := range randomHands / 10 {
		c := completeHand(rng, 5+i%3, true)
		if i%2 == 1 {
			removeRandom(rng, &c)
			c[rng.IntN(tile.NumStandard)]++
		}
		if got, want := IsComplete(&c), refComplete(c); got != want {
			t.Fatalf("IsComplete(%s) = %v, reference says %v", notation(c), got, want)
		}
	}
}

func TestWaitsMatchReference(t *testing.T) {
	rng := newRand(2)
	ready := 0
	for i := range randomHands {
		c := randomHand(rng, i, 1)
		got, want := Waits(&c), refWaits(c)
		if got != want {
			t.Fatalf("Waits(%s) = %q, reference says %q", notation(c), got, want)
		}
		if got != 0 {
			ready++
		}
	}
	if ready < randomHands/10 {
		t.Errorf("only %d of %d random hands had waits", ready, randomHands)
	}
}

func TestShantenMatchesReference(t *testing.T) {
	rng := newRand(3)
	var seen [10]int
	for i := range randomHands {
		c := randomHand(rng, i, 1+i%2)
		got, want := Shanten(&c), refShanten(c)
		if got != want {
			t.Fatalf("Shanten(%s) = %d, reference says %d", notation(c), got, want)
		}
		seen[got+1]++
	}
	t.Logf("hands by shanten from -1: %v", seen)
	for s, n := range seen[:6] {
		if n == 0 {
			t.Errorf("no random hand had shanten %d", s-1)
		}
	}
}

// TestShantenAgreesWithWaits checks that a 3n+1 hand is ready exactly when
// it waits on a kind it does not hold 4 times, that a 3n+2 hand is complete
// exactly at -1, and that its shanten is the best over its discards.
func TestShantenAgreesWithWaits(t *testing.T) {
	rng := newRand(4)
	for i := range randomHands / 10 {
		c := randomHand(rng, i, 2)
		if (Shanten(&c) == -1) != IsComplete(&c) {
			t.Fatalf("%s: shanten %d but complete %v", notation(c), Shanten(&c), IsComplete(&c))
		}
		best := NoShanten
		for _, k := range c.Distinct() {
			c[k]--
			s := Shanten(&c)
			best = min(best, s)
			available := false
			for _, w := range Waits(&c).Kinds() {
				available = available || c[w] < 4
			}
			if (s == 0) != available {
				t.Fatalf("%s: shanten %d but waits %q", notation(c), s, Waits(&c))
			}
			c[k]++
		}
		if s := Shanten(&c); !IsComplete(&c) && s != best {
			t.Fatalf("%s: shanten %d but the best discard leaves %d", notation(c), s, best)
		}
	}
}

// TestReferenceShantenByDefinition checks refShanten itself against the
// definition (draws and discards), for small shanten.
func TestReferenceShantenByDefinition(t *testing.T) {
	rng := newRand(5)
	n := 200
	if testing.Short() {
		n = 20
	}
	for i := range n {
		extra, limit := 1, 1
		if i%2 == 1 {
			extra, limit = 2, 0
		}
		c := nearHand(rng, randomSize(rng, extra)) // small shanten
		got, want := refShanten(c), defShanten(c, limit)
		if min(got, limit+1) != want {
			t.Fatalf("refShanten(%s) = %d, by definition %d (searched up to %d)", notation(c), got, want, limit)
		}
	}
}

func TestDecomposeMatchesReference(t *testing.T) {
	rng := newRand(6)
	many := 0
	for i := range randomHands / 5 {
		c := completeHand(rng, 1+i%4, i%3 != 0)
		ds := Decompose(&c)
		var got []string
		for _, d := range ds {
			checkDecomposition(t, c, d)
			got = append(got, decompString(d.Sets, d.Pair))
		}
		want := refDecompose(c)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("Decompose(%s) = %q, reference says %q", notation(c), got, want)
		}
		if len(ds) > 1 {
			many++
		}
	}
	t.Logf("%d complete hands had several decompositions", many)
	for i := range randomHands / 5 {
		c := randomHand(rng, i, 2)
		if got, want := len(Decompose(&c)), len(refDecompose(c)); got != want {
			t.Fatalf("Decompose(%s) gives %d, reference %d", notation(c), got, want)
		}
	}
}

// checkDecomposition checks that d is made of concealed chows and pungs in
// tile order and a pair, and uses exactly the tiles of c.
func checkDecomposition(t *testing.T, c tile.Counts, d Decomposition) {
	t.Helper()
	var used tile.Counts
	used[d.Pair] += 2
	for i, m := range d.Sets {
		if m.Open || (m.Kind != Chow && m.Kind != Pung) {
			t.Fatalf("%s: bad set %v", notation(c), m)
		}
		if i > 0 && (d.Sets[i-1].Tile > m.Tile || d.Sets[i-1].Tile == m.Tile && d.Sets[i-1].Kind > m.Kind) {
			t.Fatalf("%s: sets out of order %v", notation(c), d.Sets)
		}
		for _, k := range m.Tiles() {
			used[k]++
		}
	}
	if used != c {
		t.Fatalf("%s: decomposition %v uses other tiles", notation(c), d)
	}
}

// FuzzAnalysis feeds arbitrary counts to the analysis: nothing panics, and
// small standard hands agree with the references.
func FuzzAnalysis(f *testing.F) {
	for _, s := range []string{"1112345678999m", "123m456p789s11122z", "11111m", "19m19p19s1234567z"} {
		c := tile.CountsOf(tile.MustParse(s))
		f.Add(c[:])
	}
	f.Add([]byte{255, 3, 3, 0, 7})
	f.Fuzz(func(t *testing.T, b []byte) {
		var c tile.Counts
		copy(c[:], b)
		complete, waits, shanten := IsComplete(&c), Waits(&c), Shanten(&c)
		Decompose(&c)
		SevenPairsShanten(&c)
		OrphansShanten(&c)
		if c.Total() > 14 || slices.Max(c[:]) > 5 {
			return
		}
		wantWaits := refWaits(c)
		if slices.Max(c[:]) > 4 {
			wantWaits = 0 // not a real hand
		}
		if complete != refComplete(c) || waits != wantWaits || shanten != refShanten(c) {
			t.Errorf("%s: complete %v waits %q shanten %d; reference %v %q %d", notation(c),
				complete, waits, shanten, refComplete(c), wantWaits, refShanten(c))
		}
	})
}

// TestShantenWithPungUsage checks ShantenWith against Shanten: honours used
// as Shanten uses them (pungs and a pair, read from the honour table) give
// the same shanten.
func TestShantenWithPungUsage(t *testing.T) {
	rng := newRand(7)
	for i := range randomHands / 10 {
		c := randomHand(rng, i, 1+i%2)
		gs := groups(&c)
		idx, n, _ := gs[3].table.index(gs[3].tiles)
		var u Usage
		for m := range u {
			for p := range u[m] {
				u[m][p] = uint8(overlap(gs[3].table.best[idx], m, p))
			}
		}
		if got, want := ShantenWith(&c, &u, n), Shanten(&c); got != want {
			t.Fatalf("ShantenWith(%s) = %d, Shanten says %d", notation(c), got, want)
		}
	}
	var c tile.Counts
	var u Usage
	if got := ShantenWith(&c, &u, 0); got != NoShanten {
		t.Errorf("ShantenWith of no tiles = %d, want NoShanten", got)
	}
	c[tile.F1] = 1
	if got := ShantenWith(&c, &u, 13); got != NoShanten {
		t.Errorf("ShantenWith with a flower = %d, want NoShanten", got)
	}
}
