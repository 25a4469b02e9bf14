package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/record"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

func init() {
	register(command{
		name:  "play",
		usage: "play --rules ID [--opt KEY=VALUE]... [--seed S] [--ai LEVEL] [--record FILE]",
		about: "play a whole game in the terminal against three AIs",
		run:   func(args []string, stdout, stderr io.Writer) error { return runPlay(args, os.Stdin, stdout) },
	})
}

// errQuit ends a game the player chose to leave.
var errQuit = errors.New("quit")

// terminal is a game of `fourwinds play`: the person is player 0.
type terminal struct {
	in    *bufio.Scanner
	out   io.Writer
	m     *game.Match
	ais   [4]ai.Player
	rec   *record.Record
	names [4]string
}

func runPlay(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := newFlags("play")
	resolve := rulesFlags(fs, "")
	seed := fs.String("seed", "", "seed: a number, 64 hex digits or any text (default: from the clock)")
	level := fs.String("ai", string(ai.Novice), "level of the three AI players")
	recFile := fs.String("record", "", "save the game's record to FILE when it ends or you quit")
	if pos, err := parseFlags(fs, args); err != nil {
		return err
	} else if len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	r, o, err := resolve()
	if err != nil {
		return err
	}
	if *seed == "" {
		*seed = clockSeed()
	}
	cfg := game.MatchConfig{Ruleset: r, Options: o, Seed: wall.SeedFromString(*seed)}
	t := &terminal{in: bufio.NewScanner(stdin), out: stdout, rec: record.New(cfg), names: [4]string{"you", "AI 1", "AI 2", "AI 3"}}
	for p := 1; p < 4; p++ {
		if t.ais[p], err = ai.New(ai.Level(*level), wall.Derive(cfg.Seed, "player", p)); err != nil {
			return usagef("%v", err)
		}
	}
	m, evs, err := game.NewMatch(cfg)
	if err != nil {
		return err
	}
	t.m = m
	fmt.Fprintf(stdout, "Four Winds: %s, seed %s. Type ? for help.\n", r.Name(), *seed)
	t.show(evs)
	err = t.loop()
	if *recFile != "" {
		data, encErr := t.rec.Encode()
		if encErr == nil {
			encErr = writeFileAtomic(*recFile, data)
		}
		if encErr != nil {
			return encErr
		}
		fmt.Fprintf(stdout, "Record saved to %s (replay it with: fourwinds replay %s).\n", *recFile, *recFile)
	}
	if errors.Is(err, errQuit) {
		return nil
	}
	return err
}

// loop plays until the match ends.
func (t *terminal) loop() error {
	for {
		if t.m.Hand.Phase == game.PhaseEnd {
			writeResult(t.out, t.m.Hand.Result, t.seatName)
			t.balances()
			if err := t.pause("Press Enter for the next hand (q to quit)."); err != nil {
				return err
			}
			evs, err := t.m.NextHand()
			if err != nil {
				return err
			}
			if t.m.Over {
				t.rec.Add(evs...)
				fmt.Fprintln(t.out, "\nThe game is over.")
				t.balances()
				return nil
			}
			t.show(evs)
			continue
		}
		if err := t.step(); err != nil {
			return err
		}
	}
}

// step lets the next player who owes a decision make it.
func (t *terminal) step() error {
	for p := 3; p >= 0; p-- { // the AIs answer claims before the person is asked
		v := t.m.View(p)
		if len(v.Legal) == 0 {
			continue
		}
		var a game.Action
		if p == 0 {
			var err error
			if a, err = t.ask(v); err != nil {
				return err
			}
		} else {
			a = t.ais[p].Decide(v)
		}
		evs, err := t.m.Apply(p, a)
		if err != nil {
			fmt.Fprintf(t.out, "Not allowed: %v\n", err)
			return nil
		}
		t.show(evs)
		return nil
	}
	return fmt.Errorf("nobody may act in phase %s", t.m.Hand.Phase)
}

// show records events and prints them as player 0 may see them.
func (t *terminal) show(evs []game.Event) {
	t.rec.Add(evs...)
	for _, e := range game.Redact(evs, t.m.WindOf(0)) {
		if s := describe(e, t.setup()); s != "" {
			fmt.Fprintln(t.out, t.nameSeats(s, e))
		}
	}
}

// setup returns the data the match is played with.
func (t *terminal) setup() rules.Setup {
	c := t.m.Config()
	return c.Ruleset.Setup(c.Options)
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
	return fmt.Sprintf("%s (%s)", w, t.names[t.m.PlayerAt(w)])
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
// prompt shares — an empty line, quit, help, the table, the nearest card
// lines — and reports answered false for those, so the caller asks again.
func (t *terminal) read(v *game.View, help string, showTable func()) (text string, answered bool, err error) {
	fmt.Fprint(t.out, "> ")
	if !t.in.Scan() {
		return "", false, errQuit
	}
	text = strings.TrimSpace(t.in.Text())
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
	case "c", "card":
		if near := nearestLines(v, 10); near != "" {
			fmt.Fprintln(t.out, near)
			return "", false, nil
		}
	}
	return text, true, nil
}

const playHelp = `Type the number of a choice, or:
  5p          discard 5p          pass        decline a claim
  pung, kong, chow [3m], mahjong, invoke 5p, extend 1z
  (jilin: tche = chow, tcha = pung, rou = mahjong, ting 5p = discard 5p
   and announce TING)
  (american: pung, kong, quint, sextet or call to expose a discard, the
   fewest jokers first; exchange 5p = swap your 5p for an exposed joker;
   c = the card lines nearest to your hand; the flowers 1f-4f, 1y-4y are
   all one tile, F on the card; 0j is a joker)
  t           show the table again
  q           quit (the record is saved if you gave --record)`

// writeChoices lists the legal actions, numbered: plain discards share one
// line, every other choice gets a line of its own.
func writeChoices(w io.Writer, legal []game.Action) {
	fmt.Fprintln(w, "Your choices:")
	var discards []string
	for i, a := range legal {
		if a.Type == game.ActDiscard && a.Declare == game.DeclNone {
			discards = append(discards, fmt.Sprintf("%d) %s", i+1, a.Tile))
		}
	}
	if len(discards) > 0 {
		fmt.Fprintf(w, "  discard:  %s\n", strings.Join(discards, "  "))
	}
	for i, a := range legal {
		if a.Type != game.ActDiscard || a.Declare != game.DeclNone {
			fmt.Fprintf(w, "  %d) %s\n", i+1, actionText(a))
		}
	}
}

// parseChoice reads a number or a short command and finds the legal action.
func parseChoice(text string, legal []game.Action) (game.Action, bool) {
	if n, err := strconv.Atoi(text); err == nil {
		if n >= 1 && n <= len(legal) {
			return legal[n-1], true
		}
		return game.Action{}, false
	}
	words := strings.Fields(strings.ToLower(text))
	if len(words) == 0 {
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
	if !ok { // a bare tile: discard it
		typ, arg = game.ActDiscard, verb
	}
	var k tile.Kind = tile.None
	if arg != "" {
		ks, err := tile.Parse(arg)
		if err != nil || len(ks) != 1 {
			return game.Action{}, false
		}
		k = ks[0]
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
	if !t.in.Scan() {
		return errQuit
	}
	if s := strings.ToLower(strings.TrimSpace(t.in.Text())); s == "q" || s == "quit" {
		return errQuit
	}
	return nil
}

// balances prints each player's running total.
func (t *terminal) balances() {
	fmt.Fprint(t.out, "Balances:")
	for p := range 4 {
		fmt.Fprintf(t.out, "  %s %d", t.names[p], t.m.Balances[p])
	}
	fmt.Fprintln(t.out)
}
