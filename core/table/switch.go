package table

import (
	"context"
	"sync"
)

// Voided says which hands a device dealt count for nothing: it dealt the
// table while cut off from the other devices, which went on at a newer
// dealer, chosen by a majority of them, at term Term; hands From to To,
// as this device dealt them, are void, and the match goes on as the newer
// dealer dealt it.
type Voided struct {
	From int    `json:"from"`
	To   int    `json:"to"`
	Term uint64 `json:"term"`
}

// voidedBetween is what a device that dealt old voids when the table
// goes on as now, dealt at term: the hands from the first whose seed
// differs (or the first now has not ended) to the last old dealt or was
// dealing; nil when old dealt nothing now lacks.
func voidedBetween(old, now Info, term uint64) *Voided {
	same := 0
	for same < len(old.History) && same < len(now.History) && old.History[same].Seed == now.History[same].Seed {
		same++
	}
	last := len(old.History)
	if old.Started && !old.Over && old.Hand > last {
		last = old.Hand // cut short in the middle of a hand
	}
	if last <= same {
		return nil
	}
	return &Voided{From: same + 1, To: last, Term: term}
}

// Switch is the table of a device that deals it and may have to sit down
// at a newer dealer's instead (a dealer that was cut off and steps down):
// it is the table the device deals until Move, then the table it sits at
// there. Subscriptions go on across the move: each gets an update with
// the new table's snapshot, numbered after the last it had, and from then
// on every snapshot carries Info.Voided, the hands of this device that
// the move voided.
type Switch struct {
	mu     sync.Mutex
	cur    Table
	voided *Voided
	subs   map[*switched]struct{}
}

var _ Table = (*Switch)(nil)

// NewSwitch returns a Switch on the table t.
func NewSwitch(t Table) *Switch {
	return &Switch{cur: t, subs: map[*switched]struct{}{}}
}

// Voided returns the hands the move voided (Info.Voided), or nil.
func (s *Switch) Voided() *Voided {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.voided
}

// Snapshot asks the current table.
func (s *Switch) Snapshot(ctx context.Context, player int) (Snapshot, error) {
	s.mu.Lock()
	t, v := s.cur, s.voided
	s.mu.Unlock()
	snap, err := t.Snapshot(ctx, player)
	if err == nil && v != nil {
		snap.Info.Voided = v
	}
	return snap, err
}

// Submit sends the intent to the current table.
func (s *Switch) Submit(ctx context.Context, in Intent) error {
	s.mu.Lock()
	t := s.cur
	s.mu.Unlock()
	return t.Submit(ctx, in)
}

// Subscribe opens player's stream of updates, which goes on across a
// move.
func (s *Switch) Subscribe(ctx context.Context, player int) (Snapshot, Subscription, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	snap, inner, err := s.cur.Subscribe(ctx, player)
	if err != nil {
		return snap, nil, err
	}
	if s.voided != nil {
		snap.Info.Voided = s.voided
	}
	w := &switched{Queue: NewQueue(), s: s, player: player, last: snap.Seq}
	s.subs[w] = struct{}{}
	w.follow(inner, 0)
	return snap, w, nil
}

// Move makes t, at which this device sits as player (or Spectator), the
// table from now on, dealt at term: the hands of the table dealt so far
// that t has not (compared by their seeds) are voided. Every subscription
// goes on at t for its player (one t refuses ends). The table dealt so
// far is left to its owner.
func (s *Switch) Move(ctx context.Context, t Table, player int, term uint64) error {
	now, err := t.Snapshot(ctx, player)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, err := s.cur.Snapshot(ctx, Spectator); err == nil {
		s.voided = voidedBetween(old.Info, now.Info, term)
	}
	s.cur = t
	for w := range s.subs {
		w.inner.Close()
		w.inner = nil
		snap, inner, err := t.Subscribe(ctx, w.player)
		if err != nil {
			delete(s.subs, w)
			w.Finish()
			continue
		}
		shift := int64(w.last+1) - int64(snap.Seq)
		snap.Seq = w.last + 1
		snap.Info.Voided = s.voided
		w.last = snap.Seq
		w.Push(Update{Seq: snap.Seq, Snapshot: snap})
		w.follow(inner, shift)
	}
	return nil
}

// Close closes the current table.
func (s *Switch) Close() error {
	s.mu.Lock()
	t := s.cur
	s.mu.Unlock()
	return t.Close()
}

// switched is one subscription to a Switch: it follows its player's
// subscription to the current table (inner), renumbering its updates by
// shift so that they follow the ones delivered before a move.
type switched struct {
	*Queue
	s      *Switch
	player int
	// inner, last and the updates pushed are guarded by s.mu.
	inner Subscription
	last  uint64
}

// follow forwards inner's updates, numbered shift further on, while
// inner is w's subscription to the current table; s.mu is held.
func (w *switched) follow(inner Subscription, shift int64) {
	w.inner = inner
	go func() {
		for u := range inner.Updates() {
			w.s.mu.Lock()
			if w.inner != inner {
				w.s.mu.Unlock()
				return
			}
			u.Seq = uint64(int64(u.Seq) + shift)
			u.Snapshot.Seq = u.Seq
			if w.s.voided != nil {
				u.Snapshot.Info.Voided = w.s.voided
			}
			w.last = u.Seq
			w.Push(u)
			w.s.mu.Unlock()
		}
		w.s.mu.Lock()
		defer w.s.mu.Unlock()
		if w.inner == inner {
			// The table closed.
			delete(w.s.subs, w)
			w.Finish()
		}
	}()
}

// Close ends the subscription.
func (w *switched) Close() {
	w.s.mu.Lock()
	if w.inner != nil {
		w.inner.Close()
		w.inner = nil
	}
	delete(w.s.subs, w)
	w.s.mu.Unlock()
	w.Stop()
}
