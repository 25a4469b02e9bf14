package table

import (
	"slices"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
)

// publish records the events an action (by actor, -1 for the table)
// caused, taken in phase at decision before, saves, and sends every stream
// what it may see of them. The save comes first so that no client is ever
// shown a decision that a killed process would not resume at.
func (t *Local) publish(evs []game.Event, actor int, phase game.Phase, before decision) {
	if t.cfg.Watch != nil && t.m != nil {
		t.cfg.Watch(t.m, evs)
	}
	if t.rec != nil && !(len(evs) == 1 && evs[0].Type == game.EvMatchEnd && !t.m.Over) {
		t.rec.Add(evs...)
	}
	var actorWind = rules.NoWind
	if actor >= 0 {
		actorWind = t.m.WindOf(actor)
	}
	simultaneous := phase.Simultaneous() && actor >= 0
	stillOpen := simultaneous && t.now() == before
	var reveal []game.Event
	if simultaneous {
		// The answer is hidden from the others until the window closes.
		t.win.hidden[actorWind] = &evs[0]
		if !stillOpen {
			reveal = t.winners(evs[1:])
		}
	}
	if !stillOpen {
		t.win.hidden = [4]*game.Event{}
	}
	t.trackWindow()
	t.saveNow()
	if len(t.subs) == 0 {
		return
	}
	for k := range numStreams {
		seat := rules.NoWind
		if k != spectatorStream {
			seat = t.m.WindOf(k)
		}
		var out []game.Event
		switch {
		case !simultaneous || seat == actorWind:
			out = evs
		default:
			out = slices.Concat(reveal, evs[1:])
		}
		if len(out) == 0 && k != actor && stillOpen {
			continue
		}
		t.send(k, game.Redact(out, seat))
	}
}

// winners returns the hidden answers of the seats that won the window
// closed by evs (a claim, a mahjong or a robbed kong), in seat order.
func (t *Local) winners(evs []game.Event) []game.Event {
	var out []game.Event
	for _, e := range evs {
		switch e.Type {
		case game.EvClaim, game.EvMahjong, game.EvKongRobbed:
			if e.Seat >= rules.E && e.Seat <= rules.N && t.win.hidden[e.Seat] != nil {
				out = append(out, *t.win.hidden[e.Seat])
				t.win.hidden[e.Seat] = nil
			}
		}
	}
	return out
}

// trackWindow notes when a new window or Charleston step opens.
func (t *Local) trackWindow() {
	if t.m == nil || !t.m.Hand.Phase.Simultaneous() {
		t.win.at, t.win.clock = decision{}, nil
		return
	}
	if at := t.now(); t.win.at != at {
		t.win.at, t.win.opened, t.win.clock = at, time.Now(), nil
	}
	t.armClock()
}

// send numbers an update of stream k and queues it for its subscribers.
func (t *Local) send(k int, evs []game.Event) {
	st := &t.streams[k]
	st.seq++
	if len(evs) > 0 {
		e := evs[len(evs)-1]
		st.last = &e
	}
	var u *Update
	for sub := range t.subs {
		if sub.stream != k {
			continue
		}
		if u == nil {
			u = &Update{Seq: st.seq, Events: evs, Snapshot: t.snapshot(k)}
		}
		sub.Push(*u)
	}
}

// notify sends stream k an update with no events: its view changed.
func (t *Local) notify(k int) {
	if len(t.subs) > 0 {
		t.send(k, nil)
	}
}

// changed sends every stream an update: the table's facts changed.
func (t *Local) changed() {
	for k := range numStreams {
		t.notify(k)
	}
	t.saveNow()
}

// snapshot returns what stream k may see now.
func (t *Local) snapshot(k int) Snapshot {
	st := &t.streams[k]
	s := Snapshot{Seq: st.seq, Player: k, Info: t.info(), Last: st.last}
	if k == spectatorStream {
		s.Player = Spectator
	}
	if t.m == nil {
		return s
	}
	if k == spectatorStream {
		s.View = t.m.Hand.View(rules.NoWind)
	} else {
		s.View = t.m.View(k)
		if t.held != nil && t.held.player == k {
			s.View.Legal = nil
		}
	}
	if t.win.clock != nil {
		c := *t.win.clock
		s.Clock = &c
	}
	return s
}

// info returns the match's facts.
func (t *Local) info() Info {
	in := Info{
		Rules: t.res.rs.ID(), Options: t.res.opts.Map(), Card: t.cfg.Card, Name: t.cfg.Name,
		Seats: t.seats, Ready: t.ready, Over: t.over, Started: t.started && t.m != nil, Hands: t.cfg.Hands,
	}
	if t.problem != nil {
		in.Problem = t.problem.Error()
	}
	in.Guessing = t.guessing
	if t.verified != nil {
		v := *t.verified
		in.Verified = &v
	}
	if t.m == nil {
		if f := t.cfg.From; f != nil {
			// A table that goes on from another's public facts has
			// their history before it deals.
			in.History = summaries(f.History)
		}
		return in
	}
	for p := range in.Winds {
		in.Winds[p] = t.m.WindOf(p)
	}
	in.Balances, in.Hand, in.Round = t.m.Balances, t.m.Number, t.m.Round
	if st := t.m.Standing(); !t.over && !st.Over {
		in.Standing = &st
	}
	in.History = summaries(t.m.History)
	return in
}

// summaries are the hands of h without their Results (nil for none).
func summaries(h []game.HandSummary) []game.HandSummary {
	if len(h) == 0 {
		return nil
	}
	out := make([]game.HandSummary, len(h))
	for i, s := range h {
		s.Result = nil
		out[i] = s
	}
	return out
}
