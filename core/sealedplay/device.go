package sealedplay

import (
	"errors"
	"slices"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/sealed"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// Device is a key holder at a sealed table: it holds its per-hand key,
// knows the tiles of the seats it plays and the public ones, computes its
// seats' legal actions, answers the sequencer's share requests and
// verifies every proof it receives.
type Device struct {
	t        *tracker
	awaiting map[uint32]bool // slots revealed to this device, not yet decrypted
	sent     map[uint32]bool // indicators copied and copies opened (TJoker)
	stood    int             // confirmations that the indicator stands sent (TJoker)
	// shuffled: its link of the shuffle chain is made (or, restored, is
	// in the deal's log).
	shuffled bool
}

// NewDevice returns key holder holder's device for a sealed hand with a
// fresh key, and the key message to send to the sequencer.
func NewDevice(cfg Config, holder uint32) (*Device, Msg, error) {
	if int(holder) >= len(cfg.Ctx.Peers) {
		return nil, Msg{}, errors.New("sealedplay: the device is not a key holder")
	}
	key := sealed.GenerateKey()
	t, err := newTracker(cfg, holder, key)
	if err != nil {
		return nil, Msg{}, err
	}
	k, err := key.KeyMsg(cfg.Ctx, holder)
	if err != nil {
		return nil, Msg{}, err
	}
	return &Device{t: t, awaiting: map[uint32]bool{}, sent: map[uint32]bool{}}, Msg{Type: TKey, From: holder, Key: &k}, nil
}

// Key returns the device's per-hand key. A device that may restart keeps
// it (sealed.PrivateKey.MarshalBinary) until the hand's reveal, to
// resume with RestoreDevice.
func (d *Device) Key() *sealed.PrivateKey { return d.t.key }

// Receive takes a message relayed by the sequencer, verifies it and
// returns the messages this device sends in answer: its shuffle, its
// shares, its acknowledgement of revealed tiles, the opening of a claim
// it won. An error means the message (or its sender) failed a check.
func (d *Device) Receive(m Msg) ([]Msg, error) {
	if _, err := d.t.observe(m); err != nil {
		return nil, err
	}
	t := d.t
	var out []Msg
	switch m.Type {
	case TKey, TShuffle:
		if t.joint != nil && t.deck == nil && len(t.decks)-1 == int(t.me) && !d.shuffled {
			d.shuffled = true
			s, err := sealed.Shuffle(t.cfg.Ctx, t.me, t.joint, t.decks[t.me], nil, nil)
			if err != nil {
				return nil, err
			}
			if t.made, err = s.MarshalBinary(); err != nil {
				return nil, err
			}
			out = append(out, Msg{Type: TShuffle, From: t.me, Shuffle: &s})
		}
	case TReveal:
		if m.To == t.me {
			for _, w := range m.Slots {
				d.awaiting[w] = true
			}
			break
		}
		var ss sealed.Shares
		for _, w := range m.Slots {
			if t.shares[w][t.me] == nil {
				ss = append(ss, d.share(w))
			}
		}
		if len(ss) > 0 {
			out = append(out, Msg{Type: TShares, From: t.me, Shares: ss})
		}
	case TAnswers:
		w, a := t.winnerOpens(m.Answers)
		if w != rules.NoWind && a.Type != game.ActPass && t.cfg.Seats[w] == t.me {
			ss, err := d.openings(w, a)
			if err != nil {
				return nil, err
			}
			out = append(out, Msg{Type: TOpen, From: t.me, Seat: w, Shares: ss})
		}
	}
	if ack, ok := d.ack(); ok {
		out = append(out, ack)
	}
	return append(out, d.joker()...), nil
}

func (d *Device) share(w uint32) sealed.Share {
	return d.t.key.Share(d.t.cfg.Ctx, d.t.me, w, d.t.deck[w])
}

// ack returns the acknowledgement once every slot revealed to this
// device is decrypted, opening the bonus tiles among them and any joker
// passed to it (which names its giver).
func (d *Device) ack() (Msg, bool) {
	if len(d.awaiting) == 0 {
		return Msg{}, false
	}
	var ss sealed.Shares
	for w := range d.awaiting {
		k := d.t.known[w]
		if k == tile.None {
			return Msg{}, false
		}
		if (k.IsBonus() && d.t.setup.Bonus) || (k == tile.Joker && d.t.given(w)) {
			ss = append(ss, d.share(w))
		}
	}
	slices.SortFunc(ss, func(a, b sealed.Share) int { return int(a.Slot) - int(b.Slot) })
	d.awaiting = map[uint32]bool{}
	return Msg{Type: TAck, From: d.t.me, Shares: ss}, true
}

// Seats returns the seats this device plays.
func (d *Device) Seats() []rules.Wind {
	var out []rules.Wind
	for w, h := range d.t.cfg.Seats {
		if h == d.t.me {
			out = append(out, rules.Wind(w))
		}
	}
	return out
}

// Waiting returns this device's seats that owe a decision now.
func (d *Device) Waiting() []rules.Wind {
	if d.t.st == nil || len(d.awaiting) > 0 || d.t.void != "" || d.t.jokerPending() {
		return nil
	}
	var out []rules.Wind
	for _, w := range d.t.st.Waiting() {
		if d.t.cfg.Seats[w] == d.t.me {
			out = append(out, w)
		}
	}
	return out
}

// Legal returns seat's legal actions, which this device works out alone:
// its engine holds the seat's real tiles (nil for a seat it does not play).
func (d *Device) Legal(seat rules.Wind) []game.Action {
	if d.t.st == nil || seat < rules.E || seat > rules.N || d.t.cfg.Seats[seat] != d.t.me {
		return nil
	}
	return d.t.st.LegalActions(seat)
}

// View returns seat's view of the hand (a seat this device plays).
func (d *Device) View(seat rules.Wind) *game.View {
	if d.t.st == nil || seat < rules.E || seat > rules.N || d.t.cfg.Seats[seat] != d.t.me {
		return nil
	}
	return d.t.st.View(seat)
}

// Act returns the message of seat's action with the openings it needs.
func (d *Device) Act(seat rules.Wind, a game.Action) (Msg, error) {
	if !slices.Contains(d.Legal(seat), a) {
		return Msg{}, errors.New("sealedplay: the action is not legal for the seat: " + a.String())
	}
	m := Msg{Type: TAct, From: d.t.me, Seat: seat, Action: a}
	if a.Type == game.ActGive {
		return d.give(m, a)
	}
	if d.t.st.Phase.Simultaneous() {
		return m, nil
	}
	if a.Type == game.ActConcealedKong {
		return d.kong(m)
	}
	ss, err := d.openings(seat, a)
	m.Shares = ss
	return m, err
}

// kong proves a concealed kong without opening it: the four slots of its
// kind and three equality proofs; the message names no tile.
func (d *Device) kong(m Msg) (Msg, error) {
	t := d.t
	for w := range t.hidden[m.Seat] {
		if t.known[w] == m.Action.Tile {
			m.Slots = append(m.Slots, w)
		}
	}
	if len(m.Slots) != 4 {
		return Msg{}, errors.New("sealedplay: the seat does not hold four of " + m.Action.Tile.String())
	}
	slices.Sort(m.Slots)
	for _, b := range m.Slots[1:] {
		a := m.Slots[0]
		m.Equal = append(m.Equal, t.key.ProveEqual(t.cfg.Ctx, t.me, a, b, t.deck[a], t.deck[b]))
	}
	m.Action.Tile = tile.None
	return m, nil
}

// openings returns this device's shares of the slots an action opens.
func (d *Device) openings(seat rules.Wind, a game.Action) (sealed.Shares, error) {
	need, whole, err := d.t.need(a)
	if err != nil {
		return nil, err
	}
	held := make([]uint32, 0, len(d.t.hidden[seat]))
	for w := range d.t.hidden[seat] {
		held = append(held, w)
	}
	slices.Sort(held)
	if w, ok := d.t.drawnSlot(seat); ok && d.t.st.Players[seat].Declared == game.DeclTing {
		// A TING seat discards the tile it drew (JL-7.5): that slot first.
		held = append([]uint32{w}, slices.DeleteFunc(held, func(x uint32) bool { return x == w })...)
	}
	var ss sealed.Shares
	if c, ok := d.copyShare(); ok && whole {
		ss = append(ss, c)
	}
	if whole && a.Type != game.ActInvoke {
		for _, w := range d.t.kongSlots(seat) {
			if !d.t.public[w] {
				ss = append(ss, d.share(w))
			}
		}
	}
	for _, w := range held {
		if k := d.t.known[w]; whole || (k != tile.None && need[k] > 0) {
			if !whole {
				need[k]--
			}
			ss = append(ss, d.share(w))
		}
	}
	if need != (tile.Counts{}) {
		return nil, errors.New("sealedplay: the seat does not hold the tiles of " + a.String())
	}
	return ss, nil
}

// Knows returns the tiles this device has decrypted, by slot.
func (d *Device) Knows() map[uint32]tile.Kind { return d.t.knows() }

// Audit is this device's verdict on the ended hand.
func (d *Device) Audit() Verdict { return d.t.audit() }

// Spectator follows a sealed hand without a key: it verifies every proof
// and knows the public tiles only.
type Spectator struct{ t *tracker }

// NewSpectator returns a spectator of a sealed hand.
func NewSpectator(cfg Config) (*Spectator, error) {
	t, err := newTracker(cfg, Public, nil)
	return &Spectator{t: t}, err
}

// Receive verifies a message relayed by the sequencer.
func (s *Spectator) Receive(m Msg) error {
	_, err := s.t.observe(m)
	return err
}

// Knows returns the public tiles, by slot.
func (s *Spectator) Knows() map[uint32]tile.Kind { return s.t.knows() }

// Audit is the spectator's verdict on the ended hand.
func (s *Spectator) Audit() Verdict { return s.t.audit() }
