package tile

import (
	"fmt"
	"math/bits"
	"slices"
)

// Counts holds how many tiles of each kind a set of tiles has.
type Counts [NumKinds]uint8

// CountsOf returns the counts of a list of kinds; Unknown and None are ignored.
func CountsOf(ks []Kind) Counts {
	var c Counts
	for _, k := range ks {
		if k.Valid() {
			c[k]++
		}
	}
	return c
}

// Add adds one tile of kind k; Unknown and None are ignored, as in CountsOf.
func (c *Counts) Add(k Kind) {
	if k.Valid() {
		c[k]++
	}
}

// Remove removes one tile of kind k and reports whether there was one.
func (c *Counts) Remove(k Kind) bool {
	if !k.Valid() || c[k] == 0 {
		return false
	}
	c[k]--
	return true
}

// Total returns the number of tiles counted.
func (c *Counts) Total() int {
	n := 0
	for _, v := range c {
		n += int(v)
	}
	return n
}

// Kinds returns the tiles counted, sorted, one entry per tile.
func (c *Counts) Kinds() []Kind {
	out := make([]Kind, 0, 14)
	for k, v := range c {
		for range v {
			out = append(out, Kind(k))
		}
	}
	return out
}

// Distinct returns the kinds present at least once, sorted.
func (c *Counts) Distinct() []Kind {
	var out []Kind
	for k, v := range c {
		if v > 0 {
			out = append(out, Kind(k))
		}
	}
	return out
}

// Contains reports whether c holds at least the tiles of o.
func (c *Counts) Contains(o *Counts) bool {
	for k := range c {
		if c[k] < o[k] {
			return false
		}
	}
	return true
}

// Sorted returns a sorted copy of ks.
func Sorted(ks []Kind) []Kind {
	out := slices.Clone(ks)
	slices.Sort(out)
	return out
}

// Set is a set of kinds as a bit mask.
type Set uint64

// Add returns the set with k added.
func (s Set) Add(k Kind) Set { return s | 1<<k }

// Has reports whether k is in the set.
func (s Set) Has(k Kind) bool { return k < 64 && s&(1<<k) != 0 }

// Len returns the number of kinds in the set.
func (s Set) Len() int {
	n := 0
	for x := s; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// Kinds returns the kinds in the set, sorted.
func (s Set) Kinds() []Kind {
	if s == 0 {
		return nil
	}
	out := make([]Kind, 0, bits.OnesCount64(uint64(s)))
	for ; s != 0; s &= s - 1 {
		out = append(out, Kind(bits.TrailingZeros64(uint64(s))))
	}
	return out
}

// String formats the set in notation.
func (s Set) String() string { return Format(s.Kinds()) }

// MarshalText writes the counts as a sorted list in notation, so JSON
// carries "123m 55p" rather than 43 numbers.
func (c Counts) MarshalText() ([]byte, error) { return []byte(Format(c.Kinds())), nil }

// UnmarshalText reads counts from a list in notation.
func (c *Counts) UnmarshalText(b []byte) error {
	ks, err := Parse(string(b))
	if err != nil {
		return err
	}
	for _, k := range ks {
		if !k.Valid() {
			return fmt.Errorf("tile: %s cannot be counted", k)
		}
	}
	*c = CountsOf(ks)
	return nil
}
