package table_test

import (
	"context"
	"fmt"

	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all" // register every ruleset
	"github.com/fourwinds-mahjong/fourwinds/core/table"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// A local table where four computer players (the seats' default) play two
// hands of Hong Kong rules without pause; a spectator's snapshot then
// shows how the match went.
func ExampleNewLocal() {
	tb, err := table.NewLocal(table.LocalConfig{Rules: "hongkong", Seed: "example", Hands: 2, AutoNext: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer tb.Close()
	<-tb.Done() // the match is over
	s, err := tb.Snapshot(context.Background(), table.Spectator)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, h := range s.Info.History {
		fmt.Printf("hand %d: dealer %d, winner %d, net by player %v\n", h.Number, h.Dealer, h.Winner, h.Net)
	}
	fmt.Println("over:", s.Info.Over, "balances:", s.Info.Balances)
	// Output:
	// hand 1: dealer 1, winner 1, net by player [0 768 0 4]
	// hand 2: dealer 1, winner 0, net by player [132 12 8 192]
	// over: true balances: [132 780 8 196]
}

// A person at player 0 (the others are computers): the person's stream of
// updates brings each view in which a decision is due; the intent that
// answers it quotes the view's decision id.
func ExampleLocal_Subscribe() {
	cfg := table.LocalConfig{Rules: "hongkong", Seed: "example", Hands: 1}
	cfg.Seats[0] = table.SeatConfig{Name: "Ana", Kind: table.SeatHuman}
	tb, err := table.NewLocal(cfg)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer tb.Close()
	ctx := context.Background()
	snap, sub, err := tb.Subscribe(ctx, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer sub.Close()
	fmt.Printf("%s sits %s\n", snap.Info.Seats[0].Name, snap.View.Seat)
	for answered := 0; answered < 4; {
		if v := snap.View; v != nil && len(v.Legal) > 0 {
			what := v.Phase.String()
			if v.Pending != tile.None {
				what += " on " + v.Pending.String() // a discard the seats may claim
			}
			fmt.Printf("%s, holding %s: %s, of %d legal actions\n", what, tile.Format(v.Hand.Kinds()), v.Legal[0], len(v.Legal))
			in := table.Intent{Player: 0, Kind: table.IntentAction, Decision: v.StateID, Action: v.Legal[0]}
			if err := tb.Submit(ctx, in); err != nil {
				fmt.Println(err)
				return
			}
			answered++
		}
		u, ok := <-sub.Updates()
		if !ok {
			fmt.Println("the table closed")
			return
		}
		snap = u.Snapshot
	}
	// Output:
	// Ana sits N
	// claim on 9s, holding 35m 178p 4589s 1234z: pass, of 1 legal actions
	// claim on 9s, holding 35m 178p 4589s 1234z: pass, of 1 legal actions
	// claim on 7z, holding 35m 178p 4589s 1234z: pass, of 1 legal actions
	// turn, holding 35m 1278p 4589s 1234z: discard 3m, of 14 legal actions
}
