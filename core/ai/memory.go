package ai

import (
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// memory is what a player remembers between its views of one hand: for
// each other seat, the tiles discarded since that seat last changed its
// hand that it did not claim for mahjong. Those cannot be among its waits
// (the rules here have no "furiten": a seat that passes a winning tile
// keeps its waits, but it never passes one, since a win is always taken).
// A seat that declared (servi, calling hand) may not change its waits any
// more, so every tile discarded after its declaration stays safe.
type memory struct {
	number  int
	stateID uint64
	// rows and melds are each seat's discard and meld counts at the last view.
	rows, melds [4]int
	declared    [4]bool
	// safe[x] are the kinds known not to win for seat x now.
	safe [4]tile.Set
	seen bool
}

// update reads a new view of the hand.
func (m *memory) update(v *game.View) {
	if !m.seen || v.Number != m.number || v.StateID < m.stateID {
		*m = memory{number: v.Number, stateID: v.StateID, seen: true}
		m.record(v)
		return
	}
	var fresh tile.Set
	changed := [4]bool{}
	for x := range v.Seats {
		sv := &v.Seats[x]
		for _, d := range sv.Discards[min(m.rows[x], len(sv.Discards)):] {
			if d.Tile.IsStandard() {
				fresh = fresh.Add(d.Tile)
			}
		}
		changed[x] = len(sv.Discards) != m.rows[x] || len(sv.Melds) != m.melds[x]
	}
	for x := range v.Seats {
		switch {
		case m.declared[x]:
			m.safe[x] |= fresh
		case changed[x]:
			m.safe[x] = 0
		default:
			m.safe[x] |= fresh
		}
	}
	m.stateID = v.StateID
	m.record(v)
}

// record keeps the counts and declarations of v.
func (m *memory) record(v *game.View) {
	for x := range v.Seats {
		m.rows[x] = len(v.Seats[x].Discards)
		m.melds[x] = len(v.Seats[x].Melds)
		m.declared[x] = v.Seats[x].Declared != game.DeclNone
	}
}
