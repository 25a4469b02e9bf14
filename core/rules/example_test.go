package rules_test

import (
	"fmt"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all" // register every ruleset
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// A hand in the tile notation, valued under the Hong Kong rules: South
// wins on West's discard of 5z (the West wind) while West is the dominant
// wind (HK-TV-4). Every line of the breakdown names its rule id and a
// translation key, whose English text EnglishName gives.
func ExampleScore() {
	r, err := rules.Get("hongkong")
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx := rules.Context{Options: rules.DefaultOptions(r), Seat: rules.S, Round: rules.E, Dominant: rules.W, From: rules.W, Joker: tile.None}
	v, err := rules.Score(r, "234m 567m 5z [666z] [999p] +5z", ctx)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, it := range v.Items {
		fmt.Printf("%-8s %-33s %2d points, %d doubles\n", it.Rule, rules.EnglishName(it.Name), it.Points, it.Doubles)
	}
	fmt.Printf("valid %v: %d points, %d doubles, value %d\n", v.Valid, v.Points, v.Doubles, v.Value)

	// A hand that parses but cannot be held is not an error: it is
	// invalid, with the reason.
	v, _ = rules.Score(r, "234m 567m [666z] [999p] +5z", ctx)
	fmt.Printf("valid %v: %s\n", v.Valid, v.Error)
	// Output:
	// HK-S-21  Going mahjong                     20 points, 0 doubles
	// HK-S-7   Exposed pung of 1 or 9             4 points, 0 doubles
	// HK-S-8   Exposed pung of winds or dragons   4 points, 0 doubles
	// HK-S-16  Pung or kong of dragons            0 points, 1 doubles
	// valid true: 28 points, 1 doubles, value 56
	// valid false: a winning hand has 14 tiles with the winning tile, counting a declared kong as 3; this one has 13
}
