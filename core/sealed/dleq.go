package sealed

import (
	"errors"

	"filippo.io/edwards25519"
)

// Proof is a Fiat–Shamir Schnorr-type proof (challenge C, response S).
// Its encoding is C ‖ S, 64 bytes, both canonical scalars.
type Proof struct {
	C, S *Scalar
}

// ProofLen is the encoded size of a Proof.
const ProofLen = 2 * ScalarLen

// errBadProof is returned whenever a proof does not verify.
var errBadProof = errors.New("sealed: proof does not verify for this statement and context")

// proveDLEQ proves knowledge of x with P1 = x·B1 and P2 = x·B2 (a
// Chaum–Pedersen proof); with B2 == nil it is a Schnorr proof of
// knowledge of log_B1 P1. The challenge hashes the statement st (tag,
// context, slots…) then B1, P1, B2, P2 and the commitments.
func proveDLEQ(st *challenger, x *Scalar, b1, p1, b2, p2 *Point) Proof {
	k := randomScalar()
	a1 := NewPoint().Mul(k, b1)
	st.points(b1, p1)
	if b2 != nil {
		a2 := NewPoint().Mul(k, b2)
		st.points(b2, p2, a1, a2)
	} else {
		st.points(a1)
	}
	c := st.scalar()
	s := NewScalar().Mul(c, x)
	s.Add(s, k)
	return Proof{C: c, S: s}
}

// verifyDLEQ checks a proof made by proveDLEQ with the same statement.
func verifyDLEQ(st *challenger, pr Proof, b1, p1, b2, p2 *Point) error {
	if pr.C == nil || pr.S == nil || b1 == nil || p1 == nil {
		return errBadProof
	}
	// A1 = s·B1 − c·P1, A2 = s·B2 − c·P2, in variable time (public values).
	negC := new(Scalar)
	negC.s.Negate(&pr.C.s)
	a1 := varTimeMul2(pr.S, b1, negC, p1)
	st.points(b1, p1)
	if b2 != nil {
		if p2 == nil {
			return errBadProof
		}
		a2 := varTimeMul2(pr.S, b2, negC, p2)
		st.points(b2, p2, a1, a2)
	} else {
		st.points(a1)
	}
	if !st.scalar().Equal(pr.C) {
		return errBadProof
	}
	return nil
}

// varTimeMul2 returns a·A + b·B in variable time.
func varTimeMul2(a *Scalar, pa *Point, b *Scalar, pb *Point) *Point {
	r := NewPoint()
	if pa.isGenerator() {
		r.p.VarTimeDoubleScalarBaseMult(&b.s, &pb.p, &a.s)
		return r
	}
	r.p.VarTimeMultiScalarMult([]*edwards25519.Scalar{&a.s, &b.s}, []*edwards25519.Point{&pa.p, &pb.p})
	return r
}
