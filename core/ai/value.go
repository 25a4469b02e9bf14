package ai

import (
	"slices"
	"sync"

	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// ValueHinter is an optional interface of a rules.Ruleset: it tells the
// expert what a hand that is not yet ready is worth aiming for (the right
// card line in american, the joker and TING timing in jilin). Without it,
// the expert values model hands with the ruleset's own Value — a plain
// hand, the same with a pung of each honour, a half and a full flush — in
// the seat's situation, and combines those factors with how near the hand
// is to each pattern. Ready hands are always valued exactly with Value.
type ValueHinter interface {
	// AIValue estimates the value, in the units of Value, of the win that
	// h (concealed tiles and melds, no winning tile, one or more tiles
	// from ready) is heading for in ctx; live[k] is how many tiles of kind
	// k the player has not seen. It returns 0 when the hand cannot win.
	AIValue(h rules.Hand, ctx rules.Context, live *[tile.NumStandard]int) float64
}

// valueModel is what the patterns of a ruleset are worth in one situation,
// learned from model hands: the value of a plain hand (one pung, three
// chows and a pair of simples), and the factor by which a pung of each
// honour, a half flush, a full flush and four pungs multiply it. The base
// is learned at once, each factor when first asked for (honourOf, half,
// full, fourPungs): a seat read as a threat seldom needs them all.
type valueModel struct {
	base float64
	// honour[i] is the factor of a pung of honour i (East first) as
	// valued, 0 or less when such a hand does not win (honourOf gives 1).
	honour    [7]float64
	halfFlush float64
	fullFlush float64
	// pungs is the factor of four pungs or kongs (no chow).
	pungs float64
	// value values a model hand in the situation; nil when every factor
	// is 1 (no ruleset, or a plain hand that does not win).
	value func(concealed string, extra tile.Counts, w tile.Kind) float64
	// learned has bit i for honour i (East first), then the bits below.
	learned uint16
}

// The bits of valueModel.learned beyond the honours'.
const (
	learnedHalf uint16 = 1 << (7 + iota)
	learnedFull
	learnedPungs
)

// The model hands: a plain hand and its variations, all won on 8s or 8m
// (closing a chow) from a discard.
const (
	modelPlain  = "234m 555m 345p 67s 88p" // + 8s
	modelHonour = "234m 345p 67s 88p"      // + an honour pung, + 8s
	modelMixed  = "234m 555m 345p 67s"     // + a guest honour pair, + 8s
	modelHalf   = "234m 555m 345m 67m"     // + a guest honour pair, + 8m
	modelFull   = "234m 555m 345m 67m 88m" // + 8m
	modelPungs  = "555m 222p 777p 66s 88p" // + 6s
)

// modelTiles are the model hands' tiles, read on first use.
var modelTiles = sync.OnceValue(func() map[string]tile.Counts {
	m := map[string]tile.Counts{}
	for _, h := range []string{modelPlain, modelHonour, modelMixed, modelHalf, modelFull, modelPungs} {
		m[h] = tile.CountsOf(tile.MustParse(h))
	}
	return m
})

// newValueModel learns the base of the value model of situation s: the
// model hands are valued with the seat's bonus tiles.
func newValueModel(k *knowledge, s situation) *valueModel {
	m := &valueModel{base: 1, halfFlush: 1, fullFlush: 1, pungs: 1}
	for i := range m.honour {
		m.honour[i] = 1
	}
	if k.r == nil {
		return m
	}
	ctx := rules.Context{Options: k.opts, Seat: s.seat, Round: s.round, Dominant: s.dominant, From: s.seat.Next(), Joker: tile.None}
	bonus := s.bonusTiles()
	value := func(concealed string, extra tile.Counts, w tile.Kind) float64 {
		c := modelTiles()[concealed]
		for x, n := range extra {
			c[x] += n
		}
		v := k.r.Value(rules.Hand{Concealed: c, Bonus: bonus, Winning: w}, ctx)
		if !v.Valid {
			return 0
		}
		return float64(v.Value)
	}
	if base := value(modelPlain, tile.Counts{}, tile.S1+7); base > 0 {
		m.base, m.value = base, value
	}
	return m
}

// learn reports whether the factor of bit b is still to learn, and marks
// it learned.
func (m *valueModel) learn(b uint16) bool {
	if m.learned&b != 0 {
		return false
	}
	m.learned |= b
	return m.value != nil
}

// honourOf returns the factor of a pung of honour i (0: East).
func (m *valueModel) honourOf(i int) float64 {
	if m.learn(1 << i) {
		var pung tile.Counts
		pung[tile.East+tile.Kind(i)] = 3
		m.honour[i] = m.value(modelHonour, pung, tile.S1+7) / m.base
	}
	if f := m.honour[i]; f > 0 {
		return f
	}
	return 1
}

// half returns the factor of a half flush, its honour pair that of the
// honour whose pung is worth least.
func (m *valueModel) half() float64 {
	if m.learn(learnedHalf) {
		guest, low := tile.Kind(tile.East), 0.0
		for i := range m.honour {
			m.honourOf(i)
			if f := m.honour[i]; i == 0 || f < low {
				guest, low = tile.East+tile.Kind(i), f
			}
		}
		var pair tile.Counts
		pair[guest] = 2
		if mixed := m.value(modelMixed, pair, tile.S1+7); mixed > 0 {
			m.halfFlush = max(m.value(modelHalf, pair, tile.M1+7)/mixed, 1)
		}
	}
	return m.halfFlush
}

// full returns the factor of a full flush.
func (m *valueModel) full() float64 {
	if m.learn(learnedFull) {
		m.fullFlush = max(m.value(modelFull, tile.Counts{}, tile.M1+7)/m.base, 1)
	}
	return m.fullFlush
}

// fourPungs returns the factor of four pungs or kongs.
func (m *valueModel) fourPungs() float64 {
	if m.learn(learnedPungs) {
		m.pungs = max(m.value(modelPungs, tile.Counts{}, tile.S1+5)/m.base, 1)
	}
	return m.pungs
}

// Chances of completing a pung from a pair or a single tile, by the number
// of live tiles of its kind: a pair may pung any discard. They are on the
// low side, as strength runs showed: a pattern the hand is far from costs
// speed that its value seldom pays back.
var (
	pungFromPair   = [5]float64{0, 0.15, 0.27, 0.27, 0.27}
	pungFromSingle = [5]float64{0, 0.003, 0.009, 0.015, 0.015}
)

// flushKeep is the chance of getting rid of one off-suit tile on the way to
// a flush.
const flushKeep = 0.35

// estimate returns the value that concealed c with melds is heading for.
func (m *valueModel) estimate(c *tile.Counts, melds []hand.Meld, live *[tile.NumStandard]int) float64 {
	var held [tile.NumStandard]int
	for k := range tile.NumStandard {
		held[k] = int(c[k])
	}
	for _, x := range melds {
		for _, k := range x.Tiles() {
			if k.IsStandard() {
				held[k]++
			}
		}
	}
	mult := 1.0
	for i := range m.honour {
		h := tile.East + tile.Kind(i)
		n := held[h]
		if n == 0 {
			continue
		}
		switch f := m.honourOf(i); {
		case f <= 1:
		case n >= 3:
			mult *= f
		case n == 2:
			mult *= 1 + (f-1)*pungFromPair[min(live[h], 4)]
		default:
			mult *= 1 + (f-1)*pungFromSingle[min(live[h], 4)]
		}
	}
	return m.base * mult * m.flushFactor(&held, melds) * m.pungsFactor(c, melds, live)
}

// pungsFactor is the four-pungs part of estimate: the factor discounted by
// the pungs still to make from pairs, when the hand has pairs enough.
func (m *valueModel) pungsFactor(c *tile.Counts, melds []hand.Meld, live *[tile.NumStandard]int) float64 {
	pungs := m.fourPungs()
	if pungs <= 1 {
		return 1
	}
	sets, chance := 0, 1.0
	var pairs []float64
	for _, x := range melds {
		if !x.IsPungOrKong() {
			return 1
		}
		sets++
	}
	for k := range tile.NumStandard {
		switch {
		case c[k] >= 3:
			sets++
		case c[k] == 2:
			pairs = append(pairs, pungFromPair[min(live[k], 4)])
		}
	}
	missing := 4 - sets
	if missing < 0 || len(pairs) < missing+1 {
		return 1
	}
	slices.Sort(pairs)
	for _, p := range pairs[len(pairs)-missing:] {
		chance *= p
	}
	return 1 + (pungs-1)*chance
}

// flushFactor is the flush part of estimate: the factor of the nearest
// flush, discounted by the off-suit tiles still to discard.
func (m *valueModel) flushFactor(held *[tile.NumStandard]int, melds []hand.Meld) float64 {
	var suits [3]int
	honours := 0
	for k, n := range held {
		if tile.Kind(k).IsSuited() {
			suits[k/9] += n
		} else {
			honours += n
		}
	}
	best := 0
	for s := range suits {
		if suits[s] > suits[best] {
			best = s
		}
	}
	for _, x := range melds {
		if x.Tile.IsSuited() && int(x.Tile)/9 != best {
			return 1
		}
	}
	off := suits[0] + suits[1] + suits[2] - suits[best]
	f := m.half()
	if full := m.full() * pow(flushKeep, honours); full > f {
		f = full
	}
	return 1 + (f-1)*pow(flushKeep, off)
}

// pow returns x to the n.
func pow(x float64, n int) float64 {
	r := 1.0
	for range n {
		r *= x
	}
	return r
}
