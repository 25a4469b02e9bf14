// Package gametest builds hands in given situations, written in the
// notation of the rules files, for tests and tutorials: a Scenario names
// each seat's tiles, discards and declarations and the next draws, and New
// lays the rest of the set into the wall and hands the result to
// game.Arrange.
package gametest

import (
	"fmt"
	"slices"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// LiveExhausted is the Scenario.Live value of a wall with no live draw left.
const LiveExhausted = -1

// Scenario is a hand in a given situation, written in the notation of the
// rules files, for tests and tutorials. New builds its State.
type Scenario struct {
	// Hands are each seat's tiles, indexed by seat wind, in hand notation:
	// concealed tiles, exposed melds "[555z]", declared concealed kongs
	// "(1111p)" and bonus tiles after "bonus:". The seat to play of a
	// PhaseTurn scenario writes its drawn tile after "+". An empty hand is
	// dealt 13 tiles from the rest of the set by the seed's shuffle.
	Hands [4]string
	// Discards are each seat's unclaimed discards, oldest first.
	Discards [4]string
	// Phase is PhaseTurn (the default) or PhaseClaim.
	Phase game.Phase
	// Turn is the seat to play (PhaseTurn) or the discarder (PhaseClaim),
	// whose last discard is then made as an action would make it: the claim
	// window opens, or play moves on when no seat may claim the tile.
	Turn rules.Wind
	// How is how Turn's turn started (PhaseTurn only).
	How game.TurnStart
	// Wall is the next live draws, in order; Tail the next replacement draws.
	Wall, Tail string
	// Live is the number of live draws left. Zero keeps in the wall every
	// tile not placed elsewhere; any other count (LiveExhausted for none)
	// lays tiles from the rest of the set in the discard rows, before each
	// row's own discards, to get there.
	Live int
	// Dice are East's throw and the dominant seat's throw (HK-3.3, FR-4.3,
	// CL-4.3); zero: 5 and 5, so East is dominant.
	Dice [2]int
	// FirstTurns: no claim or added kong has been made yet, so the heavenly and
	// earthly hands and servi may still happen (CL-10.3, CL-10.4, HK-5.4).
	FirstTurns bool
	// Declared are the seats' declarations (servi, calling hand, TING). A
	// TING seat's winning set is the waits of its 13 tiles (JL-7.2), those
	// before its drawn tile for the seat to play.
	Declared [4]game.Declaration
	// Joker is the kind of the shared joker in notation ("" for none): its
	// indicator is out of the wall, taken from the first complete stack
	// past the Tail draws (JL-8.1). It needs a TING seat.
	Joker string
	// JokerHolder is the first seat to have announced TING, which draws the
	// joker and checks it at the start of its turns (JL-8.1, JL-8.3); when
	// it has not announced TING, the first TING seat from East is taken.
	JokerHolder rules.Wind
}

// placed is a scenario's tiles resolved from notation.
type placed struct {
	players [4]game.Player
	drawn   tile.Kind
	front   []tile.Kind
	tail    []tile.Kind
	used    tile.Counts
	// joker is the joker indicator's kind (tile.None: none), and jokerDie
	// the complete stack from the tail that it was taken from.
	joker    tile.Kind
	jokerDie int
}

// New builds a hand in the situation sc describes; a meld counts 3
// tiles, as in the Chinese family of rulesets and jilin, whose exposed
// special combinations are written like melds ("[1z2z3z]"; a TCHE'd
// [5z6z7z] is made by playing the claim). The wall is made of the tiles of
// the set that the scenario does not place, so every tile is somewhere
// exactly once and CheckInvariants holds. The rest of the wall, the empty
// hands and the filler discards follow cfg.Seed's shuffle. Errors say
// which seat's tiles are wrong and what is allowed.
func New(cfg game.HandConfig, sc Scenario) (*game.State, error) {
	if cfg.Ruleset == nil {
		return nil, fmt.Errorf("gametest: no ruleset")
	}
	setup := cfg.Ruleset.Setup(cfg.Options)
	if setup.CardCalls {
		return nil, fmt.Errorf("gametest: scenarios cannot build %s hands yet (card calls); allowed: rulesets whose melds count 3 tiles, such as classical, hongkong, french and jilin", cfg.Ruleset.ID())
	}
	if sc.Phase == game.PhaseNone {
		sc.Phase = game.PhaseTurn
	}
	if sc.Dice == [2]int{} {
		sc.Dice = [2]int{5, 5}
	}
	pl, err := placeTiles(setup, sc)
	if err != nil {
		return nil, err
	}
	rng := wall.NewRand(cfg.Seed)
	rest := setup.Tiles
	for k, n := range pl.used {
		rest[k] -= n
	}
	pool := wall.Shuffle(rest, rng)
	if pool, err = pl.dealEmpty(sc, pool); err != nil {
		return nil, err
	}
	w, err := pl.buildWall(setup, sc, pool)
	if err != nil {
		return nil, err
	}
	return game.Arrange(cfg, game.Arrangement{Wall: w, Players: pl.players, Dice: sc.Dice, Phase: sc.Phase, Turn: sc.Turn,
		How: sc.How, Drawn: pl.drawn, FirstTurns: sc.FirstTurns, Joker: pl.joker, JokerHolder: sc.JokerHolder})
}

// placeTiles reads the scenario's hands, discards and draws and checks
// that the set holds them.
func placeTiles(setup rules.Setup, sc Scenario) (*placed, error) {
	pl := &placed{drawn: tile.None}
	for x := rules.E; x <= rules.N; x++ {
		if err := pl.readSeat(setup, sc, x); err != nil {
			return nil, err
		}
	}
	var err error
	if pl.front, err = pl.take(sc.Wall, "wall"); err != nil {
		return nil, err
	}
	if pl.tail, err = pl.take(sc.Tail, "tail"); err != nil {
		return nil, err
	}
	if err := pl.readJoker(setup, sc.Joker); err != nil {
		return nil, err
	}
	for k, n := range pl.used {
		if n > setup.Tiles[k] {
			return nil, fmt.Errorf("gametest: the scenario places %d tiles of %s; the set has %d", n, tile.Kind(k), setup.Tiles[k])
		}
	}
	return pl, nil
}

// readJoker reads the joker indicator, which is taken from the first
// complete stack past the tail draws (JL-8.1).
func (pl *placed) readJoker(setup rules.Setup, notation string) error {
	pl.joker = tile.None
	if notation == "" {
		return nil
	}
	ks, err := pl.take(notation, "joker")
	switch {
	case err != nil:
		return err
	case !setup.SharedJoker:
		return fmt.Errorf("gametest: this table plays without a shared joker; allowed: no joker")
	case len(ks) != 1 || !ks[0].IsStandard():
		return fmt.Errorf("gametest: the joker %q must be one suit tile, wind or dragon (JL-8.1)", notation)
	}
	pl.joker, pl.jokerDie = ks[0], (len(pl.tail)+1)/2+1
	if pl.jokerDie > wall.JokerDie {
		return fmt.Errorf("gametest: %d tail draws leave no room for the joker within %d stacks of the tail (JL-8.1)", len(pl.tail), wall.JokerDie)
	}
	return nil
}

// take parses a list of tiles and counts them as used.
func (pl *placed) take(notation, what string) ([]tile.Kind, error) {
	ks, err := tile.Parse(notation)
	if err != nil {
		return nil, fmt.Errorf("gametest: scenario %s: %w", what, err)
	}
	for _, k := range ks {
		pl.used.Add(k)
	}
	return ks, nil
}

// readSeat reads seat x's hand and discards.
func (pl *placed) readSeat(setup rules.Setup, sc Scenario, x rules.Wind) error {
	p := &pl.players[x]
	discards, err := pl.take(sc.Discards[x], fmt.Sprintf("discards of %s", x))
	if err != nil {
		return err
	}
	for _, k := range discards {
		if k.IsBonus() {
			return fmt.Errorf("gametest: seat %s discarded the bonus tile %s; bonus tiles are never discarded (FR-6.3)", x, k)
		}
		p.Discards = append(p.Discards, game.Discard{Tile: k})
	}
	p.Discarded, p.Declared = len(discards), sc.Declared[x]
	if sc.Phase == game.PhaseClaim && x == sc.Turn && len(discards) == 0 {
		return fmt.Errorf("gametest: the discarder %s has no discard to answer: write it last in his discards", x)
	}
	if sc.Hands[x] == "" {
		return nil
	}
	h, err := tile.ParseHand(sc.Hands[x])
	if err != nil {
		return fmt.Errorf("gametest: scenario hand of %s: %w", x, err)
	}
	if len(h.Bonus) > 0 && !setup.Bonus {
		return fmt.Errorf("gametest: seat %s has bonus tiles, but this table plays without them", x)
	}
	for _, k := range h.Bonus {
		if !k.IsBonus() {
			return fmt.Errorf("gametest: seat %s's bonus %s is not a flower or a season", x, k)
		}
		pl.used.Add(k)
	}
	p.Bonus = h.Bonus
	for _, k := range h.Concealed {
		if k.IsBonus() {
			return fmt.Errorf("gametest: seat %s holds the bonus tile %s: write it after \"bonus:\"", x, k)
		}
		p.Concealed.Add(k)
		pl.used.Add(k)
	}
	for _, g := range h.Groups {
		m, ok := game.MeldOf(setup, g)
		if !ok {
			return fmt.Errorf("gametest: seat %s's group %q is not a chow, pung or kong (a concealed kong in parentheses), or an exposed special combination where the rules have them", x, tile.Format(g.Tiles))
		}
		p.Melds = append(p.Melds, m)
		p.Called = p.Called || (m.Open && m.Kind != hand.Combination)
		for _, k := range g.Tiles {
			pl.used.Add(k)
		}
	}
	return pl.readDrawn(sc, x, h.Winning)
}

// readDrawn places the "+" tile and checks the seat's tile count.
func (pl *placed) readDrawn(sc Scenario, x rules.Wind, plus tile.Kind) error {
	p := &pl.players[x]
	toPlay := sc.Phase == game.PhaseTurn && x == sc.Turn
	switch {
	case plus != tile.None && !toPlay:
		return fmt.Errorf("gametest: seat %s has a \"+\" tile, but only the seat to play has a drawn tile", x)
	case plus != tile.None && sc.How == game.AfterClaim:
		return fmt.Errorf("gametest: seat %s claimed a discard and has no drawn tile: remove the \"+\" tile", x)
	case plus.IsBonus():
		return fmt.Errorf("gametest: seat %s's drawn tile %s is a bonus tile, which is set aside at once: draw it from the wall instead", x, plus)
	case plus == tile.None && toPlay && sc.How == game.AfterKong:
		return fmt.Errorf("gametest: seat %s drew a kong replacement: write it after \"+\"", x)
	case plus != tile.None:
		p.Concealed.Add(plus)
		pl.used.Add(plus)
		pl.drawn = plus
	}
	want := 13
	if toPlay {
		want = 14
	}
	if n := p.Concealed.Total() + 3*len(p.Melds); n != want {
		return fmt.Errorf("gametest: seat %s holds %d tiles (concealed plus 3 a meld); want %d", x, n, want)
	}
	return nil
}

// dealEmpty deals 13 tiles from the pool to each seat whose hand is empty
// and returns what is left. Bonus tiles stay in the pool.
func (pl *placed) dealEmpty(sc Scenario, pool []tile.Kind) ([]tile.Kind, error) {
	for x := rules.E; x <= rules.N; x++ {
		if sc.Hands[x] != "" {
			continue
		}
		if sc.Phase == game.PhaseTurn && x == sc.Turn {
			return nil, fmt.Errorf("gametest: the seat to play, %s, needs a written hand", x)
		}
		var got []tile.Kind
		if got, pool = takeFrom(pool, 13, func(k tile.Kind) bool { return !k.IsBonus() }); len(got) < 13 {
			return nil, fmt.Errorf("gametest: too few tiles are left to deal seat %s a hand", x)
		}
		pl.players[x].Concealed = tile.CountsOf(got)
		for _, k := range got {
			pl.used.Add(k)
		}
	}
	return pool, nil
}

// takeFrom removes up to n tiles that ok accepts from the pool.
func takeFrom(pool []tile.Kind, n int, ok func(tile.Kind) bool) (got, left []tile.Kind) {
	for _, k := range pool {
		if len(got) < n && ok(k) {
			got = append(got, k)
		} else {
			left = append(left, k)
		}
	}
	return got, left
}

// buildWall lays the wall: the tiles out of it first (drawn at once), then
// the scenario's live draws, the rest of the pool, and its replacement
// draws where the tail reads them.
func (pl *placed) buildWall(setup rules.Setup, sc Scenario, pool []tile.Kind) (*wall.Wall, error) {
	probe, err := probeWall(setup.Wall, sc.Dice)
	if err != nil {
		return nil, err
	}
	n := 4 * setup.Wall.StacksPerSide
	out := pl.used.Total() - len(pl.front) - len(pl.tail)
	if pl.joker != tile.None {
		out--
	}
	if sc.Live != 0 {
		live := max(sc.Live, 0)
		fill := probe.LiveLeft() - out - live
		if fill < 0 {
			return nil, fmt.Errorf("gametest: the scenario places %d tiles, which leaves %d live draws; want %d", out, probe.LiveLeft()-out, live)
		}
		if fill > 0 && sc.FirstTurns {
			return nil, fmt.Errorf("gametest: %d filler discards are needed for %d live draws, but FirstTurns says nobody has discarded", fill, live)
		}
		var filler []tile.Kind
		if filler, pool = takeFrom(pool, fill, func(k tile.Kind) bool { return !k.IsBonus() }); len(filler) < fill {
			return nil, fmt.Errorf("gametest: too few tiles are left to fill the discard rows for %d live draws", live)
		}
		pl.fillDiscards(filler)
		out += fill
	}
	if out+len(pl.front) > probe.LiveLeft() {
		return nil, fmt.Errorf("gametest: the scenario places %d tiles and %d wall draws; the wall has %d live draws", out, len(pl.front), probe.LiveLeft())
	}
	slots := make([]tile.Kind, 2*n)
	for i := range slots {
		slots[i] = tile.None
	}
	end := n - (probe.Remaining()-probe.LiveLeft())/2 // the hill is never drawn, not even by the tail
	if setup.Wall.Layout != wall.Hill {
		end = n
	}
	j := 0 // the tail reads each stack's top, then its bottom, from the last
	for i := 2 * (end - 1); j < len(pl.tail) && i >= out+len(pl.front)-1; i = tailNext(i) {
		if i >= out+len(pl.front) {
			slots[i], j = pl.tail[j], j+1
		}
	}
	if j < len(pl.tail) {
		return nil, fmt.Errorf("gametest: %d replacement draws do not fit in the wall", len(pl.tail))
	}
	if pl.joker != tile.None {
		i := 2 * (end - pl.jokerDie) // the top of the stack past the tail draws
		if i < out+len(pl.front) {
			return nil, fmt.Errorf("gametest: the joker does not fit in the wall behind the live draws")
		}
		slots[i] = pl.joker
	}
	outside := pl.outside()
	copy(slots, outside)
	copy(slots[len(outside):], pl.front)
	for i := range slots {
		if slots[i] == tile.None {
			slots[i], pool = pool[0], pool[1:]
		}
	}
	return pl.layWall(setup, sc, probe, slots, len(outside))
}

// tailNext returns the slot the tail reads after slot i: the bottom of
// the same stack after its top, else the top of the stack before.
func tailNext(i int) int {
	if i%2 == 0 {
		return i + 1
	}
	return i - 3
}

// outside lists the tiles the scenario places outside the wall: the
// hands, melds, bonus tiles and discards.
func (pl *placed) outside() []tile.Kind {
	var c tile.Counts
	for _, p := range pl.players {
		c = addCounts(c, p.Concealed)
		for _, m := range p.Melds {
			c = addCounts(c, tile.CountsOf(m.Tiles()))
		}
		c = addCounts(c, tile.CountsOf(p.Bonus))
		for _, d := range p.Discards {
			c.Add(d.Tile)
		}
	}
	return c.Kinds()
}

func addCounts(a, b tile.Counts) tile.Counts {
	for k, n := range b {
		a[k] += n
	}
	return a
}

// fillDiscards lays filler tiles in the discard rows, round the table from
// East, before each row's own discards.
func (pl *placed) fillDiscards(filler []tile.Kind) {
	var rows [4][]game.Discard
	for i, k := range filler {
		rows[i%4] = append(rows[i%4], game.Discard{Tile: k})
	}
	for x := range pl.players {
		p := &pl.players[x]
		p.Discards = append(rows[x], p.Discards...)
		p.Discarded = len(p.Discards)
	}
}

// probeWall builds a wall of one kind with a marker on ring stack 0, to
// learn where the ring starts in front order for these dice.
func probeWall(spec wall.Spec, dice [2]int) (*wall.Wall, error) {
	ring := make([]tile.Kind, spec.Tiles())
	for i := range ring {
		ring[i] = tile.Kind(0)
	}
	if len(ring) > 0 {
		ring[0] = tile.Kind(1)
	}
	w, err := wall.New(spec, ring, dice[0], dice[1])
	if err != nil {
		return nil, fmt.Errorf("gametest: scenario wall: %w", err)
	}
	return w, nil
}

// layWall turns slots (in front order) into the ring the wall package
// expects, builds the wall, draws the tiles that are out of it, and checks
// that the next live and replacement draws are the scenario's.
func (pl *placed) layWall(setup rules.Setup, sc Scenario, probe *wall.Wall, slots []tile.Kind, out int) (*wall.Wall, error) {
	n := len(slots) / 2
	start := (n - slices.Index(probe.RemainingTiles(), tile.Kind(1))/2) % n
	ring := make([]tile.Kind, len(slots))
	for p := range n {
		g := (start + p) % n
		ring[2*g], ring[2*g+1] = slots[2*p], slots[2*p+1]
	}
	w, err := wall.New(setup.Wall, ring, sc.Dice[0], sc.Dice[1])
	if err != nil {
		return nil, fmt.Errorf("gametest: scenario wall: %w", err)
	}
	for range out {
		w.Draw()
	}
	if pl.joker != tile.None {
		if k, err := w.DrawJoker(pl.jokerDie); err != nil || k != pl.joker {
			return nil, fmt.Errorf("gametest: the scenario's joker does not fit this wall")
		}
	}
	front, tail := w.Clone(), w.Clone()
	for _, want := range pl.front {
		if got, _ := front.Draw(); got != want {
			return nil, fmt.Errorf("gametest: the scenario's live draws do not fit this wall")
		}
	}
	for _, want := range pl.tail {
		if got, _ := tail.DrawTail(); got != want {
			return nil, fmt.Errorf("gametest: the scenario's replacement draws do not fit this wall")
		}
	}
	if live := max(sc.Live, 0); sc.Live != 0 && w.LiveLeft() != live {
		return nil, fmt.Errorf("gametest: the scenario's wall has %d live draws; want %d", w.LiveLeft(), live)
	}
	return w, nil
}
