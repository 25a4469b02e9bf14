package sealedplay

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/sealed"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// Type is the kind of a message of sealed play.
type Type uint8

// The message types. TNone is the none value. Devices send TKey, TShuffle,
// TShares, TAck, TAct and TOpen to the sequencer, which relays every
// message it accepts to every device and spectator, and adds TReveal,
// TAnswers and TVoid of its own.
const (
	TNone Type = iota
	// TKey: a key holder's per-hand key with its proof of knowledge (Key).
	TKey
	// TShuffle: holder From's link of the deal's shuffle chain (Shuffle).
	TShuffle
	// TReveal (sequencer): every key holder but To publishes its shares of
	// Slots; To = Public: every holder publishes those it has not.
	TReveal
	// TShares: holder From's decryption shares (Shares).
	TShares
	// TAck: holder From has decrypted the slots revealed to it and opens
	// (Shares: its own shares) those that hold bonus tiles.
	TAck
	// TAct: Seat's Action with the openings it needs (Shares): the
	// discarded slot, the slot of an added kong, the whole hand of a
	// self-drawn Mah-Jong; none for an answer in a claim window. A
	// concealed kong names no tile: it carries its four Slots and three
	// Equal proofs that they hold one kind, and opens nothing.
	TAct
	// TAnswers (sequencer): every answer of the claim window just closed.
	TAnswers
	// TOpen: the winner Seat of a claim window opens the tiles of its meld,
	// or its whole hand for a Mah-Jong (Shares).
	TOpen
	// TVoid (sequencer): the hand is void (Reason; Fault names the holder
	// at fault, and how, when one is known).
	TVoid
	// TJoker: holder From's jilin joker indicator message (JL-8): a copy
	// of the indicator into the next fresh slot (Move), revealed to it
	// alone since it plays a seat that announced TING; or, from the device
	// of the seat that drew the indicator, its share of its copy (Shares),
	// which opens the indicator as it goes back face up; or, from that
	// device, nothing: the indicator out stands after the check at its
	// seat's turn start (JL-8.1, JL-8.3), which the sequencer awaits
	// before it reveals that turn's draw.
	TJoker
)

var typeNames = [...]string{"none", "key", "shuffle", "reveal", "shares", "ack", "act", "answers", "open", "void", "joker"}

// String names the type.
func (t Type) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return fmt.Sprintf("Type(%d)", uint8(t))
}

// Public is the TReveal recipient of a public opening.
const Public = ^uint32(0)

// Answer is one seat's answer in a claim window.
type Answer struct {
	Seat   rules.Wind
	Action game.Action
}

// Msg is one message of sealed play. Every message is public: the
// sequencer relays it to every device, so no device needs a private
// channel and the relay learns only what a spectator learns.
type Msg struct {
	Type    Type
	From    uint32             // sending key holder (TKey, TShuffle, TShares, TAck, TAct, TOpen, TJoker)
	Key     *sealed.KeyMsg     // TKey
	Shuffle *sealed.ShuffleMsg // TShuffle
	To      uint32             // TReveal: the recipient holder, or Public
	Slots   []uint32           // TReveal; TAct: a concealed kong's slots
	Shares  sealed.Shares      // TShares, TAck, TAct, TOpen, TJoker
	Seat    rules.Wind         // TAct, TOpen
	Action  game.Action        // TAct
	Equal   []sealed.Equality  // TAct: a concealed kong's proofs
	// Move is a Charleston or courtesy give's tiles moved into fresh
	// slots (TAct): a transfer of 2 or 3 slots, or a copy of one; a copy
	// of the joker indicator (TJoker).
	Move    *sealed.Move
	Answers []Answer // TAnswers
	Reason  string   // TVoid
	Fault   Fault    // TVoid: who voided the hand, and how
}

// MaxMsg bounds an encoded message (the table protocol's frame).
const MaxMsg = 1 << 20

const (
	maxReason = 1024
	actionLen = 3 + int(tile.NumKinds) + 1
)

// MarshalBinary encodes the message: its type byte, then its fields in
// the order of the Msg struct, integers big-endian, lists and nested
// sealed bodies prefixed by their 32-bit length or count.
func (m Msg) MarshalBinary() ([]byte, error) {
	b := []byte{byte(m.Type)}
	u32 := func(v uint32) { b = binary.BigEndian.AppendUint32(b, v) }
	body := func(x interface{ MarshalBinary() ([]byte, error) }) error {
		e, err := x.MarshalBinary()
		if err != nil {
			return err
		}
		u32(uint32(len(e)))
		b = append(b, e...)
		return nil
	}
	// move appends the kind of m.Move (0 none, 1 transfer, 2 copy) and
	// its body.
	move := func() error {
		switch {
		case m.Move == nil:
			b = append(b, 0)
			return nil
		case m.Move.Transfer != nil && m.Move.Copy == nil:
			b = append(b, 1)
			return body(m.Move.Transfer)
		case m.Move.Copy != nil && m.Move.Transfer == nil:
			b = append(b, 2)
			return body(m.Move.Copy)
		}
		return errors.New("sealedplay: a move is one transfer or one copy")
	}
	var err error
	switch m.Type {
	case TKey:
		if m.Key == nil {
			return nil, errors.New("sealedplay: key message without a key")
		}
		u32(m.From)
		err = body(m.Key)
	case TShuffle:
		if m.Shuffle == nil {
			return nil, errors.New("sealedplay: shuffle message without a shuffle")
		}
		u32(m.From)
		err = body(m.Shuffle)
	case TReveal:
		u32(m.To)
		u32(uint32(len(m.Slots)))
		for _, s := range m.Slots {
			u32(s)
		}

	case TShares, TAck:
		u32(m.From)
		err = body(m.Shares)
	case TAct, TOpen:
		u32(m.From)
		b = append(b, byte(m.Seat))
		if m.Type == TAct {
			b = appendAction(b, m.Action)
		}
		err = body(m.Shares)
		if m.Type == TAct {
			u32(uint32(len(m.Slots)))
			for _, s := range m.Slots {
				u32(s)
			}
			u32(uint32(len(m.Equal)))
			for _, q := range m.Equal {
				if err == nil {
					err = body(q)
				}
			}
		}
		if m.Type == TAct && err == nil {
			err = move()
		}
	case TJoker:
		u32(m.From)
		if err = body(m.Shares); err == nil {
			err = move()
		}
	case TAnswers:
		u32(uint32(len(m.Answers)))
		for _, a := range m.Answers {
			b = append(b, byte(a.Seat))
			b = appendAction(b, a.Action)
		}
	case TVoid:
		u32(uint32(len(m.Reason)))
		b = append(b, m.Reason...)
		b = append(b, byte(m.Fault.Kind))
		u32(m.Fault.Holder)
	default:
		return nil, fmt.Errorf("sealedplay: cannot encode message type %v", m.Type)
	}
	if err != nil {
		return nil, err
	}
	if len(b) > MaxMsg {
		return nil, fmt.Errorf("sealedplay: %v message of %d bytes exceeds %d", m.Type, len(b), MaxMsg)
	}
	return b, nil
}

func appendAction(b []byte, a game.Action) []byte {
	b = append(b, byte(a.Type), byte(a.Tile), byte(a.Declare))
	b = append(b, a.Tiles[:]...)
	return append(b, byte(a.N))
}

// decoder reads a message strictly; the first error sticks.
type decoder struct {
	b   []byte
	err error
}

func (d *decoder) take(n int) []byte {
	if d.err != nil {
		return nil
	}
	if n < 0 || n > len(d.b) {
		d.err = fmt.Errorf("sealedplay: message truncated: %d bytes wanted, %d left", n, len(d.b))
		return nil
	}
	out := d.b[:n]
	d.b = d.b[n:]
	return out
}

func (d *decoder) u32() uint32 {
	if x := d.take(4); x != nil {
		return binary.BigEndian.Uint32(x)
	}
	return 0
}

func (d *decoder) body(x interface{ UnmarshalBinary([]byte) error }) {
	n := d.u32()
	raw := d.take(int(min(n, MaxMsg+1)))
	if d.err == nil {
		d.err = x.UnmarshalBinary(raw)
	}
}

// slots reads a counted list of at most max slots.
func (d *decoder) slots(max uint32) []uint32 {
	n := d.u32()
	if n > max && d.err == nil {
		d.err = fmt.Errorf("%d slots: at most %d", n, max)
	}
	var out []uint32
	for i := uint32(0); i < n && d.err == nil; i++ {
		out = append(out, d.u32())
	}
	return out
}

// move reads a move's kind (0 none, 1 transfer, 2 copy) and body.
func (d *decoder) move() *sealed.Move {
	var mv *sealed.Move
	switch x := d.take(1); {
	case x == nil:
	case x[0] == 1:
		mv = &sealed.Move{Transfer: new(sealed.ShuffleMsg)}
		d.body(mv.Transfer)
	case x[0] == 2:
		mv = &sealed.Move{Copy: new(sealed.Copy)}
		d.body(mv.Copy)
	case x[0] != 0:
		d.err = fmt.Errorf("sealedplay: move kind %d: want 0 (none), 1 (transfer) or 2 (copy)", x[0])
	}
	return mv
}

func (d *decoder) seat() rules.Wind {
	x := d.take(1)
	if x == nil {
		return rules.NoWind
	}
	if x[0] > byte(rules.N) {
		d.err = fmt.Errorf("sealedplay: seat %d: want 0 (East) to 3 (North)", x[0])
	}
	return rules.Wind(x[0])
}

func (d *decoder) action() game.Action {
	x := d.take(actionLen)
	if x == nil {
		return game.Action{}
	}
	a := game.Action{Type: game.ActionType(x[0]), Tile: tile.Kind(x[1]), Declare: game.Declaration(x[2]), N: int8(x[len(x)-1])}
	copy(a.Tiles[:], x[3:])
	var t game.ActionType
	var dc game.Declaration
	switch {
	case a.Type == game.ActNone || t.UnmarshalText([]byte(a.Type.String())) != nil:
		d.err = fmt.Errorf("sealedplay: action type %d is unknown", x[0])
	case a.Tile != tile.None && !a.Tile.Valid():
		d.err = fmt.Errorf("sealedplay: action tile %d is no tile", x[1])
	case dc.UnmarshalText([]byte(a.Declare.String())) != nil:
		d.err = fmt.Errorf("sealedplay: declaration %d is unknown", x[2])
	}
	return a
}

// UnmarshalBinary strictly decodes a message: a known type, exact
// lengths, seats, actions and declarations in range, strictly decoded
// sealed bodies, at most sealed.MaxDeck slots in a reveal, 4 slots, 3
// equality proofs and one move in an action, 4 answers, no trailing bytes.
func (m *Msg) UnmarshalBinary(b []byte) error {
	if len(b) == 0 || len(b) > MaxMsg {
		return fmt.Errorf("sealedplay: a message has 1 to %d bytes, not %d", MaxMsg, len(b))
	}
	d := &decoder{b: b[1:]}
	out := Msg{Type: Type(b[0])}
	switch out.Type {
	case TKey:
		out.From, out.Key = d.u32(), new(sealed.KeyMsg)
		d.body(out.Key)
	case TShuffle:
		out.From, out.Shuffle = d.u32(), new(sealed.ShuffleMsg)
		d.body(out.Shuffle)
	case TReveal:
		out.To = d.u32()
		out.Slots = d.slots(sealed.MaxDeck)
	case TShares, TAck:
		out.From = d.u32()
		d.body(&out.Shares)
	case TAct, TOpen:
		out.From, out.Seat = d.u32(), d.seat()
		if out.Type == TAct {
			out.Action = d.action()
		}
		d.body(&out.Shares)
		if out.Type == TAct {
			out.Slots = d.slots(4)
			n := d.u32()
			if n > 3 && d.err == nil {
				d.err = fmt.Errorf("%d equality proofs: at most 3", n)
			}
			for i := uint32(0); i < n && d.err == nil; i++ {
				var q sealed.Equality
				d.body(&q)
				out.Equal = append(out.Equal, q)
			}
			out.Move = d.move()
		}
	case TJoker:
		out.From = d.u32()
		d.body(&out.Shares)
		out.Move = d.move()
	case TAnswers:
		n := d.u32()
		if n > 4 {
			return fmt.Errorf("sealedplay: %d answers: at most 4", n)
		}
		for i := uint32(0); i < n && d.err == nil; i++ {
			out.Answers = append(out.Answers, Answer{Seat: d.seat(), Action: d.action()})
		}
	case TVoid:
		n := d.u32()
		if n > maxReason {
			return fmt.Errorf("sealedplay: void reason of %d bytes: at most %d", n, maxReason)
		}
		out.Reason = string(d.take(int(n)))
		if k := d.take(1); len(k) == 1 {
			out.Fault.Kind = FaultKind(k[0])
		}
		out.Fault.Holder = d.u32()
		if out.Fault.Kind > Cheated {
			return fmt.Errorf("sealedplay: void fault %d; allowed: 0 (none), 1 (withheld), 2 (cheated)", out.Fault.Kind)
		}
	default:
		return fmt.Errorf("sealedplay: unknown message type %d; allowed: 1 (key) to %d (joker)", b[0], TJoker)
	}
	if d.err != nil {
		return fmt.Errorf("sealedplay: %v message: %w", out.Type, d.err)
	}
	if len(d.b) != 0 {
		return fmt.Errorf("sealedplay: %v message has %d trailing bytes", out.Type, len(d.b))
	}
	*m = out
	return nil
}

// check reports a message that could not have come from a decoder: a
// missing body, a seat or an answer's seat out of range.
func (m Msg) check() error {
	switch {
	case m.Type == TKey && m.Key == nil, m.Type == TShuffle && m.Shuffle == nil:
		return fmt.Errorf("sealedplay: %v message without its body", m.Type)
	case m.Move != nil && (m.Move.Transfer == nil) == (m.Move.Copy == nil):
		return errors.New("sealedplay: a move is one transfer or one copy")
	case (m.Type == TAct || m.Type == TOpen) && (m.Seat < rules.E || m.Seat > rules.N):
		return fmt.Errorf("sealedplay: %v message for seat %d: want 0 (East) to 3 (North)", m.Type, m.Seat)
	case m.Type == TJoker && !(m.Move != nil && m.Move.Copy != nil && m.Move.Transfer == nil && len(m.Shares) == 0) && !(m.Move == nil && len(m.Shares) <= 1):
		return errors.New("sealedplay: a joker message carries one copy of the indicator, one share of a copy, or nothing (the indicator stands)")
	case m.Type == TAnswers && len(m.Answers) > 4:
		return fmt.Errorf("sealedplay: %d answers: at most 4", len(m.Answers))
	}
	for _, a := range m.Answers {
		if a.Seat < rules.E || a.Seat > rules.N {
			return fmt.Errorf("sealedplay: an answer of seat %d: want 0 (East) to 3 (North)", a.Seat)
		}
	}
	return nil
}
