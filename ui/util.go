package ui

import (
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// previewTiles show a tile style in the settings: one of each family.
var previewTiles = []tile.Kind{tile.M1 + 4, tile.P1 + 6, tile.S1, tile.East, tile.Red, tile.White}
