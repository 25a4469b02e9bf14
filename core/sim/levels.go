package sim

import (
	"math"
	"sort"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
)

// LevelStats are the figures of one AI level over a simulation. Every
// figure counts seat-hands: a level that holds three seats plays three
// seat-hands per hand. Each rate and average comes with its 95%
// confidence interval, computed over the groups of the run (a match and,
// in duplicate, its rotations: the independent units of the experiment).
type LevelStats struct {
	// Hands counts the seat-hands the level played.
	Hands int `json:"hands"`
	// Wins, DealIns and Draws count the seat-hands the level won, lost by
	// giving the winning tile (a discard, a robbed kong or an invoked
	// discard), and that ended without a winner.
	Wins    int `json:"wins"`
	DealIns int `json:"deal_ins"`
	Draws   int `json:"draws"`
	// WinRate, DealInRate and DrawRate are per seat-hand.
	WinRate        float64    `json:"win_rate"`
	WinRateCI95    [2]float64 `json:"win_rate_ci95"`
	DealInRate     float64    `json:"deal_in_rate"`
	DealInRateCI95 [2]float64 `json:"deal_in_rate_ci95"`
	DrawRate       float64    `json:"draw_rate"`
	DrawRateCI95   [2]float64 `json:"draw_rate_ci95"`
	// AvgNet is the average net score per seat-hand, relative to the
	// table: the player's net minus the average net of the four players
	// in that hand. Where points pass between players the average is
	// zero and this is the net itself; in ledger systems (every player
	// records his own score, as in hongkong's and french's simple
	// systems) it is the lead over the table.
	AvgNet     float64    `json:"avg_net"`
	AvgNetCI95 [2]float64 `json:"avg_net_ci95"`
	// AvgScore is the average net score per seat-hand as the ruleset
	// books it (the ledger entry in ledger systems).
	AvgScore float64 `json:"avg_score"`
	// AvgWinValue is the average value of the level's winning hands.
	AvgWinValue float64 `json:"avg_win_value"`
}

// levelSums are one level's sums over one group.
type levelSums struct {
	n, wins, dealIns, draws int
	net, score, winValue    float64
}

// levelTally holds every level's sums over one group.
type levelTally map[ai.Level]*levelSums

// add books the match's last finished hand for each player's level.
func (lt levelTally) add(m *game.Match, levels [4]ai.Level) {
	h := m.History[len(m.History)-1]
	mean := float64(h.Net[0]+h.Net[1]+h.Net[2]+h.Net[3]) / 4
	res := h.Result
	for p, l := range levels {
		s := lt[l]
		if s == nil {
			s = &levelSums{}
			lt[l] = s
		}
		s.n++
		s.net += float64(h.Net[p]) - mean
		s.score += float64(h.Net[p])
		switch {
		case res.Winner == rules.NoWind:
			s.draws++
		case h.Winner == p:
			s.wins++
			s.winValue += float64(res.Values[res.Winner].Value)
		case res.From != rules.NoWind && m.PlayerAt(res.From) == p:
			s.dealIns++
		}
	}
}

// levelStats computes every level's figures from the groups' sums.
func levelStats(groups []levelTally) map[string]LevelStats {
	names := map[ai.Level]bool{}
	for _, g := range groups {
		for l := range g {
			names[l] = true
		}
	}
	levels := make([]ai.Level, 0, len(names))
	for l := range names {
		levels = append(levels, l)
	}
	sort.Slice(levels, func(i, j int) bool { return levels[i] < levels[j] })
	out := map[string]LevelStats{}
	for _, l := range levels {
		var ns []float64
		var wins, dealIns, draws, nets, scores []float64
		var ls LevelStats
		winValue := 0.0
		for _, g := range groups {
			s := g[l]
			if s == nil {
				continue
			}
			ns = append(ns, float64(s.n))
			wins = append(wins, float64(s.wins))
			dealIns = append(dealIns, float64(s.dealIns))
			draws = append(draws, float64(s.draws))
			nets = append(nets, s.net)
			scores = append(scores, s.score)
			ls.Hands += s.n
			ls.Wins += s.wins
			ls.DealIns += s.dealIns
			ls.Draws += s.draws
			winValue += s.winValue
		}
		if ls.Wins > 0 {
			ls.AvgWinValue = winValue / float64(ls.Wins)
		}
		ls.WinRate, ls.WinRateCI95 = ratio(wins, ns)
		ls.DealInRate, ls.DealInRateCI95 = ratio(dealIns, ns)
		ls.DrawRate, ls.DrawRateCI95 = ratio(draws, ns)
		ls.AvgNet, ls.AvgNetCI95 = ratio(nets, ns)
		ls.AvgScore, _ = ratio(scores, ns)
		out[string(l)] = ls
	}
	return out
}

// z95 is the two-sided 95% quantile of the normal distribution.
const z95 = 1.959964

// ratio returns the ratio estimate Σy/Σx over clusters and its 95%
// confidence interval (the delta method); with fewer than two clusters the
// interval is the estimate itself.
func ratio(y, x []float64) (float64, [2]float64) {
	var sy, sx float64
	for i := range y {
		sy += y[i]
		sx += x[i]
	}
	if sx == 0 {
		return 0, [2]float64{}
	}
	r := sy / sx
	g := float64(len(y))
	if g < 2 {
		return r, [2]float64{r, r}
	}
	var ss float64
	for i := range y {
		d := y[i] - r*x[i]
		ss += d * d
	}
	mx := sx / g
	se := math.Sqrt(ss/(g-1)/g) / mx
	return r, [2]float64{r - z95*se, r + z95*se}
}
