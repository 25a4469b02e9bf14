package hand

import "github.com/fourwinds-mahjong/fourwinds/core/tile"

// Decomposition is one way to split concealed tiles into sets and a pair.
// Sets are concealed (not Open) and listed in tile order.
type Decomposition struct {
	Sets []Meld
	Pair tile.Kind
}

// Decompose returns every distinct way to split c (3n+2 standard tiles) into
// n chows or pungs and one pair. It returns nil when there is none, or when c
// holds a bonus tile or a joker.
func Decompose(c *tile.Counts) []Decomposition {
	if c.Total()%3 != 2 {
		return nil
	}
	for k := tile.NumStandard; k < tile.NumKinds; k++ {
		if c[k] > 0 {
			return nil
		}
	}
	var out []Decomposition
	work := *c
	for p := tile.Kind(0); p < tile.NumStandard; p++ {
		if work[p] < 2 {
			continue
		}
		work[p] -= 2
		var sets []Meld
		var rec func(k tile.Kind)
		rec = func(k tile.Kind) {
			for k < tile.NumStandard && work[k] == 0 {
				k++
			}
			if k == tile.NumStandard {
				out = append(out, Decomposition{Sets: append([]Meld(nil), sets...), Pair: p})
				return
			}
			if work[k] >= 3 {
				work[k] -= 3
				sets = append(sets, Meld{Kind: Pung, Tile: k})
				rec(k)
				sets = sets[:len(sets)-1]
				work[k] += 3
			}
			if k.IsSuited() && k.Number() <= 7 && work[k+1] > 0 && work[k+2] > 0 {
				work[k]--
				work[k+1]--
				work[k+2]--
				sets = append(sets, Meld{Kind: Chow, Tile: k})
				rec(k)
				sets = sets[:len(sets)-1]
				work[k]++
				work[k+1]++
				work[k+2]++
			}
		}
		rec(0)
		work[p] += 2
	}
	return out
}
