package sealedplay

import (
	"fmt"
	"slices"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/sealed"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// This file holds jilin's TING and shared joker (JL-7, JL-8) at a sealed
// table. The engine draws the indicator from the wall (wall.Indicators
// names its take) into no seat's hand: nobody is revealed its slot. Each
// device playing a seat that announced TING makes a proven re-encryption
// copy of it into the next fresh slot (TJoker with a Move), one after the
// other, and the copy is revealed to that device alone: only TING players
// learn the joker (JL-8.1). The indicator goes back face up (JL-8.2,
// JL-8.3) only when the joker holder's device opens its copy (TJoker with
// its share of it); every party then knows the indicator and replays, and
// the engine, checking the real tile, must return it. A party that does
// not know an indicator imagines there a kind of which fewer than 3
// copies are public, so that its engine never returns an indicator
// nobody opened.
//
// The engine checks the indicator at the start of each turn of the joker
// holder's seat, before its draw (JL-8.1, JL-8.3); whether the real one
// went back moves that draw (the front skips the slot of an indicator
// out) and the live tiles left. So the joker holder's device confirms
// each check that ends with an indicator out in its engine: once its
// copy of that indicator is decrypted and every indicator that went back
// is opened, it sends the opening of one that went back, or TJoker with
// nothing, the indicator stands; the sequencer reveals the turn's draw,
// or ends the hand, only after the confirmation.

// jcopy is holder's copy of indicator slot from, in fresh slot slot.
type jcopy struct {
	holder     uint32
	from, slot uint32
}

// indicator returns the indicator out of the wall in this party's
// engine.
func (t *tracker) indicator() (uint32, bool) {
	if n := len(t.indicators); n > t.returns {
		return t.indicators[n-1], true
	}
	return 0, false
}

// copyOf returns the index of holder h's copy of slot src, or -1.
func (t *tracker) copyOf(h, src uint32) int {
	return slices.IndexFunc(t.copies, func(c jcopy) bool { return c.holder == h && c.from == src })
}

// copyAt returns the index of the copy in fresh slot w, or -1.
func (t *tracker) copyAt(w uint32) int {
	return slices.IndexFunc(t.copies, func(c jcopy) bool { return c.slot == w })
}

// ting reports whether holder h plays a seat that announced TING.
func (t *tracker) ting(h uint32) bool {
	for x := range t.st.Players {
		if t.cfg.Seats[x] == h && t.st.Players[x].Declared == game.DeclTing {
			return true
		}
	}
	return false
}

// jokerHolder returns the first seat that announced TING, which draws the
// indicator (JL-8.1), or NoWind.
func (t *tracker) jokerHolder() rules.Wind {
	for _, s := range t.steps {
		if s.action.Declare == game.DeclTing {
			return s.seat
		}
	}
	return rules.NoWind
}

// unconfirmed reports whether a check of the indicator at the joker
// holder's turn start awaits its device's confirmation.
func (t *tracker) unconfirmed() bool {
	return t.st != nil && t.void == "" && t.st.JokerChecks() > t.stands
}

// owesStand returns the index of holder h's copy of the indicator out
// when h owes the confirmation that it stands: a check is unconfirmed, h
// plays the joker holder, every indicator that went back is opened and
// its copy of the indicator out is revealed to it.
func (t *tracker) owesStand(h uint32) (int, bool) {
	if !t.unconfirmed() {
		return -1, false
	}
	if x := t.jokerHolder(); x == rules.NoWind || t.cfg.Seats[x] != h {
		return -1, false
	}
	for _, w := range t.indicators[:t.returns] {
		if !t.public[w] {
			return -1, false
		}
	}
	a, ok := t.indicator()
	if !ok {
		return -1, false
	}
	i := t.copyOf(h, a)
	return i, i >= 0 && t.revealTo[t.copies[i].slot] == h
}

// stand records holder from's confirmation that the indicator out stands.
func (t *tracker) stand(from uint32) error {
	if _, ok := t.owesStand(from); !ok {
		return cheat(from, "said the joker indicator stands, which it does not owe: only the device of the seat that drew it says so, once per check at that seat's turn start, after its copy of the indicator is revealed to it and every indicator that went back is opened (JL-8.1, JL-8.3)")
	}
	t.stands++
	return nil
}

// owesCopy returns the indicator of which holder h owes a copy now: the
// one out of the wall, once every indicator that went back is opened, to
// the first holder that plays a TING seat and has none, in the order in
// which the holders' seats first announced TING. A holder that announces
// TING later comes last, so that a copy on its way is never overtaken
// and each names the next fresh slot. At the hand's end only the joker
// holder's is owed, while the check that ended it is unconfirmed: the
// wall ran out at its turn start, which depends on its indicator.
func (t *tracker) owesCopy(h uint32) (uint32, bool) {
	if t.st == nil || t.void != "" {
		return 0, false
	}
	end := t.st.Phase == game.PhaseEnd
	if end && !t.unconfirmed() {
		return 0, false
	}
	for _, w := range t.indicators[:t.returns] {
		if !t.public[w] {
			return 0, false
		}
	}
	a, ok := t.indicator()
	if !ok {
		return 0, false
	}
	var order []uint32
	for _, s := range t.steps {
		if j := t.cfg.Seats[s.seat]; s.action.Declare == game.DeclTing && !slices.Contains(order, j) {
			order = append(order, j)
		}
	}
	for i, j := range order {
		if t.copyOf(j, a) < 0 {
			return a, j == h && (!end || i == 0)
		}
	}
	return 0, false
}

// jokerPending reports whether this device must not decide yet: an
// indicator went back in its engine that is not opened yet (only its
// holder knows it), a check of the indicator awaits the joker holder's
// confirmation (the turn's draw is not revealed before it), or it plays a
// TING seat and has not decrypted its copy of the indicator out.
func (t *tracker) jokerPending() bool {
	if t.unconfirmed() {
		return true
	}
	for _, w := range t.indicators[:t.returns] {
		if !t.public[w] {
			return true
		}
	}
	if a, ok := t.indicator(); ok && t.ting(t.me) {
		i := t.copyOf(t.me, a)
		return i < 0 || t.known[t.copies[i].slot] == tile.None
	}
	return false
}

// addCopy checks holder from's copy of the indicator and adds its fresh
// slot. A copy of an indicator that went back meanwhile is dropped
// (false): it crossed the opening.
func (t *tracker) addCopy(from uint32, c sealed.Copy) (bool, error) {
	if t.st == nil {
		return false, cheat(from, "a copy of the joker indicator before the deal")
	}
	if slices.Contains(t.indicators[:t.returns], c.From) && t.public[c.From] {
		return false, nil
	}
	a, ok := t.owesCopy(from)
	switch {
	case !ok:
		return false, cheat(from, "a copy of the joker indicator: only a device playing a seat that announced TING gets one, once per indicator, in the order the devices announced TING (JL-8.1)")
	case c.From != a || int(c.To) != len(t.deck):
		return false, cheat(from, "a copy of slot %d into slot %d; the indicator is slot %d and the next fresh slot %d", c.From, c.To, a, len(t.deck))
	}
	if err := sealed.VerifyCopy(t.cfg.Ctx, t.joint, t.deck[a], c); err != nil {
		return false, cheat(from, "bad proof: %v", err)
	}
	t.grow(c.Ct, t.ring[a])
	t.copies = append(t.copies, jcopy{holder: from, from: a, slot: c.To})
	return true, nil
}

// openJoker checks the opening of the indicator by the joker holder's
// device (its share of its copy) and applies it: the engine, which now
// knows the indicator, must send it back face up (JL-8.2, JL-8.3).
func (t *tracker) openJoker(from uint32, ss sealed.Shares) ([]uint32, error) {
	i := t.copyAt(ss[0].Slot)
	if i < 0 || t.copies[i].holder != from || t.revealTo[ss[0].Slot] != from {
		return nil, cheat(from, "opened slot %d, which is not its copy of the joker indicator", ss[0].Slot)
	}
	if x := t.jokerHolder(); x == rules.NoWind || t.cfg.Seats[x] != from {
		return nil, cheat(from, "opened the joker indicator: only the device of the seat that drew it sends it back (JL-8.2)")
	}
	slots, err := t.addShares(from, ss)
	if err == nil {
		err = t.refresh()
	}
	if err != nil {
		return nil, err
	}
	src := t.copies[i].from
	if !slices.Contains(t.indicators[:t.returns], src) {
		return nil, cheat(from, "opened the joker indicator %v (slot %d), which is valid: fewer than 3 of its other copies are exposed (JL-8.2)", t.known[src], src)
	}
	t.backs = append(t.backs, src)
	return slots, nil
}

// learnCopy records the tile of copy slot w, which is its indicator's:
// public when the copy is.
func (t *tracker) learnCopy(w uint32, k tile.Kind) error {
	src := t.copies[t.copyAt(w)].from
	t.known[w], t.ring[w] = k, k
	if t.public[w] {
		t.public[src] = true
	}
	for _, c := range t.copies {
		if c.from == src && t.known[c.slot] == tile.None {
			t.ring[c.slot] = k
		}
	}
	if t.known[src] != tile.None {
		return nil
	}
	return t.learn(src, k)
}

// imagineIndicators imagines another kind in every indicator this party
// does not know and its engine sent back: one of which fewer than 3
// copies are public, so never sent back, from an unknown slot of the deck,
// preferably in the wall. It reports whether it changed anything.
func (t *tracker) imagineIndicators() (bool, error) {
	changed := false
	for _, w := range t.indicators[:t.returns] {
		if t.known[w] != tile.None {
			continue
		}
		var pub tile.Counts
		for x, k := range t.known[:t.n0] {
			if k != tile.None && t.public[x] {
				pub[k]++
			}
		}
		u, found := uint32(0), false
		for x := range uint32(t.n0) {
			k := t.ring[x]
			if t.known[x] != tile.None || pub[k] >= 3 || k == t.ring[w] || t.group(x) >= 0 || slices.Contains(t.indicators, x) {
				continue
			}
			u, found = x, true
			if t.holder[x] == rules.NoWind {
				break
			}
		}
		if !found {
			return changed, fmt.Errorf("sealedplay: no unseen kind is left to imagine in the joker indicator's slot %d", w)
		}
		t.ring[w], t.ring[u] = t.ring[u], t.ring[w]
		changed = true
	}
	return changed, nil
}

// drawnSlot returns the slot seat took last, if it still holds it: the
// tile it drew this turn.
func (t *tracker) drawnSlot(seat rules.Wind) (uint32, bool) {
	for i := len(t.takes) - 1; i >= 0; i-- {
		if w := t.takes[i]; t.holder[w] == seat {
			return w, t.hidden[seat][w]
		}
	}
	return 0, false
}

// joker returns this device's messages about the indicator: the opening
// of one its engine sent back, when it plays the joker holder, the copy
// it owes, and the confirmation that the indicator out stands once its
// copy is decrypted.
func (d *Device) joker() []Msg {
	t := d.t
	if t.st == nil || t.void != "" {
		return nil
	}
	var out []Msg
	if x := t.jokerHolder(); x != rules.NoWind && t.cfg.Seats[x] == t.me {
		for _, w := range t.indicators[:t.returns] {
			i := t.copyOf(t.me, w)
			if i < 0 || t.public[w] || t.known[w] == tile.None || d.sent[t.copies[i].slot] {
				continue
			}
			f := t.copies[i].slot
			d.sent[f] = true
			out = append(out, Msg{Type: TJoker, From: t.me, Shares: sealed.Shares{d.share(f)}})
		}
	}
	if a, ok := t.owesCopy(t.me); ok && !d.sent[a] {
		d.sent[a] = true
		c := sealed.ReEncrypt(t.cfg.Ctx, t.joint, a, uint32(len(t.deck)), t.deck[a])
		out = append(out, Msg{Type: TJoker, From: t.me, Move: &sealed.Move{Copy: &c}})
	}
	if i, ok := t.owesStand(t.me); ok && t.known[t.copies[i].slot] != tile.None && d.stood == t.stands {
		d.stood++
		out = append(out, Msg{Type: TJoker, From: t.me})
	}
	return out
}

// copyShare returns this device's share of its copy of the indicator out,
// which a Mah-Jong opens with the hand (the joker may complete it, JL-8.4),
// if it has one.
func (d *Device) copyShare() (sealed.Share, bool) {
	if a, ok := d.t.indicator(); ok {
		if i := d.t.copyOf(d.t.me, a); i >= 0 && !d.t.public[d.t.copies[i].slot] {
			return d.share(d.t.copies[i].slot), true
		}
	}
	return sealed.Share{}, false
}
