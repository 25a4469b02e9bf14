package wall

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/rand/v2"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// Seed is the 32-byte key of a ChaCha8 stream: every random choice of a
// hand (shuffle, dice, joker die) comes from one seed, so a hand is
// reproducible and can be audited once its seed is revealed.
type Seed [32]byte

// SeedFromString turns any text into a seed, deterministically: 64 hex
// digits (either case) are decoded as they stand, so that
// SeedFromString(s.String()) == s; any other text, such as "1" or
// "friday game", is hashed with SHA-256. The text is used exactly as given.
func SeedFromString(s string) Seed {
	var seed Seed
	if len(s) == 2*len(seed) {
		if _, err := hex.Decode(seed[:], []byte(s)); err == nil {
			return seed
		}
	}
	return sha256.Sum256([]byte(s))
}

// String returns the seed as 64 lowercase hex digits.
func (s Seed) String() string { return hex.EncodeToString(s[:]) }

// MarshalText encodes the seed as 64 hex digits, so JSON records carry text.
func (s Seed) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText decodes a seed written as exactly 64 hex digits.
func (s *Seed) UnmarshalText(b []byte) error {
	var seed Seed
	if len(b) != 2*len(seed) {
		return fmt.Errorf("wall: seed %q has %d characters: want 64 hex digits", b, len(b))
	}
	if _, err := hex.Decode(seed[:], b); err != nil {
		return fmt.Errorf("wall: seed %q is not 64 hex digits: %w", b, err)
	}
	*s = seed
	return nil
}

// NewRand returns a ChaCha8 generator keyed by the seed. It is the only
// source of randomness in core: there is no global rand.
func NewRand(seed Seed) *rand.Rand { return rand.New(rand.NewChaCha8(seed)) }

// Derive returns an independent seed for the n-th use of a label, such as
// the seed of hand n of a match: SHA-256 of the seed, the label's length
// and bytes, and n. Different (label, n) pairs give unrelated seeds.
func Derive(seed Seed, label string, n int) Seed {
	buf := make([]byte, 0, len(seed)+2*binary.MaxVarintLen64+len(label))
	buf = append(buf, seed[:]...)
	buf = binary.AppendUvarint(buf, uint64(len(label)))
	buf = append(buf, label...)
	buf = binary.AppendVarint(buf, int64(n))
	return sha256.Sum256(buf)
}

// Shuffle returns all the tiles counted, in a uniformly random ring order
// (see New for how the ring maps onto the four walls).
func Shuffle(tiles tile.Counts, r *rand.Rand) []tile.Kind {
	ring := tiles.Kinds()
	r.Shuffle(len(ring), func(i, j int) { ring[i], ring[j] = ring[j], ring[i] })
	return ring
}

// RollDie returns one die, 1 to 6 (the jilin joker die, JL-8.1).
func RollDie(r *rand.Rand) int { return 1 + r.IntN(6) }

// RollDice returns two dice, 1 to 6 each.
func RollDice(r *rand.Rand) (d1, d2 int) { return RollDie(r), RollDie(r) }

// DiceSeat returns the seat named by a dice total counted from the thrower:
// (total−1) mod 4 seats on in turn order, that is counter-clockwise (CL-2.1,
// CL-D-2, HK-3.3, FR-4.3, JL-3.2). Seats are offsets 0..3 from East
// (E, S, W, N); 5 or 9 names the thrower, 6 or 10 the player on his right,
// 7 or 11 the player opposite, 8 or 12 the player on his left.
func DiceSeat(thrower, total int) int { return mod(thrower+total-1, 4) }

// mod is the non-negative remainder of a by n > 0.
func mod(a, n int) int { return (a%n + n) % n }
