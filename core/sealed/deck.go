package sealed

import (
	"errors"
	"fmt"
	"sync"
)

// MaxKinds bounds the tile kinds the codec maps (kinds 0..MaxKinds-1).
const MaxKinds = 256

// Ciphertext is an ElGamal pair (C1, C2) = (r·G, M + r·X) under a joint key X.
type Ciphertext struct {
	C1, C2 *Point
}

// Deck is a sequence of ciphertexts; slot w of the final deck is wall
// position w.
type Deck []Ciphertext

// TilePoint returns the plaintext point of tile kind k: (k+1)·G.
func TilePoint(kind int) (*Point, error) {
	if kind < 0 || kind >= MaxKinds {
		return nil, fmt.Errorf("sealed: tile kind %d is outside 0..%d", kind, MaxKinds-1)
	}
	return NewPoint().Mul(NewScalar().SetInt64(int64(kind+1)), nil), nil
}

var (
	tileTableOnce sync.Once
	tileTable     map[[PointLen]byte]int
)

// DecodeTile returns the tile kind whose point is m, by table lookup.
func DecodeTile(m *Point) (int, error) {
	tileTableOnce.Do(func() {
		tileTable = make(map[[PointLen]byte]int, MaxKinds)
		p := NewPoint()
		g := BasePoint()
		for k := 0; k < MaxKinds; k++ {
			p.Add(p, g)
			tileTable[[PointLen]byte(p.Bytes())] = k
		}
	})
	k, ok := tileTable[[PointLen]byte(m.Bytes())]
	if !ok {
		return 0, errors.New("sealed: the decrypted point is no tile (a share is wrong or missing)")
	}
	return k, nil
}

// InitialDeck returns D₀: each kind trivially encrypted as (O, Mₖ).
func InitialDeck(kinds []int) (Deck, error) {
	d := make(Deck, len(kinds))
	for i, k := range kinds {
		m, err := TilePoint(k)
		if err != nil {
			return nil, err
		}
		d[i] = Ciphertext{C1: NewPoint(), C2: m}
	}
	return d, nil
}

func (d Deck) split() (c1, c2 []*Point) {
	c1 = make([]*Point, len(d))
	c2 = make([]*Point, len(d))
	for i, c := range d {
		c1[i], c2[i] = c.C1, c.C2
	}
	return c1, c2
}

func (d Deck) check() error {
	for i, c := range d {
		if c.C1 == nil || c.C2 == nil {
			return fmt.Errorf("sealed: ciphertext %d is incomplete", i)
		}
	}
	return nil
}
