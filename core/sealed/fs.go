package sealed

import (
	"crypto/sha512"
	"errors"
	"fmt"
	"reflect"

	"go.dedis.ch/kyber/v3"
	"go.dedis.ch/kyber/v3/proof"
)

// A Fiat–Shamir transform for kyber's interactive proofs (used for the
// Neff shuffle) that replaces kyber's proof.HashProve: the running state
// starts from a hash of the whole statement and context and absorbs every
// prover message in full, each challenge is derived from that state, and
// the verifier decodes strictly (canonical points and scalars only) and
// refuses trailing bytes.

var (
	pointType  = reflect.TypeOf((*kyber.Point)(nil)).Elem()
	scalarType = reflect.TypeOf((*kyber.Scalar)(nil)).Elem()
)

type fsState struct {
	state  [64]byte
	rounds uint64
}

func newFSState(st *challenger) fsState {
	var s fsState
	st.h.Sum(s.state[:0])
	return s
}

func (f *fsState) absorb(msg []byte) {
	h := sha512.New()
	h.Write(f.state[:])
	writeBytes(h, []byte("message"))
	writeBytes(h, msg)
	h.Sum(f.state[:0])
}

// challenges fills every scalar of msgs with a challenge derived from the
// state, then advances the state.
func (f *fsState) challenges(msgs []interface{}) error {
	f.rounds++
	var i uint64
	fill := func(v reflect.Value) error {
		h := sha512.New()
		h.Write(f.state[:])
		writeBytes(h, []byte("challenge"))
		writeUint(h, f.rounds)
		writeUint(h, i)
		i++
		s := new(Scalar)
		if _, err := s.s.SetUniformBytes(h.Sum(nil)); err != nil {
			return err
		}
		return setValue(v, s)
	}
	for _, m := range msgs {
		if err := walk(reflect.ValueOf(m), errNoPoints, fill); err != nil {
			return err
		}
	}
	h := sha512.New()
	h.Write(f.state[:])
	writeBytes(h, []byte("next"))
	writeUint(h, f.rounds)
	h.Sum(f.state[:0])
	return nil
}

func errNoPoints(reflect.Value) error {
	return errors.New("sealed: random values must be scalars")
}

func setValue(v reflect.Value, x interface{}) error {
	if !v.CanSet() {
		return errors.New("sealed: proof message field cannot be set")
	}
	v.Set(reflect.ValueOf(x))
	return nil
}

// walk visits every kyber.Point and kyber.Scalar of a proof message:
// pointers, slices, arrays and exported struct fields.
func walk(v reflect.Value, onPoint, onScalar func(reflect.Value) error) error {
	if !v.IsValid() {
		return errors.New("sealed: nil proof message")
	}
	switch v.Type() {
	case pointType:
		return onPoint(v)
	case scalarType:
		return onScalar(v)
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return errors.New("sealed: nil pointer in proof message")
		}
		return walk(v.Elem(), onPoint, onScalar)
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			if err := walk(v.Index(i), onPoint, onScalar); err != nil {
				return err
			}
		}
		return nil
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if !v.Type().Field(i).IsExported() {
				continue
			}
			if err := walk(v.Field(i), onPoint, onScalar); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("sealed: unsupported proof message type %s", v.Type())
}

// fsProver is a proof.ProverContext.
type fsProver struct {
	fsState
	proof []byte
}

var _ proof.ProverContext = (*fsProver)(nil)

// Put encodes a prover message, absorbs it and appends it to the proof.
func (p *fsProver) Put(message interface{}) error {
	var msg []byte
	err := walk(reflect.ValueOf(message),
		func(v reflect.Value) error {
			if v.IsNil() {
				return errors.New("sealed: nil point in proof message")
			}
			msg = append(msg, asPoint(v.Interface().(kyber.Point)).Bytes()...)
			return nil
		},
		func(v reflect.Value) error {
			if v.IsNil() {
				return errors.New("sealed: nil scalar in proof message")
			}
			msg = append(msg, asScalar(v.Interface().(kyber.Scalar)).Bytes()...)
			return nil
		})
	if err != nil {
		return err
	}
	p.absorb(msg)
	p.proof = append(p.proof, msg...)
	return nil
}

// PubRand fills challenges derived from everything absorbed so far.
func (p *fsProver) PubRand(message ...interface{}) error { return p.challenges(message) }

// PriRand fills scalars from crypto/rand. kyber's shuffle ignores this
// method's error, so it never returns one for scalar messages.
func (p *fsProver) PriRand(message ...interface{}) error {
	for _, m := range message {
		err := walk(reflect.ValueOf(m), errNoPoints, func(v reflect.Value) error {
			return setValue(v, randomScalar())
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// fsVerifier is a proof.VerifierContext reading a proof strictly.
type fsVerifier struct {
	fsState
	rest []byte
}

var _ proof.VerifierContext = (*fsVerifier)(nil)

// Get strictly decodes the next prover message from the proof and absorbs
// its bytes.
func (v *fsVerifier) Get(message interface{}) error {
	start := v.rest
	take := func(n int) ([]byte, error) {
		if len(v.rest) < n {
			return nil, errors.New("sealed: shuffle proof is truncated")
		}
		b := v.rest[:n]
		v.rest = v.rest[n:]
		return b, nil
	}
	err := walk(reflect.ValueOf(message),
		func(f reflect.Value) error {
			b, err := take(PointLen)
			if err != nil {
				return err
			}
			p := NewPoint()
			if err := p.SetBytes(b); err != nil {
				return err
			}
			return setValue(f, kyber.Point(p))
		},
		func(f reflect.Value) error {
			b, err := take(ScalarLen)
			if err != nil {
				return err
			}
			s := NewScalar()
			if err := s.SetCanonicalBytes(b); err != nil {
				return err
			}
			return setValue(f, kyber.Scalar(s))
		})
	if err != nil {
		return err
	}
	v.absorb(start[:len(start)-len(v.rest)])
	return nil
}

// PubRand derives the same challenges as the prover did.
func (v *fsVerifier) PubRand(message ...interface{}) error { return v.challenges(message) }
