package game

import (
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// This file holds TING announcements and the shared joker (Setup.Ting,
// Setup.SharedJoker; JL-7, JL-8).

// announceTing tells a seat that has just announced TING the joker's kind,
// if a joker is out (JL-8.1: only TING players learn it).
func (s *State) announceTing(evs []Event, seat rules.Wind) []Event {
	if s.joker == tile.None {
		return evs
	}
	return append(evs, Event{Type: EvJoker, Seat: seat, From: s.jokerHolder, Tiles: []tile.Kind{s.joker}})
}

// maxJokerRolls bounds the rerolls of one check; each failed indicator
// returns face up, so its stack stops being eligible and choices shrink.
const maxJokerRolls = 32

// checkJoker runs at the start of the joker holder's turns, before the
// draw: with no valid joker, an invalid indicator goes back face up (or
// out of play) and a new one is drawn with the die (JL-8.1–8.3, JL-D10).
func (s *State) checkJoker(evs []Event) []Event {
	if s.joker != tile.None {
		if s.jokerValid() {
			return evs
		}
		evs = s.returnJoker(evs)
	}
	for range maxJokerRolls {
		choices := s.wall.JokerChoices()
		if len(choices) == 0 {
			return evs // no joker for now (JL-8.2)
		}
		r := wall.NewRand(wall.Derive(s.Seed, "joker", s.jokerRolls))
		s.jokerRolls++
		k, err := s.wall.DrawJoker(choices[r.IntN(len(choices))])
		if err != nil {
			return evs
		}
		s.joker = k
		if s.jokerValid() {
			for x := rules.E; x <= rules.N; x++ {
				if s.Players[x].Declared == DeclTing {
					evs = append(evs, Event{Type: EvJoker, Seat: x, From: s.jokerHolder, Tiles: []tile.Kind{k}})
				}
			}
			return evs
		}
		evs = s.returnJoker(evs) // V20: all its other copies are exposed
	}
	return evs
}

// returnJoker puts the indicator back face up, or out of play (JL-8.3).
func (s *State) returnJoker(evs []Event) []Event {
	k := s.joker
	if inWall, err := s.wall.ReturnJoker(); err == nil && !inWall {
		s.outOfPlay = append(s.outOfPlay, k)
	}
	s.joker = tile.None
	return append(evs, Event{Type: EvJokerReturned, Seat: rules.NoWind, From: rules.NoWind, Tiles: []tile.Kind{k}})
}

// jokerValid reports whether fewer than 3 other copies of the joker's kind
// are exposed: in discard rows, in exposed melds, face up in the wall or
// out of play (JL-8.2).
func (s *State) jokerValid() bool {
	k, seen := s.joker, 0
	for _, p := range s.Players {
		for _, d := range p.Discards {
			if d.Tile == k && !d.Claimed {
				seen++
			}
		}
		for _, m := range p.Melds {
			if m.Open {
				for _, t := range m.Tiles() {
					if t == k {
						seen++
					}
				}
			}
		}
	}
	for _, st := range s.wall.Stacks() {
		if st.FaceUp == k {
			seen++
		}
	}
	for _, t := range s.outOfPlay {
		if t == k {
			seen++
		}
	}
	return seen < 3
}
