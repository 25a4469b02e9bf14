package game

import (
	"errors"
	"fmt"
	"slices"

	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// Reason is a stable code for why an action was refused.
type Reason string

// The refusal reasons.
const (
	ReasonHandOver    Reason = "hand-over"     // the hand has ended
	ReasonNotYourTurn Reason = "not-your-turn" // the seat owes no decision now
	ReasonNotLegal    Reason = "not-legal"     // the seat owes a decision, but not this one
	ReasonBadSeat     Reason = "bad-seat"      // the seat is not E, S, W or N
)

// ErrIllegalAction is wrapped by every IllegalActionError.
var ErrIllegalAction = errors.New("game: illegal action")

// IllegalActionError is an action the engine refused, with a stable reason
// code and the actions that were allowed.
type IllegalActionError struct {
	Seat    rules.Wind
	Action  Action
	Reason  Reason
	Allowed []Action
}

// Error implements error.
func (e *IllegalActionError) Error() string {
	msg := fmt.Sprintf("game: seat %s may not %s (%s)", e.Seat, e.Action, e.Reason)
	if len(e.Allowed) > 0 {
		msg += "; allowed: "
		for i, a := range e.Allowed {
			if i > 0 {
				msg += ", "
			}
			msg += a.String()
		}
	}
	return msg
}

// Unwrap returns ErrIllegalAction.
func (e *IllegalActionError) Unwrap() error { return ErrIllegalAction }

// Apply checks action against seat's legal actions and applies it,
// returning the full (unredacted) events it caused.
func (s *State) Apply(seat rules.Wind, a Action) ([]Event, error) {
	refuse := func(r Reason) error {
		return &IllegalActionError{Seat: seat, Action: a, Reason: r, Allowed: s.LegalActions(seat)}
	}
	switch {
	case seat < rules.E || seat > rules.N:
		return nil, refuse(ReasonBadSeat)
	case s.Phase == PhaseEnd:
		return nil, refuse(ReasonHandOver)
	}
	legal := s.LegalActions(seat)
	if len(legal) == 0 {
		return nil, refuse(ReasonNotYourTurn)
	}
	if !slices.Contains(legal, a) && !s.otherFlowers(seat, legal, a) {
		return nil, refuse(ReasonNotLegal)
	}
	return s.ApplyUnchecked(seat, a), nil
}

// otherFlowers reports whether a is a legal joker exchange or call but for
// the flowers it gives from the seat's hand, which holds them. With card
// calls the eight flowers are one kind (AM-1.2): the legal actions name
// the lowest flowers held (naturals), and a player may give any.
func (s *State) otherFlowers(seat rules.Wind, legal []Action, a Action) bool {
	if !s.setup.CardCalls || (a.Type != ActExchange && a.Type != ActCall) || (a.Type == ActExchange && !a.Tile.Valid()) {
		return false
	}
	// fold names the flowers an action gives as 1f: the exchange's Tile,
	// a call's Tiles (its Tile is the discard called).
	fold := func(x Action) Action {
		if x.Type == ActExchange {
			x.Tile = s.sameKind(x.Tile)
			return x
		}
		var c tile.Counts
		for k, n := range x.Tiles {
			c[s.sameKind(tile.Kind(k))] += n
		}
		x.Tiles = c
		return x
	}
	given := a.Tiles
	if a.Type == ActExchange {
		given = tile.Counts{}
		given.Add(a.Tile)
	}
	if !s.Players[seat].Concealed.Contains(&given) {
		return false
	}
	want := fold(a)
	return slices.ContainsFunc(legal, func(l Action) bool { return fold(l) == want })
}

// ApplyUnchecked applies an action known to be legal (the AI's fast path);
// an illegal action corrupts the state.
func (s *State) ApplyUnchecked(seat rules.Wind, a Action) []Event {
	s.StateID++
	s.legalKnown = [4]bool{}
	act := a
	evs := []Event{{Type: EvAction, Seat: seat, From: rules.NoWind, Action: &act}}
	switch s.Phase {
	case PhaseTurn:
		return s.applyTurn(evs, seat, a)
	case PhaseClaim, PhaseRob, PhaseDuplicate:
		s.answers[seat] = &act
		return s.closeWindow(evs)
	case PhaseInvoke:
		return s.applyInvoke(evs, seat, a)
	case PhaseExpose:
		return s.applyExposeRound(evs, seat, a)
	case PhaseCharleston, PhaseMush, PhaseVote, PhaseCourtesy:
		return s.applyCharleston(evs, seat, a)
	}
	return evs
}

func (s *State) applyTurn(evs []Event, seat rules.Wind, a Action) []Event {
	p := &s.Players[seat]
	switch a.Type {
	case ActSelfDraw:
		k, flags, _ := s.selfDrawWin()
		return s.endWin(evs, seat, k, rules.NoWind, flags)
	case ActConcealedKong:
		p.Concealed[a.Tile] -= 4
		m := hand.Meld{Kind: hand.Kong, Tile: a.Tile}
		p.Melds = append(p.Melds, m) // not a claim: the first turns go on (CL-D-22)
		evs = append(evs, Event{Type: EvConcealedKong, Seat: seat, From: rules.NoWind, Meld: &m})
		return s.replaceKong(evs, seat)
	case ActAddKong:
		evs = append(evs, Event{Type: EvAddKong, Seat: seat, From: rules.NoWind, Tiles: []tile.Kind{a.Tile}})
		s.firstGoAround = false
		if s.setup.RobKong == nil || s.setup.RobKong(a.Tile) {
			robbable := s.uniform
			for x := seat.Next(); x != seat; x = x.Next() {
				s.options[x] = s.robOptions(x, seat, a.Tile)
				robbable = robbable || len(s.options[x]) > 1
			}
			if robbable {
				s.openWindow(PhaseRob, seat, a.Tile)
				return evs
			}
		}
		return s.completeAddKong(evs, seat, a.Tile)
	case ActDiscard:
		return s.discard(evs, seat, a)
	case ActExpose:
		return s.expose(evs, seat, a)
	case ActExtend:
		return s.extend(evs, seat, a.Tile)
	case ActExchange:
		return s.exchange(evs, seat, a)
	case ActMahjong:
		return s.winAfterCall(evs, seat, a.Tile)
	}
	return evs
}

// discard moves a tile to the seat's row and opens the claim window.
func (s *State) discard(evs []Event, seat rules.Wind, a Action) []Event {
	p := &s.Players[seat]
	p.Concealed.Remove(a.Tile)
	p.Discards = append(p.Discards, Discard{Tile: a.Tile})
	p.Discarded++
	s.lastDiscarder = seat
	if a.Declare != DeclNone {
		p.Declared = a.Declare
	}
	invoking := s.how == turnInvoke
	s.drawn = tile.None
	s.updateSeatWaits(seat)
	evs = append(evs, Event{Type: EvDiscard, Seat: seat, From: rules.NoWind, Tiles: []tile.Kind{a.Tile}, Declare: a.Declare})
	if invoking {
		// HK-8.2, FR-12.2: an invoker's discard is dead; the next seat may invoke.
		return s.nextInvoker(evs)
	}
	if seat == rules.E && p.Discarded == 1 {
		s.dealerDiscarded = true
	}
	if a.Declare == DeclTing {
		evs = s.announceTing(evs, seat)
		if !s.anyTing {
			s.anyTing, s.jokerHolder = true, seat
			s.Pending, s.Turn = a.Tile, seat
			if s.setup.Combinations && s.startExposeRound(seat) {
				return evs
			}
		}
	}
	return s.offerDiscard(evs, seat, a.Tile)
}

// offerDiscard opens the claim window on the discard of k by seat, or moves
// play on when nobody may claim it.
func (s *State) offerDiscard(evs []Event, seat rules.Wind, k tile.Kind) []Event {
	p := &s.Players[seat]
	s.lastDiscard = s.wall.LiveLeft() == 0
	var flags rules.Flag
	if s.lastDiscard {
		flags |= rules.LastDiscard
	}
	if s.setup.Earthly && seat == rules.E && p.Discarded == 1 && s.firstGoAround {
		flags |= rules.Earthly // CL-10.4
	}
	open := s.uniform
	for x := seat.Next(); x != seat; x = x.Next() {
		s.options[x] = s.claimOptions(x, seat, k, flags)
		open = open || len(s.options[x]) > 1
	}
	if !open {
		s.Pending = tile.None
		return s.afterDiscard(evs, seat)
	}
	s.windowFlags = flags
	s.openWindow(PhaseClaim, seat, k)
	return evs
}

// openWindow starts a claim or robbing window; seats with nothing but
// "pass" are answered at once, unless the hand is uniform (then only
// seats with no answer at all, such as dead hands, are).
func (s *State) openWindow(ph Phase, from rules.Wind, k tile.Kind) {
	s.Phase, s.Turn, s.Pending, s.windowID = ph, from, k, s.StateID
	least := 1
	if s.uniform {
		least = 0
	}
	for x := range s.answers {
		s.answers[x] = nil
		if rules.Wind(x) == from || len(s.options[x]) <= least {
			pass := Act(ActPass, tile.None)
			s.answers[x] = &pass
		}
	}
}

// closeWindow settles the window once every seat has answered: mahjong
// first (the nearest after the discarder), then pung or kong, then chow
// (CL-7.2, HK-6.5, FR-8.7).
// ClaimWinner returns the seat whose answer takes the tile that from
// offered in a claim, robbing or duplicate window, or rules.NoWind when
// every seat passed: mahjong before a pung, kong or call, before a chow,
// and among equals the first seat after from in turn order (HK-6.5).
func ClaimWinner(from rules.Wind, answers [4]Action) rules.Wind {
	best := rules.NoWind
	rank := func(t ActionType) int {
		switch t {
		case ActMahjong:
			return 3
		case ActPung, ActKong, ActCall:
			return 2
		case ActChow:
			return 1
		}
		return 0
	}
	for x := from.Next(); x != from; x = x.Next() {
		if r := rank(answers[x].Type); r > 0 && (best == rules.NoWind || r > rank(answers[best].Type)) {
			best = x
		}
	}
	return best
}

func (s *State) closeWindow(evs []Event) []Event {
	for _, a := range s.answers {
		if a == nil {
			return evs
		}
	}
	from, k := s.Turn, s.Pending
	var answers [4]Action
	for x, a := range s.answers {
		answers[x] = *a
	}
	best := ClaimWinner(from, answers)
	phase := s.Phase
	for x := range s.options {
		s.options[x] = nil
	}
	s.Pending = tile.None
	if phase == PhaseDuplicate {
		if best == rules.NoWind {
			return s.completeExtend(evs, from, k)
		}
		return s.takeDuplicate(evs, best, from, k)
	}
	if phase == PhaseRob {
		if best == rules.NoWind {
			return s.completeAddKong(evs, from, k)
		}
		// HK-7.4, CL-8.5, FR-11.1: the robbed meld stays a pung.
		s.Players[from].Concealed.Remove(k)
		evs = append(evs, Event{Type: EvKongRobbed, Seat: best, From: from, Tiles: []tile.Kind{k}})
		return s.endWin(evs, best, k, from, rules.RobbingKong)
	}
	if best == rules.NoWind {
		return s.afterDiscard(evs, from)
	}
	a := *s.answers[best]
	row := s.Players[from].Discards
	row[len(row)-1].Claimed = true
	if a.Type == ActMahjong {
		return s.endWin(evs, best, k, from, s.windowFlags)
	}
	s.firstGoAround = false
	p := &s.Players[best]
	p.Called = true
	var m hand.Meld
	switch a.Type {
	case ActPung:
		p.Concealed[k] -= 2
		m = hand.Meld{Kind: hand.Pung, Tile: k, Open: true}
	case ActKong:
		p.Concealed[k] -= 3
		m = hand.Meld{Kind: hand.Kong, Tile: k, Open: true}
	case ActChow:
		p.Concealed.Add(k)
		for t := a.Tile; t < a.Tile+3; t++ {
			p.Concealed.Remove(t)
		}
		m = hand.Meld{Kind: hand.Chow, Tile: a.Tile, Open: true}
	case ActCall:
		m = s.callMeld(p, k, a.Tiles)
	}
	// The meld held marks the claimed tile and its discarder; the event
	// says both already (Tiles, From), so records keep their form.
	p.Melds = append(p.Melds, m.WithClaim(k, int(from-best)))
	evs = append(evs, Event{Type: EvClaim, Seat: best, From: from, Tiles: []tile.Kind{k}, Meld: &m})
	s.Turn, s.drawn = best, tile.None
	if a.Type == ActKong {
		return s.replaceKong(evs, best)
	}
	s.Phase, s.how = PhaseTurn, turnClaim // FR-8.9: discard at once; AM-5.5: exchange, win or discard
	return s.checkDead(evs)
}

// afterDiscard moves play on after an unclaimed discard: the next live
// seat draws, or the wall is at its end (CL-9.1, HK-8.2, FR-12.2, AM-5.10);
// the hands that can no longer be made are dead first (AM-9.2) and turns
// skip them (AM-9.4).
func (s *State) afterDiscard(evs []Event, from rules.Wind) []Event {
	evs = s.checkDead(evs)
	if s.wall.LiveLeft() == 0 {
		if s.setup.CelestialEmpire && !s.setup.JapaneseDiscards {
			s.Phase, s.Turn, s.how, s.invokers = PhaseInvoke, rules.E, turnInvoke, 0
			return evs
		}
		return s.endVoid(evs, "the wall is exhausted")
	}
	next := s.nextLive(from)
	if next == rules.NoWind {
		return s.endVoid(evs, "every hand is dead: a wall game (AM-9.4)")
	}
	return s.draw(evs, next)
}

// draw starts seat's turn with a live draw from the front; the holder of
// the shared joker first checks it (JL-8.1, JL-8.3).
func (s *State) draw(evs []Event, seat rules.Wind) []Event {
	if s.setup.SharedJoker && seat == s.jokerHolder {
		evs = s.checkJoker(evs)
		if s.joker != tile.None {
			s.jokerChecks++
		}
	}
	t, ok := s.wall.Draw()
	if !ok {
		return s.endVoid(evs, "the wall is exhausted")
	}
	p := &s.Players[seat]
	p.Concealed.Add(t)
	s.Phase, s.Turn, s.drawn, s.drawnFrom, s.how = PhaseTurn, seat, t, FromFront, turnDraw
	evs = append(evs, Event{Type: EvDraw, Seat: seat, From: rules.NoWind, Tiles: []tile.Kind{t}, Source: FromFront})
	if t.IsBonus() && s.setup.Bonus {
		evs = s.replaceBonus(seat, evs)
	}
	return evs
}

// replaceKong draws the replacement tile after a kong (HK-6.2, HK-7.1, CL-7.3).
func (s *State) replaceKong(evs []Event, seat rules.Wind) []Event {
	s.updateSeatWaits(seat)
	t, ok := s.wall.DrawTail()
	if !ok {
		return s.noReplacement(seat, evs)
	}
	s.Players[seat].Concealed.Add(t)
	s.Phase, s.Turn, s.drawn, s.drawnFrom, s.how = PhaseTurn, seat, t, FromTail, turnKong
	evs = append(evs, Event{Type: EvDraw, Seat: seat, From: rules.NoWind, Tiles: []tile.Kind{t}, Source: FromTail})
	if t.IsBonus() {
		evs = s.replaceBonus(seat, evs)
	}
	return evs
}

// completeAddKong turns the exposed pung into an added kong.
func (s *State) completeAddKong(evs []Event, seat rules.Wind, k tile.Kind) []Event {
	p := &s.Players[seat]
	p.Concealed.Remove(k)
	for i, m := range p.Melds {
		if m.Kind == hand.Pung && m.Tile == k {
			p.Melds[i].Kind, p.Melds[i].Added = hand.Kong, true // the claimed tile keeps its place
		}
	}
	return s.replaceKong(evs, seat)
}

// applyInvoke handles a Celestial Empire choice (HK-8.2, FR-12.2, FR-12.4).
func (s *State) applyInvoke(evs []Event, seat rules.Wind, a Action) []Event {
	lone := s.how == turnLoneInvke
	if a.Type == ActPass {
		if lone {
			return s.endVoid(evs, "the lone invoker passed (HK-8.1, FR-12.4)")
		}
		return s.nextInvoker(evs)
	}
	owner := s.takeDeadDiscard(a.Tile, seat)
	evs = append(evs, Event{Type: EvInvoke, Seat: seat, From: owner, Tiles: []tile.Kind{a.Tile}})
	if s.canWinOn(seat, a.Tile, owner, rules.Invoked) {
		return s.endWin(evs, seat, a.Tile, owner, rules.Invoked)
	}
	s.Players[seat].Concealed.Add(a.Tile)
	if lone {
		return s.endVoid(evs, "the invoked tile does not complete the hand (HK-8.1, FR-12.4)")
	}
	s.Phase, s.how, s.drawn = PhaseTurn, turnInvoke, tile.None
	return evs
}

// takeDeadDiscard marks the latest unclaimed discard of k as taken and
// returns whose row it lay in. Other seats' rows come before the
// invoker's own, so that the tile counts as a discard (HK-8.2, FR-12.2).
func (s *State) takeDeadDiscard(k tile.Kind, invoker rules.Wind) rules.Wind {
	for d := 1; d <= 4; d++ {
		x := (invoker + rules.Wind(d)) & 3
		row := s.Players[x].Discards
		for i := len(row) - 1; i >= 0; i-- {
			if row[i].Tile == k && !row[i].Claimed {
				row[i].Claimed = true
				return x
			}
		}
	}
	return rules.NoWind
}

// nextInvoker gives the next seat its invocation chance, or voids the hand
// after North (HK-8.2).
func (s *State) nextInvoker(evs []Event) []Event {
	s.invokers++
	if s.invokers >= 4 || len(s.deadDiscards()) == 0 {
		return s.endVoid(evs, "nobody won by invoking the Celestial Empire (HK-8.2, FR-12.2)")
	}
	s.Phase, s.Turn, s.how = PhaseInvoke, rules.Wind(s.invokers), turnInvoke
	return evs
}
