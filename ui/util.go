package ui

import (
	"strconv"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// previewTiles show a tile style in the settings: one of each family.
var previewTiles = []tile.Kind{tile.M1 + 4, tile.P1 + 6, tile.S1, tile.East, tile.Red, tile.White}

// formatSeconds writes seconds with one decimal.
func formatSeconds(s float64) string { return strconv.FormatFloat(s, 'f', 1, 64) }
