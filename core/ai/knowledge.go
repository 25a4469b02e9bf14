package ai

import (
	"strings"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// knowledge is what a player learns of a ruleset under some table options
// by asking its hooks: the tiles in play, the special shapes that win, the
// value of model hands in each seat's situation and who pays whom. It is
// public information (any player may read the rules), kept per player so
// that no state is shared between players.
type knowledge struct {
	key   string
	r     rules.Ruleset
	opts  rules.Options
	tiles tile.Counts
	// orphans and pairs: thirteen orphans and seven pairs win.
	orphans, pairs bool
	// ting: a hand wins only after its seat announced TING (Setup.Ting, JL-9.5).
	ting bool
	// twoSided: a chow may be completed on a two-sided wait (jilin allows
	// only closed and edge waits, JL-7.1).
	twoSided bool
	// pay[w][f+1][x] is what seat x gains, relative to the table's average,
	// per unit of value when seat w wins on a discard from seat f (f = -1:
	// self-drawn).
	pay [4][5][4]float64
	// calledLoss is the share of its losses a seat still pays once it has
	// claimed a discard (jilin halves them, JL-12.1); 1 in other rulesets.
	calledLoss float64
	// pointGain is what a seat gains, relative to the table's average, per
	// end-of-hand point it holds (jilin, JL-13.1); 0 in rulesets without.
	pointGain float64
	models    map[situation]*valueModel
}

// situation is a seat's scoring situation: its seat wind, the hand's
// round and dominant winds, and its bonus tiles (bit k-tile.F1 for kind k).
type situation struct {
	seat, round, dominant rules.Wind
	bonus                 uint8
}

// situationOf returns the situation of seat in view v.
func situationOf(v *game.View, seat rules.Wind) situation {
	s := situation{seat: seat, round: v.Round, dominant: v.Dominant}
	for _, k := range v.Seats[seat].Bonus {
		if k.IsBonus() {
			s.bonus |= 1 << (k - tile.F1)
		}
	}
	return s
}

// bonusTiles returns the bonus tiles of a situation.
func (s situation) bonusTiles() []tile.Kind {
	var out []tile.Kind
	for k := tile.F1; k < tile.Joker; k++ {
		if s.bonus&(1<<(k-tile.F1)) != 0 {
			out = append(out, k)
		}
	}
	return out
}

// learn returns the knowledge of v's ruleset and options, reusing k when it
// is for the same table.
func learn(k *knowledge, v *game.View) *knowledge {
	key := tableKey(v)
	if k != nil && k.key == key {
		return k
	}
	k = learnRuleset(v.Rules(), v.Options())
	k.key = key
	return k
}

// learnRuleset asks ruleset r under options o what the AI needs to know.
func learnRuleset(r rules.Ruleset, o rules.Options) *knowledge {
	k := &knowledge{r: r, opts: o, tiles: rules.StandardTiles(false), twoSided: true, models: map[situation]*valueModel{}}
	if r == nil {
		return k
	}
	setup := r.Setup(o)
	k.tiles, k.ting = setup.Tiles, setup.Ting
	ctx := rules.Context{Options: o, Seat: rules.S, Round: rules.E, Dominant: rules.E, From: rules.E, Joker: tile.None}
	k.orphans = wins(r, "19m19p19s1234567z", tile.M1, ctx)
	k.pairs = wins(r, "1122m3344p5566s7z", tile.Red, ctx)
	k.twoSided = wins(r, "123m555m345p67s99p", tile.S1+7, ctx) || !wins(r, "123m555m345p68s99p", tile.S1+6, ctx)
	k.learnPayments()
	return k
}

// tableKey names a ruleset and its options.
func tableKey(v *game.View) string {
	o := v.Options()
	var b strings.Builder
	b.WriteString(v.Ruleset)
	for i := range o.Specs() {
		b.WriteByte('|')
		b.WriteString(o.At(i))
	}
	return b.String()
}

// wins reports whether concealed tiles (in notation) with winning tile w
// are a valid win.
func wins(r rules.Ruleset, concealed string, w tile.Kind, ctx rules.Context) bool {
	h := rules.Hand{Concealed: tile.CountsOf(tile.MustParse(concealed)), Winning: w}
	return r.Value(h, ctx).Valid
}

// probeValue is the value used to learn the payments; large enough that
// rounding does not matter, small enough to stay under common limits.
const probeValue = 100

// learnPayments fills k.pay and k.pointGain from the ruleset's settlement.
func (k *knowledge) learnPayments() {
	for w := rules.E; w <= rules.N; w++ {
		for f := rules.NoWind; f <= rules.N; f++ {
			if f == w {
				continue
			}
			in := rules.SettleInput{Options: k.opts, Winner: w, From: f}
			in.Values[w] = probeValue
			net := k.r.Settle(in).Net
			mean := float64(net[0]+net[1]+net[2]+net[3]) / 4
			for x := range 4 {
				k.pay[w][f+1][x] = (float64(net[x]) - mean) / probeValue
			}
		}
	}
	k.calledLoss = 1
	base, called := 0.0, 0.0
	for w := rules.E; w <= rules.N; w++ {
		for f := rules.NoWind; f <= rules.N; f++ {
			x := w.Next()
			if f == w {
				continue
			}
			in := rules.SettleInput{Options: k.opts, Winner: w, From: f}
			in.Values[w] = probeValue
			in.Extra[x].Called = true
			net := k.r.Settle(in).Net
			base += k.pay[w][f+1][x]
			called += (float64(net[x]) - float64(net[0]+net[1]+net[2]+net[3])/4) / probeValue
		}
	}
	if base < 0 && called <= 0 {
		k.calledLoss = called / base
	}
	in := rules.SettleInput{Options: k.opts, Winner: rules.NoWind, From: rules.NoWind}
	in.Extra[rules.E].Bonus = probeValue
	net := k.r.Settle(in).Net
	k.pointGain = (float64(net[0]) - float64(net[0]+net[1]+net[2]+net[3])/4) / probeValue
}

// gain returns what seat x gains (negative: loses) per unit of value when
// seat w wins on a discard from f (rules.NoWind: self-drawn).
func (k *knowledge) gain(w, f, x rules.Wind) float64 {
	if w < rules.E || w > rules.N || x < rules.E || x > rules.N {
		return 0
	}
	return k.pay[w][f+1][x]
}

// selfDrawn is the share of wins that are self-drawn (in self-play).
const selfDrawn = 0.25

// winGain returns what seat x gains (negative: loses) per unit of value
// when seat w wins, on average over how the winning tile comes.
func (k *knowledge) winGain(w, x rules.Wind) float64 {
	g := selfDrawn * k.gain(w, rules.NoWind, x)
	for f := rules.E; f <= rules.N; f++ {
		if f != w {
			g += (1 - selfDrawn) / 3 * k.gain(w, f, x)
		}
	}
	return g
}

// model returns the value model of a situation.
func (k *knowledge) model(s situation) *valueModel {
	if m, ok := k.models[s]; ok {
		return m
	}
	m := newValueModel(k, s)
	k.models[s] = m
	return m
}
