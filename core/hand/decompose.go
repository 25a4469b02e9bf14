package hand

import "github.com/fourwinds-mahjong/fourwinds/core/tile"

// Decomposition is one way to split concealed tiles into sets and a pair.
// Sets are concealed (not Open) and listed in tile order, a chow before a
// pung of the same first tile.
type Decomposition struct {
	Sets []Meld
	Pair tile.Kind
}

// Decompose returns every distinct way to split c (3n+2 standard tiles, at
// most 14, at most 4 of a kind) into n chows or pungs and one pair, ordered
// by pair. It returns nil when there is none, for other tiles, and when c
// holds a bonus tile or a joker.
func Decompose(c *tile.Counts) []Decomposition {
	if c.Total() > maxGroupTiles || !physical(c) || !IsComplete(c) {
		return nil
	}
	var sets [maxSets]Meld // 14 tiles hold at most 4 sets
	d := decomposer{work: *c, sets: sets[:0]}
	for p := range tile.Kind(tile.NumStandard) {
		if d.work[p] >= 2 {
			d.work[p] -= 2
			d.pair = p
			d.split(0)
			d.work[p] += 2
		}
	}
	return d.out
}

// decomposer is the state of Decompose's search.
type decomposer struct {
	work tile.Counts
	pair tile.Kind
	sets []Meld
	out  []Decomposition
}

// split adds every split of the tiles of d.work from kind k on. The tiles of
// the lowest kind held start pungs or chows; after q pungs, the rest start
// chows, so each split is found once.
func (d *decomposer) split(k tile.Kind) {
	for k < tile.NumStandard && d.work[k] == 0 {
		k++
	}
	if k == tile.NumStandard {
		d.out = append(d.out, Decomposition{Sets: append([]Meld(nil), d.sets...), Pair: d.pair})
		return
	}
	x := d.work[k]
	for q := range int(x)/3 + 1 {
		chows := x - uint8(3*q)
		if chows > 0 && (!k.IsSuited() || k.Number() > 7 || d.work[k+1] < chows || d.work[k+2] < chows) {
			continue
		}
		n := len(d.sets)
		d.work[k], d.work[k+1], d.work[k+2] = 0, d.work[k+1]-chows, d.work[k+2]-chows
		for range chows {
			d.sets = append(d.sets, Meld{Kind: Chow, Tile: k})
		}
		for range q {
			d.sets = append(d.sets, Meld{Kind: Pung, Tile: k})
		}
		d.split(k + 1)
		d.sets = d.sets[:n]
		d.work[k], d.work[k+1], d.work[k+2] = x, d.work[k+1]+chows, d.work[k+2]+chows
	}
}
