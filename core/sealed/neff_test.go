package sealed

import (
	"fmt"
	"slices"
	"testing"

	"go.dedis.ch/kyber/v3"
	"go.dedis.ch/kyber/v3/shuffle"
)

// forgeFirstShuffle makes, for the initial deck in (every C1 the
// identity), an output deck in which every tile is kind 0, and a proof in
// kyber's format (kyberProofLen bytes, the simple k-shuffle's inputs
// included) that satisfies every check of the pair shuffle: σ is chosen
// after ρ to fit Λ₂ and Dᵢ = σᵢ·Γ − Wᵢ. The simple k-shuffle runs on
// inputs of the forger's choosing (γ times a permutation of each other, so
// that its proof holds), or, if derived, on the inputs that the verifier
// derives (simpleInputs), the only ones this package's proofs allow.
func forgeFirstShuffle(t *testing.T, ctx Context, key *Point, in Deck, derived bool) ShuffleMsg {
	t.Helper()
	k := len(in)
	g := BasePoint()
	zero, _ := TilePoint(0)
	m := ShuffleMsg{Holder: 0, Deck: make(Deck, k)}
	beta := make([]*Scalar, k)
	for i := range m.Deck {
		beta[i] = randomScalar()
		m.Deck[i] = Ciphertext{
			C1: asPoint(NewPoint().Mul(beta[i], nil)),
			C2: asPoint(NewPoint().Add(NewPoint().Mul(beta[i], key), zero)),
		}
	}
	p := &fsProver{fsState: newFSState(shuffleStatement(ctx, &m, key, in))}
	gamma, l1, l2 := randomScalar(), randomScalar(), randomScalar()
	a, u, w := make([]*Scalar, k), make([]*Scalar, k), make([]*Scalar, k)
	p1 := neffCommit{Gamma: NewPoint().Mul(gamma, nil), A: make([]kyber.Point, k), C: make([]kyber.Point, k), U: make([]kyber.Point, k), W: make([]kyber.Point, k),
		Lambda1: NewPoint().Mul(l1, nil), Lambda2: NewPoint().Add(NewPoint().Mul(l1, key), NewPoint().Mul(l2, nil))}
	for i := 0; i < k; i++ {
		a[i], u[i], w[i] = randomScalar(), randomScalar(), randomScalar()
		p1.A[i] = NewPoint().Mul(a[i], nil)
		p1.C[i] = NewPoint().Mul(NewScalar().Mul(gamma, a[i]), nil)
		p1.U[i] = NewPoint().Mul(u[i], nil)
		p1.W[i] = NewPoint().Mul(NewScalar().Mul(gamma, w[i]), nil)
	}
	v2 := neffRho{Rho: make([]kyber.Scalar, k)}
	if err := p.Put(&p1); err != nil {
		t.Fatal(err)
	}
	if err := p.PubRand(&v2); err != nil {
		t.Fatal(err)
	}
	// Σσᵢ·1 − Σρᵢ·mᵢ = l2, with mᵢ = kindᵢ + 1 the input's plaintexts.
	sigma := make([]kyber.Scalar, k)
	sigma0 := NewScalar().Set(l2)
	for i := 0; i < k; i++ {
		kind, err := DecodeTile(in[i].C2)
		if err != nil {
			t.Fatal(err)
		}
		sigma0.Add(sigma0, NewScalar().Mul(v2.Rho[i], NewScalar().SetInt64(int64(kind+1))))
		if i > 0 {
			sigma[i] = randomScalar()
			sigma0.Sub(sigma0, sigma[i])
		}
	}
	sigma[0] = sigma0
	p3 := neffD{D: make([]kyber.Point, k)}
	d := make([]kyber.Scalar, k)
	tau := NewScalar().Neg(l1)
	for i := 0; i < k; i++ {
		d[i] = NewScalar().Mul(gamma, NewScalar().Sub(sigma[i], w[i]))
		p3.D[i] = NewPoint().Mul(d[i], nil)
		tau.Add(tau, NewScalar().Mul(sigma[i], beta[i]))
	}
	var v4 neffLambda
	for _, step := range []func() error{
		func() error { return p.Put(&p3) },
		func() error { return p.PubRand(&v4) },
		func() error { return p.Put(&neffSigma{Sigma: sigma, Tau: tau}) },
	} {
		if err := step(); err != nil {
			t.Fatal(err)
		}
	}
	x, y := make([]kyber.Scalar, k), make([]kyber.Scalar, k)
	for i := range x {
		if derived {
			// Rᵢ = (aᵢ + λ·(ρᵢ − uᵢ))·G and Sᵢ = (γ·aᵢ + λ·dᵢ)·G.
			x[i] = NewScalar().Add(a[i], NewScalar().Mul(v4.Lambda, NewScalar().Sub(v2.Rho[i], u[i])))
			y[i] = NewScalar().Add(NewScalar().Mul(gamma, a[i]), NewScalar().Mul(v4.Lambda, d[i]))
		} else {
			x[i] = randomScalar()
			y[i] = NewScalar().Mul(gamma, x[i])
		}
	}
	if derived {
		r, s := simpleInputs(&p1, &v2, &p3, &v4)
		for i := range x {
			if !r[i].Equal(NewPoint().Mul(x[i], nil)) || !s[i].Equal(NewPoint().Mul(y[i], nil)) {
				t.Fatalf("the forger's simple k-shuffle input %d is not the one the verifier derives", i)
			}
		}
	}
	if err := new(shuffle.SimpleShuffle).Init(Group{}, k).Prove(g, gamma, x, y, cryptoStream{}, p); err != nil {
		t.Fatal(err)
	}
	m.Proof = p.proof
	if len(m.Proof) != kyberProofLen(k) {
		t.Fatalf("the forged proof is %d bytes, not %d", len(m.Proof), kyberProofLen(k))
	}
	return m
}

// verifyWithKyber runs kyber v3.1.0's own verifier on a proof in kyber's
// format, with this package's Fiat–Shamir transform.
func verifyWithKyber(ctx Context, key *Point, in Deck, m ShuffleMsg) error {
	c1, c2 := in.split()
	o1, o2 := m.Deck.split()
	v := &fsVerifier{fsState: newFSState(shuffleStatement(ctx, &m, key, in)), rest: m.Proof}
	if err := shuffle.Verifier(Group{}, BasePoint(), key, kyberPoints(c1), kyberPoints(c2), kyberPoints(o1), kyberPoints(o2))(v); err != nil {
		return err
	}
	if len(v.rest) != 0 {
		return fmt.Errorf("%d bytes left over", len(v.rest))
	}
	return nil
}

// A "shuffle" of the initial deck that replaces every tile with kind 0:
// kyber v3.1.0's own verifier accepts it in kyber's format, where the
// prover sends the simple k-shuffle's inputs; this package's proofs have
// no room for them (refused whole, refused without them: the verifier
// derives others), and a simple k-shuffle on the inputs the verifier
// derives does not verify.
func TestForgedShuffleIsRefused(t *testing.T) {
	ctx := testCtx(2)
	key := GenerateKey()
	in, err := InitialDeck([]int{3, 5, 7, 9, 11, 13})
	if err != nil {
		t.Fatal(err)
	}
	m := forgeFirstShuffle(t, ctx, key.X, in, false)
	for i, ct := range m.Deck {
		if kind, err := key.Reveal(ct, nil); err != nil || kind != 0 {
			t.Fatalf("forged slot %d decrypts to %d (%v), want 0", i, kind, err)
		}
	}
	if err := verifyWithKyber(ctx, key.X, in, m); err != nil {
		t.Fatalf("kyber's verifier refused the forgery (%v): the forgery, not kyber, is wrong", err)
	}
	if err := VerifyShuffle(ctx, key.X, in, m); err == nil {
		t.Error("VerifyShuffle accepted the forgery in kyber's format")
	}
	enc, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if err := new(ShuffleMsg).UnmarshalBinary(enc); err == nil {
		t.Error("UnmarshalBinary accepted a shuffle with a proof in kyber's format")
	}
	for _, derived := range []bool{false, true} {
		f := m
		if derived {
			f = forgeFirstShuffle(t, ctx, key.X, in, true)
		}
		if f.Proof, err = simpleInputsDropped(f.Proof, len(in)); err != nil {
			t.Fatal(err)
		}
		if err := VerifyShuffle(ctx, key.X, in, f); err == nil {
			t.Errorf("VerifyShuffle accepted the forgery without the simple k-shuffle's inputs (on the derived inputs: %v)", derived)
		}
	}
}

// Honest proofs of several sizes, of a deck whose C1 are random points:
// kyber's verifier accepts kyber's proof, and VerifyShuffle the same proof
// without the simple k-shuffle's inputs, which it derives and absorbs into
// the same Fiat–Shamir transcript.
func TestVerifyShuffleAgreesWithKyberOnHonestProofs(t *testing.T) {
	ctx := testCtx(2)
	key := GenerateKey()
	for _, n := range []int{2, 3, 7, 16} {
		in, err := InitialDeck(mahjongDeck(144)[:n])
		if err != nil {
			t.Fatal(err)
		}
		first, err := Shuffle(ctx, 0, key.X, in, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		m, proof, err := kyberShuffle(ctx, 1, key.X, first.Deck, nil, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		m.Proof = proof
		if err := verifyWithKyber(ctx, key.X, first.Deck, m); err != nil {
			t.Fatalf("%d tiles: kyber's verifier: %v", n, err)
		}
		if m.Proof, err = simpleInputsDropped(proof, n); err != nil {
			t.Fatal(err)
		}
		if err := VerifyShuffle(ctx, key.X, first.Deck, m); err != nil {
			t.Fatalf("%d tiles: %v", n, err)
		}
	}
}

// Every element of a proof counts: replacing any one of the 10k+3 points
// and scalars with another valid one makes the proof fail, those of the
// last message (no challenge follows them) included.
func TestEveryShuffleProofElementCounts(t *testing.T) {
	ctx := testCtx(2)
	key := GenerateKey()
	const k = 3
	in, _ := InitialDeck([]int{1, 2, 3})
	m, err := Shuffle(ctx, 0, key.X, in, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The layout: Γ, A, C, U, W, Λ₁, Λ₂, D (points); σ, τ (scalars); the
	// simple shuffle's Θ (points); α (scalars).
	var scalar []bool
	for _, run := range []struct {
		n      int
		scalar bool
	}{{4*k + 3 + k, false}, {k + 1, true}, {2 * k, false}, {2*k - 1, true}} {
		for range run.n {
			scalar = append(scalar, run.scalar)
		}
	}
	if len(scalar)*32 != len(m.Proof) {
		t.Fatalf("the layout has %d elements for a proof of %d bytes", len(scalar), len(m.Proof))
	}
	for i, isScalar := range scalar {
		x := m
		x.Proof = slices.Clone(m.Proof)
		other := asPoint(NewPoint().Mul(randomScalar(), nil)).Bytes()
		if isScalar {
			other = randomScalar().Bytes()
		}
		copy(x.Proof[32*i:], other)
		if err := VerifyShuffle(ctx, key.X, in, x); err == nil {
			t.Errorf("element %d (scalar %v) replaced: the proof verified", i, isScalar)
		}
	}
}

// FuzzVerifyShuffle feeds VerifyShuffle changed proofs of a 3-tile
// shuffle (kyber's proof, with the simple k-shuffle's inputs, among the
// seeds): it must never panic, and must refuse every proof but the one the
// prover made.
func FuzzVerifyShuffle(f *testing.F) {
	ctx := testCtx(2)
	key := GenerateKey()
	in, _ := InitialDeck([]int{1, 2, 3})
	m, whole, err := kyberShuffle(ctx, 0, key.X, in, nil, nil, nil)
	if err != nil {
		f.Fatal(err)
	}
	if m.Proof, err = simpleInputsDropped(whole, len(in)); err != nil {
		f.Fatal(err)
	}
	f.Add(m.Proof)
	f.Add(m.Proof[:100])
	f.Add(whole)
	f.Fuzz(func(t *testing.T, proof []byte) {
		x := m
		x.Proof = proof
		if err := VerifyShuffle(ctx, key.X, in, x); err == nil && !slices.Equal(proof, m.Proof) {
			t.Fatal("a changed shuffle proof verified")
		}
	})
}
