// Package sim plays whole games between computer players without a UI:
// self-play statistics for `fourwinds sim`, strength measurements between
// AI levels (duplicate seeding, per-level figures with 95% confidence
// intervals), and the property runs of the tests, checking the engine's
// invariants after every action.
package sim

import (
	"context"
	"fmt"
	"sync"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/record"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// Config is a simulation: the ruleset and options, the seed every match
// and player is derived from, how many hands to play, and the AI level of
// each player.
type Config struct {
	Ruleset rules.Ruleset
	Options rules.Options
	Seed    wall.Seed
	Hands   int
	Levels  [4]ai.Level
	// Check verifies the engine's invariants after every action.
	Check bool
	// Duplicate plays every match four times on the same walls, with the
	// levels rotated one seat each time, so that every level gets every
	// seat's tiles: luck cancels out of the comparison between levels.
	Duplicate bool
	// Workers is how many matches are played at once (0 or 1: one). The
	// results do not depend on it.
	Workers int
	// OnMatch, when set, receives each finished (or cut short) match's
	// record, in the order the matches were started.
	OnMatch func(*record.Record)
	// Wrap, when set, wraps every player when it is created (benchmarks
	// time the decisions this way). It is called from the worker that
	// plays the match.
	Wrap func(level ai.Level, p ai.Player) ai.Player
}

// Stats are the results of a simulation.
type Stats struct {
	Rules string `json:"rules"`
	Hands int    `json:"hands"`
	// Matches counts the games started.
	Matches int `json:"matches"`
	// Wins counts wins by the winner's seat wind.
	Wins map[string]int `json:"wins"`
	// WinsByKind counts wins by how the winning tile came.
	WinsByKind map[string]int `json:"wins_by_kind"`
	Draws      int            `json:"draws"`
	// AvgWinValue is the average hand value of the winning hands.
	AvgWinValue         float64  `json:"avg_win_value"`
	InvariantViolations int      `json:"invariant_violations"`
	Violations          []string `json:"violations,omitempty"`
	// PlayerNet is each player's total net over all hands, by player index.
	PlayerNet [4]int `json:"player_net"`
	// Decisions counts the AI decisions made.
	Decisions int `json:"decisions"`
	// Duplicate reports whether the matches were played in duplicate.
	Duplicate bool `json:"duplicate"`
	// Levels are the figures of each AI level at the table.
	Levels map[string]LevelStats `json:"levels"`
}

// maxViolations is how many violation messages Stats keeps.
const maxViolations = 10

// Run plays cfg.Hands hands, starting new matches as games end. In
// duplicate, a match and its three rotations form a group; the last group
// is cut short so that exactly cfg.Hands hands are played. The work
// follows cfg.Hands: a batch holds no more groups than hands are left,
// and no rotation plays more hands than are left.
func Run(cfg Config) (Stats, error) {
	var total tally
	var groups []levelTally
	workers := max(cfg.Workers, 1)
	for g := 0; total.hands < cfg.Hands; {
		left := cfg.Hands - total.hands
		n := min(workers, left) // every group plays at least one hand
		batch, err := playBatch(cfg, g, n, left)
		if err != nil {
			return Stats{}, err
		}
		for i := 0; i < len(batch) && total.hands < cfg.Hands; i++ {
			res := batch[i]
			if left := cfg.Hands - total.hands; res.hands > left {
				if res, err = playGroup(cfg, g+i, split(left, rotations(cfg))); err != nil {
					return Stats{}, err
				}
			}
			total.add(&res.tally)
			groups = append(groups, res.levels)
			for _, rec := range res.records {
				cfg.OnMatch(rec)
			}
		}
		g += n
	}
	return total.stats(cfg, groups), nil
}

// playBatch plays groups first..first+n-1, n at a time, every rotation to
// its end or to at most most hands: a group that ends up longer than the
// hands left is played again, cut short, so a rotation longer than all
// the hands left need not be played in full.
func playBatch(cfg Config, first, n, most int) ([]*group, error) {
	out := make([]*group, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i], errs[i] = playGroup(cfg, first+i, func(int) int { return most })
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// group is one match, with its three rotations in duplicate.
type group struct {
	tally
	levels  levelTally
	records []*record.Record
}

// rotations returns how many times a match is played.
func rotations(cfg Config) int {
	if cfg.Duplicate {
		return 4
	}
	return 1
}

// split returns the hands each of n rotations plays when budget hands
// are shared evenly between them.
func split(budget, n int) func(r int) int {
	return func(r int) int {
		limit := budget / n
		if r < budget%n {
			limit++
		}
		return limit
	}
}

// playGroup plays group g: its match in every rotation r, to the end or
// to at most limit(r) hands (a rotation with limit 0 is not played).
func playGroup(cfg Config, g int, limit func(r int) int) (*group, error) {
	res := &group{tally: tally{winsByKind: map[string]int{}}, levels: levelTally{}}
	seed := wall.Derive(cfg.Seed, "match", g)
	for r := range rotations(cfg) {
		n := limit(r)
		if n == 0 {
			continue
		}
		if err := playMatch(cfg, seed, r, n, res); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// seatLevels returns each player's level in rotation r.
func seatLevels(cfg Config, r int) [4]ai.Level {
	var out [4]ai.Level
	for p := range out {
		out[p] = cfg.Levels[(p+r)%4]
		if out[p] == "" {
			out[p] = ai.Novice
		}
	}
	return out
}

// playMatch plays one match in rotation r on a table.Local, or at most
// limit hands of it.
func playMatch(cfg Config, seed wall.Seed, r, limit int, res *group) error {
	res.matches++
	levels := seatLevels(cfg, r)
	lc := table.LocalConfig{Rules: cfg.Ruleset.ID(), Card: rules.CardTextOf(cfg.Ruleset), Options: cfg.Options.Map(), Seed: seed.String(),
		AutoNext: true, Plain: true, Hands: limit, NoRecord: cfg.OnMatch == nil}
	for p := range lc.Seats {
		pl, err := ai.New(levels[p], wall.Derive(seed, "player", 4*r+p))
		if err != nil {
			return err
		}
		if cfg.Wrap != nil {
			pl = cfg.Wrap(levels[p], pl)
		}
		lc.Seats[p] = table.SeatConfig{Kind: table.SeatAI, Level: levels[p], Player: pl}
	}
	st := &res.tally
	lc.Watch = func(m *game.Match, evs []game.Event) {
		if len(evs) > 0 && evs[0].Type == game.EvAction {
			st.decisions++
			if cfg.Check {
				if err := m.Hand.CheckInvariants(); err != nil {
					st.violation("hand %d: %v", m.Number, err)
				}
			}
		}
		for _, e := range evs {
			if e.Type == game.EvHandEnd {
				st.addHand(m)
				res.levels.add(m, levels)
			}
		}
	}
	tb, err := table.NewLocal(lc)
	if err != nil {
		return err
	}
	defer tb.Close()
	<-tb.Done()
	snap, err := tb.Snapshot(context.Background(), table.Spectator)
	if err != nil {
		return err
	}
	if snap.Info.Problem != "" {
		st.violation("%s", snap.Info.Problem)
	}
	if cfg.OnMatch != nil {
		rec, err := tb.Record()
		if err != nil {
			return err
		}
		res.records = append(res.records, rec)
	}
	return nil
}

// addHand books the match's finished hand.
func (st *tally) addHand(m *game.Match) {
	st.hands++
	res := m.Hand.Result
	if res.Winner == rules.NoWind {
		st.draws++
	} else {
		st.wins[res.Winner]++
		st.winsByKind[winKind(res)]++
		st.totalWin += res.Values[res.Winner].Value
	}
	last := m.History[len(m.History)-1]
	for p := range 4 {
		st.playerNet[p] += last.Net[p]
	}
}

// winKind names how a hand was won.
func winKind(r *game.Result) string {
	for _, f := range r.Flags {
		if f == "robbing-kong" || f == "invoked" {
			return f
		}
	}
	if r.From == rules.NoWind {
		return "self-drawn"
	}
	return "discard"
}

// tally is the additive part of the statistics.
type tally struct {
	hands, matches, draws, decisions, totalWin int
	wins                                       [4]int
	winsByKind                                 map[string]int
	violations                                 int
	messages                                   []string
	playerNet                                  [4]int
}

func (st *tally) violation(format string, args ...any) {
	st.violations++
	if len(st.messages) < maxViolations {
		st.messages = append(st.messages, fmt.Sprintf(format, args...))
	}
}

// add adds o to st.
func (st *tally) add(o *tally) {
	st.hands += o.hands
	st.matches += o.matches
	st.draws += o.draws
	st.decisions += o.decisions
	st.totalWin += o.totalWin
	for i := range st.wins {
		st.wins[i] += o.wins[i]
		st.playerNet[i] += o.playerNet[i]
	}
	for k, n := range o.winsByKind {
		if st.winsByKind == nil {
			st.winsByKind = map[string]int{}
		}
		st.winsByKind[k] += n
	}
	st.violations += o.violations
	for _, m := range o.messages {
		if len(st.messages) < maxViolations {
			st.messages = append(st.messages, m)
		}
	}
}

// stats turns the totals into Stats.
func (st *tally) stats(cfg Config, groups []levelTally) Stats {
	out := Stats{
		Rules: cfg.Ruleset.ID(), Hands: st.hands, Matches: st.matches, Draws: st.draws,
		Wins:       map[string]int{},
		WinsByKind: map[string]int{},
		Decisions:  st.decisions, InvariantViolations: st.violations, Violations: st.messages,
		PlayerNet: st.playerNet, Duplicate: cfg.Duplicate, Levels: levelStats(groups),
	}
	for w := rules.E; w <= rules.N; w++ {
		out.Wins[w.String()] = st.wins[w]
	}
	for k, n := range st.winsByKind {
		out.WinsByKind[k] = n
	}
	if wins := st.hands - st.draws; wins > 0 {
		out.AvgWinValue = float64(st.totalWin) / float64(wins)
	}
	return out
}
