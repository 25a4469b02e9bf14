package game

import (
	"fmt"

	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// TurnStart says how the seat to play of an arranged PhaseTurn hand came
// by its 14th tile.
type TurnStart uint8

// The ways a turn starts. AfterDraw is the default.
const (
	// AfterDraw: a live draw, the Drawn tile; with none, the dealer's 14
	// dealt tiles (HK-D-19, FR-D14).
	AfterDraw TurnStart = iota
	// AfterKong: a replacement draw after a kong, the Drawn tile (CL-12
	// kong replacement, HK-S-23).
	AfterKong
	// AfterClaim: a chow or pung claim; the seat has no drawn tile and must
	// discard (FR-8.9).
	AfterClaim
)

// Arrangement is a hand in a given situation with every tile placed: the
// players' tiles, melds, discards and declarations, the wall, and whose
// turn it is. Arrange builds its State; package gametest reads the rules
// files' situations, written in notation, into arrangements.
type Arrangement struct {
	// Wall is the wall as it stands, every tile outside it already drawn.
	Wall *wall.Wall
	// Players are the seats' tiles, indexed by seat wind; a TING seat's
	// winning set is the waits of its 13 tiles (JL-7.2).
	Players [4]Player
	// Dice are East's throw and the dominant seat's throw.
	Dice [2]int
	// Phase is PhaseTurn or PhaseClaim.
	Phase Phase
	// Turn is the seat to play (PhaseTurn) or the discarder (PhaseClaim),
	// whose last discard is then made as an action would make it: the
	// claim window opens, or play moves on when no seat may claim it.
	Turn rules.Wind
	// How is how Turn's turn started (PhaseTurn only).
	How TurnStart
	// Drawn is the tile the seat to play drew (in its concealed tiles), or
	// tile.None.
	Drawn tile.Kind
	// FirstTurns: no claim or added kong has been made yet, so the
	// heavenly and earthly hands and servi may still happen (CL-10.3,
	// CL-10.4, HK-5.4).
	FirstTurns bool
	// Joker is the shared joker's kind while its indicator is out of the
	// wall (tile.None: none); JokerHolder the first seat to have announced
	// TING, which draws it (JL-8.1, JL-8.3); when it has not announced TING,
	// the first TING seat from East is taken.
	Joker       tile.Kind
	JokerHolder rules.Wind
}

// Arrange builds the State of hand cfg in the situation a describes.
// Errors say what is wrong and what is allowed.
func Arrange(cfg HandConfig, a Arrangement) (*State, error) {
	s, _, err := NewHand(cfg)
	if err != nil {
		return nil, err
	}
	switch {
	case a.Phase != PhaseTurn && a.Phase != PhaseClaim:
		return nil, fmt.Errorf("game: arranged phase %s: allowed: turn, claim", a.Phase)
	case a.How > AfterClaim:
		return nil, fmt.Errorf("game: arranged turn start %d: allowed: AfterDraw, AfterKong, AfterClaim", a.How)
	case a.Turn < rules.E || a.Turn > rules.N:
		return nil, fmt.Errorf("game: arranged turn %s: allowed: E, S, W, N", a.Turn)
	case a.Wall == nil:
		return nil, fmt.Errorf("game: an arrangement needs a wall")
	}
	s.wall, s.Players, s.Dice = a.Wall, a.Players, a.Dice
	s.Dominant = rules.Wind(a.Wall.Dominant())
	s.Result, s.Pending, s.answers, s.options = nil, tile.None, [4]*Action{}, [4][]Action{}
	s.legalKnown, s.invokers, s.lastDiscard = [4]bool{}, 0, false
	s.firstGoAround = a.FirstTurns
	s.dealerDiscarded = len(s.Players[rules.E].Discards) > 0
	s.Phase, s.Turn, s.drawn = PhaseTurn, a.Turn, a.Drawn
	s.how = [...]turnKind{AfterDraw: turnDraw, AfterKong: turnKong, AfterClaim: turnClaim}[a.How]
	s.drawnFrom = [...]Source{AfterDraw: FromFront, AfterKong: FromTail, AfterClaim: ""}[a.How]
	s.lastDiscarder = rules.NoWind
	for d := 4; d >= 1; d-- { // the nearest seat before Turn with a discard
		if x := (a.Turn + rules.Wind(d)) & 3; len(s.Players[x].Discards) > 0 {
			s.lastDiscarder = x
		}
	}
	s.updateWaits()
	if err := s.placeTing(a.Joker, a.JokerHolder); err != nil {
		return nil, err
	}
	if a.Phase == PhaseClaim {
		p := &s.Players[a.Turn]
		last := p.Discards[len(p.Discards)-1].Tile
		p.Discards = p.Discards[:len(p.Discards)-1]
		p.Discarded--
		p.Concealed.Add(last)
		s.how, s.drawn = turnDraw, tile.None
		s.discard(nil, a.Turn, Act(ActDiscard, last))
	}
	return s, nil
}

// placeTing sets the TING seats' winning sets (the waits before the drawn
// tile), the first TING of the hand and the joker (JL-7.2, JL-8.1).
func (s *State) placeTing(joker tile.Kind, holder rules.Wind) error {
	s.joker, s.jokerHolder, s.anyTing = joker, rules.NoWind, false
	for x := rules.E; x <= rules.N; x++ {
		p := &s.Players[x]
		if p.Declared != DeclTing {
			continue
		}
		if !s.setup.Ting {
			return fmt.Errorf("game: seat %s announced TING, but %s has no TING", x, s.ruleset.ID())
		}
		if x == s.Turn && s.drawn != tile.None {
			p.Concealed.Remove(s.drawn)
			s.updateSeatWaits(x)
			p.Concealed.Add(s.drawn)
		}
		if p.waits == 0 {
			return fmt.Errorf("game: seat %s announced TING, but its 13 tiles wait on nothing (JL-7.2)", x)
		}
		if !s.anyTing || x == holder {
			s.jokerHolder = x
		}
		s.anyTing = true
	}
	if joker != tile.None && !s.anyTing {
		return fmt.Errorf("game: the joker %s needs a seat that announced TING to have drawn it (JL-8.1)", joker)
	}
	return nil
}

// MeldOf reads a declared group of a hand in notation: a chow, pung or kong, or with
// Combinations an exposed special combination, 3 or more winds or 3 or
// more dragons of at least 3 kinds (JL-0, JL-6.4).
func MeldOf(setup rules.Setup, g tile.Group) (hand.Meld, bool) {
	if setup.Combinations && g.Kind == tile.Exposed && isCombination(g.Tiles) {
		return hand.NewCombination(g.Tiles), true
	}
	m, err := hand.MeldFromTiles(g.Tiles, g.Kind == tile.Exposed)
	if err != nil || m.Kind == hand.Pair || (g.Kind == tile.ConcealedKong && m.Kind != hand.Kong) {
		return hand.Meld{}, false
	}
	return m, true
}

// isCombination reports whether ks are 3 or more winds, or 3 or more
// dragons, of at least 3 kinds.
func isCombination(ks []tile.Kind) bool {
	var kinds tile.Set
	for _, k := range ks {
		if !k.IsHonor() || k.IsWind() != ks[0].IsWind() {
			return false
		}
		kinds = kinds.Add(k)
	}
	return kinds.Len() >= 3
}
