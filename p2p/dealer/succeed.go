package dealer

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/record"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/peer"
)

// Succeeded is a table taken over on this device: the table, served to the
// other devices. Close stops serving and closes the table.
type Succeeded struct {
	*table.Local
	// Dealer serves the table.
	Dealer *Dealer
}

// SteppedDown is closed once the dealer has stopped dealing for a newer
// one (Dealer.SteppedDown); Outranked is the newer dealer's term.
func (s *Succeeded) SteppedDown() <-chan struct{} {
	return s.Dealer.SteppedDown()
}

// Outranked returns the term of the newer dealer the dealer stepped down
// for, or 0 (Dealer.Outranked).
func (s *Succeeded) Outranked() uint64 {
	return s.Dealer.Outranked()
}

// Close stops the dealer, then the table.
func (s *Succeeded) Close() error {
	s.Dealer.Close()
	return s.Local.Close()
}

// Succeed deals a table taken over from a dealer gone for good on h, from
// the table's last public facts (info; info.Standing says where the match
// goes on, the hand cut short being voided and dealt again) and the
// devices seated (holders, by player, h among them), at the term after
// the lost dealer's (term + 1; wire.Msg.Term): no seed or secret of
// the old dealer is needed, each hand's wall comes from the commit-reveal
// of the devices seated now. This device plays its own seat as a person
// (client.Options.TakeOver); the other seated devices keep their
// seats (the same identity gets the same player back). The player the
// person on the old dealer's device played (a SeatHuman in info) is kept
// for that device when holders names it there (client.Client does for a
// dealer lost, not for one that handed the table over: the old dealer,
// once it learns of the newer term, sits down there as a player), the
// computer standing in until it comes; the other players
// the old dealer's device played are played by the computer. The first
// hand is dealt once every other seated device has come back (the old
// dealer's is not waited for), or after cfg.DealWait.
// A match played over another protocol is dealt by cfg.Deal instead.
// cfg.Table, cfg.Open, cfg.Holders and cfg.Term are set by Succeed; local may adjust
// the table's configuration (a pace, a stand-in delay, a save path).
func Succeed(h host.Host, in table.Info, term uint64, holders [4]peer.ID, cfg Config, local func(*table.LocalConfig)) (*Succeeded, error) {
	if in.Standing == nil || in.Over {
		return nil, errors.New("dealer: no public standing to go on from: the match has not started or is over")
	}
	self := slices.Index(holders[:], h.ID())
	if self < 0 {
		return nil, fmt.Errorf("dealer: this device (%s) holds no seat at the table", h.ID())
	}
	lc := table.LocalConfig{Rules: in.Rules, Options: in.Options, Card: in.Card, Name: in.Name, Hands: in.Hands, Hold: true,
		From: &record.Continuation{Standing: *in.Standing, History: in.History}}
	var open, back [4]bool
	for p, s := range in.Seats {
		lc.Seats[p] = table.SeatConfig{Name: s.Name, Kind: table.SeatAI}
		switch {
		case p == self:
			lc.Seats[p].Kind = table.SeatHuman
		case holders[p] != "":
			lc.Seats[p].Kind, open[p] = table.SeatRemote, true
			back[p] = s.Kind != table.SeatHuman
		}
	}
	var d *Dealer
	lc.HandSeed = func(ctx context.Context, n int) (wall.Seed, error) { return d.HandSeed(ctx, n) }
	if local != nil {
		local(&lc)
	}
	tbl, err := table.NewLocal(lc)
	if err != nil {
		return nil, err
	}
	cfg.Table, cfg.Open, cfg.Holders, cfg.Term = tbl, open, holders, term+1
	cfg.Holders[self] = ""
	d = Serve(h, cfg)
	go func() {
		limit := time.NewTimer(d.cfg.DealWait)
		defer limit.Stop()
	wait:
		for !allOf(d.Connected(), back) {
			select {
			case <-d.ctx.Done():
				return
			case <-limit.C:
				break wait
			case <-d.arrived:
			}
		}
		if d.cfg.Deal != nil {
			d.cfg.Deal(d.ctx, d)
			return
		}
		tbl.Start(d.ctx)
	}()
	return &Succeeded{Local: tbl, Dealer: d}, nil
}

// allOf tells whether have holds every player of want.
func allOf(have, want [4]bool) bool {
	for p := range want {
		if want[p] && !have[p] {
			return false
		}
	}
	return true
}
