package main

import (
	"context"
	"fmt"
	"io"
	"sync/atomic"
	"time"

	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/peer"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/p2p/client"
	"github.com/fourwinds-mahjong/fourwinds/p2p/dealer"
	"github.com/fourwinds-mahjong/fourwinds/p2p/node"
	"github.com/fourwinds-mahjong/fourwinds/p2p/sealed"
)

// hostSealed plays the sealed match of a host whose devices the table
// protocol seated (d): this device holds the first key and plays its own
// seats, and every seat no device holds, by AI; every other seated device
// holds a key of its own (one not connected now from the next deal after
// it came, its seat played by AI until then), and the spectators the table admitted follow
// the public view. The table's id is this device's peer id. The match is
// kept in match while it is played (leaveSealed); once handed is closed
// the table is the successor's and the host ends. With --record it writes
// the game record of the hands it verified, each dealt from its opened
// wall (table.SealedRecord.Game), once the match is over or handed over.
func hostSealed(ctx context.Context, h host.Host, d *dealer.Dealer, o hostOptions, out *lines, match *atomic.Pointer[sealed.Host], handed <-chan struct{}) error {
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
	match.Store(x)
	out.say("Playing the sealed match: %d devices hold keys.", len(cfg.Holders))
	type run struct {
		rec table.SealedRecord
		err error
	}
	ran := make(chan run, 1)
	go func() {
		rec, err := x.Run(ctx)
		ran <- run{rec, err}
	}()
	var r run
	select {
	case r = <-ran:
	case <-handed:
		rec := x.Table().Record()
		n := len(rec.History)
		out.emit(map[string]any{"type": "handed_over", "hands": n})
		out.say("The table is handed over after hand %d; the sealed match goes on without this device.", n)
		return writeSealedRecord(o.record, rec)
	}
	if r.err != nil {
		return r.err
	}
	if err := writeSealedRecord(o.record, r.rec); err != nil {
		return err
	}
	// The joiners leave once they have the end.
	deadline := time.Now().Add(5 * time.Second)
	for d.Connected() != [4]bool{} && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	sealedEnd(r.rec, out)
	return nil
}

// writeSealedRecord writes rec's game record to path, whole or not at
// all; nothing when path is empty.
func writeSealedRecord(path string, rec table.SealedRecord) error {
	if path == "" {
		return nil
	}
	data, err := rec.Game.Encode()
	if err == nil {
		err = writeFileAtomic(path, data)
	}
	if err != nil {
		return fmt.Errorf("cannot write the record: %w", err)
	}
	return nil
}

// leaveSealed hands the sealed match x over at the end of the hand in
// play (sealed.Host.HandOver); there is nothing to hand over before it is
// played.
func leaveSealed(ctx context.Context, d *dealer.Dealer, x *sealed.Host) (int, <-chan struct{}, error) {
	if x == nil {
		return -1, nil, dealer.ErrNoSuccessor
	}
	return x.HandOver(ctx, d)
}

// joinSealed plays this device's seat at the sealed table c is seated
// at: by the computer player level, or, without one, the person plays it
// in the terminal (stdin); a spectator (watch) follows the public view.
// It prints each deal's verdict and the match's end. The dealer serves the
// match once every seat is taken: until then its streams are turned away
// and the device tries again, for up to giveUp. When the table is handed
// over or taken over, the device follows the successor's session
// (sealed.Follow; following holds the follower, for a take-over by this
// device: takeOverSealed) and says so; once it deals (dealing), it ends
// after the other devices have the match's end.
//
// A key holder saves each deal's key in stateDir (sealed.KeyFile) and,
// started again at a match under way, rejoins it from that key; the file
// is deleted when the match ends.
func joinSealed(ctx context.Context, h host.Host, c *client.Client, level ai.Level, watching bool, stdin io.Reader, giveUp time.Duration, stateDir string, following *atomic.Pointer[sealed.Follower], dealing *atomic.Pointer[dealer.Dealer], out *lines) error {
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
	// The key file is the current session's: its dealer's and term's,
	// which the seat on the table protocol moves to before the device
	// follows a successor's session.
	keyFile := func() sealed.KeyFile { return sealed.KeyFileIn(stateDir, c.Dealer().String(), c.Term()) }
	if !watching {
		rejoin, err := keyFile().Load()
		if err != nil {
			return err
		}
		if rejoin != nil {
			out.emit(map[string]any{"type": "sealed_rejoin", "deal": rejoin.Deal})
			out.say("Rejoining the sealed match with the key saved for deal %d.", rejoin.Deal)
		}
		jc.Rejoin = rejoin
		jc.Waiting = func() {
			out.emit(map[string]any{"type": "sealed_late"})
			out.say("The sealed match started without this device: it plays its seat from the next deal; the host's computer plays it until then.")
		}
		jc.SaveKey = func(deal uint32, key []byte) {
			if err := keyFile().Save(deal, key); err != nil {
				out.say("Cannot save the key of deal %d (this device could not rejoin after a restart): %v", deal, err)
			}
		}
	}
	var shown *table.Switch
	player := c.Player()
	if watching {
		player = table.Spectator
	}
	var last sealed.KeyFile // the last session's
	f, err := sealed.Follow(ctx, h, c, jc, giveUp, func(s sealed.Session) {
		if s.From != nil {
			out.emit(map[string]any{"type": "sealed_handed_over", "term": s.Term, "dealer": s.Dealer.String(), "hand": s.From.Standing.Number, "deal": s.From.Deal + 1})
			out.say("The table was handed over: another device deals it now (term %d); the sealed match goes on from hand %d with fresh keys.", s.Term, s.From.Standing.Number)
		}
		if shown == nil {
			shown, last = table.NewSwitch(s.Table), keyFile()
			return
		}
		if now := keyFile(); now != last {
			if err := last.Remove(); err != nil {
				out.say("Cannot delete the saved key of the last dealer's session: %v", err)
			}
			last = now
		}
		if err := shown.Move(ctx, s.Table, player, s.Term); err != nil {
			out.say("The screen cannot follow the new dealer: %v", err)
		}
	})
	if err != nil && ctx.Err() == nil {
		return fmt.Errorf("%w (did it start without this seat?)", err)
	}
	if err != nil {
		return err
	}
	following.Store(f)
	defer f.Close()
	switch {
	case watching:
		_, err = watch(ctx, shown, out)
	case level == "":
		_, err = playRemote(ctx, shown, c.Player(), stdin, out)
	}
	if err != nil {
		f.Close() // the stream's own error, if any, says more
	}
	rec, werr := f.Wait()
	if werr != nil {
		return werr
	}
	if rec.Over {
		if rerr := keyFile().Remove(); rerr != nil {
			out.say("Cannot delete the saved key: %v", rerr)
		}
	}
	if err != nil {
		return err
	}
	if d := dealing.Load(); d != nil {
		// This device deals now: the others leave once they have the end.
		deadline := time.Now().Add(5 * time.Second)
		for (d.Connected() != [4]bool{} || d.Spectators() > 0) && time.Now().Before(deadline) {
			time.Sleep(50 * time.Millisecond)
		}
	}
	sealedEnd(rec, out)
	return nil
}

// takeOverSealed deals on, on this device, the sealed table f follows
// (its dealer gone, or handing the table over to this device): the table
// protocol's dealer at the next term (node.TakeOver, announced sealed)
// and, once the seated devices came back, the sealed session from this
// device's ledger, with fresh keys (Follower.Lead).
func takeOverSealed(h host.Host, f *sealed.Follower, info table.Info, term uint64, holders [4]peer.ID, pin, key string, wait time.Duration, out *lines) (*node.TakenOver, error) {
	sealed.Announce(h)
	return node.TakeOver(h, info, term, holders, pin, key, wait, nil, func(ctx context.Context, d *dealer.Dealer) {
		if err := f.Lead(ctx, d, 0); err != nil && ctx.Err() == nil {
			out.emit(map[string]any{"type": "warning", "text": err.Error()})
			out.say("The sealed match stopped on this device: %v", err)
		}
	})
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
