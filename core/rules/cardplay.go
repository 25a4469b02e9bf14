package rules

import "github.com/fourwinds-mahjong/fourwinds/core/tile"

// This file is the language in which a ruleset whose hands win by matching
// a line of a card of hands (american, AM-7), instead of sets and a pair,
// lets a player measure hands against its card: the ruleset keeps its card
// library, and a player (core/ai) needs only these types. Kinds are
// counted as a card counts them: every flower is one kind, tile.F1
// (CardKind).

// NumCardKinds is the number of kinds a card counts: the 34 standard
// kinds, then tile.F1, which stands for every flower.
const NumCardKinds = int(tile.F1) + 1

// CardMaxNeed is the most tiles of one kind a hand may still need: a
// whole hand of 14; the rows of CardChances run from 0 to it.
const CardMaxNeed = 14

// CardKind returns the kind k counts as on a card: tile.F1 for any flower,
// k itself otherwise.
func CardKind(k tile.Kind) tile.Kind {
	if k.IsBonus() {
		return tile.F1
	}
	return k
}

// CardSupply is what a player has not seen of the set: the tiles in the
// wall and in the other hands, which may still come to her.
type CardSupply struct {
	// Naturals are the unseen naturals by card kind (every flower at
	// tile.F1).
	Naturals tile.Counts
	// Jokers is the number of unseen jokers.
	Jokers int
}

// CardChances is a player's chance model: how likely she is to get the
// tiles a hand still needs before the hand ends, as CardMeter.Expect
// fills it and CardOutlook.Weigh reads it. Rows are indexed by the number
// n of tiles still needed (entry 0 is 1). Weigh multiplies the chances of
// a line's pairs and singles kind by kind, and pools the needs of its
// groups of 3 or more, which a joker may fill.
type CardChances struct {
	// Natural[k][n]: n more naturals of card kind k for pairs and singles,
	// which only naturals fill.
	Natural [NumCardKinds][CardMaxNeed + 1]float64
	// Plain[k][n]: n more naturals of k for groups, no joker: the way to
	// a jokerless hand's bonus.
	Plain [NumCardKinds][CardMaxNeed + 1]float64
	// Rate[k] is how many naturals of kind k she may expect to get for
	// the groups of a line that may call, and JokerRate how many jokers;
	// a line's group needs are met when the tiles got (a Poisson count of
	// the summed rates) cover them.
	Rate      [NumCardKinds]float64
	JokerRate float64
	// Live[k] and LiveJokers are the most tiles that may still come: a
	// group's needs beyond Live take jokers.
	Live       [NumCardKinds]int
	LiveJokers int
	// Concealed scales Rate for a concealed line, which cannot call.
	Concealed float64
}

// CardReach is how far a hand is from the card and what brings it closer.
type CardReach struct {
	// Distance is the fewest tiles the hand lacks for a line, once its
	// jokers fill the slots they may fill; more than 14 when no line fits.
	Distance int
	// Improve are the card kinds (tile.F1 for any flower; tile.Joker) one
	// more of which lowers Distance.
	Improve tile.Set
}

// CardAim is the line a hand is best placed to make under a chance model,
// and what the hand is worth.
type CardAim struct {
	// Line is the line's id on the card, Pattern its pattern as the card
	// writes it and Value its payment unit; Line is "" when no line is
	// within reach.
	Line, Pattern string
	Value         int
	// Distance is the number of tiles the hand lacks for it.
	Distance int
	// Worth is its expected payment unit: the line's value times the
	// chance of making it (with the jokerless bonus where it may apply).
	Worth float64
	// Second is the worth of the next best way out: another line, or the
	// same line made with other tiles.
	Second float64
}

// CardDemand is what another player's hand may still want, as a player
// reads it from the table: the lines her exposures fit and the unseen
// tiles can still complete, and the kinds their concealed parts hold.
type CardDemand struct {
	// Share[k] is the chance that a tile drawn at random from the
	// concealed parts of those lines is of card kind k (the shares sum to
	// 1).
	Share [NumCardKinds]float64
	// Value is the lines' average value.
	Value float64
	// Targets is the number of ways counted; 0 when none fits.
	Targets int
}

// CardMeter measures hands in play against the card of one table (its
// lines and the options that change a payment). Its methods are safe for
// concurrent use; the outlooks it makes are not. Meters of the same card
// under the same options compare equal.
type CardMeter interface {
	// Set returns the supply of a player who has seen nothing: the whole
	// set of tiles.
	Set() CardSupply
	// NewOutlook returns an empty outlook on the card.
	NewOutlook() CardOutlook
	// Expect sets ch for a player who has not seen the tiles of s and will
	// see about draws tiles come her way before the hand ends, each unseen
	// tile as likely as any other: her pairs and singles see natural ×
	// draws of them (the last tile may also be called for a win), the
	// groups of lines that may call calls × draws, those of concealed
	// lines draws.
	Expect(ch *CardChances, s *CardSupply, draws, natural, calls float64)
	// Demand reads the hand of a player whose exposures are exposed (each
	// group's tiles, jokers included) and who has discarded the kinds in
	// shunned, with the unseen tiles of s as the reader counts them (her
	// concealed tiles are among them). Targets is 0 for a player whose
	// exposures fit no line.
	Demand(exposed [][]tile.Kind, s *CardSupply, shunned tile.Set) CardDemand
	// Pay returns the payment unit of the best line that the hand of
	// concealed tiles and exposures matches; false when it matches none.
	Pay(concealed tile.Counts, exposed [][]tile.Kind) (int, bool)
}

// CardOutlook is a hand in play measured against every line of a card at
// once: each question about the hand less one tile (a discard, a tile
// given away) is then answered without measuring again. Measuring again
// reuses its memory.
type CardOutlook interface {
	// Measure measures the hand of concealed tiles and exposures (up to
	// 14 tiles). It keeps the ways at most reach tiles farther than the
	// nearest; with a supply s, only those that the hand's tiles and the
	// unseen tiles of s can still complete. It fails on a malformed hand,
	// and the outlook then sees no line.
	Measure(concealed tile.Counts, exposed [][]tile.Kind, reach int, s *CardSupply) error
	// Distance returns the hand's distance to the card: the fewest tiles
	// it lacks (0: it matches a line), more than 14 when no line fits.
	Distance() int
	// Without returns the reach of the hand less one tile of kind k (any
	// flower for a flower; tile.None: the hand as it is). k should be one
	// of the hand's concealed tiles.
	Without(k tile.Kind) CardReach
	// Weigh returns the aim of the hand less one tile of kind k (as for
	// Without) under chance model ch, which must not change between the
	// calls of one measure.
	Weigh(k tile.Kind, ch *CardChances) CardAim
}
