package ai

import (
	"math"
	"slices"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// Option is one legal action with the figures that rank it: what the hand
// is left with, its chances and its risk. Hints list them best first.
type Option struct {
	Action game.Action `json:"action"`
	// Shanten is how many tile exchanges the hand needs, after the action,
	// before it is ready (0: ready; -1: the action wins).
	Shanten int `json:"shanten"`
	// Improve are the kinds that bring the hand closer (its waits when
	// ready), and Live how many of those tiles are still unseen.
	Improve []tile.Kind `json:"improve,omitempty"`
	Live    int         `json:"live"`
	// Value is the estimated value of the win the hand heads for.
	Value float64 `json:"value"`
	// Win is the estimated chance of winning the hand.
	Win float64 `json:"win"`
	// Danger is the estimated chance that the tile given away (a discard,
	// an added kong) wins for another seat.
	Danger float64 `json:"danger"`
	// Score ranks the options: the expected net score of the hand.
	Score float64 `json:"score"`

	improve tile.Set
	// eager is the score the option would have if danger did not count.
	eager float64
}

// planner evaluates the legal actions of one view for the expert (and the
// hints); the intermediate uses only its efficiency figures.
type planner struct {
	t     *table
	shape *shaper
	k     *knowledge
	model *valueModel
	hint  ValueHinter
	ths   []threat
	// winGain is what the seat gains per unit of value when it wins;
	// loseCost what it loses on average when another seat wins.
	winGain, loseCost float64
	// rated caches rate by discarded tile.
	rated map[tile.Kind]rating
}

// rating is what a hand of 13 effective tiles is worth.
type rating struct {
	out   outcome
	value float64
	win   float64
	// points are the end-of-hand points the hand holds (jilin, JL-13).
	points float64
	// relief scales what the seat loses when another seat wins: less once
	// it has claimed, where the rules say so (jilin, JL-12.1).
	relief float64
}

// newPlanner prepares the evaluation of v; mem may be nil.
func newPlanner(v *game.View, k *knowledge, mem *memory) *planner {
	t := newTable(v, k)
	p := &planner{t: t, shape: newShaper(t, k), k: k, rated: map[tile.Kind]rating{}}
	p.model = k.model(situationOf(v, v.Seat))
	p.hint, _ = v.Rules().(ValueHinter)
	p.ths = threats(t, k, mem)
	p.winGain = k.winGain(v.Seat, v.Seat)
	for _, th := range p.ths {
		p.loseCost += th.loss / float64(len(p.ths))
	}
	return p
}

// Weights of the actions beyond the chance of winning.
const (
	// lockCost discounts a hand locked by a declaration.
	lockCost = 0.8
	// kongDraw values the replacement tile of a kong.
	kongDraw = 1.08
	// winScore ranks a win above everything else.
	winScore = 1e9
	// claimRaise is how much more a claim that does not bring the hand
	// closer must make it worth.
	claimRaise = 1.25
	// tingRace ranks a claim that brings the hand closer above passing
	// where wins need TING.
	tingRace = 1000
)

// typicalLive is the share of the unseen tiles that typically improve a
// hand at each shanten (measured in self-play).
var typicalLive = [...]float64{0.057, 0.146, 0.246, 0.382, 0.58, 0.7, 0.8, 0.85, 0.9}

// winModel holds, by shanten (the last row for 4 and more), the weights
// of a logistic model of the chance of winning the hand: the intercept
// (the log-odds with a typical share of live improving tiles and no draws
// left), the weight of log(share of the unseen tiles that improve the hand
// / typicalLive) and the weight of the draws left / 10. They were fitted
// on 80,000 decisions of intermediate self-play in classical and hongkong;
// the weights of the live tiles before the hand is ready were then halved
// in strength runs (0.6, 0.32, 0.35, 0.4 fitted), which keeps the expert
// from trading a step towards the win for more live tiles.
var winModel = [...][3]float64{
	{-2.22, 0.95, 1.75},
	{-4.36, 0.3, 2.5},
	{-5.15, 0.2, 2.58},
	{-5.74, 0.2, 2.63},
	{-6.62, 0.2, 3.0},
}

// winChance estimates the chance of winning the hand from shanten sh with
// live improving tiles.
func (p *planner) winChance(sh, live int) float64 {
	if sh < 0 {
		return 1
	}
	row := min(sh, len(winModel)-1)
	w := winModel[row]
	share := float64(max(live, 1)) / float64(max(p.t.unseen, 1)) / typicalLive[row]
	z := w[0] + w[1]*math.Log(share) + w[2]*float64(p.t.draws)/10
	// Each shanten beyond the model's last row costs as much as the last step.
	z -= float64(max(sh-len(winModel)+1, 0)) * 1.0
	return 1 / (1 + math.Exp(-z))
}

// rate evaluates concealed c (3n+1 tiles) with melds; flags are the
// declarations the hand is played with.
func (p *planner) rate(c tile.Counts, melds []hand.Meld, flags rules.Flag) rating {
	out := p.shape.measure(c, melds)
	r := rating{out: out, points: p.points(c, melds), relief: 1}
	if claimedAny(melds) {
		r.relief = p.k.calledLoss
	}
	if out.shanten == 0 {
		sum, live := 0.0, 0
		for _, w := range out.improve.Kinds() {
			if val, ok := p.t.valid(c, melds, w, p.t.seat.Next(), flags); ok {
				sum += float64(p.t.live[w] * val.Value)
				live += p.t.live[w]
			}
		}
		if live > 0 {
			r.value, r.win = sum/float64(live), p.winChance(0, live)
			r.out.live = live
			if p.k.ting && !p.t.context(p.t.seat, rules.NoWind, flags).Flags.Has(rules.Ting) {
				// Where a hand wins only after TING (JL-9.5), a ready hand
				// that has not announced it is a step further.
				r.win = p.winChance(1, live)
			}
			return r
		}
		out.shanten, out.live = 1, int(typicalLive[1]*float64(p.t.unseen))
	}
	if p.hint != nil {
		r.value = p.hint.AIValue(p.t.rulesHand(c, melds, tile.None), p.t.context(p.t.seat, rules.NoWind, flags), &p.t.live)
	} else {
		r.value = p.model.estimate(&c, melds, &p.t.live)
	}
	r.win = p.winChance(out.shanten, out.live)
	return r
}

// rateDiscard rates the hand left after discarding k, cached.
func (p *planner) rateDiscard(c tile.Counts, k tile.Kind) rating {
	if r, ok := p.rated[k]; ok {
		return r
	}
	c.Remove(k)
	r := p.rate(c, p.t.melds, 0)
	p.rated[k] = r
	return r
}

// option fills an option from a rating, giving away tile k (tile.None:
// nothing), with the value scaled by factor.
func (p *planner) option(a game.Action, r rating, k tile.Kind, factor float64) Option {
	o := Option{Action: a, Shanten: r.out.shanten, improve: r.out.improve, Live: r.out.live, Value: r.value, Win: r.win}
	// The hand is won, or (nearly always) another seat wins it.
	lose := p.loseCost * r.relief
	ev := r.win*(r.value*factor*p.winGain+lose) - lose + r.points*p.k.pointGain
	o.eager = ev
	o.Score = ev
	if k != tile.None {
		chance, cost := danger(p.ths, k, &p.t.live)
		o.Danger = chance
		o.Score = (1-chance)*ev - cost*r.relief
	}
	return o
}

// claimedAny reports whether melds hold a claimed meld (an open one that is
// not a combination of honours, which is exposed from the hand).
func claimedAny(melds []hand.Meld) bool {
	for _, m := range melds {
		if m.Open && m.Kind != hand.Combination {
			return true
		}
	}
	return false
}

// options evaluates every legal action of the view, best first.
func (p *planner) options() []Option {
	v := p.t.view
	out := make([]Option, 0, len(v.Legal))
	for _, a := range v.Legal {
		out = append(out, p.evaluate(a))
	}
	slices.SortStableFunc(out, func(a, b Option) int {
		switch {
		case a.Score > b.Score:
			return -1
		case a.Score < b.Score:
			return 1
		}
		return 0
	})
	for i := range out {
		out[i].Improve = out[i].improve.Kinds()
	}
	return out
}

// evaluate rates one legal action.
func (p *planner) evaluate(a game.Action) Option {
	v := p.t.view
	c := v.Hand
	melds := p.t.melds
	switch a.Type {
	case game.ActSelfDraw, game.ActMahjong:
		return p.winOption(a)
	case game.ActInvoke:
		if _, ok := p.invokeWins(a.Tile); ok {
			return p.winOption(a)
		}
		return Option{Action: a, Shanten: farShanten, Score: -1}
	case game.ActPass:
		if v.Phase == game.PhaseInvoke {
			return Option{Action: a, Shanten: farShanten}
		}
		return p.option(a, p.rate(c, melds, 0), tile.None, 1)
	case game.ActDiscard:
		if a.Declare == game.DeclNone {
			return p.option(a, p.rateDiscard(c, a.Tile), a.Tile, 1)
		}
		c.Remove(a.Tile)
		factor := lockCost
		if a.Declare == game.DeclTing && p.k.ting {
			factor = 1 // no win without it (JL-9.5): the lock is the price of any win
		}
		return p.option(a, p.rate(c, melds, declared(a.Declare)), a.Tile, factor)
	case game.ActConcealedKong, game.ActAddKong, game.ActExpose, game.ActExtend:
		give := tile.None
		if a.Type == game.ActAddKong {
			give = a.Tile // it may be robbed
		}
		c, melds = game.Changed(c, melds, a)
		return p.bestOption(a, c, melds, give, kongDraw)
	case game.ActKong:
		c, melds = claimed(a, a.Tile, c, melds)
		return p.option(a, p.rate(c, melds, 0), tile.None, kongDraw)
	case game.ActPung, game.ActChow:
		return p.claimOption(a, c, melds)
	}
	return Option{Action: a, Shanten: farShanten, Score: math.Inf(-1)}
}

// bestOption rates a change that leaves concealed c with melds: as it is
// when c holds 3n+1 tiles, else with its best discard next.
func (p *planner) bestOption(a game.Action, c tile.Counts, melds []hand.Meld, give tile.Kind, factor float64) Option {
	if c.Total()%3 != 2 {
		return p.option(a, p.rate(c, melds, 0), give, factor)
	}
	best := Option{Action: a, Shanten: farShanten, Score: math.Inf(-1)}
	for _, d := range c.Distinct() {
		c.Remove(d)
		if o := p.option(a, p.rate(c, melds, 0), d, factor); o.Score > best.Score {
			best = o
		}
		c.Add(d)
	}
	return best
}

// points returns the end-of-hand points that concealed c (3n+1 tiles)
// with melds would collect, as the ruleset values a hand that did not win
// once anyone has announced TING (jilin, JL-13); 0 in rulesets without them.
func (p *planner) points(c tile.Counts, melds []hand.Meld) float64 {
	if p.k.pointGain == 0 {
		return 0
	}
	val := p.k.r.Value(p.t.rulesHand(c, melds, tile.None), p.t.context(p.t.seat, rules.NoWind, rules.AnyTing))
	if !val.Valid {
		return 0
	}
	return float64(val.Bonus)
}

// winOption is a winning action, valued exactly.
func (p *planner) winOption(a game.Action) Option {
	o := Option{Action: a, Shanten: -1, Win: 1, Score: winScore}
	if val, ok := p.winValue(a); ok {
		o.Value = float64(val.Value)
		o.Score += o.Value
	}
	return o
}

// winValue values the win of a winning action.
func (p *planner) winValue(a game.Action) (rules.Valuation, bool) {
	v := p.t.view
	c := v.Hand
	switch a.Type {
	case game.ActSelfDraw:
		w := a.Tile
		if w == tile.None || !c.Remove(w) {
			return rules.Valuation{}, false
		}
		return p.t.valid(c, p.t.melds, w, rules.NoWind, 0)
	case game.ActInvoke:
		return p.invokeWins(a.Tile)
	}
	return p.t.valid(c, p.t.melds, a.Tile, v.Turn, 0)
}

// invokeWins reports whether invoking dead discard k wins, and its value.
// The seat whose row it lies in is not known; any other seat will do.
func (p *planner) invokeWins(k tile.Kind) (rules.Valuation, bool) {
	return p.t.valid(p.t.view.Hand, p.t.melds, k, p.t.seat.Next(), rules.Invoked)
}

// claimOption rates a pung or chow claim: the new meld, then the best
// discard. A claim that does not bring the hand closer to a win is refused
// unless it makes the hand worth claimRaise times more.
func (p *planner) claimOption(a game.Action, c tile.Counts, melds []hand.Meld) Option {
	pass := p.rate(c, melds, 0)
	c, melds = claimed(a, p.t.view.Pending, c, melds)
	best := Option{Action: a, Shanten: farShanten, Score: math.Inf(-1)}
	for _, d := range c.Distinct() {
		c.Remove(d)
		r := p.rate(c, melds, 0)
		c.Add(d)
		if r.out.shanten >= pass.out.shanten && r.value < claimRaise*pass.value {
			continue
		}
		if o := p.option(a, r, d, 1); o.Score > best.Score {
			best = o
		}
	}
	if p.k.ting && best.Shanten < pass.out.shanten {
		// Where a hand wins only after TING (JL-9.5), nobody wins before
		// he is ready: the race to a ready hand decides, and a claim that
		// brings the hand closer is taken (strength runs: the expert lost
		// to the intermediate when it weighed such claims like the others).
		best.Score += tingRace
	}
	return best
}

// claimed returns concealed c and melds after claiming discard k with a
// pung, a kong or a chow (a.Tile is the chow's first tile).
func claimed(a game.Action, k tile.Kind, c tile.Counts, melds []hand.Meld) (tile.Counts, []hand.Meld) {
	switch a.Type {
	case game.ActPung:
		c[k] -= 2
		return c, withMeld(melds, hand.Meld{Kind: hand.Pung, Tile: k, Open: true})
	case game.ActKong:
		c[k] -= 3
		return c, withMeld(melds, hand.Meld{Kind: hand.Kong, Tile: k, Open: true})
	}
	c.Add(k)
	for x := a.Tile; x < a.Tile+3; x++ {
		c.Remove(x)
	}
	return c, withMeld(melds, hand.Meld{Kind: hand.Chow, Tile: a.Tile, Open: true})
}

// withMeld returns melds with m added, leaving melds unchanged.
func withMeld(melds []hand.Meld, m hand.Meld) []hand.Meld {
	return append(slices.Clip(melds), m)
}
