package table

import (
	"context"
	"errors"
	"fmt"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
)

// Autoplay plays player on any table with a computer player until the
// match ends, and returns the last snapshot. It answers the newest view
// only, says it is ready after each hand, and takes refusals that only mean
// the table moved on (stale, no decision owed, over, a dropped connection)
// in its stride. each, when set, sees every snapshot as it arrives.
func Autoplay(ctx context.Context, tbl Table, player int, p ai.Player, each func(Snapshot)) (Snapshot, error) {
	snap, sub, err := tbl.Subscribe(ctx, player)
	if err != nil {
		return snap, err
	}
	defer sub.Close()
	for {
		if each != nil {
			each(snap)
		}
		if snap.Info.Over {
			return snap, nil
		}
		if in := autoIntent(snap, player, p); in != nil {
			err := tbl.Submit(ctx, *in)
			var re *RefusedError
			late := errors.As(err, &re) && (re.Reason == ReasonStale || re.Reason == ReasonNoDecide || re.Reason == ReasonOver)
			if err != nil && !late && !errors.Is(err, ErrDisconnected) {
				return snap, fmt.Errorf("player %d: %s refused: %w", player, in.Action, err)
			}
		}
		select {
		case u, ok := <-sub.Updates():
			if ok {
				snap, ok = newest(sub, u.Snapshot)
			}
			if !ok {
				return snap, fmt.Errorf("player %d: the table closed before the match ended", player)
			}
		case <-ctx.Done():
			return snap, ctx.Err()
		}
	}
}

// newest returns the snapshot of the last update already waiting on sub
// (snap when none is), and false if sub closed meanwhile.
func newest(sub Subscription, snap Snapshot) (Snapshot, bool) {
	for {
		select {
		case u, ok := <-sub.Updates():
			if !ok {
				return snap, false
			}
			snap = u.Snapshot
		default:
			return snap, true
		}
	}
}

// autoIntent is the computer's intent for a snapshot, or nil.
func autoIntent(snap Snapshot, player int, p ai.Player) *Intent {
	v := snap.View
	switch {
	case v == nil || snap.Info.Over:
		return nil
	case v.Phase == game.PhaseEnd:
		if snap.Info.Ready[player] {
			return nil
		}
		return &Intent{Player: player, Kind: IntentNextHand}
	case len(v.Legal) > 0:
		return &Intent{Player: player, Kind: IntentAction, Decision: v.StateID, Action: p.Decide(v)}
	}
	return nil
}
