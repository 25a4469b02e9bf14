package game

import (
	"fmt"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// CheckInvariants verifies what must hold after every event: every tile is
// somewhere exactly once (hands, melds, bonus rows, discard rows, the wall,
// and the winning tile at the end), no view carries another seat's hidden
// tiles, and a decision is owed whenever the hand is not over.
func (s *State) CheckInvariants() error {
	var all tile.Counts
	for x := range s.Players {
		p := &s.Players[x]
		for k, n := range p.Concealed {
			all[k] += n
		}
		for _, m := range p.Melds {
			for _, k := range m.Tiles() {
				all[k]++
			}
		}
		for _, k := range p.Bonus {
			all[k]++
		}
		for _, d := range p.Discards {
			if !d.Claimed {
				all[d.Tile]++
			}
		}
		if e := p.effective(); e != 13 && e != 14 && s.Phase != PhaseEnd {
			return fmt.Errorf("game: seat %s holds %d effective tiles", rules.Wind(x), e)
		}
	}
	for _, k := range s.wall.RemainingTiles() {
		all[k]++
	}
	if s.Phase == PhaseEnd && s.Result.Winner != rules.NoWind {
		all[s.Result.Tile]++
	}
	if s.joker != tile.None {
		all[s.joker]++ // the indicator, out of the wall (JL-8.1)
	}
	for _, k := range s.outOfPlay {
		all[k]++
	}
	if all != s.setup.Tiles {
		return fmt.Errorf("game: tiles not conserved: have %d, the set has %d", all.Total(), s.setup.Tiles.Total())
	}
	if s.Phase != PhaseEnd && len(s.Waiting()) == 0 {
		return fmt.Errorf("game: phase %s but no seat owes a decision", s.Phase)
	}
	for seat := rules.NoWind; seat <= rules.N; seat++ {
		if err := s.checkView(seat); err != nil {
			return err
		}
	}
	return nil
}

// checkView verifies that seat's view holds its own tiles and nobody else's.
func (s *State) checkView(seat rules.Wind) error {
	v := s.View(seat)
	if seat == rules.NoWind {
		if v.Hand.Total() != 0 || len(v.Legal) != 0 {
			return fmt.Errorf("game: the spectator view holds tiles or actions")
		}
	} else if v.Hand != s.Players[seat].Concealed {
		return fmt.Errorf("game: seat %s's view does not hold its own tiles", seat)
	}
	if seat != rules.NoWind && v.Joker != tile.None && s.Players[seat].Declared != DeclTing {
		return fmt.Errorf("game: seat %s sees the joker without having announced TING", seat)
	}
	if s.Phase == PhaseEnd {
		return nil
	}
	for x, sv := range v.Seats {
		if rules.Wind(x) == seat {
			continue
		}
		for _, m := range sv.Melds {
			if !m.Open && m.Tile != tile.Unknown {
				return fmt.Errorf("game: seat %s sees seat %s's concealed kong", seat, rules.Wind(x))
			}
		}
	}
	return nil
}
