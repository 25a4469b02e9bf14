package jilin

import (
	"slices"
	"strconv"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// knownRules are the rule ids a breakdown line may cite (rules/jilin.md).
var knownRules = []string{
	"JL-8.4", "JL-11.B1", "JL-11.B2", "JL-11.B3", "JL-11.B4", "JL-11.B5",
	"JL-11.M1", "JL-11.M2", "JL-11.M3", "JL-11.M4", "JL-11.M5", "JL-11.M6",
	"JL-13.1", "JL-13.2",
}

// parse reads a hand in notation into a Hand and its winning tile.
func parse(t testing.TB, s string, noCalls bool) (Hand, tile.Kind) {
	t.Helper()
	n, err := tile.ParseHand(s)
	if err != nil {
		t.Fatalf("ParseHand(%q): %v", s, err)
	}
	h, err := FromNotation(n, noCalls)
	if err != nil {
		t.Fatalf("FromNotation(%q): %v", s, err)
	}
	return h, n.Winning
}

// rulesHand reads a hand in notation into a scoring hand.
func rulesHand(t testing.TB, s string) rules.Hand {
	t.Helper()
	n, err := tile.ParseHand(s)
	if err != nil {
		t.Fatalf("ParseHand(%q): %v", s, err)
	}
	rh, err := Ruleset{}.HandFromNotation(n)
	if err != nil {
		t.Fatalf("HandFromNotation(%q): %v", s, err)
	}
	return rh
}

// waitCase is a JL-15 hand with its wait set and whether TING may be announced.
type waitCase struct {
	hand  string
	waits string
	ting  bool
}

func checkWaits(t *testing.T, c waitCase) {
	t.Helper()
	h, _ := parse(t, c.hand, false)
	if h.Effective() != 13 {
		t.Fatalf("%s: %d effective tiles, want 13", c.hand, h.Effective())
	}
	want := tile.Set(0)
	for _, k := range tile.MustParse(c.waits) {
		want = want.Add(k)
	}
	got := TingWaits(h)
	if got != want {
		t.Errorf("TingWaits(%s) = {%s}, want {%s}", c.hand, got, want)
	}
	if ting := got != 0; ting != c.ting {
		t.Errorf("%s: TING allowed = %v, want %v (JL-7.2)", c.hand, ting, c.ting)
	}
	if w := (Ruleset{}).Waits(rulesHand(t, c.hand), rules.Context{}); w != got {
		t.Errorf("Ruleset.Waits(%s) = {%s}, want {%s}", c.hand, w, got)
	}
	for k := range tile.Kind(tile.NumStandard) {
		_, err := Decompose(h, k)
		if (err == nil) != got.Has(k) {
			t.Errorf("%s + %s: Decompose error %v, but TingWaits has it: %v", c.hand, k, err, got.Has(k))
		}
	}
}

// scenario is a JL-15 win: the hand with its winning tile, the situation,
// the expected value and rule lines, and what each loser pays the winner.
type scenario struct {
	hand       string
	seat, from rules.Wind
	flags      rules.Flag
	joker      string // the joker's kind in notation, or ""
	value      int
	lines      []string // the base row and the multipliers, in order
	facts      [4]rules.SeatFacts
	limit      int
	pays       [4]int // what each seat pays the winner
	bonus      int    // the winner's end-of-hand points (JL-13)
}

// c and n mark a loser who claimed or never claimed; t adds TING.
var (
	c  = rules.SeatFacts{Called: true}
	n  = rules.SeatFacts{}
	ct = rules.SeatFacts{Called: true, Ting: true}
)

func checkScenario(t *testing.T, sc scenario) rules.Valuation {
	t.Helper()
	ctx := rules.Context{Seat: sc.seat, From: sc.from, Flags: sc.flags | rules.Ting, Joker: tile.None}
	if sc.joker != "" {
		ctx.Joker = tile.MustParse(sc.joker)[0]
	}
	v := Ruleset{}.Value(rulesHand(t, sc.hand), ctx)
	if !v.Valid {
		t.Fatalf("Value(%s) invalid: %s", sc.hand, v.Error)
	}
	var lines []string
	for _, it := range v.Items {
		if !rules.HasRule(knownRules, it.Rule) {
			t.Errorf("item %+v cites an unknown rule", it)
		}
		if it.Points != 0 || it.Doubles != 0 {
			lines = append(lines, it.Rule)
		}
	}
	if !slices.Equal(lines, sc.lines) || v.Value != sc.value || v.Value != v.Points<<v.Doubles {
		t.Errorf("Value(%s) = %d %v (%s), want %d %v", sc.hand, v.Value, lines, v.Decomposition, sc.value, sc.lines)
	}
	if v.Bonus != sc.bonus {
		t.Errorf("Value(%s) end-of-hand points %d, want %d: %+v", sc.hand, v.Bonus, sc.bonus, v.Items)
	}
	o := rules.DefaultOptions(Ruleset{})
	if sc.limit > 0 {
		var err error
		if o, err = rules.ResolveOptions(Ruleset{}, map[string]string{"limit": strconv.Itoa(sc.limit)}); err != nil {
			t.Fatal(err)
		}
	}
	in := rules.SettleInput{Options: o, Winner: sc.seat, From: sc.from, Extra: sc.facts}
	in.Values[sc.seat] = v.Value
	s := Ruleset{}.Settle(in)
	var paid [4]int
	for _, tr := range s.Transfers {
		if tr.To != sc.seat {
			t.Errorf("transfer %+v does not go to the winner %s", tr, sc.seat)
		}
		paid[tr.From] += tr.Amount
	}
	if paid != sc.pays {
		t.Errorf("Settle: paid %v, want %v (%s)", paid, sc.pays, s.Note)
	}
	return v
}

// endNets settles only the end-of-hand points bonus[seat] and returns the nets.
func endNets(bonus [4]int) [4]int {
	var in rules.SettleInput
	in.Winner = rules.NoWind
	in.From = rules.NoWind
	for i, b := range bonus {
		in.Extra[i].Bonus = b
	}
	return Ruleset{}.Settle(in).Net
}

func TestJL_15_1(t *testing.T) {
	checkWaits(t, waitCase{"123p 456s 345m 777s 8m", "8m", true})
	checkScenario(t, scenario{hand: "123p 456s 345m 777s 8m +8m", seat: rules.S, from: rules.NoWind,
		value: 4, lines: []string{"JL-11.B1", "JL-11.M1", "JL-11.M4"},
		facts: [4]rules.SeatFacts{c, n, c, n}, pays: [4]int{8, 0, 4, 8}})
}

func TestJL_15_2(t *testing.T) {
	checkWaits(t, waitCase{"234m 456p 68s 55p [1z2z3z]", "7s", true})
	checkScenario(t, scenario{hand: "234m 456p 68s 55p [1z2z3z] +7s", seat: rules.W, from: rules.N,
		value: 2, lines: []string{"JL-11.B1", "JL-11.M4"},
		facts: [4]rules.SeatFacts{c, c, n, c}, pays: [4]int{0, 0, 0, 8}, bonus: 3})
	if got, want := endNets([4]int{0, 0, 3, 0}), [4]int{-3, -3, 9, -3}; got != want {
		t.Errorf("end-of-hand nets %v, want %v", got, want)
	}
}

func TestJL_15_3(t *testing.T) {
	checkWaits(t, waitCase{"345p 678s 55s 5z7z [234m]", "6z", true})
	checkScenario(t, scenario{hand: "345p 678s 55s 5z7z [234m] +6z", seat: rules.E, from: rules.NoWind,
		value: 4, lines: []string{"JL-11.B1", "JL-11.M1", "JL-11.M5"},
		facts: [4]rules.SeatFacts{n, n, c, c}, pays: [4]int{0, 8, 4, 4}, bonus: 0})
	// Even before any TING, the 567z completed by the win scores nothing (JL-13.1).
	v := Ruleset{}.Value(rulesHand(t, "345p 678s 55s 5z7z [234m] +6z"), rules.Context{Seat: rules.E, From: rules.NoWind, Joker: tile.None})
	if !v.Valid || v.Bonus != 0 {
		t.Errorf("premier-tour win on 6z: valid %v, end points %d, want 0: %+v", v.Valid, v.Bonus, v)
	}
}

func TestJL_15_4(t *testing.T) {
	checkWaits(t, waitCase{"234p 678p 555p 4z [1z2z3z]", "4z", true})
	checkScenario(t, scenario{hand: "234p 678p 555p 4z [1z2z3z] +4z", seat: rules.N, from: rules.S,
		value: 2, lines: []string{"JL-11.B1", "JL-11.M4"},
		facts: [4]rules.SeatFacts{c, ct, n, n}, pays: [4]int{4, 2, 4, 0}, bonus: 3})
	if got, want := endNets([4]int{0, 0, 0, 3}), [4]int{-3, -3, -3, 9}; got != want {
		t.Errorf("end-of-hand nets %v, want %v", got, want)
	}
}

func TestJL_15_5(t *testing.T) {
	checkWaits(t, waitCase{"2345m 123p 789p [777s]", "2m 5m", true})
	v := checkScenario(t, scenario{hand: "2345m 123p 789p [777s] +6p", seat: rules.S, from: rules.NoWind,
		flags: rules.JokerDrawn, joker: "6p",
		value: 4, lines: []string{"JL-11.B1", "JL-11.M1", "JL-11.M2"},
		facts: [4]rules.SeatFacts{c, n, c, c}, pays: [4]int{8, 0, 4, 4}})
	if !slices.ContainsFunc(v.Items, func(i rules.Item) bool { return i.Rule == "JL-8.4" }) {
		t.Errorf("joker win without a JL-8.4 line: %+v", v.Items)
	}
	checkScenario(t, scenario{hand: "2345m 123p 789p [777s] +5m", seat: rules.S, from: rules.NoWind,
		flags: rules.JokerDrawn, joker: "5m",
		value: 8, lines: []string{"JL-11.B1", "JL-11.M1", "JL-11.M2", "JL-11.M3"},
		facts: [4]rules.SeatFacts{c, n, c, c}, pays: [4]int{16, 0, 8, 8}})
}

func TestJL_15_6(t *testing.T) {
	checkWaits(t, waitCase{"777p 5p 888s 123m 456m", "5p 6p", true})
	checkScenario(t, scenario{hand: "777p 5p 888s 123m 456m +6p", seat: rules.W, from: rules.E,
		value: 2, lines: []string{"JL-11.B1", "JL-11.M4"},
		facts: [4]rules.SeatFacts{ct, n, n, c}, pays: [4]int{4, 4, 0, 2}})
}

func TestJL_15_7(t *testing.T) {
	checkWaits(t, waitCase{"555z 6z 456p 789s [123m]", "6z 7z", true})
	v := checkScenario(t, scenario{hand: "555z 6z 456p 789s [123m] +7z", seat: rules.N, from: rules.NoWind,
		value: 2, lines: []string{"JL-11.B1", "JL-11.M1"},
		facts: [4]rules.SeatFacts{c, c, c, n}, pays: [4]int{4, 2, 2, 0}, bonus: 0})
	if v.Decomposition != "[123m] 456p 789s 567z 55z" {
		t.Errorf("decomposition %q, want 567z 55z", v.Decomposition)
	}
}

func TestJL_15_8(t *testing.T) {
	checkWaits(t, waitCase{"888s 9s 888p 123m 234s", "7s 9s", true})
	checkScenario(t, scenario{hand: "888s 9s 888p 123m 234s +7s", seat: rules.S, from: rules.W,
		value: 4, lines: []string{"JL-11.B2", "JL-11.M4"},
		facts: [4]rules.SeatFacts{c, n, c, n}, pays: [4]int{0, 0, 20, 0}})
	checkScenario(t, scenario{hand: "888s 9s 888p 123m 234s +9s", seat: rules.S, from: rules.W,
		value: 2, lines: []string{"JL-11.B1", "JL-11.M4"},
		facts: [4]rules.SeatFacts{c, n, c, n}, pays: [4]int{0, 0, 10, 0}})
}

func TestJL_15_9(t *testing.T) {
	checkWaits(t, waitCase{"111m 999p 222s 77s 77z", "7s 7z", true})
	win := scenario{hand: "111m 999p 222s 77s 77z +7z", seat: rules.E, from: rules.NoWind,
		value: 32, lines: []string{"JL-11.B4", "JL-11.M1", "JL-11.M4", "JL-11.M5"},
		facts: [4]rules.SeatFacts{n, c, c, c}, pays: [4]int{0, 32, 32, 32}}
	checkScenario(t, win)
	win.limit, win.pays = 10, [4]int{0, 10, 10, 10}
	checkScenario(t, win)
}

func TestJL_15_10(t *testing.T) {
	checkWaits(t, waitCase{"22s 22m 444s [1z2z3z] [5z6z7z]", "", false})
	checkWaits(t, waitCase{"22s 22m 444p [1z2z3z] [5z6z7z]", "2s 2m", true})
	h, _ := parse(t, "22s 22m 444p [1z2z3z] [5z6z7z]", true)
	for _, w := range tile.MustParse("2s 2m") {
		ds, err := Decompose(h, w)
		if err != nil || len(ds) != 1 || ds[0].Shape != ShapeB {
			t.Errorf("+%s: %v %v, want one shape B", w, ds, err)
		}
	}
	if _, err := Decompose(h, tile.MustParse("4p")[0]); err == nil {
		t.Errorf("+4p decomposed; it leaves two pairs")
	}
	h, _ = parse(t, "22s 22m 444s [1z2z3z] [5z6z7z]", true)
	if _, err := Decompose(h, tile.MustParse("2s")[0]); err != ErrSuits {
		t.Errorf("two suits: error %v, want ErrSuits", err)
	}
}

func TestJL_15_11(t *testing.T) {
	checkWaits(t, waitCase{"11p 55p 33s 77s 22m 66m 8m", "8m", true})
	checkScenario(t, scenario{hand: "11p 55p 33s 77s 22m 66m 8m +8m", seat: rules.W, from: rules.NoWind,
		value: 32, lines: []string{"JL-11.B5", "JL-11.M1", "JL-11.M4"},
		facts: [4]rules.SeatFacts{c, c, n, n}, pays: [4]int{64, 32, 0, 64}})
}

func TestJL_15_12(t *testing.T) {
	checkWaits(t, waitCase{"22m 33m 55s 66s 77p 11z 4p", "4p", true})
	checkScenario(t, scenario{hand: "22m 33m 55s 66s 77p 11z 4p +4p", seat: rules.E, from: rules.S,
		value: 32, lines: []string{"JL-11.B5", "JL-11.M4", "JL-11.M5"},
		facts: [4]rules.SeatFacts{n, ct, n, c}, pays: [4]int{0, 32, 64, 32}})
}

func TestJL_15_13(t *testing.T) {
	checkWaits(t, waitCase{"2222m 55p 33s 77s 11z 4p", "4p", true})
	h, w := parse(t, "2222m 55p 33s 77s 11z 4p +4p", false)
	ds, err := Decompose(h, w)
	if err != nil || len(ds) != 1 || ds[0].Shape != ShapeC || ds[0].String() != "22m 22m 44p 55p 33s 77s 11z" {
		t.Errorf("Decompose: %v %v, want seven pairs with 2222m as two pairs", ds, err)
	}
}

func TestJL_15_14(t *testing.T) {
	checkWaits(t, waitCase{"23m 55m 123p 456p 777s", "", false})
	h, _ := parse(t, "23m 55m 123p 456p 777s", false)
	for _, w := range tile.MustParse("1m 4m") {
		if _, err := Decompose(h, w); err != ErrWait {
			t.Errorf("+%s: error %v, want ErrWait", w, err)
		}
	}
}

func TestJL_15_15(t *testing.T) {
	checkWaits(t, waitCase{"123m 456p 789s 234s 5p", "", false})
	h, _ := parse(t, "123m 456p 789s 234s 5p", false)
	if _, err := Decompose(h, tile.MustParse("5p")[0]); err != ErrShape {
		t.Errorf("four suit séries and a pair: error %v, want ErrShape", err)
	}
}

func TestJL_15_16(t *testing.T) {
	checkWaits(t, waitCase{"5p [123m] [777p] [456s] [999s]", "5p", true})
	checkScenario(t, scenario{hand: "5p [123m] [777p] [456s] [999s] +5p", seat: rules.S, from: rules.N,
		value: 2, lines: []string{"JL-11.B3"},
		facts: [4]rules.SeatFacts{c, c, c, ct}, pays: [4]int{4, 0, 2, 2}})
}

// TestJL_15_17 values the win on the compensation for adding 4z to
// [1z2z3z]; the engine's TestJL_15_17_CompensationWin plays the addition.
func TestJL_15_17(t *testing.T) {
	checkScenario(t, scenario{hand: "[1z2z3z4z] 234m 567m 888m 9m +9m", seat: rules.S, from: rules.NoWind,
		flags: rules.Compensation, value: 8, lines: []string{"JL-11.B1", "JL-11.M1", "JL-11.M4", "JL-11.M6"},
		facts: [4]rules.SeatFacts{c, n, c, c}, pays: [4]int{16, 0, 8, 8}, bonus: 4})
}

func TestJL_15_18(t *testing.T) {
	hands := [4]string{
		"(2222p) 123m 456m 789m 1s",
		"[5555s] 123m 456m 789m 1p",
		"[1z1z2z3z4z] 123m 456m 789m 1p",
		"[5z6z7z] 123m 456m 789m 1p",
	}
	want := [4]int{2, 1, 5, 0}
	var bonus [4]int
	for seat, s := range hands {
		v := Ruleset{}.Value(rulesHand(t, s), rules.Context{Seat: rules.Wind(seat), From: rules.NoWind, Flags: rules.AnyTing, Joker: tile.None})
		if !v.Valid || v.Bonus != want[seat] || v.Value != 0 {
			t.Errorf("%s: valid %v, E = %d, value %d; want E = %d: %+v", s, v.Valid, v.Bonus, v.Value, want[seat], v)
		}
		bonus[seat] = v.Bonus
	}
	if got, wantNet := endNets(bonus), [4]int{0, -4, 12, -8}; got != wantNet {
		t.Errorf("end-of-hand nets %v, want %v", got, wantNet)
	}
}
