package sealedplay

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/sealed"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// wantCheat fails unless err is a *Cheat by holder whose reason holds want.
func wantCheat(t *testing.T, err error, holder uint32, want string) {
	t.Helper()
	var c *Cheat
	if !errors.As(err, &c) || c.Holder != holder || !strings.Contains(c.Reason, want) {
		t.Fatalf("got %v; want holder %d caught for %q", err, holder, want)
	}
}

// TestBadProofIsCaught: a share whose proof does not verify is refused and
// names its sender.
func TestBadProofIsCaught(t *testing.T) {
	t.Parallel()
	tb := newTable(t, config(t, "hongkong", 2, 1), 1)
	tb.tamper = func(m *Msg) bool {
		if m.Type == TShares && m.From == 1 {
			m.Shares = append(sealed.Shares(nil), m.Shares...)
			m.Shares[0].D = m.Shares[1].D
		}
		return true
	}
	tb.play()
	wantCheat(t, tb.refused, 1, "bad proof")
}

// TestWithheldShareVoidsTheHand: a device that does not send its shares
// stalls the table; the stand-in wait voids the hand and names it.
func TestWithheldShareVoidsTheHand(t *testing.T) {
	t.Parallel()
	tb := newTable(t, config(t, "hongkong", 3, 2), 2)
	tb.tamper = func(m *Msg) bool { return !(m.Type == TShares && m.From == 2) }
	tb.play()
	if tb.seq.Over() {
		t.Fatal("the hand ended although a holder withheld its shares")
	}
	out := tb.seq.Timeout()
	if len(out) != 1 || out[0].Type != TVoid || !strings.Contains(out[0].Reason, "holder 2 withheld") || out[0].Fault != (Fault{Kind: Withheld, Holder: 2}) {
		t.Fatalf("timeout gave %+v", out)
	}
	tb.broadcast(out)
	for _, d := range tb.devs {
		if v := d.Audit(); v.Verified || !strings.Contains(v.Reason, "withheld") || v.Fault != out[0].Fault {
			t.Fatalf("holder %d's verdict %+v", d.t.me, v)
		}
	}
}

// TestOpeningASlotNotHeldIsCaught: a discard that opens a tile of the
// wall instead of one of the seat's is refused.
func TestOpeningASlotNotHeldIsCaught(t *testing.T) {
	t.Parallel()
	tb := newTable(t, config(t, "hongkong", 2, 3), 3)
	tb.tamper = func(m *Msg) bool {
		if m.Type == TAct && m.Action.Type == game.ActDiscard && m.From == 0 {
			d := tb.devs[0]
			for w, h := range d.t.holder {
				if h == rules.NoWind {
					m.Shares = sealed.Shares{d.share(uint32(w))}
					break
				}
			}
		}
		return true
	}
	tb.play()
	wantCheat(t, tb.refused, 0, "does not hold")
	if v := tb.seq.Audit(); v.Fault != (Fault{Kind: Cheated, Holder: 0}) {
		t.Errorf("the sequencer's verdict %+v; want holder 0 named as a cheat", v)
	}
}

// TestFalseMahjongIsCaught: a self-drawn Mah-Jong on a hand that does not
// win opens the hand and is refused as a false Mah-Jong; the hand is void.
func TestFalseMahjongIsCaught(t *testing.T) {
	t.Parallel()
	tb := newTable(t, config(t, "hongkong", 2, 4), 4)
	tb.tamper = func(m *Msg) bool {
		if m.Type == TAct && m.Action.Type == game.ActDiscard && m.Seat == rules.E && len(tb.devs[0].t.steps) == 0 {
			d := tb.devs[0]
			a := game.Action{Type: game.ActSelfDraw, Tile: d.t.st.View(rules.E).Drawn}
			ss, err := d.openings(rules.E, a)
			if err != nil {
				t.Fatal(err)
			}
			m.Action, m.Shares = a, ss
		}
		return true
	}
	tb.play()
	wantCheat(t, tb.refused, 0, "false Mah-Jong")
	if v := tb.spec.Audit(); v.Verified || !strings.Contains(v.Reason, "void") {
		t.Fatalf("spectator's verdict %+v", v)
	}
}

// TestPassedJokerIsCaught: a device that gives a joker in the Charleston
// (its transfer proves only that the tiles moved, not which) is caught
// when the receiver decrypts it: the receiver's acknowledgement opens the
// joker, which names the giver, and the hand is void (AM-4.1).
func TestPassedJokerIsCaught(t *testing.T) {
	t.Parallel()
	// The deal is random (every device shuffles): a few hands until one
	// deals holder 0 a joker before a pass.
	for seed := uint64(9); seed < 15; seed++ {
		tb := newTable(t, config(t, "american", 3, seed), seed)
		passed := false
		tb.tamper = func(m *Msg) bool {
			if passed || m.Type != TAct || m.From != 0 || m.Action.Type != game.ActGive || m.Move.Transfer == nil {
				return true
			}
			d := tb.devs[0]
			for w := range d.t.hidden[m.Seat] {
				if d.t.known[w] == tile.Joker {
					tr := m.Move.Transfer
					from := append([]uint32{w}, tr.From[1:]...)
					in := sealed.Deck{d.t.deck[from[0]], d.t.deck[from[1]], d.t.deck[from[2]]}
					s, err := sealed.Shuffle(d.t.cfg.Ctx, 0, d.t.joint, in, from, tr.To)
					if err != nil {
						t.Fatal(err)
					}
					m.Move = &sealed.Move{Transfer: &s}
					passed = true
					break
				}
			}
			return true
		}
		tb.play()
		if !passed {
			continue
		}
		wantCheat(t, tb.refused, 0, "passed a joker")
		if v := tb.spec.Audit(); v.Verified || !strings.Contains(v.Reason, "passed a joker") {
			t.Fatalf("spectator's verdict %+v", v)
		}
		return
	}
	t.Fatal("holder 0 never held a joker to pass")
}

// TestMessagesRoundTrip: every message of a whole hand encodes and decodes
// to the same bytes (american: the Charleston's moves too; jilin, played
// eagerly for TING: the joker indicator's copies and openings when they
// come).
func TestMessagesRoundTrip(t *testing.T) {
	t.Parallel()
	for _, id := range []string{"hongkong", "american", "jilin"} {
		tb := newTable(t, config(t, id, 2, 5), 5)
		if id == "jilin" {
			tb.choose = eager(tb)
		}
		n, moves := 0, 0
		tb.tamper = func(m *Msg) bool {
			b, err := m.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			var back Msg
			if err := back.UnmarshalBinary(b); err != nil {
				t.Fatalf("%v: %v", m.Type, err)
			}
			again, _ := back.MarshalBinary()
			if !bytes.Equal(b, again) {
				t.Fatalf("%v does not round-trip", m.Type)
			}
			*m = back
			n++
			if m.Move != nil {
				moves++
			}
			return true
		}
		tb.play()
		if tb.refused != nil || !tb.seq.Over() || n < 10 || (id == "american" && moves < 12) {
			t.Fatalf("%s: refused %v, over %v, %d messages, %d moves", id, tb.refused, tb.seq.Over(), n, moves)
		}
	}
}

// FuzzMsg: the decoder never panics and what it accepts re-encodes to the
// same bytes.
func FuzzMsg(f *testing.F) {
	for _, m := range []Msg{
		{Type: TReveal, To: 1, Slots: []uint32{3, 4}},
		{Type: TAnswers, Answers: []Answer{{Seat: rules.S, Action: game.Action{Type: game.ActPass, Tile: 255}}}},
		{Type: TVoid, Reason: "holder 1 withheld its shares", Fault: Fault{Kind: Withheld, Holder: 1}},
		{Type: TAct, Seat: rules.W, Action: game.Action{Type: game.ActDiscard, Tile: 3}},
		{Type: TShares, From: 1},
		{Type: TAct, From: 2, Seat: rules.N, Action: game.Act(game.ActGive, tile.None), Move: &sealed.Move{Copy: &sealed.Copy{From: 3, To: 152,
			Ct: sealed.Ciphertext{C1: sealed.BasePoint(), C2: sealed.BasePoint()}, Proof: sealed.Proof{C: sealed.NewScalar(), S: sealed.NewScalar()}}}},
		{Type: TJoker, From: 1, Move: &sealed.Move{Copy: &sealed.Copy{From: 70, To: 136,
			Ct: sealed.Ciphertext{C1: sealed.BasePoint(), C2: sealed.BasePoint()}, Proof: sealed.Proof{C: sealed.NewScalar(), S: sealed.NewScalar()}}}},
		{Type: TJoker, From: 1},
	} {
		b, err := m.MarshalBinary()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var m Msg
		if m.UnmarshalBinary(b) != nil {
			return
		}
		again, err := m.MarshalBinary()
		if err != nil || !bytes.Equal(again, b) {
			t.Fatalf("accepted %x re-encodes to %x (%v)", b, again, err)
		}
	})
}

// hoard plays to make concealed kongs: it declares one whenever it may,
// never claims but for Mah-Jong, and discards a tile of which it holds
// the fewest.
func hoard(tb *table) func(seat rules.Wind, legal []game.Action) game.Action {
	return func(seat rules.Wind, legal []game.Action) game.Action {
		hand := tb.devs[tb.seq.t.cfg.Seats[seat]].View(seat).Hand
		best, fewest := legal[0], 99
		for _, a := range legal {
			switch a.Type {
			case game.ActMahjong, game.ActSelfDraw, game.ActConcealedKong:
				return a
			case game.ActDiscard:
				if n := int(hand[a.Tile]); n < fewest && a.Declare == game.DeclNone {
					best, fewest = a, n
				}
			case game.ActPass:
				best, fewest = a, -1
			}
		}
		return best
	}
}

// TestConcealedKongStaysHidden: a concealed kong is proven by equality
// proofs and not opened: the other devices, the sequencer and the
// spectator learn nothing of its tiles (the knowledge check after every
// step), the other parties play on with a kind they imagine, and the
// audit, once the hand is opened, verifies it.
func TestConcealedKongStaysHidden(t *testing.T) {
	t.Parallel()
	for i := range 40 {
		tb := newTable(t, config(t, "hongkong", 2, uint64(200+i)), uint64(200+i))
		tb.choose = hoard(tb)
		tb.play()
		if tb.refused != nil || !tb.seq.Over() {
			t.Fatalf("refused %v, over %v", tb.refused, tb.seq.Over())
		}
		kongs := 0
		for _, s := range tb.seq.t.steps {
			if s.kong {
				kongs++
			}
		}
		for _, v := range []Verdict{tb.seq.Audit(), tb.spec.Audit(), tb.devs[0].Audit(), tb.devs[1].Audit()} {
			if !v.Verified {
				t.Fatalf("hand %d: %s", i, v.Reason)
			}
		}
		t.Logf("hand %d: %d concealed kongs", i, kongs)
		if kongs > 0 {
			return
		}
	}
	t.Fatal("no concealed kong in 40 hands")
}

// TestFalseConcealedKongIsCaught: a concealed kong of four tiles that are
// not one kind fails its equality proofs, and the hand is void.
func TestFalseConcealedKongIsCaught(t *testing.T) {
	t.Parallel()
	tb := newTable(t, config(t, "hongkong", 2, 6), 6)
	tb.tamper = func(m *Msg) bool {
		if m.Type == TAct && m.Action.Type == game.ActDiscard && m.Seat == rules.E && len(tb.devs[0].t.steps) == 0 {
			d := tb.devs[0]
			var held []uint32
			for w := range d.t.hidden[rules.E] {
				held = append(held, w)
			}
			slices.SortFunc(held, func(a, b uint32) int { return int(d.t.known[a]) - int(d.t.known[b]) })
			slots := []uint32{held[0], held[4], held[8], held[12]}
			m.Action, m.Shares, m.Slots, m.Equal = game.Act(game.ActConcealedKong, tile.None), nil, slots, nil
			for _, b := range slots[1:] {
				m.Equal = append(m.Equal, d.t.key.ProveEqual(d.t.cfg.Ctx, 0, slots[0], b, d.t.deck[slots[0]], d.t.deck[b]))
			}
		}
		return true
	}
	tb.play()
	wantCheat(t, tb.refused, 0, "different tiles")
}

// TestAuditNamesWhatItCannotReplay: the end-of-hand audit refuses a hand
// in which an action was not legal (a declaration over hidden tiles is
// only checked there) and one in which a tile went to another device
// than the seat that took it (what an undeclared bonus tile leads to).
func TestAuditNamesWhatItCannotReplay(t *testing.T) {
	t.Parallel()
	tb := newTable(t, config(t, "hongkong", 2, 7), 7)
	tb.play()
	if v := tb.spec.Audit(); !v.Verified {
		t.Fatalf("the honest hand: %s", v.Reason)
	}
	s := tb.spec.t
	for i, st := range s.steps {
		if st.action.Type == game.ActDiscard {
			s.steps[i].action.Declare = game.DeclCalling
			if v := tb.spec.Audit(); v.Verified || !strings.Contains(v.Reason, "not legal") {
				t.Errorf("a false calling hand: %+v", v)
			}
			s.steps[i].action.Declare = game.DeclNone
			break
		}
	}
	w := s.takes[0]
	s.revealTo[w] = 1 - s.revealTo[w]
	if v := tb.spec.Audit(); v.Verified || !strings.Contains(v.Reason, "was revealed to") {
		t.Errorf("a tile revealed to the wrong device: %+v", v)
	}
}

// TestMalformedMessagesAreRefused: messages no decoder would produce are
// refused with an error, not a panic, by the sequencer and the devices.
func TestMalformedMessagesAreRefused(t *testing.T) {
	t.Parallel()
	cfg := config(t, "hongkong", 2, 8)
	seq, err := NewSequencer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	d, _, err := NewDevice(cfg, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []Msg{
		{Type: TKey, From: 1},
		{Type: TShuffle, From: 1},
		{Type: TAct, From: 1, Seat: 9},
		{Type: TOpen, From: 1, Seat: -2},
		{Type: TAnswers, Answers: []Answer{{Seat: 7}}},
		{Type: TShares, From: 5},
		{Type: TReveal, To: 1, Slots: []uint32{3}},
		{Type: TJoker, From: 1, Shares: sealed.Shares{{Holder: 1}, {Holder: 1, Slot: 1}}},
		{Type: TJoker, From: 1, Move: &sealed.Move{Transfer: &sealed.ShuffleMsg{}}},
		{Type: Type(42)},
	} {
		if _, err := seq.Receive(m); err == nil {
			t.Errorf("the sequencer took %+v", m)
		}
		if _, err := d.Receive(m); err == nil {
			t.Errorf("the device took %+v", m)
		}
	}
	// Once the deck is shuffled, shares from no holder are refused too.
	tb := newTable(t, cfg, 8)
	tb.deliver()
	if _, err := tb.devs[0].Receive(Msg{Type: TShares, From: 5}); err == nil {
		t.Error("a device took shares from holder 5 of 2")
	}
	if d.Legal(9) != nil || d.View(-1) != nil {
		t.Error("a seat out of range has legal actions or a view")
	}
}

// TestNeedOfAnyAction: what an action must open is worked out for any
// action a device may send, with any tile offered or none (a claim on the
// seat's own turn, out of a window): an error, never a panic — the
// sequencer works it out for every action it is sent.
func TestNeedOfAnyAction(t *testing.T) {
	kinds := []tile.Kind{tile.None, 0, tile.NumKinds - 1, tile.NumKinds, 200}
	for typ := game.ActNone; typ <= game.ActExchange+1; typ++ {
		for _, own := range kinds {
			for _, offered := range kinds {
				a := game.Action{Type: typ, Tile: own}
				if own.Valid() {
					a.Tiles[own] = 2
				}
				if _, _, err := needOf(a, offered); err == nil && (typ == game.ActChow || typ == game.ActPung || typ == game.ActKong) && !offered.Valid() {
					t.Errorf("%v of %v with %v offered: no error; a claim takes the tile offered", typ, own, offered)
				}
			}
		}
	}
}
