package table

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// received is everything one stream received, as bytes.
type received struct {
	player int
	first  []byte   // the snapshot Subscribe returned
	frames [][]byte // every update, as JSON
}

// watch plays a held table to its end with a subscriber on every stream
// and returns what each received, with the table's own record.
func watch(t *testing.T, cfg LocalConfig) ([]*received, *Local) {
	t.Helper()
	cfg.Hold = true
	tb, err := NewLocal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var all []*received
	var subs []Subscription
	for _, p := range []int{0, 1, 2, 3, Spectator} {
		s, sub, err := tb.Subscribe(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(s)
		all = append(all, &received{player: p, first: b})
		subs = append(subs, sub)
	}
	done := make(chan struct{})
	for i, sub := range subs {
		go func() {
			defer func() { done <- struct{}{} }()
			for u := range sub.Updates() {
				b, err := json.Marshal(u)
				if err != nil {
					t.Error(err)
					return
				}
				all[i].frames = append(all[i].frames, b)
			}
		}()
	}
	if err := tb.Start(ctx); err != nil {
		t.Fatal(err)
	}
	<-tb.Done()
	rec, err := tb.Record()
	if err != nil {
		t.Fatal(err)
	}
	tb.Close()
	for range subs {
		<-done
	}
	tb.rec = rec
	return all, tb
}

// coverage counts the situations a secrecy run went through.
type coverage map[string]int

// TestSecrecy decodes every byte each player's and the spectators'
// streams received over whole hands of every ruleset (each update must
// come back from JSON byte for byte: views, actions, events, snapshots)
// and checks that none of it shows another seat's concealed tiles, the wall, a seed before its
// hand is over, or which other seat could claim.
func TestSecrecy(t *testing.T) {
	for _, id := range allRules {
		t.Run(id, func(t *testing.T) {
			cov := coverage{}
			for g := range 3 {
				cfg := LocalConfig{Rules: id, Seed: fmt.Sprintf("secrecy %s %d", id, g), AutoNext: true, Hands: 8}
				for p := range cfg.Seats {
					cfg.Seats[p].Level = []ai.Level{ai.Novice, ai.Expert, ai.Random}[(p+g)%3]
				}
				all, tb := watch(t, cfg)
				seeds := map[int]string{}
				for n := 1; n <= 8; n++ {
					seeds[n] = wall.Derive(tb.res.seed, "hand", n).String()
				}
				for _, r := range all {
					checkStream(t, r, tb.res.seed.String(), seeds, cov)
				}
			}
			t.Logf("%s: %v", id, cov)
			need := []string{"discard", "window", "claim"}
			switch id {
			case "american":
				need = append(need, "charleston", "call")
			case "jilin":
				need = append(need, "ting", "joker")
			default:
				need = append(need, "concealed-kong")
			}
			for _, k := range need {
				if cov[k] == 0 {
					t.Errorf("the run saw no %s", k)
				}
			}
		})
	}
}

// checkStream checks one stream's frames.
func checkStream(t *testing.T, r *received, matchSeed string, handSeeds map[int]string, cov coverage) {
	t.Helper()
	var first Snapshot
	if err := json.Unmarshal(r.first, &first); err != nil {
		t.Fatal(err)
	}
	seq := first.Seq
	prev := first
	for i, b := range r.frames {
		fail := func(format string, args ...any) {
			t.Helper()
			t.Fatalf("player %d, update %d: %s\n%s", r.player, i+1, fmt.Sprintf(format, args...), b)
		}
		if bytes.Contains(b, []byte(matchSeed)) {
			fail("the match seed is shown")
		}
		var u Update
		if err := json.Unmarshal(b, &u); err != nil {
			fail("%v", err)
		}
		if again, _ := json.Marshal(u); !bytes.Equal(again, b) {
			fail("the update changes through JSON:\n%s", again)
		}
		if u.Seq != seq+1 {
			fail("update %d follows %d", u.Seq, seq)
		}
		seq = u.Seq
		s := u.Snapshot
		if s.Player != r.player {
			fail("a snapshot for player %d", s.Player)
		}
		for n, hs := range handSeeds {
			over := s.View != nil && (n < s.View.Number || (n == s.View.Number && s.View.Phase == game.PhaseEnd))
			if !over && bytes.Contains(b, []byte(hs)) {
				fail("hand %d's seed is shown before the hand is over", n)
			}
		}
		if s.View == nil {
			continue
		}
		me := rules.NoWind
		if r.player != Spectator {
			me = s.Info.Winds[r.player]
		}
		if s.View.Seat != me {
			fail("a view for seat %s, want %s", s.View.Seat, me)
		}
		checkView(fail, s.View, me)
		checkEvents(fail, u.Events, me, prev, cov)
		checkWindow(fail, u, prev, me, cov)
		prev = s
	}
}

// checkView checks that a view holds no other seat's hidden tiles.
func checkView(fail func(string, ...any), v *game.View, me rules.Wind) {
	if me == rules.NoWind && (v.Hand != (tile.Counts{}) || len(v.Legal) > 0 || v.Drawn != tile.None) {
		fail("a spectator sees a hand")
	}
	if v.Phase == game.PhaseEnd {
		return
	}
	if v.Result != nil {
		fail("a result before the end of the hand")
	}
	for x, sv := range v.Seats {
		for _, m := range sv.Melds {
			if rules.Wind(x) != me && !m.Open && m.Tile != tile.Unknown {
				fail("seat %s's concealed kong of %s is shown", rules.Wind(x), m.Tile)
			}
		}
	}
}

// checkEvents checks the events a stream received.
func checkEvents(fail func(string, ...any), evs []game.Event, me rules.Wind, prev Snapshot, cov coverage) {
	for _, e := range evs {
		cov[e.Type.String()]++
		if e.Type == game.EvDiscard && e.Declare == game.DeclTing {
			cov["ting"]++
		}
		if e.Seat == me {
			continue
		}
		switch e.Type {
		case game.EvDeal, game.EvDraw, game.EvReceive, game.EvJoker:
			for _, k := range e.Tiles {
				if k != tile.Unknown {
					fail("seat %s's %s of %s is shown", e.Seat, e.Type, k)
				}
			}
		case game.EvConcealedKong:
			if e.Meld.Tile != tile.Unknown {
				fail("seat %s's concealed kong is shown", e.Seat)
			}
		case game.EvClaim:
			cov["claim"]++
		case game.EvAction:
			a := e.Action
			switch a.Type {
			case game.ActConcealedKong:
				if a.Tile != tile.Unknown {
					fail("seat %s's concealed kong action is shown", e.Seat)
				}
			case game.ActGive:
				fail("seat %s's Charleston answer is shown", e.Seat)
			case game.ActPropose, game.ActStop, game.ActContinue:
				fail("seat %s's %s is shown before the step closes", e.Seat, a.Type)
			case game.ActCall:
				cov["call"]++
			case game.ActPass:
				if prev.View == nil || (prev.View.Phase != game.PhaseExpose && prev.View.Phase != game.PhaseInvoke) {
					fail("seat %s's pass is shown", e.Seat)
				}
			}
		}
	}
}

// checkWindow checks the shape of the claim windows: after every discard
// every other live seat owes an answer, a seat's decision id does not move
// while it has not answered, and a seat hears nothing while the window is
// open but what its own answer caused.
func checkWindow(fail func(string, ...any), u Update, prev Snapshot, me rules.Wind, cov coverage) {
	v, pv := u.Snapshot.View, prev.View
	if v.Phase == game.PhaseCharleston {
		cov["charleston"]++
	}
	if me == rules.NoWind {
		return
	}
	last := game.EvNone
	if n := len(u.Events); n > 0 {
		last = u.Events[n-1].Type
	}
	if last == game.EvDiscard && v.Turn != me && !v.Seats[me].Dead {
		cov["window"]++
		if v.Phase != game.PhaseClaim && v.Phase != game.PhaseExpose && v.Phase != game.PhaseInvoke {
			fail("after a discard the phase is %s, not a claim window", v.Phase)
		}
		if v.Phase == game.PhaseClaim && len(v.Legal) == 0 {
			fail("a seat is not asked to answer a discard")
		}
	}
	if pv == nil || !pv.Phase.Simultaneous() || len(pv.Legal) == 0 || pv.Number != v.Number {
		return
	}
	mine := false
	for _, e := range u.Events {
		mine = mine || (e.Type == game.EvAction && e.Seat == me)
	}
	sameWindow := v.Phase == pv.Phase && v.Pending == pv.Pending && v.StateID == pv.StateID
	if !mine && sameWindow {
		fail("an update in an open window that the seat did not cause: %d events", len(u.Events))
	}
	if !mine && v.Phase == pv.Phase && v.Pending == pv.Pending && len(v.Legal) > 0 && v.StateID != pv.StateID {
		fail("the decision id moved from %d to %d before the seat answered", pv.StateID, v.StateID)
	}
}
