package sealed

import (
	"errors"

	"filippo.io/edwards25519"
	"go.dedis.ch/kyber/v3"
)

// The verifier of the Neff pair shuffle proofs that kyber's prover
// (go.dedis.ch/kyber/v3/shuffle, v3.1.0) makes. It reads the same proof
// (the messages below have the layout of kyber's, so the bytes and the
// Fiat–Shamir challenges are the same) but checks more, and faster:
//
//   - kyber's own verifier never checks that the inputs of the embedded
//     simple k-shuffle are Rᵢ = Aᵢ + λ·Bᵢ and Sᵢ = Cᵢ + λ·Dᵢ (Neff 2004,
//     section 4, with Bᵢ = ρᵢ·G − Uᵢ): it does not use A, C, U or λ at
//     all. Without that link σ is not bound to a permutation of ρ, and a
//     prover can make a "shuffle" that is no permutation of its input
//     (TestKyberVerifierAcceptsAForgedShuffle shows one that replaces
//     every tile of the initial deck). This verifier checks the link.
//   - every check is an equation between points; instead of evaluating
//     them one by one (some 9k scalar multiplications), it multiplies each
//     by an independent random scalar and checks that the sum is the
//     identity with one multi-scalar multiplication. A false equation
//     survives with probability 1/ℓ (Ristretto255 has prime order ℓ).

// The prover's and verifier's messages, in kyber's order and layout
// (shuffle/pair.go ega1…ega5, shuffle/simple.go ssa0…ssa4).
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
	simpleInputs struct{ X, Y []kyber.Point }   // ssa0
	simpleT      struct{ T kyber.Scalar }       // ssa1
	simpleTheta  struct{ Theta []kyber.Point }  // ssa2
	simpleC      struct{ C kyber.Scalar }       // ssa3
	simpleAlpha  struct{ Alpha []kyber.Scalar } // ssa4
)

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
// the key h and a permutation of (x, y), reading it from v.
func verifyNeff(v *fsVerifier, g, h *Point, x, y, xbar, ybar []*Point) error {
	k := len(x)
	p1 := neffCommit{A: make([]kyber.Point, k), C: make([]kyber.Point, k), U: make([]kyber.Point, k), W: make([]kyber.Point, k)}
	v2 := neffRho{Rho: make([]kyber.Scalar, k)}
	p3 := neffD{D: make([]kyber.Point, k)}
	var v4 neffLambda
	p5 := neffSigma{Sigma: make([]kyber.Scalar, k)}
	p0 := simpleInputs{X: make([]kyber.Point, k), Y: make([]kyber.Point, k)}
	var v1 simpleT
	p2 := simpleTheta{Theta: make([]kyber.Point, 2*k)}
	var v3 simpleC
	p4 := simpleAlpha{Alpha: make([]kyber.Scalar, 2*k-1)}
	for _, step := range []struct {
		msg interface{}
		pub bool // a challenge (PubRand), else a prover message (Get)
	}{
		{&p1, false}, {&v2, true}, {&p3, false}, {&v4, true}, {&p5, false},
		{&p0, false}, {&v1, true}, {&p2, false}, {&v3, true}, {&p4, false},
	} {
		var err error
		if step.pub {
			err = v.PubRand(step.msg)
		} else {
			err = v.Get(step.msg)
		}
		if err != nil {
			return err
		}
	}

	var m msm
	gs := edwards25519.NewScalar()     // G's coefficient
	gammas := edwards25519.NewScalar() // Γ's
	t, c, lambda := sc(v1.T), sc(v3.C), sc(v4.Lambda)
	alpha := func(i int) *edwards25519.Scalar { return sc(p4.Alpha[i]) }

	// The simple k-shuffle on (X', Y') = p0 with Γ (kyber's thver
	// checks): a·(X'ᵢ − t·G) − b·(Y'ᵢ − t·Γ) = Θᵢ for i < k, then
	// a·Γ − b·G = Θᵢ.
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
			m.add(wa, p0.X[i])
			m.add(neg(wb), p0.Y[i])
			gs.Subtract(gs, mul(wa, t))
			gammas.Add(gammas, mul(wb, t))
		} else {
			gammas.Add(gammas, wa)
			gs.Subtract(gs, wb)
		}
		m.add(neg(w), p2.Theta[i])
	}
	// The link to the pair shuffle: X'ᵢ = Aᵢ + λ·(ρᵢ·G − Uᵢ) and
	// Y'ᵢ = Cᵢ + λ·Dᵢ; and σᵢ·Γ = Wᵢ + Dᵢ.
	for i := 0; i < k; i++ {
		l, n, e := weight(), weight(), weight()
		rho, sigma := sc(v2.Rho[i]), sc(p5.Sigma[i])
		m.add(l, p0.X[i])
		m.add(neg(l), p1.A[i])
		m.add(mul(l, lambda), p1.U[i])
		gs.Subtract(gs, mul(mul(l, lambda), rho))
		m.add(n, p0.Y[i])
		m.add(neg(n), p1.C[i])
		m.add(neg(edwards25519.NewScalar().MultiplyAdd(n, lambda, e)), p3.D[i])
		gammas.Add(gammas, mul(e, sigma))
		m.add(neg(e), p1.W[i])
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
	m.add(gs, g)
	m.add(gammas, p1.Gamma)

	sum := NewPoint()
	sum.p.VarTimeMultiScalarMult(m.scalars, m.points)
	if !sum.Equal(NewPoint()) {
		return errShuffleProof
	}
	return nil
}
