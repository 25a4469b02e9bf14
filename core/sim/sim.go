// Package sim plays whole games between computer players without a UI:
// self-play statistics for `fourwinds sim`, and the property runs of the
// tests, checking the engine's invariants after every action.
package sim

import (
	"fmt"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/record"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
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
	// OnMatch, when set, receives each finished (or cut short) match's record.
	OnMatch func(*record.Record)
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
	totalWin  int
}

// maxViolations is how many violation messages Stats keeps.
const maxViolations = 10

// Run plays cfg.Hands hands, starting new matches as games end.
func Run(cfg Config) (Stats, error) {
	st := Stats{Rules: cfg.Ruleset.ID(), Wins: map[string]int{"E": 0, "S": 0, "W": 0, "N": 0}, WinsByKind: map[string]int{}}
	for st.Hands < cfg.Hands {
		if err := playMatch(cfg, &st); err != nil {
			return st, err
		}
	}
	if wins := st.Hands - st.Draws; wins > 0 {
		st.AvgWinValue = float64(st.totalWin) / float64(wins)
	}
	return st, nil
}

func (st *Stats) violation(format string, args ...any) {
	st.InvariantViolations++
	if len(st.Violations) < maxViolations {
		st.Violations = append(st.Violations, fmt.Sprintf(format, args...))
	}
}

// playMatch plays one match, or as much of it as the hand budget allows.
func playMatch(cfg Config, st *Stats) error {
	seed := wall.Derive(cfg.Seed, "match", st.Matches)
	st.Matches++
	mc := game.MatchConfig{Ruleset: cfg.Ruleset, Options: cfg.Options, Seed: seed}
	m, evs, err := game.NewMatch(mc)
	if err != nil {
		return err
	}
	rec := record.New(mc)
	rec.Add(evs...)
	var players [4]ai.Player
	for p := range players {
		level := cfg.Levels[p]
		if level == "" {
			level = ai.Novice
		}
		if players[p], err = ai.New(level, wall.Derive(seed, "player", p)); err != nil {
			return err
		}
	}
	for {
		if err := playHand(cfg, st, m, players, rec); err != nil {
			return err
		}
		if st.Hands >= cfg.Hands {
			break
		}
		evs, err := m.NextHand()
		if err != nil {
			return err
		}
		if m.Over {
			break
		}
		rec.Add(evs...)
	}
	if cfg.OnMatch != nil {
		cfg.OnMatch(rec)
	}
	return nil
}

// maxDecisions bounds one hand, so that an engine bug cannot hang a run.
const maxDecisions = 5000

// playHand plays the current hand of m to its end.
func playHand(cfg Config, st *Stats, m *game.Match, players [4]ai.Player, rec *record.Record) error {
	for n := 0; m.Hand.Phase != game.PhaseEnd; n++ {
		if n == maxDecisions {
			st.violation("hand %d did not end after %d decisions", m.Number, n)
			return nil
		}
		acted := false
		for p := range 4 {
			v := m.View(p)
			if len(v.Legal) == 0 {
				continue
			}
			a := players[p].Decide(v)
			st.Decisions++
			evs, err := m.Apply(p, a)
			if err != nil {
				st.violation("AI chose an illegal action: %v", err)
				return nil
			}
			rec.Add(evs...)
			acted = true
			break
		}
		if !acted {
			st.violation("hand %d: phase %s but nobody may act", m.Number, m.Hand.Phase)
			return nil
		}
		if cfg.Check {
			if err := m.Hand.CheckInvariants(); err != nil {
				st.violation("hand %d: %v", m.Number, err)
				return nil
			}
		}
	}
	st.Hands++
	res := m.Hand.Result
	if res.Winner == rules.NoWind {
		st.Draws++
	} else {
		st.Wins[res.Winner.String()]++
		st.WinsByKind[winKind(res)]++
		st.totalWin += res.Values[res.Winner].Value
	}
	last := m.History[len(m.History)-1]
	for p := range 4 {
		st.PlayerNet[p] += last.Net[p]
	}
	return nil
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
