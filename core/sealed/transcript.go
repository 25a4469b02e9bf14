package sealed

import (
	"fmt"
)

// Transcript is the public record of a sealed deal: every message of it
// is public, so a spectator holding no key verifies it end to end.
type Transcript struct {
	Ctx      Context
	Kinds    []int        // D₀: the sorted deck's tile kinds, public
	Keys     []KeyMsg     // one per key holder, in holder order
	Shuffles []ShuffleMsg // the deal chain: holder i shuffles Dᵢ₋₁ into Dᵢ
	Moves    []Move       // transfers and copies into fresh slots, in order
	Shares   []Share      // every decryption share published so far
}

// Move creates fresh slots after the deal: exactly one of Transfer (a
// shuffle of k ≥ 2 existing slots into k fresh ones) and Copy (a proven
// re-encryption of one slot) is set.
type Move struct {
	Transfer *ShuffleMsg
	Copy     *Copy
}

// Verified is a transcript whose every proof has been checked.
type Verified struct {
	Ctx    Context
	Key    *Point                // joint key
	Keys   []*Point              // per holder
	Deck   Deck                  // Dₙ: slot w is wall position w
	Fresh  map[uint32]Ciphertext // slots made by moves, by slot id
	shares map[uint32]map[uint32]*Point
}

// Slot returns the ciphertext of a wall or fresh slot.
func (v *Verified) Slot(w uint32) (Ciphertext, bool) {
	if int64(w) < int64(len(v.Deck)) {
		return v.Deck[w], true
	}
	c, ok := v.Fresh[w]
	return c, ok
}

// move verifies one move and records its fresh slots.
func (v *Verified) move(i int, m Move) error {
	switch {
	case (m.Transfer == nil) == (m.Copy == nil):
		return fmt.Errorf("sealed: move %d must be exactly one transfer or one copy", i)
	case m.Copy != nil:
		src, ok := v.Slot(m.Copy.From)
		if !ok {
			return fmt.Errorf("sealed: move %d copies slot %d, which does not exist", i, m.Copy.From)
		}
		if _, taken := v.Slot(m.Copy.To); taken {
			return fmt.Errorf("sealed: move %d copies into slot %d, which exists", i, m.Copy.To)
		}
		if err := VerifyCopy(v.Ctx, v.Key, src, *m.Copy); err != nil {
			return err
		}
		v.Fresh[m.Copy.To] = m.Copy.Ct
		return nil
	}
	t := m.Transfer
	if len(t.From) < 2 || int(t.Holder) >= len(v.Keys) {
		return fmt.Errorf("sealed: move %d: a transfer moves k ≥ 2 slots of a key holder", i)
	}
	in := make(Deck, len(t.From))
	seen := map[uint32]bool{}
	for j, w := range t.From {
		c, ok := v.Slot(w)
		if !ok || seen[w] {
			return fmt.Errorf("sealed: move %d transfers slot %d, which does not exist or is named twice", i, w)
		}
		seen[w] = true
		in[j] = c
	}
	for _, w := range t.To {
		if _, taken := v.Slot(w); taken || seen[w] {
			return fmt.Errorf("sealed: move %d transfers into slot %d, which exists or is named twice", i, w)
		}
		seen[w] = true
	}
	if err := VerifyShuffle(v.Ctx, v.Key, in, *t); err != nil {
		return err
	}
	for j, w := range t.To {
		v.Fresh[w] = t.Deck[j]
	}
	return nil
}

// Verify checks the key proofs, the shuffle chain D₀ → Dₙ (one shuffle
// per key holder, in holder order), every move (into slots that did not
// exist) and every share, and refuses duplicate shares and shares of
// slots that do not exist.
func (t *Transcript) Verify() (*Verified, error) {
	key, err := JointKey(t.Ctx, t.Keys)
	if err != nil {
		return nil, err
	}
	v := &Verified{Ctx: t.Ctx, Key: key, Fresh: map[uint32]Ciphertext{}, shares: map[uint32]map[uint32]*Point{}}
	for _, k := range t.Keys {
		v.Keys = append(v.Keys, k.X)
	}
	deck, err := InitialDeck(t.Kinds)
	if err != nil {
		return nil, err
	}
	if len(t.Shuffles) != len(t.Keys) {
		return nil, fmt.Errorf("sealed: %d shuffles in the deal chain; every one of the %d key holders shuffles once", len(t.Shuffles), len(t.Keys))
	}
	for i, s := range t.Shuffles {
		if s.Holder != uint32(i) || len(s.From) != 0 {
			return nil, fmt.Errorf("sealed: deal shuffle %d is by holder %d (from %d slots); holder %d must shuffle the whole deck", i, s.Holder, len(s.From), i)
		}
		if err := VerifyShuffle(t.Ctx, key, deck, s); err != nil {
			return nil, err
		}
		deck = s.Deck
	}
	v.Deck = deck
	for i, m := range t.Moves {
		if err := v.move(i, m); err != nil {
			return nil, err
		}
	}
	for _, s := range t.Shares {
		ct, ok := v.Slot(s.Slot)
		if int(s.Holder) >= len(v.Keys) || !ok {
			return nil, fmt.Errorf("sealed: share of slot %d by holder %d: no such slot or holder", s.Slot, s.Holder)
		}
		if v.shares[s.Slot][s.Holder] != nil {
			return nil, fmt.Errorf("sealed: holder %d published slot %d's share twice", s.Holder, s.Slot)
		}
		if err := VerifyShare(t.Ctx, v.Keys[s.Holder], ct, s); err != nil {
			return nil, err
		}
		if v.shares[s.Slot] == nil {
			v.shares[s.Slot] = map[uint32]*Point{}
		}
		v.shares[s.Slot][s.Holder] = s.D
	}
	return v, nil
}

// Knows returns the slots (and their tiles) that a party can decrypt from
// the verified public messages: with key == nil (a spectator, or any
// device ignoring its key) the slots every holder has shared; with the
// private key of holder, also the slots every other holder has shared.
func (v *Verified) Knows(holder uint32, key *PrivateKey) (map[uint32]int, error) {
	if key != nil && (int(holder) >= len(v.Keys) || !key.X.Equal(v.Keys[holder])) {
		return nil, fmt.Errorf("sealed: the key given is not holder %d's", holder)
	}
	out := map[uint32]int{}
	for slot, byHolder := range v.shares {
		ct, _ := v.Slot(slot)
		var ds []*Point
		complete := true
		for j := range v.Keys {
			d := byHolder[uint32(j)]
			switch {
			case d != nil:
				ds = append(ds, d)
			case key != nil && uint32(j) == holder:
				ds = append(ds, NewPoint().Mul(key.x, ct.C1))
			default:
				complete = false
			}
		}
		if !complete {
			continue
		}
		kind, err := Decrypt(ct, ds)
		if err != nil {
			return nil, fmt.Errorf("sealed: slot %d: %w", slot, err)
		}
		out[slot] = kind
	}
	return out, nil
}

// SharesOf returns the verified shares of slot by every holder except
// skip, in holder order, and whether all of them are present.
func (v *Verified) SharesOf(slot, skip uint32) ([]*Point, bool) {
	var ds []*Point
	for j := range v.Keys {
		if uint32(j) == skip {
			continue
		}
		d := v.shares[slot][uint32(j)]
		if d == nil {
			return nil, false
		}
		ds = append(ds, d)
	}
	return ds, true
}
