package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
	"github.com/fourwinds-mahjong/fourwinds/p2p/client"
	"github.com/fourwinds-mahjong/fourwinds/p2p/dealer"
	"github.com/fourwinds-mahjong/fourwinds/p2p/discover"
	"github.com/fourwinds-mahjong/fourwinds/p2p/node"
	"github.com/fourwinds-mahjong/fourwinds/p2p/sealed"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
	"github.com/libp2p/go-libp2p/core/peer"
)

func init() {
	register(command{
		name:  "join",
		usage: "join [--ai LEVEL | --watch] [--pin PIN] [--table NAME] [--json] [--state DIR] [--find D] [--give-up D] [--take-over D] [ADDR[#KEY]]",
		about: "sit at a shared table: the first found on the local network, the named one, or the one at ADDR",
		run:   func(args []string, stdout, _ io.Writer) error { return runJoin(args, os.Stdin, stdout) },
	})
}

func runJoin(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := newFlags("join")
	level := fs.String("ai", "", "let the computer play at LEVEL instead of you")
	pin := fs.String("pin", "", "the table's PIN")
	name := fs.String("table", "", "join the table with this name")
	asJSON := fs.Bool("json", false, "print one JSON object per line")
	stateDir := fs.String("state", defaultStateDir(), "directory of the device identity")
	find := fs.Duration("find", time.Minute, "how long to look for a table on the local network")
	giveUp := fs.Duration("give-up", 2*time.Minute, "leave when the dealer has been unreachable this long")
	takeOver := fs.Duration("take-over", 0, "deal on, with the other seated devices, when the dealer has been silent this long (0: never; unset: the host's --takeover-wait)")
	spectate := fs.Bool("watch", false, "watch as a spectator: the public view, no seat (the tablet in the middle of the table)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	takesOver := true
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "take-over" {
			takesOver = *takeOver > 0
		}
	})
	if len(pos) > 1 {
		return usagef("one address at most; got %q", strings.Join(pos, " "))
	}
	if *spectate && *level != "" {
		return usagef("--watch takes no seat, so no --ai")
	}
	if *asJSON && *level == "" && !*spectate {
		return usagef("--json goes with --ai: a person playing in the terminal reads text")
	}
	var player ai.Player
	if *level != "" {
		if player, err = ai.New(ai.Level(*level), wall.SeedFromString(clockSeed())); err != nil {
			return usagef("--ai: %v", err)
		}
	}
	if err := os.MkdirAll(*stateDir, 0o700); err != nil {
		return err
	}
	ctx, stop := interrupted()
	defer stop()
	out := &lines{out: stdout, on: *asJSON}
	h, err := newDevice(*stateDir, []string{"/ip4/0.0.0.0/tcp/0", "/ip4/0.0.0.0/udp/0/quic-v1"})
	if err != nil {
		return err
	}
	defer h.Close()

	started := time.Now()
	var info peer.AddrInfo
	key := ""
	if len(pos) == 1 {
		_, key = discover.SplitKey(pos[0])
		if info, err = discover.ParseAddr(ctx, h, pos[0]); err != nil {
			return usagef("%v", err)
		}
	} else {
		out.say("Looking for a table on the local network…")
		fctx, cancel := context.WithTimeout(ctx, *find)
		found, err := discover.Find(fctx, h, *name)
		cancel()
		if err != nil {
			return err
		}
		info = found.Peer
		out.emit(map[string]any{"type": "found", "peer": info.ID.String(), "lobby": found.Lobby, "ms": time.Since(started).Milliseconds()})
		out.say("Found %q (%s), %d free seats.", found.Lobby.Name, found.Lobby.Rules, len(found.Lobby.Free))
	}
	jctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	want := wire.AnySeat
	if *spectate {
		want = table.Spectator
	}
	opts := client.Options{Player: want, PIN: *pin, Key: key, Retry: 500 * time.Millisecond, Locate: discover.Locate, GiveUp: *giveUp, TakeOverAfter: *takeOver}
	var dealing atomic.Pointer[dealer.Dealer]     // set once this device took the table over
	var joined atomic.Pointer[client.Client]      // set once seated, for the take-over's words
	var following atomic.Pointer[sealed.Follower] // set once a sealed match is followed
	// A sealed match's public facts are its own, not the lobby's.
	opts.Match = func() (table.Info, bool) {
		if f := following.Load(); f != nil {
			return f.Info()
		}
		return table.Info{}, false
	}
	if takesOver {
		opts.TakeOver = func(_ context.Context, info table.Info, term uint64, holders [4]peer.ID) (table.Table, error) {
			out.emit(map[string]any{"type": "take_over", "hand": info.Standing.Number})
			why := "The dealer is gone"
			if c := joined.Load(); c != nil {
				if ho, ok := c.HandOver(); ok && ho.Now {
					why = "The dealer left and handed the table over"
				}
			}
			out.say("%s: this device deals on from hand %d.", why, info.Standing.Number)
			var wait time.Duration
			if c := joined.Load(); c != nil {
				wait = c.TakeOverAfter()
			}
			var t *node.TakenOver
			var err error
			if f := following.Load(); f != nil {
				t, err = takeOverSealed(h, f, info, term, holders, *pin, key, wait, out)
			} else {
				t, err = node.TakeOver(h, info, term, holders, *pin, key, wait, nil, nil)
			}
			if err != nil {
				out.emit(map[string]any{"type": "warning", "text": err.Error()})
				out.say("This device cannot deal on: %v", err)
				return nil, err
			}
			dealing.Store(t.Dealer)
			out.unadvertised(t.Announcement)
			return t, nil
		}
	}
	c, err := client.Join(jctx, h, info, opts)
	cancel()
	if err != nil {
		return err
	}
	defer c.Close()
	joined.Store(c)
	out.emit(map[string]any{"type": "seated", "player": c.Player(), "ms": time.Since(started).Milliseconds()})
	if *spectate {
		out.say("Watching.")
	} else {
		out.say("Seated as player %d.", c.Player()+1)
	}

	if sealed.Announced(h, c.Dealer()) {
		c.DealtElsewhere()
		return joinSealed(ctx, h, c, ai.Level(*level), *spectate, stdin, *giveUp, *stateDir, &following, &dealing, out)
	}
	var end table.Snapshot
	switch {
	case *spectate:
		end, err = watch(ctx, c, out)
	case player != nil:
		if *asJSON {
			_, sub, err := c.Subscribe(ctx, c.Player())
			if err != nil {
				return err
			}
			defer sub.Close()
			go func() {
				for u := range sub.Updates() {
					out.emit(newUpdateLine(u))
				}
			}()
		}
		logged := &loggedTable{Table: c, out: out, started: started}
		end, err = table.Autoplay(ctx, logged, c.Player(), player, func(s table.Snapshot) {
			logged.mu.Lock()
			logged.last = s
			logged.mu.Unlock()
		})
	default:
		end, err = playRemote(ctx, c, c.Player(), stdin, out)
	}
	if c.GaveUp() {
		return fmt.Errorf("the dealer has been unreachable for %s", *giveUp)
	}
	if err != nil {
		return err
	}
	if d := dealing.Load(); d != nil {
		// This device deals now: the other devices leave once they have
		// the end; the last updates and the last reveal reach them first.
		for range 100 {
			if d.Connected() == [4]bool{} {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	// The last hand's deal is revealed just after the end.
	for range 40 {
		if v, _ := c.Verified(); v != nil && end.Info.History != nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	v, why := c.Verified()
	end.Info.Verified = v
	e := newEndLine(end)
	e.BytesIn = c.BytesIn()
	out.emit(e)
	switch {
	case v == nil:
	case *v:
		out.say("Deal verified.")
	default:
		out.say("The deal did NOT check out: %v", why)
	}
	out.say("The table is over. Balances: %v", end.Info.Balances)
	return nil
}

// loggedTable prints every intent the computer player submits, with when
// it was accepted (for the benchmarks).
type loggedTable struct {
	table.Table
	out     *lines
	started time.Time
	mu      sync.Mutex
	last    table.Snapshot
}

// intentLine is what --json prints for each accepted intent.
type intentLine struct {
	Type   string `json:"type"`
	TS     int64  `json:"ts"`
	MS     int64  `json:"ms"`
	Hand   int    `json:"hand"`
	Seat   string `json:"seat"`
	Action string `json:"action"`
}

func (l *loggedTable) Submit(ctx context.Context, in table.Intent) error {
	at := time.Now()
	err := l.Table.Submit(ctx, in)
	if err == nil && in.Kind == table.IntentAction {
		l.mu.Lock()
		s := l.last
		l.mu.Unlock()
		line := intentLine{Type: "intent", TS: at.UnixNano(), MS: time.Since(l.started).Milliseconds(), Hand: s.Info.Hand, Action: in.Action.Type.String()}
		if s.View != nil {
			line.Seat = s.View.Seat.String()
		}
		l.out.emit(line)
	}
	return err
}

// playRemote lets the person play their seat (player me) at tbl in the
// terminal.
func playRemote(ctx context.Context, tbl table.Table, me int, stdin io.Reader, out *lines) (table.Snapshot, error) {
	snap, sub, err := tbl.Subscribe(ctx, me)
	if err != nil {
		return snap, err
	}
	defer sub.Close()
	input := make(chan string)
	go func() {
		sc := bufio.NewScanner(stdin)
		for sc.Scan() {
			input <- sc.Text()
		}
		close(input)
	}()
	w := out.out
	names := func(wind rules.Wind) string {
		for p, pw := range snap.Info.Winds {
			if pw == wind {
				if p == me {
					return fmt.Sprintf("%s (you)", wind)
				}
				return fmt.Sprintf("%s (%s)", wind, snap.Info.Seats[p].Name)
			}
		}
		return wind.String()
	}
	setup, err := snap.Info.Setup()
	if err != nil {
		return snap, err
	}
	// asked is the decision last put to the person; none yet (a hand's
	// first decision has id 0).
	const none = ^uint64(0)
	asked := none
	for !snap.Info.Over {
		v := snap.View
		switch {
		case v == nil:
		case table.NothingToDecide(v) && asked != v.StateID:
			asked = v.StateID
			if err := tbl.Submit(ctx, table.Intent{Player: me, Kind: table.IntentAction, Decision: v.StateID, Action: v.Legal[0]}); err != nil {
				fmt.Fprintf(w, "Not taken: %v\n", err)
			}
		case v.Phase == game.PhaseEnd && !snap.Info.Ready[me] && asked != v.StateID+1<<62:
			asked = v.StateID + 1<<62
			writeResult(w, v.Result, names)
			fmt.Fprintln(w, "Press Enter for the next hand (q to quit).")
		case len(v.Legal) > 0 && asked != v.StateID:
			asked = v.StateID
			writeTable(w, v, setup, names)
			writeChoices(w, v.Legal)
			fmt.Fprint(w, "> ")
		}
		select {
		case u, ok := <-sub.Updates():
			if !ok {
				return snap, errors.New("the table closed")
			}
			if void := u.Snapshot.Info.Void; void != "" && void != snap.Info.Void {
				fmt.Fprintf(w, "Hand void, dealt again with fresh keys: %s\n", void)
			}
			snap = u.Snapshot // first: a new hand's events name its winds
			for _, e := range u.Events {
				if s := describe(e, setup); s != "" && e.Seat != rules.NoWind {
					fmt.Fprintf(w, "[%s] %s\n", names(e.Seat), s)
				} else if s != "" {
					fmt.Fprintln(w, s)
				}
			}
		case line, ok := <-input:
			text := strings.TrimSpace(line)
			if !ok || text == "q" || text == "quit" {
				return snap, errors.New("left the table")
			}
			if v == nil {
				continue
			}
			in := table.Intent{Player: me, Kind: table.IntentNextHand}
			if v.Phase != game.PhaseEnd {
				a, ok := parseChoice(text, v.Legal)
				if !ok {
					fmt.Fprintf(w, "%q is not one of your choices: type its number or a tile to discard.\n> ", text)
					continue
				}
				in = table.Intent{Player: me, Kind: table.IntentAction, Decision: v.StateID, Action: a}
			}
			if err := tbl.Submit(ctx, in); err != nil {
				fmt.Fprintf(w, "Not taken: %v\n", err)
				asked = none
			}
		case <-ctx.Done():
			return snap, ctx.Err()
		}
	}
	return snap, nil
}
