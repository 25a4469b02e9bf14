package jilin

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/pattern/patterntest"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

func TestJL_7_3(t *testing.T) {
	for _, c := range []waitCase{
		{"2345m 123p 789p [777s]", "2m 5m", true},
		{"777p 5p 888s 123m 456m", "5p 6p", true},
		{"555z 6z 456p 789s [123m]", "6z 7z", true},
		{"888s 9s 888p 123m 234s", "7s 9s", true},
		{"111m 999p 222s 77s 77z", "7s 7z", true},
		{"1z2z 123m 456m 789m 55m", "3z 4z", true},
	} {
		checkWaits(t, c)
	}
}

func TestJL_D7(t *testing.T) {
	// 3455m waits on 5m as a single (345m + 5m); 2m would complete 34m two-sided.
	checkWaits(t, waitCase{"3455m 123p 456p 999s", "5m", true})
	checkWaits(t, waitCase{"13m 55m 123p 456p 777s", "2m", true})
	checkWaits(t, waitCase{"12m 55m 123p 456p 777s", "3m", true})
	checkWaits(t, waitCase{"89m 55m 123p 456p 777s", "7m", true})
}

func TestJL_6_3(t *testing.T) {
	// Four undeclared 1m count as a triple and one more tile.
	checkWaits(t, waitCase{"1111m 3m 456p 789p 55s", "2m", true})
}

func TestJL_6_4(t *testing.T) {
	// A concealed special combination counts as a group only as 3 different tiles.
	checkWaits(t, waitCase{"1z2z3z 123m 456m 789m 5m", "5m", true})
	checkWaits(t, waitCase{"1z1z2z3z 123m 456m 789m", "1z 4z", true})
	for _, c := range []struct {
		notation string
		ok       bool
		called   bool
	}{
		{"[1z1z2z4z]", true, false},
		{"[5z5z6z7z]", true, false},
		{"[5z6z7z]", true, true},
		{"[1z2z3z4z4z]", true, false},
		{"[1z1z2z]", false, false},
		{"[1z5z6z]", false, false},
		{"[12m]", false, false},
		{"[135m]", false, false},
		{"[1z1z1z1z1z2z3z]", false, false},
		{"(123m)", false, false},
		{"[1f2f3f]", false, false},
	} {
		n, err := tile.ParseHand(c.notation)
		if err != nil {
			t.Fatal(err)
		}
		g, err := GroupFromNotation(n.Groups[0], false)
		if (err == nil) != c.ok || (err == nil && g.Called != c.called) {
			t.Errorf("GroupFromNotation(%s) = %+v, %v; want ok %v, called %v", c.notation, g, err, c.ok, c.called)
		}
		if err == nil && g.String() != (tile.Hand{Groups: n.Groups, Winning: tile.None}).String() {
			t.Errorf("%s written back as %s", c.notation, g)
		}
	}
	// An exposed dragon série is read as a TCHE (which can never be
	// extended, JL-5.6) unless the player never claimed.
	if own, err := GroupFromNotation(tile.Group{Kind: tile.Exposed, Tiles: tile.MustParse("567z")}, true); err != nil || own.Called {
		t.Errorf("[567z] of a player who never claimed: %+v, %v; want not called", own, err)
	}
}

func TestJL_9_1(t *testing.T) {
	for _, c := range []struct {
		hand string
		err  error
	}{
		// Shape C needs every tile concealed: a declared kong cannot form pairs.
		{"11p 55p 33s 7s (2222m) [1z2z3z] +7s", ErrShape},
		{"11p 55p 33s 77s 8m 22m 22m +8m", nil},
		{"123m 456p 789s 234s 5p +5p", ErrShape},
		{"123m 456m 789m 5m [1z2z3z] +5m", nil},
		{"123m 456m 789m 5m [1z2z3z] +4m", ErrTileCount},
		{"123m 456m 79m 55m 1z2z3z +8m", nil},
		{"123m 456m 78m 55m 1z2z3z +9m", ErrWait},
		{"123m 456m 79m 55m 1z2z3z +6m", ErrShape},
	} {
		h, w := parse(t, c.hand, false)
		if c.hand == "123m 456m 789m 5m [1z2z3z] +4m" {
			h.Concealed.Remove(tile.MustParse("5m")[0])
		}
		if _, err := Decompose(h, w); !errors.Is(err, c.err) {
			t.Errorf("Decompose(%s): %v, want %v", c.hand, err, c.err)
		}
	}
}

func TestJL_9_2(t *testing.T) {
	for _, c := range []struct {
		hand string
		err  error
	}{
		{"111z 222z 333z 555z 6z +6z", ErrSuits},
		{"111m 222m 333p 4p 567m +4p", ErrSuits},
		{"111m 222m 333p 4p 567s +4p", nil},
		{"123m 456m 789m 111m 2m +2m", nil},
	} {
		h, w := parse(t, c.hand, false)
		if _, err := Decompose(h, w); !errors.Is(err, c.err) {
			t.Errorf("Decompose(%s): %v, want %v", c.hand, err, c.err)
		}
	}
}

func TestJL_9_3(t *testing.T) {
	for _, c := range []struct {
		hand string
		err  error
	}{
		{"234m 456m 567m 333m 8m +8m", ErrTerminal},
		{"234m 456m 567m 333m 1z +1z", nil},
		{"234m 456m 567m 333m 9m +7m", ErrShape},
		{"234m 456m 567m 789m 8m +8m", ErrShape},
		{"234m 456m 567m 999m 8m +8m", nil},
	} {
		h, w := parse(t, c.hand, false)
		if _, err := Decompose(h, w); !errors.Is(err, c.err) {
			t.Errorf("Decompose(%s): %v, want %v", c.hand, err, c.err)
		}
	}
	checkWaits(t, waitCase{"234m 456m 567m 333m 8m", "", false})
}

func TestJL_9_5(t *testing.T) {
	// East wins on his 14 dealt tiles: no tile completed the hand.
	ctx := rules.Context{Seat: rules.E, From: rules.NoWind, Flags: rules.Heavenly, Joker: tile.None}
	v := Ruleset{}.Value(rulesHand(t, "123p 456s 345m 777s 8m +8m"), ctx)
	if !v.Valid || v.Value != 8 || v.Items[0].Rule != "JL-11.B1" {
		t.Errorf("East's dealt hand: %+v, want B1 × M1 M4 M5 = 8", v)
	}
	// The two-sided wait does not matter without a completing tile.
	if v := (Ruleset{}).Value(rulesHand(t, "23m 55m 123p 456p 777s +4m"), ctx); !v.Valid {
		t.Errorf("East's dealt hand with 234m: %s", v.Error)
	}
	ctx.Seat = rules.S
	if v := (Ruleset{}).Value(rulesHand(t, "123p 456s 345m 777s 8m +8m"), ctx); v.Valid {
		t.Errorf("South's dealt hand won: %+v", v)
	}
}

func TestJL_D16(t *testing.T) {
	// M3 without M2: the joker's kind is the missing tile, won on a discard.
	checkScenario(t, scenario{hand: "777p 5p 888s 123m 456m +6p", seat: rules.W, from: rules.E, joker: "6p",
		value: 4, lines: []string{"JL-11.B1", "JL-11.M3", "JL-11.M4"},
		facts: [4]rules.SeatFacts{ct, n, n, c}, pays: [4]int{8, 8, 0, 4}})
	// The joker wins on a kind out of the wait set: M2 without M3.
	checkScenario(t, scenario{hand: "777p 5p 888s 123m 456m +9s", seat: rules.W, from: rules.NoWind,
		flags: rules.JokerDrawn, joker: "9s", value: 8, lines: []string{"JL-11.B1", "JL-11.M1", "JL-11.M2", "JL-11.M4"},
		facts: [4]rules.SeatFacts{c, n, n, c}, pays: [4]int{16, 16, 0, 8}})
}

func TestJL_8_4(t *testing.T) {
	for _, c := range []struct {
		name  string
		hand  string
		ctx   rules.Context
		valid bool
	}{
		{"joker from a discard", "777p 5p 888s 123m 456m +9s", rules.Context{From: rules.E, Flags: rules.Ting | rules.JokerDrawn, Joker: tile.None}, false},
		{"joker without TING", "777p 5p 888s 123m 456m +9s", rules.Context{From: rules.NoWind, Flags: rules.JokerDrawn, Joker: tile.None}, false},
		{"joker of another kind", "777p 5p 888s 123m 456m +9s", rules.Context{From: rules.NoWind, Flags: rules.Ting | rules.JokerDrawn, Joker: tile.East}, false},
		{"joker with no wait", "23m 55m 123p 456p 777s +9s", rules.Context{From: rules.NoWind, Flags: rules.Ting | rules.JokerDrawn, Joker: tile.None}, false},
		{"joker-wins without the joker's kind", "777p 5p 888s 123m 456m +6p", rules.Context{From: rules.E, Flags: rules.Ting | rules.JokerWins, Joker: tile.East}, false},
		{"joker-wins", "777p 5p 888s 123m 456m +6p", rules.Context{From: rules.E, Flags: rules.Ting | rules.JokerWins, Joker: tile.None}, true},
		{"compensation from a discard", "777p 5p 888s 123m 456m +6p", rules.Context{From: rules.E, Flags: rules.Ting | rules.Compensation, Joker: tile.None}, false},
	} {
		v := Ruleset{}.Value(rulesHand(t, c.hand), c.ctx)
		if v.Valid != c.valid {
			t.Errorf("%s: valid %v (%s), want %v", c.name, v.Valid, v.Error, c.valid)
		}
	}
}

func TestJL_12(t *testing.T) {
	base := rules.SettleInput{Options: rules.DefaultOptions(Ruleset{}), Winner: rules.S, From: rules.W,
		Extra: [4]rules.SeatFacts{c, n, ct, n}}
	base.Values[rules.S] = 4
	// JL-12.2: the discarder announced TING, so each loser pays his own share.
	s := Ruleset{}.Settle(base)
	if want := [4]int{-8, 20, -4, -8}; s.Net != want {
		t.Errorf("nets %v, want %v (%s)", s.Net, want, s.Note)
	}
	// JL-12.2: without TING, the discarder pays every share.
	base.Extra[rules.W].Ting = false
	if s := (Ruleset{}).Settle(base); s.Net != [4]int{0, 20, -20, 0} || len(s.Transfers) != 1 {
		t.Errorf("nets %v, want W pays 20 (%s)", s.Net, s.Note)
	}
	// JL-12.3: each share capped before JL-12.2; end-of-hand points are not.
	o, err := rules.ResolveOptions(Ruleset{}, map[string]string{"limit": "6"})
	if err != nil {
		t.Fatal(err)
	}
	base.Options = o
	base.Extra[rules.E].Bonus = 10
	if s := (Ruleset{}).Settle(base); s.Net != [4]int{30, 16 - 10, -16 - 10, -10} {
		t.Errorf("nets %v with limit 6 and E's 10 end points (%s)", s.Net, s.Note)
	}
}

func TestJL_10_3(t *testing.T) {
	in := rules.SettleInput{Options: rules.DefaultOptions(Ruleset{}), Winner: rules.NoWind, From: rules.NoWind}
	in.Values = [4]int{50, 50, 50, 50}
	in.Extra[rules.N].Bonus = 2
	s := Ruleset{}.Settle(in)
	if s.Net != [4]int{-2, -2, -2, 6} || len(s.Transfers) != 3 {
		t.Errorf("no winner: nets %v, transfers %v, want only N's end points", s.Net, s.Transfers)
	}
}

func TestJL_13_2(t *testing.T) {
	hand := "1z1z2z2z3z3z4z4z 5z6z7z 1m 2m"
	for _, c := range []struct {
		flags rules.Flag
		bonus int
	}{{0, 9}, {rules.AnyTing, 0}, {rules.Ting, 0}} {
		v := Ruleset{}.Value(rulesHand(t, hand), rules.Context{From: rules.NoWind, Flags: c.flags, Joker: tile.None})
		if !v.Valid || v.Bonus != c.bonus {
			t.Errorf("%s with flags %v: E = %d, want %d: %+v", hand, c.flags.Names(), v.Bonus, c.bonus, v)
		}
	}
	// A premier-tour win before any TING: the concealed 1z2z3z shows, the
	// group the winning tile completed does not (JL-13.1).
	v := Ruleset{}.Value(rulesHand(t, "1z2z3z 567z 123m 456m 9m +9m"), rules.Context{Seat: rules.S, From: rules.NoWind, Joker: tile.None})
	if !v.Valid || v.Bonus != 6 {
		t.Errorf("premier-tour win: E = %d, want 6: %+v", v.Bonus, v)
	}
	v = Ruleset{}.Value(rulesHand(t, "1z2z 567z 123m 456m 99m +3z"), rules.Context{Seat: rules.S, From: rules.NoWind, Joker: tile.None})
	if !v.Valid || v.Bonus != 3 {
		t.Errorf("premier-tour win on 3z: E = %d, want 3: %+v", v.Bonus, v)
	}
}

func TestValueRejects(t *testing.T) {
	for _, c := range []struct {
		hand  string
		flags rules.Flag
		want  string
	}{
		{"123p 456s 345m 777s 8m 8m +8m", 0, "effective"},
		{"1111p 456s 345m 777s 8m +1p", 0, "only 4"},
		{"123p 456s 345m 777s 8m +8m bonus: 1f", 0, "bonus"},
		{"123p 456s 345m 8m [777s] +8m", rules.NoCalls, "no-calls"},
		{"123p 456s 345m 777s 8m +8m", rules.RobbingKong, "do not exist"},
		{"123p 456s 345m 777s 0j +0j", 0, "not a Jilin tile"},
		{"123p 456s 345m 777s 8m", rules.AnyTing, ""},
		{"123p 456s 345m 777s 88m", 0, "13"},
	} {
		n, err := tile.ParseHand(c.hand)
		if err != nil {
			t.Fatal(err)
		}
		rh, err := rules.HandFromNotation(n)
		if err != nil {
			t.Fatal(err)
		}
		v := Ruleset{}.Value(rh, rules.Context{From: rules.NoWind, Flags: c.flags | rules.Ting, Joker: tile.None})
		if v.Valid != (c.want == "") || !strings.Contains(v.Error, c.want) {
			t.Errorf("Value(%s): valid %v, error %q; want an error with %q", c.hand, v.Valid, v.Error, c.want)
		}
	}
}

func TestFromRulesMelds(t *testing.T) {
	// The engine passes melds; they convert like the notation's groups.
	n, _ := tile.ParseHand("5p [123m] [777p] [456s] (9999s) +5p")
	rh, err := rules.HandFromNotation(n)
	if err != nil {
		t.Fatal(err)
	}
	rh.Groups = nil
	h, err := FromRules(rh, false)
	if err != nil || h.String() != "5p [123m] [777p] [456s] (9999s)" || !h.Groups[0].Called || h.Groups[3].Called {
		t.Errorf("FromRules: %v %v", h, err)
	}
}

func TestSetup(t *testing.T) {
	r, err := rules.Get("jilin")
	if err != nil {
		t.Fatal(err)
	}
	o, err := rules.ResolveOptions(r, map[string]string{"circuits": "2"})
	if err != nil {
		t.Fatal(err)
	}
	s := r.Setup(o)
	if s.Tiles != rules.StandardTiles(false) || s.Tiles.Total() != 136 || s.Bonus || !s.Chow {
		t.Errorf("tiles %d, bonus %v, chow %v; want 136, false, true (JL-1.1, JL-5.1)", s.Tiles.Total(), s.Bonus, s.Chow)
	}
	if s.Wall != (wall.Spec{Layout: wall.Stacks, StacksPerSide: 17, EndStacks: 6}) || s.Wall.Tiles() != 136 || s.Deal != wall.DealFours {
		t.Errorf("wall %+v, deal %v (JL-3)", s.Wall, s.Deal)
	}
	if s.RobKong == nil || s.RobKong(tile.East) || !s.Heavenly {
		t.Errorf("robbing a kong must be impossible (JL-5.3) and East's dealt hand may win (JL-9.5)")
	}
	if s.Game != (rules.GameSpec{Count: rules.CountDealerPasses, Rounds: 2, DealerKeepsOnWin: true}) {
		t.Errorf("game %+v (JL-2.3, JL-D20)", s.Game)
	}
	if _, err := rules.ResolveOptions(r, map[string]string{"limit": "-1"}); err == nil {
		t.Errorf("a negative limit was accepted")
	}
	if _, err := r.Validate(rules.Options{}); err == nil {
		t.Errorf("options without the jilin schema were accepted")
	}
}

// bruteWins decides whether h + w wins by trying every multiset of groups
// that fits in the concealed tiles, independently of the search.
func bruteWins(h Hand, w tile.Kind) bool {
	c := h.Concealed
	c.Add(w)
	all := h
	all.Concealed = c
	everything := all.All()
	if suitsAndTerminal(&everything) != nil {
		return false
	}
	var cands []Group
	for k := range tile.Kind(tile.NumStandard) {
		cands = append(cands, Group{Kind: Triple, Tile: k, Concealed: true})
		if k.IsSuited() && k.Number() <= 7 {
			cands = append(cands, Group{Kind: Run, Tile: k, Concealed: true})
		}
	}
	for _, s := range []string{"123z", "124z", "134z", "234z", "567z"} {
		ks := tile.MustParse(s)
		cands = append(cands, special3(ks[0], ks[1], ks[2]))
	}
	cands = slices.DeleteFunc(cands, func(g Group) bool {
		var need tile.Counts
		g.addTo(&need)
		return !c.Contains(&need)
	})
	need := 4 - len(h.Groups)
	var pick []Group
	var rec func(from int) bool
	rec = func(from int) bool {
		if len(pick) == need {
			return bruteCheck(h, c, pick, w)
		}
		for i := from; i < len(cands); i++ {
			pick = append(pick, cands[i])
			ok := rec(i)
			pick = pick[:len(pick)-1]
			if ok {
				return true
			}
		}
		return false
	}
	if need >= 0 && rec(0) {
		return true
	}
	if len(h.Groups) > 0 {
		return false
	}
	for _, v := range c {
		if v%2 != 0 {
			return false
		}
	}
	return true
}

// bruteCheck tests one choice of groups: the rest must be a pair, the shape
// must hold a triple-like group, and w must sit legally.
func bruteCheck(h Hand, c tile.Counts, pick []Group, w tile.Kind) bool {
	for _, g := range pick {
		for _, k := range g.Tiles() {
			if c[k] == 0 {
				return false
			}
			c[k]--
		}
	}
	pair := tile.None
	for k, v := range c {
		switch {
		case v == 2 && pair == tile.None:
			pair = tile.Kind(k)
		case v != 0:
			return false
		}
	}
	triples, place := 0, pair == w
	for _, g := range append(append([]Group(nil), h.Groups...), pick...) {
		if g.Kind != Run {
			triples++
		}
	}
	for _, g := range pick {
		n := g.Tile.Number()
		switch g.Kind {
		case Run:
			place = place || w == g.Tile+1 || (n == 1 && w == g.Tile+2) || (n == 7 && w == g.Tile)
		default:
			place = place || g.Contains(w)
		}
	}
	return pair != tile.None && triples > 0 && place
}

// randomHand deals a hand of 13 effective tiles, usually one tile from a
// complete hand of random groups (some declared) and a pair, with now and
// then a tile swapped, so that waits of every kind are common.
func randomHand(r *rand.Rand) Hand {
	var h Hand
	pool := rules.StandardTiles(false)
	suits := []tile.Suit{tile.Suit(1 + r.IntN(3))}
	if r.IntN(3) == 0 {
		suits = []tile.Suit{tile.Characters, tile.Circles, tile.Bamboo}
	}
	suited := func() tile.Kind { return tile.Suited(suits[r.IntN(len(suits))], 1+r.IntN(9)) }
	honour := func() tile.Kind { return tile.East + tile.Kind(r.IntN(7)) }
	fits := func(g Group) bool {
		var need tile.Counts
		g.addTo(&need)
		return pool.Contains(&need)
	}
	for h.Effective() < 12 {
		var g Group
		switch r.IntN(6) {
		case 0, 1:
			k := suited()
			g = NewRun(k - tile.Kind(max(0, k.Number()-7)))
		case 2:
			g = NewTriple(suited())
		case 3:
			g = NewTriple(honour())
		case 4:
			g = special3(tile.White, tile.Green, tile.Red)
		default:
			ks := tile.MustParse("1234z")
			skip := r.IntN(4)
			ks = slices.Delete(ks, skip, skip+1)
			g = special3(ks[0], ks[1], ks[2])
		}
		if !fits(g) {
			continue
		}
		var need tile.Counts
		g.addTo(&need)
		for k, v := range need {
			pool[k] -= v
		}
		if r.IntN(5) == 0 {
			g.Concealed = false
			g.Called = g.Kind != Special
			h.Groups = append(h.Groups, g)
			continue
		}
		for k, v := range need {
			h.Concealed[k] += v
		}
	}
	for h.Effective() < 14 {
		k := suited()
		if r.IntN(4) == 0 {
			k = honour()
		}
		if pool[k] >= 2 {
			pool[k] -= 2
			h.Concealed[k] += 2
		}
	}
	drop := func() {
		ks := h.Concealed.Kinds()
		k := ks[r.IntN(len(ks))]
		h.Concealed.Remove(k)
		pool[k]++
	}
	drop()
	if r.IntN(3) == 0 {
		drop()
		for {
			k := suited()
			if r.IntN(5) == 0 {
				k = honour()
			}
			if pool[k] > 0 {
				pool[k]--
				h.Concealed.Add(k)
				break
			}
		}
	}
	return h
}

func TestWaitsMatchBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	rounds, withWaits := 20000, 0
	if testing.Short() {
		rounds = 2000
	}
	for range rounds {
		h := randomHand(r)
		got := TingWaits(h)
		if got != 0 {
			withWaits++
		}
		all := h.All()
		for k := range tile.Kind(tile.NumStandard) {
			want := all[k] < 4 && bruteWins(h, k)
			if got.Has(k) != want {
				t.Fatalf("%s + %s: TingWaits says %v, brute force %v", h, k, got.Has(k), want)
			}
			if _, err := Decompose(h, k); (err == nil) != want {
				t.Fatalf("%s + %s: Decompose error %v, brute force %v", h, k, err, want)
			}
		}
	}
	t.Logf("%d of %d random hands wait on something", withWaits, rounds)
	if withWaits < rounds/20 {
		t.Errorf("only %d of %d random hands wait on something; the generator is too weak", withWaits, rounds)
	}
}

func FuzzValue(f *testing.F) {
	for _, s := range []string{
		"123p 456s 345m 777s 8m +8m", "234m 456p 68s 55p [1z2z3z] +7s", "5p [123m] [777p] [456s] [999s] +5p",
		"[1z1z2z3z4z] 123m 456m 789m 1p", "(2222p) 123m 456m 789m 1s", "22s 22m 444p [1z2z3z] [5z6z7z] +2m",
		"11p 55p 33s 77s 22m 66m 8m +8m", "[5z5z5z5z5z] +1z", "[1z] (1z1z1z1z) 0j +0j bonus: 1f",
	} {
		f.Add(s, uint32(rules.Ting), int8(0), int8(-1), uint8(tile.None))
	}
	f.Fuzz(func(t *testing.T, s string, flags uint32, seat, from int8, joker uint8) {
		n, err := tile.ParseHand(s)
		if err != nil {
			return
		}
		r := Ruleset{}
		ctx := rules.Context{Seat: rules.Wind(seat & 3), From: rules.Wind(from%5 - 1), Flags: rules.Flag(flags), Joker: tile.Kind(joker)}
		rh, err := r.HandFromNotation(n)
		if err != nil {
			if rh2, err2 := rules.HandFromNotation(n); err2 == nil {
				rh = rh2
			} else {
				return
			}
		}
		v := r.Value(rh, ctx)
		if v.Valid && rh.IsWinner() && (v.Value <= 0 || v.Value != v.Points<<v.Doubles) {
			t.Fatalf("Value(%s) = %+v", s, v)
		}
		if !v.Valid && v.Error == "" {
			t.Fatalf("Value(%s) invalid without a reason", s)
		}
		rh.Winning = tile.None
		r.Waits(rh, ctx)
	})
}

// benchHands are 13-tile hands of JL-15.
var benchHands = []string{
	"123p 456s 345m 777s 8m", "234m 456p 68s 55p [1z2z3z]", "2345m 123p 789p [777s]",
	"777p 5p 888s 123m 456m", "111m 999p 222s 77s 77z", "11p 55p 33s 77s 22m 66m 8m",
	"23m 55m 123p 456p 777s", "1z1z2z3z 123m 456m 789m", "1112345678999m",
}

func BenchmarkTingWaits(b *testing.B) {
	hs := make([]Hand, len(benchHands))
	for i, s := range benchHands {
		hs[i], _ = parse(b, s, false)
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		TingWaits(hs[i%len(hs)])
	}
}

func BenchmarkValue(b *testing.B) {
	hs := []rules.Hand{
		rulesHand(b, "123p 456s 345m 777s 8m +8m"), rulesHand(b, "888s 9s 888p 123m 234s +7s"),
		rulesHand(b, "111m 999p 222s 77s 77z +7z"), rulesHand(b, "2345m 123p 789p [777s] +5m"),
		rulesHand(b, "1112345678999m +5m"),
	}
	ctx := rules.Context{Seat: rules.S, From: rules.NoWind, Flags: rules.Ting, Joker: tile.None}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if v := (Ruleset{}).Value(hs[i%len(hs)], ctx); !v.Valid {
			b.Fatal(v.Error)
		}
	}
}

// BenchmarkScore scores the winning hands of JL-15 (V1–V9, V11–V13, V16)
// from notation, each won as its vector says, cycled.
func BenchmarkScore(b *testing.B) {
	ctx := func(seat, from rules.Wind, flags rules.Flag) rules.Context {
		return rules.Context{Options: rules.DefaultOptions(Ruleset{}), Seat: seat, From: from, Flags: rules.Ting | rules.AnyTing | flags, Joker: tile.None}
	}
	cases := []patterntest.ScoreCase{
		{Notation: "123p 456s 345m 777s 8m +8m", Ctx: ctx(rules.S, rules.NoWind, rules.NoCalls)},
		{Notation: "234m 456p 68s 55p [1z2z3z] +7s", Ctx: ctx(rules.W, rules.N, rules.NoCalls)},
		{Notation: "345p 678s 55s 5z7z [234m] +6z", Ctx: ctx(rules.E, rules.NoWind, 0)},
		{Notation: "234p 678p 555p 4z [1z2z3z] +4z", Ctx: ctx(rules.N, rules.S, rules.NoCalls)},
		{Notation: "2345m 123p 789p [777s] +6p*", Ctx: rules.Context{Options: rules.DefaultOptions(Ruleset{}), Seat: rules.S, From: rules.NoWind, Flags: rules.Ting | rules.AnyTing, Joker: tile.MustParse("6p")[0]}},
		{Notation: "777p 5p 888s 123m 456m +6p", Ctx: ctx(rules.W, rules.E, rules.NoCalls)},
		{Notation: "555z 6z 456p 789s [123m] +7z", Ctx: ctx(rules.N, rules.NoWind, 0)},
		{Notation: "888s 9s 888p 123m 234s +7s", Ctx: ctx(rules.S, rules.W, rules.NoCalls)},
		{Notation: "111m 999p 222s 77s 77z +7z", Ctx: ctx(rules.E, rules.NoWind, rules.NoCalls)},
		{Notation: "11p 55p 33s 77s 22m 66m 8m +8m", Ctx: ctx(rules.W, rules.NoWind, rules.NoCalls)},
		{Notation: "22m 33m 55s 66s 77p 11z 4p +4p", Ctx: ctx(rules.E, rules.S, rules.NoCalls)},
		{Notation: "2222m 55p 33s 77s 11z 4p +4p", Ctx: ctx(rules.S, rules.N, rules.NoCalls)},
		{Notation: "5p [123m] [777p] [456s] [999s] +5p", Ctx: ctx(rules.S, rules.N, 0)},
	}
	patterntest.BenchScore(b, Ruleset{}, cases)
}
