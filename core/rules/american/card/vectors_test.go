package card_test

import (
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules/american/card"
)

// defaultPay is the table default of AM-10.
var defaultPay = card.PayOptions{JokerlessBonus: true}

// vector is one row of AM-13: the hand, the paid line and its
// instantiation ("" for none), the value, and the payments on a discard win
// (discarder, each other loser) and on a self-drawn win (each loser).
type vector struct {
	hand               string
	id, inst           string
	v, disc, other, me int
	also               []string // other lines the hand matches
	opt                card.PayOptions
}

// checkVector matches v.hand against the house card and checks the paid
// line, its instantiation and the payments of AM-8.3.
func checkVector(t *testing.T, v vector) {
	t.Helper()
	h, err := card.ParseHand(v.hand)
	if err != nil {
		t.Fatalf("ParseHand(%q): %v", v.hand, err)
	}
	ms := card.House().Match(h)
	best, ok := card.Best(ms, v.opt)
	if v.id == "" {
		if ok {
			t.Fatalf("%s: matched %s (%s), want no line", v.hand, best.Line.ID, best.Inst)
		}
		return
	}
	if !ok {
		t.Fatalf("%s: no line matches, want %s", v.hand, v.id)
	}
	var ids []string
	for _, m := range ms {
		ids = append(ids, m.Line.ID)
	}
	if want := append([]string{v.id}, v.also...); !sameSet(ids, want) {
		t.Errorf("%s: matches %v, want %v", v.hand, ids, want)
	}
	if best.Line.ID != v.id || best.Inst.String() != v.inst {
		t.Errorf("%s: paid on %s (%s), want %s (%s)", v.hand, best.Line.ID, best.Inst, v.id, v.inst)
	}
	pay := best.Pay(v.opt)
	if best.Line.Value != v.v || 2*pay != v.disc || pay != v.other || 2*pay != v.me {
		t.Errorf("%s: v=%d pays %d/%d self %d, want v=%d %d/%d self %d",
			v.hand, best.Line.Value, 2*pay, pay, 2*pay, v.v, v.disc, v.other, v.me)
	}
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	seen := map[string]int{}
	for _, s := range a {
		seen[s]++
	}
	for _, s := range b {
		seen[s]--
	}
	for _, n := range seen {
		if n != 0 {
			return false
		}
	}
	return true
}

func TestAM_13_1(t *testing.T) {
	checkVector(t, vector{hand: "222m 0j 5555z 2222p 6s +6s", id: "Y3", inst: "a=m b=p c=s k=0", v: 25, disc: 50, other: 25, me: 50, opt: defaultPay})
}

func TestAM_13_2(t *testing.T) {
	checkVector(t, vector{hand: "2222m 5555z 2222p 6s +6s", id: "Y3", inst: "a=m b=p c=s k=0", v: 25, disc: 100, other: 50, me: 100, opt: defaultPay})
}

func TestAM_13_3(t *testing.T) {
	checkVector(t, vector{hand: "55p 666p 77p 0j 5z [888p0j] +5z", id: "R1", inst: "a=p k=4", v: 30, disc: 60, other: 30, me: 60, opt: defaultPay})
}

func TestAM_13_4(t *testing.T) {
	checkVector(t, vector{hand: "55p 666p 77p 0j 7z [888p0j] +7z"})
}

func TestAM_13_5(t *testing.T) {
	checkVector(t, vector{hand: "112233445566s 0j +7s"})
}

func TestAM_13_6(t *testing.T) {
	checkVector(t, vector{hand: "222p 333s 444m 5p [111m] +5p"})
	checkVector(t, vector{hand: "222p 333s 444m 5p 111m +5p", id: "R5", inst: "a=m b=p c=s k=0", v: 35, disc: 140, other: 70, me: 140, opt: defaultPay})
}

func TestAM_13_7(t *testing.T) {
	checkVector(t, vector{hand: "111f 226m 5555z [666p] +6p"})
}

func TestAM_13_8(t *testing.T) {
	checkVector(t, vector{hand: "222z 00j 777s [4444z0j] +7s", id: "Q2", inst: "a=s k=6", v: 45, disc: 90, other: 45, me: 90, opt: defaultPay})
}

func TestAM_13_9(t *testing.T) {
	for _, flowers := range []string{"11111f", "1f2f3f4f1y"} {
		checkVector(t, vector{hand: "111m 222p 33s " + flowers + " +3s", id: "M4", inst: "a=m b=p c=s k=0", v: 35, disc: 140, other: 70, me: 140, opt: defaultPay})
	}
}

func TestAM_13_10(t *testing.T) {
	const hand = "1122334455667z +7z"
	checkVector(t, vector{hand: hand, id: "S1", inst: "a=m b=p c=s k=0", v: 50, disc: 100, other: 50, me: 100, opt: defaultPay})
	withOption := card.PayOptions{JokerlessBonus: true, JokerlessNoJokerLines: true}
	checkVector(t, vector{hand: hand, id: "S1", inst: "a=m b=p c=s k=0", v: 50, disc: 200, other: 100, me: 200, opt: withOption})
}

func TestAM_13_11(t *testing.T) {
	checkVector(t, vector{hand: "1111s 357s 99s 0j 777z +9s", id: "O5", inst: "a=s b=m k=0", v: 35, disc: 70, other: 35, me: 70, opt: defaultPay})
	checkVector(t, vector{hand: "1111s 357s 99s 0j 666z +9s"})
}

func TestAM_13_12(t *testing.T) {
	checkVector(t, vector{hand: "11f 226m 7777p 777s 0j +5z", id: "Y4", inst: "a=m b=p c=s k=6", v: 30, disc: 60, other: 30, me: 60, opt: defaultPay})
}

func TestAM_13_13(t *testing.T) {
	checkVector(t, vector{hand: "11111f 111m 22p 000j +2p", id: "Q1", inst: "a=m b=p k=0", v: 40, disc: 80, other: 40, me: 80, also: []string{"M4"}, opt: defaultPay})
}

func TestAM_13_14(t *testing.T) {
	checkVector(t, vector{hand: "11111f 22p 000j [111m] +2p", id: "M4", inst: "a=m b=p c=s k=0", v: 35, disc: 70, other: 35, me: 70, opt: defaultPay})
}

func TestAM_13_15(t *testing.T) {
	checkVector(t, vector{hand: "7777m 222p 14s [111f0j] +2p", id: "M1", inst: "a=m b=p c=s k=0", v: 30, disc: 60, other: 30, me: 60, opt: defaultPay})
}
