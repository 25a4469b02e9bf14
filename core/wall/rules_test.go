package wall

import (
	"slices"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// TestCL_2_1 checks the dice count from a thrower (CL-2.1, CL-D-2, HK-3.3,
// FR-4.3, JL-3.2): 5/9 the thrower, 6/10 right, 7/11 opposite, 8/12 left,
// and 2, 3, 4 continue the cycle.
func TestCL_2_1(t *testing.T) {
	want := map[int]int{2: 1, 3: 2, 4: 3, 5: 0, 6: 1, 7: 2, 8: 3, 9: 0, 10: 1, 11: 2, 12: 3}
	for thrower := range 4 {
		for total, off := range want {
			if got := DiceSeat(thrower, total); got != (thrower+off)%4 {
				t.Errorf("DiceSeat(%d, %d) = %d, want %d", thrower, total, got, (thrower+off)%4)
			}
		}
	}
	// CL-2.3's example: 12 − 1 = 11 names the player opposite.
	if got := DiceSeat(east, 11); got != west {
		t.Errorf("DiceSeat(E, 11) = %d, want West", got)
	}
}

// TestHK_3_3 checks the dominant wind: a = 5 or 9 East, 2/6/10 South,
// 3/7/11 West, 4/8/12 North, whatever b is (HK-3.3, FR-4.3; FR T12: a = 10
// is South).
func TestHK_3_3(t *testing.T) {
	want := map[int]int{2: south, 3: west, 4: north, 5: east, 6: south, 7: west,
		8: north, 9: east, 10: south, 11: west, 12: north}
	for a, seat := range want {
		for _, s := range []Spec{classical, hongkong, jilin} {
			if got := shuffled(t, s, "hk-3.3", a, 7).Dominant(); got != seat {
				t.Errorf("%v: a = %d: dominant %d, want %d", s.Layout, a, got, seat)
			}
		}
		if got := shuffled(t, american, "am", a, 0).Dominant(); got != east {
			t.Errorf("american: a = %d: dominant %d, want East", a, got)
		}
	}
}

// TestCL_TV_8 checks the classical wall example: dice 6 then 7 break
// South's wall after stack 13; the banker's first 4 tiles are South 14–15,
// South takes 16–17 and West East's 1–2 (CL-4.3); the dead wall is South
// 7–13 (CL-4.4) and the first replacement is the top of South 13 (CL-4.5).
func TestCL_TV_8(t *testing.T) {
	ring := markedRing(t, classical, "1234z 5678p 1234s 7z 9m 8m",
		top(south, 14), bottom(south, 14), top(south, 15), bottom(south, 15),
		top(south, 16), bottom(south, 16), top(south, 17), bottom(south, 17),
		top(east, 1), bottom(east, 1), top(east, 2), bottom(east, 2),
		top(south, 13), bottom(south, 13), top(south, 12))
	w := mustNew(t, classical, ring, 6, 7)
	if w.Dominant() != south || w.BreachStack() != 13 {
		t.Fatalf("dominant %d, breach %d: want South, 13", w.Dominant(), w.BreachStack())
	}
	for n := 1; n <= 17; n++ {
		want := RoleLive
		if n >= 7 && n <= 13 {
			want = RoleDead
		}
		if got := stackAt(w, south, n).Role; got != want {
			t.Errorf("South %d is %v, want %v", n, got, want)
		}
	}
	hands := w.Deal(DealFours)
	wantTiles(t, "banker's first 4", hands[east][:4], "1234z")
	wantTiles(t, "South's first 4", hands[south][:4], "5678p")
	wantTiles(t, "West's first 4", hands[west][:4], "1234s")
	wantTiles(t, "replacements", draws(t, 3, w.DrawTail), "7z 9m 8m")
}

// TestCL_4_6_Example checks the example: t = 13 on South's wall, no bonus
// tiles: 122 live tiles, the dead wall South 7–13, 69 live after the deal.
func TestCL_4_6_Example(t *testing.T) {
	w := shuffled(t, classical, "cl-4.6", 6, 7)
	if w.LiveLeft() != 122 || w.Remaining() != 136 {
		t.Fatalf("live %d of %d, want 122 of 136", w.LiveLeft(), w.Remaining())
	}
	live := 0
	for _, st := range w.Stacks() {
		if st.Role == RoleLive {
			live += st.Tiles
		}
	}
	if live != 122 {
		t.Errorf("live stacks hold %d tiles, want 122", live)
	}
	w.Deal(DealFours)
	if w.LiveLeft() != 69 {
		t.Errorf("live after the deal = %d, want 69", w.LiveLeft())
	}
}

// TestCL_4_6_Upkeep checks that after r replacement draws the live wall is
// exhausted when 14 + (r mod 2) tiles are left (CL-4.6), or 14 under
// CL-OPT-7 fixed14 (CL-D-6), and that the dead wall shown is 7 whole stacks
// plus the one the tail has opened.
func TestCL_4_6_Upkeep(t *testing.T) {
	fixed := classical
	fixed.FixedReserve = true
	for _, s := range []Spec{classical, fixed, {Layout: DeadWall, StacksPerSide: 18}} {
		for r := range 6 {
			w := shuffled(t, s, "upkeep", 3, 11)
			w.Deal(DealFours)
			draws(t, r, w.DrawTail)
			reserve := 14 + r%2
			if s.FixedReserve {
				reserve = 14
			}
			live := w.LiveLeft()
			if got := drain(w); got != live || w.Remaining() != reserve || w.LiveLeft() != 0 {
				t.Errorf("%+v r=%d: %d draws (LiveLeft said %d), %d left: want %d left",
					s, r, got, live, w.Remaining(), reserve)
			}
			dead, tiles := 0, 0
			for _, st := range w.Stacks() {
				if st.Role == RoleDead {
					dead++
					tiles += st.Tiles
				}
			}
			if !s.FixedReserve && (dead != 7+r%2 || tiles != reserve) {
				t.Errorf("r=%d: dead wall shows %d stacks, %d tiles", r, dead, tiles)
			}
			// Replacements may still come from the dead wall (CL-4.5).
			if k, ok := w.DrawTail(); !ok || !k.Valid() {
				t.Errorf("r=%d: no replacement from the dead wall", r)
			}
		}
	}
}

// TestHK_3_7 checks the live wall of the hill layout: 130 live tiles with
// bonus tiles, 122 without (FR-4.6), and 77 / 69 after the deal (HK-3.7),
// for every pair of throws.
func TestHK_3_7(t *testing.T) {
	for _, c := range []struct {
		per, live, afterDeal int
	}{{18, 130, 77}, {17, 122, 69}} {
		s := Spec{Layout: Hill, StacksPerSide: c.per}
		for a := 2; a <= 12; a++ {
			for b := 2; b <= 12; b++ {
				w := shuffled(t, s, "hk-3.7", a, b)
				if w.LiveLeft() != c.live || w.TailLeft() != c.live {
					t.Fatalf("%d stacks, dice %d %d: live %d, want %d", c.per, a, b, w.LiveLeft(), c.live)
				}
				w.Deal(DealTwos)
				if w.LiveLeft() != c.afterDeal || w.Remaining() != c.afterDeal+14 {
					t.Fatalf("%d stacks, dice %d %d: %d live after the deal, want %d",
						c.per, a, b, w.LiveLeft(), c.afterDeal)
				}
				if n := drain(w); n != c.afterDeal || w.Remaining() != 14 || w.TailLeft() != 0 {
					t.Fatalf("drained %d, %d left", n, w.Remaining())
				}
				if _, ok := w.DrawTail(); ok {
					t.Fatal("a replacement came from the hill (HK-D-5)")
				}
			}
		}
	}
}

// TestFR_4_6 checks the breach geometry: a = 7 (West dominant), b = 5, so
// n = 12 on West's wall: the hill is West 6–12 with stack 12's top on 9 and
// its bottom on 11 (FR-4.5); the front is West 13 and the tail West 5, top
// tile first (FR-4.6).
func TestFR_4_6(t *testing.T) {
	ring := markedRing(t, french, "1z 2z 3z 4z 5z",
		top(west, 13), bottom(west, 13), top(west, 5), bottom(west, 5), top(west, 4))
	w := mustNew(t, french, ring, 7, 5)
	if w.Dominant() != west || w.LiveLeft() != 130 {
		t.Fatalf("dominant %d, live %d: want West, 130", w.Dominant(), w.LiveLeft())
	}
	want := map[int]int{12: 0, 11: 3, 10: 2, 9: 3, 8: 2, 7: 2, 6: 2}
	for n := 1; n <= 18; n++ {
		st := stackAt(w, west, n)
		tiles, ok := want[n]
		if (st.Role == RoleHill) != ok || ok && st.Tiles != tiles {
			t.Errorf("West %d: %v with %d tiles", n, st.Role, st.Tiles)
		}
	}
	wantTiles(t, "front", draws(t, 2, w.Draw), "1z 2z")
	wantTiles(t, "tail", draws(t, 3, w.DrawTail), "3z 4z 5z")
}

// TestHK_3_4_Wrap checks breaches that run off the dominant wall: t = 4 on
// South's wall puts the hill on South 1–4 and West 15–17 and the tail on
// West 14 (the wall before South's in the ring); t = 24 on North's wall
// (17 stacks) breaks West's stack 7, the next wall in the ring.
func TestHK_3_4_Wrap(t *testing.T) {
	s := Spec{Layout: Hill, StacksPerSide: 17}
	ring := markedRing(t, s, "1z 2z", top(south, 5), top(west, 14))
	w := mustNew(t, s, ring, 2, 2)
	for _, p := range []place{top(south, 1), top(south, 4), top(west, 15), top(west, 17)} {
		if st := stackAt(w, p.side, p.number); st.Role != RoleHill {
			t.Errorf("%+v is %v, want hill", p, st.Role)
		}
	}
	wantTiles(t, "front", draws(t, 1, w.Draw), "1z")
	wantTiles(t, "tail", draws(t, 1, w.DrawTail), "2z")

	ring = markedRing(t, s, "3z 4z", top(west, 8), top(west, 7))
	w = mustNew(t, s, ring, 12, 12)
	if w.Dominant() != north || w.BreachStack() != 24 {
		t.Errorf("dominant %d, breach %d: want North, 24", w.Dominant(), w.BreachStack())
	}
	if st := stackAt(w, west, 7); st.Role != RoleHill || st.Tiles != 0 {
		t.Errorf("West 7 = %+v, want the emptied breach stack", st)
	}
	wantTiles(t, "front", draws(t, 1, w.Draw), "3z")
}

// TestJL_3 checks the jilin geometry: a = 6 → South rolls b = 7 → s = 13:
// the deal starts at South 14 and the tail at South 13, top tile first
// (JL-3.3, JL-3.4, JL-3.5); 83 tiles and 71 live draws remain after the
// deal; the hand ends when 6 non-empty stacks remain, which compensation and
// joker draws may still use (JL-10.2, JL-D14).
func TestJL_3(t *testing.T) {
	ring := markedRing(t, jilin, "1234z 5z 6z 7z",
		top(south, 14), bottom(south, 14), top(south, 15), bottom(south, 15),
		top(south, 13), bottom(south, 13), top(south, 12))
	w := mustNew(t, jilin, ring, 6, 7)
	hands := w.Deal(DealFours)
	wantTiles(t, "dealer's first 4", hands[east][:4], "1234z")
	if w.Remaining() != 83 || w.LiveLeft() != 71 {
		t.Fatalf("after the deal: %d left, %d live: want 83, 71", w.Remaining(), w.LiveLeft())
	}
	wantTiles(t, "compensations", draws(t, 3, w.DrawTail), "5z 6z 7z")
	if w.LiveLeft() != 69 {
		t.Errorf("after 3 compensations: %d live, want 69", w.LiveLeft())
	}
	drain(w)
	stacks, dead := 0, 0
	for _, st := range w.Stacks() {
		if st.Tiles > 0 {
			stacks++
		}
		if st.Role == RoleDead {
			dead++
		}
	}
	// South 12 lost its top to the third compensation.
	if stacks != 6 || dead != 6 || w.Remaining() != 11 || w.LiveLeft() != 0 {
		t.Errorf("at the end: %d stacks (%d dead), %d tiles: want 6 stacks, 11 tiles", stacks, dead, w.Remaining())
	}
	if _, err := w.DrawJoker(5); err != nil {
		t.Errorf("joker draw from the last stacks: %v", err)
	}
	draws(t, 10, w.DrawTail)
	if w.Remaining() != 0 || w.TailLeft() != 0 {
		t.Errorf("%d tiles left after draining the tail", w.Remaining())
	}
}

// TestJL_3_Compensation checks that compensation draws shorten the live
// wall a stack at a time: 71 live draws after the deal, 71 after one
// compensation (the last stack still stands), 69 after two (JL-10.2).
func TestJL_3_Compensation(t *testing.T) {
	for r, want := range []int{71, 71, 69, 69, 67} {
		w := shuffled(t, jilin, "jl-comp", 6, 7)
		w.Deal(DealFours)
		draws(t, r, w.DrawTail)
		if w.LiveLeft() != want {
			t.Errorf("r=%d: %d live, want %d", r, w.LiveLeft(), want)
		}
		if got := drain(w); got != want {
			t.Errorf("r=%d: drained %d, want %d", r, got, want)
		}
	}
}

// TestJL_8 checks the joker indicator: the top tile of the d-th complete
// stack from the tail (JL-8.1); back face up into its slot, after which that
// face is not eligible (JL-8.2); no slot once its stack is drawn (JL-8.3).
func TestJL_8(t *testing.T) {
	ring := markedRing(t, jilin, "6p 7p", top(south, 11), top(south, 10))
	w := mustNew(t, jilin, ring, 6, 7)
	w.Deal(DealFours)
	if got := w.JokerChoices(); !slices.Equal(got, []int{1, 2, 3, 4, 5, 6}) {
		t.Fatalf("choices %v, want 1..6", got)
	}
	j, err := w.DrawJoker(3)
	if err != nil || j != tile.MustParse("6p")[0] || w.Remaining() != 82 {
		t.Fatalf("DrawJoker(3) = %v, %v; %d left", j, err, w.Remaining())
	}
	if _, err := w.DrawJoker(1); err == nil || len(w.JokerChoices()) != 0 {
		t.Error("a second indicator was allowed while one is out")
	}
	if back, err := w.ReturnJoker(); !back || err != nil {
		t.Fatalf("ReturnJoker = %v, %v", back, err)
	}
	if st := stackAt(w, south, 11); st.FaceUp != j || st.Tiles != 2 {
		t.Errorf("South 11 = %+v, want the face-up 6p", st)
	}
	if got := w.JokerChoices(); !slices.Equal(got, []int{1, 2, 4, 5, 6}) {
		t.Errorf("choices %v, want 1 2 4 5 6 (JL-8.2)", got)
	}
	if _, err := w.DrawJoker(3); err == nil {
		t.Error("DrawJoker on a face-up top was allowed")
	}
	if j2, err := w.DrawJoker(4); err != nil || j2 != tile.MustParse("7p")[0] {
		t.Errorf("DrawJoker(4) = %v, %v: want 7p", j2, err)
	}
	draws(t, 4, w.DrawTail) // South 13 and 12
	wantTiles(t, "the face-up indicator", draws(t, 1, w.DrawTail), "6p")
	draws(t, 1, w.DrawTail) // South 11's bottom
	if back, err := w.ReturnJoker(); !back || err != nil {
		t.Errorf("ReturnJoker = %v, %v: the slot of South 10 still stands", back, err)
	}
	wantTiles(t, "the face-up indicator", draws(t, 1, w.DrawTail), "7p")
	// South 10 has only its bottom: the 2nd complete stack is South 8.
	if _, err := w.DrawJoker(2); err != nil {
		t.Fatal(err)
	}
	draws(t, 4, w.DrawTail) // South 10's bottom, South 9, South 8's bottom
	if back, err := w.ReturnJoker(); back || err != nil {
		t.Errorf("ReturnJoker = %v, %v: want false, the slot is gone", back, err)
	}
	// Indicators names the indicator draws among the takes: after the
	// deal's 53 tiles the first indicator and the second, then 4 tail
	// draws, the face-up one, 1 tail draw and the returned one: the third.
	if got := w.Indicators(); !slices.Equal(got, []int{53, 54, 62}) {
		t.Errorf("Indicators() = %v, want [53 54 62]", got)
	}
	if _, err := w.ReturnJoker(); err == nil {
		t.Error("ReturnJoker with no indicator out succeeded")
	}
}

// TestJL_8_NoJoker checks that no face is eligible without complete stacks
// and that other layouts refuse joker draws.
func TestJL_8_NoJoker(t *testing.T) {
	w := shuffled(t, jilin, "jl-8", 5, 5)
	draws(t, w.Remaining()-3, w.DrawTail)
	if got := w.JokerChoices(); !slices.Equal(got, []int{1}) {
		t.Errorf("with one complete stack: choices %v, want [1]", got)
	}
	draws(t, 2, w.DrawTail)
	if got := w.JokerChoices(); len(got) != 0 {
		t.Errorf("with no complete stack: choices %v", got)
	}
	if _, err := shuffled(t, classical, "x", 5, 5).DrawJoker(1); err == nil {
		t.Error("classical drew a joker indicator")
	}
}

// TestAM_3_4 checks the american wall: for every r, 99 tiles left after the
// deal and the reserved East 1..r drawn last (AM-3.3, AM-3.5); with r = 11
// exactly one tile of North's wall is left after the deal.
func TestAM_3_4(t *testing.T) {
	for r := 2; r <= 12; r++ {
		w := shuffled(t, american, "am-3.4", r, 0)
		w.Deal(DealFoursAmerican)
		if w.Remaining() != 99 || w.LiveLeft() != 99 || w.TailLeft() != 0 {
			t.Errorf("r=%d: %d left, %d live after the deal, want 99", r, w.Remaining(), w.LiveLeft())
		}
		if _, ok := w.DrawTail(); ok {
			t.Errorf("r=%d: a replacement draw was allowed (AM-3.3)", r)
		}
		draws(t, 99-2*r, w.Draw)
		if !w.InLastWall() || stackAt(w, east, r).Role != RoleReserved || stackAt(w, east, r+1).Role != RoleEmpty {
			t.Errorf("r=%d: the last wall is not East 1..%d", r, r)
		}
		if drain(w) != 2*r || w.Remaining() != 0 {
			t.Errorf("r=%d: the last wall did not hold %d tiles", r, 2*r)
		}
	}
	ring := markedRing(t, american, "1z 2z 3z", bottom(north, 19), top(west, 1), top(east, 1))
	w := mustNew(t, american, ring, 11, 0)
	w.Deal(DealFoursAmerican)
	north := 0
	for n := 1; n <= 19; n++ {
		north += stackAt(w, 3, n).Tiles
	}
	if north != 1 {
		t.Errorf("%d tiles of North's wall left after the deal, want 1", north)
	}
	wantTiles(t, "next draws", draws(t, 2, w.Draw), "1z 2z")
	draws(t, 97-22, w.Draw)
	wantTiles(t, "first tile of the last wall", draws(t, 1, w.Draw), "3z")
}

// dealOrder returns the seat letters of indices 0..52 as each rules file
// states them.
var dealOrder = map[DealStyle]string{
	// HK-4.1, FR-5.1: six passes of 2 (0–1 E, 2–3 S, …), then E S W N E.
	DealTwos: strings.Repeat("EESSWWNN", 6) + "ESWNE",
	// CL-5.1, CL-5.2, JL-3.5: three passes of 4 (0–3 E, 4–7 S, …), then
	// 48 E, 49 S, 50 W, 51 N, 52 E.
	DealFours: strings.Repeat("EEEESSSSWWWWNNNN", 3) + "ESWNE",
	// AM-3.4: twelve blocks of 4, then 48 E, 49 S, 50 E, 51 W, 52 N.
	DealFoursAmerican: strings.Repeat("EEEESSSSWWWWNNNN", 3) + "ESEWN",
}

// TestDealTables checks every deal style index by index, and that Deal
// hands out linear indices 0..52 in that order.
func TestDealTables(t *testing.T) {
	for style, order := range dealOrder {
		var want [4][]tile.Kind
		w := shuffled(t, classical, "deal", 9, 9)
		front := w.RemainingTiles()
		for i, c := range order {
			seat := strings.IndexRune("ESWN", c)
			if got := style.Seat(i); got != seat {
				t.Errorf("%v: index %d goes to %d, want %c", style, i, got, c)
			}
			want[seat] = append(want[seat], front[i])
		}
		hands := w.Deal(style)
		for seat := range hands {
			n := 13
			if seat == east {
				n = 14
			}
			if !slices.Equal(hands[seat], want[seat]) || len(hands[seat]) != n {
				t.Errorf("%v: seat %d got %v, want %v", style, seat, hands[seat], want[seat])
			}
		}
		if front[53] != w.RemainingTiles()[0] {
			t.Errorf("%v: the next live draw is not index 53", style)
		}
	}
	w := shuffled(t, classical, "deal", 9, 9)
	if hands := w.Deal(DealStyle(9)); hands[0] != nil || w.Remaining() != 136 {
		t.Error("an unknown deal style dealt tiles")
	}
}

// TestCL_5_2_Jump checks CL-5.2 on the table: with t = 13 on South's wall,
// index 48 is the top of North 4 (the banker's), 49 its bottom (South's),
// 50 and 51 North 5 (West's, North's) and 52 the top of North 6 (the
// banker's, jumping one stack); the next live draw is North 6's bottom.
func TestCL_5_2_Jump(t *testing.T) {
	ring := markedRing(t, classical, "1z 2z 3z 4z 5z 6z",
		top(north, 4), bottom(north, 4), top(north, 5), bottom(north, 5), top(north, 6), bottom(north, 6))
	w := mustNew(t, classical, ring, 6, 7)
	hands := w.Deal(DealFours)
	wantTiles(t, "banker's last two", hands[east][12:], "1z 5z")
	wantTiles(t, "South's last", hands[south][12:], "2z")
	wantTiles(t, "West's last", hands[west][12:], "3z")
	wantTiles(t, "North's last", hands[north][12:], "4z")
	wantTiles(t, "next draw", draws(t, 1, w.Draw), "6z")
}
