package game_test

import (
	"fmt"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all" // register every ruleset
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// A game of Hong Kong rules from a seed, its first hand played to the end
// by four computer players. Each player sees only its View, and every
// action goes through Apply, which checks it against the legal actions.
func ExampleNewMatch() {
	r, err := rules.Get("hongkong")
	if err != nil {
		fmt.Println(err)
		return
	}
	seed := wall.SeedFromString("example")
	m, evs, err := game.NewMatch(game.MatchConfig{Ruleset: r, Options: rules.DefaultOptions(r), Seed: seed})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("player %d deals; %d events, the first %s\n", m.Dealer, len(evs), evs[0].Type)
	east := m.View(m.Dealer)
	fmt.Printf("East holds %s and may %s (or %d other actions)\n", tile.Format(east.Hand.Kinds()), east.Legal[0], len(east.Legal)-1)

	var players [4]ai.Player
	for p := range players {
		if players[p], err = ai.New(ai.Novice, wall.Derive(seed, "player", p)); err != nil {
			fmt.Println(err)
			return
		}
	}
	actions := 0
	for m.Hand.Phase != game.PhaseEnd {
		p := m.PlayerAt(m.Hand.Waiting()[0]) // the first seat that owes a decision
		if _, err := m.Apply(p, players[p].Decide(m.View(p))); err != nil {
			fmt.Println(err)
			return
		}
		actions++
	}
	res := m.Hand.Result
	fmt.Printf("after %d actions %s (player %d) wins with %s, value %d\n", actions, res.Winner, m.PlayerAt(res.Winner), res.Hands[res.Winner], res.Values[res.Winner].Value)
	fmt.Println("net by seat wind", res.Net, "balances by player", m.Balances)
	// Output:
	// player 1 deals; 7 events, the first hand-start
	// East holds 12678m 337p 9s 12266z and may discard 1m (or 10 other actions)
	// after 24 actions E (player 1) wins with 12678m 33p [222z] [666z] +3m bonus: 4f, value 128
	// net by seat wind [256 0 4 0] balances by player [0 256 0 4]
}
