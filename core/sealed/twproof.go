package sealed

import (
	"crypto/sha512"
	"errors"
	"fmt"
	"slices"
	"sync"

	"filippo.io/edwards25519"
)

// The proof of a shuffle is Terelius and Wikström's ("Proofs of
// restricted shuffles", AFRICACRYPT 2010; the variant of Wikström's
// "A commitment-consistent proof of a shuffle", ACISP 2009 that
// Verificatum and the CHVote specification use), in the form that sends
// the challenge instead of the prover's commitments: 4k+5 group elements
// for k ciphertexts, where Neff's proof that ../shared/SEALED.md
// proposes is 10k+3 at best (doc.go).
//
// Notation, additively: G the generator, X the joint key, input
// ciphertexts (xⱼ, yⱼ), output i the re-encryption of input π(i):
// (x'ᵢ, y'ᵢ) = (x_π(i) + β_π(i)·G, y_π(i) + β_π(i)·X). H, H₀…H_{k−1}
// are independent generators nobody knows a discrete logarithm of
// (twGenerators).
//
//  1. The prover commits to π: cⱼ = rⱼ·G + H_i for j = π(i).
//  2. Challenges uⱼ are hashed from the statement (context, holder, slot
//     lists, G, X, input and output decks) and the commitments c. With
//     u'ᵢ = u_π(i), the prover chains ĉᵢ = r̂ᵢ·G + u'ᵢ·ĉᵢ₋₁ from ĉ₋₁ = H,
//     so ĉ_{k−1} = (Πuⱼ)·H + R̂·G, a commitment to the product of the
//     permuted challenges.
//  3. A Schnorr-like proof shows at once that Σcⱼ − ΣHᵢ = r̄·G (c commits
//     to a matrix whose rows sum to one), ĉ_{k−1} − (Πuⱼ)·H = R̂·G (the
//     committed values' product is that of u), Σuⱼ·cⱼ = r̃·G + Σs·Hᵢ with
//     the same exponents s = u' as each chain step, and
//     Σu'ᵢ·(x'ᵢ, y'ᵢ) = Σuⱼ·(xⱼ, yⱼ) + r'·(G, X): the output is the
//     input, re-encrypted and permuted by the committed permutation.
//
// The commitments t it answers are recomputed by the verifier from the
// responses and the challenge c, and c must be the hash of the statement,
// c, ĉ and those t. Proof layout: c₀…c_{k−1}, ĉ₀…ĉ_{k−1} (points), c,
// s₁…s₄, ŝ₀…ŝ_{k−1}, s'₀…s'_{k−1} (scalars).

// ShuffleProofLen is the exact size of a proof of a shuffle of k
// ciphertexts: 4k+5 group elements.
func ShuffleProofLen(k int) int { return (4*k + 5) * PointLen }

var errShuffleProof = errors.New("sealed: the shuffle proof does not verify")

var twGens struct {
	sync.Mutex
	h []*edwards25519.Point // H, then H₀, H₁, …
}

// twGenerators returns H and H₀…H_{k−1}: each the hash-to-group map
// (RFC 9496 section 4.3.4) of SHA-512 of a domain tag and its index, so
// that no one knows a discrete logarithm between any two of them or G.
func twGenerators(k int) (h *edwards25519.Point, hs []*edwards25519.Point) {
	twGens.Lock()
	defer twGens.Unlock()
	for i := len(twGens.h); i <= k; i++ {
		d := sha512.New()
		writeBytes(d, []byte("fourwinds/sealed/v1/shuffle-generator"))
		writeUint(d, uint64(i))
		twGens.h = append(twGens.h, &NewPoint().SetUniformBytes(d.Sum(nil)).p)
	}
	return twGens.h[0], twGens.h[1 : k+1]
}

// twSeed hashes the statement and the permutation commitments: the seed of
// the challenges u and of c.
func twSeed(st *challenger, c []*Point) []byte {
	for _, p := range c {
		writeBytes(st.h, p.Bytes())
	}
	return st.h.Sum(nil)
}

// twChallenges returns u₀…u_{k−1}.
func twChallenges(seed []byte, k int) []*edwards25519.Scalar {
	u := make([]*edwards25519.Scalar, k)
	for j := range u {
		d := &challenger{h: sha512.New()}
		u[j] = &d.str(string(seed)).str("u").uint(uint64(j)).scalar().s
	}
	return u
}

// twChallenge returns c, the hash of the seed, the chain ĉ and the
// commitments t (t₁, t₂, t₃, t₄ₓ, t₄ᵧ, t̂₀…t̂_{k−1}).
func twChallenge(seed []byte, chain, t []*edwards25519.Point) *edwards25519.Scalar {
	d := (&challenger{h: sha512.New()}).str(string(seed)).str("c")
	for _, p := range append(slices.Clone(chain), t...) {
		d.str(string(encode(p)))
	}
	return &d.scalar().s
}

func rnd() *edwards25519.Scalar { return &randomScalar().s }

func edPoints(ps []*Point) []*edwards25519.Point {
	out := make([]*edwards25519.Point, len(ps))
	for i, p := range ps {
		out[i] = &p.p
	}
	return out
}

// proveShuffle proves that out[i] = in[pi[i]] re-encrypted under key with
// randomness beta[pi[i]]; st is the statement (shuffleStatement). Every
// product with a secret is constant-time.
func proveShuffle(st *challenger, key *Point, in, out Deck, pi []int, beta []*Scalar) []byte {
	k := len(in)
	g := edwards25519.NewGeneratorPoint()
	h, hs := twGenerators(k)
	x1, y1 := out.split()

	r := make([]*edwards25519.Scalar, k)
	c := make([]*Point, k)
	for i, j := range pi {
		r[j] = rnd()
		c[j] = NewPoint()
		c[j].p.ScalarBaseMult(r[j])
		c[j].p.Add(&c[j].p, hs[i])
	}
	seed := twSeed(st, c)
	u := twChallenges(seed, k)

	chain := make([]*edwards25519.Point, k)
	rhat := make([]*edwards25519.Scalar, k)
	prev := h
	for i, j := range pi {
		rhat[i] = rnd()
		q := new(edwards25519.Point).ScalarMult(u[j], prev)
		chain[i] = new(edwards25519.Point).ScalarBaseMult(rhat[i])
		chain[i].Add(chain[i], q)
		prev = chain[i]
	}

	w1, w2, w3, w4 := rnd(), rnd(), rnd(), rnd()
	what, wp := make([]*edwards25519.Scalar, k), make([]*edwards25519.Scalar, k)
	t := make([]*edwards25519.Point, 5+k)
	prev = h
	for i := range k {
		what[i], wp[i] = rnd(), rnd()
		q := new(edwards25519.Point).ScalarMult(wp[i], prev)
		t[5+i] = new(edwards25519.Point).ScalarBaseMult(what[i])
		t[5+i].Add(t[5+i], q)
		prev = chain[i]
	}
	negW4 := neg(w4)
	t[0] = new(edwards25519.Point).ScalarBaseMult(w1)
	t[1] = new(edwards25519.Point).ScalarBaseMult(w2)
	t[2] = new(edwards25519.Point).MultiScalarMult(append([]*edwards25519.Scalar{w3}, wp...), append([]*edwards25519.Point{g}, hs...))
	t[3] = new(edwards25519.Point).MultiScalarMult(append([]*edwards25519.Scalar{negW4}, wp...), append([]*edwards25519.Point{g}, edPoints(x1)...))
	t[4] = new(edwards25519.Point).MultiScalarMult(append([]*edwards25519.Scalar{negW4}, wp...), append([]*edwards25519.Point{&key.p}, edPoints(y1)...))
	e := twChallenge(seed, chain, t)

	// r̄ = Σrⱼ, R̂ = Σr̂ᵢ·vᵢ with vᵢ = Π_{l>i} u'ₗ, r̃ = Σrⱼuⱼ, r' = Σβⱼuⱼ.
	rbar, rtilde, rprime, rchain := edwards25519.NewScalar(), edwards25519.NewScalar(), edwards25519.NewScalar(), edwards25519.NewScalar()
	for j := range k {
		rbar.Add(rbar, r[j])
		rtilde.MultiplyAdd(r[j], u[j], rtilde)
		rprime.MultiplyAdd(&beta[j].s, u[j], rprime)
	}
	v := scalarOne()
	for i := k - 1; i >= 0; i-- {
		rchain.MultiplyAdd(rhat[i], v, rchain)
		v = mul(v, u[pi[i]])
	}
	resp := func(w, e, x *edwards25519.Scalar) []byte { // w − e·x
		return edwards25519.NewScalar().MultiplyAdd(neg(e), x, w).Bytes()
	}
	proof := make([]byte, 0, ShuffleProofLen(k))
	for _, p := range c {
		proof = append(proof, p.Bytes()...)
	}
	for _, p := range chain {
		proof = append(proof, encode(p)...)
	}
	proof = append(proof, e.Bytes()...)
	proof = append(proof, resp(w1, e, rbar)...)
	proof = append(proof, resp(w2, e, rchain)...)
	proof = append(proof, resp(w3, e, rtilde)...)
	proof = append(proof, resp(w4, e, rprime)...)
	for i := range k {
		proof = append(proof, resp(what[i], e, rhat[i])...)
	}
	for i, j := range pi {
		proof = append(proof, resp(wp[i], e, u[j])...)
	}
	return proof
}

// scalarOne returns the scalar 1.
func scalarOne() *edwards25519.Scalar { return &NewScalar().SetInt64(1).s }

// twProof is a decoded proof.
type twProof struct {
	c        []*Point
	chain    []*edwards25519.Point
	e        *edwards25519.Scalar
	s        [4]*edwards25519.Scalar
	shat, sp []*edwards25519.Scalar
}

// decodeTW strictly decodes a proof of a shuffle of k ciphertexts.
func decodeTW(b []byte, k int) (*twProof, error) {
	if len(b) != ShuffleProofLen(k) {
		return nil, fmt.Errorf("sealed: a shuffle proof of %d ciphertexts is %d bytes, not %d", k, ShuffleProofLen(k), len(b))
	}
	point := func() (*Point, error) {
		p := NewPoint()
		err := p.SetBytes(b[:PointLen])
		b = b[PointLen:]
		return p, err
	}
	scalar := func() (*edwards25519.Scalar, error) {
		s := NewScalar()
		err := s.SetCanonicalBytes(b[:ScalarLen])
		b = b[ScalarLen:]
		return &s.s, err
	}
	p := &twProof{c: make([]*Point, k), chain: make([]*edwards25519.Point, k), shat: make([]*edwards25519.Scalar, k), sp: make([]*edwards25519.Scalar, k)}
	var err error
	for i := range k {
		if p.c[i], err = point(); err != nil {
			return nil, err
		}
	}
	for i := range k {
		q, err := point()
		if err != nil {
			return nil, err
		}
		p.chain[i] = &q.p
	}
	if p.e, err = scalar(); err != nil {
		return nil, err
	}
	for i := range p.s {
		if p.s[i], err = scalar(); err != nil {
			return nil, err
		}
	}
	for _, s := range [][]*edwards25519.Scalar{p.shat, p.sp} {
		for i := range s {
			if s[i], err = scalar(); err != nil {
				return nil, err
			}
		}
	}
	return p, nil
}

// verifyShuffleProof checks a proof that out is a re-encryption under key
// and a permutation of in, for the statement st: it recomputes the
// prover's commitments from the responses and the challenge and checks
// that the challenge is their hash.
func verifyShuffleProof(st *challenger, key *Point, in, out Deck, b []byte) error {
	k := len(in)
	p, err := decodeTW(b, k)
	if err != nil {
		return err
	}
	g := edwards25519.NewGeneratorPoint()
	h, hs := twGenerators(k)
	seed := twSeed(st, p.c)
	u := twChallenges(seed, k)
	e, negE := p.e, neg(p.e)
	x, y := in.split()
	x1, y1 := out.split()

	t := make([]*edwards25519.Point, 5+k)
	// t₁ = s₁·G + e·(Σcⱼ − ΣHᵢ)
	sum := edwards25519.NewIdentityPoint()
	for j := range k {
		sum.Add(sum, &p.c[j].p)
		sum.Subtract(sum, hs[j])
	}
	t[0] = new(edwards25519.Point).VarTimeDoubleScalarBaseMult(e, sum, p.s[0])
	// t₂ = s₂·G + e·ĉ_{k−1} − e·(Πuⱼ)·H
	prod := scalarOne()
	for _, uj := range u {
		prod = mul(prod, uj)
	}
	t[1] = new(edwards25519.Point).VarTimeMultiScalarMult(
		[]*edwards25519.Scalar{p.s[1], e, mul(negE, prod)}, []*edwards25519.Point{g, p.chain[k-1], h})
	// t₃ = s₃·G + Σs'ᵢ·Hᵢ + e·Σuⱼ·cⱼ
	eu := make([]*edwards25519.Scalar, k)
	for j := range k {
		eu[j] = mul(e, u[j])
	}
	sc3 := append(append([]*edwards25519.Scalar{p.s[2]}, p.sp...), eu...)
	t[2] = new(edwards25519.Point).VarTimeMultiScalarMult(sc3, append(append([]*edwards25519.Point{g}, hs...), edPoints(p.c)...))
	// t₄ = −s₄·(G, X) + Σs'ᵢ·(x'ᵢ, y'ᵢ) + e·Σuⱼ·(xⱼ, yⱼ)
	sc4 := append(append([]*edwards25519.Scalar{neg(p.s[3])}, p.sp...), eu...)
	t[3] = new(edwards25519.Point).VarTimeMultiScalarMult(sc4, append(append([]*edwards25519.Point{g}, edPoints(x1)...), edPoints(x)...))
	t[4] = new(edwards25519.Point).VarTimeMultiScalarMult(sc4, append(append([]*edwards25519.Point{&key.p}, edPoints(y1)...), edPoints(y)...))
	// t̂ᵢ = ŝᵢ·G + s'ᵢ·ĉᵢ₋₁ + e·ĉᵢ
	prev := h
	for i := range k {
		t[5+i] = new(edwards25519.Point).VarTimeDoubleScalarBaseMult(p.sp[i], prev, p.shat[i])
		t[5+i].Add(t[5+i], new(edwards25519.Point).VarTimeDoubleScalarBaseMult(e, p.chain[i], edwards25519.NewScalar()))
		prev = p.chain[i]
	}
	if twChallenge(seed, p.chain, t).Equal(e) != 1 {
		return errShuffleProof
	}
	return nil
}

func mul(a, b *edwards25519.Scalar) *edwards25519.Scalar {
	return edwards25519.NewScalar().Multiply(a, b)
}

func neg(a *edwards25519.Scalar) *edwards25519.Scalar { return edwards25519.NewScalar().Negate(a) }

// encode is the RFC 9496 encoding of an edwards25519 point of the group.
func encode(p *edwards25519.Point) []byte {
	var q Point
	q.p.Set(p)
	return q.Bytes()
}
