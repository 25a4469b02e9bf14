package sealed

import (
	"crypto/ed25519"
	"fmt"
	"testing"
)

// loop runs f in b.Loop and also reports its CPU time per iteration
// (cpu-µs/op, from cpuNow), which other processes on a shared machine
// stretch less than the wall time of ns/op.
func loop(b *testing.B, f func()) {
	start := cpuNow()
	n := 0
	for b.Loop() {
		f()
		n++
	}
	b.ReportMetric(float64((cpuNow()-start).Nanoseconds())/1e3/float64(n), "cpu-µs/op")
}

// BenchmarkYardstickEd25519Sign is the yardstick of ../shared/SEALED.md
// (23.5–25.7 µs there) to compare figures taken on a loaded machine.
func BenchmarkYardstickEd25519Sign(b *testing.B) {
	_, priv, _ := ed25519.GenerateKey(nil)
	msg := make([]byte, 64)
	loop(b, func() {
		ed25519.Sign(priv, msg)
	})
}

func BenchmarkKeyPoK(b *testing.B) {
	ctx := testCtx(4)
	loop(b, func() {
		if _, err := GenerateKey().KeyMsg(ctx, 2); err != nil {
			b.Fatal(err)
		}
	})
}

func BenchmarkKeyVerify(b *testing.B) {
	ctx := testCtx(4)
	m, _ := GenerateKey().KeyMsg(ctx, 2)
	loop(b, func() {
		if err := m.Verify(ctx); err != nil {
			b.Fatal(err)
		}
	})
}

// benchDeck returns a joint key of 4 holders and a deck of n tiles after
// one shuffle (so that every C1 is a random point).
func benchDeck(b *testing.B, n int) (Context, []*PrivateKey, *Point, Deck) {
	ctx := testCtx(4)
	var keys []*PrivateKey
	key := NewPoint()
	for range 4 {
		k := GenerateKey()
		keys = append(keys, k)
		key.Add(key, k.X)
	}
	kinds := make([]int, n)
	for i := range kinds {
		kinds[i] = i % 42
	}
	d, _ := InitialDeck(kinds)
	m, err := Shuffle(ctx, 0, key, d, nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	return ctx, keys, key, m.Deck
}

func BenchmarkShare(b *testing.B) {
	ctx, keys, _, d := benchDeck(b, 2)
	loop(b, func() {
		keys[1].Share(ctx, 1, 0, d[0])
	})
}

func BenchmarkShareVerify(b *testing.B) {
	ctx, keys, _, d := benchDeck(b, 2)
	s := keys[1].Share(ctx, 1, 0, d[0])
	loop(b, func() {
		if err := VerifyShare(ctx, keys[1].X, d[0], s); err != nil {
			b.Fatal(err)
		}
	})
}

func BenchmarkPointDecode(b *testing.B) {
	enc := NewPoint().Mul(randomScalar(), nil).Bytes()
	loop(b, func() {
		if err := NewPoint().SetBytes(enc); err != nil {
			b.Fatal(err)
		}
	})
}

func BenchmarkShuffleProve(b *testing.B) {
	for _, n := range []int{144, 152} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			ctx, _, key, d := benchDeck(b, n)
			loop(b, func() {
				if _, err := Shuffle(ctx, 1, key, d, nil, nil); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

func BenchmarkShuffleVerify(b *testing.B) {
	for _, n := range []int{144, 152} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			ctx, _, key, d := benchDeck(b, n)
			m, err := Shuffle(ctx, 1, key, d, nil, nil)
			if err != nil {
				b.Fatal(err)
			}
			loop(b, func() {
				if err := VerifyShuffle(ctx, key, d, m); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

// BenchmarkShuffleDecodeVerify includes the strict decoding of the received
// message, as a device receiving a shuffle does.
func BenchmarkShuffleDecodeVerify(b *testing.B) {
	ctx, _, key, d := benchDeck(b, 144)
	m, err := Shuffle(ctx, 1, key, d, nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	enc, _ := m.MarshalBinary()
	loop(b, func() {
		var got ShuffleMsg
		if err := got.UnmarshalBinary(enc); err != nil {
			b.Fatal(err)
		}
		if err := VerifyShuffle(ctx, key, d, got); err != nil {
			b.Fatal(err)
		}
	})
}
