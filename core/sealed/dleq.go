package sealed

import (
	"errors"

	"go.dedis.ch/kyber/v3"
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
	return Proof{C: c, S: asScalar(s)}
}

// verifyDLEQ checks a proof made by proveDLEQ with the same statement.
func verifyDLEQ(st *challenger, pr Proof, b1, p1, b2, p2 *Point) error {
	if pr.C == nil || pr.S == nil || b1 == nil || p1 == nil {
		return errBadProof
	}
	// A1 = s·B1 − c·P1, A2 = s·B2 − c·P2.
	a1 := NewPoint().Mul(pr.S, b1)
	a1.Sub(a1, NewPoint().Mul(pr.C, p1))
	st.points(b1, p1)
	if b2 != nil {
		if p2 == nil {
			return errBadProof
		}
		a2 := NewPoint().Mul(pr.S, b2)
		a2.Sub(a2, NewPoint().Mul(pr.C, p2))
		st.points(b2, p2, a1, a2)
	} else {
		st.points(a1)
	}
	if !st.scalar().Equal(pr.C) {
		return errBadProof
	}
	return nil
}

var _ kyber.Scalar = (*Scalar)(nil)
