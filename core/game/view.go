package game

import (
	"errors"
	"fmt"
	"slices"

	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// SeatView is what everyone may see of a seat. It has no field for the
// seat's concealed tiles: only their number.
type SeatView struct {
	// Concealed is how many concealed tiles the seat holds.
	Concealed int `json:"concealed"`
	// Melds are the seat's melds; another seat's concealed kongs show tile.Unknown.
	Melds    []hand.Meld `json:"melds"`
	Bonus    []tile.Kind `json:"bonus"`
	Discards []Discard   `json:"discards"`
	Declared Declaration `json:"declared,omitempty"`
	// Dead: the seat's hand can no longer be made (AM-9.3).
	Dead bool `json:"dead,omitempty"`
}

// View is one seat's view of a hand: its own tiles, the public table and
// its legal actions. A spectator view (Seat rules.NoWind) has no own tiles.
// Views are what the AI, the UI and the network consume, so none of them
// can see another seat's hidden tiles or the wall order.
type View struct {
	Seat     rules.Wind `json:"seat"`
	Ruleset  string     `json:"ruleset"`
	Number   int        `json:"number"`
	Round    rules.Wind `json:"round"`
	Dominant rules.Wind `json:"dominant"`
	Phase    Phase      `json:"phase"`
	Turn     rules.Wind `json:"turn"`
	// Pending is the discard or added-kong tile being answered, or tile.None.
	Pending tile.Kind `json:"pending"`
	StateID uint64    `json:"state_id"`
	// Hand is the seat's own concealed tiles.
	Hand tile.Counts `json:"hand"`
	// Drawn is the tile the seat just drew, or tile.None.
	Drawn tile.Kind `json:"drawn"`
	// Joker is the shared joker's kind, for a seat that has announced TING
	// (JL-8.1); tile.None otherwise.
	Joker    tile.Kind   `json:"joker"`
	Seats    [4]SeatView `json:"seats"`
	WallLive int         `json:"wall_live"`
	// Dice are the hand's two throws (each a two-dice total), which broke
	// the wall: public, as thrown on the table (CL-4.3, HK-3.4, AM-3.2).
	Dice  [2]int   `json:"dice"`
	Legal []Action `json:"legal"`
	// Result is set when the hand is over; every hand is then revealed.
	Result *Result `json:"result,omitempty"`

	// Charleston is the Charleston step in progress, or nil (AM-4).
	Charleston *CharlestonView `json:"charleston,omitempty"`

	options rules.Options
	ruleset rules.Ruleset
}

// Options returns the table options (for AI and hints).
func (v *View) Options() rules.Options { return v.options }

// Rules returns the ruleset (for AI and hints).
func (v *View) Rules() rules.Ruleset { return v.ruleset }

// View returns what seat may see (rules.NoWind for a spectator). The view
// is a copy: changing it changes nothing in the state. Views may be taken
// from several goroutines at once, but not while an action is applied.
func (s *State) View(seat rules.Wind) *View {
	s.mu.Lock()
	defer s.mu.Unlock()
	v := &View{
		Seat: seat, Ruleset: s.ruleset.ID(), Number: s.Number, Round: s.Round, Dominant: s.Dominant,
		Phase: s.Phase, Turn: s.Turn, Pending: s.Pending, StateID: s.DecisionID(), Drawn: tile.None, Joker: tile.None,
		WallLive: s.wall.LiveLeft(), Dice: s.Dice, Result: s.Result.Clone(), options: s.opts, ruleset: s.ruleset,
		Charleston: s.charlestonView(seat),
	}
	if seat >= rules.E && seat <= rules.N {
		v.Hand = s.Players[seat].Concealed
		if s.Turn == seat && s.Phase == PhaseTurn {
			v.Drawn = s.drawn
		}
		v.Legal = slices.Clone(s.legalLocked(seat))
		if s.Players[seat].Declared == DeclTing {
			v.Joker = s.joker
		}
	}
	// One backing array for every seat's melds and one for the discards;
	// each seat's slice is capped, so appending to it copies.
	nm, nd := 0, 0
	for x := range s.Players {
		nm, nd = nm+len(s.Players[x].Melds), nd+len(s.Players[x].Discards)
	}
	melds, discards := make([]hand.Meld, 0, nm), make([]Discard, 0, nd)
	for x := range s.Players {
		p, sv := &s.Players[x], &v.Seats[x]
		*sv = SeatView{Concealed: p.Concealed.Total(), Bonus: append([]tile.Kind(nil), p.Bonus...), Declared: p.Declared, Dead: p.Dead}
		start := len(melds)
		melds = append(melds, p.Melds...)
		for i := start; i < len(melds) && rules.Wind(x) != seat && s.Phase != PhaseEnd; i++ {
			if !melds[i].Open {
				melds[i].Tile = tile.Unknown // FR-9.1: hidden until the hand ends
			}
		}
		if len(p.Melds) > 0 {
			sv.Melds = melds[start:len(melds):len(melds)]
		}
		start = len(discards)
		discards = append(discards, p.Discards...)
		for i := start; i < len(discards) && s.setup.JapaneseDiscards; i++ {
			if !(rules.Wind(x) == s.lastDiscarder && i == len(discards)-1) {
				discards[i].Tile = tile.Unknown // HK-5.3, FR-7.3: older discards face down
			}
		}
		if len(p.Discards) > 0 {
			sv.Discards = discards[start:len(discards):len(discards)]
		}
	}
	return v
}

// Attach gives a view decoded from JSON, which names its ruleset but does
// not carry it, the ruleset and table options it was made with, so that
// Rules and Options (and the AI and hints that read them) work on it.
// The ruleset must be the one the view names.
func (v *View) Attach(r rules.Ruleset, o rules.Options) error {
	if r == nil || r.ID() != v.Ruleset {
		id := "none"
		if r != nil {
			id = r.ID()
		}
		return fmt.Errorf("game: a %s view cannot take the %s ruleset", v.Ruleset, id)
	}
	v.ruleset, v.options = r, o
	return nil
}

// ErrSecret is returned when a State or a Match is marshalled: they hold
// every concealed hand and the seeds the walls follow from. Marshal a View
// for one seat instead; records hold the events.
var ErrSecret = errors.New("game: a hand's state is secret; marshal a seat's View instead")

// MarshalJSON refuses (ErrSecret).
func (State) MarshalJSON() ([]byte, error) { return nil, ErrSecret }

// MarshalJSON refuses (ErrSecret).
func (Match) MarshalJSON() ([]byte, error) { return nil, ErrSecret }
