package sealed

import (
	"errors"
	"fmt"
)

// Share is holder j's decryption share of one slot: D = xⱼ·C1 with a
// Chaum–Pedersen proof that log_G Xⱼ = log_C1 D, whose challenge binds the
// context, the holder, the slot, G, Xⱼ, C1 and D.
type Share struct {
	Holder uint32
	Slot   uint32
	D      *Point
	Proof  Proof
}

func shareStatement(ctx Context, holder, slot uint32) *challenger {
	return newChallenger("share", ctx).uint(uint64(holder)).uint(uint64(slot))
}

// Share returns holder's share of ciphertext ct at slot.
func (k *PrivateKey) Share(ctx Context, holder, slot uint32, ct Ciphertext) Share {
	d := NewPoint().Mul(k.x, ct.C1)
	return Share{Holder: holder, Slot: slot, D: d,
		Proof: proveDLEQ(shareStatement(ctx, holder, slot), k.x, BasePoint(), k.X, ct.C1, d)}
}

// VerifyShare checks s against the holder's public key and the slot's
// ciphertext.
func VerifyShare(ctx Context, holderKey *Point, ct Ciphertext, s Share) error {
	if s.D == nil || holderKey == nil || ct.C1 == nil {
		return errors.New("sealed: share, key or ciphertext missing")
	}
	if err := verifyDLEQ(shareStatement(ctx, s.Holder, s.Slot), s.Proof, BasePoint(), holderKey, ct.C1, s.D); err != nil {
		return fmt.Errorf("sealed: share of slot %d by holder %d: %w", s.Slot, s.Holder, err)
	}
	return nil
}

// Decrypt returns the tile of ct given the shares D of all key holders
// (verified by the caller), the caller's own included or computed with
// OwnShare: M = C2 − ΣD.
func Decrypt(ct Ciphertext, shares []*Point) (int, error) {
	m := NewPoint().Set(ct.C2)
	for _, d := range shares {
		m.Sub(m, d)
	}
	return DecodeTile(m)
}

// Reveal is a private reveal: the shares of every other holder plus the
// caller's own x·C1, which never leaves the device.
func (k *PrivateKey) Reveal(ct Ciphertext, others []*Point) (int, error) {
	return Decrypt(ct, append(others[:len(others):len(others)], NewPoint().Mul(k.x, ct.C1)))
}

// Equality proves that two slots a, b which the prover can decrypt hold
// the same tile, without opening them: E = x·(C1_a − C1_b) with a
// Chaum–Pedersen proof on base C1_a − C1_b. With the other holders'
// shares of a and b, anyone checks C2_a − C2_b − Σ(D_a − D_b) − E = O.
type Equality struct {
	Holder uint32
	A, B   uint32
	E      *Point
	Proof  Proof
}

func equalityStatement(ctx Context, holder, a, b uint32) *challenger {
	return newChallenger("equality", ctx).uint(uint64(holder)).uint(uint64(a)).uint(uint64(b))
}

// ProveEqual returns the equality message for slots a and b.
func (k *PrivateKey) ProveEqual(ctx Context, holder, a, b uint32, ca, cb Ciphertext) Equality {
	base := NewPoint().Sub(ca.C1, cb.C1)
	e := NewPoint().Mul(k.x, base)
	return Equality{Holder: holder, A: a, B: b, E: e,
		Proof: proveDLEQ(equalityStatement(ctx, holder, a, b), k.x, BasePoint(), k.X, base, e)}
}

// VerifyEqual checks q given the prover's key and the other holders'
// verified shares of slots a and b (same order in both lists).
func VerifyEqual(ctx Context, holderKey *Point, ca, cb Ciphertext, othersA, othersB []*Point, q Equality) error {
	if q.E == nil || len(othersA) != len(othersB) {
		return errors.New("sealed: equality proof needs E and one share of each slot per other holder")
	}
	if q.A == q.B {
		return errors.New("sealed: equality of a slot with itself proves nothing")
	}
	base := NewPoint().Sub(ca.C1, cb.C1)
	if err := verifyDLEQ(equalityStatement(ctx, q.Holder, q.A, q.B), q.Proof, BasePoint(), holderKey, base, q.E); err != nil {
		return fmt.Errorf("sealed: equality of slots %d and %d: %w", q.A, q.B, err)
	}
	r := NewPoint().Sub(ca.C2, cb.C2)
	for i := range othersA {
		r.Sub(r, othersA[i])
		r.Add(r, othersB[i])
	}
	r.Sub(r, q.E)
	if !r.Equal(NewPoint()) {
		return fmt.Errorf("sealed: slots %d and %d hold different tiles", q.A, q.B)
	}
	return nil
}

// Copy is a re-encryption of slot From into the fresh slot To,
// (C1 + r·G, C2 + r·X), with a Chaum–Pedersen proof that the same r was
// used on both halves: log_G(C1' − C1) = log_X(C2' − C2).
type Copy struct {
	From, To uint32
	Ct       Ciphertext
	Proof    Proof
}

func copyStatement(ctx Context, from, to uint32) *challenger {
	return newChallenger("copy", ctx).uint(uint64(from)).uint(uint64(to))
}

// ReEncrypt makes a proven re-encryption copy of ct (slot from) as slot to.
func ReEncrypt(ctx Context, key *Point, from, to uint32, ct Ciphertext) Copy {
	r := randomScalar()
	d1 := NewPoint().Mul(r, nil)
	d2 := NewPoint().Mul(r, key)
	out := Ciphertext{C1: NewPoint().Add(ct.C1, d1), C2: NewPoint().Add(ct.C2, d2)}
	return Copy{From: from, To: to, Ct: out, Proof: proveDLEQ(copyStatement(ctx, from, to), r, BasePoint(), d1, key, d2)}
}

// VerifyCopy checks that c re-encrypts ct under key.
func VerifyCopy(ctx Context, key *Point, ct Ciphertext, c Copy) error {
	if c.Ct.C1 == nil || c.Ct.C2 == nil || key == nil {
		return errors.New("sealed: copy or key incomplete")
	}
	d1 := NewPoint().Sub(c.Ct.C1, ct.C1)
	d2 := NewPoint().Sub(c.Ct.C2, ct.C2)
	if err := verifyDLEQ(copyStatement(ctx, c.From, c.To), c.Proof, BasePoint(), d1, key, d2); err != nil {
		return fmt.Errorf("sealed: copy of slot %d to %d: %w", c.From, c.To, err)
	}
	return nil
}
