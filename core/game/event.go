package game

import (
	"fmt"
	"strings"

	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// EventType is the kind of an event.
type EventType uint8

// The event types. EvNone is the none value.
const (
	EvNone EventType = iota
	// EvAction records an applied action (Seat, Action), first among the
	// events it causes; records replay from these.
	EvAction
	// EvHandStart opens a hand (Start).
	EvHandStart
	// EvDeal gives Seat its dealt tiles (Tiles; private).
	EvDeal
	// EvBonus exposes a bonus tile (Tiles[0]) of Seat.
	EvBonus
	// EvDraw gives Seat a tile (Tiles[0]; private) from Source.
	EvDraw
	// EvDiscard discards Tiles[0] from Seat, with Declare.
	EvDiscard
	// EvClaim exposes Meld made by Seat with the discard of From.
	EvClaim
	// EvConcealedKong declares Seat's concealed kong (Meld; its tile is private until the end).
	EvConcealedKong
	// EvAddKong adds Tiles[0] to Seat's exposed pung.
	EvAddKong
	// EvKongRobbed: Seat robs Tiles[0] from From's added kong, which reverts to a pung.
	EvKongRobbed
	// EvInvoke: Seat takes the dead discard Tiles[0] (Celestial Empire).
	EvInvoke
	// EvMahjong: Seat declares mahjong on Tiles[0] (From is the discarder, or NoWind).
	EvMahjong
	// EvHandEnd closes the hand with its Result.
	EvHandEnd
	// EvExpose: Seat exposes the combination Meld (JL-6.4, JL-7.4).
	EvExpose
	// EvExtend: Seat adds Tiles[0] to its combination (JL-6.4).
	EvExtend
	// EvJoker tells Seat, who has announced TING, the shared joker's kind
	// Tiles[0] (private; JL-8.1). From is the seat that drew the indicator.
	EvJoker
	// EvJokerReturned: the indicator Tiles[0] goes back face up (JL-8.2, JL-8.3).
	EvJokerReturned
	// EvReceive gives Seat the Tiles (private) of a Charleston pass, the
	// mush or the courtesy pass; From is the seat whose packet came to it,
	// NoWind for the mush (AM-4).
	EvReceive
	// EvExchange: Seat puts Tiles[0] into From's exposure and takes its
	// joker; Meld is the exposure after the exchange (AM-6.3).
	EvExchange
	// EvDead: Seat's hand can no longer be made; it is dead (AM-9.3, AM-9.4).
	EvDead
	// EvMatchEnd closes the game; Balances are each player's final totals,
	// indexed by player (not by wind).
	EvMatchEnd
)

var eventNames = [...]string{"none", "action", "hand-start", "deal", "bonus", "draw", "discard", "claim", "concealed-kong", "add-kong", "kong-robbed", "invoke", "mahjong", "hand-end", "expose", "extend", "joker", "joker-returned",
	"receive", "exchange", "dead", "match-end"}

// String returns the event type's stable name (used in JSON).
func (t EventType) String() string {
	if int(t) < len(eventNames) {
		return eventNames[t]
	}
	return fmt.Sprintf("EventType(%d)", uint8(t))
}

// MarshalText writes the event type's name.
func (t EventType) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText reads an event type's name.
func (t *EventType) UnmarshalText(b []byte) error {
	for i, n := range eventNames {
		if n == string(b) {
			*t = EventType(i)
			return nil
		}
	}
	return fmt.Errorf("game: unknown event type %q", b)
}

// Source is where a drawn tile came from.
type Source string

// The draw sources.
const (
	FromFront Source = "front" // FromFront is a live draw from the head of the wall.
	FromTail  Source = "tail"  // FromTail is a replacement draw for a kong.
	FromBonus Source = "bonus" // FromBonus is a replacement draw for a bonus tile.
)

// Event is one thing that happened, the shared language of sync, records,
// replay, UI and AI. Fields that do not apply to a type are empty.
type Event struct {
	Type    EventType   `json:"type"`
	Seat    rules.Wind  `json:"seat"`
	Tiles   []tile.Kind `json:"tiles,omitempty"`
	From    rules.Wind  `json:"from"`
	Meld    *hand.Meld  `json:"meld,omitempty"`
	Source  Source      `json:"source,omitempty"`
	Declare Declaration `json:"declare,omitempty"`
	Action  *Action     `json:"action,omitempty"`
	Start   *HandStart  `json:"start,omitempty"`
	Result  *Result     `json:"result,omitempty"`
	// Balances are the players' final totals (EvMatchEnd).
	Balances *[4]int `json:"balances,omitempty"`
}

// Tile returns the event's first tile, or tile.None.
func (e Event) Tile() tile.Kind {
	if len(e.Tiles) == 0 {
		return tile.None
	}
	return e.Tiles[0]
}

// Check reports whether the event has the fields its type needs: an
// action, a meld, a hand start or a result.
func (e Event) Check() error {
	need := ""
	switch e.Type {
	case EvNone:
		return fmt.Errorf("game: an event needs a type; allowed: %s", strings.Join(eventNames[1:], ", "))
	case EvAction:
		if e.Action == nil {
			need = "its action"
		}
	case EvClaim, EvConcealedKong, EvExpose, EvExchange:
		if e.Meld == nil {
			need = "its meld"
		}
	case EvHandStart:
		if e.Start == nil {
			need = "its start"
		}
	case EvHandEnd:
		if e.Result == nil {
			need = "its result"
		}
	case EvMatchEnd:
		if e.Balances == nil {
			need = "its balances"
		}
	case EvBonus, EvDiscard, EvAddKong, EvKongRobbed, EvInvoke, EvMahjong, EvExtend, EvJoker, EvJokerReturned:
		if len(e.Tiles) == 0 {
			need = "its tile"
		}
	}
	if need != "" {
		return fmt.Errorf("game: a %s event without %s", e.Type, need)
	}
	return nil
}

// HandStart describes a new hand.
type HandStart struct {
	// Number is the hand's number in the game, from 1.
	Number   int        `json:"number"`
	Round    rules.Wind `json:"round"`
	Dominant rules.Wind `json:"dominant"`
	Dice     [2]int     `json:"dice"`
	Wall     int        `json:"wall"`
}

// redact returns the event as seat may see it: other seats' dealt, drawn
// and received tiles and concealed kongs become tile.Unknown, and the tiles
// other seats give in the Charleston and the courtesy tiles they propose
// are left out (AM-4.1, AM-4.7). A spectator (rules.NoWind) sees only
// public information.
func (e Event) redact(seat rules.Wind) Event {
	if e.Seat == seat {
		return e
	}
	switch e.Type {
	case EvDeal, EvDraw, EvJoker, EvReceive:
		e.Tiles = unknowns(len(e.Tiles))
	case EvConcealedKong:
		if e.Meld == nil {
			break
		}
		m := *e.Meld
		m.Tile = tile.Unknown
		e.Meld = &m
	case EvAction:
		if e.Action == nil {
			break
		}
		a := *e.Action
		switch a.Type {
		case ActConcealedKong:
			a.Tile = tile.Unknown
		case ActGive:
			a.Tiles = tile.Counts{}
		case ActPropose:
			a.N = -1
		}
		e.Action = &a
	}
	return e
}

func unknowns(n int) []tile.Kind {
	out := make([]tile.Kind, n)
	for i := range out {
		out[i] = tile.Unknown
	}
	return out
}

// Redact returns the events as seat may see them (rules.NoWind: a
// spectator). It never panics, even on an event missing the fields its
// type needs (record.Decode refuses such events).
func Redact(evs []Event, seat rules.Wind) []Event {
	out := make([]Event, len(evs))
	for i, e := range evs {
		out[i] = e.redact(seat)
	}
	return out
}
