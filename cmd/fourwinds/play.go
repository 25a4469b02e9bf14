package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

func init() {
	register(command{
		name:  "play",
		usage: "play --rules ID [--opt KEY=VALUE]... [--card FILE] [--seed S] [--ai LEVEL] [--record FILE] [--save FILE]\n       play --resume FILE [--record FILE]",
		about: "play a whole game in the terminal against three AIs; it is saved as you play and --resume goes on with it",
		run:   func(args []string, stdout, stderr io.Writer) error { return runPlay(args, os.Stdin, stdout) },
	})
}

// errQuit ends a game the player chose to leave.
var errQuit = errors.New("quit")

// terminal is a game of `fourwinds play` on a table.Local: the person is
// player 0 and sees only what the table sends player 0.
type terminal struct {
	in    *lineReader
	out   io.Writer
	tb    *table.Local
	sub   table.Subscription
	snap  table.Snapshot
	names [4]string
	// refused: the last intent was refused and snap is fresh.
	refused bool
}

// defaultSave returns where `play` saves its game when --save is not given.
func defaultSave() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no place to save the game (%v); give --save FILE", err)
	}
	return filepath.Join(dir, "fourwinds", "play.save"), nil
}

func runPlay(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := newFlags("play")
	resolve := rulesFlags(fs, "", stdout)
	seed := fs.String("seed", "", "seed: a number, 64 hex digits or any text (default: from the clock)")
	level := fs.String("ai", string(ai.Novice), "level of the three AI players: "+levelList())
	recFile := fs.String("record", "", "save the game's record to FILE when it ends, when you quit or on Ctrl-C")
	saveFile := fs.String("save", "", "save the game to FILE after every move (default: play.save in your config directory, fourwinds/)")
	resume := fs.String("resume", "", "go on with the game saved in FILE")
	if pos, err := parseFlags(fs, args); err != nil {
		return err
	} else if len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	if *recFile != "" {
		if err := checkWritable(*recFile); err != nil {
			return usagef("--record: %v", err)
		}
	}
	var tb *table.Local
	var err error
	if *resume != "" {
		if tb, err = table.Resume(*resume, func(c *table.LocalConfig) { c.Hold = true }); err != nil {
			return err
		}
	} else {
		if tb, err = newPlayTable(resolve, *seed, *level, *saveFile); err != nil {
			return err
		}
	}
	defer tb.Close()
	fmt.Fprintf(stdout, "Four Winds: %s. Type ? for help, hint for advice.\n", tb.Rules())
	t, err := startTerminal(tb, stdin, stdout)
	if err != nil {
		return err
	}
	if *resume != "" {
		fmt.Fprintf(stdout, "Resumed from %s.\n", *resume)
	}
	stop := saveOnInterrupt(t, *recFile)
	err = t.loop()
	stop()
	if *recFile != "" {
		if recErr := t.saveRecord(*recFile); recErr != nil {
			return recErr
		}
	}
	if errors.Is(err, errQuit) {
		return nil
	}
	return err
}

// startTerminal subscribes the person, player 0, to a held table and
// starts it.
func startTerminal(tb *table.Local, in io.Reader, out io.Writer) (*terminal, error) {
	t := &terminal{in: newLineReader(in), out: out, tb: tb}
	var err error
	if t.snap, t.sub, err = tb.Subscribe(context.Background(), 0); err != nil {
		return nil, err
	}
	if err := tb.Start(context.Background()); err != nil {
		return nil, err
	}
	for p, s := range t.snap.Info.Seats {
		t.names[p] = s.Name
	}
	return t, nil
}

// newPlayTable makes the table of a new game: the person at player 0,
// three computer players, saved after every move.
func newPlayTable(resolve func() (rules.Ruleset, rules.Options, error), seed, level, save string) (*table.Local, error) {
	r, o, err := resolve()
	if err != nil {
		return nil, err
	}
	if _, err := ai.New(ai.Level(level), wall.Seed{}); err != nil {
		return nil, usagef("--ai: %v", err)
	}
	if save == "" {
		if save, err = defaultSave(); err != nil {
			return nil, err
		}
		if err := os.MkdirAll(filepath.Dir(save), 0o700); err != nil {
			return nil, err
		}
	}
	if err := checkWritable(save); err != nil {
		return nil, usagef("--save: %v", err)
	}
	if seed == "" {
		seed = clockSeed()
	}
	cfg := table.LocalConfig{Rules: r.ID(), Card: rules.CardTextOf(r), Options: o.Map(), Seed: seed, SavePath: save, ClaimClock: -1, Hold: true}
	cfg.Seats[0] = table.SeatConfig{Name: "you", Kind: table.SeatHuman}
	for p := 1; p < 4; p++ {
		cfg.Seats[p] = table.SeatConfig{Kind: table.SeatAI, Level: ai.Level(level)}
	}
	return table.NewLocal(cfg)
}

// checkWritable checks, before the game, that a file can be written at
// path, so that a record or save is not lost at the end.
func checkWritable(path string) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".fourwinds-check-*")
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", path, err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// saveRecord writes the game's record to path.
func (t *terminal) saveRecord(path string) error {
	rec, err := t.tb.Record()
	if err != nil {
		return err
	}
	data, err := rec.Encode()
	if err == nil {
		err = writeFileAtomic(path, data)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(t.out, "Record saved to %s (replay it with: fourwinds replay %s).\n", path, path)
	return nil
}

// saveOnInterrupt saves the record when the person presses Ctrl-C, then
// ends the program (the game itself is saved after every move). The
// returned function stops listening.
func saveOnInterrupt(t *terminal, recFile string) func() {
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt)
	done := make(chan struct{})
	go func() {
		select {
		case <-c:
			fmt.Fprintln(t.out, "\nInterrupted; the game is saved: go on with fourwinds play --resume.")
			if recFile != "" {
				if err := t.saveRecord(recFile); err != nil {
					fmt.Fprintf(t.out, "The record could not be saved: %v\n", err)
				}
			}
			t.tb.Close()
			os.Exit(130)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(c)
		close(done)
	}
}

// loop plays until the match ends: it answers the person's decisions and
// prints what the table sends player 0.
func (t *terminal) loop() error {
	for {
		s := t.snap
		v := s.View
		switch {
		case s.Info.Over:
			t.gameOver()
			return nil
		case v == nil:
		case v.Phase == game.PhaseEnd && !s.Info.Ready[0]:
			writeResult(t.out, v.Result, t.seatName)
			t.balances()
			if err := t.pause("Press Enter for the next hand (q to quit)."); err != nil {
				return err
			}
			if err := t.submit(table.Intent{Player: 0, Kind: table.IntentNextHand}); err != nil {
				return err
			}
		case table.NothingToDecide(v):
			if err := t.submit(table.Intent{Player: 0, Kind: table.IntentAction, Decision: v.StateID, Action: v.Legal[0]}); err != nil {
				return err
			}
		case len(v.Legal) > 0:
			a, err := t.ask(v)
			if err != nil {
				return err
			}
			if err := t.submit(table.Intent{Player: 0, Kind: table.IntentAction, Decision: v.StateID, Action: a}); err != nil {
				return err
			}
		}
		if t.refused {
			t.refused = false
			continue
		}
		if err := t.next(); err != nil {
			return err
		}
	}
}

// submit sends an intent; a refusal is told, and the game goes on from a
// fresh snapshot (no update follows a refusal).
func (t *terminal) submit(in table.Intent) error {
	err := t.tb.Submit(context.Background(), in)
	var re *table.RefusedError
	if !errors.As(err, &re) {
		return err
	}
	fmt.Fprintf(t.out, "Not allowed: %s\n", re.Detail)
	t.snap, err = t.tb.Snapshot(context.Background(), 0)
	t.refused = true
	return err
}

// next waits for the table's next update and prints its events.
func (t *terminal) next() error {
	u, ok := <-t.sub.Updates()
	if !ok {
		return errors.New("the table closed")
	}
	t.snap = u.Snapshot // its winds name the seats of the events
	t.show(u.Events)
	return nil
}

// show prints events as player 0 sees them (the table has redacted them).
func (t *terminal) show(evs []game.Event) {
	setup := t.setup()
	for _, e := range evs {
		if s := describe(e, setup); s != "" {
			fmt.Fprintln(t.out, t.nameSeats(s, e))
		}
	}
}

// setup returns the data the match is played with.
func (t *terminal) setup() rules.Setup {
	if v := t.snap.View; v != nil && v.Rules() != nil {
		return v.Rules().Setup(v.Options())
	}
	return rules.Setup{}
}

// nameSeats prefixes a sentence with who is who.
func (t *terminal) nameSeats(s string, e game.Event) string {
	if e.Seat == rules.NoWind {
		return s
	}
	return fmt.Sprintf("[%s] %s", t.seatName(e.Seat), s)
}

// seatName names the player at a wind, such as "E (you)".
func (t *terminal) seatName(w rules.Wind) string {
	for p, pw := range t.snap.Info.Winds {
		if pw == w {
			return fmt.Sprintf("%s (%s)", w, t.names[p])
		}
	}
	return w.String()
}

// table prints the table as player 0 sees it.
func (t *terminal) table(v *game.View) { writeTable(t.out, v, t.setup(), t.seatName) }

// writeTable prints a view of the table: every seat's tiles, exposures and
// discards, then the rack; names names the player at a wind.
func writeTable(out io.Writer, v *game.View, setup rules.Setup, names func(rules.Wind) string) {
	header := fmt.Sprintf("Hand %d", v.Number)
	if setup.RoundWind {
		header += fmt.Sprintf(" · %s round", windName(v.Round))
	}
	if setup.DominantWind {
		header += fmt.Sprintf(" · dominant %s", windName(v.Dominant))
	}
	fmt.Fprintf(out, "\n── %s · %d live tiles ──\n", header, v.WallLive)
	for i := 1; i <= 4; i++ {
		w := (v.Seat + rules.Wind(i)) % 4
		sv := v.Seats[w]
		line := fmt.Sprintf("  %-10s %2d tiles", names(w), heldTiles(v, sv))
		if len(sv.Melds) > 0 {
			line += "  " + meldsText(sv.Melds)
		}
		if len(sv.Bonus) > 0 {
			line += "  bonus " + tile.Format(tile.Sorted(sv.Bonus))
		}
		if sv.Declared != game.DeclNone {
			line += "  [" + sv.Declared.String() + "]"
		}
		if sv.Dead {
			line += "  (dead hand)"
		}
		fmt.Fprintln(out, line)
		var ds []string
		for _, d := range sv.Discards {
			if d.Claimed {
				ds = append(ds, "·")
			} else {
				ds = append(ds, d.Tile.String())
			}
		}
		fmt.Fprintf(out, "             discards: %s\n", strings.Join(ds, " "))
	}
	rack := v.Hand
	drawn := ""
	if v.Drawn != tile.None && rack.Remove(v.Drawn) {
		drawn = "   drew: " + v.Drawn.String()
	}
	fmt.Fprintf(out, "Your rack: %s%s\n", tile.Format(rack.Kinds()), drawn)
	if ready := readyText(v); ready != "" {
		fmt.Fprintln(out, ready)
	}
	if v.Joker != tile.None {
		fmt.Fprintf(out, "Joker: %s (any tile of this kind you draw may win for you)\n", v.Joker)
	}
	if v.Pending != tile.None {
		fmt.Fprintf(out, "Tile on offer from %s: %s\n", names(v.Turn), v.Pending)
	}
	if near := nearestLines(v, 3); near != "" && v.Charleston == nil {
		fmt.Fprintf(out, "Nearest card lines (c for more):\n%s\n", near)
	}
}

// ask shows the table and reads the person's choice until it is legal.
func (t *terminal) ask(v *game.View) (game.Action, error) {
	if v.Charleston != nil {
		return t.askCharleston(v)
	}
	t.table(v)
	for {
		writeChoices(t.out, v.Legal)
		text, answered, err := t.read(v, playHelp, func() { t.table(v) })
		if err != nil {
			return game.Action{}, err
		}
		if !answered {
			continue
		}
		if a, ok := parseChoice(text, v.Legal); ok {
			return a, nil
		}
		fmt.Fprintf(t.out, "%q is not one of your choices: type its number, a tile to discard (such as 5p), pass, or ? for help.\n", text)
	}
}

// read prompts and reads the person's next line. It handles what every
// prompt shares — an empty line, a line too long, quit, help, the table,
// a hint, the nearest card lines — and reports answered false for those,
// so the caller asks again.
func (t *terminal) read(v *game.View, help string, showTable func()) (text string, answered bool, err error) {
	fmt.Fprint(t.out, "> ")
	text, err = t.in.readLine()
	if errors.Is(err, errLineTooLong) {
		fmt.Fprintf(t.out, "That line is too long (at most %d characters); type it again.\n", maxLineLen)
		return "", false, nil
	}
	if err != nil {
		return "", false, errQuit
	}
	text = strings.TrimSpace(text)
	switch strings.ToLower(text) {
	case "":
		return "", false, nil
	case "q", "quit", "exit":
		return "", false, errQuit
	case "?", "h", "help":
		fmt.Fprintln(t.out, help)
		return "", false, nil
	case "t", "table":
		showTable()
		return "", false, nil
	case "hint":
		t.hint()
		return "", false, nil
	case "c", "card":
		if near := nearestLines(v, 10); near != "" {
			fmt.Fprintln(t.out, near)
			return "", false, nil
		}
	}
	return text, true, nil
}

// hint prints the computer's advice on the person's decision.
func (t *terminal) hint() {
	s := t.snap
	a, err := table.Hint(&s)
	if err != nil {
		fmt.Fprintf(t.out, "No hint: %v\n", err)
		return
	}
	fmt.Fprintf(t.out, "Hint: %s. %s\n", actionText(a.Action), a.Reason.Text)
}

// maxLineLen is the longest line the terminal reads.
const maxLineLen = 4096

// errLineTooLong is a line longer than maxLineLen.
var errLineTooLong = errors.New("line too long")

// lineReader reads the person's lines. A line longer than maxLineLen is
// skipped to its end and refused with errLineTooLong, so the game asks
// again instead of ending as if the input had run out.
type lineReader struct{ r *bufio.Reader }

// newLineReader reads lines from r.
func newLineReader(r io.Reader) *lineReader { return &lineReader{r: bufio.NewReader(r)} }

// readLine returns the next line without its end.
func (l *lineReader) readLine() (string, error) {
	var buf []byte
	long := false
	for {
		chunk, more, err := l.r.ReadLine()
		if err != nil {
			return "", err
		}
		if !long {
			buf = append(buf, chunk...)
			long = len(buf) > maxLineLen
		}
		if !more {
			break
		}
	}
	if long {
		return "", errLineTooLong
	}
	return string(buf), nil
}

const playHelp = `Type the number of a choice, or a command with at most one tile:
  5p          discard 5p          pass        decline a claim
  pung, kong, mahjong, invoke 5p, extend 1z
  chow 3m     the run that starts at 3m (3m4m5m), whichever tile was
              discarded; or name the whole run: chow 345m
  (jilin: tche = chow, tcha = pung, rou = mahjong, ting 5p = discard 5p
   and announce TING)
  (american: pung, kong, quint, sextet or call to expose a discard, the
   fewest jokers first; exchange 5p = swap your 5p for an exposed joker;
   c = the card lines nearest to your hand)
  hint        the computer's advice on this decision
  t           show the table again
  q           quit (the game is saved: fourwinds play --resume FILE goes on)
Tiles: a number and a suit: 1m-9m characters, 1p-9p dots, 1s-9s bamboos;
  honours 1z-7z = East, South, West, North winds, White, Green, Red dragons;
  1f-4f flowers, 1y-4y seasons (american: all one tile, F on the card);
  0j a joker. Several tiles of a suit share it: 345m = 3m 4m 5m.
Card lines (american), as c shows them: digits are number tiles and the
  letter after a group its suit: a, b, c are three different suits (the
  same letter, the same suit); D + letter = that suit's dragon, 0 = the
  white dragon; F = a flower; N E W S = winds. Flags: X = exposures
  allowed, C = concealed only; then the value; k=... = how far the
  digits may shift (k=any: to any numbers that fit).`

// choiceOrder returns the legal actions' indices in the order they are
// shown and numbered: the plain discards first, then every other choice.
func choiceOrder(legal []game.Action) []int {
	var plain, other []int
	for i, a := range legal {
		if a.Type == game.ActDiscard && a.Declare == game.DeclNone {
			plain = append(plain, i)
		} else {
			other = append(other, i)
		}
	}
	return append(plain, other...)
}

// writeChoices lists the legal actions, numbered in the order shown:
// plain discards share one line, every other choice gets a line of its own.
func writeChoices(w io.Writer, legal []game.Action) {
	fmt.Fprintln(w, "Your choices:")
	var discards []string
	for n, i := range choiceOrder(legal) {
		a := legal[i]
		if a.Type == game.ActDiscard && a.Declare == game.DeclNone {
			discards = append(discards, fmt.Sprintf("%d) %s", n+1, a.Tile))
			continue
		}
		if len(discards) > 0 {
			fmt.Fprintf(w, "  discard:  %s\n", strings.Join(discards, "  "))
			discards = nil
		}
		fmt.Fprintf(w, "  %d) %s\n", n+1, actionText(a))
	}
	if len(discards) > 0 {
		fmt.Fprintf(w, "  discard:  %s\n", strings.Join(discards, "  "))
	}
}

// parseChoice reads a number (as writeChoices numbers the choices) or a
// short command with at most one tile, and finds the legal action.
func parseChoice(text string, legal []game.Action) (game.Action, bool) {
	if n, err := strconv.Atoi(text); err == nil {
		if n >= 1 && n <= len(legal) {
			return legal[choiceOrder(legal)[n-1]], true
		}
		return game.Action{}, false
	}
	words := strings.Fields(strings.ToLower(text))
	if len(words) == 0 || len(words) > 2 {
		return game.Action{}, false
	}
	verb, arg := words[0], ""
	if len(words) > 1 {
		arg = words[1]
	}
	decl := game.DeclNone
	if verb == "ting" { // JL-7.2: "ting 5p" discards 5p and announces TING
		verb, decl = "discard", game.DeclTing
	}
	aliases := map[string]game.ActionType{
		"d": game.ActDiscard, "discard": game.ActDiscard, "p": game.ActPass, "pass": game.ActPass,
		"pung": game.ActPung, "chow": game.ActChow, "kong": game.ActKong, "mahjong": game.ActMahjong,
		"mj": game.ActMahjong, "win": game.ActMahjong, "invoke": game.ActInvoke, "rou": game.ActMahjong,
		"tche": game.ActChow, "tcha": game.ActPung, "extend": game.ActExtend,
		"call": game.ActCall, "quint": game.ActCall, "sextet": game.ActCall, "exchange": game.ActExchange, "x": game.ActExchange,
	}
	size := map[string]int{"pung": 3, "kong": 4, "quint": 5, "sextet": 6}[verb]
	typ, ok := aliases[verb]
	if !ok { // a bare tile: discard it, and nothing more
		if arg != "" {
			return game.Action{}, false
		}
		typ, arg = game.ActDiscard, verb
	}
	var k tile.Kind = tile.None
	if arg != "" {
		ks, err := tile.Parse(arg)
		switch {
		case err == nil && len(ks) == 1:
			k = ks[0]
		case err == nil && len(ks) == 3 && typ == game.ActChow && ks[1] == ks[0]+1 && ks[2] == ks[0]+2:
			k = ks[0] // "chow 345m" names the run
		default:
			return game.Action{}, false
		}
	}
	var found []game.Action
	for _, a := range legal {
		same := a.Type == typ ||
			(typ == game.ActMahjong && a.Type == game.ActSelfDraw) ||
			(typ == game.ActKong && (a.Type == game.ActConcealedKong || a.Type == game.ActAddKong)) ||
			(a.Type == game.ActCall && size > 0 && a.Tiles.Total()+1 == size)
		if same && (k == tile.None || a.Tile == k) && a.Declare == decl {
			found = append(found, a)
		}
	}
	if len(found) > 1 && (found[0].Type == game.ActCall || found[0].Type == game.ActExchange) {
		// AM-5.5, AM-6.3: calls of a size differ only by their jokers (keep
		// them: the fewest first), exchanges of a tile only by whose joker.
		return found[0], true
	}
	if len(found) == 1 {
		return found[0], true
	}
	return game.Action{}, false
}

// actionText explains an action to the person.
func actionText(a game.Action) string {
	switch a.Type {
	case game.ActDiscard:
		if a.Declare != game.DeclNone {
			return fmt.Sprintf("discard %s and declare %s (your hand is then locked)", a.Tile, a.Declare)
		}
		return "discard " + a.Tile.String()
	case game.ActSelfDraw:
		return "MAHJONG (self-drawn)"
	case game.ActMahjong:
		return "MAHJONG with " + a.Tile.String()
	case game.ActPass:
		return "pass"
	case game.ActChow:
		return fmt.Sprintf("chow %s", tile.Format([]tile.Kind{a.Tile, a.Tile + 1, a.Tile + 2}))
	case game.ActConcealedKong:
		return "declare a concealed kong of " + a.Tile.String()
	case game.ActAddKong:
		return "add " + a.Tile.String() + " to your pung (kong)"
	case game.ActInvoke:
		return "invoke the Celestial Empire: take " + a.Tile.String()
	case game.ActExpose:
		return "expose the combination " + tile.Format(a.Tiles.Kinds())
	case game.ActExtend:
		return "add " + a.Tile.String() + " to your combination (then draw a compensation tile)"
	case game.ActCall:
		return callText(a)
	case game.ActExchange:
		return fmt.Sprintf("exchange your %s for a joker exposed by %s", a.Tile, rules.Wind(a.N))
	}
	return a.String()
}

// pause waits for Enter.
func (t *terminal) pause(msg string) error {
	fmt.Fprintln(t.out, msg)
	text, err := t.in.readLine()
	if err != nil && !errors.Is(err, errLineTooLong) {
		return errQuit
	}
	if s := strings.ToLower(strings.TrimSpace(text)); s == "q" || s == "quit" {
		return errQuit
	}
	return nil
}

// balances prints each player's running total.
func (t *terminal) balances() {
	fmt.Fprint(t.out, "Balances:")
	for p := range 4 {
		fmt.Fprintf(t.out, "  %s %d", t.names[p], t.snap.Info.Balances[p])
	}
	fmt.Fprintln(t.out)
}

// gameOver prints the end of the game: the final balances and the
// players ranked by them.
func (t *terminal) gameOver() {
	fmt.Fprintln(t.out, "\nThe game is over.")
	t.balances()
	b := t.snap.Info.Balances
	order := []int{0, 1, 2, 3}
	sort.SliceStable(order, func(i, j int) bool { return b[order[i]] > b[order[j]] })
	fmt.Fprintln(t.out, "Ranking:")
	for i, p := range order {
		place := i + 1
		for place > 1 && b[order[place-2]] == b[p] {
			place-- // equal balances share a place
		}
		fmt.Fprintf(t.out, "  %d. %-6s %d\n", place, t.names[p], b[p])
	}
}

// readyText says, when the person's hand waits for one tile, which tiles
// complete it; "" otherwise (and for card games, where the nearest lines
// say it).
func readyText(v *game.View) string {
	r := v.Rules()
	if r == nil || v.Seat < rules.E || v.Seat > rules.N || r.Setup(v.Options()).CardCalls {
		return ""
	}
	sv := v.Seats[v.Seat]
	if v.Hand.Total()+3*len(sv.Melds) != 13 {
		return ""
	}
	h := rules.Hand{Concealed: v.Hand, Melds: sv.Melds, Bonus: sv.Bonus, Winning: tile.None}
	ctx := rules.Context{Options: v.Options(), Seat: v.Seat, Round: v.Round, Dominant: v.Dominant, From: v.Seat.Next(), Joker: v.Joker}
	if sv.Declared == game.DeclTing {
		ctx.Flags |= rules.Ting
	}
	waits := hand.Waits(&h.Concealed)
	if w, ok := r.(rules.Waiter); ok {
		waits = w.Waits(h, ctx)
	}
	var ks []tile.Kind
	for _, k := range waits.Kinds() {
		h.Winning = k
		if r.Value(h, ctx).Valid {
			ks = append(ks, k)
		}
	}
	if len(ks) == 0 {
		return ""
	}
	return "You are ready: waiting on " + tile.Format(ks) + "."
}
