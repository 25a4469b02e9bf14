package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/libp2p/go-libp2p/core/host"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/p2p/client"
	"github.com/fourwinds-mahjong/fourwinds/p2p/dealer"
	"github.com/fourwinds-mahjong/fourwinds/p2p/sealed"
)

// hostSealed plays the sealed match of a host whose devices the table
// protocol seated (d): this device holds the first key and plays its own
// seats, and every seat no device holds, by AI; every other seated device
// holds a key of its own, and the spectators the table admitted follow
// the public view. The table's id is this device's peer id. With
// --record it writes the game record of the verified hands, each dealt
// from its opened wall (table.SealedRecord.Game), once the match is over.
func hostSealed(ctx context.Context, h host.Host, d *dealer.Dealer, o hostOptions, out *lines) error {
	cfg := sealed.Config{Table: h.ID().String(), Term: d.Term(), Rules: o.cfg.Rules, Options: o.cfg.Options, Hands: o.cfg.Hands,
		Spectator: d.Watches}
	cfg.Seat(h.ID(), d.Holders(), d.Connected())
	for p := range cfg.Seats {
		cfg.Seats[p] = table.SeatConfig{Kind: table.SeatAI, Level: o.cfg.Seats[p].Level}
	}
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
	if o.record != "" {
		data, err := rec.Game.Encode()
		if err == nil {
			err = writeFileAtomic(o.record, data)
		}
		if err != nil {
			return fmt.Errorf("cannot write the record: %w", err)
		}
	}
	// The joiners leave once they have the end.
	deadline := time.Now().Add(5 * time.Second)
	for d.Connected() != [4]bool{} && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	sealedEnd(rec, out)
	return nil
}

// joinSealed plays this device's seat at the sealed table c is seated
// at: by the computer player level, or, without one, the person plays it
// in the terminal (stdin); a spectator (watch) follows the public view.
// It prints each deal's verdict and the match's end. The dealer serves the
// match once every seat is taken: until then its streams are turned away
// and the device tries again, for up to giveUp.
//
// A key holder saves each deal's key in stateDir (sealed.KeyFile) and,
// started again at a match under way, rejoins it from that key; the file
// is deleted when the match ends.
func joinSealed(ctx context.Context, h host.Host, c *client.Client, level ai.Level, watching bool, stdin io.Reader, giveUp time.Duration, stateDir string, out *lines) error {
	var seats [4]table.SeatConfig
	if me := c.Player(); !watching {
		seats[me] = table.SeatConfig{Kind: table.SeatHuman}
		if level != "" {
			seats[me] = table.SeatConfig{Kind: table.SeatAI, Level: level}
		}
	}
	out.emit(map[string]any{"type": "sealed"})
	out.say("The table is sealed: no device sees another's tiles.")
	jc := sealed.JoinConfig{Seats: seats}
	keyFile := sealed.KeyFileIn(stateDir, c.Dealer().String(), c.Term())
	if !watching {
		rejoin, err := keyFile.Load()
		if err != nil {
			return err
		}
		if rejoin != nil {
			out.emit(map[string]any{"type": "sealed_rejoin", "deal": rejoin.Deal})
			out.say("Rejoining the sealed match with the key saved for deal %d.", rejoin.Deal)
		}
		jc.Rejoin = rejoin
		jc.SaveKey = func(deal uint32, key []byte) {
			if err := keyFile.Save(deal, key); err != nil {
				out.say("Cannot save the key of deal %d (this device could not rejoin after a restart): %v", deal, err)
			}
		}
	}
	j, err := sealed.Await(ctx, h, c.Dealer(), c.Dealer().String(), c.Term(), jc, giveUp)
	if err != nil && ctx.Err() == nil {
		return fmt.Errorf("%w (did it start without this seat?)", err)
	}
	if err != nil {
		return err
	}
	defer j.Close()
	switch {
	case watching:
		_, err = watch(ctx, j.Table(), out)
	case level == "":
		_, err = playRemote(ctx, j.Table(), c.Player(), stdin, out)
	}
	if err != nil {
		j.Close() // the stream's own error, if any, says more
	}
	rec, werr := j.Wait()
	if werr != nil {
		return werr
	}
	if rec.Over {
		if rerr := keyFile.Remove(); rerr != nil {
			out.say("Cannot delete the saved key: %v", rerr)
		}
	}
	if err != nil {
		return err
	}
	sealedEnd(rec, out)
	return nil
}

// sealedHandLine is what --json prints for each deal of a sealed match.
type sealedHandLine struct {
	Type     string `json:"type"`
	Deal     uint32 `json:"deal"`
	Hand     int    `json:"hand"`
	Verified bool   `json:"verified"`
	Reason   string `json:"reason,omitempty"`
	// VoidWhy and VoidBy: how a void deal was voided ("withheld" or
	// "cheat") and the players (0–3) whose device voided it.
	VoidWhy table.VoidWhy `json:"void_why,omitempty"`
	VoidBy  []int         `json:"void_by,omitempty"`
}

// sealedEnd prints each deal's audit verdict and the match's end line;
// the end line's verified is set when every deal checked out.
func sealedEnd(rec table.SealedRecord, out *lines) {
	all := true
	for _, hd := range rec.Hands {
		all = all && hd.Verified
		out.emit(sealedHandLine{Type: "sealed_hand", Deal: hd.Deal, Hand: hd.Number, Verified: hd.Verified, Reason: hd.Reason, VoidWhy: hd.VoidWhy, VoidBy: hd.VoidBy})
		switch {
		case hd.Verified:
			out.say("Deal %d (hand %d) verified.", hd.Deal, hd.Number)
		case hd.VoidWhy != "":
			out.say("Deal %d (hand %d) did NOT check out (%s by the device of players %v): %s", hd.Deal, hd.Number, hd.VoidWhy, hd.VoidBy, hd.Reason)
		default:
			out.say("Deal %d (hand %d) did NOT check out: %s", hd.Deal, hd.Number, hd.Reason)
		}
	}
	snap := table.Snapshot{Info: table.Info{History: rec.History, Balances: rec.Balances, Over: rec.Over, Verified: &all}}
	out.emit(newEndLine(snap))
	out.say("The table is over. Balances: %v", rec.Balances)
}
