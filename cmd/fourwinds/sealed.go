package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
	"github.com/fourwinds-mahjong/fourwinds/p2p/client"
	"github.com/fourwinds-mahjong/fourwinds/p2p/dealer"
	"github.com/fourwinds-mahjong/fourwinds/p2p/sealed"
	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/network"
	"github.com/libp2p/go-libp2p/core/peer"
)

// announceSealed makes h announce the sealed protocol from the start, so
// that a joiner knows, once seated, that the table is sealed; until the
// match is served (hostSealed) a stream of it is turned away, and the
// joiner tries again.
func announceSealed(h host.Host) {
	h.SetStreamHandler(sealed.Protocol, func(s network.Stream) { _ = s.Reset() })
}

// hostSealed plays the sealed match of a host whose devices the table
// protocol seated (d): this device holds the first key and plays its own
// seats, and every seat no device holds, by AI; every other seated device
// holds a key of its own. The table's id is this device's peer id.
func hostSealed(ctx context.Context, h host.Host, d *dealer.Dealer, o hostOptions, out *lines) error {
	cfg := sealed.Config{Table: h.ID().String(), Term: d.Term(), Rules: o.cfg.Rules, Options: o.cfg.Options, Hands: o.cfg.Hands,
		Seed: wall.SeedFromString(clockSeed()), Holders: []peer.ID{h.ID()}}
	var players sealed.AI
	for p, id := range d.Holders() {
		if id != "" && d.Connected()[p] {
			cfg.Players[p] = holderOf(&cfg.Holders, id)
		}
		level := o.cfg.Seats[p].Level
		if level == "" {
			level = ai.Intermediate
		}
		pl, err := ai.New(level, wall.Derive(cfg.Seed, "sealed ai", p))
		if err != nil {
			return err
		}
		players[p] = pl
	}
	cfg.Decide = &players
	x, err := sealed.Serve(h, cfg)
	if err != nil {
		return err
	}
	defer x.Close()
	out.say("Playing the sealed match: %d devices hold keys.", len(cfg.Holders))
	rec, err := x.Run(ctx)
	if err != nil {
		return err
	}
	// The joiners leave once they have the end.
	deadline := time.Now().Add(5 * time.Second)
	for d.Connected() != [4]bool{} && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	sealedEnd(rec, out)
	return nil
}

// holderOf returns id's place among the holders, adding it if new.
func holderOf(holders *[]peer.ID, id peer.ID) int {
	for i, h := range *holders {
		if h == id {
			return i
		}
	}
	*holders = append(*holders, id)
	return len(*holders) - 1
}

// joinSealed plays this device's seat at the sealed table c is seated at,
// by the computer player level, and prints the match's end. The dealer
// serves the match once every seat is taken: until then its streams are
// turned away and the device tries again, for up to giveUp (a seat taken
// after the match started is not served).
func joinSealed(ctx context.Context, h host.Host, c *client.Client, level ai.Level, giveUp time.Duration, out *lines) error {
	players, err := sealed.NewAI(level, wall.SeedFromString(clockSeed()))
	if err != nil {
		return usagef("--ai: %v", err)
	}
	out.emit(map[string]any{"type": "sealed"})
	out.say("The table is sealed: no device sees another's tiles.")
	deadline := time.Now().Add(giveUp)
	for {
		rec, err := sealed.Join(ctx, h, c.Dealer(), c.Dealer().String(), c.Term(), players)
		switch {
		case err == nil:
			sealedEnd(rec, out)
			return nil
		case len(rec.Hands) > 0 || ctx.Err() != nil:
			return err
		case time.Now().After(deadline):
			return fmt.Errorf("the dealer has not served this device the sealed match for %s (did it start without this seat?): %w", giveUp, err)
		}
		select {
		case <-time.After(500 * time.Millisecond):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// sealedHandLine is what --json prints for each deal of a sealed match.
type sealedHandLine struct {
	Type     string `json:"type"`
	Deal     uint32 `json:"deal"`
	Hand     int    `json:"hand"`
	Verified bool   `json:"verified"`
	Reason   string `json:"reason,omitempty"`
}

// sealedEnd prints each deal's audit verdict and the match's end line;
// the end line's verified is set when every deal checked out.
func sealedEnd(rec sealed.Record, out *lines) {
	all := true
	for _, hd := range rec.Hands {
		v := hd.Verdict
		all = all && v.Verified
		out.emit(sealedHandLine{Type: "sealed_hand", Deal: hd.Deal, Hand: hd.Number, Verified: v.Verified, Reason: v.Reason})
		if v.Verified {
			out.say("Deal %d (hand %d) verified.", hd.Deal, hd.Number)
		} else {
			out.say("Deal %d (hand %d) did NOT check out: %s", hd.Deal, hd.Number, v.Reason)
		}
	}
	snap := table.Snapshot{Info: table.Info{History: rec.History, Balances: rec.Balances, Over: rec.Over, Verified: &all}}
	out.emit(newEndLine(snap))
	out.say("The table is over. Balances: %v", rec.Balances)
}

// errSealedSeat is a joiner's answer to a sealed table it cannot play.
var errSealedSeat = errors.New("this table is sealed: join it with --ai LEVEL (the computer plays the seat); a person playing in the terminal or --watch is not served at a sealed table yet")

// isSealed reports whether the dealer d announces the sealed protocol.
func isSealed(h host.Host, d peer.ID) bool {
	ps, err := h.Peerstore().SupportsProtocols(d, sealed.Protocol)
	return err == nil && len(ps) > 0
}
