package sealedplay

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/record"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all" // every ruleset
	"github.com/fourwinds-mahjong/fourwinds/core/sealed"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// table runs a sealed hand in process: the sequencer relays every message
// to every device and the spectator, in order.
type table struct {
	t     testing.TB
	seq   *Sequencer
	devs  []*Device
	spec  *Spectator
	queue []Msg
	rng   *rand.Rand
	// tamper, when set, may change a device's message before the
	// sequencer sees it, or drop it (false).
	tamper func(m *Msg) bool
	// choose picks a seat's action; nil: a random legal one, Mah-Jong first.
	// thorough has play also act every legal action at every decision (an
	// american give builds a transfer proof each, most of a hand's time)
	// and verify the transcript: the knowledge, property and policies
	// tests set it; the tests of one rule or one cheat need not.
	thorough bool
	choose   func(seat rules.Wind, legal []game.Action) game.Action
	// refused is the first error the sequencer returned.
	refused error
	events  int
	// seen records every view a device showed a seat when it decided.
	seen []decision
	// shares are every share relayed, for the transcript.
	shares   map[[2]uint32]sealed.Share
	shuffles []sealed.ShuffleMsg
	moves    []sealed.Move
	// checked counts the transcript checks made.
	checked int
	// relayed are every message relayed, in order.
	relayed []Msg
	// unsettled counts the times a device, given a relayed message, held
	// a seat of its own with a tile still being revealed (Settled false).
	unsettled int
	// after, when set, is called once the sequencer has taken a queued
	// message and every party has received what it relayed, out (the
	// restore tests restart a device there).
	after func(out []Msg)
}

// decision is a seat's view, legal actions included, as its device
// worked it out from its imagined arrangement, after steps steps.
type decision struct {
	steps int
	seat  rules.Wind
	view  []byte
}

func config(t testing.TB, id string, holders int, seed uint64) Config {
	t.Helper()
	r, err := rules.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	// american: its default options but the blind pass, which
	// blind_test.go plays (a give of 0 to 3 tiles makes every hand's
	// checks of every legal action far longer).
	opts, err := rules.ResolveOptions(r, map[string]string{})
	if id == "american" {
		opts, err = rules.ResolveOptions(r, map[string]string{"blind_pass": "false"})
	}
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Hand: game.HandConfig{Ruleset: r, Options: opts, Number: 1, Round: rules.E},
		Dice: [2]int{2 + rng.IntN(6) + rng.IntN(6), 2 + rng.IntN(6) + rng.IntN(6)},
		Ctx:  sealed.Context{Table: "test", Hand: 1, Ruleset: id}}
	for i := range holders {
		cfg.Ctx.Peers = append(cfg.Ctx.Peers, fmt.Sprintf("device-%d", i))
	}
	for w := range cfg.Seats {
		cfg.Seats[w] = uint32(w % holders)
	}
	return cfg
}

func newTable(t testing.TB, cfg Config, seed uint64) *table {
	t.Helper()
	seq, err := NewSequencer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := NewSpectator(cfg)
	if err != nil {
		t.Fatal(err)
	}
	tb := &table{t: t, seq: seq, spec: spec, rng: rand.New(rand.NewPCG(seed, 11)), shares: map[[2]uint32]sealed.Share{}}
	for i := range cfg.Ctx.Peers {
		d, key, err := NewDevice(cfg, uint32(i))
		if err != nil {
			t.Fatal(err)
		}
		tb.devs = append(tb.devs, d)
		tb.queue = append(tb.queue, key)
	}
	return tb
}

// deliver hands the queued messages to the sequencer and relays what it
// accepts, until the queue is empty.
func (tb *table) deliver() {
	tb.t.Helper()
	for len(tb.queue) > 0 {
		m := tb.queue[0]
		tb.queue = tb.queue[1:]
		if tb.tamper != nil && !tb.tamper(&m) {
			continue
		}
		out, err := tb.seq.Receive(m)
		if err != nil && tb.refused == nil && !errors.Is(err, ErrNotNow) {
			tb.refused = err
		}
		tb.broadcast(out)
		if tb.after != nil {
			tb.after(out)
		}
	}
}

func (tb *table) broadcast(out []Msg) {
	tb.t.Helper()
	for _, r := range out {
		tb.events++
		tb.relayed = append(tb.relayed, r)
		for _, sh := range r.Shares {
			tb.shares[[2]uint32{sh.Holder, sh.Slot}] = sh
		}
		if r.Type == TShuffle {
			tb.shuffles = append(tb.shuffles, *r.Shuffle)
		}
		if r.Move != nil {
			tb.moves = append(tb.moves, *r.Move)
		}
		if err := tb.spec.Receive(r); err != nil {
			tb.t.Fatalf("spectator refused %v: %v", r.Type, err)
		}
		for _, d := range tb.devs {
			ans, err := d.Receive(r)
			if err != nil {
				tb.t.Fatalf("holder %d refused %v: %v", d.t.me, r.Type, err)
			}
			tb.queue = append(tb.queue, ans...)
			tb.settled(d)
		}
		tb.curious()
	}
}

// settled: a seat of d's that d says is settled holds its real tiles in
// d's engine, the view a person is shown (core/table shows nothing new
// while it is not).
func (tb *table) settled(d *Device) {
	tb.t.Helper()
	for _, seat := range d.Seats() {
		if d.t.st == nil || d.t.void != "" || d.t.st.Phase == game.PhaseEnd {
			return
		}
		if !d.Settled(seat) {
			tb.unsettled++
			continue
		}
		d.t.holdsItsTiles(tb.t, seat)
	}
}

// curious is every device, the dealer's first, trying after every event to
// decrypt every slot with its key and the shares relayed so far: it
// succeeds only on public tiles and on tiles revealed to it, until the
// hand ends and every tile is opened.
func (tb *table) curious() {
	tb.t.Helper()
	s := tb.seq.t
	if s.deck == nil || (s.st != nil && s.st.Phase == game.PhaseEnd) {
		return
	}
	for _, d := range tb.devs {
		for w := range s.deck {
			var ds []*sealed.Point
			_, public := tb.shares[[2]uint32{d.t.me, uint32(w)}]
			for j := range uint32(len(tb.devs)) {
				if sh, ok := tb.shares[[2]uint32{j, uint32(w)}]; ok && j != d.t.me {
					ds = append(ds, sh.D)
				}
			}
			// A jilin indicator that went back is public by its opened
			// copy, not by its own shares, and its seat's draw takes it
			// face up (JL-8.2) unrevealed.
			if len(ds) < len(tb.devs)-1 || public || s.public[w] || s.revealTo[w] == d.t.me {
				continue
			}
			k, err := d.t.key.Reveal(s.deck[w], ds)
			tb.t.Fatalf("%s: holder %d decrypted slot %d (%v, %v), which is neither public nor revealed to it (revealed to %d)\n%v",
				s.cfg.Ctx.Ruleset, d.t.me, w, k, err, s.revealTo[w], tb.log(d))
		}
	}
}

// play runs the hand to its end (or until nobody can move) and checks what
// every party knows after every step and, at every decision, that the
// seat's engine hand is exactly its real tiles; a thorough table also
// checks that every legal action acts and verifies the transcript.
func (tb *table) play() {
	tb.t.Helper()
	for range 2000 {
		tb.deliver()
		if tb.refused != nil {
			return
		}
		tb.checkKnowledge()
		if n := len(tb.seq.t.steps); tb.thorough && tb.seq.t.st != nil && !tb.seq.busy() && (n == 0 || n == 40) && tb.checked == min(n, 1) {
			tb.checkTranscript()
		}
		if tb.seq.Over() {
			return
		}
		moved := false
		for _, d := range tb.devs {
			for _, seat := range d.Waiting() {
				d.t.holdsItsTiles(tb.t, seat)
				if !d.Settled(seat) {
					tb.t.Fatalf("holder %d: seat %v decides and is not settled: no screen would show it", d.t.me, seat)
				}
				legal := d.Legal(seat)
				if tb.thorough {
					for _, a := range legal {
						if _, err := d.Act(seat, a); err != nil {
							tb.t.Fatalf("seat %v, legal %v: %v\n%v", seat, a, err, tb.log(d))
						}
					}
				}
				view, err := json.Marshal(d.View(seat))
				if err != nil {
					tb.t.Fatal(err)
				}
				tb.seen = append(tb.seen, decision{steps: len(d.t.steps), seat: seat, view: view})
				a := tb.pick(seat, legal)
				m, err := d.Act(seat, a)
				if err != nil {
					tb.t.Fatalf("seat %v: %v\n%v", seat, err, tb.log(d))
				}
				tb.queue = append(tb.queue, m)
				moved = true
			}
		}
		if !moved {
			return
		}
	}
	tb.t.Fatal("the hand did not end")
}

// playToAVerifiedEnd plays the hand to its end and checks that the
// sequencer refused nothing and that every party's audit verified it with
// the sequencer's result.
func (tb *table) playToAVerifiedEnd() {
	tb.t.Helper()
	t := tb.t
	tb.play()
	if tb.refused != nil {
		t.Fatalf("the sequencer refused a message: %v", tb.refused)
	}
	if !tb.seq.Over() {
		t.Fatal("the hand did not end")
	}
	want := tb.seq.Audit()
	if !want.Verified {
		t.Fatalf("sequencer's audit: %s", want.Reason)
	}
	for _, d := range tb.devs {
		for _, seat := range d.Seats() {
			if !d.Settled(seat) {
				t.Fatalf("holder %d: seat %v is not settled at the hand's end: its screen would not show the end", d.t.me, seat)
			}
		}
	}
	for _, d := range tb.devs {
		if v := d.Audit(); !v.Verified || fmt.Sprint(*v.Result) != fmt.Sprint(*want.Result) || !reflect.DeepEqual(v.Ring, want.Ring) || !reflect.DeepEqual(v.Events, want.Events) {
			t.Fatalf("holder %d's verdict %+v differs from %+v", d.t.me, v, want)
		}
	}
	tb.replaysFromItsWall(want)
}

// replaysFromItsWall checks that the verified hand v, written as a record
// of one hand dealt from its opened wall, replays: the engine makes
// exactly the verdict's events again from the ring and their actions.
func (tb *table) replaysFromItsWall(v Verdict) {
	tb.t.Helper()
	h := tb.seq.t.cfg.Hand
	rec := &record.Record{Header: record.Header{Ruleset: h.Ruleset.ID(), Options: h.Options.Map(), Uniform: true}, Events: v.Events}
	rec.AddWall(record.Wall{Hand: h.Number, Ring: v.Ring.Tiles, Throws: v.Ring.Throws})
	m, err := rec.Replay(nil)
	if err != nil {
		tb.t.Fatalf("the verified hand does not replay from its wall: %v", err)
	}
	if m.Hand.Phase != game.PhaseEnd || fmt.Sprint(*m.Hand.Result) != fmt.Sprint(*v.Result) {
		tb.t.Fatalf("the hand replayed from its wall ends with %+v; the audit's result is %+v", m.Hand.Result, v.Result)
	}
}

func (tb *table) pick(seat rules.Wind, legal []game.Action) game.Action {
	if tb.choose != nil {
		return tb.choose(seat, legal)
	}
	for _, a := range legal {
		if a.Type == game.ActMahjong || a.Type == game.ActSelfDraw {
			return a
		}
	}
	return legal[tb.rng.IntN(len(legal))]
}

// checkKnowledge: every device knows exactly the public tiles and those
// dealt or drawn to the seats it plays; the spectator and the sequencer
// (the curious dealer's relay, which decrypts every slot it can) know the
// public tiles only.
func (tb *table) checkKnowledge() {
	tb.t.Helper()
	s := tb.seq.t
	if s.deck == nil || tb.seq.busy() {
		return // tiles in flight: a withheld share stalls them
	}
	public := map[uint32]tile.Kind{}
	for w, p := range s.public {
		if p {
			public[uint32(w)] = s.known[w]
		}
	}
	for _, p := range append([]*tracker{s, tb.spec.t}, tb.trackers()...) {
		p.checkRing(tb.t)
	}
	if got := tb.spec.Knows(); !maps.Equal(got, public) {
		tb.t.Fatalf("the spectator knows %d tiles, %d are public", len(got), len(public))
	}
	if got := s.knows(); !maps.Equal(got, public) {
		tb.t.Fatalf("the sequencer knows %d tiles, %d are public", len(got), len(public))
	}
	for _, d := range tb.devs {
		want := maps.Clone(public)
		for _, w := range s.takes {
			if (s.holder[w] != rules.NoWind && s.cfg.Seats[s.holder[w]] == d.t.me) || s.revealTo[w] == d.t.me {
				want[w] = d.t.known[w]
			}
		}
		for w := s.n0; w < len(s.known); w++ {
			if s.revealTo[w] == d.t.me {
				want[uint32(w)] = d.t.known[w]
			}
		}
		// A TING device knows the jilin joker indicator of each copy
		// revealed to it, and no other (JL-8.1).
		for _, c := range s.copies {
			if s.revealTo[c.slot] == d.t.me {
				want[c.from] = d.t.known[c.from]
			}
		}
		// The curious device: every slot whose shares all other holders
		// have published is one it can decrypt with its key.
		for w := range s.known {
			all := true
			for j := range uint32(len(tb.devs)) {
				all = all && (j == d.t.me || s.shares[w][j] != nil)
			}
			if _, ok := want[uint32(w)]; all && !ok {
				tb.t.Fatalf("%s: holder %d can decrypt slot %d, which is neither public nor its seats' (taken %v, holder %v, revealed to %s, indicators %v, returned %d, copies %+v)\n%v",
					s.cfg.Ctx.Ruleset, d.t.me, w, slices.Contains(s.takes, uint32(w)), s.holder[w], holderName(s.revealTo[w]), s.indicators, s.returns, s.copies, tb.log(d))
			}
		}
		got := d.Knows()
		if len(got) != len(want) {
			for w := range want {
				if _, ok := got[w]; !ok {
					tb.t.Logf("slot %d: holder %v, reveal to %d, public %v, hidden %v", w, s.holder[w], s.revealTo[w], s.public[w], s.hidden[s.holder[w]][w])
				}
			}
			for w := range got {
				if _, ok := want[w]; !ok {
					tb.t.Logf("slot %d known: holder %v, reveal to %d, public %v", w, s.holder[w], s.revealTo[w], s.public[w])
				}
			}
			tb.t.Fatalf("holder %d knows %d tiles; it should know %d\n%v", d.t.me, len(got), len(want), tb.log(d))
		}
		for w := range want {
			if _, ok := got[w]; !ok {
				tb.t.Fatalf("holder %d does not know slot %d, which its seat holds or is public", d.t.me, w)
			}
		}
	}
}

// checkTranscript verifies the public record so far with the sealed
// package and checks that what it says each party can decrypt is what the
// party knows.
func (tb *table) checkTranscript() {
	tb.t.Helper()
	v, err := tb.transcript().Verify()
	if err != nil {
		tb.t.Fatal(err)
	}
	tb.checked++
	for _, d := range tb.devs {
		k, err := v.Knows(d.t.me, d.t.key)
		if err != nil {
			tb.t.Fatal(err)
		}
		if len(k) != len(d.Knows())-byCopy(d.t) {
			tb.t.Fatalf("the transcript lets holder %d decrypt %d tiles; it knows %d, %d of them joker indicators by their copies", d.t.me, len(k), len(d.Knows()), byCopy(d.t))
		}
	}
	if k, _ := v.Knows(0, nil); len(k) != len(tb.spec.Knows())-byCopy(tb.spec.t) {
		tb.t.Fatalf("the transcript makes %d tiles public; the spectator knows %d", len(k), len(tb.spec.Knows()))
	}
}

// byCopy counts the jilin joker indicators a party knows by a copy, not
// by their own shares (which nobody publishes before the end).
func byCopy(t *tracker) int {
	n := 0
	for _, w := range t.indicators {
		shared := true
		for j := range uint32(t.holders()) {
			shared = shared && (j == t.me || t.shares[w][j] != nil)
		}
		if t.known[w] != tile.None && !shared {
			n++
		}
	}
	return n
}

// transcript returns the public record of the hand.
func (tb *table) transcript() *sealed.Transcript {
	s := tb.seq.t
	tr := &sealed.Transcript{Ctx: s.cfg.Ctx}
	for _, k := range s.setup.Tiles.Kinds() {
		tr.Kinds = append(tr.Kinds, int(k))
	}
	for _, k := range s.keys {
		tr.Keys = append(tr.Keys, *k)
	}
	tr.Shuffles = tb.shuffles
	tr.Moves = tb.moves
	for _, sh := range tb.shares {
		tr.Shares = append(tr.Shares, sh)
	}
	return tr
}

// TestSealedHands plays whole hands with 2, 3 and 4 key holders and a
// spectator: the knowledge check holds after every step, a seat a device
// says is settled holds its real tiles after every message (the view a
// person is shown), every legal action acts, every party's audit verifies the hand, every verdict is
// the same, and the hand plays as the engine (the property test's check).
func TestSealedHands(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		id      string
		holders int
	}{{"hongkong", 2}, {"hongkong", 3}, {"hongkong", 4}, {"classical", 2}, {"french", 2}, {"american", 2}, {"american", 3}, {"american", 4}, {"jilin", 2}, {"jilin", 3}, {"jilin", 4}} {
		t.Run(fmt.Sprintf("%s/%d", tc.id, tc.holders), func(t *testing.T) {
			t.Parallel()
			cfg := config(t, tc.id, tc.holders, uint64(tc.holders))
			tb := newTable(t, cfg, uint64(tc.holders))
			tb.thorough = true
			if tc.id == "jilin" {
				tb.choose = eager(tb) // TING and the joker's copies, accounted for in every knowledge check
			}
			tb.playToAVerifiedEnd()
			if v := tb.spec.Audit(); !v.Verified {
				t.Fatalf("spectator: %s", v.Reason)
			}
			if tb.checked == 0 {
				t.Fatal("the transcript was not checked")
			}
			if tb.unsettled == 0 {
				t.Fatal("no device ever held a seat with a tile being revealed: Settled was not checked")
			}
			tb.playsAsTheEngine("the hand")
		})
	}
}

// log writes a device's steps for a failure message.
func (tb *table) log(d *Device) []string {
	var log []string
	for _, s := range d.t.steps {
		log = append(log, fmt.Sprint(s.seat, " ", s.action, s.open))
	}
	return log
}

// TestSealedHandsPlayAsTheEngine is the property test: over random sealed
// hands, every view a device showed its seat when it decided (its tiles,
// the public facts and the legal actions it worked out alone from an
// imagined arrangement of the tiles it did not know) is the view the
// ordinary engine shows that seat at the same point of the same hand
// dealt openly from the final wall, and every party's verdict is the
// engine's result. It plays 5 hands, one a ruleset (classical and
// american with the concealed kongs of hoard, jilin eager for TING);
// TestSealedHands checks the same of its 11 hands, so 16 hands, 3 or
// more of each ruleset, hold the property on every run.
func TestSealedHandsPlayAsTheEngine(t *testing.T) {
	t.Parallel()
	ids := []string{"hongkong", "classical", "french", "american", "jilin"}
	for i, id := range ids {
		cfg := config(t, id, 2+i%2, uint64(100+i))
		tb := newTable(t, cfg, uint64(100+i))
		tb.thorough = true
		switch {
		case id == "jilin":
			tb.choose = eager(tb) // TING, the joker, combinations
		case i%2 == 1:
			tb.choose = hoard(tb) // concealed kongs, rarely random
		}
		tb.play()
		if tb.refused != nil || !tb.seq.Over() {
			t.Fatalf("hand %d (%s): refused %v, over %v", i, id, tb.refused, tb.seq.Over())
		}
		tb.playsAsTheEngine(fmt.Sprintf("hand %d (%s)", i, id))
	}
}

// playsAsTheEngine checks a hand played to its end against the engine:
// every view the devices showed is the engine's at the same point of the
// hand dealt openly from the final wall, and every party's verdict is the
// engine's result.
func (tb *table) playsAsTheEngine(hand string) {
	t := tb.t
	t.Helper()
	s := tb.seq.t
	open := s.cfg.Hand
	open.Uniform = true
	st, _, err := game.NewHandOn(open, s.known[:s.n0], s.cfg.Dice)
	if err != nil {
		t.Fatal(err)
	}
	next := 0
	for n, step := range append(s.steps, step{}) {
		for ; next < len(tb.seen) && tb.seen[next].steps == n; next++ {
			want, _ := json.Marshal(st.View(tb.seen[next].seat))
			if !bytes.Equal(want, tb.seen[next].view) {
				t.Fatalf("%s, step %d: seat %v saw\n%s\nthe engine shows\n%s", hand, n, tb.seen[next].seat, tb.seen[next].view, want)
			}
		}
		if n < len(s.steps) {
			if _, err := st.Apply(step.seat, s.engineAction(step)); err != nil {
				t.Fatalf("%s, step %d: %v", hand, n, err)
			}
		}
	}
	if next != len(tb.seen) {
		t.Fatalf("%s: %d of %d decisions checked", hand, next, len(tb.seen))
	}
	want, _ := json.Marshal(st.Result)
	verdicts := []Verdict{tb.seq.Audit(), tb.spec.Audit()}
	for _, d := range tb.devs {
		verdicts = append(verdicts, d.Audit())
	}
	for _, v := range verdicts {
		got, _ := json.Marshal(v.Result)
		if !v.Verified || !bytes.Equal(got, want) {
			t.Fatalf("%s: verdict %+v, engine result %s", hand, v, want)
		}
	}
}

func (tb *table) trackers() []*tracker {
	var out []*tracker
	for _, d := range tb.devs {
		out = append(out, d.t)
	}
	return out
}

// checkRing checks a party's imagined arrangement: the set of tiles, each
// known tile in its slot, each imagined concealed kong of one kind.
func (t *tracker) checkRing(tt testing.TB) {
	tt.Helper()
	var have tile.Counts
	for _, k := range t.ring[:t.n0] {
		have[k]++
	}
	for w, k := range t.known {
		if k != tile.None && t.ring[w] != k {
			tt.Fatalf("holder %d imagines %v in slot %d, which it knows holds %v", t.me, t.ring[w], w, k)
		}
	}
	for _, m := range t.moves {
		var in, out tile.Counts
		for i, w := range m.from {
			in[t.ring[w]]++
			out[t.ring[m.fresh[i]]]++
		}
		if in != out {
			tt.Fatalf("holder %d imagines a give whose tiles change", t.me)
		}
		for _, w := range m.fresh[:m.n] {
			if k := t.ring[w]; k == tile.Joker {
				tt.Fatalf("holder %d imagines a joker given into slot %d", t.me, w)
			}
		}
	}
	if have != t.setup.Tiles {
		tt.Fatalf("holder %d imagines another set of tiles", t.me)
	}
	for _, g := range t.groups {
		for _, w := range g {
			if t.ring[w] != t.ring[g[0]] {
				tt.Fatalf("holder %d imagines a concealed kong of several kinds", t.me)
			}
		}
	}
}

// eager plays jilin's own moves whenever it can: a Mah-Jong, a TING, an
// exposure or an extension of a combination, a TCHA of a duplicate; else
// what a novice AI player would (which reaches TING far more often than
// random discards).
func eager(tb *table) func(seat rules.Wind, legal []game.Action) game.Action {
	var players [4]ai.Player
	for x := range players {
		p, err := ai.New(ai.Novice, wall.SeedFromString(fmt.Sprint("eager ", x)))
		if err != nil {
			tb.t.Fatal(err)
		}
		players[x] = p
	}
	return func(seat rules.Wind, legal []game.Action) game.Action {
		rank := func(a game.Action) int {
			switch {
			case a.Type == game.ActMahjong || a.Type == game.ActSelfDraw:
				return 4
			case a.Declare == game.DeclTing:
				return 3
			case a.Type == game.ActExpose || a.Type == game.ActExtend:
				return 2
			case a.Type == game.ActPung && tb.seq.t.st.Phase == game.PhaseDuplicate:
				return 1
			}
			return 0
		}
		best := players[seat].Decide(tb.devs[tb.seq.t.cfg.Seats[seat]].View(seat))
		for _, a := range legal {
			if rank(a) > rank(best) {
				best = a
			}
		}
		return best
	}
}
