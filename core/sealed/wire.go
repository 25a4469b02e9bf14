package sealed

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// Binary encodings of the message bodies. Every body starts with a type
// byte; integers are big-endian uint32; points and scalars are their
// canonical 32-byte encodings; lists carry a uint32 count. Decoders are
// strict: the exact length, canonical points and scalars, counts within
// bounds, no trailing bytes.

const (
	typeKey      = 1
	typeShuffle  = 2
	typeShares   = 3
	typeEquality = 4
	typeCopy     = 5
	typeKeyFile  = 6
)

type writer struct {
	b   []byte
	err error
}

func newWriter(typ byte) *writer { return &writer{b: []byte{typ}} }

func (w *writer) u32(v uint32) { w.b = binary.BigEndian.AppendUint32(w.b, v) }

func (w *writer) point(p *Point) {
	if p == nil {
		w.err = errors.New("sealed: cannot encode a message with a missing point")
		return
	}
	w.b = append(w.b, p.Bytes()...)
}

func (w *writer) scalar(s *Scalar) {
	if s == nil {
		w.err = errors.New("sealed: cannot encode a message with a missing scalar")
		return
	}
	w.b = append(w.b, s.Bytes()...)
}

func (w *writer) proof(p Proof)   { w.scalar(p.C); w.scalar(p.S) }
func (w *writer) ct(c Ciphertext) { w.point(c.C1); w.point(c.C2) }
func (w *writer) u32s(vs []uint32) {
	w.u32(uint32(len(vs)))
	for _, v := range vs {
		w.u32(v)
	}
}

func (w *writer) done() ([]byte, error) {
	if w.err != nil {
		return nil, w.err
	}
	return w.b, nil
}

type reader struct {
	b   []byte
	err error
}

func (r *reader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
}

func (r *reader) take(n int) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || len(r.b) < n {
		r.fail(errors.New("sealed: message is truncated"))
		return nil
	}
	b := r.b[:n]
	r.b = r.b[n:]
	return b
}

func (r *reader) u32() uint32 {
	b := r.take(4)
	if b == nil {
		return 0
	}
	return binary.BigEndian.Uint32(b)
}

// count reads a list length whose elements take at least size bytes each.
func (r *reader) count(size, max int) int {
	n := r.u32()
	if r.err == nil && (int64(n) > int64(max) || int64(n)*int64(size) > int64(len(r.b))) {
		r.fail(fmt.Errorf("sealed: list of %d items is longer than allowed (%d) or than the message", n, max))
	}
	if r.err != nil {
		return 0
	}
	return int(n)
}

func (r *reader) point() *Point {
	b := r.take(PointLen)
	if b == nil {
		return nil
	}
	p := NewPoint()
	if err := p.SetBytes(b); err != nil {
		r.fail(err)
		return nil
	}
	return p
}

func (r *reader) scalar() *Scalar {
	b := r.take(ScalarLen)
	if b == nil {
		return nil
	}
	s := NewScalar()
	if err := s.SetCanonicalBytes(b); err != nil {
		r.fail(err)
		return nil
	}
	return s
}

func (r *reader) proof() Proof { return Proof{C: r.scalar(), S: r.scalar()} }

func (r *reader) ct() Ciphertext { return Ciphertext{C1: r.point(), C2: r.point()} }

func (r *reader) u32s(max int) []uint32 {
	n := r.count(4, max)
	var vs []uint32
	for i := 0; i < n && r.err == nil; i++ {
		vs = append(vs, r.u32())
	}
	return vs
}

func newReader(b []byte, typ byte, name string) *reader {
	r := &reader{b: b}
	if t := r.take(1); t != nil && t[0] != typ {
		r.fail(fmt.Errorf("sealed: type byte %d; a %s message has %d", t[0], name, typ))
	}
	return r
}

func (r *reader) done() error {
	if r.err == nil && len(r.b) != 0 {
		r.fail(fmt.Errorf("sealed: %d trailing bytes", len(r.b)))
	}
	return r.err
}

// MarshalBinary encodes a key message (101 bytes).
func (m KeyMsg) MarshalBinary() ([]byte, error) {
	w := newWriter(typeKey)
	w.u32(m.Holder)
	w.point(m.X)
	w.proof(m.PoK)
	return w.done()
}

// UnmarshalBinary strictly decodes a key message.
func (m *KeyMsg) UnmarshalBinary(b []byte) error {
	r := newReader(b, typeKey, "key")
	k := KeyMsg{Holder: r.u32(), X: r.point(), PoK: r.proof()}
	if err := r.done(); err != nil {
		return err
	}
	*m = k
	return nil
}

// MarshalBinary encodes a shuffle message.
func (m ShuffleMsg) MarshalBinary() ([]byte, error) {
	w := newWriter(typeShuffle)
	w.u32(m.Holder)
	w.u32s(m.From)
	w.u32s(m.To)
	w.u32(uint32(len(m.Deck)))
	for _, c := range m.Deck {
		w.ct(c)
	}
	w.u32(uint32(len(m.Proof)))
	w.b = append(w.b, m.Proof...)
	return w.done()
}

// UnmarshalBinary strictly decodes a shuffle message: 2..MaxDeck
// ciphertexts, From and To empty or one per ciphertext, and a proof of
// exactly ShuffleProofLen bytes.
func (m *ShuffleMsg) UnmarshalBinary(b []byte) error {
	r := newReader(b, typeShuffle, "shuffle")
	s := ShuffleMsg{Holder: r.u32(), From: r.u32s(MaxDeck), To: r.u32s(MaxDeck)}
	n := r.count(2*PointLen, MaxDeck)
	if r.err == nil && n < 2 {
		r.fail(fmt.Errorf("sealed: a shuffle of %d ciphertexts; at least 2 are needed", n))
	}
	if r.err == nil && (len(s.From) != len(s.To) || (len(s.From) != 0 && len(s.From) != n)) {
		r.fail(fmt.Errorf("sealed: a shuffle of %d ciphertexts names %d source and %d target slots", n, len(s.From), len(s.To)))
	}
	for i := 0; i < n && r.err == nil; i++ {
		s.Deck = append(s.Deck, r.ct())
	}
	if pl := int(r.u32()); r.err == nil && pl != ShuffleProofLen(n) {
		r.fail(fmt.Errorf("sealed: a shuffle proof of %d ciphertexts is %d bytes, not %d", n, ShuffleProofLen(n), pl))
	}
	s.Proof = append([]byte(nil), r.take(ShuffleProofLen(n))...)
	if err := r.done(); err != nil {
		return err
	}
	*m = s
	return nil
}

// Shares is a batch of decryption shares.
type Shares []Share

// MarshalBinary encodes a batch of shares (104 bytes per share).
func (s Shares) MarshalBinary() ([]byte, error) {
	w := newWriter(typeShares)
	w.u32(uint32(len(s)))
	for _, x := range s {
		w.u32(x.Holder)
		w.u32(x.Slot)
		w.point(x.D)
		w.proof(x.Proof)
	}
	return w.done()
}

// UnmarshalBinary strictly decodes a batch of at most MaxDeck shares.
func (s *Shares) UnmarshalBinary(b []byte) error {
	r := newReader(b, typeShares, "shares")
	n := r.count(8+PointLen+ProofLen, MaxDeck)
	out := make(Shares, 0, n)
	for i := 0; i < n && r.err == nil; i++ {
		out = append(out, Share{Holder: r.u32(), Slot: r.u32(), D: r.point(), Proof: r.proof()})
	}
	if err := r.done(); err != nil {
		return err
	}
	*s = out
	return nil
}

// MarshalBinary encodes an equality proof (109 bytes).
func (q Equality) MarshalBinary() ([]byte, error) {
	w := newWriter(typeEquality)
	w.u32(q.Holder)
	w.u32(q.A)
	w.u32(q.B)
	w.point(q.E)
	w.proof(q.Proof)
	return w.done()
}

// UnmarshalBinary strictly decodes an equality proof.
func (q *Equality) UnmarshalBinary(b []byte) error {
	r := newReader(b, typeEquality, "equality")
	e := Equality{Holder: r.u32(), A: r.u32(), B: r.u32(), E: r.point(), Proof: r.proof()}
	if err := r.done(); err != nil {
		return err
	}
	*q = e
	return nil
}

// MarshalBinary encodes a re-encryption copy (137 bytes).
func (c Copy) MarshalBinary() ([]byte, error) {
	w := newWriter(typeCopy)
	w.u32(c.From)
	w.u32(c.To)
	w.ct(c.Ct)
	w.proof(c.Proof)
	return w.done()
}

// UnmarshalBinary strictly decodes a re-encryption copy.
func (c *Copy) UnmarshalBinary(b []byte) error {
	r := newReader(b, typeCopy, "copy")
	x := Copy{From: r.u32(), To: r.u32(), Ct: r.ct(), Proof: r.proof()}
	if err := r.done(); err != nil {
		return err
	}
	*c = x
	return nil
}

// PrivateKeyLen is the size of an encoded private key.
const PrivateKeyLen = 1 + ScalarLen

// MarshalBinary encodes the secret xⱼ (PrivateKeyLen bytes: a type byte
// and the canonical scalar), for a device to keep until the hand's
// reveal and resume from after a restart; whoever reads it can decrypt
// this holder's share of every tile.
func (k *PrivateKey) MarshalBinary() ([]byte, error) {
	if k == nil || k.x == nil {
		return nil, errors.New("sealed: cannot encode a private key without its secret")
	}
	w := newWriter(typeKeyFile)
	w.scalar(k.x)
	return w.done()
}

// UnmarshalBinary strictly decodes a private key: the type byte, a
// canonical non-zero scalar, nothing more; the public key is recomputed
// from the secret.
func (k *PrivateKey) UnmarshalBinary(b []byte) error {
	r := newReader(b, typeKeyFile, "private key")
	x := r.scalar()
	if err := r.done(); err != nil {
		return fmt.Errorf("%w (a private key is %d bytes: type byte %d and a scalar below the group order)", err, PrivateKeyLen, typeKeyFile)
	}
	if x.Equal(NewScalar()) {
		return errors.New("sealed: the private key is 0; a key is a non-zero scalar")
	}
	*k = PrivateKey{x: x, X: NewPoint().Mul(x, nil)}
	return nil
}
