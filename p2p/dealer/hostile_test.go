package dealer_test

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/p2p/client"
	"github.com/fourwinds-mahjong/fourwinds/p2p/dealer"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
	"github.com/libp2p/go-libp2p/core/network"
)

// raw opens a table stream from host i with no client logic.
func (r *rig) raw(t *testing.T, i int) (*wire.Conn, network.Stream) {
	t.Helper()
	st, err := r.hosts[i].NewStream(context.Background(), r.hosts[0].ID(), wire.TableProtocol)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Reset() })
	return wire.NewConn(st), st
}

// answer reads messages until one that is not an update or a roster.
func answer(t *testing.T, c *wire.Conn) *wire.Msg {
	t.Helper()
	for {
		m, err := c.Recv()
		if err != nil {
			t.Fatalf("no answer: %v", err)
		}
		if m.Type != wire.TUpdate && m.Type != wire.TRoster {
			return m
		}
	}
}

func wantRefused(t *testing.T, what string, m *wire.Msg, reason table.Reason) {
	t.Helper()
	if m.Type != wire.TRefused || m.Refused.Reason != reason {
		t.Fatalf("%s: got %s %+v, want refused %s", what, m.Type, m.Refused, reason)
	}
}

func hello(player int, pin string) *wire.Msg {
	return &wire.Msg{Type: wire.THello, Hello: &wire.Hello{Version: wire.Version, Player: player, PIN: pin}}
}

func TestHostileInputIsRefusedAndTheTableGoesOn(t *testing.T) {
	r := newRig(t, "hongkong", 1, dealer.Config{PIN: "4321"}, nil)

	t.Run("wrong PIN", func(t *testing.T) {
		c, _ := r.raw(t, 1)
		c.Send(hello(wire.AnySeat, "1234"))
		wantRefused(t, "wrong PIN", answer(t, c), table.ReasonBadPIN)
		if _, err := client.Join(context.Background(), r.hosts[1], r.dealerInfo(), client.Options{Player: wire.AnySeat}); !isRefused(err, table.ReasonBadPIN) {
			t.Fatalf("a client with no PIN: %v", err)
		}
	})
	t.Run("no hello first", func(t *testing.T) {
		c, _ := r.raw(t, 1)
		c.Send(&wire.Msg{Type: wire.TPing})
		wantRefused(t, "ping before hello", answer(t, c), table.ReasonBadIntent)
	})
	t.Run("other version", func(t *testing.T) {
		c, _ := r.raw(t, 1)
		m := hello(wire.AnySeat, "4321")
		m.Hello.Version = 99
		c.Send(m)
		wantRefused(t, "version 99", answer(t, c), table.ReasonBadIntent)
	})
	t.Run("dealer's own seat", func(t *testing.T) {
		c, _ := r.raw(t, 1)
		c.Send(hello(0, "4321"))
		wantRefused(t, "seat 0", answer(t, c), table.ReasonNotYours)
	})

	t.Run("second seat", func(t *testing.T) {
		c, _ := r.raw(t, 1)
		c.Send(hello(1, "4321"))
		if m := answer(t, c); m.Type != wire.TWelcome {
			t.Fatalf("host 1 asking for player 1: %s", m.Type)
		}
		c2, _ := r.raw(t, 1)
		c2.Send(hello(2, "4321"))
		m := answer(t, c2)
		wantRefused(t, "player 2 asked by player 1's device", m, table.ReasonNotYours)
		if !strings.Contains(m.Refused.Detail, "one seat per device") {
			t.Fatalf("refusal %q", m.Refused.Detail)
		}
	})

	for i := 1; i < 4; i++ {
		r.clients[i] = r.join(t, i, client.Options{Player: i, PIN: "4321"})
	}
	r.start(t)

	t.Run("seat taken", func(t *testing.T) {
		c, _ := r.raw(t, 2)
		c.Send(hello(1, "4321"))
		wantRefused(t, "player 1 asked by host 2", answer(t, c), table.ReasonNotYours)
	})

	t.Run("malformed frames", func(t *testing.T) {
		c, st := r.raw(t, 2)
		c.Send(hello(table.Spectator, "4321"))
		if m := answer(t, c); m.Type != wire.TWelcome || m.Welcome.Player != table.Spectator {
			t.Fatalf("spectator hello answered %s", m.Type)
		}
		st.Write(wire.AppendFrame(nil, []byte(`{"type":"intent","id":1,"intent":{"player":1}`)))
		wantRefused(t, "malformed JSON", answer(t, c), table.ReasonBadIntent)
		st.Write(wire.AppendFrame(nil, []byte(`{"type":"ping","sneaky":true}`)))
		wantRefused(t, "unknown field", answer(t, c), table.ReasonBadIntent)
		c.Send(&wire.Msg{Type: wire.TIntent, ID: 5, Intent: &table.Intent{Player: 2, Kind: table.IntentAction}})
		wantRefused(t, "spectator's intent", answer(t, c), table.ReasonNotSeated)
		c.Send(&wire.Msg{Type: wire.TVerdict, Verdict: &wire.Verdict{Hand: 3, OK: false, Detail: "made up"}})
		wantRefused(t, "a verdict on a hand not revealed", answer(t, c), table.ReasonStale)
		c.Send(&wire.Msg{Type: wire.THandOver, HandOver: &wire.HandOver{Hand: 1, Successor: "me", Now: true}})
		wantRefused(t, "a client's hand-over", answer(t, c), table.ReasonBadIntent)
		c.Send(&wire.Msg{Type: wire.TLeave, ID: 5})
		wantRefused(t, "a leave with no hand-over under way", answer(t, c), table.ReasonBadIntent)
		c.Send(&wire.Msg{Type: wire.TSnapReq, ID: 6})
		if m := answer(t, c); m.Type != wire.TSnapshot || m.Snapshot.Player != table.Spectator {
			t.Fatalf("the stream did not go on after bad frames: %s", m.Type)
		}
		st.Write(binary.AppendUvarint(nil, wire.MaxFrame+1))
		wantRefused(t, "oversize frame", answer(t, c), table.ReasonBadIntent)
		if _, err := c.Recv(); err == nil {
			t.Fatal("the stream stayed open after an oversize frame")
		}
	})
	t.Run("wrong seat", func(t *testing.T) {
		snap, err := r.clients[1].Snapshot(context.Background(), 1)
		if err != nil {
			t.Fatal(err)
		}
		c, _ := r.raw(t, 1)
		c.Send(hello(wire.AnySeat, "4321"))
		if m := answer(t, c); m.Type != wire.TWelcome || m.Welcome.Player != 1 {
			t.Fatalf("host 1 came back as %+v", m.Welcome)
		}
		c.Send(&wire.Msg{Type: wire.TIntent, ID: 1, Intent: &table.Intent{Player: 2, Kind: table.IntentAction, Decision: snap.View.StateID, Action: game.Action{Type: game.ActPass}}})
		wantRefused(t, "host 1 acting for player 2", answer(t, c), table.ReasonNotYours)
		if err := r.clients[1].Submit(context.Background(), table.Intent{Player: 2}); !isRefused(err, table.ReasonNotYours) {
			t.Fatalf("client of player 1 acting for player 2: %v", err)
		}
	})
	t.Run("stale and replayed intents", func(t *testing.T) {
		// The dealer's player acts first (if it is its turn), then one
		// client replays a decision that has been answered.
		ctx := context.Background()
		var acted bool
		for p := 0; p < 4 && !acted; p++ {
			var tbl table.Table = r.tbl
			if p > 0 {
				tbl = r.clients[p]
			}
			snap, err := tbl.Snapshot(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if len(snap.View.Legal) == 0 {
				continue
			}
			in := table.Intent{Player: p, Kind: table.IntentAction, Decision: snap.View.StateID, Action: snap.View.Legal[0]}
			if err := tbl.Submit(ctx, in); err != nil {
				t.Fatalf("player %d's first intent: %v", p, err)
			}
			if err := tbl.Submit(ctx, in); !isRefused(err, table.ReasonStale) {
				t.Fatalf("player %d's replayed intent: %v", p, err)
			}
			in.Decision = 0
			if err := tbl.Submit(ctx, in); !isRefused(err, table.ReasonStale) {
				t.Fatalf("player %d's stale intent: %v", p, err)
			}
			acted = true
		}
		if !acted {
			t.Fatal("no player owed a decision")
		}
	})
	t.Run("every seat connected again", func(t *testing.T) {
		if err := waitFor(func() bool { return r.dealer.Connected() == [4]bool{false, true, true, true} }); err != nil {
			t.Fatalf("connected %v after the hostile streams", r.dealer.Connected())
		}
	})
	// The table keeps running: the hand is played to its end.
	finals := r.playAll(t)
	if !finals[1].Info.Over {
		t.Fatal("the match did not end")
	}
}

func isRefused(err error, reason table.Reason) bool {
	var re *table.RefusedError
	return errors.As(err, &re) && re.Reason == reason
}

// waitFor polls cond until it holds, for at most waitLimit.
func waitFor(cond func() bool) error {
	deadline := time.Now().Add(waitLimit)
	for !cond() {
		if time.Now().After(deadline) {
			return fmt.Errorf("timed out after %s", waitLimit)
		}
		time.Sleep(10 * time.Millisecond)
	}
	return nil
}

// waitLimit bounds waitFor: the states waited for (a hand dealt, a device
// seated) come in a second or two, and far later on a loaded machine
// under the race detector.
const waitLimit = 20 * time.Second
