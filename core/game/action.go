// Package game is the engine: a hand's State, the Actions a seat may take
// (LegalActions) and their application (Apply), the Events that describe
// what happened, the per-seat View that cannot hold another seat's hidden
// tiles, and the Match that runs hands and rounds to the end of a game.
//
// Within a hand, seats are named by their seat wind (rules.E is the dealer).
// The Match maps its fixed players to winds for each hand.
package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// ActionType is the kind of a decision a seat makes.
type ActionType uint8

// The action types. ActNone is the none value.
const (
	ActNone ActionType = iota
	// ActDiscard discards Tile, optionally with a declaration (servi,
	// calling hand) made at the same moment.
	ActDiscard
	// ActSelfDraw declares mahjong on the tile just drawn (or the dealt hand).
	ActSelfDraw
	// ActConcealedKong declares a concealed kong of Tile.
	ActConcealedKong
	// ActAddKong adds the drawn Tile to an exposed pung.
	ActAddKong
	// ActPass declines a claim, a robbing chance or an invocation.
	ActPass
	// ActChow claims the discard for the chow starting at Tile.
	ActChow
	// ActPung claims the discard for a pung.
	ActPung
	// ActKong claims the discard for an exposed kong.
	ActKong
	// ActMahjong claims the discard (or the robbed or invoked tile) for mahjong.
	ActMahjong
	// ActInvoke takes the unclaimed discard Tile when invoking the Celestial
	// Empire (HK-8.2, FR-12.2).
	ActInvoke
	// ActExpose exposes the special combination Tiles (JL-6.4, JL-7.4).
	ActExpose
	// ActExtend adds Tile to an own exposed combination (JL-6.4).
	ActExtend
	// ActGive commits the seat's Tiles, hidden, in a Charleston pass, the
	// mush or the courtesy pass; fewer than 3 in a blind pass, the rest
	// forwarded unseen (AM-4).
	ActGive
	// ActStop votes to stop the Charleston after the first (AM-4.4).
	ActStop
	// ActContinue votes for the second Charleston (AM-4.4).
	ActContinue
	// ActPropose proposes N courtesy tiles, 0–3, to the seat across (AM-4.7).
	ActPropose
	// ActCall claims the discard Tile to expose it with the concealed Tiles:
	// naturals of its kind and jokers, 3 to 6 tiles in all (AM-5.5).
	ActCall
	// ActExchange puts the natural Tile into an exposure of seat N that
	// holds a joker of its kind and takes the joker (AM-6.3).
	ActExchange
)

var actionNames = [...]string{"none", "discard", "self-draw", "concealed-kong", "add-kong", "pass", "chow", "pung", "kong", "mahjong", "invoke", "expose", "extend",
	"give", "stop", "continue", "propose", "call", "exchange"}

// String returns the action type's stable name (used in JSON).
func (t ActionType) String() string {
	if int(t) < len(actionNames) {
		return actionNames[t]
	}
	return fmt.Sprintf("ActionType(%d)", uint8(t))
}

// MarshalText writes the action type's name.
func (t ActionType) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText reads an action type's name.
func (t *ActionType) UnmarshalText(b []byte) error {
	for i, n := range actionNames {
		if n == string(b) {
			*t = ActionType(i)
			return nil
		}
	}
	return fmt.Errorf("game: unknown action %q; allowed: %s", b, strings.Join(actionNames[1:], ", "))
}

// Declaration is a declaration made together with a discard.
type Declaration uint8

// The declarations. DeclNone is the none value.
const (
	DeclNone Declaration = iota
	// DeclServi declares servi at the end of the first turn (HK-5.4, FR-11.3).
	DeclServi
	// DeclCalling declares a calling hand (HK-OPT-9, FR-11.4).
	DeclCalling
	// DeclTing announces TING (JL-7.2).
	DeclTing
)

var declNames = [...]string{"", "servi", "calling", "ting"}

// String returns the declaration's name ("" for none).
func (d Declaration) String() string {
	if int(d) < len(declNames) {
		return declNames[d]
	}
	return fmt.Sprintf("Declaration(%d)", uint8(d))
}

// MarshalText writes the declaration's name.
func (d Declaration) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText reads a declaration's name.
func (d *Declaration) UnmarshalText(b []byte) error {
	for i, n := range declNames {
		if n == string(b) {
			*d = Declaration(i)
			return nil
		}
	}
	return fmt.Errorf("game: unknown declaration %q; allowed: servi, calling, ting", b)
}

// Action is one decision of a seat. Tile is the discard, the kong's tile,
// the first tile of a claimed chow, or the invoked tile; tile.None otherwise.
// Tiles holds the tiles of an action on several tiles (an exposed
// combination, the tiles given in a Charleston pass or used in a call).
// N is the action's number: the courtesy tiles proposed, or the seat
// (rules.Wind) whose exposure gives a joker; -1 when redacted.
// Actions are comparable with ==.
type Action struct {
	Type    ActionType  `json:"type"`
	Tile    tile.Kind   `json:"tile"`
	Declare Declaration `json:"declare,omitempty"`
	Tiles   tile.Counts `json:"tiles,omitzero"`
	N       int8        `json:"n,omitempty"`
}

// String writes the action for people and logs, such as "discard 5p".
func (a Action) String() string {
	s := a.Type.String()
	if a.Tile != tile.None {
		s += " " + a.Tile.String()
	}
	if a.Tiles != (tile.Counts{}) {
		s += " " + tile.Format(a.Tiles.Kinds())
	}
	switch {
	case a.N < 0:
		s += " ?"
	case a.Type == ActPropose:
		s += fmt.Sprintf(" %d", a.N)
	case a.Type == ActExchange:
		s += " from " + rules.Wind(a.N).String()
	}
	if a.Declare != DeclNone {
		s += " +" + a.Declare.String()
	}
	return s
}

// MarshalJSON writes the action, omitting an absent tile.
func (a Action) MarshalJSON() ([]byte, error) {
	type out struct {
		Type    ActionType  `json:"type"`
		Tile    *tile.Kind  `json:"tile,omitempty"`
		Declare Declaration `json:"declare,omitempty"`
		Tiles   tile.Counts `json:"tiles,omitzero"`
		N       int8        `json:"n,omitempty"`
	}
	o := out{Type: a.Type, Declare: a.Declare, Tiles: a.Tiles, N: a.N}
	if a.Tile != tile.None {
		o.Tile = &a.Tile
	}
	return json.Marshal(o)
}

// actionJSON is an action's JSON form.
type actionJSON struct {
	Type    ActionType  `json:"type"`
	Tile    *tile.Kind  `json:"tile"`
	Declare Declaration `json:"declare"`
	Tiles   tile.Counts `json:"tiles"`
	N       int8        `json:"n"`
}

// action returns the action; a missing tile is tile.None.
func (in actionJSON) action() Action {
	a := Action{Type: in.Type, Tile: tile.None, Declare: in.Declare, Tiles: in.Tiles, N: in.N}
	if in.Tile != nil {
		a.Tile = *in.Tile
	}
	return a
}

// UnmarshalJSON reads an action; a missing tile is tile.None.
func (a *Action) UnmarshalJSON(b []byte) error {
	var in actionJSON
	if err := json.Unmarshal(b, &in); err != nil {
		return err
	}
	*a = in.action()
	return nil
}

// DecodeActionStrict reads an action as UnmarshalJSON does, but refuses
// unknown fields and data after the action: for actions that come from
// another device.
func DecodeActionStrict(b []byte) (Action, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var in actionJSON
	if err := dec.Decode(&in); err != nil {
		return Action{}, fmt.Errorf("game: bad action: %w", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return Action{}, errors.New("game: bad action: data after the action")
	}
	return in.action(), nil
}

// Meld is a meld as views and events carry it (SeatView.Melds,
// Event.Meld), so that their readers need not import package hand.
type Meld = hand.Meld

// Meld returns the meld a pung, kong, added kong or concealed kong of
// a.Tile makes (an added kong shows as an exposed kong), and false for
// another action.
func (a Action) Meld() (Meld, bool) {
	switch a.Type {
	case ActPung:
		return Meld{Kind: hand.Pung, Tile: a.Tile, Open: true}, true
	case ActKong, ActAddKong:
		return Meld{Kind: hand.Kong, Tile: a.Tile, Open: true}, true
	case ActConcealedKong:
		return Meld{Kind: hand.Kong, Tile: a.Tile}, true
	}
	return Meld{}, false
}

// Act returns an action of type t on tile k.
func Act(t ActionType, k tile.Kind) Action { return Action{Type: t, Tile: k} }
