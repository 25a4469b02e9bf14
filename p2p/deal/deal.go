// Package deal is the arithmetic of a verifiable deal: before each hand
// every seated device draws a random secret and commits to it by its
// SHA-256 hash; only when every commitment is published are the secrets
// sent, to the dealer alone; the hand's wall seed is a hash of them all,
// so no device, the dealer included, can choose the wall. After the hand
// the dealer publishes the secrets and each device checks them (Check).
package deal

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/fourwinds-mahjong/fourwinds/core/wall"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
)

// SecretSize is the length of a secret in bytes.
const SecretSize = 32

// NewSecret returns a fresh random secret.
func NewSecret() []byte {
	b := make([]byte, SecretSize)
	rand.Read(b)
	return b
}

// Commit returns the commitment to a secret.
func Commit(secret []byte) []byte {
	h := sha256.Sum256(secret)
	return h[:]
}

// Seed is the wall seed of hand n made from the contributions, in order.
func Seed(hand int, all []wire.Contribution) wall.Seed {
	h := sha256.New()
	h.Write([]byte("fourwinds/deal/1"))
	h.Write(binary.AppendUvarint(nil, uint64(hand)))
	for _, c := range all {
		h.Write(binary.AppendUvarint(nil, uint64(len(c.Peer))))
		h.Write([]byte(c.Peer))
		h.Write(c.Secret)
	}
	var s wall.Seed
	copy(s[:], h.Sum(nil))
	return s
}

// ErrCheat wraps every failed check of a revealed deal.
var ErrCheat = errors.New("deal: the deal does not check out")

// Check verifies a reveal against what this device committed: every secret
// matches its commitment, this device's secret is among them (when it gave
// one), nothing was committed twice, and the seed is the hash of them all.
// committed are the commitments published before the secrets were sent.
func Check(r *wire.Deal, committed []wire.Contribution, self string, secret []byte) error {
	if len(r.All) == 0 {
		return fmt.Errorf("%w: hand %d was revealed with no contribution", ErrCheat, r.Hand)
	}
	hashes := map[string][]byte{}
	for _, c := range committed {
		hashes[c.Peer] = c.Hash
	}
	seen := map[string]bool{}
	mine := false
	for _, c := range r.All {
		if seen[c.Peer] {
			return fmt.Errorf("%w: %s contributed twice", ErrCheat, c.Peer)
		}
		seen[c.Peer] = true
		want, ok := hashes[c.Peer]
		if !ok {
			return fmt.Errorf("%w: %s contributed without a published commitment", ErrCheat, c.Peer)
		}
		if !bytes.Equal(Commit(c.Secret), want) || !bytes.Equal(c.Hash, want) {
			return fmt.Errorf("%w: %s's secret does not match its commitment", ErrCheat, c.Peer)
		}
		if c.Peer == self {
			mine = bytes.Equal(c.Secret, secret)
		}
	}
	if secret != nil && !mine {
		return fmt.Errorf("%w: this device's secret was left out or changed", ErrCheat)
	}
	if s := Seed(r.Hand, r.All); !bytes.Equal(s[:], r.Seed) {
		return fmt.Errorf("%w: the seed is not the hash of the secrets", ErrCheat)
	}
	return nil
}
