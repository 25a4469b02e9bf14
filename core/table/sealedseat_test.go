package table

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
)

// TestSealedDealSeating: a device takes each deal's key holders from its
// deal note, which may add a holder playing a player that another device
// gave up; it refuses a deal that moves its own player, moves a player
// between the holders it had, or drops a holder.
func TestSealedDealSeating(t *testing.T) {
	setup := SealedSetup{Rules: "hongkong", Peers: []string{"a", "b"}, Players: [4]int{0, 1, 0, 1}}
	deal := func(peers []string, players [4]int) SealedNote {
		s := setup
		s.Peers, s.Players = peers, players
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		return SealedNote{Kind: SealedDeal, Deal: 1, Body: b}
	}
	ctx := context.Background()
	for name, n := range map[string]SealedNote{
		"its player moves":            deal([]string{"a", "b", "c"}, [4]int{0, 2, 0, 1}),
		"a player moves between them": deal([]string{"a", "b"}, [4]int{1, 1, 0, 1}),
		"a holder dropped":            deal([]string{"b", "c"}, [4]int{0, 1, 0, 1}),
		"a new holder plays none":     deal([]string{"a", "b", "c"}, [4]int{0, 1, 0, 1}),
		"not a setup":                 {Kind: SealedDeal, Deal: 1, Body: []byte(`{"peers":["a","b"],"extra":1}`)},
	} {
		tb, err := NewSealed(SealedConfig{Setup: setup, Holder: 1, Send: func(SealedNote) {}})
		if err != nil {
			t.Fatal(err)
		}
		if err := tb.Receive(ctx, n); err == nil {
			t.Errorf("%s: accepted", name)
		}
		tb.Close()
	}
	tb, err := NewSealed(SealedConfig{Setup: setup, Holder: 1, Send: func(SealedNote) {}})
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	if err := tb.Receive(ctx, deal([]string{"a", "b", "c"}, [4]int{0, 1, 2, 1})); err != nil {
		t.Fatalf("a holder that came late, playing player 2 the dealer gave up: %v", err)
	}
	if f, err := tb.Ledger(ctx); err != nil || f.Deal != 1 {
		t.Fatalf("ledger %+v, %v; want deal 1 dealt", f, err)
	}
	if got := tb.Record(); len(got.Hands) != 0 {
		t.Fatalf("hands %+v before the deal ended", got.Hands)
	}
	if _, err := tb.Snapshot(ctx, 1); err != nil {
		t.Errorf("the device's own player: %v", err)
	}
}

// TestSealedDealerGivesUpAPlayer: a dealer's party gives a player it
// plays by its computer to a device that came late (AddHolder) at its
// next deal: the deal's note names the new holder, and the dealer's
// device no longer shows that player. A device that came and went again
// (WithdrawHolder) is not dealt in; a player the dealer does not play is
// not given.
func TestSealedDealerGivesUpAPlayer(t *testing.T) {
	setup := SealedSetup{Rules: "hongkong", Peers: []string{"a", "b"}, Players: [4]int{0, 1, 0, 1}}
	ctx := context.Background()
	var deals []SealedNote
	dealer, err := NewSealed(SealedConfig{Setup: setup, Holder: 0, Dealer: true, Send: func(n SealedNote) {
		if n.Kind == SealedDeal {
			deals = append(deals, n)
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer dealer.Close()
	if err := dealer.AddHolder(ctx, "c", []int{1}); err == nil {
		t.Error("the dealer gave player 1, whom it does not play")
	}
	if err := dealer.AddHolder(ctx, "b", []int{2}); err == nil {
		t.Error("the dealer gave player 2 to a key holder")
	}
	if err := dealer.AddHolder(ctx, "gone", []int{0}); err != nil {
		t.Fatal(err)
	}
	if err := dealer.WithdrawHolder(ctx, "gone"); err != nil {
		t.Fatal(err)
	}
	if err := dealer.AddHolder(ctx, "c", []int{2}); err != nil {
		t.Fatal(err)
	}
	if err := dealer.Start(ctx); err != nil {
		t.Fatal(err)
	}
	if len(deals) != 1 {
		t.Fatalf("%d deal notes; want the first deal's", len(deals))
	}
	var s SealedSetup
	if err := json.Unmarshal(deals[0].Body, &s); err != nil {
		t.Fatal(err)
	}
	if len(s.Peers) != 3 || s.Peers[2] != "c" || s.Players != [4]int{0, 1, 2, 1} {
		t.Fatalf("the deal's holders %v, players %v; want c added playing player 2", s.Peers, s.Players)
	}
	var refused *RefusedError
	if _, err := dealer.Snapshot(ctx, 2); !errors.As(err, &refused) {
		t.Errorf("the dealer's device shows player 2, given to the device that came: %v", err)
	}
	snap, err := dealer.Snapshot(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	if k := snap.Info.Seats[2].Kind; k != SeatRemote {
		t.Errorf("player 2 is %q on the dealer's device; want remote", k)
	}
}
