package rules

import (
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// Setup is the data the engine plays a ruleset with, under some options.
// The zero value of every switch is the common default of the Chinese
// family, so a ruleset states only how it differs.
type Setup struct {
	// Tiles is the multiset of tiles in play.
	Tiles tile.Counts
	// Wall is the wall geometry and exhaustion policy.
	Wall wall.Spec
	// Deal says how many tiles each seat gets and how: see DealStyle.
	Deal wall.DealStyle
	// Bonus: bonus tiles are set aside and replaced from the tail.
	Bonus bool
	// Chow: chows may be claimed (by the next player only).
	Chow bool
	// RobKong reports whether an added kong of kind k may be robbed; nil
	// means always (classical forbids honours, CL-8.5).
	RobKong func(k tile.Kind) bool
	// CelestialEmpire: invoking the Celestial Empire at the end of the wall
	// (HK-8.2, FR-12.2).
	CelestialEmpire bool
	// Servi: the servi declaration (HK-5.4, FR-11.3).
	Servi bool
	// CallingHand: the calling-hand declaration (HK-OPT-9, FR-11.4).
	CallingHand bool
	// JapaneseDiscards: only the latest discard is visible (HK-5.3, FR-7.3).
	JapaneseDiscards bool
	// Heavenly and Earthly: the dealer's complete dealt hand and a win on the
	// dealer's first discard are special situations (CL-10.3, CL-10.4).
	Heavenly, Earthly bool
	// Game says how hands and rounds run.
	Game GameSpec
	// StartBalance is every player's starting balance.
	StartBalance int
}

// Count is how hands are counted toward the end of the game.
type Count uint8

// The counting modes.
const (
	// CountHands counts every hand dealt: 16 hands in 4 rounds (HK-2.4, FR-3.1).
	CountHands Count = iota
	// CountDealerPasses counts passes of the deal: a round ends after the
	// fourth pass (CL-3.4, HK-OPT-14 rotations).
	CountDealerPasses
)

// GameSpec says how hands, winds and rounds run.
type GameSpec struct {
	Count Count
	// Rounds is the number of rounds of four (4 for a whole game).
	Rounds int
	// DealerKeepsOnDraw: after a void or drawn hand the dealer keeps the deal
	// (CL-3.3, HK-2.3, FR-3.2); otherwise the deal passes (HK-OPT-12, JL-2.3).
	DealerKeepsOnDraw bool
	// DealerKeepsOnWin: the dealer keeps the deal when he wins (all but american).
	DealerKeepsOnWin bool
	// RoundStart is how winds are re-designated at a new round, for
	// CountHands games: "rotate", "redraw" or "none" (HK-2.5, FR-3.3).
	RoundStart string
}
