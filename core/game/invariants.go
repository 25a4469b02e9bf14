package game

import (
	"fmt"
	"slices"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// CheckInvariants verifies what must hold after every event: every tile is
// somewhere exactly once (hands, melds, bonus rows, discard rows, the wall,
// and the winning tile at the end), no view carries another seat's hidden
// tiles, a decision is owed whenever the hand is not over, and a win
// carries only the flags of its setup (rules.Setup.WinFlags).
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
		if e := p.effective(s.setup.CardCalls); e != 13 && e != 14 && s.Phase != PhaseEnd {
			return fmt.Errorf("game: seat %s holds %d effective tiles", rules.Wind(x), e)
		}
	}
	for _, k := range s.wall.RemainingTiles() {
		all[k]++
	}
	if s.Phase == PhaseEnd && s.Result.Winner != rules.NoWind {
		all[s.Result.Tile]++
		if f := s.Result.Flags; len(f) > 0 && !contained(f, s.setup.WinFlags().Names()) {
			return fmt.Errorf("game: the win carries the flags %v; a win under this setup carries only %v", f, s.setup.WinFlags().Names())
		}
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
	if err := s.checkCounts(); err != nil {
		return err
	}
	for seat := rules.NoWind; seat <= rules.N; seat++ {
		if err := s.checkView(seat); err != nil {
			return err
		}
	}
	return nil
}

// contained reports whether every name of a is in b.
func contained(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// checkCounts verifies the tile counts of the Charleston and of card play:
// East 14 and the others 13 through the Charleston (AM-4, AM-3.4); with card
// calls, 14 only for the seat to play (AM-5.3), never a dead seat to play
// (AM-9.4), and every exposure 3 to 6 tiles with at least one natural
// (AM-6.1).
func (s *State) checkCounts() error {
	for x := range s.Players {
		p := &s.Players[x]
		want := 13
		if (s.inCharleston() && x == int(rules.E)) || (s.Phase == PhaseTurn && x == int(s.Turn)) {
			want = 14
		}
		if fixed := s.inCharleston() || (s.setup.CardCalls && s.Phase != PhaseEnd); fixed && p.effective(true) != want {
			return fmt.Errorf("game: seat %s holds %d tiles in phase %s, want %d", rules.Wind(x), p.effective(true), s.Phase, want)
		}
		for _, m := range p.Melds {
			if s.setup.CardCalls && (m.Size() < 3 || int(m.Jokers) >= m.Size()) {
				return fmt.Errorf("game: seat %s's exposure %s is not 3 to 6 tiles with a natural", rules.Wind(x), m)
			}
		}
	}
	if s.Phase == PhaseTurn && s.Players[s.Turn].Dead {
		return fmt.Errorf("game: dead seat %s is to play", s.Turn)
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
	if c := v.Charleston; c != nil && c.Given != (tile.Counts{}) && (seat == rules.NoWind || c.Given != s.ch.acts[seat].Tiles) {
		return fmt.Errorf("game: seat %s's view shows tiles in flight that are not its own", seat)
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
