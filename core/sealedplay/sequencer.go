package sealedplay

import (
	"errors"
	"fmt"
	"slices"
	"sort"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// ErrNotNow refuses a message that comes out of order (an action while
// tiles are being revealed, a second answer): not a cheat, the sender may
// send it again later.
var ErrNotNow = errors.New("sealedplay: not now")

// Sequencer is the dealer's device's role at a sealed table: it holds no
// key and knows no hidden tile; it orders the messages, relays every one
// it accepts to every device and spectator, says which slots are revealed
// to whom (TReveal), keeps the claim window's answers until all are in
// (TAnswers), checks everything the public facts allow and voids the hand
// when a share or the joker holder's confirmation is withheld (Timeout).
type Sequencer struct {
	t       *tracker
	owed    map[uint32]map[uint32]bool // holder → slots whose share it owes
	acks    map[uint32]bool            // holders whose TAck is awaited
	answers map[rules.Wind]game.Action // the open window's answers
	held    map[rules.Wind]Msg         // a Charleston step's answers
	opener  rules.Wind                 // the window's winner, until it opens
}

// NewSequencer returns the sequencer of a sealed hand.
func NewSequencer(cfg Config) (*Sequencer, error) {
	t, err := newTracker(cfg, Public, nil)
	if err != nil {
		return nil, err
	}
	return &Sequencer{t: t, owed: map[uint32]map[uint32]bool{}, acks: map[uint32]bool{}, answers: map[rules.Wind]game.Action{}, held: map[rules.Wind]Msg{}, opener: rules.NoWind}, nil
}

// busy reports whether shares, acknowledgements, an opening or the
// joker holder's confirmation that the indicator stands are awaited.
func (s *Sequencer) busy() bool { return s.owing() || s.t.unconfirmed() }

// owing reports whether shares, acknowledgements or an opening are
// awaited.
func (s *Sequencer) owing() bool {
	for _, o := range s.owed {
		if len(o) > 0 {
			return true
		}
	}
	return len(s.acks) > 0 || s.opener != rules.NoWind
}

// Receive takes a device's message and returns the messages to relay to
// every device and spectator. A refused message returns an error: a
// *Cheat names the holder and what it did (a cheat in an action voids the
// hand, and the TVoid to relay comes with the error), ErrNotNow asks for
// it later.
func (s *Sequencer) Receive(m Msg) ([]Msg, error) {
	if s.t.void != "" {
		return nil, fmt.Errorf("sealedplay: the hand is void: %s", s.t.void)
	}
	if int(m.From) >= s.t.holders() {
		return nil, fmt.Errorf("sealedplay: message from holder %d of %d", m.From, s.t.holders())
	}
	if err := m.check(); err != nil {
		return nil, cheat(m.From, "%v", err)
	}
	switch m.Type {
	case TKey, TShuffle:
		return s.next(s.relay(m))
	case TShares:
		for _, sh := range m.Shares {
			if !s.owed[m.From][sh.Slot] {
				return nil, cheat(m.From, "a share of slot %d, which it does not owe", sh.Slot)
			}
		}
		out, err := s.relay(m)
		if err == nil {
			for _, sh := range m.Shares {
				delete(s.owed[m.From], sh.Slot)
			}
		}
		return s.next(out, err)
	case TAck:
		if !s.acks[m.From] {
			return nil, cheat(m.From, "an acknowledgement of no reveal")
		}
		for _, o := range s.owed {
			for w := range o {
				if s.t.revealTo[w] == m.From {
					return nil, ErrNotNow
				}
			}
		}
		out, err := s.relay(m)
		if err != nil {
			return s.voidFor(err) // a bad opening, or a passed joker
		}
		delete(s.acks, m.From)
		return s.next(out, nil)
	case TAct:
		return s.act(m)
	case TJoker:
		if m.Move != nil {
			kept, err := s.t.addCopy(m.From, *m.Move.Copy)
			if err != nil {
				return s.voidFor(err)
			}
			if !kept {
				return nil, nil // a copy of an indicator opened meanwhile
			}
			return s.next([]Msg{m}, nil)
		}
		// An opening of the indicator, or the confirmation that it stands.
		out, err := s.relay(m)
		if err != nil {
			return s.voidFor(err)
		}
		return s.next(out, nil)
	case TOpen:
		if m.Seat != s.opener || s.t.cfg.Seats[m.Seat] != m.From {
			return nil, cheat(m.From, "opens for seat %v, which did not win the window", m.Seat)
		}
		out, err := s.relay(m)
		if err != nil {
			return s.voidFor(err)
		}
		s.opener = rules.NoWind
		return s.next(out, nil)
	}
	return nil, cheat(m.From, "sent a %v message, which only the sequencer sends", m.Type)
}

// act takes a seat's action: a turn's action is checked and relayed at
// once; a window's answers are kept until every seat has answered.
func (s *Sequencer) act(m Msg) ([]Msg, error) {
	st := s.t.st
	if st == nil || s.busy() || st.Phase == game.PhaseEnd {
		return nil, ErrNotNow
	}
	if s.t.cfg.Seats[m.Seat] != m.From || !slices.Contains(st.Waiting(), m.Seat) {
		return nil, ErrNotNow
	}
	if !st.Phase.Simultaneous() {
		out, err := s.relay(m)
		if err != nil {
			return s.voidFor(err)
		}
		return s.next(out, nil)
	}
	if len(m.Shares) > 0 {
		return nil, cheat(m.From, "opened tiles in a claim window's answer; only the winner opens, after the window")
	}
	if charlestonPhase(st.Phase) {
		return s.charleston(m)
	}
	if _, dup := s.answers[m.Seat]; dup {
		return nil, ErrNotNow
	}
	s.answers[m.Seat] = m.Action
	waiting := st.Waiting()
	if len(s.answers) < len(waiting) {
		return nil, nil
	}
	ans := Msg{Type: TAnswers}
	for x := st.Turn.Next(); x != st.Turn; x = x.Next() {
		if a, ok := s.answers[x]; ok {
			ans.Answers = append(ans.Answers, Answer{Seat: x, Action: a})
		}
	}
	s.answers = map[rules.Wind]game.Action{}
	// Only the winning answer is told: a losing claim would tell what its
	// seat holds, and changes nothing in the hand.
	w, _ := s.t.winnerOpens(ans.Answers)
	for i, a := range ans.Answers {
		if a.Seat != w {
			ans.Answers[i].Action = game.Act(game.ActPass, tile.None)
		}
	}
	if w != rules.NoWind {
		s.opener = w
	}
	out, err := s.relay(ans)
	if err != nil {
		return s.voidFor(err)
	}
	return s.next(out, nil)
}

// charleston keeps a Charleston step's answers until every seat has
// answered, then relays them all in seat order: no seat's give or vote
// depends on another's (AM-4.1).
func (s *Sequencer) charleston(m Msg) ([]Msg, error) {
	if _, dup := s.held[m.Seat]; dup {
		return nil, ErrNotNow
	}
	if (m.Move != nil) != (m.Action.Type == game.ActGive) {
		return nil, cheat(m.From, "a give moves its slots (a transfer or a copy); nothing else does")
	}
	s.held[m.Seat] = m
	if len(s.held) < len(s.t.st.Waiting()) {
		return nil, nil
	}
	held := s.held
	s.held = map[rules.Wind]Msg{}
	var out []Msg
	for x := rules.E; x <= rules.N; x++ {
		if h, ok := held[x]; ok {
			o, err := s.relay(h)
			if err != nil {
				return s.voidFor(err)
			}
			out = append(out, o...)
		}
	}
	return s.next(out, nil)
}

// relay observes an accepted message and returns it to relay.
func (s *Sequencer) relay(m Msg) ([]Msg, error) {
	if _, err := s.t.observe(m); err != nil {
		return nil, err
	}
	return []Msg{m}, nil
}

// voidFor voids the hand for a cheat found in an action.
func (s *Sequencer) voidFor(err error) ([]Msg, error) {
	v := Msg{Type: TVoid, Reason: err.Error(), Fault: faultOf(err)}
	s.t.void, s.t.fault = v.Reason, v.Fault
	return []Msg{v}, err
}

// next adds what the hand needs now: the reveals of the tiles just taken,
// or at the hand's end the public opening of every tile. While the joker
// holder's device has not confirmed the indicator its engine checked at
// its seat's turn start, only copies of the indicator are revealed: the
// turn's draw, and whether the wall is exhausted, depend on whether the
// real indicator went back, which the sequencer does not know.
func (s *Sequencer) next(out []Msg, err error) ([]Msg, error) {
	if err != nil || s.owing() || s.t.st == nil {
		return out, err
	}
	hold := s.t.unconfirmed()
	if s.t.st.Phase == game.PhaseEnd && !hold {
		var slots []uint32
		for w, pub := range s.t.public {
			if !pub {
				slots = append(slots, uint32(w))
			}
		}
		if len(slots) == 0 {
			return out, nil
		}
		for j := range uint32(s.t.holders()) {
			for _, w := range slots {
				if s.t.shares[w][j] == nil {
					s.owe(j, w)
				}
			}
		}
		m := Msg{Type: TReveal, To: Public, Slots: slots}
		return append(out, m), nil
	}
	by := map[uint32][]uint32{}
	if !hold {
		for _, w := range s.t.unrevealed() {
			to := s.t.cfg.Seats[s.t.holder[w]]
			by[to] = append(by[to], w)
		}
	}
	for _, c := range s.t.copies {
		if s.t.revealTo[c.slot] == Public && !s.t.public[c.slot] {
			by[c.holder] = append(by[c.holder], c.slot)
		}
	}
	tos := make([]uint32, 0, len(by))
	for to := range by {
		tos = append(tos, to)
	}
	sort.Slice(tos, func(i, j int) bool { return tos[i] < tos[j] })
	for _, to := range tos {
		m := Msg{Type: TReveal, To: to, Slots: by[to]}
		if _, err := s.t.observe(m); err != nil {
			return out, err
		}
		for j := range uint32(s.t.holders()) {
			for _, w := range m.Slots {
				if j != to && s.t.shares[w][j] == nil {
					s.owe(j, w)
				}
			}
		}
		s.acks[to] = true
		out = append(out, m)
	}
	return out, nil
}

func (s *Sequencer) owe(j, w uint32) {
	if s.owed[j] == nil {
		s.owed[j] = map[uint32]bool{}
	}
	s.owed[j][w] = true
}

// Timeout is called when the stand-in wait has passed with no progress:
// if shares, an acknowledgement, an opening or the joker holder's
// confirmation that the indicator stands are owed, the hand is void, and the
// returned TVoid names who withheld what; otherwise nothing is owed to the
// protocol (a seat's decision is the stand-in's business) and it returns
// nothing.
func (s *Sequencer) Timeout() []Msg {
	if s.t.void != "" {
		return nil
	}
	var reason string
	var by uint32
	for j := range uint32(s.t.holders()) {
		if n := len(s.owed[j]); n > 0 && reason == "" {
			reason, by = fmt.Sprintf("holder %d withheld its shares of %d tiles", j, n), j
		}
	}
	for j := range uint32(s.t.holders()) {
		if s.acks[j] && reason == "" {
			reason, by = fmt.Sprintf("holder %d did not acknowledge its tiles", j), j
		}
	}
	if reason == "" && s.opener != rules.NoWind {
		by = s.t.cfg.Seats[s.opener]
		reason = fmt.Sprintf("holder %d did not open the tiles of seat %v's claim", by, s.opener)
	}
	if reason == "" && s.t.unconfirmed() {
		by = s.t.cfg.Seats[s.t.jokerHolder()]
		reason = fmt.Sprintf("holder %d did not say whether the joker indicator stands at seat %v's turn", by, s.t.jokerHolder())
	}
	if reason == "" {
		return nil
	}
	m := Msg{Type: TVoid, Reason: reason, Fault: Fault{Kind: Withheld, Holder: by}}
	s.t.void, s.t.fault = reason, m.Fault
	return []Msg{m}
}

// Over reports whether the hand has ended and every tile is opened, or is void.
func (s *Sequencer) Over() bool {
	return s.t.void != "" || (s.t.st != nil && s.t.st.Phase == game.PhaseEnd && !slices.Contains(s.t.public, false))
}

// Audit is the sequencer's verdict on the ended hand (as every device's).
func (s *Sequencer) Audit() Verdict { return s.t.audit() }
