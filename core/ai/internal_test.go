package ai

import (
	"math/rand/v2"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all" // every ruleset
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// counts parses concealed tiles in notation.
func counts(t *testing.T, s string) tile.Counts {
	t.Helper()
	ks, err := tile.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return tile.CountsOf(ks)
}

// bareTable is a table with every tile unseen but those of c.
func bareTable(c tile.Counts) *table {
	t := &table{view: &game.View{Hand: c}, draws: 10}
	for k := range tile.NumStandard {
		t.live[k] = 4 - int(c[k])
		t.unseen += t.live[k]
	}
	return t
}

// TestImproversMatchBruteForce checks the counted improving tiles against
// every draw, for random hands of 13 tiles, with and without the special
// shapes (thirteen orphans, seven pairs). Half the hands are drawn from
// the terminals and honours, where thirteen orphans matters.
func TestImproversMatchBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 600 {
		var wall []tile.Kind
		for k := range tile.Kind(tile.NumStandard) {
			if i%2 == 0 || k.IsMajor() || rng.IntN(4) == 0 {
				wall = append(wall, k, k, k, k)
			}
		}
		rng.Shuffle(len(wall), func(i, j int) { wall[i], wall[j] = wall[j], wall[i] })
		c := tile.CountsOf(wall[:13])
		s := &shaper{t: bareTable(c), orphans: i%3 == 1, pairs: i%3 == 2}
		sh := s.shanten(&c, nil)
		got, live := s.improvers(c, nil, sh)
		var want tile.Set
		wantLive := 0
		for k := range tile.Kind(tile.NumStandard) {
			if c[k] == 4 {
				continue
			}
			c[k]++
			if s.shanten(&c, nil) < sh {
				want = want.Add(k)
				wantLive += 4 - int(c[k]) + 1
			}
			c[k]--
		}
		if got != want || live != wantLive {
			t.Fatalf("%s (shanten %d, orphans %v, pairs %v): improvers %s (%d live), want %s (%d)", tile.Format(c.Kinds()), sh, s.orphans, s.pairs, got, live, want, wantLive)
		}
	}
}

// TestSpecialShapes checks that thirteen orphans and seven pairs count
// only where the shaper was told the ruleset wins with them.
func TestSpecialShapes(t *testing.T) {
	c := counts(t, "19m19p19s123456z5m")
	plain := &shaper{t: bareTable(c)}
	orphans := &shaper{t: bareTable(c), orphans: true}
	if got := orphans.shanten(&c, nil); got != 1 {
		t.Errorf("orphans shanten of %s = %d, want 1", tile.Format(c.Kinds()), got)
	}
	if got := plain.shanten(&c, nil); got <= 1 {
		t.Errorf("regular shanten of %s = %d, want more than 1", tile.Format(c.Kinds()), got)
	}
	p := counts(t, "1122m3344p5566s7z")
	pairs := &shaper{t: bareTable(p), pairs: true}
	if got := pairs.shanten(&p, nil); got != 0 {
		t.Errorf("seven pairs shanten of %s = %d, want 0", tile.Format(p.Kinds()), got)
	}
}

// TestWinChanceOrder checks that the chance of winning grows with fewer
// steps to go, more live tiles and more draws.
func TestWinChanceOrder(t *testing.T) {
	p := &planner{t: &table{unseen: 90, draws: 12}}
	for sh := 0; sh < 7; sh++ {
		if a, b := p.winChance(sh, 20), p.winChance(sh+1, 20); a <= b {
			t.Errorf("shanten %d: %.3f, shanten %d: %.3f", sh, a, sh+1, b)
		}
		if a, b := p.winChance(sh, 10), p.winChance(sh, 30); a >= b {
			t.Errorf("shanten %d: 10 live %.3f, 30 live %.3f", sh, a, b)
		}
	}
	late := &planner{t: &table{unseen: 90, draws: 3}}
	if a, b := late.winChance(1, 20), p.winChance(1, 20); a >= b {
		t.Errorf("3 draws left: %.3f, 12 draws left: %.3f", a, b)
	}
	if p.winChance(-1, 0) != 1 {
		t.Error("a won hand must have chance 1")
	}
}

// TestKnowledge checks what the AI learns of the rulesets by asking them.
func TestKnowledge(t *testing.T) {
	for _, c := range []struct {
		id             string
		orphans, pairs bool
	}{{"classical", true, false}, {"hongkong", true, false}, {"jilin", false, true}} {
		r, err := rules.Get(c.id)
		if err != nil {
			t.Fatal(err)
		}
		k := learnRuleset(r, rules.DefaultOptions(r))
		if k.orphans != c.orphans || k.pairs != c.pairs {
			t.Errorf("%s: orphans %v pairs %v, want %v %v", c.id, k.orphans, k.pairs, c.orphans, c.pairs)
		}
	}
	r, _ := rules.Get("hongkong")
	k := learnRuleset(r, rules.DefaultOptions(r))
	m := k.model(situation{seat: rules.S, round: rules.E, dominant: rules.W})
	honour := func(k tile.Kind) float64 { return m.honourOf(int(k - tile.East)) }
	if m.base <= 0 || honour(tile.Red) <= 1 || honour(tile.South) <= honour(tile.North) ||
		honour(tile.West) <= honour(tile.North) || m.half() <= 1 || m.full() <= m.half() {
		t.Errorf("hongkong model for South, dominant West: base %v, honours %v, flushes %v %v; want dragons, own and dominant winds, flushes to count", m.base, m.honour, m.half(), m.full())
	}
	// Classical pays the winner from every loser, doubled with East.
	c, _ := rules.Get("classical")
	kc := learnRuleset(c, rules.DefaultOptions(c))
	if g := kc.gain(rules.S, rules.W, rules.S); g != 4 {
		t.Errorf("classical: South winning gains %v per unit, want 4", g)
	}
	if g := kc.gain(rules.S, rules.W, rules.E); g != -2 {
		t.Errorf("classical: East loses %v per unit when South wins, want -2", g)
	}
}

// TestMemory checks what a player remembers between views: tiles passed
// by a seat are safe against it until it changes its hand; a declared
// seat's safe tiles stay.
func TestMemory(t *testing.T) {
	v := &game.View{Number: 1, StateID: 10}
	var m memory
	m.update(v)
	discard := func(x rules.Wind, k tile.Kind) {
		v.StateID++
		v.Seats[x].Discards = append(v.Seats[x].Discards, game.Discard{Tile: k})
	}
	discard(rules.E, tile.M1)
	discard(rules.S, tile.P1+4)
	m.update(v)
	if !m.safe[rules.W].Has(tile.M1) || !m.safe[rules.W].Has(tile.P1+4) {
		t.Errorf("West passed 1m and 5p: safe %s", m.safe[rules.W])
	}
	if m.safe[rules.S].Has(tile.P1+4) || m.safe[rules.E].Has(tile.M1) {
		t.Errorf("seats that discarded keep no safe tiles: E %s, S %s", m.safe[rules.E], m.safe[rules.S])
	}
	discard(rules.W, tile.S1)
	v.Seats[rules.N].Declared = game.DeclCalling
	m.update(v)
	if m.safe[rules.W] != 0 {
		t.Errorf("West discarded: safe %s, want none", m.safe[rules.W])
	}
	discard(rules.N, tile.East)
	discard(rules.E, tile.Red)
	m.update(v)
	if !m.safe[rules.N].Has(tile.East) || !m.safe[rules.N].Has(tile.Red) {
		t.Errorf("North declared: safe %s, want 1z and 7z", m.safe[rules.N])
	}
	v.Number, v.StateID = 2, 1
	m.update(v)
	if m.safe != ([4]tile.Set{}) {
		t.Errorf("a new hand keeps safe tiles %v", m.safe)
	}
}

// TestWaitChance checks the tile danger model.
func TestWaitChance(t *testing.T) {
	var live [tile.NumStandard]int
	for k := range live {
		live[k] = 3
	}
	th := threat{suit: -1}
	if th.waitChance(tile.P1+4, &live) <= th.waitChance(tile.P1, &live) {
		t.Error("a middle tile must be more dangerous than a terminal")
	}
	live[tile.Red] = 0
	if th.waitChance(tile.Red, &live) != 0 {
		t.Error("an honour with no copy unseen cannot win")
	}
	th.safe = th.safe.Add(tile.M1 + 4)
	if th.waitChance(tile.M1+4, &live) != 0 {
		t.Error("a safe tile must have no danger")
	}
	flush := threat{suit: 1, strong: true}
	if flush.waitChance(tile.P1+4, &live) <= flush.waitChance(tile.S1+4, &live) {
		t.Error("against a circles flush, circles must be more dangerous than bamboo")
	}
	if s, strong := flushSignal([]hand.Meld{{Kind: hand.Pung, Tile: tile.P1 + 2, Open: true}, {Kind: hand.Chow, Tile: tile.P1 + 5, Open: true}, {Kind: hand.Pung, Tile: tile.Red, Open: true}}); s != 1 || !strong {
		t.Errorf("flushSignal = %d %v, want circles, strong", s, strong)
	}
}

// TestKnowledgeOfJilin checks what the AI learns of Jilin from its hooks
// alone: wins need TING (JL-9.5), no two-sided waits (JL-7.1), a seat that
// claimed pays less (JL-12.1), and end-of-hand points come from all three
// opponents (JL-13.1); and that the other rulesets have none of these.
func TestKnowledgeOfJilin(t *testing.T) {
	for _, id := range rules.IDs() {
		r, _ := rules.Get(id)
		k := learnRuleset(r, rules.DefaultOptions(r))
		jilin := id == "jilin"
		if k.ting != jilin || k.twoSided == jilin || (k.calledLoss < 1) != jilin || (k.pointGain == 3) != jilin {
			t.Errorf("%s: ting %v, two-sided waits %v, called loss %.2f, point gain %.2f", id, k.ting, k.twoSided, k.calledLoss, k.pointGain)
		}
	}
}
