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
	// Ting: a player may announce TING right after a discard when his hand
	// waits; his hand then freezes, and he may win only after announcing it
	// or before his first discard (JL-7, JL-9.5).
	Ting bool
	// AddKongAnyTurn: a tile from the hand may be added to an own claimed
	// pung in any own turn (JL-D4); otherwise only the tile drawn this turn
	// (HK-D-8, CL-D-10, FR-D13).
	AddKongAnyTurn bool
	// Combinations: special combinations of honours may be exposed and
	// extended, each added tile owing a compensation draw, with a TCHA
	// window on a duplicate (JL-6.4, JL-6.5, JL-7.4).
	Combinations bool
	// Compensation: every tail draw is a compensation (JL-6.1), and a win
	// on one is flagged Compensation (JL-11 M6); otherwise a win on a
	// kong's replacement is flagged KongReplacement (CL-12).
	Compensation bool
	// ChowDragons: the three dragons may be claimed as a run (JL-5.1).
	ChowDragons bool
	// SharedJoker: the first player to announce TING draws the shared
	// joker's indicator at his next turns (JL-8).
	SharedJoker bool
	// Heavenly and Earthly: the dealer's complete dealt hand and a win on the
	// dealer's first discard are special situations (CL-10.3, CL-10.4).
	Heavenly, Earthly bool
	// Charleston is the passing of tiles between the deal and the first
	// discard (american AM-4); nil: none.
	Charleston *Charleston
	// Jokers: jokers stand for tiles of groups of 3 or more identical tiles
	// in calls and exposures; in her turn a player may take one from any
	// exposure for a natural of its kind; a discarded joker is dead
	// (american AM-6).
	Jokers bool
	// CardCalls: a discard is called only to expose it with 2 to MaxExpose-1
	// concealed tiles of its kind or jokers, or for a win (a pair or a
	// single only for a win); exposures are never enlarged and there are no
	// chows, no kong declarations and no replacement draws (american
	// AM-5.5, AM-5.8).
	CardCalls bool
	// MaxExpose is the largest group CardCalls may expose (american: 6).
	MaxExpose int
	// HotWall: once the next draw comes from the last wall, discards are
	// called only for a win (american AM-5.9).
	HotWall bool
	// RoundWind and DominantWind: the round wind (CL-3.1, HK-R, FR-3.1) and
	// the dominant wind of the breach (HK-3.3, FR-4.3) mean something in
	// this ruleset, so tables show them.
	RoundWind, DominantWind bool
	// Game says how hands and rounds run.
	Game GameSpec
	// StartBalance is every player's starting balance.
	StartBalance int
}

// UsesWinds reports whether winds mean something in the ruleset (its round
// or dominant wind scores), so that tables show the seats' and the round's
// winds; elsewhere (american, jilin) they mark only the dealer.
func (s Setup) UsesWinds() bool { return s.RoundWind || s.DominantWind }

// LongGroups reports whether exposed groups may be longer than a kong or
// mix kinds (jilin's special combinations, JL-6.4; american's quints and
// jokers, AM-5.5), so that a group typed tile by tile ends only when the
// player says so.
func (s Setup) LongGroups() bool { return s.Combinations || s.CardCalls }

// HandTiles counts h's tiles as a hand's size is counted: 14 for a
// winning hand and 13 for a waiting one, a declared group of four or more
// counting as 3, its extra tiles matched by replacement draws (a kong,
// FR-9.1; a jilin combination of four honours, JL-6.4), except where calls
// are made from a card, whose 14 tiles count one each (american AM-5.5,
// AM-7.4). The winning tile and the concealed tiles count one each; bonus
// tiles do not count.
func (s Setup) HandTiles(h tile.Hand) int {
	n := len(h.Concealed)
	if h.HasWinning() {
		n++
	}
	for _, g := range h.Groups {
		if len(g.Tiles) >= 4 && !s.CardCalls {
			n += 3
		} else {
			n += len(g.Tiles)
		}
	}
	return n
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
	// RoundStart is how winds are re-designated at a new round, whatever
	// the count: "rotate", "redraw", or "none" and "" (the deal stays
	// where it stands, CL-3.4) (HK-2.5, HK-OPT-15, FR-3.3).
	RoundStart string
}

// Charleston is the passing of tiles before play (american AM-4): the
// first Charleston of three passes (right, across, left) always, then the
// options.
type Charleston struct {
	// Second: a stop vote, then passes 4–6 (left, across, right) unless a
	// seat votes to stop (AM-4.4, AM-4.5).
	Second bool
	// Blind: in passes 3 and 6 a seat may forward up to 3 incoming tiles
	// unseen (AM-4.6).
	Blind bool
	// Courtesy: after the last pass, each across pair swaps 0–3 tiles, the
	// smaller of their two proposals (AM-4.7).
	Courtesy bool
	// Mush: after pass 3 the seats pool 0–3 tiles each and take back as
	// many at random (AM-4.3).
	Mush bool
}

// DeadHands is implemented by rulesets in which a hand that can no longer
// be made is dead (american AM-9.3). Feasible reports whether a player
// whose exposures are exposed can still make a winning hand when avail[t]
// naturals of kind t are not visible outside her exposures and jokers
// jokers are neither discarded nor exposed.
type DeadHands interface {
	Feasible(o Options, exposed [][]tile.Kind, avail tile.Counts, jokers int) bool
}

// WinFlags returns the flags a win can carry when played under s: the
// engine sets no other, and a flag outside them belongs to another
// ruleset (jilin's TING and joker flags mean nothing in classical).
func (s Setup) WinFlags() Flag {
	f := LastTile | LastDiscard
	switch {
	case s.Compensation:
		f |= Compensation
	case !s.CardCalls:
		f |= KongReplacement
	}
	for k := range tile.Kind(tile.NumStandard) {
		if !s.CardCalls && (s.RobKong == nil || s.RobKong(k)) {
			f |= RobbingKong
			break
		}
	}
	for _, on := range []struct {
		set  bool
		flag Flag
	}{
		{s.Heavenly, Heavenly}, {s.Earthly, Earthly}, {s.CallingHand, Calling},
		{s.Ting, Ting | AnyTing | NoCalls}, {s.SharedJoker, JokerDrawn | JokerWins},
		{s.CelestialEmpire, Invoked},
	} {
		if on.set {
			f |= on.flag
		}
	}
	return f
}
