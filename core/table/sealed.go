package table

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sync"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/sealed"
	"github.com/fourwinds-mahjong/fourwinds/core/sealedplay"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// SealedKind is what a SealedNote carries.
type SealedKind uint8

// The kinds of note. The dealer's party sends SealedDeal, SealedPlay (every
// message its sequencer accepts or makes), SealedReady and SealedEnd to
// every device and spectator; a key holder's party sends SealedPlay (its
// own messages) and SealedReady to the dealer.
const (
	// SealedDeal: the note's deal starts. From the dealer's party its
	// Body is the setup (JSON) a spectator that comes now takes the match
	// up with (SealedSetup.From), with the deal's key holders (Peers,
	// Players), which may add devices that came late (AddHolder): a
	// transport sends it, instead of the first setup, to a spectator that
	// came during the match, before the deal, and to a key holder that
	// rejoins during this deal (SealedConfig.Rejoin) or comes late, before
	// the deal's notes. Every party deals the deal with the key holders of
	// the note's Body, a setup of which only Peers and Players are taken
	// (a transport may carry those alone); an empty Body keeps them.
	SealedDeal SealedKind = 1 + iota
	// SealedPlay: a message of sealed play of the note's deal (Body: its
	// binary encoding).
	SealedPlay
	// SealedReady: players have seen the end of the note's deal and are
	// ready for the next (Body: their numbers, one byte each).
	SealedReady
	// SealedEnd: the match is over; no body.
	SealedEnd
	// SealedHeld: from the dealer's party to its transport only, the
	// seats of key holder From whose answer to the open decision the
	// dealer has (held by the sequencer until every seat answered, or
	// refused for now and kept), one byte each; sent when they change.
	// The transport keeps the latest of each holder and sends it to that
	// holder's device only, when it rejoins (SealedConfig.Rejoin), before
	// it is caught up: its party does not answer those decisions again.
	SealedHeld
)

// MaxSealedBody bounds a note's body: a message of sealed play.
const MaxSealedBody = sealedplay.MaxMsg

// SealedNote is what the parties of a sealed match send each other: a
// transport (p2p/sealed) only carries notes between a device's party and
// the dealer's.
type SealedNote struct {
	// Kind is what the note carries, Deal the deal it belongs to.
	Kind SealedKind
	Deal uint32
	// From is the key holder the note came from (the stream it came on),
	// set by the transport on the dealer's side; the dealer's party checks
	// that the note is that holder's to send.
	From int
	// Body is the note's content, as its Kind says.
	Body []byte
}

// DefaultSealedWait is how long a deal waits for a share, an
// acknowledgement or an opening before it is void (the stand-in wait of
// ../shared/SEALED.md §2).
const DefaultSealedWait = 60 * time.Second

// SealedConfig is one device's part in a sealed match.
type SealedConfig struct {
	// Table is the table's id: every proof is bound to it.
	Table string
	// Setup is the match every party agreed on.
	Setup SealedSetup
	// Holder is this device's place among the key holders (Setup.Peers),
	// or Spectator for a device that holds no key and follows the public
	// view only, verifying every proof.
	Holder int
	// Seats say how this device plays each player it plays (those
	// Setup.Players gives its holder): SeatHuman for a person acting
	// through Submit, SeatAI (the default) for a computer player of
	// Level, or Player when set, seeded from Setup.Seed and the player;
	// Name, when set, overrides the setup's. The entries of the other
	// players are not used.
	Seats [4]SeatConfig
	// Dealer makes this party the dealer's: it runs the sequencer, which
	// orders every message and relays it to every party (Send), waits
	// Wait for a stalled deal before it voids it, and deals the next
	// hand when every player is ready. Only a key holder deals.
	Dealer bool
	// Wait is the dealer's wait for a share, an acknowledgement or an
	// opening before the deal is void (DefaultSealedWait when 0).
	Wait time.Duration
	// Send carries a note away: to the dealer from a device, to every
	// device and spectator from the dealer. It is called on the table's
	// goroutine and must not block (a transport queues the note).
	Send func(SealedNote)
	// SaveKey, when set, is handed each deal's key (its binary encoding,
	// sealed.PrivateKey) when a key holder's party makes it, on the
	// party's goroutine, before the key is sent: a device keeps the latest
	// (the next deal's key is made behind the end-of-hand sheet) to
	// rejoin the match after its app restarted (Rejoin).
	SaveKey func(deal uint32, key []byte)
	// Rejoin, for a key holder's device whose app restarted during the
	// match, is the key it saved; Setup.From is then the ledger before
	// the dealer's current deal. The party keeps the dealer's relayed
	// messages of that deal until the transport says it has them all
	// (CaughtUp), rebuilds its device from them and the key
	// (sealedplay.RestoreDevice), sends what it still owes and plays on.
	// A key of another deal (or none) means the device sent no key in the
	// current deal: it starts it with a fresh one.
	Rejoin *SealedRejoin
}

// SealedRejoin is where a key holder's device takes its match up after
// its app restarted: the last deal whose key it saved (SaveKey) and that
// key.
type SealedRejoin struct {
	Deal uint32
	Key  []byte
}

// Sealed is one device's part in a sealed match as a Table: a key
// holder's device, which plays its own seats and sees only their tiles,
// or a keyless spectator's, which sees the public view. Every party keeps
// the match's ledger, checks every proof and audits each hand (Info.Verified);
// the dealer's party also sequences the deals (SealedConfig.Dealer). A
// transport hands the party the notes it receives (Receive) and carries
// away the notes it sends (SealedConfig.Send).
//
// The documented rule of a sealed table: a device sees every seat it
// plays, AI seats included; Snapshot and Subscribe refuse the other
// players, and every device may look at the public view (Spectator).
// Updates carry no events: the snapshot's view says what changed.
//
// One goroutine owns the party; every method is safe for concurrent use.
type Sealed struct {
	actor
	cfg     SealedConfig
	ended   chan struct{}
	endOnce sync.Once
	once    sync.Once

	// Everything below belongs to the goroutine running run.
	m       *sealedMatch
	me      uint32 // holder index, or sealedplay.Public for a spectator
	dev     *sealedplay.Device
	spec    *sealedplay.Spectator
	seats   [4]SeatInfo
	players [4]ai.Player
	// played are the players this device plays.
	played [4]bool
	// winds are the players' winds in the current deal; hand and round
	// are its hand number and prevailing wind (the ledger moves on when
	// the deal is booked, the deal's end-of-hand sheet does not).
	winds   [4]rules.Wind
	hand    int
	round   rules.Wind
	between bool // no deal is in play: before the first, or the current one is over and booked
	// prep: the current deal is being prepared (keys and shuffles) behind
	// the end of deal sheet, which the view keeps showing (shownDev or
	// shownSpec, the winds, hand, readiness and verdict of that deal)
	// until the deal's last shuffle deals it.
	prep      bool
	sheet     uint32
	shownDev  *sealedplay.Device
	shownSpec *sealedplay.Spectator
	// answered is, per seat, the decision it last answered, +1.
	answered [4]uint64
	// A rejoining party's: the key it saved, whether it waits for the
	// transport to catch it up (catching), whether the current deal is
	// the one that key is for (restore) and the relayed messages of that
	// deal, kept until it is caught up.
	key      *sealed.PrivateKey
	catching bool
	restore  bool
	log      []sealedplay.Msg
	// gave are the seats whose answer to the open decision the dealer
	// has (SealedHeld), until the party is caught up.
	gave     []rules.Wind
	ready    [4]bool
	verified *bool
	void     string
	voidWhy  VoidWhy
	voidBy   []int
	problem  error
	over     bool
	closed   bool
	subs     map[*subscription]bool
	streams  [numStreams]sealedStream

	// The dealer's: the sequencer, this device's messages to it, the
	// messages it refused for now (ErrNotNow), what the sequencer made of
	// a prepared deal's last shuffle (checked, not yet relayed) until
	// every player is ready, the stall timer's turn.
	seq      *sealedplay.Sequencer
	local    []sealedplay.Msg
	later    []laterMsg
	held     []sealedplay.Msg
	draining bool
	started  bool
	stall    *time.Timer
	turn     uint64
	refused  []string
	// refusedMore counts the refusals past maxRefused.
	refusedMore int
	// steps counts the decisions relayed in the deal (actions and a
	// claim window's answers): an action refused for now is offered again
	// only while no decision was taken since (laterMsg).
	steps uint64
	// holds are, per seat, the decision (steps+1) whose answer the
	// sequencer holds until every seat has answered; told are the seats
	// whose answer the dealer has, as last told (SealedHeld).
	holds [4]uint64
	told  [4]bool
	// leaving is closed at the hand boundary once the dealer leaves
	// (Leave), left set then; nil while it stays.
	leaving chan struct{}
	left    bool
	// arrivals are the devices that came late, which hold a key from the
	// next deal prepared on (AddHolder).
	arrivals []arrival
}

// sealedStream is one player's (or the spectators') numbered stream, with
// the snapshot it was last sent.
type sealedStream struct {
	seq  uint64
	last *Snapshot
}

// NewSealed makes a device's party from cfg and starts its goroutine. A
// dealer's party deals its first hand at Start.
func NewSealed(cfg SealedConfig) (*Sealed, error) {
	m, err := newSealedMatch(cfg.Table, cfg.Setup)
	if err != nil {
		return nil, err
	}
	t := &Sealed{actor: newActor(), cfg: cfg, ended: make(chan struct{}), m: m, me: sealedplay.Public, between: true, subs: map[*subscription]bool{}}
	switch {
	case cfg.Holder >= 0 && cfg.Holder < len(cfg.Setup.Peers):
		t.me = uint32(cfg.Holder)
	case cfg.Holder != Spectator:
		return nil, fmt.Errorf("table: holder %d of a sealed table of %d key holders; allowed: 0 to %d, or %d for a spectator", cfg.Holder, len(cfg.Setup.Peers), len(cfg.Setup.Peers)-1, Spectator)
	case cfg.Dealer:
		return nil, errors.New("table: the dealer's device holds no key; it must play a seat at a sealed table")
	}
	switch {
	case cfg.Rejoin != nil && (t.me == sealedplay.Public || cfg.Dealer || cfg.Setup.From == nil):
		return nil, errors.New("table: only a key holder's device that is not the dealer's rejoins a sealed match, with the ledger before the current deal (Setup.From)")
	case cfg.Setup.From != nil && !cfg.Setup.From.Start && t.me != sealedplay.Public && cfg.Rejoin == nil:
		return nil, errors.New("table: only a spectator, a rejoining key holder or the parties of a successor dealer's session (From.Start) take a sealed match up from where it stands; a key holder is there from the first deal")
	case cfg.Rejoin != nil && len(cfg.Rejoin.Key) > 0:
		t.key = new(sealed.PrivateKey)
		if err := t.key.UnmarshalBinary(cfg.Rejoin.Key); err != nil {
			return nil, fmt.Errorf("table: the saved key of deal %d: %w", cfg.Rejoin.Deal, err)
		}
	}
	t.catching = cfg.Rejoin != nil
	if cfg.Send == nil {
		return nil, errors.New("table: a sealed party needs Send, to carry its notes")
	}
	if t.cfg.Wait <= 0 {
		t.cfg.Wait = DefaultSealedWait
	}
	for p := range t.seats {
		t.played[p] = t.me != sealedplay.Public && cfg.Setup.Players[p] == cfg.Holder
		s := SeatInfo{Kind: SeatRemote, Connected: true}
		if t.played[p] {
			c := cfg.Seats[p]
			s.Kind = c.Kind
			switch c.Kind {
			case "", SeatAI:
				s.Kind, s.Level = SeatAI, string(c.Level)
				if s.Level == "" {
					s.Level = string(ai.Intermediate)
				}
				if _, err := ai.New(ai.Level(s.Level), wall.Seed{}); err != nil {
					return nil, fmt.Errorf("table: player %d: %w", p, err)
				}
				t.players[p] = c.Player
				if c.Player == nil {
					t.players[p] = computer(ai.Level(s.Level), wall.Derive(cfg.Setup.Seed, "sealed ai", p))
				}
			case SeatHuman:
			default:
				return nil, fmt.Errorf("table: player %d: seat kind %q; a device plays its own seats: human or ai", p, c.Kind)
			}
		}
		if p < len(cfg.Setup.Names) {
			s.Name = cfg.Setup.Names[p]
		}
		if t.played[p] && cfg.Seats[p].Name != "" {
			s.Name = cfg.Seats[p].Name
		}
		if s.Name == "" {
			s.Name = DefaultName(p, s.Kind)
		}
		t.seats[p] = s
	}
	t.winds = t.windsNow()
	t.hand, t.round = m.ledger.Number, m.ledger.Round
	go t.run()
	return t, nil
}

// windsNow are the players' winds in the ledger's current hand.
func (t *Sealed) windsNow() [4]rules.Wind {
	var w [4]rules.Wind
	for p := range w {
		w[p] = t.m.ledger.WindOf(p)
	}
	return w
}

// Start deals the first hand of a dealer's party, once every key holder's
// device is connected. Starting a started table does nothing.
func (t *Sealed) Start(ctx context.Context) error {
	return t.call(ctx, func() error {
		switch {
		case !t.cfg.Dealer:
			return errors.New("table: only the dealer's party deals a sealed table")
		case t.started || t.closed:
			return nil
		}
		t.started = true
		t.next()
		return t.problem
	})
}

// Receive hands the party a note from the network: from the dealer at a
// device, from key holder n.From at the dealer. It returns once the party
// took it; an error says what was wrong with it (at a device, a note of
// the dealer that fails a check: the device cannot go on with this
// dealer).
func (t *Sealed) Receive(ctx context.Context, n SealedNote) error {
	return t.call(ctx, func() error {
		if t.closed {
			return ErrClosed
		}
		if t.cfg.Dealer {
			return t.fromDevice(n)
		}
		err := t.fromDealer(n)
		if err != nil && t.problem == nil {
			t.problem = err
			t.changed()
		}
		return err
	})
}

// Record returns the match as this party saw it so far.
func (t *Sealed) Record() SealedRecord {
	var r SealedRecord
	if t.call(context.Background(), func() error { r = t.m.record(); return nil }) != nil {
		return SealedRecord{}
	}
	return r
}

// Ledger returns where the match stands as this party saw it: the deals
// dealt so far (the one in play, or being prepared behind a sheet,
// included), the ledger's standing and its booked hands. A successor
// dealer's session starts from it (SealedFrom.Start): a hand cut short
// is dealt again under its number.
func (t *Sealed) Ledger(ctx context.Context) (SealedFrom, error) {
	var f SealedFrom
	err := t.call(ctx, func() error {
		f = *t.m.from().From
		f.History = slices.Clone(f.History)
		return nil
	})
	return f, err
}

// Refused returns the messages the dealer's sequencer refused so far,
// with why: the first 64, and then how many more.
func (t *Sealed) Refused() []string {
	var r []string
	t.call(context.Background(), func() error {
		r = slices.Clone(t.refused)
		if t.refusedMore > 0 {
			r = append(r, fmt.Sprintf("and %d more refused", t.refusedMore))
		}
		return nil
	})
	return r
}

// Done is closed when the match is over or the table closed.
func (t *Sealed) Done() <-chan struct{} { return t.ended }

// Close stops the party: it ends every subscription and stops its
// goroutine. Closing twice does nothing.
func (t *Sealed) Close() error {
	t.once.Do(func() {
		t.call(context.Background(), func() error {
			t.closed = true
			t.stopStall()
			for sub := range t.subs {
				sub.Finish()
			}
			t.subs = nil
			return nil
		})
		t.endOnce.Do(func() { close(t.ended) })
		t.stopRun()
	})
	return nil
}

// Snapshot returns what player (a player this device plays, or Spectator)
// may see now.
func (t *Sealed) Snapshot(ctx context.Context, player int) (Snapshot, error) {
	var s Snapshot
	err := t.call(ctx, func() error {
		if err := t.viewer(player); err != nil {
			return err
		}
		s = t.snapshot(streamOf(player))
		return nil
	})
	return s, err
}

// Subscribe opens the stream of updates of player (a player this device
// plays, or Spectator).
func (t *Sealed) Subscribe(ctx context.Context, player int) (Snapshot, Subscription, error) {
	return t.subscribe(ctx, player, &t.subs, func(k int) (Snapshot, error) {
		if t.closed {
			return Snapshot{}, ErrClosed
		}
		if err := t.viewer(player); err != nil {
			return Snapshot{}, err
		}
		s := t.snapshot(k)
		t.streams[k].last = &s
		return s, nil
	})
}

// Submit plays an intent of a person this device plays: an action, whose
// Decision is the view's StateID, or readiness for the next hand.
func (t *Sealed) Submit(ctx context.Context, in Intent) error {
	if err := checkPlayer(in.Player); err != nil {
		return err
	}
	return t.call(ctx, func() error { return t.submit(in) })
}

// viewer checks that this device may show player.
func (t *Sealed) viewer(p int) error {
	if err := checkViewer(p); err != nil {
		return err
	}
	if p != Spectator && !t.played[p] {
		return &RefusedError{Reason: ReasonNotYours, Detail: fmt.Sprintf("player %d is played on another device: a sealed table shows a device the players it plays (%v) and the public view (player %d)", p, t.mine(), Spectator)}
	}
	return nil
}

// mine returns the players this device plays.
func (t *Sealed) mine() []int {
	var out []int
	for p, ok := range t.played {
		if ok {
			out = append(out, p)
		}
	}
	return out
}

// submit checks and plays an intent.
func (t *Sealed) submit(in Intent) error {
	refuse := func(r Reason, format string, args ...any) error {
		return &RefusedError{Reason: r, Detail: fmt.Sprintf(format, args...)}
	}
	switch {
	case t.closed:
		return refuse(ReasonClosed, "the table is closed")
	case !t.played[in.Player]:
		return refuse(ReasonNotYours, "player %d is played on another device; this device plays %v", in.Player, t.mine())
	case t.seats[in.Player].Kind == SeatAI:
		return refuse(ReasonNotYours, "player %d is a computer player", in.Player)
	case t.over:
		return refuse(ReasonOver, "the match is over")
	case t.dev == nil:
		return refuse(ReasonNoDecide, "the match has not started")
	}
	switch in.Kind {
	case IntentNextHand:
		if !t.between || !t.verifiedNow() {
			return refuse(ReasonNoDecide, "hand %d is not over; next-hand is for the end of a hand", t.hand)
		}
		t.setReady(in.Player)
		return nil
	case IntentAction:
	default:
		return refuse(ReasonBadIntent, "intent kind %q; allowed: action, next-hand", in.Kind)
	}
	if t.between {
		return refuse(ReasonNoDecide, "hand %d is over; send next-hand", t.hand)
	}
	seat := t.winds[in.Player]
	if !slices.Contains(t.dev.Decides(), seat) {
		return refuse(ReasonNoDecide, "player %d owes no decision now", in.Player)
	}
	v := t.dev.View(seat)
	if in.Decision != v.StateID || t.answered[seat] == v.StateID+1 {
		return refuse(ReasonStale, "decision %d was answered or replaced; the decision now is %d", in.Decision, v.StateID)
	}
	if !slices.Contains(v.Legal, in.Action) {
		allowed := make([]string, len(v.Legal))
		for i, a := range v.Legal {
			allowed[i] = a.String()
		}
		return refuse(Reason(game.ReasonNotLegal), "player %d may not %s; allowed: %v", in.Player, in.Action, allowed)
	}
	t.act(seat, v.StateID, in.Action)
	t.settle()
	return nil
}

// verifiedNow reports whether the last deal, over, checked out.
func (t *Sealed) verifiedNow() bool { return t.verified != nil && *t.verified && t.void == "" }

// act sends seat's action on decision id.
func (t *Sealed) act(seat rules.Wind, id uint64, a game.Action) {
	msg, err := t.dev.Act(seat, a)
	if err != nil {
		t.fail(fmt.Errorf("table: seat %v cannot play %v: %w", seat, a, err))
		return
	}
	t.answered[seat] = id + 1
	t.emit([]sealedplay.Msg{msg})
	t.changed()
}

// fail shows what keeps the party from going on.
func (t *Sealed) fail(err error) {
	t.problem = err
	t.changed()
}

// settle plays this device's computer seats that owe a decision.
func (t *Sealed) settle() {
	for !t.closed && t.dev != nil && !t.between {
		acted := false
		for _, seat := range t.dev.Decides() {
			p := t.m.ledger.PlayerAt(seat)
			v := t.dev.View(seat)
			if t.players[p] == nil || v == nil || len(v.Legal) == 0 || t.answered[seat] == v.StateID+1 {
				continue
			}
			t.act(seat, v.StateID, choose(t.players[p], v, false))
			acted = true
		}
		if !acted {
			return
		}
	}
}

// begin starts deal n with a fresh key; a key holder sends its key. After
// a verified hand the deal is prepared behind its sheet (prep), and is
// dealt by its last shuffle (dealt).
func (t *Sealed) begin(n uint32) error {
	if !t.between || n != t.m.deal+1 || t.m.over() {
		return fmt.Errorf("table: deal %d cannot start after deal %d (over: %v)", n, t.m.deal, t.between)
	}
	t.m.deal = n
	if !t.prep && t.verifiedNow() {
		t.prep, t.shownDev, t.shownSpec = true, t.dev, t.spec
	}
	if !t.prep {
		t.dealt()
	}
	cfg, err := t.m.config()
	if err != nil {
		return err
	}
	if t.me == sealedplay.Public {
		t.spec, err = sealedplay.NewSpectator(cfg)
		t.changed()
		return err
	}
	d, key, err := sealedplay.NewDevice(cfg, t.me)
	if err != nil {
		return err
	}
	t.dev = d
	if t.cfg.SaveKey != nil {
		b, err := d.Key().MarshalBinary()
		if err != nil {
			return fmt.Errorf("table: cannot save the key of deal %d: %w", n, err)
		}
		t.cfg.SaveKey(n, b)
	}
	t.changed()
	t.emit([]sealedplay.Msg{key})
	return nil
}

// rejoined takes deal n up as the deal whose key this device saved
// before its app restarted: its device is rebuilt once the transport
// caught the party up (CaughtUp).
func (t *Sealed) rejoined(n uint32) error {
	if !t.between || n != t.m.deal+1 {
		return fmt.Errorf("table: deal %d cannot start after deal %d (over: %v)", n, t.m.deal, t.between)
	}
	t.m.deal, t.restore = n, true
	t.dealt()
	t.changed()
	return nil
}

// CaughtUp tells a rejoining party (SealedConfig.Rejoin) that the
// transport handed it every note the dealer sent before it came back:
// it rebuilds its device of the deal from the saved key and the relayed
// messages, sends what it still owes, says its players are ready (it
// cannot show the sheet of the hand before again) and plays on.
func (t *Sealed) CaughtUp(ctx context.Context) error {
	return t.call(ctx, func() error {
		if !t.catching || t.closed {
			return errors.New("table: only a rejoining party is caught up, once")
		}
		t.catching = false
		if t.restore {
			t.restore = false
			log := t.log
			t.log = nil
			if err := t.restored(log); err != nil {
				if t.problem == nil {
					t.fail(err)
				}
				return err
			}
		}
		t.gave = nil
		// After what it owes: a last shuffle the dealer holds until the
		// players are ready is then still held, and the one owed again
		// is dropped.
		for p, mine := range t.played {
			if mine {
				t.cfg.Send(SealedNote{Kind: SealedReady, Deal: t.cfg.Setup.From.Deal, Body: []byte{byte(p)}})
			}
		}
		t.changed()
		return nil
	})
}

// restored rebuilds this device in the current deal from its saved key
// and log, the deal's relayed messages, and sends what it owes.
func (t *Sealed) restored(log []sealedplay.Msg) error {
	cfg, err := t.m.config()
	if err != nil {
		return err
	}
	d, owed, err := sealedplay.RestoreDevice(cfg, t.me, t.key, log)
	if err != nil {
		return fmt.Errorf("table: cannot rejoin deal %d from the saved key: %w", t.m.deal, err)
	}
	t.dev = d
	// A seat answered before the restart the decision the dealer has its
	// answer to (SealedHeld), and the window it won, whose opening it
	// still owes: the engine shows the window open until it is opened.
	done := slices.Clone(t.gave)
	for _, m := range owed {
		if m.Type == sealedplay.TOpen {
			done = append(done, m.Seat)
		}
	}
	for _, seat := range done {
		if v := d.View(seat); v != nil {
			t.answered[seat] = v.StateID + 1
		}
	}
	return t.answer(owed, d.Over())
}

// dealt shows the current deal: its last shuffle came, or it was not
// prepared behind a sheet.
func (t *Sealed) dealt() {
	t.prep, t.between, t.answered, t.ready = false, false, [4]uint64{}, [4]bool{}
	t.shownDev, t.shownSpec = nil, nil
	t.winds, t.hand, t.round = t.windsNow(), t.m.ledger.Number, t.m.ledger.Round
}

// lastShuffle reports whether m completes the deal's shuffle chain: the
// link of the last key holder.
func (t *Sealed) lastShuffle(m sealedplay.Msg) bool {
	return m.Type == sealedplay.TShuffle && int(m.From) == len(t.m.setup.Peers)-1
}

// receive takes a message the sequencer relayed, sends this device's
// answers and plays its computer seats; once the deal is over it books
// its verdict.
func (t *Sealed) receive(m sealedplay.Msg) error {
	if t.between && !t.prep {
		return errors.New("table: a message outside a deal")
	}
	var out []sealedplay.Msg
	var err error
	var over bool
	if t.dev != nil {
		out, err = t.dev.Receive(m)
		over = t.dev.Over()
	} else {
		err = t.spec.Receive(m)
		over = t.spec.Over()
	}
	if err != nil {
		return err
	}
	if t.prep && t.lastShuffle(m) {
		t.dealt()
	}
	return t.answer(out, over)
}

// answer sends this device's answers to the sequencer and plays its
// computer seats; once the deal is over (over) it books its verdict.
func (t *Sealed) answer(out []sealedplay.Msg, over bool) error {
	t.emit(out)
	if !over {
		t.settle()
		t.changed()
		return nil
	}
	v := t.spec.Audit
	if t.dev != nil {
		v = t.dev.Audit
	}
	verdict := v()
	var err error
	if t.prep {
		// A prepared deal voided before it was dealt: it is dealt again
		// behind the same sheet.
		t.changed()
		return t.m.end(verdict)
	}
	t.between, t.sheet = true, t.m.deal
	t.verified = &verdict.Verified
	err = t.m.end(verdict)
	booked := t.m.hands[len(t.m.hands)-1]
	t.void, t.voidWhy, t.voidBy = "", "", nil
	if !verdict.Verified {
		t.void, t.voidWhy, t.voidBy = verdict.Reason, booked.VoidWhy, booked.VoidBy
	}
	if err != nil {
		return err
	}
	if verdict.Verified && !t.m.over() {
		for p, pl := range t.players {
			if pl != nil {
				t.setReady(p)
			}
		}
	}
	t.changed()
	return nil
}

// setReady marks player p ready for the next hand: a device tells the
// dealer, the dealer tells every party and deals once every player is.
func (t *Sealed) setReady(p int) {
	if t.ready[p] {
		return
	}
	t.markReady(p)
	if t.leaving != nil {
		t.boundary()
		return
	}
	if t.cfg.Dealer && t.ready == [4]bool{true, true, true, true} && t.held != nil {
		out := t.held
		t.held = nil
		t.draining = true
		t.pass(out)
		t.draining = false
		t.arm()
		t.drain()
	}
}

// markReady marks player p ready and tells the dealer (a device) or
// every party (the dealer).
func (t *Sealed) markReady(p int) {
	t.ready[p] = true
	t.changed()
	t.cfg.Send(SealedNote{Kind: SealedReady, Deal: t.sheet, Body: []byte{byte(p)}})
}

// emit sends this device's messages to the sequencer: the dealer's own,
// a device's over the network.
func (t *Sealed) emit(ms []sealedplay.Msg) {
	if t.cfg.Dealer {
		t.local = append(t.local, ms...)
		t.drain()
		return
	}
	for _, m := range ms {
		b, err := m.MarshalBinary()
		if err != nil {
			t.fail(fmt.Errorf("table: cannot encode this device's %v message: %w", m.Type, err))
			continue
		}
		t.cfg.Send(SealedNote{Kind: SealedPlay, Deal: t.m.deal, Body: b})
	}
}

// fromDealer takes a note of the dealer at a device.
func (t *Sealed) fromDealer(n SealedNote) error {
	switch n.Kind {
	case SealedDeal:
		if peers, players, ok, err := dealSeating(n.Body); err != nil {
			return err
		} else if ok {
			if err := t.reseat(peers, players); err != nil {
				return err
			}
		}
		if t.catching && t.key != nil && n.Deal == t.cfg.Rejoin.Deal {
			return t.rejoined(n.Deal)
		}
		return t.begin(n.Deal)
	case SealedPlay:
		if n.Deal != t.m.deal || (t.between && !t.prep) {
			return fmt.Errorf("table: the dealer relayed a message of deal %d during deal %d (over: %v)", n.Deal, t.m.deal, t.between)
		}
		var m sealedplay.Msg
		if err := m.UnmarshalBinary(n.Body); err != nil {
			return err
		}
		if t.restore {
			t.log = append(t.log, m) // until the party is caught up
			return nil
		}
		if err := t.receive(m); err != nil {
			return fmt.Errorf("table: deal %d: this device refused a relayed %v message: %w", n.Deal, m.Type, err)
		}
		return nil
	case SealedReady:
		p, err := readyPlayer(n)
		if err != nil {
			return err
		}
		if n.Deal == t.sheet && t.between && !t.ready[p] {
			t.ready[p] = true
			t.changed()
		}
		return nil
	case SealedHeld:
		if !t.catching || n.Deal != t.m.deal || n.From != int(t.me) {
			return nil // another device's, or another deal's: not this rejoin's
		}
		t.gave = t.gave[:0]
		for _, b := range n.Body {
			if b > byte(rules.N) {
				return fmt.Errorf("table: the dealer said it has an answer of seat %d; seats are 0 to 3", b)
			}
			t.gave = append(t.gave, rules.Wind(b))
		}
		return nil
	case SealedEnd:
		if !t.m.over() || !t.between {
			return fmt.Errorf("table: the dealer ended the match after hand %d, which this device does not see as its end", t.m.ledger.Number)
		}
		t.finish()
		return nil
	}
	return fmt.Errorf("table: a note of kind %d; allowed: %d to %d", n.Kind, SealedDeal, SealedHeld)
}

// readyPlayer is the player a SealedReady note names.
func readyPlayer(n SealedNote) (int, error) {
	if len(n.Body) != 1 || n.Body[0] > 3 {
		return 0, fmt.Errorf("table: a ready note names %d bytes %v; it names one player, 0 to 3", len(n.Body), n.Body)
	}
	return int(n.Body[0]), nil
}

// finish ends the match.
func (t *Sealed) finish() {
	t.over = true
	t.stopStall()
	t.changed()
	t.endOnce.Do(func() { close(t.ended) })
}

// snapshot returns what stream k may see now.
func (t *Sealed) snapshot(k int) Snapshot {
	st := &t.streams[k]
	s := Snapshot{Seq: st.seq, Player: k, Info: t.info()}
	dev, spec := t.dev, t.spec
	if t.prep {
		dev, spec = t.shownDev, t.shownSpec
	}
	if k == spectatorStream {
		s.Player = Spectator
		switch {
		case dev != nil:
			s.View = dev.PublicView()
		case spec != nil:
			s.View = spec.View()
		}
		return s
	}
	if dev == nil || !t.played[k] {
		return s // a player given to a device that came late: no longer seen here
	}
	seat := t.winds[k]
	if !dev.Settled(seat) {
		// A tile is being revealed to the seat, which the engine holds
		// imagined: the player is shown it once it is known.
		if st.last != nil {
			return *st.last
		}
		return s
	}
	s.View = dev.View(seat)
	if s.View != nil && (t.answered[seat] == s.View.StateID+1 || !slices.Contains(dev.Decides(), seat)) {
		s.View.Legal = nil
	}
	return s
}

// info returns the match's facts.
func (t *Sealed) info() Info {
	l := t.m.ledger
	in := Info{Rules: t.m.rs.ID(), Options: t.m.opts.Map(), Seats: t.seats, Winds: t.winds, Balances: l.Balances,
		Hand: t.hand, Round: t.round, History: summaries(l.History), Over: t.over, Ready: t.ready,
		Started: t.m.deal > 0, Hands: t.m.setup.Hands, Sealed: true, Void: t.void,
		VoidWhy: t.voidWhy, VoidBy: slices.Clone(t.voidBy)}
	if t.verified != nil {
		v := *t.verified
		in.Verified = &v
	}
	if t.problem != nil {
		in.Problem = t.problem.Error()
	}
	return in
}

// changed sends every stream whose snapshot changed an update.
func (t *Sealed) changed() {
	if len(t.subs) == 0 {
		return
	}
	for k := range numStreams {
		var s *Snapshot
		for sub := range t.subs {
			if sub.stream != k {
				continue
			}
			st := &t.streams[k]
			if s == nil {
				now := t.snapshot(k)
				if st.last != nil && reflect.DeepEqual(*st.last, now) {
					break
				}
				st.seq++
				now.Seq = st.seq
				s, st.last = &now, &now
			}
			sub.Push(Update{Seq: s.Seq, Snapshot: *s})
		}
	}
}
