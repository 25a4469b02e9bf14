// Package tabletest is a minimal table.Table over a game.Match for the p2p
// tests: every player is driven from outside, intents are checked for
// staleness and legality by the engine, and each subscriber gets its own
// player's redacted updates. Tests use it to exercise the protocol without
// the AI seats and saves of table.Local.
package tabletest

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// Table is the test table.
type Table struct {
	mu     sync.Mutex
	m      *game.Match
	info   table.Info
	seq    uint64
	last   *game.Event
	hands  int
	subs   map[*sub]struct{}
	closed bool
}

// New deals a match of rs with seed that ends after hands hands.
func New(rs rules.Ruleset, opts rules.Options, seed wall.Seed, hands int) (*Table, error) {
	m, _, err := game.NewMatch(game.MatchConfig{Ruleset: rs, Options: opts, Seed: seed})
	if err != nil {
		return nil, err
	}
	t := &Table{m: m, hands: hands, subs: map[*sub]struct{}{}}
	t.info = table.Info{Rules: rs.ID(), Options: opts.Map(), Name: "test table"}
	for p := range 4 {
		t.info.Seats[p] = table.SeatInfo{Name: fmt.Sprintf("player %d", p), Kind: table.SeatRemote, Connected: true}
	}
	return t, nil
}

// Match returns the match (for checks after the table ends).
func (t *Table) Match() *game.Match { return t.m }

func (t *Table) snapshot(player int) table.Snapshot {
	info := t.info
	for p := range 4 {
		info.Winds[p] = t.m.WindOf(p)
	}
	info.Balances, info.Hand, info.Round, info.Over = t.m.Balances, t.m.Number, t.m.Round, t.m.Over
	info.History = append([]game.HandSummary(nil), t.m.History...)
	v := t.m.Hand.View(rules.NoWind)
	if player != table.Spectator {
		v = t.m.View(player)
	}
	return table.Snapshot{Seq: t.seq, Player: player, Info: info, View: v, Last: t.last}
}

func check(player int) error {
	if player != table.Spectator && (player < 0 || player > 3) {
		return &table.RefusedError{Reason: table.ReasonBadIntent, Detail: fmt.Sprintf("player %d does not exist", player)}
	}
	return nil
}

// Snapshot returns player's snapshot.
func (t *Table) Snapshot(_ context.Context, player int) (table.Snapshot, error) {
	if err := check(player); err != nil {
		return table.Snapshot{}, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return table.Snapshot{}, table.ErrClosed
	}
	return t.snapshot(player), nil
}

// Submit checks and applies an intent.
func (t *Table) Submit(_ context.Context, in table.Intent) error {
	if in.Player < 0 || in.Player > 3 {
		return &table.RefusedError{Reason: table.ReasonBadIntent, Detail: fmt.Sprintf("player %d does not exist", in.Player)}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.closed:
		return table.ErrClosed
	case t.m.Over:
		return &table.RefusedError{Reason: table.ReasonOver, Detail: "the match has ended"}
	}
	var evs []game.Event
	switch in.Kind {
	case table.IntentAction:
		if in.Decision != t.m.Hand.StateID {
			return &table.RefusedError{Reason: table.ReasonStale, Detail: fmt.Sprintf("decision %d was replaced by %d", in.Decision, t.m.Hand.StateID)}
		}
		var err error
		evs, err = t.m.Apply(in.Player, in.Action)
		var ie *game.IllegalActionError
		if errors.As(err, &ie) {
			return &table.RefusedError{Reason: table.Reason(ie.Reason), Detail: ie.Error()}
		}
		if err != nil {
			return err
		}
	case table.IntentNextHand:
		if t.m.Hand.Phase != game.PhaseEnd {
			return &table.RefusedError{Reason: table.ReasonNoDecide, Detail: "the hand is not over"}
		}
		t.info.Ready[in.Player] = true
		if t.info.Ready != [4]bool{true, true, true, true} {
			t.emit(nil)
			return nil
		}
		t.info.Ready = [4]bool{}
		if t.m.Number >= t.hands {
			t.m.Over = true
		} else {
			var err error
			if evs, err = t.m.NextHand(); err != nil {
				return err
			}
		}
	default:
		return &table.RefusedError{Reason: table.ReasonBadIntent, Detail: fmt.Sprintf("unknown intent kind %q", in.Kind)}
	}
	t.emit(evs)
	return nil
}

// emit sends every subscriber its redacted update; t.mu is held.
func (t *Table) emit(evs []game.Event) {
	t.seq++
	for i := len(evs) - 1; i >= 0; i-- {
		if evs[i].Type == game.EvAction {
			e := evs[i]
			t.last = &e
			break
		}
	}
	for s := range t.subs {
		seat := rules.NoWind
		if s.player != table.Spectator {
			seat = t.m.WindOf(s.player)
		}
		s.ch <- table.Update{Seq: t.seq, Events: game.Redact(evs, seat), Snapshot: t.snapshot(s.player)}
	}
}

type sub struct {
	t      *Table
	player int
	ch     chan table.Update
	once   sync.Once
}

func (s *sub) Updates() <-chan table.Update { return s.ch }

func (s *sub) Close() {
	s.once.Do(func() {
		s.t.mu.Lock()
		delete(s.t.subs, s)
		close(s.ch)
		s.t.mu.Unlock()
	})
}

// Subscribe opens player's updates.
func (t *Table) Subscribe(_ context.Context, player int) (table.Snapshot, table.Subscription, error) {
	if err := check(player); err != nil {
		return table.Snapshot{}, nil, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return table.Snapshot{}, nil, table.ErrClosed
	}
	s := &sub{t: t, player: player, ch: make(chan table.Update, 1<<16)}
	t.subs[s] = struct{}{}
	return t.snapshot(player), s, nil
}

// Close ends every subscription.
func (t *Table) Close() error {
	t.mu.Lock()
	t.closed = true
	subs := t.subs
	t.subs = nil
	t.mu.Unlock()
	for s := range subs {
		s.once.Do(func() { close(s.ch) })
	}
	return nil
}
