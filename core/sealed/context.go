package sealed

import (
	"crypto/sha256"
	"crypto/sha512"
	"encoding/binary"
	"hash"
)

// Context binds every proof to one hand of one table: the Fiat–Shamir hash
// of every proof in this package starts with its Digest, so a proof made
// for another table, hand, ruleset, set of peers or transcript prefix does
// not verify here.
type Context struct {
	Table      string   // table identifier
	Hand       uint32   // hand number within the table
	Ruleset    string   // ruleset identifier
	Peers      []string // key holders' device ids, in player-number order
	Transcript [32]byte // hash of the public transcript before this hand
}

// Digest returns the SHA-256 of the context's fields, each length-prefixed.
func (c Context) Digest() [32]byte {
	h := sha256.New()
	writeBytes(h, []byte("fourwinds/sealed/v1/context"))
	writeBytes(h, []byte(c.Table))
	writeUint(h, uint64(c.Hand))
	writeBytes(h, []byte(c.Ruleset))
	writeUint(h, uint64(len(c.Peers)))
	for _, p := range c.Peers {
		writeBytes(h, []byte(p))
	}
	writeBytes(h, c.Transcript[:])
	var d [32]byte
	h.Sum(d[:0])
	return d
}

func writeUint(h hash.Hash, v uint64) {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], v)
	h.Write(b[:])
}

func writeBytes(h hash.Hash, b []byte) {
	writeUint(h, uint64(len(b)))
	h.Write(b)
}

// challenger accumulates a Fiat–Shamir statement: a domain tag, the
// context digest, integers, strings and points, each length-prefixed.
type challenger struct {
	h hash.Hash
}

func newChallenger(tag string, ctx Context) *challenger {
	c := &challenger{h: sha512.New()}
	writeBytes(c.h, []byte("fourwinds/sealed/v1/"+tag))
	d := ctx.Digest()
	writeBytes(c.h, d[:])
	return c
}

func (c *challenger) uint(v uint64) *challenger { writeUint(c.h, v); return c }

func (c *challenger) str(s string) *challenger { writeBytes(c.h, []byte(s)); return c }

func (c *challenger) points(ps ...*Point) *challenger {
	for _, p := range ps {
		writeBytes(c.h, p.Bytes())
	}
	return c
}

// scalar returns the challenge: the 64-byte SHA-512 reduced modulo ℓ.
func (c *challenger) scalar() *Scalar {
	s := new(Scalar)
	if _, err := s.s.SetUniformBytes(c.h.Sum(nil)); err != nil {
		panic(err)
	}
	return s
}
