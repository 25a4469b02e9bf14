package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
	"github.com/fourwinds-mahjong/fourwinds/p2p/client"
	"github.com/fourwinds-mahjong/fourwinds/p2p/dealer"
	"github.com/fourwinds-mahjong/fourwinds/p2p/discover"
	"github.com/fourwinds-mahjong/fourwinds/p2p/node"
	"github.com/fourwinds-mahjong/fourwinds/p2p/sealed"
	"github.com/fourwinds-mahjong/fourwinds/p2p/wire"
	"github.com/libp2p/go-libp2p/core/host"
	"github.com/libp2p/go-libp2p/core/peer"
)

func init() {
	register(command{
		name:  "host",
		usage: "host --rules ID [--opt K=V]... [--card FILE] [--name NAME] [--pin PIN] [--seats S,S,S,S] [--hands N] [--sealed] [--listen ADDR] [--json] [--record FILE] [--state DIR] [--stand-in D] [--pace D] [--wait D] [--takeover-wait D]",
		about: "deal a shared table on this device: others join it over the local network",
		run:   func(args []string, stdout, stderr io.Writer) error { return runHost(args, os.Stdin, stdout, stderr) },
	})
}

// hostOptions are host's flags, checked.
type hostOptions struct {
	cfg      table.LocalConfig
	pin      string
	listen   []string
	record   string
	stateDir string
	json     bool
	// sealed plays the match sealed (/fourwinds/sealed/1.0.0).
	sealed bool
	wait   time.Duration
	// takeOver is the table's take-over wait (dealer.Config.TakeOverWait).
	takeOver time.Duration
}

func parseHost(args []string, stderr io.Writer) (hostOptions, error) {
	var o hostOptions
	fs := newFlags("host")
	resolve := rulesFlags(fs, "", stderr)
	name := fs.String("name", "", "the table's name in the lobby (default: the host name)")
	fs.StringVar(&o.pin, "pin", "", "a PIN joiners must give")
	seats := fs.String("seats", "ai,remote,remote,remote", "who plays players 1-4: remote, ai or ai:LEVEL")
	hands := fs.Int("hands", 0, "end the table after N hands (0: the whole game)")
	listen := fs.String("listen", "0.0.0.0:4747", "listen address: host:port (TCP and QUIC) or a multiaddr")
	fs.BoolVar(&o.json, "json", false, "print one JSON object per line")
	fs.BoolVar(&o.sealed, "sealed", false, "play sealed: no device, this one included, sees another's tiles, and each hand is audited")
	fs.StringVar(&o.record, "record", "", "write the game record to FILE at the end")
	fs.StringVar(&o.stateDir, "state", defaultStateDir(), "directory of the device identity and the table save")
	standIn := fs.Duration("stand-in", 15*time.Second, "how long an absent player's seat waits before the AI plays it")
	pace := fs.Duration("pace", 300*time.Millisecond, "how long the dealer's AI players think")
	fs.DurationVar(&o.wait, "wait", 0, "deal after this long even if remote seats are empty (the AI plays them until someone sits down); 0 waits for every seat")
	fs.DurationVar(&o.takeOver, "takeover-wait", wire.DefaultTakeOverWait, "if this device falls silent this long, the seated devices deal on without it (a majority of them agreeing)")
	if pos, err := parseFlags(fs, args); err != nil {
		return o, err
	} else if len(pos) > 0 {
		return o, usagef("unexpected argument %q", pos[0])
	}
	if o.takeOver <= 0 {
		return o, usagef("--takeover-wait %s: give a positive duration, such as 5s", o.takeOver)
	}
	r, opts, err := resolve()
	if err != nil {
		return o, err
	}
	if o.sealed {
		if err := table.SealedPlayable(r.ID(), opts.Map()); err != nil {
			return o, usagef("--sealed: %v", err)
		}
	}
	if *hands < 0 {
		return o, usagef("--hands %d: give 0 (the whole game) or more", *hands)
	}
	if o.listen, err = listenAddrs(*listen); err != nil {
		return o, err
	}
	if *name == "" {
		*name, _ = os.Hostname()
	}
	o.cfg = table.LocalConfig{Rules: r.ID(), Card: rules.CardTextOf(r), Options: opts.Map(), Name: *name, Hands: *hands, Hold: true,
		StandIn: *standIn, Pace: *pace, SavePath: filepath.Join(o.stateDir, saveFile)}
	list := strings.Split(*seats, ",")
	if len(list) != 4 {
		return o, usagef("--seats %q: give four seats, each remote, ai or ai:LEVEL", *seats)
	}
	for p, s := range list {
		kind, level, _ := strings.Cut(strings.TrimSpace(s), ":")
		switch {
		case kind == "remote" && level == "":
			o.cfg.Seats[p] = table.SeatConfig{Kind: table.SeatRemote}
		case kind == "ai":
			if level == "" {
				level = string(ai.Intermediate)
			}
			if _, err := ai.New(ai.Level(level), wall.Seed{}); err != nil {
				return o, usagef("--seats: %v", err)
			}
			o.cfg.Seats[p] = table.SeatConfig{Kind: table.SeatAI, Level: ai.Level(level)}
		default:
			return o, usagef("--seats: seat %d is %q; allowed: remote, ai, ai:LEVEL", p+1, s)
		}
	}
	if o.sealed && !strings.Contains(*seats, "remote") {
		return o, usagef("--sealed --seats %q: give at least one remote seat: a sealed table needs 2 to 4 devices holding keys", *seats)
	}
	return o, nil
}

// runHost deals the table; each line "pin NEW" on stdin changes its PIN
// (when someone is guessing it: the "guessing" line).
func runHost(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	o, err := parseHost(args, stderr)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(o.stateDir, 0o700); err != nil {
		return err
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	out := &lines{out: stdout, on: o.json}
	h, err := newDevice(o.stateDir, o.listen)
	if err != nil {
		return err
	}
	defer h.Close()
	if o.sealed {
		sealed.Announce(h)
	}

	// A resumed table may deal a hand before its dealer serves it: each
	// hand's seed waits for the dealer.
	var d *dealer.Dealer
	serving := make(chan struct{})
	seed := func(ctx context.Context, n int) (wall.Seed, error) {
		select {
		case <-serving:
			return d.HandSeed(ctx, n)
		case <-ctx.Done():
			return wall.Seed{}, ctx.Err()
		}
	}
	tbl, resumed, err := openTable(o, seed)
	if err != nil {
		return err
	}
	defer tbl.Close()
	snap, err := tbl.Snapshot(ctx, table.Spectator)
	if err != nil {
		return err
	}
	var open [4]bool
	for p, s := range snap.Info.Seats {
		open[p] = s.Kind == table.SeatRemote
	}
	holders := loadHolders(o.stateDir)
	key := ""
	if o.pin != "" {
		key = dealer.NewKey()
	}
	served := node.Serve(h, dealer.Config{Table: tbl, Name: snap.Info.Name, PIN: o.pin, Key: key, Open: open, Holders: holders, TakeOverWait: o.takeOver,
		OnSeat: func(hs [4]peer.ID) { saveHolders(o.stateDir, hs) },
		OnGuessing: func(wrong int) {
			out.emit(map[string]any{"type": "guessing", "wrong": wrong})
			out.say("Someone is guessing the PIN: %d wrong PINs so far. Type \"pin NEW\" and Enter to change it.", wrong)
		}}, nil)
	defer served.Close()
	d = served.Dealer
	close(serving)
	go changePINs(stdin, d, out)
	leave := d.HandOver
	var match atomic.Pointer[sealed.Host] // a sealed table's match, once it is played
	if o.sealed {
		leave = func(ctx context.Context) (int, <-chan struct{}, error) { return leaveSealed(ctx, d, match.Load()) }
	}
	handed := leaveOnInterrupt(ctx, stop, leave, out)
	out.unadvertised(served.Announcement)
	addrs := node.Addrs(h)
	var joins []string
	for _, a := range addrs {
		joins = append(joins, discover.WithKey(a, key))
	}
	out.emit(map[string]any{"type": "listening", "peer": h.ID().String(), "addrs": addrs, "join": joins, "resumed": resumed, "name": snap.Info.Name})
	out.say("Table %q (%s) on %s", snap.Info.Name, snap.Info.Rules, strings.Join(addrs, " "))
	if key != "" {
		out.say("Join without the PIN at %s", joins[0])
	}

	if o.sealed && snap.Info.Started {
		return fmt.Errorf("the table saved in %s is an ordinary match under way: a sealed table starts afresh; give --sealed another --state directory", o.stateDir)
	}
	if !snap.Info.Started {
		out.say("Waiting for joiners: %d open seats…", countTrue(open))
		wctx, cancel := ctx, context.CancelFunc(func() {})
		if o.wait > 0 {
			wctx, cancel = context.WithTimeout(ctx, o.wait)
		}
		err := waitSeated(wctx, d, open)
		cancel()
		if err != nil && ctx.Err() != nil {
			return err
		}
		if o.sealed {
			return hostSealed(ctx, h, d, o, out, &match, handed)
		}
		if err := tbl.Start(ctx); err != nil {
			return err
		}
	}
	wctx, unwatch := context.WithCancel(ctx)
	go func() {
		select {
		case <-handed:
			unwatch()
		case <-wctx.Done():
		}
	}()
	shown := table.NewSwitch(tbl)
	rejoined := make(chan *client.Client, 1)
	go func() {
		select {
		case <-d.SteppedDown():
		case <-wctx.Done():
			return
		}
		c, err := sitDown(wctx, h, d, shown, o.pin, key, out)
		if err != nil {
			out.emit(map[string]any{"type": "warning", "text": err.Error()})
			out.say("%v", err)
			unwatch()
			return
		}
		tbl.Close() // it saves itself: before the save is removed
		rejoined <- c
	}()
	end, err := watch(wctx, shown, out)
	unwatch()
	select {
	case c := <-rejoined:
		// The table is the newer dealer's: a host started again on this
		// state directory deals afresh rather than resume the hands it
		// dealt alone, and its record would be theirs.
		defer c.Close()
		os.Remove(o.cfg.SavePath)
		os.Remove(filepath.Join(o.stateDir, holdersFile))
		if err != nil {
			return err
		}
		out.emit(newEndLine(end))
		out.say("The table is over. Balances: %v", end.Info.Balances)
		return nil
	default:
	}
	select {
	case <-handed:
		// The table is the successor's now: a host started again on this
		// state directory deals afresh rather than resume it.
		d.Close()
		tbl.Close()
		os.Remove(o.cfg.SavePath)
		os.Remove(filepath.Join(o.stateDir, holdersFile))
		out.emit(map[string]any{"type": "handed_over", "hands": len(end.Info.History)})
		out.say("The table is handed over after hand %d; the game goes on without this device.", len(end.Info.History))
		return nil
	default:
	}
	if err != nil {
		return err
	}
	if o.record != "" {
		rec, err := tbl.Record()
		if err == nil {
			var data []byte
			if data, err = rec.Encode(); err == nil {
				err = writeFileAtomic(o.record, data)
			}
		}
		if err != nil {
			return fmt.Errorf("cannot write the record: %w", err)
		}
	}
	// The joiners leave once they have the end; the last updates and the
	// last reveal reach them first.
	deadline := time.Now().Add(5 * time.Second)
	for d.Connected() != [4]bool{} && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	out.emit(newEndLine(end))
	out.say("The table is over. Balances: %v", end.Info.Balances)
	return nil
}

// openTable resumes the table saved in the state directory, or deals a new
// one when there is none (or the saved one is over). Either waits in its
// lobby until started, as a table saved before it started does again.
func openTable(o hostOptions, seed func(context.Context, int) (wall.Seed, error)) (*table.Local, bool, error) {
	adjust := func(c *table.LocalConfig) { c.HandSeed, c.SavePath, c.Hold = seed, o.cfg.SavePath, true }
	if t, err := table.Resume(o.cfg.SavePath, adjust); err == nil {
		select {
		case <-t.Done():
			t.Close()
		default:
			return t, true, nil
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, false, err
	}
	os.Remove(filepath.Join(o.stateDir, holdersFile))
	cfg := o.cfg
	adjust(&cfg)
	t, err := table.NewLocal(cfg)
	return t, false, err
}

// changePINs reads lines from in: "pin NEW" gives the table the PIN NEW
// (dealer.SetPIN), said in a "pin" line.
func changePINs(in io.Reader, d *dealer.Dealer, out *lines) {
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		cmd, pin, _ := strings.Cut(strings.TrimSpace(sc.Text()), " ")
		if pin = strings.TrimSpace(pin); cmd != "pin" || pin == "" {
			out.emit(map[string]any{"type": "warning", "text": "the host reads one command: pin NEW"})
			out.say(`The host reads one command: "pin NEW" gives the table a new PIN.`)
			continue
		}
		d.SetPIN(pin)
		out.emit(map[string]any{"type": "pin", "pin": pin})
		out.say("The table's PIN is now %s; the players already seated stay.", pin)
	}
}

// waitSeated waits until every open seat has its device connected.
func waitSeated(ctx context.Context, d *dealer.Dealer, open [4]bool) error {
	for {
		if d.Connected() == open {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// watch prints the table's public updates until the match ends.
func watch(ctx context.Context, tbl table.Table, out *lines) (table.Snapshot, error) {
	snap, sub, err := tbl.Subscribe(ctx, table.Spectator)
	if err != nil {
		return snap, err
	}
	defer sub.Close()
	setup, err := snap.Info.Setup()
	if err != nil {
		return snap, err
	}
	for !snap.Info.Over {
		select {
		case u, ok := <-sub.Updates():
			if !ok {
				return snap, errors.New("the table closed before the match ended")
			}
			out.emit(newUpdateLine(u))
			for _, e := range u.Events {
				if s := describe(e, setup); s != "" {
					out.say("%s", s)
				}
			}
			snap = u.Snapshot
		case <-ctx.Done():
			return snap, ctx.Err()
		}
	}
	return snap, nil
}

func countTrue(b [4]bool) int {
	n := 0
	for _, x := range b {
		if x {
			n++
		}
	}
	return n
}

// loadHolders reads the devices seated at the saved table.
func loadHolders(dir string) [4]peer.ID {
	var ids [4]string
	var hs [4]peer.ID
	data, err := os.ReadFile(filepath.Join(dir, holdersFile))
	if err != nil || json.Unmarshal(data, &ids) != nil {
		return hs
	}
	for p, s := range ids {
		if id, err := peer.Decode(s); err == nil {
			hs[p] = id
		}
	}
	return hs
}

// saveHolders keeps the seated devices beside the table save.
func saveHolders(dir string, hs [4]peer.ID) {
	var ids [4]string
	for p, id := range hs {
		if id != "" {
			ids[p] = id.String()
		}
	}
	data, _ := json.Marshal(ids)
	writeFileAtomic(filepath.Join(dir, holdersFile), data)
}

// sitDown is the host's answer to its dealer stepping down (a newer
// dealer deals the table: this device was cut off, or came back too
// late): it watches the table at the newer dealer as a spectator (the
// host plays no seat of its own; its computer players are the newer
// dealer's now) and moves shown there, saying which of its hands are
// void. The newer dealer is the device that told of its term, or else
// one of the seated devices.
func sitDown(ctx context.Context, h host.Host, d *dealer.Dealer, shown *table.Switch, pin, key string, out *lines) (*client.Client, error) {
	ids := []peer.ID{d.ToldBy()}
	for _, id := range d.Holders() {
		if id != "" && id != ids[0] {
			ids = append(ids, id)
		}
	}
	for _, id := range ids {
		jctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		c, err := client.Join(jctx, h, peer.AddrInfo{ID: id}, client.Options{Player: table.Spectator, PIN: pin, Key: key, Retry: 500 * time.Millisecond, Locate: discover.Locate})
		cancel()
		if err != nil {
			continue
		}
		if err := shown.Move(ctx, c, table.Spectator, c.Term()); err != nil {
			c.Close()
			continue
		}
		line := map[string]any{"type": "stepped_down", "term": c.Term(), "dealer": id.String()}
		if v := shown.Voided(); v != nil {
			line["voided_from"], line["voided_to"] = v.From, v.To
			out.emit(line)
			out.say("Another device deals this table now (term %d): hands %d to %d dealt here while it was cut off are void; this device watches the table there.", c.Term(), v.From, v.To)
		} else {
			out.emit(line)
			out.say("Another device deals this table now (term %d); this device watches the table there.", c.Term())
		}
		return c, nil
	}
	return nil, fmt.Errorf("this device stopped dealing for a newer dealer (term %d) and cannot reach it", d.Outranked())
}

// leaveOnInterrupt ends the host at a SIGTERM or a SIGINT (stop). During a
// match, a first SIGINT instead hands the table over at the next hand
// boundary to the first seated device (leave: Dealer.HandOver, or
// leaveSealed): the channel returned is closed once it is handed over; a
// second SIGINT stops at once.
func leaveOnInterrupt(ctx context.Context, stop context.CancelFunc, leave func(context.Context) (int, <-chan struct{}, error), out *lines) <-chan struct{} {
	handed := make(chan struct{})
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		defer signal.Stop(sigs)
		leaving := false
		for {
			var s os.Signal
			select {
			case <-ctx.Done():
				return
			case s = <-sigs:
			}
			if s != os.Interrupt || leaving {
				stop()
				return
			}
			p, done, err := leave(ctx)
			if err != nil {
				stop()
				return
			}
			leaving = true
			out.emit(map[string]any{"type": "leaving", "successor": p})
			out.say("Leaving after this hand: player %d's device deals on. Ctrl-C again to quit now.", p+1)
			go func() {
				select {
				case <-done:
					close(handed)
				case <-ctx.Done():
				}
			}()
		}
	}()
	return handed
}
