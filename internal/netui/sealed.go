package netui

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/libp2p/go-libp2p/core/host"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/p2p/client"
	"github.com/fourwinds-mahjong/fourwinds/p2p/dealer"
	"github.com/fourwinds-mahjong/fourwinds/p2p/sealed"
	"github.com/fourwinds-mahjong/fourwinds/ui"
)

// A sealed table (ui.HostSetup.Sealed, docs/sealed.md) seats its devices
// as any table does: through the table protocol, its lobby, PIN and key,
// on an ordinary table that stays in its lobby. Its dealer announces the
// sealed protocol from the start, so that a device that asks the lobby
// knows the table is sealed before it sits down (sealed.Announced). When
// the host starts it, the devices seated then hold the keys of the sealed
// match (p2p/sealed), which the screens are moved to.

// errSealedAlone refuses to start a sealed table with no phone seated:
// this device's key alone would open every tile.
var errSealedAlone = errors.New("netui: a sealed table starts with at least one phone seated: every device holds a key, and with this device's key alone it would see every tile")

// minSealedWait is the least a sealed deal waits for a device before it
// is void: the joint shuffle of a slow phone must fit in it.
const minSealedWait = 15 * time.Second

// sealedWait is a sealed match's wait for a share, an acknowledgement or
// an opening before the deal is void (sealed.Config.Wait): the host's
// stand-in wait (ui.HostSetup.StandIn), at least minSealedWait.
func sealedWait(standIn time.Duration) time.Duration {
	return max(standIn, minSealedWait)
}

// startSealed serves the sealed match of the devices seated now: this
// device holds the first key and plays its own seats (its person's, the
// computer's, and every remote seat nobody took, by the computer); each
// seated phone connected now holds a key of its own and plays its seat,
// and one that is not gets its key and its seat at the next deal after it
// came (sealed.Config.Late; this device's computer plays it until then);
// the devices watching as the table centre follow it. The table's id is
// this device's peer id.
func (h *hosted) startSealed(ctx context.Context) error {
	d := h.s.Dealer
	lobby, err := h.t.Snapshot(ctx, table.Spectator)
	if err != nil {
		return err
	}
	cfg := sealed.Config{Table: h.h.ID().String(), Term: d.Term(), Rules: h.setup.Rules, Options: h.setup.Options,
		Spectator: d.Watches, Wait: sealedWait(h.setup.StandIn)}
	remote := cfg.Seat(h.h.ID(), d.Holders(), d.Connected())
	for p, st := range h.setup.Seats {
		name := lobby.Info.Seats[p].Name
		switch {
		case remote[p]:
		case st.Kind == table.SeatRemote:
			// Nobody took it: the computer plays it here, under the name
			// a computer seat has (table.DefaultName); or its phone is not
			// connected now: the computer plays it under the phone's name
			// until the phone comes and takes it at the next deal
			// (sealed.Config.Late).
			if d.Holders()[p] == "" {
				name = table.DefaultName(p, table.SeatAI)
			}
			cfg.Seats[p] = table.SeatConfig{Kind: table.SeatAI, Level: ai.Intermediate}
		case st.Kind == table.SeatHuman:
			cfg.Seats[p] = table.SeatConfig{Kind: table.SeatHuman, Name: st.Name}
		default:
			level := ai.Level(st.Level)
			if level == "" {
				level = ai.Intermediate
			}
			cfg.Seats[p] = table.SeatConfig{Kind: table.SeatAI, Level: level}
		}
		cfg.Names = append(cfg.Names, name)
	}
	if len(cfg.Holders) < 2 {
		return errSealedAlone
	}
	x, err := sealed.Serve(h.h, cfg)
	if err != nil {
		return err
	}
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return x.Close()
	}
	h.match = x
	h.mu.Unlock()
	go func() {
		if _, err := x.Run(h.ctx); err != nil && h.ctx.Err() == nil {
			h.warn(fmt.Errorf("netui: the sealed match stopped: %w", err))
		}
	}()
	return nil
}

// leadSealed is how this device deals the sealed match f follows once
// it took the table over or was handed it: announced sealed, the session
// from this device's ledger with fresh keys (sealed.Follower.Lead),
// served by the table protocol's new dealer once the devices came back.
func (n *Network) leadSealed(f *sealed.Follower) func(context.Context, *dealer.Dealer) {
	sealed.Announce(n.cfg.Host)
	return func(ctx context.Context, d *dealer.Dealer) {
		if err := f.Lead(ctx, d, minSealedWait); err != nil && ctx.Err() == nil {
			n.cfg.Warn(fmt.Errorf("netui: the sealed match stopped on this device: %w", err))
		}
	}
}

// sealedRemote is a device's seat at a sealed table: the ordinary table
// it was seated at (its lobby, until the host starts), then its part in
// the sealed match, which it dials until the dealer serves it, and, when
// the table is handed over or taken over, its part in the successor's
// session.
type sealedRemote struct {
	*table.Switch
	r    remote
	stop context.CancelFunc
	// done is closed when follow returns, having set f if it joined.
	done chan struct{}
	f    *sealed.Follower
	// late is set while the dealer has this device wait for the next
	// deal: its match went on without it (sealed.JoinConfig.Waiting).
	late atomic.Bool
}

// joinSealed follows the sealed match of the table r is seated at, as
// player (a person on this device; table.Spectator for the table centre),
// across its dealers; following is set to the follower once it joined,
// for a take-over by this device (leadSealed); warn is told if the
// screens cannot be moved to it. A player's device keeps each deal's key
// in stateDir (when given) and, started again at the match under way,
// rejoins it from that key; the key is removed when the match ends.
func joinSealed(h host.Host, r remote, player int, name, stateDir string, following *atomic.Pointer[sealed.Follower], warn func(error)) *sealedRemote {
	ctx, stop := context.WithCancel(context.Background())
	s := &sealedRemote{Switch: table.NewSwitch(r), r: r, stop: stop, done: make(chan struct{})}
	var cfg sealed.JoinConfig
	var key func() sealed.KeyFile // the current session's: its dealer's and term's
	if player != table.Spectator {
		cfg.Seats[player] = table.SeatConfig{Kind: table.SeatHuman, Name: name}
		if stateDir != "" {
			key = func() sealed.KeyFile { return sealed.KeyFileIn(stateDir, r.Client.Dealer().String(), r.Client.Term()) }
			rejoin, err := key().Load()
			if err != nil {
				warn(fmt.Errorf("netui: %w", err))
			}
			cfg.Rejoin = rejoin
			cfg.SaveKey = func(deal uint32, b []byte) {
				if err := key().Save(deal, b); err != nil {
					warn(fmt.Errorf("netui: the key of deal %d is not kept (the app could not rejoin after a restart): %w", deal, err))
				}
			}
		}
	}
	cfg.Waiting = func() { s.late.Store(true) }
	go s.follow(ctx, h, r.Client, player, cfg, key, following, warn)
	return s
}

// follow dials the sealed match until the dealer serves it, then moves
// the screens to it, and to each session of a successor dealer; the key
// kept (key, nil for none) of a session left, and once the match is over
// the last, is removed.
func (s *sealedRemote) follow(ctx context.Context, h host.Host, c *client.Client, player int, cfg sealed.JoinConfig, key func() sealed.KeyFile, following *atomic.Pointer[sealed.Follower], warn func(error)) {
	defer close(s.done)
	var last sealed.KeyFile
	f, err := sealed.Follow(ctx, h, c, cfg, 0, func(m sealed.Session) {
		if key != nil {
			if now := key(); now != last {
				if err := last.Remove(); last != "" && err != nil {
					warn(fmt.Errorf("netui: the key of the last dealer's session is not removed: %w", err))
				}
				last = now
			}
		}
		if err := s.Move(ctx, m.Table, player, m.Term); err != nil && ctx.Err() == nil {
			warn(fmt.Errorf("netui: the screens cannot follow the sealed match: %w", err))
		}
		s.late.Store(false)
	})
	if err != nil {
		return // the device left the table before its match was served
	}
	s.f = f
	following.Store(f)
	if rec, _ := f.Wait(); rec.Over && key != nil {
		if err := key().Remove(); err != nil {
			warn(fmt.Errorf("netui: the key of the match over is not removed: %w", err))
		}
	}
}

// Linked tells whether this device is connected to the dealer now.
func (s *sealedRemote) Linked() bool { return s.r.Linked() }

// Dealing tells whether this device deals the table now: it took it over,
// or was handed it, and serves the sealed match's session.
func (s *sealedRemote) Dealing() bool { return s.r.Dealing() }

// HandOver tells what this device knows of its host leaving: the sealed
// match follows the successor as the table does.
func (s *sealedRemote) HandOver() ui.HandOverNews { return s.r.HandOver() }

// Close leaves the sealed match and the table.
func (s *sealedRemote) Close() error {
	s.stop()
	<-s.done
	var err error
	if s.f != nil {
		err = s.f.Close()
	}
	return errors.Join(err, s.r.Close())
}

// Sealed tells the screens that the table is sealed while it is still in
// its lobby (ui.Sealing).
func (s *sealedRemote) Sealed() bool { return true }

// Late tells the screens that the sealed match went on without this
// device, which plays its seat from the next deal (ui.SealedLate).
func (s *sealedRemote) Late() bool { return s.late.Load() }
