package sealed

import (
	"fmt"
	"slices"
	"testing"
)

// mahjongDeck is a deck of the rulesets' walls (core/rules): 136 tiles
// are 34 kinds × 4 (jilin, or bonus tiles off), 144 add 8 bonus kinds
// (flowers and seasons), 152 add 8 copies of one more kind (american
// jokers).
func mahjongDeck(tiles int) []int {
	var d []int
	for k := 0; k < 34; k++ {
		d = append(d, k, k, k, k)
	}
	for k := 34; k < 42 && len(d) < tiles; k++ {
		d = append(d, k)
	}
	for len(d) < tiles {
		d = append(d, 42)
	}
	return d
}

type table struct {
	t    *Transcript
	keys []*PrivateKey
}

// newDeal makes keys and the shuffle chain for n holders, each verifying
// every shuffle before making its own.
func newDeal(t testing.TB, n int, kinds []int) *table {
	t.Helper()
	ctx := testCtx(n)
	tb := &table{t: &Transcript{Ctx: ctx, Kinds: kinds}}
	for i := 0; i < n; i++ {
		k := GenerateKey()
		m, err := k.KeyMsg(ctx, uint32(i))
		if err != nil {
			t.Fatal(err)
		}
		tb.keys = append(tb.keys, k)
		tb.t.Keys = append(tb.t.Keys, m)
	}
	key, err := JointKey(ctx, tb.t.Keys)
	if err != nil {
		t.Fatal(err)
	}
	deck, err := InitialDeck(kinds)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		s, err := Shuffle(ctx, uint32(i), key, deck, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := VerifyShuffle(ctx, key, deck, s); err != nil {
			t.Fatal(err)
		}
		tb.t.Shuffles = append(tb.t.Shuffles, s)
		deck = s.Deck
	}
	return tb
}

func (tb *table) deck() Deck { return tb.t.Shuffles[len(tb.t.Shuffles)-1].Deck }

// reveal publishes every other holder's share of slot for holder to.
func (tb *table) reveal(to uint32, slot uint32) {
	for j, k := range tb.keys {
		if uint32(j) != to {
			tb.t.Shares = append(tb.t.Shares, k.Share(tb.t.Ctx, uint32(j), slot, tb.deck()[slot]))
		}
	}
}

func verified(t testing.TB, tr *Transcript) *Verified {
	t.Helper()
	v, err := tr.Verify()
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestDeal(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		t.Run(fmt.Sprintf("%d holders", n), func(t *testing.T) {
			kinds := mahjongDeck(144)
			tb := newDeal(t, n, kinds)
			// Holder h (seat h) gets 13 tiles, the dealer 14, from the wall front.
			hands := make([][]uint32, n)
			next := uint32(0)
			for h := 0; h < n; h++ {
				size := 13
				if h == 0 {
					size = 14
				}
				for i := 0; i < size; i++ {
					hands[h] = append(hands[h], next)
					tb.reveal(uint32(h), next)
					next++
				}
			}
			v := verified(t, tb.t)
			private := map[uint32]int{}
			for h := 0; h < n; h++ {
				got, err := v.Knows(uint32(h), tb.keys[h])
				if err != nil {
					t.Fatal(err)
				}
				slotsGot := make([]uint32, 0, len(got))
				for s, kind := range got {
					slotsGot = append(slotsGot, s)
					private[s] = kind
				}
				slices.Sort(slotsGot)
				if !slices.Equal(slotsGot, hands[h]) {
					t.Fatalf("holder %d can decrypt slots %v, should be exactly %v", h, slotsGot, hands[h])
				}
				// Each holder's own Reveal agrees with Knows.
				for _, s := range hands[h] {
					others, ok := v.SharesOf(s, uint32(h))
					if !ok {
						t.Fatalf("slot %d lacks shares", s)
					}
					k, err := tb.keys[h].Reveal(v.Deck[s], others)
					if err != nil || k != got[s] {
						t.Fatalf("holder %d: Reveal(slot %d) = %d, %v; Knows says %d", h, s, k, err, got[s])
					}
				}
			}
			if pub, err := v.Knows(0, nil); err != nil || len(pub) != 0 {
				t.Fatalf("an observer with no key decrypts %v (%v); should decrypt nothing", pub, err)
			}
			// End-of-hand audit: every holder opens every slot; the
			// public openings form the deck and agree with the hands.
			for s := uint32(0); s < uint32(len(kinds)); s++ {
				for j, k := range tb.keys {
					if v.shares[s][uint32(j)] == nil {
						tb.t.Shares = append(tb.t.Shares, k.Share(tb.t.Ctx, uint32(j), s, tb.deck()[s]))
					}
				}
			}
			v = verified(t, tb.t)
			pub, err := v.Knows(0, nil)
			if err != nil || len(pub) != len(kinds) {
				t.Fatalf("after the audit the observer decrypts %d slots (%v), want %d", len(pub), err, len(kinds))
			}
			var opened []int
			for _, k := range pub {
				opened = append(opened, k)
			}
			slices.Sort(opened)
			want := slices.Clone(kinds)
			slices.Sort(want)
			if !slices.Equal(opened, want) {
				t.Fatal("the opened deck is not the dealt deck")
			}
			for s, k := range private {
				if pub[s] != k {
					t.Fatalf("slot %d: its holder decoded %d, the audit opened %d", s, k, pub[s])
				}
			}
			identity := 0
			for s := range kinds {
				if pub[uint32(s)] == kinds[s] {
					identity++
				}
			}
			if identity == len(kinds) {
				t.Fatal("the shuffle chain left the deck in order")
			}
		})
	}
}

func keysOf(m map[uint32]int) []uint32 {
	var out []uint32
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// A pass: holder 0 holds slots 0 and 1, shuffles them into fresh slots
// 100 and 101 and they are revealed to holder 1; slot 5 is copied to
// slot 200 for holder 1. Each holder decrypts exactly what it was given.
func TestTranscriptMoves(t *testing.T) {
	tb := newDeal(t, 2, mahjongDeck(144)[:8])
	tb.reveal(0, 0)
	tb.reveal(0, 1)
	v := verified(t, tb.t)
	ctx := tb.t.Ctx
	pass, err := Shuffle(ctx, 0, v.Key, Deck{v.Deck[0], v.Deck[1]}, []uint32{0, 1}, []uint32{100, 101})
	if err != nil {
		t.Fatal(err)
	}
	cp := ReEncrypt(ctx, v.Key, 5, 200, v.Deck[5])
	tb.t.Moves = []Move{{Transfer: &pass}, {Copy: &cp}}
	for j, w := range []uint32{100, 101} {
		tb.t.Shares = append(tb.t.Shares, tb.keys[0].Share(ctx, 0, w, pass.Deck[j]))
	}
	tb.t.Shares = append(tb.t.Shares, tb.keys[0].Share(ctx, 0, 200, cp.Ct))
	v = verified(t, tb.t)
	k0, err := v.Knows(0, tb.keys[0])
	if err != nil {
		t.Fatal(err)
	}
	k1, err := v.Knows(1, tb.keys[1])
	if err != nil {
		t.Fatal(err)
	}
	if got := keysOf(k0); !slices.Equal(got, []uint32{0, 1}) {
		t.Errorf("holder 0 decrypts %v, want [0 1]", got)
	}
	if got := keysOf(k1); !slices.Equal(got, []uint32{100, 101, 200}) {
		t.Errorf("holder 1 decrypts %v, want [100 101 200]", got)
	}
	passed := []int{k1[100], k1[101]}
	kept := []int{k0[0], k0[1]}
	slices.Sort(passed)
	slices.Sort(kept)
	if !slices.Equal(passed, kept) {
		t.Errorf("holder 1 received %v; holder 0 passed %v", passed, kept)
	}
	if pub, _ := v.Knows(0, nil); len(pub) != 0 {
		t.Errorf("the observer decrypts %v", keysOf(pub))
	}

	bad := func(name string, moves []Move) {
		t.Helper()
		tr := *tb.t
		tr.Moves = moves
		tr.Shares = nil
		if _, err := tr.Verify(); err == nil {
			t.Errorf("%s: the transcript verified", name)
		}
	}
	intoWall := ReEncrypt(ctx, v.Key, 5, 3, v.Deck[5])
	bad("a copy over a wall slot", []Move{{Copy: &intoWall}})
	fromNowhere := ReEncrypt(ctx, v.Key, 50, 201, v.Deck[5])
	bad("a copy of a missing slot", []Move{{Copy: &fromNowhere}})
	bad("a move that is both", []Move{{Transfer: &pass, Copy: &cp}})
	bad("an empty move", []Move{{}})
	bad("the same fresh slots twice", []Move{{Transfer: &pass}, {Transfer: &pass}})
	wrongSource := pass
	wrongSource.From = []uint32{0, 2}
	bad("a transfer from other slots", []Move{{Transfer: &wrongSource}})
}
