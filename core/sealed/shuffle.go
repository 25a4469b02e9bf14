package sealed

import (
	"crypto/rand"
	"fmt"
	"math/big"
)

// MaxDeck bounds the number of ciphertexts in a deck or shuffle.
const MaxDeck = 1024

// ShuffleMsg is a verifiable re-encryption and permutation (proven as
// Terelius and Wikström do, twproof.go) of an input deck into Deck under the joint key.
// For the deal, holder i shuffles Dᵢ₋₁ into Dᵢ and From, To are empty. For
// a transfer, the holder of slots From (k ≥ 2) shuffles their ciphertexts
// into the fresh slots To. The Fiat–Shamir hash binds the context, the
// holder, From, To, G, the joint key, the input deck and the output deck.
type ShuffleMsg struct {
	Holder uint32
	From   []uint32
	To     []uint32
	Deck   Deck
	Proof  []byte
}

func shuffleStatement(ctx Context, m *ShuffleMsg, key *Point, in Deck) *challenger {
	st := newChallenger("shuffle", ctx).uint(uint64(m.Holder)).uint(uint64(len(m.From)))
	for _, s := range m.From {
		st.uint(uint64(s))
	}
	st.uint(uint64(len(m.To)))
	for _, s := range m.To {
		st.uint(uint64(s))
	}
	st.points(BasePoint(), key).uint(uint64(len(in)))
	for _, c := range in {
		st.points(c.C1, c.C2)
	}
	for _, c := range m.Deck {
		st.points(c.C1, c.C2)
	}
	return st
}

func checkShuffleShape(m *ShuffleMsg, in Deck) error {
	if len(in) < 2 || len(in) > MaxDeck {
		return fmt.Errorf("sealed: a shuffle takes 2..%d ciphertexts, not %d", MaxDeck, len(in))
	}
	if len(m.From) != len(m.To) || (len(m.From) != 0 && len(m.From) != len(in)) {
		return fmt.Errorf("sealed: a shuffle of %d ciphertexts names %d source and %d target slots", len(in), len(m.From), len(m.To))
	}
	if len(m.Deck) != len(in) {
		return fmt.Errorf("sealed: shuffle output has %d ciphertexts for %d inputs", len(m.Deck), len(in))
	}
	if err := in.check(); err != nil {
		return err
	}
	return m.Deck.check()
}

// Shuffle re-encrypts and permutes in under the joint key and proves it.
func Shuffle(ctx Context, holder uint32, key *Point, in Deck, from, to []uint32) (ShuffleMsg, error) {
	return ShuffleAs(ctx, holder, key, in, from, to, nil)
}

// ShuffleAs is Shuffle with the permutation chosen by the shuffler:
// output i re-encrypts in[pi[i]] (nil: a uniformly random permutation).
// The proof is the same and hides pi as well; a transfer uses it to put
// its tiles in an order the rules fix (american AM-4.6).
func ShuffleAs(ctx Context, holder uint32, key *Point, in Deck, from, to []uint32, pi []int) (ShuffleMsg, error) {
	m := ShuffleMsg{Holder: holder, From: from, To: to, Deck: make(Deck, len(in))}
	for i := range m.Deck {
		m.Deck[i] = Ciphertext{C1: NewPoint(), C2: NewPoint()}
	}
	if err := checkShuffleShape(&m, in); err != nil {
		return ShuffleMsg{}, err
	}
	k := len(in)
	if pi == nil {
		pi = randomPerm(k)
	} else if len(pi) != k || !isPerm(pi) {
		return ShuffleMsg{}, fmt.Errorf("sealed: %v is not a permutation of %d ciphertexts", pi, k)
	}
	beta := make([]*Scalar, k)
	for i := range beta {
		beta[i] = randomScalar()
	}
	for i, j := range pi {
		d := Ciphertext{C1: NewPoint(), C2: NewPoint()}
		d.C1.p.ScalarBaseMult(&beta[j].s)
		d.C1.p.Add(&d.C1.p, &in[j].C1.p)
		d.C2.p.ScalarMult(&beta[j].s, &key.p)
		d.C2.p.Add(&d.C2.p, &in[j].C2.p)
		m.Deck[i] = d
	}
	m.Proof = proveShuffle(shuffleStatement(ctx, &m, key, in), key, in, m.Deck, pi, beta)
	return m, nil
}

// randomPerm returns a uniformly random permutation of 0..k-1
// (Fisher–Yates over crypto/rand).
func randomPerm(k int) []int {
	pi := make([]int, k)
	for i := range pi {
		pi[i] = i
	}
	for i := k - 1; i > 0; i-- {
		j, err := rand.Int(rand.Reader, big.NewInt(int64(i+1)))
		if err != nil {
			panic("sealed: crypto/rand failed: " + err.Error())
		}
		pi[i], pi[j.Int64()] = pi[j.Int64()], pi[i]
	}
	return pi
}

// isPerm reports whether pi is a permutation of 0..len(pi)-1.
func isPerm(pi []int) bool {
	seen := make([]bool, len(pi))
	for _, v := range pi {
		if v < 0 || v >= len(pi) || seen[v] {
			return false
		}
		seen[v] = true
	}
	return true
}

// VerifyShuffle checks that m.Deck is a re-encryption and permutation of
// in under key, proven for this context (verifyShuffleProof).
func VerifyShuffle(ctx Context, key *Point, in Deck, m ShuffleMsg) error {
	if err := checkShuffleShape(&m, in); err != nil {
		return err
	}
	if key == nil {
		return fmt.Errorf("sealed: no joint key")
	}
	if err := verifyShuffleProof(shuffleStatement(ctx, &m, key, in), key, in, m.Deck, m.Proof); err != nil {
		return fmt.Errorf("sealed: shuffle by holder %d does not verify: %w", m.Holder, err)
	}
	return nil
}
