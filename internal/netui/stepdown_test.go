package netui_test

import (
	"context"
	"testing"
	"time"

	"github.com/libp2p/go-libp2p/core/peer"

	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/internal/netui"
	"github.com/fourwinds-mahjong/fourwinds/p2p/client"
	"github.com/fourwinds-mahjong/fourwinds/p2p/dealer"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
	"github.com/fourwinds-mahjong/fourwinds/ui"
)

// TestAHostThatStepsDownSitsDownAtTheNewerDealer: the app hosts a table,
// its person at player 0 and a phone at player 1. The phone's device
// deals the table on at term 1 (as when the host was cut off and the
// others went on) and tells the host of its term: the host's dealer
// steps down, and instead of stopping, the host's device sits down at
// the phone's table as player 0. The host's screens follow the table
// there, told that hand 1 as the host dealt it is void. The phone took
// the host screen's take-over wait from the host's welcome.
func TestAHostThatStepsDownSitsDownAtTheNewerDealer(t *testing.T) {
	l := newLAN(t)
	a, b := l.device(t, "/ip4/10.0.0.1/tcp/4747"), l.device(t, "/ip4/10.0.0.2/tcp/4747")
	n := netui.New(netui.Config{Host: a, Deal: l.deal, Advertise: l.advertise, Browse: l.browse})
	s := ui.HostSetup{Name: "Kitchen table", Rules: "hongkong", StandIn: time.Minute, TakeOverWait: 10 * time.Second}
	s.Seats[0] = ui.HostSeat{Kind: table.SeatHuman, Name: "Anne"}
	s.Seats[1] = ui.HostSeat{Kind: table.SeatRemote}
	s.Seats[2] = ui.HostSeat{Kind: table.SeatAI, Level: "intermediate"}
	s.Seats[3] = ui.HostSeat{Kind: table.SeatAI, Level: "intermediate"}
	hosted, err := n.Host(s)
	if err != nil {
		t.Fatal(err)
	}
	tbl := hosted.Table()
	defer tbl.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	phone, err := client.Join(ctx, b, peer.AddrInfo{ID: a.ID(), Addrs: a.Addrs()}, client.Options{Player: wire.AnySeat})
	if err != nil {
		t.Fatal(err)
	}
	if got := phone.TakeOverAfter(); got != 10*time.Second {
		t.Errorf("the phone waits %s for the host gone quiet; the host screen said 10s", got)
	}
	if err := hosted.Start(ctx); err != nil {
		t.Fatal(err)
	}
	_, screen, err := tbl.Subscribe(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer screen.Close()
	var info table.Info
	waitFor(t, "the phone sees hand 1 dealt", func() bool {
		s, sub, err := phone.Subscribe(ctx, 1)
		if err == nil {
			sub.Close()
			info = s.Info
		}
		return info.Standing != nil
	})
	phone.Close()
	newer, err := dealer.Succeed(b, info, 0, [4]peer.ID{a.ID(), b.ID()}, dealer.Config{DealWait: time.Second}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer newer.Close()
	st, err := b.NewStream(ctx, a.ID(), wire.TableProtocol)
	if err != nil {
		t.Fatal(err)
	}
	told := wire.NewConn(st)
	told.SetTerm(1)
	told.Send(&wire.Msg{Type: wire.THello, Hello: &wire.Hello{Version: wire.Version, Player: table.Spectator}})
	if m, err := told.Recv(); err != nil || m.Type != wire.TRefused {
		t.Fatalf("the host's dealer answered a hello of term 1 with %v (%v); want a refusal", m, err)
	}
	st.Close()
	var voided *table.Voided
	for voided == nil {
		select {
		case u, ok := <-screen.Updates():
			if !ok {
				t.Fatal("the host's screen lost its table when its dealer stepped down")
			}
			voided = u.Snapshot.Info.Voided
		case <-ctx.Done():
			t.Fatal("the host's screen never moved to the newer dealer")
		}
	}
	if *voided != (table.Voided{From: 1, To: 1, Term: 1}) {
		t.Errorf("the screen says %+v voided; want hand 1 at term 1", *voided)
	}
	waitFor(t, "the host's device at the newer table as player 0", func() bool { return newer.Dealer.Connected()[0] })
	if snap, err := tbl.Snapshot(ctx, 0); err != nil || snap.Info.Voided == nil || snap.Info.Seats[1].Kind != table.SeatHuman {
		t.Errorf("the host's table now shows voided %v, player 1 as %s (%v); want the phone's table", snap.Info.Voided, snap.Info.Seats[1].Kind, err)
	}
}
