// Package table is the seam every face of Four Winds drives: the Fyne app,
// the libp2p dealer and client, the terminal and the gomobile binding. A
// Table owns one match; clients see it only through their seat's
// Snapshot and a stream of Updates, and act on it only through Intents.
//
// Local is the table that runs the engine in this process; the p2p client
// implements the same interface for a table dealt on another device, and
// Sealed for one device's part in a sealed match (no device sees another's
// tiles), so a screen written against Table works unchanged for solo
// play, a shared table and a sealed one.
package table

import (
	"context"
	"errors"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
)

// Spectator is the player number of a client that holds no seat: it sees
// the public view only (the table-centre display).
const Spectator = -1

// Table is a live table as its clients see it. Players are numbered 0–3 in
// turn order around the table and keep their number for the whole match;
// their winds change as the deal passes (Info.Winds).
type Table interface {
	// Snapshot returns everything player (or Spectator) may see now;
	// its Seq is the last update of the player's stream it includes.
	Snapshot(ctx context.Context, player int) (Snapshot, error)
	// Submit sends a player's intent. It returns once the table has
	// accepted or refused it; a refusal is a *RefusedError.
	Submit(ctx context.Context, in Intent) error
	// Subscribe opens player's stream of updates. The stream starts after
	// the returned snapshot (Update.Seq = Snapshot.Seq+1 onwards) and is
	// closed by Close on the subscription or when the table closes.
	Subscribe(ctx context.Context, player int) (Snapshot, Subscription, error)
	// Close stops the table (a local table saves first).
	Close() error
}

// Subscription is one client's ordered stream of updates.
type Subscription interface {
	// Updates delivers the updates in order; the channel is closed when
	// the subscription is closed, or, once the updates already queued are
	// delivered, when the table closes.
	Updates() <-chan Update
	// Close ends the subscription.
	Close()
}

// Intent is what a client asks the table to do for its player.
type Intent struct {
	// Player is the acting player (0–3).
	Player int `json:"player"`
	// Kind is what is asked: an action, or readiness for the next hand.
	Kind IntentKind `json:"kind"`
	// Decision is the decision id the intent answers: the view's StateID
	// the player was shown. A stale decision is refused (ReasonStale).
	Decision uint64 `json:"decision"`
	// Action is the chosen action (IntentAction); one of the view's Legal.
	Action game.Action `json:"action"`
}

// IntentKind is the kind of an intent.
type IntentKind string

// The intent kinds.
const (
	// IntentAction plays Action.
	IntentAction IntentKind = "action"
	// IntentNextHand says the player has seen the end-of-hand sheet and is
	// ready for the next hand; the next hand is dealt when every human
	// player is ready.
	IntentNextHand IntentKind = "next-hand"
)

// Snapshot is everything one client may see at one moment.
type Snapshot struct {
	// Seq is the sequence number of the last update the snapshot includes.
	Seq uint64 `json:"seq"`
	// Player is the client's player number, or Spectator.
	Player int `json:"player"`
	// Info are the match's facts.
	Info Info `json:"info"`
	// View is the player's view of the current hand (the public view for
	// a spectator). It is a copy: changing it changes nothing at the table.
	View *game.View `json:"view"`
	// Clock is the running claim or turn clock, or nil.
	Clock *Clock `json:"clock,omitempty"`
	// Last is the most recent public action, for showing what just happened.
	Last *game.Event `json:"last,omitempty"`
}

// Info are the facts of the match that a hand's View does not hold.
type Info struct {
	// Rules is the ruleset id; Options the table options by name.
	Rules   string            `json:"rules"`
	Options map[string]string `json:"options"`
	// Card is the text of a user's American card, when the table plays one.
	Card string `json:"card,omitempty"`
	// Name is the table's name.
	Name string `json:"name,omitempty"`
	// Seats describe the four players.
	Seats [4]SeatInfo `json:"seats"`
	// Winds are each player's seat wind in the current hand.
	Winds [4]rules.Wind `json:"winds"`
	// Balances are each player's running totals.
	Balances [4]int `json:"balances"`
	// Hand is the current hand's number, from 1; Round its prevailing wind.
	Hand  int        `json:"hand"`
	Round rules.Wind `json:"round"`
	// History are the finished hands, each with its seed (published once
	// the hand is over) but without its Result, to keep snapshots small:
	// the last hand's Result is in the View until the next hand is dealt.
	History []game.HandSummary `json:"history,omitempty"`
	// Over is set when the match has ended.
	Over bool `json:"over,omitempty"`
	// Ready are the players who asked for the next hand (between hands).
	Ready [4]bool `json:"ready"`
	// Verified tells, at a networked table, whether the last hand's deal
	// was checked against every device's commitment.
	Verified *bool `json:"verified,omitempty"`
	// Started is set once the first hand is dealt (a table may wait in
	// its lobby until its host starts it).
	Started bool `json:"started,omitempty"`
	// Hands is the number of hands the match ends after (0: the whole game).
	Hands int `json:"hands,omitempty"`
	// Standing is where the match stands for a table that would go on from
	// it on another device (LocalConfig.From): before the hand in play,
	// which would be voided, or before the next one once it has ended.
	// Nil before the first hand and after the last.
	Standing *game.Standing `json:"standing,omitempty"`
	// Guessing, at a shared table, is how many wrong PINs were given once
	// more were given than the table takes at once: someone is guessing
	// the PIN, and its host may change it. 0 otherwise.
	Guessing int `json:"guessing,omitempty"`
	// Voided, on a device that dealt the table while cut off from the
	// other devices and then sat down at the newer dealer they went on
	// with (Switch.Move), says which of its hands count for nothing; nil
	// otherwise.
	Voided *Voided `json:"voided,omitempty"`
	// Problem says what keeps the table from going on, such as a hand's
	// seed that could not be agreed; the next IntentNextHand tries again.
	Problem string `json:"problem,omitempty"`
	// Sealed is set at a sealed table (Sealed): no device, the dealer's
	// included, sees another device's tiles, and every hand is audited
	// when it ends (Verified).
	Sealed bool `json:"sealed,omitempty"`
	// Void, at a sealed table, is why the last deal was void or did not
	// check out (Verified false), such as "the hand was void: holder 2
	// withheld its shares of 3 tiles": the hand is dealt again with fresh
	// keys, and Void stays set until a deal of it checks out. Empty
	// otherwise.
	Void string `json:"void,omitempty"`
	// VoidWhy, with Void, is how the deal was voided, for the faces to
	// say in a player's own words; empty when no device is to blame (the
	// hand did not check out) or the hand is not void.
	VoidWhy VoidWhy `json:"void_why,omitempty"`
	// VoidBy are the players (0–3) whose device voided the deal (VoidWhy):
	// every player the device at fault plays. Nil with an empty VoidWhy.
	VoidBy []int `json:"void_by,omitempty"`
}

// VoidWhy is how a device voided a sealed table's deal (Info.VoidWhy).
type VoidWhy string

const (
	// VoidWithheld: the device did not send in time what it owed, such as
	// its part of the keys or of the shuffle, its shares of a tile, its
	// acknowledgement or the opening of a claim.
	VoidWithheld VoidWhy = "withheld"
	// VoidCheat: the device sent what the protocol or the rules refuse,
	// such as a bad proof, a tile opened that it did not hold, a passed
	// joker or a false Mah-Jong.
	VoidCheat VoidWhy = "cheat"
)

// Setup is the data of the ruleset the table plays, with its options
// and the user's card: what a face needs to know of the ruleset (whether
// it has winds, a shared joker...) without naming it. It fails for a
// ruleset, options or card not known here.
func (in Info) Setup() (rules.Setup, error) {
	r, err := rules.GetWithCard(in.Rules, in.Card)
	if err != nil {
		return rules.Setup{}, err
	}
	o, err := rules.ResolveOptions(r, in.Options)
	if err != nil {
		return rules.Setup{}, err
	}
	return r.Setup(o), nil
}

// SeatInfo describes one player at the table.
type SeatInfo struct {
	Name string `json:"name"`
	// Kind is who plays the seat.
	Kind SeatKind `json:"kind"`
	// Level is the AI level for an AI seat (or an AI standing in).
	Level string `json:"level,omitempty"`
	// Connected is false while a remote player is away.
	Connected bool `json:"connected"`
	// StandIn is set while the AI plays for an absent human.
	StandIn bool `json:"stand_in,omitempty"`
}

// SeatKind says who plays a seat.
type SeatKind string

// The seat kinds.
const (
	SeatHuman  SeatKind = "human"  // SeatHuman is a person on this device.
	SeatAI     SeatKind = "ai"     // SeatAI is a computer player.
	SeatRemote SeatKind = "remote" // SeatRemote is a person on another device.
)

// Clock is a running decision clock: silence when it runs out counts as a
// pass (claims) or as the AI's choice (a stand-in).
type Clock struct {
	// Deadline is when the clock runs out; Total its whole length.
	Deadline time.Time     `json:"deadline"`
	Total    time.Duration `json:"total"`
}

// Update is one step of a client's stream: the events it may see, in
// order, and its view after them.
type Update struct {
	// Seq numbers the updates of one player's stream (or the
	// spectators') with no gap: a client that sees a gap asks for a fresh
	// Snapshot. A player is sent an update only when there is something
	// for him: another seat's answer in an open window is not.
	Seq uint64 `json:"seq"`
	// Events are the events since the last update, redacted for the client.
	Events []game.Event `json:"events,omitempty"`
	// Snapshot is the client's state after the events.
	Snapshot Snapshot `json:"snapshot"`
}

// Reason is a stable code for a refused intent.
type Reason string

// The reasons an intent is refused besides the engine's own (game.Reason
// codes such as "not-your-turn" and "not-legal" pass through unchanged).
const (
	ReasonStale     Reason = "stale"       // ReasonStale: the decision was already answered or replaced.
	ReasonNotSeated Reason = "not-seated"  // ReasonNotSeated: the client holds no seat at the table.
	ReasonNotYours  Reason = "not-yours"   // ReasonNotYours: the player is someone else's.
	ReasonNoDecide  Reason = "no-decision" // ReasonNoDecide: the player owes no decision now.
	ReasonOver      Reason = "over"        // ReasonOver: the match has ended.
	ReasonClosed    Reason = "closed"      // ReasonClosed: the table is closed.
	ReasonBadIntent Reason = "bad-intent"  // ReasonBadIntent: the intent is malformed.
	ReasonBadPIN    Reason = "bad-pin"     // ReasonBadPIN: a shared table's PIN did not match.
	ReasonPINWait   Reason = "pin-wait"    // ReasonPINWait: too many wrong PINs; the next is looked at after a wait.
	ReasonTooMany   Reason = "too-many"    // ReasonTooMany: a shared table's limit on streams, spectators or requests was reached.
)

// RefusedError is a refused intent with its reason.
type RefusedError struct {
	Reason Reason
	// Detail says what was wrong and what is allowed.
	Detail string
}

// Error returns the refusal for people.
func (e *RefusedError) Error() string {
	return "table: " + string(e.Reason) + ": " + e.Detail
}

// ErrClosed is returned by a closed table.
var ErrClosed = errors.New("table: the table is closed")

// ErrDisconnected is returned by a table dealt on another device (the p2p
// client) for a request whose connection dropped before its answer came:
// the table reconnects by itself, and the request may be sent again.
var ErrDisconnected = errors.New("table: the connection to the dealer dropped; retry once reconnected")
