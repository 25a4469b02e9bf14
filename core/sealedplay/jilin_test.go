package sealedplay

import (
	"slices"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/sealed"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// jilinTable returns a jilin hand whose seats play eager (TING whenever
// they may) among holders key holders.
func jilinTable(t testing.TB, holders int, seed uint64) *table {
	tb := newTable(t, config(t, "jilin", holders, seed), seed)
	tb.choose = eager(tb)
	return tb
}

// towardReturn plays eager, but discards the joker's kind whenever it
// may (the test peeks at a TING device's copy), announces no TING after
// the first (a TING hand keeps its tiles) and never wins, so that the
// indicator's 3 other copies get exposed and it goes back (JL-8.2).
func towardReturn(tb *table) func(seat rules.Wind, legal []game.Action) game.Action {
	eagerly := eager(tb)
	return func(seat rules.Wind, legal []game.Action) game.Action {
		if a, out := tb.seq.t.indicator(); out {
			for _, d := range tb.devs {
				if j := d.t.known[a]; j != tile.None {
					if i := slices.Index(legal, game.Act(game.ActDiscard, j)); i >= 0 {
						return legal[i]
					}
				}
			}
		}
		a := eagerly(seat, legal)
		switch {
		case a.Type == game.ActMahjong || a.Type == game.ActSelfDraw:
			a = legal[len(legal)-1] // a discard, or a pass
		case a.Declare == game.DeclTing && tb.seq.t.jokerHolder() != rules.NoWind:
			a.Declare = game.DeclNone
		}
		return a
	}
}

// TestJilinJokerPlaysSealed: jilin hands played eagerly for TING draw
// joker indicators, copy them for each TING device alone and send them
// back face up, opened, once their 3 other copies are exposed (JL-8.1–8.3);
// the knowledge check after every step accounts for each TING device's
// view of the indicator, and every party's audit verifies the hand.
func TestJilinJokerPlaysSealed(t *testing.T) {
	t.Parallel()
	copies, returned := 0, 0
	for seed := uint64(40); seed < 52 && returned == 0; seed++ {
		tb := jilinTable(t, 2+int(seed%3), seed)
		tb.choose = towardReturn(tb)
		tb.play()
		if tb.refused != nil || !tb.seq.Over() {
			t.Fatalf("seed %d: refused %v, over %v", seed, tb.refused, tb.seq.Over())
		}
		for _, v := range []Verdict{tb.seq.Audit(), tb.spec.Audit(), tb.devs[0].Audit()} {
			if !v.Verified {
				t.Fatalf("seed %d: %s", seed, v.Reason)
			}
		}
		s := tb.seq.t
		copies += len(s.copies)
		returned += s.returns
		if s.returns > 0 {
			// An indicator kept although it should have gone back: the
			// audit's replay sends it back, and nobody opened it.
			sp := tb.spec.t
			backs := sp.backs
			sp.backs = nil
			if v := tb.spec.Audit(); v.Verified || !strings.Contains(v.Reason, "did not open it") {
				t.Fatalf("seed %d: an indicator kept: %+v", seed, v)
			}
			sp.backs = backs
		}
		for _, c := range s.copies {
			if s.revealTo[c.slot] != c.holder && s.revealTo[c.slot] != Public {
				t.Fatalf("seed %d: holder %d's copy was revealed to %d", seed, c.holder, s.revealTo[c.slot])
			}
		}
	}
	if copies < 2 || returned == 0 {
		t.Fatalf("%d copies of indicators, %d sent back, in 12 hands", copies, returned)
	}
}

// TestFalseTingIsCaughtByTheAudit: TING is declared with a discard and
// its wait set stays secret, so the other parties apply it unchecked
// (JL-7.2); the audit, which replays the opened hand, refuses a TING
// whose hand did not wait.
func TestFalseTingIsCaughtByTheAudit(t *testing.T) {
	t.Parallel()
	tb := newTable(t, config(t, "jilin", 2, 41), 41)
	tb.play()
	if v := tb.spec.Audit(); !v.Verified {
		t.Fatalf("the honest hand: %s", v.Reason)
	}
	s := tb.spec.t
	for i, st := range s.steps {
		if st.action.Type == game.ActDiscard && st.seat == rules.E {
			s.steps[i].action.Declare = game.DeclTing // the dealer's first discard
			if v := tb.spec.Audit(); v.Verified || !strings.Contains(v.Reason, "not legal") {
				t.Errorf("a false TING: %+v", v)
			}
			return
		}
	}
	t.Fatal("the dealer never discarded")
}

// untilTing plays jilin hands until fire, which the tamper calls with
// every message, forges one; it returns the table whose hand it forged.
func untilTing(t *testing.T, holders int, fire func(tb *table, m *Msg) bool) *table {
	t.Helper()
	for seed := uint64(60); seed < 90; seed++ {
		tb := jilinTable(t, holders, seed)
		fired := false
		tb.tamper = func(m *Msg) bool {
			if !fired && tb.seq.t.st != nil && !tb.seq.busy() {
				fired = fire(tb, m)
			}
			return true
		}
		tb.play()
		if fired {
			return tb
		}
	}
	t.Fatal("no hand came to the point to forge in 30 hands")
	return nil
}

// TestTingMustDiscardTheDrawnTile: a seat that announced TING discards
// the tile it drew (JL-7.5); a discard that opens another slot, even of
// the same kind, is refused by its slot, and the hand is void.
func TestTingMustDiscardTheDrawnTile(t *testing.T) {
	t.Parallel()
	var cheater uint32
	tb := untilTing(t, 2, func(tb *table, m *Msg) bool {
		s := tb.seq.t
		if m.Type != TAct || m.Action.Type != game.ActDiscard || s.st.Phase != game.PhaseTurn || s.st.Players[m.Seat].Declared != game.DeclTing {
			return false
		}
		d := tb.devs[m.From]
		drawn, _ := d.t.drawnSlot(m.Seat)
		for w := range d.t.hidden[m.Seat] {
			if w != drawn {
				cheater, m.Action.Tile, m.Shares = m.From, d.t.known[w], sealed.Shares{d.share(w)}
				return true
			}
		}
		return false
	})
	wantCheat(t, tb.refused, cheater, "must discard the tile it drew")
	if v := tb.spec.Audit(); v.Verified {
		t.Fatal("the spectator verified a void hand")
	}
}

// TestJokerCopyWithoutTingIsCaught: a device that plays no seat that
// announced TING asks for a copy of the joker indicator (which would
// reveal the joker to it, JL-8.1) and is refused.
func TestJokerCopyWithoutTingIsCaught(t *testing.T) {
	t.Parallel()
	var spy uint32
	tb := untilTing(t, 4, func(tb *table, m *Msg) bool {
		s := tb.seq.t
		a, out := s.indicator()
		if !out {
			return false
		}
		for j := range uint32(s.holders()) {
			if !s.ting(j) {
				c := sealed.ReEncrypt(s.cfg.Ctx, s.joint, a, uint32(len(s.deck)), s.deck[a])
				spy, *m = j, Msg{Type: TJoker, From: j, Move: &sealed.Move{Copy: &c}}
				return true
			}
		}
		return false
	})
	wantCheat(t, tb.refused, spy, "only a device playing a seat that announced TING")
}

// TestOpeningAValidIndicatorIsCaught: the joker holder's device opens its
// copy of an indicator that is still valid (JL-8.2 sends back only one
// whose 3 other copies are exposed): everyone learns the joker, and the
// hand is void naming the holder.
func TestOpeningAValidIndicatorIsCaught(t *testing.T) {
	t.Parallel()
	var holder uint32
	tb := untilTing(t, 2, func(tb *table, m *Msg) bool {
		s := tb.seq.t
		a, out := s.indicator()
		x := s.jokerHolder()
		if !out || x == rules.NoWind {
			return false
		}
		holder = s.cfg.Seats[x]
		d := tb.devs[holder]
		i := d.t.copyOf(holder, a)
		if i < 0 || d.t.known[d.t.copies[i].slot] == tile.None || slices.Contains(d.t.indicators[:d.t.returns], a) {
			return false
		}
		*m = Msg{Type: TJoker, From: holder, Shares: sealed.Shares{d.share(d.t.copies[i].slot)}}
		return true
	})
	wantCheat(t, tb.refused, holder, "which is valid")
}

// isStand reports whether m is the joker holder's confirmation that the
// indicator stands.
func isStand(m Msg) bool { return m.Type == TJoker && m.Move == nil && len(m.Shares) == 0 }

// TestJokerHolderConfirmsBeforeItsDraw: at a turn start of the joker
// holder's seat, the engine checks the indicator before the draw (JL-8.1,
// JL-8.3), and whether the real one went back moves the draw (the front
// skips an indicator's slot while it is out) and the live tiles left.
// The sequencer, which does not know the indicator, reveals nothing but
// copies of the indicator from such a check until the joker holder's
// device has confirmed it (or opened it as it goes back): no draw, no end
// of the hand. Before, it revealed the draw at once, and a device could
// be revealed a wall tile its seat never drew once the indicator was
// opened. Every check is confirmed, and the hands end verified.
func TestJokerHolderConfirmsBeforeItsDraw(t *testing.T) {
	t.Parallel()
	confirmed := 0
	for seed := uint64(60); seed < 64; seed++ {
		tb := jilinTable(t, 2, seed)
		stands := 0
		tb.after = func(out []Msg) {
			s := tb.seq.t
			for _, r := range out {
				notCopy := func(w uint32) bool { return s.copyAt(w) < 0 }
				switch {
				case isStand(r):
					stands++
				case r.Type == TReveal && s.st.JokerChecks() > stands && (r.To == Public || slices.ContainsFunc(r.Slots, notCopy)):
					t.Fatalf("seed %d: reveal %v to %d while %d checks of the indicator are confirmed of %d", seed, r.Slots, r.To, stands, s.st.JokerChecks())
				}
			}
		}
		tb.playToAVerifiedEnd()
		if n := tb.seq.t.st.JokerChecks(); stands != n {
			t.Fatalf("seed %d: %d confirmations of %d checks", seed, stands, n)
		}
		confirmed += stands
	}
	if confirmed == 0 {
		t.Fatal("no joker holder confirmed an indicator in 4 hands")
	}
}

// TestJokerConfirmationWithheld: a joker holder's device that does not
// confirm the indicator at its seat's turn start stalls the hand, and the
// stand-in wait voids it naming that device.
func TestJokerConfirmationWithheld(t *testing.T) {
	t.Parallel()
	for seed := uint64(60); seed < 90; seed++ {
		tb := jilinTable(t, 2, seed)
		holder, dropped := uint32(0), false
		tb.tamper = func(m *Msg) bool {
			if isStand(*m) {
				holder, dropped = m.From, true
				return false
			}
			return true
		}
		tb.play()
		if !dropped {
			continue
		}
		if tb.seq.Over() || tb.refused != nil {
			t.Fatalf("seed %d: over %v, refused %v with the confirmation withheld", seed, tb.seq.Over(), tb.refused)
		}
		v := tb.seq.Timeout()
		if len(v) != 1 || v[0].Fault != (Fault{Kind: Withheld, Holder: holder}) || !strings.Contains(v[0].Reason, "stands") {
			t.Fatalf("seed %d: timeout %+v; want holder %d named", seed, v, holder)
		}
		return
	}
	t.Fatal("no joker holder confirmed an indicator in 30 hands")
}

// TestUnowedConfirmationIsCaught: a confirmation that the indicator
// stands when no check awaits one is refused, naming its sender.
func TestUnowedConfirmationIsCaught(t *testing.T) {
	t.Parallel()
	var holder uint32
	tb := untilTing(t, 2, func(tb *table, m *Msg) bool {
		s := tb.seq.t
		x := s.jokerHolder()
		if x == rules.NoWind || s.st.JokerChecks() == 0 || m.Type != TAct {
			return false
		}
		holder = s.cfg.Seats[x]
		*m = Msg{Type: TJoker, From: holder}
		return true
	})
	wantCheat(t, tb.refused, holder, "which it does not owe")
}

// BenchmarkSealedJilinHand plays jilin hands at a table of four key
// holders whose seats play eagerly for TING, and reports per hand the
// bytes of the messages relayed (every device receives each one), those
// the joker indicator adds (its copies, their private reveals and the
// shares for them, the openings as it goes back) and the copies made.
func BenchmarkSealedJilinHand(b *testing.B) {
	var all, joker, copies int
	for i := range b.N {
		seed := uint64(500 + i)
		tb := jilinTable(b, 4, seed)
		tb.play()
		if tb.refused != nil || !tb.seq.Over() {
			b.Fatalf("seed %d: refused %v, over %v", seed, tb.refused, tb.seq.Over())
		}
		s := tb.seq.t
		isCopy := func(w uint32) bool { return s.copyAt(w) >= 0 }
		for _, m := range tb.relayed {
			e, err := m.MarshalBinary()
			if err != nil {
				b.Fatal(err)
			}
			all += len(e)
			switch {
			case m.Type == TJoker,
				m.Type == TReveal && m.To != Public && slices.ContainsFunc(m.Slots, isCopy),
				(m.Type == TShares || m.Type == TAck) && len(m.Shares) > 0 && isCopy(m.Shares[0].Slot):
				joker += len(e)
			}
		}
		copies += len(s.copies)
	}
	n := float64(b.N)
	b.ReportMetric(float64(all)/n, "B/hand")
	b.ReportMetric(float64(joker)/n, "joker-B/hand")
	b.ReportMetric(float64(copies)/n, "copies/hand")
}
