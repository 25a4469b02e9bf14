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
	if len(m.Proof) != ShuffleProofLen(5) || ShuffleProofLen(144) != 46176 {
		t.Errorf("a proof of 5 is %d bytes, want %d", len(m.Proof), ShuffleProofLen(5))
	}
}
