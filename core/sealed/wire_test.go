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

func TestPrivateKeyRoundTrip(t *testing.T) {
	ctx := testCtx(2)
	k := GenerateKey()
	b, err := k.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if len(b) != PrivateKeyLen {
		t.Fatalf("an encoded private key is %d bytes, want %d", len(b), PrivateKeyLen)
	}
	var back PrivateKey
	if err := back.UnmarshalBinary(b); err != nil {
		t.Fatal(err)
	}
	if !back.X.Equal(k.X) {
		t.Fatal("the decoded key has another public key")
	}
	// The decoded secret is the same: its key message verifies, and its
	// share of a tile is one the original key's public key verifies.
	km, err := back.KeyMsg(ctx, 1)
	if err == nil {
		err = km.Verify(ctx)
	}
	if err != nil {
		t.Fatalf("the decoded key's key message: %v", err)
	}
	in, _ := InitialDeck([]int{1, 2})
	if err := VerifyShare(ctx, k.X, in[0], back.Share(ctx, 1, 0, in[0])); err != nil {
		t.Fatalf("the decoded key's share: %v", err)
	}
	if again, _ := back.MarshalBinary(); !bytes.Equal(again, b) {
		t.Error("re-encoding differs")
	}
}

func TestPrivateKeyStrict(t *testing.T) {
	b, err := GenerateKey().MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	ell := mustHex(t, "edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")
	for what, x := range map[string][]byte{
		"empty":     nil,
		"truncated": b[:len(b)-1],
		"trailing":  append(slices.Clone(b), 0),
		"type":      append([]byte{b[0] + 1}, b[1:]...),
		"scalar ℓ":  append([]byte{b[0]}, ell...),
		"zero":      append([]byte{b[0]}, make([]byte, ScalarLen)...),
	} {
		k := GenerateKey()
		was := k.X
		if err := k.UnmarshalBinary(x); err == nil {
			t.Errorf("decoded a private key with %s", what)
		} else if !k.X.Equal(was) {
			t.Errorf("%s: a refused encoding changed the key", what)
		}
	}
	for _, k := range []*PrivateKey{nil, {}} {
		if _, err := k.MarshalBinary(); err == nil {
			t.Error("encoded a private key without its secret")
		}
	}
}

func FuzzPrivateKey(f *testing.F) {
	b, err := GenerateKey().MarshalBinary()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Fuzz(func(t *testing.T, b []byte) {
		var k PrivateKey
		if k.UnmarshalBinary(b) != nil {
			return
		}
		// An accepted key is the unique encoding of a non-zero secret,
		// and its public key is that secret's.
		again, err := k.MarshalBinary()
		if err != nil || !bytes.Equal(again, b) {
			t.Fatal("accepted a private key that does not re-encode to itself")
		}
		if k.X.Equal(NewPoint()) || !k.X.Equal(NewPoint().Mul(k.x, nil)) {
			t.Fatal("accepted a private key whose public key is not its secret's")
		}
	})
}
