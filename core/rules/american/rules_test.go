package american_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/american"
	"github.com/fourwinds-mahjong/fourwinds/core/rules/american/card"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// vector3 is AM-13 vector 3 (R1, v 30, one joker).
const vector3 = "55p 666p 77p 0j 5z [888p0j] +5z"

func TestRegistered(t *testing.T) {
	r, err := rules.Get("american")
	if err != nil {
		t.Fatal(err)
	}
	if r.ID() != "american" || r.Name() != "American" {
		t.Errorf("registered %s %q", r.ID(), r.Name())
	}
	for _, s := range r.OptionSpecs() {
		if rules.EnglishName(s.Label) == s.Label {
			t.Errorf("option %s: label %s has no English name", s.Key, s.Label)
		}
	}
	v := score(t, r, vector3, rules.S, nil)
	for _, it := range v.Items {
		if rules.EnglishName(it.Name) == it.Name || !strings.HasPrefix(it.Rule, "AM-") {
			t.Errorf("item %+v: no English name or no AM rule id", it)
		}
	}
}

// TestAM_1_1 checks the 152 tiles: 136 standard, eight flowers, 8 jokers.
func TestAM_1_1(t *testing.T) {
	s := american.Ruleset{}.Setup(rules.DefaultOptions(american.Ruleset{}))
	if s.Tiles.Total() != 152 || s.Tiles[tile.Joker] != 8 {
		t.Errorf("%d tiles, %d jokers; want 152 and 8", s.Tiles.Total(), s.Tiles[tile.Joker])
	}
	for k := tile.F1; k < tile.Joker; k++ {
		if s.Tiles[k] != 1 {
			t.Errorf("%d of flower %s, want 1", s.Tiles[k], k)
		}
	}
	if s.Bonus {
		t.Error("flowers are playable tiles in American, not bonus tiles (AM-1.1)")
	}
}

// TestAM_2_2 checks that East passes after every hand, won or not, for one
// turn of the deal (AM-2.2, AM-2.3).
func TestAM_2_2(t *testing.T) {
	g := american.Ruleset{}.Setup(rules.DefaultOptions(american.Ruleset{})).Game
	if g.DealerKeepsOnWin || g.DealerKeepsOnDraw || g.Count != rules.CountDealerPasses || g.Rounds != 1 {
		t.Errorf("game %+v", g)
	}
}

// TestAM_3 checks the wall and deal: 19 stacks a side, the reserved last
// wall, no dead wall, the deal of AM-3.4, no chow, no robbing.
func TestAM_3(t *testing.T) {
	s := american.Ruleset{}.Setup(rules.DefaultOptions(american.Ruleset{}))
	if err := s.Wall.Validate(); err != nil {
		t.Fatal(err)
	}
	if s.Wall.Layout != wall.Reserved || s.Wall.Tiles() != 152 || s.Deal != wall.DealFoursAmerican || s.Chow || s.StartBalance != 0 {
		t.Errorf("setup %+v", s)
	}
	for k := range tile.Kind(tile.NumKinds) {
		if s.RobKong(k) {
			t.Errorf("robbing %s allowed; exposures are never enlarged (AM-5.8)", k)
		}
	}
}

// TestAM_10 checks the options table: every key with its default, and
// card=user only with a card of one's own.
func TestAM_10(t *testing.T) {
	r := american.Ruleset{}
	want := map[string]string{
		"second_charleston": "on", "blind_pass": "on", "courtesy_pass": "on", "mush": "off",
		"hot_wall": "off", "jokerless_bonus": "on", "jokerless_no_joker_lines": "off",
		"concealed_discard_win": "on", "bettor": "off", "claim_timeout_s": "5", "card": "house",
	}
	got := rules.DefaultOptions(r).Map()
	if len(got) != len(want) {
		t.Errorf("options %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("option %s = %q, want %q", k, got[k], v)
		}
	}
	if _, err := rules.ResolveOptions(r, map[string]string{"card": "user"}); err == nil {
		t.Error("card=user accepted without a card")
	}
	if _, err := rules.ResolveOptions(r, map[string]string{"claim_timeout_s": "0"}); err == nil {
		t.Error("claim_timeout_s=0 accepted")
	}
	if o := rules.DefaultOptions(american.WithCard(card.House())); o.String(american.OptCard) != american.CardUser {
		t.Errorf("a card-carrying ruleset defaults to card=%s, want user", o.String(american.OptCard))
	}
	other, _ := rules.NewOptions([]rules.OptionSpec{{Key: "limit", Type: rules.OptionInt, Default: "0", Max: 9}}, nil)
	if _, err := r.Validate(other); err == nil {
		t.Error("another ruleset's options accepted")
	}
}

// ownCard has three lines with Y3's pattern: two that pay the same and one
// that pays less.
const ownCard = `@card Test
A1 | 2222a 0000 2222b 66c | X 25 | year | first
A2 | 2222a 0000 2222b 66c | X 25 | year | same payment, later in the file
A3 | 2222a 0000 2222b 66c | X 20 | year | pays less
`

// TestAM_7_5 checks the paid line among several: the highest payment, the
// first in the file on a tie; and a card of one's own (AM-11).
func TestAM_7_5(t *testing.T) {
	c, err := card.Parse("own.txt", []byte(ownCard))
	if err != nil {
		t.Fatal(err)
	}
	r := american.WithCard(c)
	if v := score(t, r, "222m 0j 5555z 2222p 6s +6s", rules.S, nil); !v.Valid || v.Line != "A1" || v.Value != 25 {
		t.Errorf("own card: %+v", v)
	}
	house := map[string]string{american.OptCard: american.CardHouse}
	if v := score(t, r, "222m 0j 5555z 2222p 6s +6s", rules.S, house); v.Line != "Y3" {
		t.Errorf("card=house: line %q, want Y3", v.Line)
	}
	if v := score(t, r, vector3, rules.S, nil); v.Valid {
		t.Errorf("own card paid a house-card hand on %s", v.Line)
	}
	// AM-13 #13: M4 (35) and Q1 (40) match; Q1 pays more.
	if v := score(t, american.Ruleset{}, "11111f 111m 22p 000j +2p", rules.S, nil); v.Line != "Q1" {
		t.Errorf("paid on %s, want Q1", v.Line)
	}
}

// TestAM_5_6 checks a concealed (C) hand won on a discard: allowed by
// default, refused with concealed_discard_win off unless self-drawn.
func TestAM_5_6(t *testing.T) {
	const r5 = "222p 333s 444m 5p 111m +5p"
	off := map[string]string{american.OptConcealedDiscardWin: "off"}
	r := american.Ruleset{}
	if v := score(t, r, r5, rules.W, nil); !v.Valid || v.Line != "R5" {
		t.Errorf("default: %+v", v)
	}
	if v := score(t, r, r5, rules.W, off); v.Valid || !strings.Contains(v.Error, "AM-5.6") {
		t.Errorf("option off, on a discard: %+v", v)
	}
	if v := score(t, r, r5, rules.NoWind, off); !v.Valid || v.Line != "R5" {
		t.Errorf("option off, self-drawn: %+v", v)
	}
	// An X line still wins on a discard with the option off.
	if v := score(t, r, vector3, rules.W, off); !v.Valid {
		t.Errorf("X line with the option off: %+v", v)
	}
}

// TestAM_6_4 checks that a discarded joker never completes a hand, while a
// drawn one does (AM-8.2).
func TestAM_6_4(t *testing.T) {
	const hand = "222m 5555z 2222p 66s +0j"
	r := american.Ruleset{}
	if v := score(t, r, hand, rules.N, nil); v.Valid || !strings.Contains(v.Error, "AM-6.4") {
		t.Errorf("discarded joker: %+v", v)
	}
	if v := score(t, r, hand, rules.NoWind, nil); !v.Valid || v.Line != "Y3" || v.Value != 25 {
		t.Errorf("drawn joker: %+v", v)
	}
}

// TestAM_8_1 checks that wrong declarations are refused with the reason.
func TestAM_8_1(t *testing.T) {
	r := american.Ruleset{}
	for _, c := range []struct{ hand, why string }{
		{"123456789m 1234p +5p", "match no line"},
		{"222m 0j 5555z 2222p +6s", "14 tiles"},
		{"222m 0j 5555z 2222p 6s 6s +6s", "at most 14"},
		{"222m 0j 5555z (2222p) 6s +6s", "concealed kongs"},
		{"222m 0j 5555z 2222p 6s +6s bonus: 1f", "bonus"},
		{"222m 0j 5555z 2222p 6s +6s*", "'*'"},
		{"22222m 0j 555z 2222p 6s +6s", "5 tiles"},
		{"222m 0j 5555z [2222p] [66s] +6s", "exposure"},
	} {
		if v := score(t, r, c.hand, rules.S, nil); v.Valid || !strings.Contains(v.Error, c.why) {
			t.Errorf("%s: valid %v %q, want an error with %q", c.hand, v.Valid, v.Error, c.why)
		}
	}
	o := rules.DefaultOptions(r)
	for _, f := range []rules.Flag{rules.RobbingKong, rules.KongReplacement, rules.Invoked, rules.Ting, rules.JokerDrawn} {
		v, err := rules.Score(r, vector3, rules.Context{Options: o, From: rules.S, Flags: f})
		if err != nil || v.Valid {
			t.Errorf("flag %v accepted: %+v %v", f.Names(), v, err)
		}
	}
}

// TestAM_8_3 checks the breakdown and the payments of AM-8.3 with every
// seat as the discarder: the discarder pays 2·v·m, the other losers —
// dead or alive, AM-8.6 — v·m; self-drawn, all three pay 2·v·m.
func TestAM_8_3(t *testing.T) {
	r := american.Ruleset{}
	o := rules.DefaultOptions(r)
	for _, from := range []rules.Wind{rules.NoWind, rules.E, rules.S, rules.W, rules.N} {
		v := score(t, r, vector3, from, nil)
		if from == rules.E {
			continue // E is the winner in score
		}
		rule := "AM-8.3"
		if len(v.Items) != 2 || v.Items[0].Rule != "AM-7.5" || v.Items[0].Value != 30 || v.Items[1].Rule != rule {
			t.Errorf("from %s: items %+v", from, v.Items)
		}
		if v.Decomposition != "R1 a=p k=4: 55p 666p 777p 8888p 55z" {
			t.Errorf("decomposition %q", v.Decomposition)
		}
		for w := rules.E; w <= rules.N; w++ {
			if w == from {
				continue
			}
			in := rules.SettleInput{Options: o, Winner: w, From: from}
			in.Values[w] = v.Value
			s := r.Settle(in)
			for l := rules.E; l <= rules.N; l++ {
				want := -30
				switch {
				case l == w:
					want = 90
					if from == rules.NoWind {
						want = 180
					} else {
						want = 120
					}
				case from == rules.NoWind || l == from:
					want = -60
				}
				if s.Net[l] != want {
					t.Errorf("%s wins from %s: %s nets %d, want %d (%s)", w, from, l, s.Net[l], want, s.Note)
				}
			}
		}
	}
}

// TestAM_8_4 checks the jokerless bonus: doubled with the option, not
// without it, withheld on no-joker lines unless jokerless_no_joker_lines.
func TestAM_8_4(t *testing.T) {
	r := american.Ruleset{}
	for _, c := range []struct {
		hand           string
		opts           map[string]string
		value, doubles int
	}{
		{"2222m 5555z 2222p 6s +6s", nil, 50, 1},
		{"2222m 5555z 2222p 6s +6s", map[string]string{american.OptJokerlessBonus: "off"}, 25, 0},
		{"222m 0j 5555z 2222p 6s +6s", nil, 25, 0},
		{"1122334455667z +7z", nil, 50, 0},
		{"1122334455667z +7z", map[string]string{american.OptJokerlessNoJokers: "on"}, 100, 1},
		{"1122334455667z +7z", map[string]string{american.OptJokerlessNoJokers: "on", american.OptJokerlessBonus: "off"}, 50, 0},
	} {
		v := score(t, r, c.hand, rules.NoWind, c.opts)
		if v.Value != c.value || v.Doubles != c.doubles {
			t.Errorf("%s %v: value %d doubles %d, want %d and %d", c.hand, c.opts, v.Value, v.Doubles, c.value, c.doubles)
		}
	}
}

// TestAM_8_5 checks that the bettor is ignored when the option is off, and
// paid nothing in a wall game.
func TestAM_8_5(t *testing.T) {
	if s := settle(t, 30, rules.S, rules.E, nil); s.Net != [4]int{120, -60, -30, -30} || s.Bettor != 0 {
		t.Errorf("bettor option off: %+v", s)
	}
	r := american.Ruleset{}
	o, _ := rules.ResolveOptions(r, map[string]string{american.OptBettor: "on"})
	in := rules.SettleInput{Options: o, Winner: rules.NoWind, From: rules.NoWind}
	in.Extra[rules.S].Bet = true
	if s := r.Settle(in); len(s.Transfers) != 0 || s.Net != [4]int{} || s.Bettor != 0 {
		t.Errorf("wall game with a bettor: %+v", s)
	}
}

// TestAM_5_10 checks that a wall game pays nothing.
func TestAM_5_10(t *testing.T) {
	s := american.Ruleset{}.Settle(rules.SettleInput{Options: rules.DefaultOptions(american.Ruleset{}), Winner: rules.NoWind, From: rules.NoWind})
	if len(s.Transfers) != 0 || s.Net != [4]int{} || !strings.Contains(s.Note, "AM-5.10") {
		t.Errorf("wall game: %+v", s)
	}
}

// TestLoser checks that a loser's hand is not scored.
func TestLoser(t *testing.T) {
	v := score(t, american.Ruleset{}, "55p 666p 77p 0j 5z [888p0j]", rules.NoWind, nil)
	if !v.Valid || v.Value != 0 || len(v.Items) != 0 {
		t.Errorf("loser: %+v", v)
	}
}

// TestMelds checks the engine's path: exposures as hand.Meld, no Groups,
// and options of another ruleset read as the defaults.
func TestMelds(t *testing.T) {
	m, err := hand.MeldFromTiles([]tile.Kind{tile.Suited(tile.Characters, 1), tile.Suited(tile.Characters, 1), tile.Suited(tile.Characters, 1)}, true)
	if err != nil {
		t.Fatal(err)
	}
	ks, _ := tile.Parse("11111f 22p 000j")
	h := rules.Hand{Concealed: tile.CountsOf(ks), Melds: []hand.Meld{m}, Winning: tile.Suited(tile.Circles, 2)}
	v := american.Ruleset{}.Value(h, rules.Context{From: rules.S})
	if !v.Valid || v.Line != "M4" || v.Value != 35 {
		t.Errorf("AM-13 #14 from melds: %+v", v)
	}
	h.Melds[0].Open = false
	if v := (american.Ruleset{}).Value(h, rules.Context{From: rules.S}); v.Valid {
		t.Error("a concealed kong meld accepted")
	}
}

// TestWaits checks the wait set of 13-tile hands.
func TestWaits(t *testing.T) {
	r := american.Ruleset{}
	o := rules.DefaultOptions(r)
	for _, c := range []struct{ hand, waits string }{
		{"55p 666p 77p 0j 5z [888p0j]", "5z"},
		{"111m 222p 33s 11111f", "3s 0j"},
		{"111m 222p 333s 1111f", "1f2f3f4f 1y2y3y4y 0j"},
		{"123456789m 1234p", ""},
		{"55p 666p 77p 0j [888p0j]", ""}, // 12 tiles
	} {
		n, err := tile.ParseHand(c.hand)
		if err != nil {
			t.Fatal(err)
		}
		h, err := r.HandFromNotation(n)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := tile.Parse(c.waits)
		if got := r.Waits(h, rules.Context{Options: o}); tile.Format(got.Kinds()) != tile.Format(tile.Sorted(want)) {
			t.Errorf("%s waits %s, want %s", c.hand, got, tile.Format(want))
		}
	}
}

// TestSettleSumsToZero is the property that every settlement balances:
// the seats' nets and the bettor's sum to zero, and each net is what its
// transfers say.
func TestSettleSumsToZero(t *testing.T) {
	r := american.Ruleset{}
	rng := rand.New(rand.NewPCG(5, 152))
	opts := []rules.Options{rules.DefaultOptions(r)}
	if o, err := rules.ResolveOptions(r, map[string]string{american.OptBettor: "on"}); err == nil {
		opts = append(opts, o)
	}
	for range 20000 {
		in := rules.SettleInput{Options: opts[rng.IntN(2)], Winner: rules.Wind(rng.IntN(5) - 1), From: rules.Wind(rng.IntN(5) - 1)}
		if in.From == in.Winner {
			in.From = rules.NoWind
		}
		for x := range in.Values {
			in.Values[x] = rng.IntN(250) - 20
		}
		if b := rng.IntN(5); b < 4 {
			in.Extra[b].Bet = true
		}
		s := r.Settle(in)
		var net [4]int
		bettor := s.Bettor
		for _, tr := range s.Transfers {
			if tr.Amount <= 0 {
				t.Fatalf("%+v: transfer %+v", in, tr)
			}
			if tr.From != rules.NoWind {
				net[tr.From] -= tr.Amount
			} else {
				bettor += tr.Amount
			}
			if tr.To != rules.NoWind {
				net[tr.To] += tr.Amount
			} else {
				bettor -= tr.Amount
			}
		}
		if net != s.Net || bettor != 0 || s.Net[0]+s.Net[1]+s.Net[2]+s.Net[3]+s.Bettor != 0 {
			t.Fatalf("%+v: settlement %+v does not balance", in, s)
		}
	}
}

// TestAM_9_3 checks the dead-hand test: exposures that fit some line with
// the tiles still unseen, exposures that fit no X line, and a line that the
// unseen tiles can no longer fill.
func TestAM_9_3(t *testing.T) {
	r := american.Ruleset{}
	o := rules.DefaultOptions(r)
	exposed := func(s string) [][]tile.Kind {
		n, err := tile.ParseHand(s)
		if err != nil {
			t.Fatal(err)
		}
		var out [][]tile.Kind
		for _, g := range n.Groups {
			out = append(out, g.Tiles)
		}
		return out
	}
	all := american.Tiles()
	for _, c := range []struct {
		exposed string
		avail   tile.Counts
		jokers  int
		want    bool
	}{
		{"", all, 8, true},
		{"[888p0j]", all, 6, true},                 // R1 (AM-13 #3)
		{"[1111z0j]", all, 7, false},               // no line has a quint of East
		{"[444z]", all, 8, false},                  // no line has a pung of North
		{"[222p0j] [333s]", all, 7, true},          // R2, k=0
		{"[333p] [66p0j]", tile.Counts{}, 8, true}, // T1: 8 jokers fill 9999b DDDDb
		{"[333p] [66p0j]", tile.Counts{}, 7, false},
	} {
		if got := r.Feasible(o, exposed(c.exposed), c.avail, c.jokers); got != c.want {
			t.Errorf("%q with %d jokers: feasible %v, want %v", c.exposed, c.jokers, got, c.want)
		}
	}
}

// TestCheckCard: a card file is checked through rules.CardChecker, its
// problems by line and column as `fourwinds card check` writes them
// (AM-11.8); a card with no valid line is refused.
func TestCheckCard(t *testing.T) {
	r, err := rules.Get("american")
	if err != nil {
		t.Fatal(err)
	}
	cc, ok := r.(rules.CardChecker)
	if !ok {
		t.Fatal("american checks no card file")
	}
	if name, own := cc.CardOption(); name != american.OptCard || own != american.CardUser {
		t.Errorf("card option %s=%s", name, own)
	}
	if n, probs := cc.CheckCard("bad.txt", []byte("this is not a card line\n")); n != 0 || len(probs) == 0 || !strings.HasPrefix(probs[0], "bad.txt:1:") {
		t.Errorf("a card of no valid line: %d lines, problems %q", n, probs)
	}
	text := "@card Mine\nU1 | 1111a 2222a 3333a 44a | X 60 | mine | runs of kongs\nU2 | nonsense\n"
	if n, probs := cc.CheckCard("mine.txt", []byte(text)); n != 1 || len(probs) == 0 || !strings.HasPrefix(probs[0], "mine.txt:3:") {
		t.Errorf("a card of one valid line: %d lines, problems %q", n, probs)
	}
}
