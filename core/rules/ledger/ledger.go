// Package ledger is a session's running account for the scorer: four
// players, the hands in order with each hand's settlement, running totals,
// and undo of the last hand. A Ledger is plain data and JSON-serialisable;
// players are named by their index 0..3 because seat winds move between
// hands.
package ledger

import (
	"errors"
	"fmt"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
)

// ErrLedger is wrapped by every ledger error.
var ErrLedger = errors.New("ledger: bad input")

// NoPlayer marks no winner (a void hand) or no discarder (self-drawn).
const NoPlayer = -1

// Ledger is a session's account. Build one with New.
type Ledger struct {
	// Rules is the ruleset id, Options the options that differ from its defaults.
	Rules   string            `json:"rules"`
	Options map[string]string `json:"options,omitempty"`
	Players [4]string         `json:"players"`
	// Start is every player's starting balance (CL-OPT-8; 0 for ledger systems).
	Start int    `json:"start"`
	Hands []Hand `json:"hands"`
}

// Hand is one finished hand and its settlement, by player.
type Hand struct {
	// Seats[w] is the player at seat wind w (E, S, W, N).
	Seats [4]int `json:"seats"`
	// Winner is the winning player and From the discarder, or NoPlayer.
	Winner int `json:"winner"`
	From   int `json:"from"`
	// Values are each player's hand value.
	Values    [4]int     `json:"values"`
	Transfers []Transfer `json:"transfers"`
	// Net is each player's gain or loss, or his entry in a ledger system.
	Net    [4]int `json:"net"`
	Ledger bool   `json:"ledger,omitempty"`
	Note   string `json:"note,omitempty"`
}

// Transfer is an amount one player paid another.
type Transfer struct {
	From   int `json:"from"`
	To     int `json:"to"`
	Amount int `json:"amount"`
}

// New starts a ledger for players under r with options o, each starting
// with the ruleset's starting balance.
func New(r rules.Ruleset, o rules.Options, players [4]string) *Ledger {
	return &Ledger{Rules: r.ID(), Options: o.Changed(), Players: players,
		Start: r.Setup(o).StartBalance, Hands: []Hand{}}
}

// Settle settles a hand with r and records it (see Record): seats[w] is the player at
// seat wind w, and in is by seat wind, as Ruleset.Settle takes it.
func (l *Ledger) Settle(r rules.Ruleset, seats [4]int, in rules.SettleInput) (Hand, error) {
	if r.ID() != l.Rules {
		return Hand{}, fmt.Errorf("%w: the ledger is for %s, not %s", ErrLedger, l.Rules, r.ID())
	}
	return l.Record(seats, in, r.Settle(in))
}

// Record records a hand settled elsewhere (by the engine): seats[w] is
// the player at seat wind w, in and s are by seat wind.
func (l *Ledger) Record(seats [4]int, in rules.SettleInput, s rules.Settlement) (Hand, error) {
	if err := checkInput(seats, in); err != nil {
		return Hand{}, err
	}
	player := func(w rules.Wind) int {
		if w < rules.E || w > rules.N {
			return NoPlayer
		}
		return seats[w]
	}
	h := Hand{Seats: seats, Winner: player(in.Winner), From: player(in.From),
		Transfers: make([]Transfer, 0, len(s.Transfers)), Ledger: s.Ledger, Note: s.Note}
	if h.Winner == NoPlayer {
		h.From = NoPlayer
	}
	for w := range rules.Wind(4) {
		h.Values[seats[w]] = in.Values[w]
		h.Net[seats[w]] = s.Net[w]
	}
	for _, t := range s.Transfers {
		if player(t.From) == NoPlayer || player(t.To) == NoPlayer {
			return Hand{}, fmt.Errorf("%w: a transfer from %s to %s names no seat", ErrLedger, t.From, t.To)
		}
		h.Transfers = append(h.Transfers, Transfer{From: player(t.From), To: player(t.To), Amount: t.Amount})
	}
	l.Hands = append(l.Hands, h)
	return h, nil
}

func checkInput(seats [4]int, in rules.SettleInput) error {
	if err := checkSeats(seats); err != nil {
		return err
	}
	if in.Winner != rules.NoWind && (in.Winner < rules.E || in.Winner > rules.N) {
		return fmt.Errorf("%w: the winner must be a seat wind E, S, W, N, or none for a void hand", ErrLedger)
	}
	return nil
}

func checkSeats(seats [4]int) error {
	var seen [4]bool
	for _, p := range seats {
		if p < 0 || p > 3 || seen[p] {
			return fmt.Errorf("%w: seats %v must name each player 0..3 once", ErrLedger, seats)
		}
		seen[p] = true
	}
	return nil
}

// Undo removes the last hand and returns it; false when there is none.
func (l *Ledger) Undo() (Hand, bool) {
	if len(l.Hands) == 0 {
		return Hand{}, false
	}
	h := l.Hands[len(l.Hands)-1]
	l.Hands = l.Hands[:len(l.Hands)-1]
	return h, true
}

// Totals returns each player's balance: the start plus every hand's net.
func (l *Ledger) Totals() [4]int {
	t := [4]int{l.Start, l.Start, l.Start, l.Start}
	for _, h := range l.Hands {
		for p := range t {
			t[p] += h.Net[p]
		}
	}
	return t
}
