package sealedplay

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/sealed"
)

// restart is a point of a hand where a device stops: the messages it
// had not sent yet are lost, and a device restored from its saved key and
// the relayed log takes its place and sends what it owes. at returns the
// holder that stops once the sequencer has taken a message and relayed
// out, if any.
type restart struct {
	name string
	at   func(tb *table, out []Msg) (uint32, bool)
}

// relays reports whether out holds a message of type ty from holder h,
// or, for a TReveal, to h.
func relays(out []Msg, ty Type, h uint32) bool {
	return slices.ContainsFunc(out, func(m Msg) bool {
		return m.Type == ty && (m.Type == TReveal && m.To == h || m.Type != TReveal && m.From == h)
	})
}

// queued returns the holder of the first queued message of type ty.
func (tb *table) queued(ty Type) (uint32, bool) {
	for _, m := range tb.queue {
		if m.Type == ty {
			return m.From, true
		}
	}
	return 0, false
}

var restarts = []restart{
	{"its key not sent", func(tb *table, out []Msg) (uint32, bool) {
		return 1, relays(out, TKey, 0)
	}},
	{"its shuffle sent", func(tb *table, out []Msg) (uint32, bool) {
		return 0, relays(out, TShuffle, 0)
	}},
	{"its shuffle not sent", func(tb *table, out []Msg) (uint32, bool) {
		return 1, relays(out, TShuffle, 0)
	}},
	{"during play", func(tb *table, out []Msg) (uint32, bool) {
		return 0, len(out) > 0 && out[0].Type == TAct && len(tb.seq.t.steps) >= 8
	}},
	{"shares not sent", func(tb *table, out []Msg) (uint32, bool) {
		if len(tb.seq.t.steps) < 12 {
			return 0, false
		}
		return tb.queued(TShares)
	}},
	{"acknowledgement not sent", func(tb *table, out []Msg) (uint32, bool) {
		if len(tb.seq.t.steps) < 16 {
			return 0, false
		}
		return tb.queued(TAck)
	}},
	{"joker copy not sent", func(tb *table, out []Msg) (uint32, bool) {
		for _, m := range tb.queue {
			if m.Type == TJoker && m.Move != nil {
				return m.From, true
			}
		}
		return 0, false
	}},
	{"joker confirmation not sent", func(tb *table, out []Msg) (uint32, bool) {
		for _, m := range tb.queue {
			if isStand(m) {
				return m.From, true
			}
		}
		return 0, false
	}},
	{"its give held by the sequencer", func(tb *table, out []Msg) (uint32, bool) {
		for seat := range tb.seq.held {
			return tb.seq.t.cfg.Seats[seat], true
		}
		return 0, false
	}},
	{"the hand's reveal", func(tb *table, out []Msg) (uint32, bool) {
		return 1, relays(out, TReveal, Public)
	}},
}

// TestRestoredDevice plays a hand of every ruleset in which devices stop
// and resume at some points of restarts (each point in one ruleset at
// least, to keep the test short): what a restored device owes is exactly
// what it had not sent (its seats' decisions aside), its state is the
// original device's, the sequencer refuses none of its messages, and the
// hand ends verified on every device. After every step, play's knowledge
// check holds of the restored devices too: each knows exactly the public
// tiles and its seats' (Knows), as the original would have.
func TestRestoredDevice(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		id      string
		holders int
		points  []string
	}{
		{"hongkong", 2, []string{"its key not sent", "shares not sent", "the hand's reveal"}},
		{"classical", 2, []string{"its shuffle sent", "acknowledgement not sent"}},
		{"french", 3, []string{"its shuffle not sent", "during play"}},
		{"jilin", 2, []string{"joker copy not sent", "joker confirmation not sent", "shares not sent"}},
		{"american", 2, []string{"its give held by the sequencer", "acknowledgement not sent"}},
	} {
		t.Run(tc.id, func(t *testing.T) {
			t.Parallel()
			// The deck is shuffled at random: a jilin hand reaches TING
			// (and the joker's copies) in 4 hands of 5: up to 8 are played.
			for seed := uint64(3); seed < 11; seed++ {
				if restoredHand(t, tc.id, tc.holders, seed, tc.points) {
					return
				}
			}
			t.Errorf("no hand of 8 came to every point of %v", tc.points)
		})
	}
}

// restoredHand plays a hand among holders key holders in which devices restart at the points named
// (the first time each comes) and checks it; it reports whether every
// point came.
func restoredHand(t *testing.T, id string, holders int, seed uint64, points []string) bool {
	t.Helper()
	cfg := config(t, id, holders, seed)
	tb := newTable(t, cfg, seed)
	if id == "jilin" {
		tb.choose = eager(tb)
	}
	done := map[string]bool{}
	tb.after = func(out []Msg) {
		for _, p := range restarts {
			if k, ok := p.at(tb, out); ok && !done[p.name] && slices.Contains(points, p.name) {
				done[p.name] = true
				tb.devs[k] = tb.restart(p.name, k)
			}
		}
	}
	tb.playToAVerifiedEnd()
	return len(done) == len(points)
}

// restart stops holder k's device: its queued messages are lost. It
// returns the device restored from its encoded key and the relayed log,
// whose owed messages it queues, after checking them and its state.
func (tb *table) restart(point string, k uint32) *Device {
	t := tb.t
	t.Helper()
	old := tb.devs[k]
	var lost []Msg
	queue := tb.queue[:0:0]
	for _, m := range tb.queue {
		if m.From == k && sentByDevice(m.Type) {
			if m.Type != TAct {
				lost = append(lost, m) // a decision is not owed: it is made again
			}
			continue
		}
		queue = append(queue, m)
	}
	tb.queue = queue
	saved, err := old.Key().MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var key sealed.PrivateKey
	if err := key.UnmarshalBinary(saved); err != nil {
		t.Fatal(err)
	}
	d, owed, err := RestoreDevice(old.t.cfg, k, &key, slices.Clone(tb.relayed))
	if err != nil {
		t.Fatalf("%s: holder %d: %v", point, k, err)
	}
	same := len(owed) == len(lost)
	for i := range owed {
		same = same && sameAnswer(owed[i], lost[i])
	}
	if !same {
		t.Fatalf("%s: holder %d owes %v; it had not sent %v", point, k, types(owed), types(lost))
	}
	// The state of the original device, as far as messages relayed go.
	o, n := old.t, d.t
	for what, eq := range map[string]bool{
		"awaiting": maps.Equal(d.awaiting, old.awaiting),
		"sent":     maps.Equal(d.sent, old.sent),
		"shuffled": d.shuffled == old.shuffled,
		"known":    slices.Equal(n.known, o.known),
		"ring":     slices.Equal(n.ring, o.ring),
		"reveal":   slices.Equal(n.revealTo, o.revealTo),
		"public":   slices.Equal(n.public, o.public),
		"steps":    reflect.DeepEqual(n.steps, o.steps),
		"moves":    reflect.DeepEqual(n.moves, o.moves),
		"copies":   slices.Equal(n.copies, o.copies),
		"decks":    len(n.decks) == len(o.decks) && len(n.deck) == len(o.deck),
	} {
		if !eq {
			t.Fatalf("%s: restored holder %d's %s differs from the original's", point, k, what)
		}
	}
	tb.queue = append(tb.queue, owed...)
	return d
}

// types names messages by type and shared slots, for a failure message.
func types(ms []Msg) string {
	var out []string
	for _, m := range ms {
		out = append(out, fmt.Sprintf("%v%v", m.Type, slotsOf(m.Shares)))
	}
	return "[" + strings.Join(out, " ") + "]"
}

// TestRestoreWrongKey: a device restored with another key than the one
// its holder sent in the deal fails, saying so; so does one without a
// key or of a holder that does not exist.
func TestRestoreWrongKey(t *testing.T) {
	t.Parallel()
	cfg := config(t, "hongkong", 2, 5)
	tb := newTable(t, cfg, 5)
	log := slices.Clone(tb.queue) // the key messages, which the sequencer relays as they are
	for name, key := range map[string]*sealed.PrivateKey{"a fresh key": sealed.GenerateKey(), "the other holder's key": tb.devs[0].Key()} {
		_, _, err := RestoreDevice(cfg, 1, key, log)
		if err == nil || !strings.Contains(err.Error(), "not this device's key") {
			t.Errorf("restored with %s: %v", name, err)
		}
	}
	if _, owed, err := RestoreDevice(cfg, 1, tb.devs[1].Key(), log); err != nil || len(owed) != 0 {
		t.Errorf("restored with its own key: owes %v, %v", types(owed), err)
	}
	for _, key := range []*sealed.PrivateKey{nil, {}} {
		if _, _, err := RestoreDevice(cfg, 1, key, log); err == nil {
			t.Error("restored without a key")
		}
	}
	if _, _, err := RestoreDevice(cfg, 2, tb.devs[1].Key(), log); err == nil {
		t.Error("restored holder 2 of 2")
	}
}

// TestRestoreAfterVoid: a device that stopped before sending its shares
// owes them, until the hand is void for them; then it owes nothing.
func TestRestoreAfterVoid(t *testing.T) {
	t.Parallel()
	cfg := config(t, "hongkong", 2, 2)
	tb := newTable(t, cfg, 2)
	tb.tamper = func(m *Msg) bool { return !(m.Type == TShares && m.From == 1) }
	tb.play()
	_, owed, err := RestoreDevice(cfg, 1, tb.devs[1].Key(), tb.relayed)
	if err != nil || len(owed) == 0 || slices.ContainsFunc(owed, func(m Msg) bool { return m.Type != TShares }) {
		t.Fatalf("before the void, holder 1 owes %v (%v); want its shares", types(owed), err)
	}
	tb.broadcast(tb.seq.Timeout())
	if _, owed, err := RestoreDevice(cfg, 1, tb.devs[1].Key(), tb.relayed); err != nil || len(owed) != 0 {
		t.Fatalf("after the void, holder 1 owes %v (%v); want nothing", types(owed), err)
	}
}

// BenchmarkRestoreDevice measures how long a device takes to resume at
// the worst point, the hand's reveal (every message of the hand in its
// log), at a hongkong table of 4 key holders: it checks every proof of
// the log again.
func BenchmarkRestoreDevice(b *testing.B) {
	cfg := config(b, "hongkong", 4, 9)
	tb := newTable(b, cfg, 9)
	var log []Msg
	tb.after = func(out []Msg) {
		if log == nil && relays(out, TReveal, Public) {
			log = slices.Clone(tb.relayed)
		}
	}
	tb.play()
	if log == nil {
		b.Fatal("the hand never came to its reveal")
	}
	key := tb.devs[3].Key()
	b.ResetTimer()
	for range b.N {
		if _, _, err := RestoreDevice(cfg, 3, key, log); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(log)), "msgs")
}
