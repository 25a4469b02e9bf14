package jilin

import (
	"fmt"
	"slices"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
)

// Ruleset is the jilin ruleset. It is a value: the zero value is ready.
type Ruleset struct{}

// The option keys of the options table (JL-14).
const (
	OptLimit    = "limit"
	OptCircuits = "circuits"
)

// ID returns "jilin".
func (Ruleset) ID() string { return "jilin" }

// Name returns the display name.
func (Ruleset) Name() string { return "Jilin" }

// OptionSpecs returns the options table of JL-14; the file names its
// options by key only.
func (Ruleset) OptionSpecs() []rules.OptionSpec {
	return []rules.OptionSpec{
		{Key: OptLimit, Label: "jilin.option.limit", Type: rules.OptionInt, Default: "0", Min: 0, Max: 1 << 20, Rule: "JL-12.3"},
		{Key: OptCircuits, Label: "jilin.option.circuits", Type: rules.OptionInt, Default: "1", Min: 1, Max: 16, Rule: "JL-D20"},
	}
}

// Validate checks that o holds the jilin options; they do not constrain
// each other.
func (r Ruleset) Validate(o rules.Options) (rules.Options, error) {
	for _, s := range r.OptionSpecs() {
		if !hasOption(o, s.Key) {
			return rules.Options{}, fmt.Errorf("%w: jilin needs option %s; build the options from the jilin schema", rules.ErrOption, s.Key)
		}
	}
	return o, nil
}

// hasOption reports whether o defines the option key.
func hasOption(o rules.Options, key string) bool {
	return slices.ContainsFunc(o.Specs(), func(s rules.OptionSpec) bool { return s.Matches(key) })
}

// Setup returns the jilin table: 136 tiles and no bonus tiles (JL-1.1), a
// ring of 68 two-tile stacks with no dead wall whose front draws stop at 6
// stacks (JL-3.1, JL-3.4, JL-10.2), the deal by fours with East's extra
// tile by the jump (JL-3.5), TCHE from the previous player (JL-5.1), no
// robbing a kong (ROU only on a discard, JL-5.3, JL-6.5), East's dealt
// hand may win (JL-9.5), and the dealer keeps the deal only when he wins,
// for `circuits` turns of the deal around the table (JL-2.3, JL-D20).
func (Ruleset) Setup(o rules.Options) rules.Setup {
	circuits := 1
	if hasOption(o, OptCircuits) {
		circuits = o.Int(OptCircuits)
	}
	return rules.Setup{
		Tiles:          rules.StandardTiles(false),
		Wall:           wall.Spec{Layout: wall.Stacks, StacksPerSide: 17, EndStacks: 6},
		Deal:           wall.DealFours,
		Chow:           true,
		ChowDragons:    true,
		Ting:           true,
		AddKongAnyTurn: true,
		Combinations:   true,
		Compensation:   true,
		SharedJoker:    true,
		RobKong:        func(tile.Kind) bool { return false },
		Heavenly:       true,
		Game: rules.GameSpec{
			Count:            rules.CountDealerPasses,
			Rounds:           circuits,
			DealerKeepsOnWin: true,
		},
	}
}

// ScoreFlags returns the situations of a win a scorer asks about
// (rules.ScoreFlagger): TING, anyone's TING (JL-13.2), the joker drawn or
// won on (JL-11 M2, M3), no calls (M4) and a compensation draw (M6).
func (Ruleset) ScoreFlags() rules.Flag {
	return rules.Ting | rules.JokerDrawn | rules.JokerWins | rules.NoCalls | rules.Compensation | rules.AnyTing
}

// Value values a hand. A winning hand (h.Winning set) gets its value V =
// B × 2^k (JL-11) and its end-of-hand points in Bonus (JL-13); a hand that
// did not win gets only its end-of-hand points. It reads from ctx: Seat
// (E is the dealer, M5), From (NoWind: self-drawn, M1), Joker (the joker's
// kind J, M3) and the flags Ting, AnyTing (JL-13.2), JokerDrawn (M2, the
// winning tile is the drawn joker, played as the best tile of the wait
// set), JokerWins (asserts M3), NoCalls (the player never claimed, so an
// exposed [5z6z7z] is his own combination) and Compensation (M6). M4
// follows from the hand's claimed groups. With Heavenly, East's 14 dealt
// tiles (h.Winning among them) won with no tile completing them (JL-9.5).
// The groups come from h.Groups, else h.Melds (see FromRules).
func (Ruleset) Value(rh rules.Hand, ctx rules.Context) rules.Valuation {
	f := ctx.Flags
	h, err := FromRules(rh, f.Has(rules.NoCalls))
	switch {
	case err != nil:
		return rules.Invalid("%v", err)
	case f.Has(rules.NoCalls) && called(h.Groups):
		return rules.Invalid("jilin: the no-calls flag contradicts the claimed groups of %s (exposed séries, triples and kongs come from TCHE or TCHA)", h)
	case f.Has(rules.RobbingKong) || f.Has(rules.Invoked):
		return rules.Invalid("jilin: %v do not exist in Jilin; a player wins only on a discard or a draw (JL-9.4)", (f & (rules.RobbingKong | rules.Invoked)).Names())
	}
	anyTing := f.Has(rules.AnyTing) || f.Has(rules.Ting)
	if !rh.IsWinner() {
		return loser(h, anyTing)
	}
	w := win{
		tile:         rh.Winning,
		selfDrawn:    ctx.SelfDrawn(),
		jokerDrawn:   f.Has(rules.JokerDrawn),
		joker:        ctx.Joker,
		dealer:       ctx.Seat == rules.E,
		compensation: f.Has(rules.Compensation),
		ting:         f.Has(rules.Ting),
		anyTing:      anyTing,
	}
	if w.joker == tile.None && (w.jokerDrawn || f.Has(rules.JokerWins)) {
		w.joker = w.tile
	}
	if w.jokerDrawn && w.tile != w.joker {
		return rules.Invalid("jilin: the drawn joker is a tile of the joker's kind %s, not %s (JL-8.4)", w.joker, w.tile)
	}
	if f.Has(rules.Heavenly) {
		if !w.dealer || !w.selfDrawn || w.jokerDrawn {
			return rules.Invalid("jilin: only East wins on his dealt tiles (JL-9.5)")
		}
		h.Concealed.Add(w.tile)
		w.tile = tile.None
	}
	v := value(h, w)
	if v.Valid && f.Has(rules.JokerWins) && !slices.ContainsFunc(v.Items, func(i rules.Item) bool { return i.Rule == "JL-11.M3" }) {
		return rules.Invalid("jilin: the joker-wins flag needs the winning tile to be the joker's kind %s and in the winner's wait set (JL-11 M3)", w.joker)
	}
	return v
}

// Waits returns the wait set of a hand of 13 effective tiles (JL-7.1); it
// implements rules.Waiter. ctx.Flags NoCalls is read as in Value.
func (Ruleset) Waits(rh rules.Hand, ctx rules.Context) tile.Set {
	h, err := FromRules(rh, ctx.Flags.Has(rules.NoCalls))
	if err != nil {
		return 0
	}
	return tingWaits(h) // FromRules has checked the hand
}

// DiscardWaits returns, for a hand of 14 effective tiles, the wait set
// Waits would give after each concealed discard, indexed by the discarded
// kind, in one go (the engine's TING offers, JL-7.2).
func (Ruleset) DiscardWaits(rh rules.Hand, ctx rules.Context) [tile.NumStandard]tile.Set {
	h, err := FromRules(rh, ctx.Flags.Has(rules.NoCalls))
	if err != nil {
		return [tile.NumStandard]tile.Set{}
	}
	return discardWaits(h) // FromRules has checked the hand
}

// HandFromNotation converts a hand in notation to a scoring hand that
// keeps jilin's special combinations, which rules.HandFromNotation rejects
// as melds: the declared groups travel in Groups.
func (Ruleset) HandFromNotation(n tile.Hand) (rules.Hand, error) {
	if _, err := FromNotation(n, false); err != nil {
		return rules.Hand{}, err
	}
	return rules.Hand{Concealed: tile.CountsOf(n.Concealed), Groups: n.Groups, Winning: n.Winning}, nil
}
