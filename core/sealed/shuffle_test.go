package sealed

import "testing"

func testCtx(n int) Context {
	peers := []string{"dev-east", "dev-south", "dev-west", "dev-north"}[:n]
	return Context{Table: "table-1", Hand: 7, Ruleset: "hk", Peers: peers}
}

func TestShuffleRoundTrip(t *testing.T) {
	ctx := testCtx(2)
	k := GenerateKey()
	in, err := InitialDeck([]int{0, 1, 2, 3, 4})
	if err != nil {
		t.Fatal(err)
	}
	m, err := Shuffle(ctx, 0, k.X, in, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := VerifyShuffle(ctx, k.X, in, m); err != nil {
		t.Fatal(err)
	}
	if len(m.Proof) != ShuffleProofLen(5) || ShuffleProofLen(144) != 18592 {
		t.Errorf("a proof of 5 is %d bytes, want %d", len(m.Proof), ShuffleProofLen(5))
	}
}

func TestShuffleAsPutsTheTilesInTheChosenOrder(t *testing.T) {
	ctx := testCtx(2)
	k := GenerateKey()
	in, err := InitialDeck([]int{7, 3, 5})
	if err != nil {
		t.Fatal(err)
	}
	from, to := []uint32{10, 11, 12}, []uint32{144, 145, 146}
	m, err := ShuffleAs(ctx, 1, k.X, in, from, to, []int{1, 2, 0})
	if err != nil {
		t.Fatal(err)
	}
	if err := VerifyShuffle(ctx, k.X, in, m); err != nil {
		t.Fatal(err)
	}
	for i, want := range []int{3, 5, 7} {
		got, err := k.Reveal(m.Deck[i], nil)
		if err != nil || got != want {
			t.Errorf("output %d decrypts to %d (%v), want %d", i, got, err, want)
		}
	}
	for _, pi := range [][]int{{0, 0, 1}, {0, 1}, {0, 1, 3}} {
		if _, err := ShuffleAs(ctx, 1, k.X, in, from, to, pi); err == nil {
			t.Errorf("ShuffleAs took %v as a permutation of 3", pi)
		}
	}
}
