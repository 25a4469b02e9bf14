package sealed

import (
	"bytes"
	"encoding"
	"slices"
	"testing"
)

// wireSamples returns one valid encoding of each message body.
func wireSamples(t testing.TB) map[string][]byte {
	t.Helper()
	ctx := testCtx(2)
	k := GenerateKey()
	km, _ := k.KeyMsg(ctx, 1)
	in, _ := InitialDeck([]int{1, 2, 3})
	sm, err := Shuffle(ctx, 0, k.X, in, []uint32{4, 5, 6}, []uint32{7, 8, 9})
	if err != nil {
		t.Fatal(err)
	}
	ct := sm.Deck[0]
	sh := Shares{k.Share(ctx, 1, 3, ct), k.Share(ctx, 1, 4, sm.Deck[1])}
	eq := k.ProveEqual(ctx, 1, 0, 1, sm.Deck[0], sm.Deck[1])
	cp := ReEncrypt(ctx, k.X, 0, 9, ct)
	out := map[string][]byte{}
	for name, m := range map[string]encoding.BinaryMarshaler{"key": km, "shuffle": sm, "shares": sh, "equality": eq, "copy": cp} {
		b, err := m.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		out[name] = b
	}
	return out
}

func decoderFor(name string) encoding.BinaryUnmarshaler {
	switch name {
	case "key":
		return new(KeyMsg)
	case "shuffle":
		return new(ShuffleMsg)
	case "shares":
		return new(Shares)
	case "equality":
		return new(Equality)
	default:
		return new(Copy)
	}
}

func marshal(t testing.TB, u encoding.BinaryUnmarshaler) []byte {
	t.Helper()
	b, err := u.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestWireRoundTrip(t *testing.T) {
	for name, b := range wireSamples(t) {
		d := decoderFor(name)
		if err := d.UnmarshalBinary(b); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !bytes.Equal(marshal(t, d), b) {
			t.Errorf("%s: re-encoding differs", name)
		}
	}
	if n := len(wireSamples(t)["key"]); n != 101 {
		t.Errorf("a key message is %d bytes, want 101", n)
	}
}

func TestWireStrict(t *testing.T) {
	// The Edwards encoding of a point of order 4 (a torsion point), an
	// RFC 9496 non-canonical encoding, and ℓ as a scalar.
	torsion := mustHex(t, "0000000000000000000000000000000000000000000000000000000000000080")
	nonCanon := mustHex(t, rfcInvalid[1])
	ell := mustHex(t, "edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")
	for name, b := range wireSamples(t) {
		bad := map[string][]byte{
			"empty":     nil,
			"truncated": b[:len(b)-1],
			"trailing":  append(slices.Clone(b), 0),
			"type":      append([]byte{b[0] + 1}, b[1:]...),
		}
		// The last 64 bytes of a key, shares, equality or copy body are
		// the proof (c, s); the first point of a key body sits at 5.
		if name != "shuffle" {
			for what, v := range map[string][]byte{"scalar ℓ": ell} {
				x := slices.Clone(b)
				copy(x[len(x)-32:], v)
				bad[what] = x
			}
		}
		pointAt := map[string]int{"key": 5, "shuffle": 1 + 4 + 4 + 12 + 4 + 12 + 4, "shares": 1 + 4 + 8, "equality": 13, "copy": 9}[name]
		for what, v := range map[string][]byte{"torsion point": torsion, "non-canonical point": nonCanon} {
			x := slices.Clone(b)
			copy(x[pointAt:], v)
			bad[what] = x
		}
		for what, x := range bad {
			if err := decoderFor(name).UnmarshalBinary(x); err == nil {
				t.Errorf("%s: decoded a body with %s", name, what)
			}
		}
	}
	if _, err := (KeyMsg{}).MarshalBinary(); err == nil {
		t.Error("encoded a key message without a key")
	}
}

func fuzzDecoder(f *testing.F, name string) {
	f.Add(wireSamples(f)[name])
	f.Fuzz(func(t *testing.T, b []byte) {
		d := decoderFor(name)
		if d.UnmarshalBinary(b) != nil {
			return
		}
		// Every accepted body is the unique encoding of what it decodes to.
		if !bytes.Equal(marshal(t, d), b) {
			t.Fatalf("accepted a body that does not re-encode to itself")
		}
	})
}

func FuzzKeyMsg(f *testing.F)     { fuzzDecoder(f, "key") }
func FuzzShuffleMsg(f *testing.F) { fuzzDecoder(f, "shuffle") }
func FuzzShares(f *testing.F)     { fuzzDecoder(f, "shares") }
func FuzzEquality(f *testing.F)   { fuzzDecoder(f, "equality") }
func FuzzCopy(f *testing.F)       { fuzzDecoder(f, "copy") }
