package sealed

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math/big"

	"filippo.io/edwards25519"
	"filippo.io/edwards25519/field"
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

// Point is an element of the Ristretto255 group.
// The zero value is not usable: obtain points from NewPoint or BasePoint.
type Point struct {
	p edwards25519.Point
}

// Scalar is an integer modulo the group order ℓ.
type Scalar struct {
	s edwards25519.Scalar
}

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

// String returns the encoding in hexadecimal.
func (p *Point) String() string { return hex.EncodeToString(p.Bytes()) }

// Equal reports whether p and q are the same group element (RFC 9496
// section 4.5).
func (p *Point) Equal(q *Point) bool {
	x1, y1, _, _ := p.p.ExtendedCoordinates()
	x2, y2, _, _ := q.p.ExtendedCoordinates()
	a := new(field.Element).Multiply(x1, y2)
	b := new(field.Element).Multiply(y1, x2)
	c := new(field.Element).Multiply(y1, y2)
	d := new(field.Element).Multiply(x1, x2)
	return a.Equal(b)|c.Equal(d) == 1
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
func (p *Point) Set(q *Point) *Point { p.p.Set(&q.p); return p }

// Add sets p to a+b.
func (p *Point) Add(a, b *Point) *Point {
	p.p.Add(&a.p, &b.p)
	return p
}

// Sub sets p to a-b.
func (p *Point) Sub(a, b *Point) *Point {
	p.p.Subtract(&a.p, &b.p)
	return p
}

// Mul sets p to s·q, or s·G when q is nil, in constant time. Multiples
// of the generator use the precomputed tables.
func (p *Point) Mul(s *Scalar, q *Point) *Point {
	x := &s.s
	if q == nil || q.isGenerator() {
		p.p.ScalarBaseMult(x)
	} else {
		p.p.ScalarMult(x, &q.p)
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

// Equal reports whether s and t are equal.
func (s *Scalar) Equal(t *Scalar) bool { return s.s.Equal(&t.s) == 1 }

// SetInt64 sets s to v mod ℓ.
func (s *Scalar) SetInt64(v int64) *Scalar {
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

// Add sets s to a+b.
func (s *Scalar) Add(a, b *Scalar) *Scalar {
	s.s.Add(&a.s, &b.s)
	return s
}

// Neg sets s to -a.
func (s *Scalar) Neg(a *Scalar) *Scalar { s.s.Negate(&a.s); return s }

// Mul sets s to a·b.
func (s *Scalar) Mul(a, b *Scalar) *Scalar {
	s.s.Multiply(&a.s, &b.s)
	return s
}
