package ui

import (
	"fmt"
	"strconv"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// previewTiles show a tile style in the settings: one of each family.
var previewTiles = []tile.Kind{tile.M1 + 4, tile.P1 + 6, tile.S1, tile.East, tile.Red, tile.White}

// total writes a player's running total (or a starting balance) as the
// plain number it is: "1500", "-40". Only payments carry a sign.
func total(n int) string { return strconv.Itoa(n) }

// payment writes what a hand paid or brought a player, signed: "+40",
// "-40".
func payment(n int) string { return fmt.Sprintf("%+d", n) }
