package table

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/record"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// Local is a table that runs the engine in this process. One goroutine
// owns the match; Snapshot, Submit, Subscribe and the other methods hand
// it closures through a channel and wait for their answers, so every
// method is safe for concurrent use.
//
// Between two discards every other seat answers a claim window, whether
// or not it could claim (unless LocalConfig.Plain): a person answers
// (IntentAction, often a pass) or lets the claim clock run out, which
// counts as a pass. Answers in a window or a Charleston step are shown to
// the other players only when it closes, and only the answer that won.
type Local struct {
	actor
	cfg  LocalConfig
	res  resolved
	ctx  context.Context
	stop context.CancelFunc
	once sync.Once
	// ended is closed when the match is over or the table closed.
	ended   chan struct{}
	endOnce sync.Once

	// Everything below belongs to the goroutine running run.
	m       *game.Match
	rec     *record.Record
	saved   *saver
	seats   [4]SeatInfo
	players [4]ai.Player
	ready   [4]bool
	started bool
	over    bool
	dealing bool
	// problem is what keeps the table from going on (Info.Problem);
	// halted: it cannot go on at all (the engine failed).
	problem error
	halted  bool
	// verified is what the devices at a networked table found of the
	// last deal they checked (Info.Verified), nil before any.
	verified *bool
	// guessing is Info.Guessing.
	guessing int
	// steps counts the decisions of the hand, against an engine that
	// would never end one.
	steps     int
	closed    bool
	streams   [numStreams]stream
	subs      map[*subscription]bool
	scheduled [4]decision
	standIn   [4]*time.Timer
	win       window
	held      *heldAnswer
}

// numStreams counts the update streams: one per player and the spectators'.
const numStreams = 5

// spectatorStream is the index of the spectators' stream.
const spectatorStream = 4

// stream is one player's (or the spectators') numbered stream of updates.
type stream struct {
	seq  uint64
	last *game.Event
}

// decision names one decision: the hand and its decision id.
type decision struct {
	hand int
	id   uint64
}

// window is the claim window (or Charleston step) in progress.
type window struct {
	at     decision
	opened time.Time
	// hidden are the answers given in it, by seat, not yet shown.
	hidden [4]*game.Event
	clock  *Clock
}

// heldAnswer is the answer that closes a window, held until the window
// has been open for DiscardPause.
type heldAnswer struct {
	player int
	action game.Action
	at     decision
}

// NewLocal makes a table from cfg and starts its goroutine. Unless
// cfg.Hold is set, the first hand is dealt at once.
func NewLocal(cfg LocalConfig) (*Local, error) {
	res, err := cfg.resolve()
	if err != nil {
		return nil, err
	}
	t := newLocal(cfg, res)
	go t.run()
	if !cfg.Hold {
		if err := t.Start(context.Background()); err != nil {
			t.Close()
			return nil, err
		}
	}
	return t, nil
}

// newLocal builds the table; go t.run() starts it.
func newLocal(cfg LocalConfig, res resolved) *Local {
	ctx, stop := context.WithCancel(context.Background())
	t := &Local{actor: newActor(), cfg: cfg, res: res,
		ctx: ctx, stop: stop, subs: map[*subscription]bool{}, ended: make(chan struct{})}
	for p, s := range cfg.Seats {
		t.seats[p] = SeatInfo{Name: s.Name, Kind: s.Kind, Level: string(s.Level), Connected: true}
		t.players[p] = s.Player
	}
	if cfg.SavePath != "" {
		t.saved = &saver{path: cfg.SavePath}
	}
	return t
}

// Start deals the first hand of a table made with Hold. Starting a started
// table does nothing.
func (t *Local) Start(ctx context.Context) error {
	return t.call(ctx, func() error {
		if t.started {
			return nil
		}
		t.started = true
		t.deal()
		t.settle()
		return t.problem
	})
}

// Snapshot returns what player (or Spectator) may see now.
func (t *Local) Snapshot(ctx context.Context, player int) (Snapshot, error) {
	if err := checkViewer(player); err != nil {
		return Snapshot{}, err
	}
	var s Snapshot
	err := t.call(ctx, func() error {
		s = t.snapshot(streamOf(player))
		return nil
	})
	return s, err
}

// Subscribe opens player's (or Spectator's) stream of updates.
func (t *Local) Subscribe(ctx context.Context, player int) (Snapshot, Subscription, error) {
	if err := checkViewer(player); err != nil {
		return Snapshot{}, nil, err
	}
	return t.subscribe(ctx, player, &t.subs, func(k int) (Snapshot, error) {
		if t.closed {
			return Snapshot{}, ErrClosed
		}
		return t.snapshot(k), nil
	})
}

// Submit plays an intent for its player.
func (t *Local) Submit(ctx context.Context, in Intent) error {
	if err := checkPlayer(in.Player); err != nil {
		return err
	}
	return t.call(ctx, func() error { return t.submit(in) })
}

// Close stops the table: it saves, ends every subscription and stops its
// goroutine. Closing twice does nothing.
func (t *Local) Close() error {
	var err error
	t.once.Do(func() {
		err = t.call(context.Background(), func() error {
			t.closed = true
			for sub := range t.subs {
				sub.Finish()
			}
			t.subs = nil
			return t.save()
		})
		t.stop()
		t.closeEnded()
		t.stopRun()
	})
	return err
}

// SetSeat seats someone at player p: a person joining a shared table, or a
// computer in an empty seat. The seat's connection is set to connected.
func (t *Local) SetSeat(p int, s SeatConfig) error {
	if p < 0 || p > 3 {
		return fmt.Errorf("table: player %d does not exist; players are 0 to 3", p)
	}
	return t.call(context.Background(), func() error {
		c := t.cfg
		c.Seats[p] = s
		if _, err := c.resolve(); err != nil {
			return err
		}
		t.cfg.Seats[p] = c.Seats[p]
		s = c.Seats[p]
		t.seats[p] = SeatInfo{Name: s.Name, Kind: s.Kind, Level: string(s.Level), Connected: true}
		t.players[p] = s.Player
		t.cancelStandIn(p)
		t.changed()
		t.settle()
		return nil
	})
}

// SetConnected tells the table that a remote player has gone or come
// back. While a player is away, the computer plays for him once
// LocalConfig.StandIn has passed (SeatInfo.StandIn).
func (t *Local) SetConnected(p int, connected bool) error {
	if p < 0 || p > 3 {
		return fmt.Errorf("table: player %d does not exist; players are 0 to 3", p)
	}
	return t.call(context.Background(), func() error {
		s := &t.seats[p]
		if s.Connected == connected {
			return nil
		}
		s.Connected = connected
		t.cancelStandIn(p)
		if connected {
			s.StandIn = false
		} else {
			t.standIn[p] = time.AfterFunc(t.cfg.StandIn, func() {
				t.post(func() {
					if !t.seats[p].Connected && !t.seats[p].StandIn {
						t.seats[p].StandIn = true
						t.changed()
						t.settle()
					}
				})
			})
		}
		t.changed()
		return nil
	})
}

// SetVerified tells the table, at a networked table, whether the devices
// that checked the last revealed deal found it honest (Info.Verified):
// the dealer's own screens then show the devices' verdict.
func (t *Local) SetVerified(ok bool) error {
	return t.call(context.Background(), func() error {
		if t.verified != nil && *t.verified == ok {
			return nil
		}
		t.verified = &ok
		t.changed()
		return nil
	})
}

// SetGuessing tells the table, at a shared table, how many wrong PINs were
// given past what it takes at once (Info.Guessing; 0 once the PIN is
// changed): the host's screens then say that someone is guessing the PIN.
func (t *Local) SetGuessing(wrong int) error {
	return t.call(context.Background(), func() error {
		if t.guessing == wrong {
			return nil
		}
		t.guessing = wrong
		t.changed()
		return nil
	})
}

// cancelStandIn stops p's stand-in timer.
func (t *Local) cancelStandIn(p int) {
	if t.standIn[p] != nil {
		t.standIn[p].Stop()
		t.standIn[p] = nil
	}
}

// Record returns a copy of the game record so far.
func (t *Local) Record() (*record.Record, error) {
	var r *record.Record
	err := t.call(context.Background(), func() error {
		if t.rec == nil {
			return errors.New("table: no record: no hand has been dealt yet, or the table keeps none (NoRecord)")
		}
		r = &record.Record{Header: t.rec.Header, Events: slices.Clone(t.rec.Events)}
		r.Header.HandSeeds = slices.Clone(r.Header.HandSeeds)
		return nil
	})
	return r, err
}

// Rules returns the display name of the table's ruleset.
func (t *Local) Rules() string { return t.res.rs.Name() }

// Done is closed when the match is over or the table closed.
func (t *Local) Done() <-chan struct{} { return t.ended }

// closeEnded closes Done's channel once.
func (t *Local) closeEnded() { t.endOnce.Do(func() { close(t.ended) }) }

// checkViewer checks a player number given to Snapshot or Subscribe.
func checkViewer(p int) error {
	if p < Spectator || p > 3 {
		return &RefusedError{Reason: ReasonNotSeated, Detail: fmt.Sprintf("player %d does not exist; players are 0 to 3, or %d for a spectator", p, Spectator)}
	}
	return nil
}

// streamOf returns the stream of a player or of a spectator.
func streamOf(p int) int {
	if p == Spectator {
		return spectatorStream
	}
	return p
}

// submit checks and plays an intent.
func (t *Local) submit(in Intent) error {
	refuse := func(r Reason, format string, args ...any) error {
		return &RefusedError{Reason: r, Detail: fmt.Sprintf(format, args...)}
	}
	switch {
	case t.closed:
		return refuse(ReasonClosed, "the table is closed")
	case t.seats[in.Player].Kind == SeatAI:
		return refuse(ReasonNotYours, "player %d is a computer player", in.Player)
	case t.over:
		return refuse(ReasonOver, "the match is over")
	case !t.started || t.m == nil:
		return refuse(ReasonNoDecide, "the match has not started")
	}
	switch in.Kind {
	case IntentNextHand:
		if t.m.Hand.Phase != game.PhaseEnd {
			return refuse(ReasonNoDecide, "hand %d is not over; next-hand is for the end of a hand", t.m.Number)
		}
		if !t.ready[in.Player] {
			t.ready[in.Player] = true
			t.changed()
		}
		t.settle()
		return nil
	case IntentAction:
	default:
		return refuse(ReasonBadIntent, "intent kind %q; allowed: action, next-hand", in.Kind)
	}
	h := t.m.Hand
	if h.Phase == game.PhaseEnd {
		return refuse(ReasonNoDecide, "hand %d is over; send next-hand", t.m.Number)
	}
	if in.Decision != h.DecisionID() {
		return refuse(ReasonStale, "decision %d was answered or replaced; the decision now is %d", in.Decision, h.DecisionID())
	}
	if !t.owes(in.Player) {
		return refuse(ReasonNoDecide, "player %d owes no decision now", in.Player)
	}
	legal := h.LegalActions(t.m.WindOf(in.Player))
	if !slices.Contains(legal, in.Action) {
		allowed := make([]string, len(legal))
		for i, a := range legal {
			allowed[i] = a.String()
		}
		return refuse(Reason(game.ReasonNotLegal), "player %d may not %s; allowed: %v", in.Player, in.Action, allowed)
	}
	t.act(in.Player, in.Action)
	t.settle()
	return nil
}

// owes reports whether player p owes a decision now.
func (t *Local) owes(p int) bool {
	if t.m == nil || (t.held != nil && t.held.player == p) {
		return false
	}
	return len(t.m.Hand.LegalActions(t.m.WindOf(p))) > 0
}

// now returns the current decision.
func (t *Local) now() decision { return decision{t.m.Number, t.m.Hand.DecisionID()} }

// computer reports whether the computer plays p now.
func (t *Local) computer(p int) bool { return t.seats[p].Kind == SeatAI || t.seats[p].StandIn }

// act applies p's legal action a and publishes what it caused, or holds a
// window's last answer until DiscardPause has passed.
func (t *Local) act(p int, a game.Action) {
	h := t.m.Hand
	if t.cfg.DiscardPause > 0 && isWindow(h.Phase) && t.lastToAnswer(p) {
		if wait := t.cfg.DiscardPause - time.Since(t.win.opened); wait > 0 {
			at := t.now()
			t.held = &heldAnswer{player: p, action: a, at: at}
			time.AfterFunc(wait, func() {
				t.post(func() {
					if t.held != nil && t.held.at == at {
						held := *t.held
						t.held = nil
						t.act(held.player, held.action)
						t.settle()
					}
				})
			})
			t.notify(p)
			return
		}
	}
	before := t.now()
	phase := h.Phase
	evs, err := t.m.Apply(p, a)
	if err != nil {
		// Callers check legality first: an engine that refuses a legal
		// action halts the table with the problem shown.
		t.halt(fmt.Errorf("table: the engine refused %s for player %d: %w", a, p, err))
		return
	}
	if t.steps++; t.steps > maxSteps {
		t.halt(fmt.Errorf("table: hand %d has not ended after %d decisions", t.m.Number, maxSteps))
	}
	t.publish(evs, p, phase, before)
}

// maxSteps bounds the decisions of one hand, so that an engine that
// would never end a hand halts the table instead of spinning.
const maxSteps = 20000

// halt stops the table for good with its problem shown.
func (t *Local) halt(err error) {
	t.problem, t.halted = err, true
	t.changed()
	t.closeEnded()
}

// lastToAnswer reports whether p is the only seat the window still waits for.
func (t *Local) lastToAnswer(p int) bool {
	for x := range 4 {
		if x != p && t.owes(x) {
			return false
		}
	}
	return true
}

// isWindow reports whether ph is a claim, robbing or duplicate window.
func isWindow(ph game.Phase) bool {
	return ph == game.PhaseClaim || ph == game.PhaseRob || ph == game.PhaseDuplicate
}

// settle plays the computer seats, runs the clocks and deals the next
// hand when it is due.
func (t *Local) settle() {
	for t.started && !t.closed && !t.dealing && !t.halted && t.m != nil && !t.over {
		h := t.m.Hand
		if h.Phase == game.PhaseEnd {
			if t.matchOver() {
				t.finish()
				return
			}
			if !t.cfg.AutoNext && !t.allReady() {
				return
			}
			t.deal()
			continue
		}
		p := t.nextComputer()
		if p < 0 {
			if len(h.Waiting()) == 0 {
				t.halt(fmt.Errorf("table: hand %d is in phase %s and nobody may act", t.m.Number, h.Phase))
			}
			break
		}
		if t.cfg.Pace > 0 {
			t.scheduleAll()
			break
		}
		t.think(p)
	}
	t.armClock()
}

// nextComputer returns the computer-played player that owes the next
// decision: the seat to play, else the first by number; -1 for none.
func (t *Local) nextComputer() int {
	h := t.m.Hand
	if h.Phase == game.PhaseTurn || h.Phase == game.PhaseInvoke {
		p := t.m.PlayerAt(h.Turn)
		if t.computer(p) && t.owes(p) {
			return p
		}
	}
	for p := range 4 {
		if t.computer(p) && t.owes(p) {
			return p
		}
	}
	return -1
}

// scheduleAll gives every computer-played player who owes a decision his
// thinking time.
func (t *Local) scheduleAll() {
	at := t.now()
	for p := range 4 {
		if !t.computer(p) || !t.owes(p) || t.scheduled[p] == at {
			continue
		}
		t.scheduled[p] = at
		time.AfterFunc(t.cfg.Pace, func() {
			t.post(func() {
				if t.m != nil && t.now() == at && t.computer(p) && t.owes(p) {
					t.think(p)
					t.settle()
				}
			})
		})
	}
}

// think lets the computer decide for p (made on first use) and plays its
// choice.
func (t *Local) think(p int) {
	if t.players[p] == nil {
		t.players[p] = computer(t.cfg.Seats[p].Level, wall.Derive(t.res.seed, "player", p))
	}
	t.act(p, choose(t.players[p], t.m.View(p), t.cfg.Plain))
}

// computer returns a computer player of level (intermediate for a level
// not known: levels are checked before).
func computer(level ai.Level, seed wall.Seed) ai.Player {
	pl, err := ai.New(level, seed)
	if err != nil {
		pl, _ = ai.New(ai.Intermediate, seed)
	}
	return pl
}

// choose is pl's choice of v's legal actions. A seat that can only pass
// passes without asking it (unless plain: every window then has a choice),
// so that the windows every seat answers leave the players' decisions as
// they would be without them.
func choose(pl ai.Player, v *game.View, plain bool) game.Action {
	a := v.Legal[0]
	if plain || len(v.Legal) > 1 || a.Type != game.ActPass {
		a = pl.Decide(v)
	}
	return a
}

// armClock starts the claim clock of a new window in which a person owes
// an answer, and drops the clock of a closed one.
func (t *Local) armClock() {
	if t.m == nil || !isWindow(t.m.Hand.Phase) {
		t.win.clock = nil
		return
	}
	at := t.now()
	if t.res.clock <= 0 || t.win.clock != nil {
		return
	}
	person := false
	for p := range 4 {
		person = person || (!t.computer(p) && t.owes(p))
	}
	if !person {
		return
	}
	t.win.clock = &Clock{Deadline: t.win.opened.Add(t.res.clock), Total: t.res.clock}
	time.AfterFunc(time.Until(t.win.clock.Deadline), func() {
		t.post(func() {
			if t.m == nil || t.now() != at {
				return
			}
			for p := range 4 {
				if !t.computer(p) && t.owes(p) && t.now() == at {
					t.act(p, game.Act(game.ActPass, tile.None))
				}
			}
			t.settle()
		})
	})
}

// matchOver reports whether the finished hand ends the match.
func (t *Local) matchOver() bool {
	return t.m.Over || (t.cfg.Hands > 0 && len(t.m.History) >= t.cfg.Hands)
}

// allReady reports whether every person at the table asked for the next hand.
func (t *Local) allReady() bool {
	for p := range 4 {
		if !t.computer(p) && !t.ready[p] {
			return false
		}
	}
	return true
}

// finish ends the match after its last hand.
func (t *Local) finish() {
	t.over = true
	b := t.m.Balances
	t.publish([]game.Event{{Type: game.EvMatchEnd, Seat: rules.NoWind, From: rules.NoWind, Balances: &b}}, -1, game.PhaseEnd, t.now())
	t.closeEnded()
}

// deal deals the next hand (the first one when there is no match yet),
// asking LocalConfig.HandSeed for its seed when set.
func (t *Local) deal() {
	n := 1
	switch {
	case t.m != nil:
		n = t.m.Number + 1
	case t.cfg.From != nil:
		n = t.cfg.From.Standing.Number
	}
	if t.cfg.HandSeed == nil {
		t.dealWith(n, nil)
		return
	}
	t.dealing = true
	hook, ctx := t.cfg.HandSeed, t.ctx
	go func() {
		seed, err := hook(ctx, n)
		t.post(func() {
			t.dealing = false
			if err != nil {
				t.problem = fmt.Errorf("table: no seed for hand %d: %w", n, err)
				t.changed()
				return
			}
			t.dealWith(n, &seed)
			t.settle()
		})
	}()
}

// dealWith deals hand n, from seed when it is not nil.
func (t *Local) dealWith(n int, seed *wall.Seed) {
	t.problem = nil
	var evs []game.Event
	var err error
	if t.m == nil {
		cfg := game.MatchConfig{Ruleset: t.res.rs, Options: t.res.opts, Seed: t.res.seed, Uniform: !t.cfg.Plain}
		if seed != nil {
			cfg.HandSeeds = []wall.Seed{*seed}
		}
		if f := t.cfg.From; f != nil {
			s := wall.Derive(t.res.seed, "hand", n)
			if seed != nil {
				s = *seed
			}
			t.m, evs, err = game.ResumeMatch(cfg, f.Standing, f.History, s)
		} else {
			t.m, evs, err = game.NewMatch(cfg)
		}
		if err == nil && (!t.cfg.NoRecord || t.saved != nil) {
			t.rec = record.New(cfg)
			t.rec.Header.Card, t.rec.Header.From = t.cfg.Card, t.cfg.From
		}
	} else {
		if seed != nil {
			err = t.m.SupplySeed(n, *seed)
		}
		if err == nil {
			evs, err = t.m.NextHand()
		}
	}
	if err != nil {
		t.problem = fmt.Errorf("table: cannot deal hand %d: %w", n, err)
		t.changed()
		return
	}
	t.ready, t.steps = [4]bool{}, 0
	if t.rec != nil {
		t.rec.Header.HandSeeds = t.m.Config().HandSeeds
	}
	t.over = t.m.Over
	t.publish(evs, -1, game.PhaseEnd, decision{})
	if t.over {
		t.closeEnded()
	}
}
