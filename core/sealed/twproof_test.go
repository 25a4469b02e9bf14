package sealed

import (
	"filippo.io/edwards25519"
	"slices"
	"testing"
)

// shuffleBy re-encrypts in by pi with fresh randomness (output i from
// in[pi[i]]) and returns the deck and the randomness, indexed by input.
func shuffleBy(key *Point, in Deck, pi []int) (Deck, []*Scalar) {
	beta := make([]*Scalar, len(in))
	out := make(Deck, len(in))
	for j := range beta {
		beta[j] = randomScalar()
	}
	for i, j := range pi {
		out[i] = reencrypt(key, in[j], beta[j])
	}
	return out, beta
}

func reencrypt(key *Point, c Ciphertext, beta *Scalar) Ciphertext {
	return Ciphertext{
		C1: NewPoint().Add(c.C1, NewPoint().Mul(beta, nil)),
		C2: NewPoint().Add(c.C2, NewPoint().Mul(beta, key)),
	}
}

// proveAs runs the prover on an output deck and a permutation of the
// caller's choosing, true or not, as a cheating shuffler would.
func proveAs(ctx Context, key *Point, in, out Deck, pi []int, beta []*Scalar) ShuffleMsg {
	m := ShuffleMsg{Deck: out}
	m.Proof = proveShuffle(shuffleStatement(ctx, &m, key, in), key, in, out, pi, beta)
	return m
}

// A shuffler that runs the honest prover on an output that is not a
// re-encryption and permutation of its input, or with another
// permutation than the one it applied, is refused: the proof shows what
// the deck is, not what the prover claims.
func TestShuffleForgeriesAreRefused(t *testing.T) {
	ctx := testCtx(3)
	key := GenerateKey()
	in, err := InitialDeck([]int{3, 5, 7, 9, 11, 13})
	if err != nil {
		t.Fatal(err)
	}
	pi := []int{4, 2, 0, 5, 1, 3}
	out, beta := shuffleBy(key.X, in, pi)
	if err := VerifyShuffle(ctx, key.X, in, proveAs(ctx, key.X, in, out, pi, beta)); err != nil {
		t.Fatalf("the honest shuffle: %v", err)
	}
	other, _ := InitialDeck([]int{0})
	for name, forge := range map[string]func() (Deck, []int){
		"a tile replaced": func() (Deck, []int) {
			d := slices.Clone(out)
			d[2] = reencrypt(key.X, other[0], beta[pi[2]])
			return d, pi
		},
		"a tile copied over another": func() (Deck, []int) {
			d := slices.Clone(out)
			d[1] = reencrypt(key.X, in[pi[0]], randomScalar())
			return d, pi
		},
		"every tile made kind 0": func() (Deck, []int) {
			d := slices.Clone(out)
			for i := range d {
				d[i] = reencrypt(key.X, other[0], beta[pi[i]])
			}
			return d, pi
		},
		"another permutation claimed": func() (Deck, []int) {
			return out, []int{2, 4, 0, 5, 1, 3}
		},
		"the tiles not re-encrypted by the key": func() (Deck, []int) {
			d := slices.Clone(out)
			d[3] = reencrypt(GenerateKey().X, in[pi[3]], beta[pi[3]])
			return d, pi
		},
	} {
		d, claimed := forge()
		if err := VerifyShuffle(ctx, key.X, in, proveAs(ctx, key.X, in, d, claimed, beta)); err == nil {
			t.Errorf("%s: the shuffle verified", name)
		}
	}
}

// Every element of a proof counts: replacing any one of the 4k+5 points
// and scalars with another valid one makes the proof fail.
func TestEveryShuffleProofElementCounts(t *testing.T) {
	ctx := testCtx(2)
	key := GenerateKey()
	const k = 3
	in, _ := InitialDeck([]int{1, 2, 3})
	m, err := Shuffle(ctx, 0, key.X, in, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The layout: c and ĉ (2k points), then e, s₁…s₄, ŝ and s' (2k+5 scalars).
	if len(m.Proof) != (4*k+5)*32 {
		t.Fatalf("a proof of %d is %d bytes", k, len(m.Proof))
	}
	for i := range 4*k + 5 {
		x := m
		x.Proof = slices.Clone(m.Proof)
		other := NewPoint().Mul(randomScalar(), nil).Bytes()
		if i >= 2*k {
			other = randomScalar().Bytes()
		}
		copy(x.Proof[32*i:], other)
		if err := VerifyShuffle(ctx, key.X, in, x); err == nil {
			t.Errorf("element %d replaced: the proof verified", i)
		}
	}
}

// Proofs of several sizes verify, of the initial deck (every C1 the
// identity) and of a shuffled one, with a chosen permutation or not.
func TestShuffleProofSizes(t *testing.T) {
	ctx := testCtx(4)
	key := GenerateKey()
	for _, n := range []int{2, 3, 7, 16, 152} {
		in, err := InitialDeck(mahjongDeck(152)[:n])
		if err != nil {
			t.Fatal(err)
		}
		first, err := Shuffle(ctx, 0, key.X, in, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := VerifyShuffle(ctx, key.X, in, first); err != nil {
			t.Fatalf("%d tiles, the first shuffle: %v", n, err)
		}
		pi := make([]int, n)
		for i := range pi {
			pi[i] = n - 1 - i
		}
		second, err := ShuffleAs(ctx, 1, key.X, first.Deck, nil, nil, pi)
		if err != nil {
			t.Fatal(err)
		}
		if err := VerifyShuffle(ctx, key.X, first.Deck, second); err != nil {
			t.Fatalf("%d tiles, the second shuffle: %v", n, err)
		}
	}
}

// The generators are fixed: the same for every shuffle and every device,
// distinct and none the identity or G.
func TestShuffleGenerators(t *testing.T) {
	h, hs := twGenerators(152)
	seen := map[string]bool{string(BasePoint().Bytes()): true, string(NewPoint().Bytes()): true}
	for i, p := range append([]*edwards25519.Point{h}, hs...) {
		b := string(encode(p))
		if seen[b] {
			t.Fatalf("generator %d repeats another point", i)
		}
		seen[b] = true
	}
	h2, hs2 := twGenerators(3)
	if h2 != h || hs2[2] != hs[2] {
		t.Error("the generators changed between calls")
	}
}

// FuzzVerifyShuffle feeds VerifyShuffle changed proofs of a 3-tile
// shuffle: it must never panic, and must refuse every proof but the one
// the prover made.
func FuzzVerifyShuffle(f *testing.F) {
	ctx := testCtx(2)
	key := GenerateKey()
	in, _ := InitialDeck([]int{1, 2, 3})
	m, err := Shuffle(ctx, 0, key.X, in, nil, nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(m.Proof)
	f.Add(m.Proof[:100])
	f.Fuzz(func(t *testing.T, proof []byte) {
		x := m
		x.Proof = proof
		if err := VerifyShuffle(ctx, key.X, in, x); err == nil && !slices.Equal(proof, m.Proof) {
			t.Fatal("a changed shuffle proof verified")
		}
	})
}
