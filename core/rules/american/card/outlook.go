package card

import (
	"math"
	"math/bits"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// This file measures a hand in play against every expansion of a card at
// once, for the AI (the ruleset's rules.CardOutlook): the distance of AM-7.4's matching, what lowers it, and
// the worth of each expansion under a chance model. It is built once per
// decision; each question about the hand less one tile (a discard, a
// Charleston pass) is then answered per expansion in constant time, since
// removing a natural of one kind changes only that kind's slots.

// unreachable is the distance of a hand that no line fits.
const unreachable = HandSize + 1

// Outlook is a hand in play measured against the expansions (σ, k) of
// every eligible line of a card (AM-7.4 (a), AM-11.6) that its exposures
// fit (step 1), paid under some payment options: a rules.CardOutlook.
// Card.NewOutlook makes one; measuring again reuses its memory. An
// Outlook is not safe for concurrent use.
type Outlook struct {
	c    *Card
	po   PayOptions
	p    prepared
	best int
	ts   []target
	// weighed is the chance model the targets' base worths were computed
	// with, nil when not yet computed.
	weighed *rules.CardChances
	// cs are the counters of the hand measured.
	cs counters
}

// NewOutlook returns an outlook on c paid under po, to Measure hands with.
func (c *Card) NewOutlook(po PayOptions) *Outlook {
	c.init()
	return &Outlook{c: c, po: po, best: unreachable}
}

// target is one expansion within reach of the hand.
type target struct {
	line *Line
	e    *expansion
	// dist = missing - min(jokers, room): missing is the slots of the
	// concealed part the hand's naturals do not fill, room those of them
	// a joker may fill.
	dist, missing, room int
	// natNeed are the kinds short of naturals for pairs and singles;
	// grpNeed those short of tiles for groups only.
	natNeed, grpNeed tile.Set
	// worth is the target's worth for the hand as it is (under weighed).
	worth float64
}

// Measure measures the hand of concealed tiles and exposures (up to 14
// tiles, Hand) against the card. It keeps the expansions at most reach
// tiles farther than the nearest; with a supply s, only those that the
// hand's tiles and the tiles s counts as unseen can still complete (as in
// AM-9.3, from the player's side). It fails only when the hand fails
// Check, and then sees no line.
func (o *Outlook) Measure(concealed tile.Counts, exposed [][]tile.Kind, reach int, s *rules.CardSupply) error {
	o.best, o.ts, o.weighed = unreachable, o.ts[:0], nil
	p, err := Hand{Concealed: concealed, Exposed: exposed}.prepare()
	if err != nil {
		return err
	}
	c := o.c
	o.p = p
	var have tile.Counts
	jokers := p.jokers
	if s != nil {
		for k := range rules.NumCardKinds {
			have[k] = uint8(min(int(p.n[k])+int(s.Naturals[k]), 255))
		}
		jokers += s.Jokers
	}
	// Every expansion's distance is at least free less the hand's
	// naturals that fall on its kinds (its count, at most the hand's
	// concealed naturals). The nearest distance is found reading the
	// expansions by that bound, least first, until the bound passes it;
	// then those within reach of it are read in file order, as the
	// targets are kept.
	o.cs.count(&c.scan, &p.n, p.set)
	free := HandSize - p.expTiles - p.jokers
	words := len(c.scan.has[0])
	for v := p.size - p.expTiles - p.jokers; v >= 0 && free-v <= o.best; v-- {
		for w := range words {
			for at := o.cs.exactly(&c.scan, w, v); at != 0; at &= at - 1 {
				r := &c.scan.refs[w*64+bits.TrailingZeros64(at)]
				if o.fits(r, s, &have, jokers) {
					if t, ok := o.measure(&c.Lines[r.line], r.e, o.best); ok {
						o.best = t.dist
					}
				}
			}
		}
	}
	for w := range words {
		for at := o.cs.atLeast(&c.scan, w, free-o.best-reach); at != 0; at &= at - 1 {
			r := &c.scan.refs[w*64+bits.TrailingZeros64(at)]
			if !o.fits(r, s, &have, jokers) {
				continue
			}
			if t, ok := o.measure(&c.Lines[r.line], r.e, o.best+reach); ok {
				o.ts = append(o.ts, t)
			}
		}
	}
	return nil
}

// fits reports whether the hand's exposures fit expansion r (AM-7.4 step
// 1) and, with a supply s, whether the hand's tiles and those unseen, have
// and jokers, can still complete it.
func (o *Outlook) fits(r *scanRef, s *rules.CardSupply, have *tile.Counts, jokers int) bool {
	return o.c.eligible(r.line, &o.p) && r.e.takes(&o.p) && (s == nil || r.e.feasible(&o.p, have, jokers))
}

// measure compares the hand with expansion e of line l, and reports
// false as soon as the hand is sure to lack more than bound tiles.
func (o *Outlook) measure(l *Line, e *expansion, bound int) (target, bool) {
	t := target{line: l, e: e}
	for _, s := range e.slots {
		r := int(s.r - o.p.expSlots[s.kind])
		n := int(o.p.n[s.kind])
		u := min(n, r)
		t.missing += r - u
		if t.missing-o.p.jokers > bound {
			return t, false
		}
		t.room += r - max(int(s.p), u)
		switch {
		case n < int(s.p):
			t.natNeed = t.natNeed.Add(s.kind)
		case n < r:
			t.grpNeed = t.grpNeed.Add(s.kind)
		}
	}
	t.dist = t.missing - min(o.p.jokers, t.room)
	return t, t.dist <= bound
}

// Distance returns the hand's distance to the card: the fewest tiles it
// lacks (0: it matches a line), HandSize+1 when no line fits it.
func (o *Outlook) Distance() int { return o.best }

// Targets returns how many expansions are within reach.
func (o *Outlook) Targets() int { return len(o.ts) }

// slotOf returns the slot of kind k in e (false when e has none).
func slotOf(e *expansion, k tile.Kind) (slot, bool) {
	if !e.kinds.Has(k) {
		return slot{}, false
	}
	return e.slots[bits.OnesCount64(uint64(e.kinds)&(1<<k-1))], true
}

// without returns t's distance and the kinds that would lower it, for the
// hand less one tile of folded kind k (tile.None: none).
func (o *Outlook) without(t *target, k tile.Kind) (int, tile.Set) {
	missing, room, jokers := t.missing, t.room, o.p.jokers
	nat, grp := t.natNeed, t.grpNeed
	if k == tile.Joker {
		jokers--
	} else if s, ok := slotOf(t.e, k); ok && o.p.n[k] > 0 {
		r, n := int(s.r-o.p.expSlots[k]), int(o.p.n[k])
		if n <= r {
			missing++
			if n > int(s.p) {
				room++
			}
			nat, grp = nat&^(1<<k), grp&^(1<<k)
			if n-1 < int(s.p) {
				nat = nat.Add(k)
			} else {
				grp = grp.Add(k)
			}
		}
	}
	if jokers < room {
		nat |= grp.Add(tile.Joker)
	}
	return missing - min(jokers, room), nat
}

// Without returns the reach of the hand less one tile of kind k (any
// flower for a flower; tile.None: the hand as it is). k should be one of
// the hand's concealed tiles.
func (o *Outlook) Without(k tile.Kind) rules.CardReach {
	if k != tile.None {
		k = rules.CardKind(k)
	}
	r := rules.CardReach{Distance: unreachable}
	for i := range o.ts {
		d, improve := o.without(&o.ts[i], k)
		switch {
		case d < r.Distance:
			r = rules.CardReach{Distance: d, Improve: improve}
		case d == r.Distance:
			r.Improve |= improve
		}
	}
	return r
}

// Weigh returns the aim of the hand less one tile of kind k (any flower
// for a flower; tile.None: the hand as it is) under chance model ch and
// the outlook's payment options: the expansion of greatest worth, and that worth, its
// expected payment unit (AM-8.3): the line's value times the chance of
// making it, plus the value times the chance of making it without a joker
// when the jokerless bonus may apply (AM-8.4). k should be one of the
// hand's concealed tiles. ch must not change between the calls of one
// measure.
func (o *Outlook) Weigh(k tile.Kind, ch *rules.CardChances) rules.CardAim {
	if o.weighed != ch {
		o.weighed = ch
		for i := range o.ts {
			o.ts[i].worth = o.worth(&o.ts[i], tile.None)
		}
	}
	if k != tile.None {
		k = rules.CardKind(k)
	}
	aim, best := rules.CardAim{Distance: unreachable}, -1
	for i := range o.ts {
		t := &o.ts[i]
		w := t.worth
		if o.uses(t, k) {
			w = o.worth(t, k)
		}
		switch {
		case best < 0 || w > aim.Worth:
			aim.Second, aim.Worth, best = aim.Worth, w, i
		case w > aim.Second:
			aim.Second = w
		}
	}
	if best >= 0 {
		t := &o.ts[best]
		aim.Line, aim.Pattern, aim.Value = t.line.ID, t.line.Pattern, t.line.Value
		aim.Distance, _ = o.without(t, k)
	}
	return aim
}

// uses reports whether removing one tile of folded kind k changes what
// the hand lacks for t: a joker, or a natural that fills a slot of t.
func (o *Outlook) uses(t *target, k tile.Kind) bool {
	if k == tile.Joker {
		return o.p.jokers > 0
	}
	s, ok := slotOf(t.e, k)
	return ok && o.p.n[k] > 0 && int(o.p.n[k]) <= int(s.r-o.p.expSlots[k])
}

// worth returns t's worth for the hand less one tile of folded kind k
// (tile.None: none) under o.weighed: the chances of its pairs and singles
// multiplied, times the chance of getting enough naturals and jokers for
// its groups, the hand's jokers first (AM-6.1).
func (o *Outlook) worth(t *target, k tile.Kind) float64 {
	ch, p := o.weighed, &o.p
	jokers, allJ := p.jokers, p.allJ
	if k == tile.Joker {
		jokers, allJ = jokers-1, allJ-1
	}
	chance, plain := 1.0, 1.0
	groups, short, rate := 0, 0, 0.0
	for _, s := range t.e.slots {
		r, n := int(s.r-p.expSlots[s.kind]), int(p.n[s.kind])
		if s.kind == k {
			n--
		}
		u := min(n, r)
		if a := int(s.p) - u; a > 0 {
			chance *= ch.Natural[s.kind][min(a, rules.CardMaxNeed)]
		}
		if b := r - max(int(s.p), u); b > 0 {
			groups += b
			short += max(b-ch.Live[s.kind], 0)
			rate += ch.Rate[s.kind]
			plain *= ch.Plain[s.kind][min(b, rules.CardMaxNeed)]
		}
	}
	if chance == 0 {
		return 0
	}
	jokerless := allJ == 0 && o.po.JokerlessBonus && (o.po.JokerlessNoJokerLines || !t.line.NoJoker())
	if !jokerless {
		plain = 0
	}
	plain *= chance
	scale := 1.0
	if t.line.Concealed {
		scale = ch.Concealed
	}
	if groups -= jokers; groups > 0 {
		chance *= poissonTail(scale*rate+ch.JokerRate, groups)
	}
	if short -= jokers; short > 0 {
		if short > ch.LiveJokers {
			return float64(t.line.Value) * plain
		}
		chance *= poissonTail(ch.JokerRate, short)
	}
	return float64(t.line.Value) * (chance + plain)
}

// Expect sets ch for a player who has not seen the tiles of s and will
// see about draws tiles come her way before the hand ends, each unseen
// tile as likely as any other: her pairs and singles see natural × draws
// of them (the last tile may also be called for Mah Jongg, AM-5.6), the
// groups of X lines calls × draws (calls complete them, AM-5.5), those of
// C lines draws.
func Expect(ch *rules.CardChances, s *rules.CardSupply, draws, natural, calls float64) {
	unseen := s.Jokers
	for k := range rules.NumCardKinds {
		unseen += int(s.Naturals[k])
	}
	per := draws / float64(max(unseen, 1))
	// The rows depend only on the number of live tiles, which most kinds
	// share: first[n]-1 is the first kind with n live (0: none yet), whose
	// rows the others copy.
	var first [FlowerCap + 1]int
	for k := range rules.NumCardKinds {
		live := int(s.Naturals[k])
		ch.Live[k] = live
		ch.Rate[k] = calls * per * float64(live)
		if live < len(first) && first[live] > 0 {
			ch.Natural[k], ch.Plain[k] = ch.Natural[first[live]-1], ch.Plain[first[live]-1]
			continue
		}
		tailRow(&ch.Natural[k], natural*per*float64(live), live)
		tailRow(&ch.Plain[k], ch.Rate[k], live)
		if live < len(first) {
			first[live] = k + 1
		}
	}
	ch.LiveJokers = s.Jokers
	ch.JokerRate = per * float64(s.Jokers) // a joker is never called (AM-6.4)
	ch.Concealed = 1 / max(calls, 1e-9)
}

// tailRow fills row[n] with the chance of n or more events of a Poisson
// count of mean lambda, 0 beyond most.
func tailRow(row *[rules.CardMaxNeed + 1]float64, lambda float64, most int) {
	for n := range row {
		row[n] = 0
		if n <= most {
			row[n] = poissonTail(lambda, n)
		}
	}
}

// poissonTail returns the chance of n or more events of a Poisson count
// of mean lambda: summed from n up when that is the small side, so that
// the tails of far hands keep their precision.
func poissonTail(lambda float64, n int) float64 {
	if n <= 0 {
		return 1
	}
	p := math.Exp(-lambda) // P(0)
	if lambda >= float64(n) {
		tail := 1.0
		for i := range n {
			tail -= p
			p *= lambda / float64(i+1)
		}
		return max(tail, 0)
	}
	for i := range n {
		p *= lambda / float64(i+1)
	}
	sum := 0.0
	for i := n; p > 1e-12*sum && i < n+64; i++ {
		sum += p
		p *= lambda / float64(i+1)
	}
	return sum
}
