package dealer_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
	"github.com/fourwinds-mahjong/fourwinds/p2p/client"
	"github.com/fourwinds-mahjong/fourwinds/p2p/dealer"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/peer"
	mocknet "github.com/libp2p/go-libp2p/p2p/net/mock"
)

// rig is a dealer on host 0 and three clients on hosts 1–3 of a mocknet;
// host 4 may watch as a spectator. Player 0 is a person on the dealer's
// device; players 1–3 are remote.
type rig struct {
	mn      mocknet.Mocknet
	hosts   []host.Host
	tbl     *table.Local
	dealer  *dealer.Dealer
	clients [5]*client.Client
	seen    [5][]*wire.Msg
	mu      sync.Mutex
}

// newRig deals a match of ruleset id ending after hands hands. seed, when
// set, stands between the dealer's commit-reveal and the table (a dealer
// that cheats); wrap, when given, stands between the table and the dealer.
func newRig(t testing.TB, id string, hands int, cfg dealer.Config, seed func(wall.Seed) wall.Seed, wrap ...func(*table.Local) table.Table) *rig {
	t.Helper()
	mn, err := mocknet.FullMeshConnected(5)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mn.Close() })
	r := &rig{mn: mn, hosts: mn.Hosts()}
	lc := table.LocalConfig{Rules: id, Seed: "p2p " + id, Hands: hands, Hold: true, StandIn: 200 * time.Millisecond,
		Seats: [4]table.SeatConfig{{Kind: table.SeatHuman}, {Kind: table.SeatRemote}, {Kind: table.SeatRemote}, {Kind: table.SeatRemote}}}
	if seed != nil {
		lc.HandSeed = func(ctx context.Context, n int) (wall.Seed, error) {
			s, err := r.dealer.HandSeed(ctx, n)
			return seed(s), err
		}
	}
	tbl, err := table.NewLocal(lc)
	if err != nil {
		t.Fatal(err)
	}
	r.tbl = tbl
	cfg.Table, cfg.Open = tbl, [4]bool{false, true, true, true}
	for _, w := range wrap {
		cfg.Table = w(tbl)
	}
	r.dealer = dealer.Serve(r.hosts[0], cfg)
	t.Cleanup(func() { r.dealer.Close(); tbl.Close() })
	return r
}

// start deals the first hand once every client is seated.
func (r *rig) start(t testing.TB) {
	t.Helper()
	if err := waitFor(func() bool { return r.dealer.Connected() == [4]bool{false, true, true, true} }); err != nil {
		t.Fatalf("connected %v, want players 1-3", r.dealer.Connected())
	}
	if err := r.tbl.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func (r *rig) join(t testing.TB, i int, opts client.Options) *client.Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	opts.OnEvent = func(m *wire.Msg) {
		r.mu.Lock()
		r.seen[i] = append(r.seen[i], m)
		r.mu.Unlock()
	}
	c, err := client.Join(ctx, r.hosts[i], peer.AddrInfo{ID: r.hosts[0].ID()}, opts)
	if err != nil {
		t.Fatalf("host %d cannot join: %v", i, err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// play drives player on tbl with an AI until the match ends and returns
// its last snapshot.
func play(ctx context.Context, tbl table.Table, player int, seed string) (table.Snapshot, error) {
	p, err := ai.New(ai.Novice, wall.SeedFromString(seed))
	if err != nil {
		return table.Snapshot{}, err
	}
	return table.Autoplay(ctx, tbl, player, p, nil)
}

// playAll plays the match with player 0 on the dealer's table and the
// others through their clients, and returns every final snapshot.
func (r *rig) playAll(t *testing.T) [4]table.Snapshot {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	var finals [4]table.Snapshot
	errs := r.playFrom(ctx, finals[:], 0)
	for range 4 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	if t.Failed() {
		t.FailNow()
	}
	return finals
}

func TestWholeHandsEveryRuleset(t *testing.T) {
	for _, id := range rules.IDs() {
		t.Run(id, func(t *testing.T) {
			r := newRig(t, id, 2, dealer.Config{Name: "test"}, func(s wall.Seed) wall.Seed { return s })
			for i := 1; i < 4; i++ {
				r.clients[i] = r.join(t, i, client.Options{Player: wire.AnySeat})
				if got := r.clients[i].Player(); got != i {
					t.Fatalf("host %d was seated as player %d, want %d", i, got, i)
				}
			}
			r.clients[4] = r.join(t, 4, client.Options{Player: table.Spectator})
			r.start(t)
			finals := r.playAll(t)
			end, err := r.tbl.Snapshot(context.Background(), table.Spectator)
			if err != nil {
				t.Fatal(err)
			}
			if !end.Info.Over || len(end.Info.History) != 2 {
				t.Fatalf("match over %v after %d hands, want over after 2", end.Info.Over, len(end.Info.History))
			}
			for p, f := range finals {
				if f.Info.Balances != end.Info.Balances || len(f.Info.History) != len(end.Info.History) {
					t.Errorf("player %d ends with balances %v and %d hands, the dealer with %v and %d", p, f.Info.Balances, len(f.Info.History), end.Info.Balances, len(end.Info.History))
				}
				for h := range f.Info.History {
					if f.Info.History[h].Net != end.Info.History[h].Net || f.Info.History[h].Winner != end.Info.History[h].Winner {
						t.Errorf("player %d's hand %d: %+v, the dealer's: %+v", p, h+1, f.Info.History[h], end.Info.History[h])
					}
				}
			}
			for p := 1; p < 4; p++ {
				if err := waitFor(func() bool { v, _ := r.clients[p].Verified(); return v != nil }); err != nil {
					t.Fatalf("player %d never checked a deal", p)
				}
				if v, err := r.clients[p].Verified(); !*v {
					t.Errorf("player %d: %v", p, err)
				}
			}
			if r.count(4, wire.TUpdate) == 0 {
				t.Fatal("the spectator saw no update")
			}
			r.checkSecrecy(t)
		})
	}
}

// checkSecrecy decodes everything each client (and the spectator, host 4)
// received and fails when a message shows it another seat's concealed tile,
// a secret or a seed before its time.
func (r *rig) checkSecrecy(t *testing.T) {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := 1; i < 5; i++ {
		want := i
		if i == 4 {
			want = table.Spectator
		}
		for _, m := range r.seen[i] {
			if m.Deal != nil && m.Type != wire.TReveal {
				for _, c := range m.Deal.All {
					if c.Secret != nil {
						t.Fatalf("client %d saw a secret before the reveal", i)
					}
				}
			}
			var snaps []*table.Snapshot
			var evs []game.Event
			switch {
			case m.Welcome != nil:
				snaps = append(snaps, &m.Welcome.Snapshot)
			case m.Snapshot != nil:
				snaps = append(snaps, m.Snapshot)
			case m.Update != nil:
				snaps, evs = append(snaps, &m.Update.Snapshot), m.Update.Events
			}
			for _, s := range snaps {
				if s.Player != want {
					t.Fatalf("client %d received player %d's snapshot", i, s.Player)
				}
				if want == table.Spectator && s.View != nil && (s.View.Hand.Total() != 0 || len(s.View.Legal) != 0) {
					t.Fatalf("the spectator saw a rack or choices: %v %v", s.View.Hand, s.View.Legal)
				}
				for _, h := range s.Info.History {
					if h.Number == s.Info.Hand && s.View != nil && s.View.Phase != game.PhaseEnd {
						t.Fatalf("client %d saw hand %d's seed before it ended", i, h.Number)
					}
				}

				if s.View != nil && s.View.Phase != game.PhaseEnd {
					for w, sv := range s.View.Seats {
						for _, md := range sv.Melds {
							if rules.Wind(w) != s.View.Seat && !md.Open && md.Tile != tile.Unknown {
								t.Fatalf("client %d saw seat %d's concealed meld %v", i, w, md)
							}
						}
					}
				}
			}
			if len(snaps) == 0 {
				continue
			}
			if snaps[0].View == nil {
				continue
			}
			own := snaps[0].View.Seat
			for _, e := range evs {
				if e.Seat == own && want != table.Spectator {
					continue
				}
				switch e.Type {
				case game.EvDeal, game.EvDraw, game.EvJoker, game.EvReceive:
					for _, k := range e.Tiles {
						if k != tile.Unknown {
							t.Fatalf("client %d (seat %s) saw %s's %s tile %s", i, own, e.Seat, e.Type, k)
						}
					}
				}
			}
		}
	}
}

func (r *rig) dealerInfo() peer.AddrInfo { return peer.AddrInfo{ID: r.hosts[0].ID()} }
