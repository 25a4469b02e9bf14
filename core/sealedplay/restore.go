package sealedplay

import (
	"errors"
	"fmt"
	"slices"

	"github.com/fourwinds-mahjong/fourwinds/core/sealed"
)

// RestoreDevice rebuilds key holder holder's device after a restart,
// from the key it saved (Device.Key) and log, every message the
// sequencer relayed in this deal so far, in the sequencer's order, this
// device's own included. It returns the device, caught up with the deal,
// and the messages it still owes, in order, to send to the sequencer as
// any answer: its answers (key, shuffle, shares, acknowledgement,
// opening, joker copy, confirmation that the joker indicator stands) that
// the log does not hold because the device
// stopped before sending them, matched by what they answer, not by their
// bytes (proofs are drawn afresh). None that the log holds is owed again:
// the sequencer refuses a second key, shuffle, share, acknowledgement or
// opening as a cheat, and a second joker copy voids the hand. (A joker
// copy that the sequencer dropped, its indicator opened meanwhile, is
// owed and dropped again.) A seat's decision is never owed: Waiting says
// which seats decide now, and the sequencer answers ErrNotNow to a claim
// window's or a Charleston step's answer it already holds. Nothing is
// owed to a void hand. An error means the key is not the one this holder
// sent in the deal, or a message of the log failed a check.
func RestoreDevice(cfg Config, holder uint32, key *sealed.PrivateKey, log []Msg) (*Device, []Msg, error) {
	if int(holder) >= len(cfg.Ctx.Peers) {
		return nil, nil, errors.New("sealedplay: the device is not a key holder")
	}
	if _, err := key.MarshalBinary(); err != nil || key.X == nil {
		return nil, nil, errors.New("sealedplay: a device resumes with the key it saved (Device.Key); this one has no secret")
	}
	t, err := newTracker(cfg, holder, key)
	if err != nil {
		return nil, nil, err
	}
	// Its link of the shuffle, when the log holds it, is not made again
	// (it is checked as any other's).
	shuffled := slices.ContainsFunc(log, func(m Msg) bool { return m.Type == TShuffle && m.From == holder })
	d := &Device{t: t, awaiting: map[uint32]bool{}, sent: map[uint32]bool{}, shuffled: shuffled}
	var owed []Msg
	if !slices.ContainsFunc(log, func(m Msg) bool { return m.Type == TKey && m.From == holder }) {
		k, err := key.KeyMsg(cfg.Ctx, holder)
		if err != nil {
			return nil, nil, err
		}
		owed = append(owed, Msg{Type: TKey, From: holder, Key: &k})
	}
	// Receive answers as the device did before the restart, with other
	// randomness: each of its answers that the log holds later is
	// crossed out when it comes.
	for i, m := range log {
		if m.From == holder && sentByDevice(m.Type) {
			if j := slices.IndexFunc(owed, func(o Msg) bool { return sameAnswer(o, m) }); j >= 0 {
				owed = slices.Delete(owed, j, j+1)
			}
		}
		ans, err := d.Receive(m)
		if err != nil {
			return nil, nil, fmt.Errorf("sealedplay: message %d of the deal's log (%v): %w", i, m.Type, err)
		}
		owed = append(owed, ans...)
	}
	if t.void != "" {
		return d, nil, nil // nothing is owed to a void hand
	}
	return d, owed, nil
}

// sentByDevice reports whether a device sends messages of type ty (the
// sequencer sends the others).
func sentByDevice(ty Type) bool {
	switch ty {
	case TKey, TShuffle, TShares, TAck, TAct, TOpen, TJoker:
		return true
	}
	return false
}

// sameAnswer reports whether two messages of one device answer the same
// thing: the same type, seat, shared slots and copied slot. Their bytes
// differ, since proofs are randomized.
func sameAnswer(a, b Msg) bool {
	if a.Type != b.Type || a.Seat != b.Seat || (a.Move == nil) != (b.Move == nil) {
		return false
	}
	if a.Move != nil && (a.Move.Copy == nil || b.Move.Copy == nil || a.Move.Copy.From != b.Move.Copy.From || a.Move.Copy.To != b.Move.Copy.To) {
		return false
	}
	x, y := slotsOf(a.Shares), slotsOf(b.Shares)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}
