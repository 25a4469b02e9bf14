package sealed

import (
	"errors"
	"slices"
	"testing"
)

func TestBadShareProofRefused(t *testing.T) {
	tb := newDeal(t, 2, mahjongDeck(144)[:8])
	ctx := tb.t.Ctx
	ct := tb.deck()[3]
	s := tb.keys[1].Share(ctx, 1, 3, ct)
	if err := VerifyShare(ctx, tb.keys[1].X, ct, s); err != nil {
		t.Fatal(err)
	}
	bad := s
	bad.Proof.S = NewScalar().Add(s.Proof.S, NewScalar().SetInt64(1))
	if VerifyShare(ctx, tb.keys[1].X, ct, bad) == nil {
		t.Error("accepted a share with a wrong response")
	}
	// A wrong D (a share that would make the holder decode another tile)
	// with the honest proof.
	bad = s
	bad.D = NewPoint().Add(s.D, BasePoint())
	if VerifyShare(ctx, tb.keys[1].X, ct, bad) == nil {
		t.Error("accepted a share for a shifted D")
	}
	// The share under another holder's key.
	if VerifyShare(ctx, tb.keys[0].X, ct, s) == nil {
		t.Error("accepted holder 1's share as holder 0's")
	}
	tb.t.Shares = append(tb.t.Shares, bad)
	if _, err := tb.t.Verify(); err == nil {
		t.Error("the transcript verified with a bad share")
	}
}

func TestReplayedShareRefused(t *testing.T) {
	tb := newDeal(t, 2, mahjongDeck(144)[:8])
	ctx := tb.t.Ctx
	ct := tb.deck()[3]
	s := tb.keys[1].Share(ctx, 1, 3, ct)
	// Same ciphertext, another slot number.
	moved := s
	moved.Slot = 4
	if VerifyShare(ctx, tb.keys[1].X, ct, moved) == nil {
		t.Error("a share proof replayed for another slot verified")
	}
	// Same ciphertext and slot, another hand, table, ruleset, peer list or
	// transcript.
	for name, other := range map[string]Context{
		"hand":       {Table: ctx.Table, Hand: ctx.Hand + 1, Ruleset: ctx.Ruleset, Peers: ctx.Peers},
		"table":      {Table: "table-2", Hand: ctx.Hand, Ruleset: ctx.Ruleset, Peers: ctx.Peers},
		"ruleset":    {Table: ctx.Table, Hand: ctx.Hand, Ruleset: "mcr", Peers: ctx.Peers},
		"peers":      {Table: ctx.Table, Hand: ctx.Hand, Ruleset: ctx.Ruleset, Peers: []string{"dev-south", "dev-east"}},
		"transcript": {Table: ctx.Table, Hand: ctx.Hand, Ruleset: ctx.Ruleset, Peers: ctx.Peers, Transcript: [32]byte{1}},
	} {
		if VerifyShare(other, tb.keys[1].X, ct, s) == nil {
			t.Errorf("a share proof replayed under another %s verified", name)
		}
	}
}

func TestTamperedShuffleRefused(t *testing.T) {
	ctx := testCtx(2)
	k := GenerateKey()
	in, _ := InitialDeck([]int{0, 1, 2, 3, 4, 5})
	m, err := Shuffle(ctx, 0, k.X, in, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	try := func(name string, c Context, key *Point, in Deck, m ShuffleMsg) {
		t.Helper()
		if VerifyShuffle(c, key, in, m) == nil {
			t.Errorf("%s: the tampered shuffle verified", name)
		}
	}
	swapped := m
	swapped.Deck = slices.Clone(m.Deck)
	swapped.Deck[0], swapped.Deck[1] = swapped.Deck[1], swapped.Deck[0]
	try("swapped outputs", ctx, k.X, in, swapped)

	replaced := m
	replaced.Deck = slices.Clone(m.Deck)
	m5, _ := TilePoint(5)
	replaced.Deck[2] = Ciphertext{C1: replaced.Deck[2].C1, C2: NewPoint().Add(replaced.Deck[2].C2, m5)}
	try("changed tile", ctx, k.X, in, replaced)

	for _, i := range []int{0, 100, len(m.Proof) - 1} {
		flipped := m
		flipped.Proof = slices.Clone(m.Proof)
		flipped.Proof[i] ^= 1
		try("flipped proof byte", ctx, k.X, in, flipped)
	}
	// A non-canonical point (the proof opens with the permutation
	// commitments) and a non-canonical scalar (it ends with the responses s').
	for _, c := range []struct {
		at   int
		enc  string
		want error
	}{
		{0, rfcInvalid[1], errNotCanonical},
		{len(m.Proof) - 32, "edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010", errScalarNonCanon}, // ℓ
	} {
		x := m
		x.Proof = slices.Clone(m.Proof)
		copy(x.Proof[c.at:], mustHex(t, c.enc))
		if err := VerifyShuffle(ctx, k.X, in, x); !errors.Is(err, c.want) {
			t.Errorf("a proof with a non-canonical value at %d: %v, want %v", c.at, err, c.want)
		}
	}
	short := m
	short.Proof = m.Proof[:len(m.Proof)-32]
	try("truncated proof", ctx, k.X, in, short)
	long := m
	long.Proof = append(slices.Clone(m.Proof), make([]byte, 32)...)
	try("trailing bytes", ctx, k.X, in, long)

	other := ctx
	other.Hand++
	try("other hand", other, k.X, in, m)
	try("other key", ctx, GenerateKey().X, in, m)
	relabeled := m
	relabeled.Holder = 1
	try("other holder", ctx, k.X, in, relabeled)
	in2, _ := InitialDeck([]int{0, 1, 2, 3, 4, 6})
	try("other input", ctx, k.X, in2, m)
	try("short input", ctx, k.X, in[:5], m)
	try("one tile", ctx, k.X, in[:1], ShuffleMsg{Deck: m.Deck[:1]})
}

func TestRogueKeyRefused(t *testing.T) {
	ctx := testCtx(2)
	honest := GenerateKey()
	hm, _ := honest.KeyMsg(ctx, 0)
	// Rogue key: X₁ = Y − X₀, so the joint key would be Y, which the
	// attacker alone can decrypt with. It has no proof of knowledge.
	y := GenerateKey()
	rogue := NewPoint().Sub(y.X, honest.X)
	forged := KeyMsg{Holder: 1, X: rogue, PoK: Proof{C: randomScalar(), S: randomScalar()}}
	if _, err := JointKey(ctx, []KeyMsg{hm, forged}); err == nil {
		t.Error("a rogue key without a proof of knowledge was accepted")
	}
	// An honest proof replayed for another holder, device list or hand.
	relabeled := hm
	relabeled.Holder = 1
	if relabeled.Verify(ctx) == nil {
		t.Error("a key proof replayed as another holder's verified")
	}
	other := ctx
	other.Hand++
	if hm.Verify(other) == nil {
		t.Error("a key proof replayed in another hand verified")
	}
	zero := &PrivateKey{x: NewScalar(), X: NewPoint()}
	if zm, _ := zero.KeyMsg(ctx, 1); zm.Verify(ctx) == nil {
		t.Error("the identity was accepted as a key")
	}
	if _, err := JointKey(ctx, []KeyMsg{hm}); err == nil {
		t.Error("one key message for two holders was accepted")
	}
	if _, err := JointKey(testCtx(1), []KeyMsg{hm}); err == nil {
		t.Error("a single key holder was accepted")
	}
}

func TestTranscriptRefusesBadChains(t *testing.T) {
	tb := newDeal(t, 2, mahjongDeck(144)[:8])
	good := *tb.t
	check := func(name string, tr Transcript) {
		t.Helper()
		if _, err := tr.Verify(); err == nil {
			t.Errorf("%s: the transcript verified", name)
		}
	}
	missing := good
	missing.Shuffles = good.Shuffles[:1]
	check("a holder did not shuffle", missing)
	reordered := good
	reordered.Shuffles = []ShuffleMsg{good.Shuffles[1], good.Shuffles[0]}
	check("shuffles out of order", reordered)
	kinds := good
	kinds.Kinds = slices.Clone(good.Kinds)
	kinds.Kinds[0] = 41
	check("another initial deck", kinds)
	dup := good
	s := tb.keys[1].Share(good.Ctx, 1, 0, tb.deck()[0])
	dup.Shares = []Share{s, s}
	check("a duplicate share", dup)
	outside := good
	outside.Shares = []Share{tb.keys[1].Share(good.Ctx, 1, 8, tb.deck()[0])}
	check("a share of a slot outside the deck", outside)
	if _, err := verified(t, &good).Knows(1, tb.keys[0]); err == nil {
		t.Error("Knows accepted holder 0's key as holder 1's")
	}
}

func TestEqualityProof(t *testing.T) {
	// Slots hold kinds 3,3,5,7 after shuffling; holder 0 receives them all.
	tb := newDeal(t, 3, []int{3, 3, 5, 7})
	for s := uint32(0); s < 4; s++ {
		tb.reveal(0, s)
	}
	v := verified(t, tb.t)
	tiles, err := v.Knows(0, tb.keys[0])
	if err != nil {
		t.Fatal(err)
	}
	ctx := tb.t.Ctx
	for a := uint32(0); a < 4; a++ {
		for b := uint32(0); b < 4; b++ {
			if a == b {
				continue
			}
			q := tb.keys[0].ProveEqual(ctx, 0, a, b, v.Deck[a], v.Deck[b])
			oa, _ := v.SharesOf(a, 0)
			ob, _ := v.SharesOf(b, 0)
			err := VerifyEqual(ctx, tb.keys[0].X, v.Deck[a], v.Deck[b], oa, ob, q)
			if same := tiles[a] == tiles[b]; same != (err == nil) {
				t.Errorf("slots %d,%d (kinds %d,%d): VerifyEqual = %v", a, b, tiles[a], tiles[b], err)
			}
			if err == nil {
				moved := q
				moved.B = (b + 1) % 4
				if moved.B == a {
					moved.B = (moved.B + 1) % 4
				}
				if VerifyEqual(ctx, tb.keys[0].X, v.Deck[a], v.Deck[b], oa, ob, moved) == nil {
					t.Error("an equality proof replayed for other slots verified")
				}
				if VerifyEqual(ctx, tb.keys[1].X, v.Deck[a], v.Deck[b], oa, ob, q) == nil {
					t.Error("an equality proof verified under another holder's key")
				}
			}
		}
	}
}

func TestCopyAndTransfer(t *testing.T) {
	tb := newDeal(t, 2, []int{1, 2, 3, 4})
	v := verified(t, tb.t)
	ctx := tb.t.Ctx
	// A proven re-encryption copy decrypts to the same tile.
	c := ReEncrypt(ctx, v.Key, 2, 100, v.Deck[2])
	if err := VerifyCopy(ctx, v.Key, v.Deck[2], c); err != nil {
		t.Fatal(err)
	}
	if c.Ct.C1.Equal(v.Deck[2].C1) {
		t.Error("the copy did not re-randomise")
	}
	open := func(ct Ciphertext) int {
		var ds []*Point
		for j, k := range tb.keys {
			s := k.Share(ctx, uint32(j), 0, ct)
			ds = append(ds, s.D)
		}
		kind, err := Decrypt(ct, ds)
		if err != nil {
			t.Fatal(err)
		}
		return kind
	}
	if open(c.Ct) != open(v.Deck[2]) {
		t.Error("the copy holds another tile")
	}
	if VerifyCopy(ctx, v.Key, v.Deck[1], c) == nil {
		t.Error("a copy verified against another slot's ciphertext")
	}
	forged := c
	m1, _ := TilePoint(0)
	forged.Ct = Ciphertext{C1: c.Ct.C1, C2: NewPoint().Add(c.Ct.C2, m1)}
	if VerifyCopy(ctx, v.Key, v.Deck[2], forged) == nil {
		t.Error("a copy that changes the tile verified")
	}
	// Transfer: slots 1 and 3 shuffled into fresh slots 200 and 201.
	in := Deck{v.Deck[1], v.Deck[3]}
	m, err := Shuffle(ctx, 0, v.Key, in, []uint32{1, 3}, []uint32{200, 201})
	if err != nil {
		t.Fatal(err)
	}
	if err := VerifyShuffle(ctx, v.Key, in, m); err != nil {
		t.Fatal(err)
	}
	got := []int{open(m.Deck[0]), open(m.Deck[1])}
	slices.Sort(got)
	if want := []int{open(v.Deck[1]), open(v.Deck[3])}; !slices.Equal(got, want) && !slices.Equal(got, []int{want[1], want[0]}) {
		t.Errorf("transfer moved tiles %v, want %v", got, want)
	}
	retarget := m
	retarget.To = []uint32{200, 202}
	if VerifyShuffle(ctx, v.Key, in, retarget) == nil {
		t.Error("a transfer proof verified for other target slots")
	}
	if _, err := Shuffle(ctx, 0, v.Key, in, []uint32{1}, []uint32{200}); err == nil {
		t.Error("a transfer with mismatched slot lists was accepted")
	}
}
