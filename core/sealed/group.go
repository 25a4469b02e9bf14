package sealed

import (
	"crypto/cipher"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math/big"

	"filippo.io/edwards25519"
	"filippo.io/edwards25519/field"
	"go.dedis.ch/kyber/v3"
)

// Ristretto255 (RFC 9496) over filippo.io/edwards25519. A Point holds an
// Edwards representative of its Ristretto class; two points are equal when
// their classes are, and every decoded point is canonical and in the
// prime-order group by construction of the Ristretto decoding.

// PointLen and ScalarLen are the encoded sizes of a point and of a scalar.
const (
	PointLen  = 32
	ScalarLen = 32
)

// Field constants of RFC 9496 section 4.1, as decimal integers.
var (
	feD               = mustFieldDec("37095705934669439343138083508754565189542113879843219016388785533085940283555")
	feSqrtM1          = mustFieldDec("19681161376707505956807079304988542015446066515923890162744021073123829784752")
	feInvSqrtAMinusD  = mustFieldDec("54469307008909316920995813868745141605393597292927456921205312896311721017578")
	feSqrtADMinusOne  = mustFieldDec("25063068953384623474111414158702152701244531502492656460079210482610430750235")
	feOneMinusDSq     = mustFieldDec("1159843021668779879193775521855586647937357759715417654439879720876111806838")
	feDMinusOneSq     = mustFieldDec("40440834346308536858101042469323190826248399146238708352240133220865137265952")
	feOne             = new(field.Element).One()
	errNotCanonical   = errors.New("sealed: point encoding is not canonical Ristretto255 (RFC 9496 section 4.3.1)")
	errPointLength    = fmt.Errorf("sealed: a point is %d bytes", PointLen)
	errScalarLength   = fmt.Errorf("sealed: a scalar is %d bytes", ScalarLen)
	errScalarNonCanon = errors.New("sealed: scalar encoding is not canonical (must be below the group order)")
)

func mustFieldDec(dec string) *field.Element {
	n, ok := new(big.Int).SetString(dec, 10)
	if !ok {
		panic("sealed: bad field constant " + dec)
	}
	be := n.FillBytes(make([]byte, 32))
	le := make([]byte, 32)
	for i := range be {
		le[i] = be[31-i]
	}
	fe, err := new(field.Element).SetBytes(le)
	if err != nil {
		panic(err)
	}
	return fe
}

// Point is an element of the Ristretto255 group. It implements kyber.Point.
// The zero value is not usable: obtain points from Group.Point or NewPoint.
type Point struct {
	p edwards25519.Point
}

// Scalar is an integer modulo the group order ℓ. It implements kyber.Scalar.
type Scalar struct {
	s edwards25519.Scalar
}

// Group is the Ristretto255 group as a kyber.Group, for kyber's shuffle
// prover: its products are constant-time. Verifiers compute on public
// values only and multiply in variable time (verifyNeff, verifyDLEQ).
type Group struct{}

var _ kyber.Group = Group{}

// String names the group.
func (Group) String() string { return "Ristretto255" }

// ScalarLen is the encoded size of a scalar.
func (Group) ScalarLen() int { return ScalarLen }

// Scalar returns a new zero scalar.
func (Group) Scalar() kyber.Scalar { return NewScalar() }

// PointLen is the encoded size of a point.
func (Group) PointLen() int { return PointLen }

// Point returns a new identity point.
func (Group) Point() kyber.Point { return NewPoint() }

// NewPoint returns the identity element.
func NewPoint() *Point {
	p := new(Point)
	p.p.Set(edwards25519.NewIdentityPoint())
	return p
}

// BasePoint returns the Ristretto255 generator G.
func BasePoint() *Point {
	p := new(Point)
	p.p.Set(edwards25519.NewGeneratorPoint())
	return p
}

// NewScalar returns the scalar 0.
func NewScalar() *Scalar { return new(Scalar) }

// randomScalar draws a uniform scalar from crypto/rand.
func randomScalar() *Scalar {
	var b [64]byte
	if _, err := io.ReadFull(rand.Reader, b[:]); err != nil {
		panic("sealed: crypto/rand failed: " + err.Error())
	}
	s := new(Scalar)
	if _, err := s.s.SetUniformBytes(b[:]); err != nil {
		panic(err)
	}
	return s
}

// cryptoStream is a cipher.Stream whose key stream is crypto/rand.
type cryptoStream struct{}

// XORKeyStream XORs src with bytes from crypto/rand into dst.
func (cryptoStream) XORKeyStream(dst, src []byte) {
	buf := make([]byte, len(src))
	if _, err := io.ReadFull(rand.Reader, buf); err != nil {
		panic("sealed: crypto/rand failed: " + err.Error())
	}
	for i := range src {
		dst[i] = src[i] ^ buf[i]
	}
}

func asPoint(p kyber.Point) *Point {
	q, ok := p.(*Point)
	if !ok {
		panic(fmt.Sprintf("sealed: %T is not a Ristretto255 point", p))
	}
	return q
}

func asScalar(s kyber.Scalar) *Scalar {
	q, ok := s.(*Scalar)
	if !ok {
		panic(fmt.Sprintf("sealed: %T is not a Ristretto255 scalar", s))
	}
	return q
}

// --- Point: RFC 9496 encoding ---

// Bytes returns the canonical 32-byte encoding (RFC 9496 section 4.3.2).
func (p *Point) Bytes() []byte {
	x0, y0, z0, t0 := p.p.ExtendedCoordinates()
	u1 := new(field.Element).Add(z0, y0)
	u1.Multiply(u1, new(field.Element).Subtract(z0, y0))
	u2 := new(field.Element).Multiply(x0, y0)
	tmp := new(field.Element).Square(u2)
	tmp.Multiply(tmp, u1)
	invsqrt, _ := new(field.Element).SqrtRatio(feOne, tmp)
	den1 := new(field.Element).Multiply(invsqrt, u1)
	den2 := new(field.Element).Multiply(invsqrt, u2)
	zInv := new(field.Element).Multiply(den1, den2)
	zInv.Multiply(zInv, t0)
	ix0 := new(field.Element).Multiply(x0, feSqrtM1)
	iy0 := new(field.Element).Multiply(y0, feSqrtM1)
	enchanted := new(field.Element).Multiply(den1, feInvSqrtAMinusD)
	rotate := new(field.Element).Multiply(t0, zInv).IsNegative()
	x := new(field.Element).Select(iy0, x0, rotate)
	y := new(field.Element).Select(ix0, y0, rotate)
	denInv := new(field.Element).Select(enchanted, den2, rotate)
	negY := new(field.Element).Negate(y)
	y.Select(negY, y, new(field.Element).Multiply(x, zInv).IsNegative())
	s := new(field.Element).Subtract(z0, y)
	s.Multiply(s, denInv)
	s.Absolute(s)
	return s.Bytes()
}

// SetBytes decodes a canonical encoding (RFC 9496 section 4.3.1) and
// refuses every other input; p is unchanged on error.
func (p *Point) SetBytes(b []byte) error {
	if len(b) != PointLen {
		return errPointLength
	}
	s, err := new(field.Element).SetBytes(b)
	if err != nil {
		return errPointLength
	}
	// SetBytes ignores bit 255 and reduces: canonical means re-encoding
	// gives the input back, and s must be non-negative.
	if string(s.Bytes()) != string(b) || s.IsNegative() == 1 {
		return errNotCanonical
	}
	ss := new(field.Element).Square(s)
	u1 := new(field.Element).Subtract(feOne, ss)
	u2 := new(field.Element).Add(feOne, ss)
	u2sq := new(field.Element).Square(u2)
	v := new(field.Element).Square(u1)
	v.Multiply(v, feD)
	v.Negate(v)
	v.Subtract(v, u2sq)
	invsqrt, wasSquare := new(field.Element).SqrtRatio(feOne, new(field.Element).Multiply(v, u2sq))
	denX := new(field.Element).Multiply(invsqrt, u2)
	denY := new(field.Element).Multiply(invsqrt, denX)
	denY.Multiply(denY, v)
	x := new(field.Element).Multiply(s, denX)
	x.Add(x, x)
	x.Absolute(x)
	y := new(field.Element).Multiply(u1, denY)
	t := new(field.Element).Multiply(x, y)
	if wasSquare == 0 || t.IsNegative() == 1 || y.Equal(new(field.Element).Zero()) == 1 {
		return errNotCanonical
	}
	if _, err := p.p.SetExtendedCoordinates(x, y, new(field.Element).One(), t); err != nil {
		return errNotCanonical
	}
	return nil
}

// MarshalBinary returns the canonical encoding.
func (p *Point) MarshalBinary() ([]byte, error) { return p.Bytes(), nil }

// UnmarshalBinary decodes a canonical encoding, refusing all others.
func (p *Point) UnmarshalBinary(b []byte) error { return p.SetBytes(b) }

// String returns the encoding in hexadecimal.
func (p *Point) String() string { return hex.EncodeToString(p.Bytes()) }

// MarshalSize is the encoded size.
func (p *Point) MarshalSize() int { return PointLen }

// MarshalTo writes the encoding to w.
func (p *Point) MarshalTo(w io.Writer) (int, error) { return w.Write(p.Bytes()) }

// UnmarshalFrom reads and decodes exactly one encoding from r.
func (p *Point) UnmarshalFrom(r io.Reader) (int, error) {
	var b [PointLen]byte
	n, err := io.ReadFull(r, b[:])
	if err != nil {
		return n, err
	}
	return n, p.SetBytes(b[:])
}

// Equal reports whether p and q are the same group element (RFC 9496
// section 4.5).
func (p *Point) Equal(q kyber.Point) bool {
	x1, y1, _, _ := p.p.ExtendedCoordinates()
	x2, y2, _, _ := asPoint(q).p.ExtendedCoordinates()
	a := new(field.Element).Multiply(x1, y2)
	b := new(field.Element).Multiply(y1, x2)
	c := new(field.Element).Multiply(y1, y2)
	d := new(field.Element).Multiply(x1, x2)
	return a.Equal(b)|c.Equal(d) == 1
}

// Null sets p to the identity.
func (p *Point) Null() kyber.Point { p.p.Set(edwards25519.NewIdentityPoint()); return p }

// Base sets p to the generator.
func (p *Point) Base() kyber.Point { p.p.Set(edwards25519.NewGeneratorPoint()); return p }

// Pick sets p to a uniformly random element, with no known discrete
// logarithm, from 64 bytes of rand.
func (p *Point) Pick(rand cipher.Stream) kyber.Point {
	var b [64]byte
	rand.XORKeyStream(b[:], b[:])
	return p.SetUniformBytes(b[:])
}

// SetUniformBytes sets p to the element derived from 64 uniform bytes
// (RFC 9496 section 4.3.4, the hash-to-group one-way map); b must be 64
// bytes long.
func (p *Point) SetUniformBytes(b []byte) *Point {
	if len(b) != 64 {
		panic("sealed: SetUniformBytes takes 64 bytes")
	}
	p.p.Add(mapToPoint(b[:32]), mapToPoint(b[32:]))
	return p
}

// mapToPoint is MAP of RFC 9496 section 4.3.4.
func mapToPoint(b []byte) *edwards25519.Point {
	t, err := new(field.Element).SetBytes(b)
	if err != nil {
		panic(err)
	}
	one := new(field.Element).One()
	minusOne := new(field.Element).Negate(one)
	r := new(field.Element).Square(t)
	r.Multiply(r, feSqrtM1)
	u := new(field.Element).Add(r, one)
	u.Multiply(u, feOneMinusDSq)
	rd := new(field.Element).Multiply(r, feD)
	v := new(field.Element).Subtract(minusOne, rd)
	v.Multiply(v, new(field.Element).Add(r, feD))
	s, wasSquare := new(field.Element).SqrtRatio(u, v)
	sPrime := new(field.Element).Multiply(s, t)
	sPrime.Absolute(sPrime)
	sPrime.Negate(sPrime)
	s.Select(s, sPrime, wasSquare)
	c := new(field.Element).Select(minusOne, r, wasSquare)
	n := new(field.Element).Subtract(r, one)
	n.Multiply(n, c)
	n.Multiply(n, feDMinusOneSq)
	n.Subtract(n, v)
	s2 := new(field.Element).Square(s)
	w0 := new(field.Element).Multiply(s, v)
	w0.Add(w0, w0)
	w1 := new(field.Element).Multiply(n, feSqrtADMinusOne)
	w2 := new(field.Element).Subtract(one, s2)
	w3 := new(field.Element).Add(one, s2)
	q, err := new(edwards25519.Point).SetExtendedCoordinates(
		new(field.Element).Multiply(w0, w3), new(field.Element).Multiply(w2, w1),
		new(field.Element).Multiply(w1, w3), new(field.Element).Multiply(w0, w2))
	if err != nil {
		panic("sealed: the one-way map left the curve: " + err.Error())
	}
	return q
}

// Set sets p to q.
func (p *Point) Set(q kyber.Point) kyber.Point { p.p.Set(&asPoint(q).p); return p }

// Clone returns a copy of p.
func (p *Point) Clone() kyber.Point {
	q := new(Point)
	q.p.Set(&p.p)
	return q
}

// EmbedLen is 0: this group embeds no data (tiles use the tile codec).
func (p *Point) EmbedLen() int { return 0 }

// Embed ignores data (EmbedLen is 0) and picks a random point like Pick.
func (p *Point) Embed(_ []byte, rand cipher.Stream) kyber.Point { return p.Pick(rand) }

// Data always fails: no data is embedded in points of this group.
func (p *Point) Data() ([]byte, error) {
	return nil, errors.New("sealed: Ristretto255 points carry no embedded data; decode tiles with DecodeTile")
}

// Add sets p to a+b.
func (p *Point) Add(a, b kyber.Point) kyber.Point {
	p.p.Add(&asPoint(a).p, &asPoint(b).p)
	return p
}

// Sub sets p to a-b.
func (p *Point) Sub(a, b kyber.Point) kyber.Point {
	p.p.Subtract(&asPoint(a).p, &asPoint(b).p)
	return p
}

// Neg sets p to -a.
func (p *Point) Neg(a kyber.Point) kyber.Point { p.p.Negate(&asPoint(a).p); return p }

// Mul sets p to s·q, or s·G when q is nil, in constant time. Multiples
// of the generator use the precomputed tables.
func (p *Point) Mul(s kyber.Scalar, q kyber.Point) kyber.Point {
	x := &asScalar(s).s
	if q == nil || asPoint(q).isGenerator() {
		p.p.ScalarBaseMult(x)
	} else {
		p.p.ScalarMult(x, &asPoint(q).p)
	}
	return p
}

var generator = BasePoint()

// isGenerator reports whether p is G (as a Ristretto element).
func (p *Point) isGenerator() bool { return p.Equal(generator) }

// --- Scalar ---

// Bytes returns the canonical 32-byte little-endian encoding.
func (s *Scalar) Bytes() []byte { return s.s.Bytes() }

// SetCanonicalBytes decodes a canonical encoding, refusing values ≥ ℓ.
func (s *Scalar) SetCanonicalBytes(b []byte) error {
	if len(b) != ScalarLen {
		return errScalarLength
	}
	if _, err := s.s.SetCanonicalBytes(b); err != nil {
		return errScalarNonCanon
	}
	return nil
}

// MarshalBinary returns the canonical encoding.
func (s *Scalar) MarshalBinary() ([]byte, error) { return s.Bytes(), nil }

// UnmarshalBinary decodes a canonical encoding, refusing non-canonical ones.
func (s *Scalar) UnmarshalBinary(b []byte) error { return s.SetCanonicalBytes(b) }

// String returns the encoding in hexadecimal.
func (s *Scalar) String() string { return hex.EncodeToString(s.Bytes()) }

// MarshalSize is the encoded size.
func (s *Scalar) MarshalSize() int { return ScalarLen }

// MarshalTo writes the encoding to w.
func (s *Scalar) MarshalTo(w io.Writer) (int, error) { return w.Write(s.Bytes()) }

// UnmarshalFrom reads and strictly decodes one encoding from r.
func (s *Scalar) UnmarshalFrom(r io.Reader) (int, error) {
	var b [ScalarLen]byte
	n, err := io.ReadFull(r, b[:])
	if err != nil {
		return n, err
	}
	return n, s.SetCanonicalBytes(b[:])
}

// Equal reports whether s and t are equal.
func (s *Scalar) Equal(t kyber.Scalar) bool { return s.s.Equal(&asScalar(t).s) == 1 }

// Set sets s to a.
func (s *Scalar) Set(a kyber.Scalar) kyber.Scalar { s.s.Set(&asScalar(a).s); return s }

// Clone returns a copy of s.
func (s *Scalar) Clone() kyber.Scalar { t := new(Scalar); t.s.Set(&s.s); return t }

// SetInt64 sets s to v mod ℓ.
func (s *Scalar) SetInt64(v int64) kyber.Scalar {
	return s.setBig(big.NewInt(v))
}

var groupOrder, _ = new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)

func (s *Scalar) setBig(n *big.Int) *Scalar {
	m := new(big.Int).Mod(n, groupOrder)
	be := m.FillBytes(make([]byte, 32))
	le := make([]byte, 32)
	for i := range be {
		le[i] = be[31-i]
	}
	if _, err := s.s.SetCanonicalBytes(le); err != nil {
		panic(err)
	}
	return s
}

// Zero sets s to 0.
func (s *Scalar) Zero() kyber.Scalar { s.s = edwards25519.Scalar{}; return s }

// Add sets s to a+b.
func (s *Scalar) Add(a, b kyber.Scalar) kyber.Scalar {
	s.s.Add(&asScalar(a).s, &asScalar(b).s)
	return s
}

// Sub sets s to a-b.
func (s *Scalar) Sub(a, b kyber.Scalar) kyber.Scalar {
	s.s.Subtract(&asScalar(a).s, &asScalar(b).s)
	return s
}

// Neg sets s to -a.
func (s *Scalar) Neg(a kyber.Scalar) kyber.Scalar { s.s.Negate(&asScalar(a).s); return s }

// One sets s to 1.
func (s *Scalar) One() kyber.Scalar { return s.SetInt64(1) }

// Mul sets s to a·b.
func (s *Scalar) Mul(a, b kyber.Scalar) kyber.Scalar {
	s.s.Multiply(&asScalar(a).s, &asScalar(b).s)
	return s
}

// Div sets s to a/b (b must not be 0; 0 is its own "inverse").
func (s *Scalar) Div(a, b kyber.Scalar) kyber.Scalar {
	inv := new(edwards25519.Scalar).Invert(&asScalar(b).s)
	s.s.Multiply(&asScalar(a).s, inv)
	return s
}

// Inv sets s to 1/a.
func (s *Scalar) Inv(a kyber.Scalar) kyber.Scalar { s.s.Invert(&asScalar(a).s); return s }

// Pick sets s to a uniform scalar drawn from 64 bytes of rand.
func (s *Scalar) Pick(rand cipher.Stream) kyber.Scalar {
	var b [64]byte
	rand.XORKeyStream(b[:], b[:])
	if _, err := s.s.SetUniformBytes(b[:]); err != nil {
		panic(err)
	}
	return s
}

// SetBytes sets s to the little-endian integer b reduced modulo ℓ.
func (s *Scalar) SetBytes(b []byte) kyber.Scalar {
	be := make([]byte, len(b))
	for i := range b {
		be[i] = b[len(b)-1-i]
	}
	return s.setBig(new(big.Int).SetBytes(be))
}
