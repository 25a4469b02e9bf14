package sealed

import (
	"errors"
	"fmt"
	"slices"

	"filippo.io/edwards25519"
	"go.dedis.ch/kyber/v3"
)

// Neff pair shuffle proofs: kyber's prover (go.dedis.ch/kyber/v3/shuffle,
// v3.1.0) makes them, this package sends them without the embedded simple
// k-shuffle's inputs and verifies them with its own verifier.
//
//   - The simple k-shuffle runs on Rᵢ = Aᵢ + λ·Bᵢ and Sᵢ = Cᵢ + λ·Dᵢ
//     (Neff 2004, section 4, with Bᵢ = ρᵢ·G − Uᵢ): the verifier can compute
//     them from the prover's first messages and the challenges ρ and λ.
//     kyber's prover sends them all the same (ssa0, 2k points) and kyber's
//     verifier takes them as sent, never checking that they are Rᵢ and Sᵢ:
//     then σ is not bound to a permutation of ρ, and a prover can make a
//     "shuffle" that is no permutation of its input (TestForgedShuffleIsRefused
//     shows one that replaces every tile of the initial deck, which
//     kyber's verifier accepts). This package leaves them out of the proof
//     (simpleInputsDropped) and the verifier computes them
//     (simpleInputs), so the simple k-shuffle is about Rᵢ and Sᵢ by
//     construction. The Fiat–Shamir transcript absorbs them on both sides,
//     the prover the points kyber's prover put, the verifier the same
//     points it computed (the same canonical bytes when the prover is
//     honest), so its challenges remain a hash of the statement and of
//     every message the verifier uses.
//   - Every check is an equation between points; instead of evaluating
//     them one by one, the verifier multiplies each by an independent
//     random scalar and checks that the sum is the identity with one
//     multi-scalar multiplication. A false equation survives with
//     probability 1/ℓ (Ristretto255 has prime order ℓ).

// The prover's and verifier's messages, in kyber's order and layout
// (shuffle/pair.go ega1…ega5, shuffle/simple.go ssa1…ssa4; ssa0, the
// simple k-shuffle's inputs, is derived).
type (
	neffCommit struct { // ega1
		Gamma            kyber.Point
		A, C, U, W       []kyber.Point
		Lambda1, Lambda2 kyber.Point
	}
	neffRho    struct{ Rho []kyber.Scalar }  // ega2
	neffD      struct{ D []kyber.Point }     // ega3
	neffLambda struct{ Lambda kyber.Scalar } // ega4
	neffSigma  struct {                      // ega5
		Sigma []kyber.Scalar
		Tau   kyber.Scalar
	}
	simpleT     struct{ T kyber.Scalar }       // ssa1
	simpleTheta struct{ Theta []kyber.Point }  // ssa2
	simpleC     struct{ C kyber.Scalar }       // ssa3
	simpleAlpha struct{ Alpha []kyber.Scalar } // ssa4
)

// kyberProofLen is the size of kyber's proof of a k-shuffle: 12k+3 group
// elements, the simple k-shuffle's 2k inputs among them.
func kyberProofLen(k int) int { return (12*k + 3) * PointLen }

// simpleInputsAt is the offset of the simple k-shuffle's inputs in kyber's
// proof of a k-shuffle: after ega1 (4k+3 points), ega3 (k points) and ega5
// (k+1 scalars).
func simpleInputsAt(k int) int { return (6*k + 4) * PointLen }

// simpleInputsDropped returns kyber's proof of a k-shuffle without the
// simple k-shuffle's inputs (ShuffleProofLen bytes).
func simpleInputsDropped(proof []byte, k int) ([]byte, error) {
	if len(proof) != kyberProofLen(k) {
		return nil, fmt.Errorf("sealed: kyber's proof of a %d-shuffle is %d bytes, not %d", k, len(proof), kyberProofLen(k))
	}
	at := simpleInputsAt(k)
	return slices.Concat(proof[:at], proof[at+2*k*PointLen:]), nil
}

// simpleInputs returns the inputs of the simple k-shuffle that the
// messages ega1…ega5 commit the prover to: Rᵢ = Aᵢ + λ·(ρᵢ·G − Uᵢ) and
// Sᵢ = Cᵢ + λ·Dᵢ, G the generator.
func simpleInputs(p1 *neffCommit, v2 *neffRho, p3 *neffD, v4 *neffLambda) (r, s []*Point) {
	k := len(p1.A)
	lambda := sc(v4.Lambda)
	negLambda := neg(lambda)
	zero := edwards25519.NewScalar()
	r, s = make([]*Point, k), make([]*Point, k)
	for i := 0; i < k; i++ {
		r[i], s[i] = NewPoint(), NewPoint()
		r[i].p.VarTimeDoubleScalarBaseMult(negLambda, &asPoint(p1.U[i]).p, mul(lambda, sc(v2.Rho[i])))
		r[i].p.Add(&r[i].p, &asPoint(p1.A[i]).p)
		s[i].p.VarTimeDoubleScalarBaseMult(lambda, &asPoint(p3.D[i]).p, zero)
		s[i].p.Add(&s[i].p, &asPoint(p1.C[i]).p)
	}
	return r, s
}

var errShuffleProof = errors.New("sealed: the shuffle proof does not verify")

// msm accumulates a sum of scalar multiples of points.
type msm struct {
	scalars []*edwards25519.Scalar
	points  []*edwards25519.Point
}

// add adds s·p.
func (m *msm) add(s *edwards25519.Scalar, p kyber.Point) {
	m.scalars = append(m.scalars, s)
	m.points = append(m.points, &asPoint(p).p)
}

func mul(a, b *edwards25519.Scalar) *edwards25519.Scalar {
	return edwards25519.NewScalar().Multiply(a, b)
}

func neg(a *edwards25519.Scalar) *edwards25519.Scalar { return edwards25519.NewScalar().Negate(a) }

func sc(s kyber.Scalar) *edwards25519.Scalar { return &asScalar(s).s }

func weight() *edwards25519.Scalar { return &randomScalar().s }

// verifyNeff checks a proof that (xbar, ybar) is a re-encryption under
// the key h and a permutation of (x, y), reading it from v: kyber's proof
// without the simple k-shuffle's inputs, which it derives (simpleInputs)
// and absorbs where kyber's prover put them.
func verifyNeff(v *fsVerifier, h *Point, x, y, xbar, ybar []*Point) error {
	k := len(x)
	p1 := neffCommit{A: make([]kyber.Point, k), C: make([]kyber.Point, k), U: make([]kyber.Point, k), W: make([]kyber.Point, k)}
	v2 := neffRho{Rho: make([]kyber.Scalar, k)}
	p3 := neffD{D: make([]kyber.Point, k)}
	var v4 neffLambda
	p5 := neffSigma{Sigma: make([]kyber.Scalar, k)}
	var r, s []*Point
	var v1 simpleT
	p2 := simpleTheta{Theta: make([]kyber.Point, 2*k)}
	var v3 simpleC
	p4 := simpleAlpha{Alpha: make([]kyber.Scalar, 2*k-1)}
	for _, step := range []func() error{
		func() error { return v.Get(&p1) },
		func() error { return v.PubRand(&v2) },
		func() error { return v.Get(&p3) },
		func() error { return v.PubRand(&v4) },
		func() error { return v.Get(&p5) },
		func() error {
			r, s = simpleInputs(&p1, &v2, &p3, &v4)
			enc := make([]byte, 0, 2*k*PointLen)
			for _, p := range slices.Concat(r, s) {
				enc = append(enc, p.Bytes()...)
			}
			v.absorb(enc)
			return nil
		},
		func() error { return v.PubRand(&v1) },
		func() error { return v.Get(&p2) },
		func() error { return v.PubRand(&v3) },
		func() error { return v.Get(&p4) },
	} {
		if err := step(); err != nil {
			return err
		}
	}

	var m msm
	gs := edwards25519.NewScalar()     // G's coefficient
	gammas := edwards25519.NewScalar() // Γ's
	t, c := sc(v1.T), sc(v3.C)
	alpha := func(i int) *edwards25519.Scalar { return sc(p4.Alpha[i]) }

	// The simple k-shuffle on (R, S) with Γ (kyber's thver checks):
	// a·(Rᵢ − t·G) − b·(Sᵢ − t·Γ) = Θᵢ for i < k, then a·Γ − b·G = Θᵢ.
	for i := 0; i < 2*k; i++ {
		w := weight()
		var a, b *edwards25519.Scalar
		switch {
		case i == 0:
			a, b = c, alpha(0)
		case i < 2*k-1:
			a, b = alpha(i-1), alpha(i)
		default:
			a, b = alpha(2*k-2), c
		}
		wa, wb := mul(w, a), mul(w, b)
		if i < k {
			m.add(wa, r[i])
			m.add(neg(wb), s[i])
			gs.Subtract(gs, mul(wa, t))
			gammas.Add(gammas, mul(wb, t))
		} else {
			gammas.Add(gammas, wa)
			gs.Subtract(gs, wb)
		}
		m.add(neg(w), p2.Theta[i])
	}
	// σᵢ·Γ = Wᵢ + Dᵢ.
	for i := 0; i < k; i++ {
		e := weight()
		gammas.Add(gammas, mul(e, sc(p5.Sigma[i])))
		m.add(neg(e), p1.W[i])
		m.add(neg(e), p3.D[i])
	}
	// Λ₁ + τ·G = Σ σᵢ·X̄ᵢ − ρᵢ·Xᵢ and Λ₂ + τ·H = Σ σᵢ·Ȳᵢ − ρᵢ·Yᵢ.
	f1, f2 := weight(), weight()
	for i := 0; i < k; i++ {
		rho, sigma := sc(v2.Rho[i]), sc(p5.Sigma[i])
		m.add(mul(f1, sigma), xbar[i])
		m.add(neg(mul(f1, rho)), x[i])
		m.add(mul(f2, sigma), ybar[i])
		m.add(neg(mul(f2, rho)), y[i])
	}
	tau := sc(p5.Tau)
	m.add(neg(f1), p1.Lambda1)
	m.add(neg(f2), p1.Lambda2)
	gs.Subtract(gs, mul(f1, tau))
	m.add(neg(mul(f2, tau)), h)
	m.add(gs, BasePoint())
	m.add(gammas, p1.Gamma)

	sum := NewPoint()
	sum.p.VarTimeMultiScalarMult(m.scalars, m.points)
	if !sum.Equal(NewPoint()) {
		return errShuffleProof
	}
	return nil
}
