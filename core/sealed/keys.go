package sealed

import (
	"errors"
	"fmt"
)

// PrivateKey is a key holder's per-hand ElGamal secret xⱼ.
type PrivateKey struct {
	x *Scalar
	X *Point // public key xⱼ·G
}

// GenerateKey draws a fresh per-hand key.
func GenerateKey() *PrivateKey {
	x := randomScalar()
	return &PrivateKey{x: x, X: NewPoint().Mul(x, nil)}
}

// KeyMsg publishes a key holder's public key with a Schnorr proof of
// knowledge of its secret, bound to the context and to the holder's index
// and device id (a rogue key Xⱼ = Y − ΣXᵢ has no such proof).
type KeyMsg struct {
	Holder uint32 // index in Context.Peers
	X      *Point
	PoK    Proof
}

func keyStatement(ctx Context, holder uint32) (*challenger, error) {
	if int(holder) >= len(ctx.Peers) {
		return nil, fmt.Errorf("sealed: holder %d is not one of the %d key holders", holder, len(ctx.Peers))
	}
	return newChallenger("key-pok", ctx).uint(uint64(holder)).str(ctx.Peers[holder]), nil
}

// KeyMsg returns the key message of holder index holder.
func (k *PrivateKey) KeyMsg(ctx Context, holder uint32) (KeyMsg, error) {
	st, err := keyStatement(ctx, holder)
	if err != nil {
		return KeyMsg{}, err
	}
	return KeyMsg{Holder: holder, X: k.X, PoK: proveDLEQ(st, k.x, BasePoint(), k.X, nil, nil)}, nil
}

// Verify checks the proof of knowledge.
func (m KeyMsg) Verify(ctx Context) error {
	st, err := keyStatement(ctx, m.Holder)
	if err != nil {
		return err
	}
	if m.X == nil || m.X.Equal(NewPoint()) {
		return errors.New("sealed: key message has no key or the identity as key")
	}
	if err := verifyDLEQ(st, m.PoK, BasePoint(), m.X, nil, nil); err != nil {
		return fmt.Errorf("sealed: key of holder %d: %w", m.Holder, err)
	}
	return nil
}

// JointKey verifies one key message per key holder, in holder order, and
// returns the joint key X = ΣXⱼ.
func JointKey(ctx Context, keys []KeyMsg) (*Point, error) {
	if len(ctx.Peers) < 2 {
		return nil, fmt.Errorf("sealed: %d key holders; sealed dealing needs at least 2", len(ctx.Peers))
	}
	if len(keys) != len(ctx.Peers) {
		return nil, fmt.Errorf("sealed: %d key messages for %d key holders", len(keys), len(ctx.Peers))
	}
	x := NewPoint()
	for i, k := range keys {
		if k.Holder != uint32(i) {
			return nil, fmt.Errorf("sealed: key message %d is from holder %d; they must come in holder order", i, k.Holder)
		}
		if err := k.Verify(ctx); err != nil {
			return nil, err
		}
		x.Add(x, k.X)
	}
	return x, nil
}
