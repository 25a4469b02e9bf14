package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// Wind is a seat or round wind: 0 East, 1 South, 2 West, 3 North. Seats are
// named by their seat wind throughout core, so seat E is the dealer.
type Wind int8

// The winds. NoWind is the none value (for example, no discarder).
const (
	E      Wind = 0
	S      Wind = 1
	W      Wind = 2
	N      Wind = 3
	NoWind Wind = -1
)

// String returns "E", "S", "W", "N" or "-".
func (w Wind) String() string {
	if w >= 0 && w < 4 {
		return string("ESWN"[w])
	}
	return "-"
}

// Tile returns the wind's tile (1z..4z).
func (w Wind) Tile() tile.Kind { return tile.Wind(int(w)) }

// Next returns the wind that plays after w.
func (w Wind) Next() Wind { return (w + 1) & 3 }

// ParseWind reads "E", "S", "W" or "N" (any case), or "-" for no wind.
func ParseWind(s string) (Wind, error) {
	switch s {
	case "-":
		return NoWind, nil
	case "E", "e":
		return E, nil
	case "S", "s":
		return S, nil
	case "W", "w":
		return W, nil
	case "N", "n":
		return N, nil
	}
	return NoWind, fmt.Errorf("rules: %q is not a wind; allowed: E, S, W, N", s)
}

// Flag is a situation of a win that scoring needs to know.
type Flag uint32

// The flags of a win. Their names are the --flag names of `fourwinds score`.
const (
	LastTile        Flag = 1 << iota // LastTile: self-drawn on the last live tile.
	LastDiscard                      // LastDiscard: won on the discard after the last live tile.
	KongReplacement                  // KongReplacement: won on a kong replacement tile.
	RobbingKong                      // RobbingKong: won by robbing an added kong.
	Heavenly                         // Heavenly: the dealer's dealt hand is complete.
	Earthly                          // Earthly: won on the dealer's first discard.
	Calling                          // Calling: the player declared a calling hand (HK-OPT-9, FR-11.4).
	Ting                             // Ting: the player declared TING (jilin).
	JokerDrawn                       // JokerDrawn: the winning tile is the drawn joker (jilin M2).
	JokerWins                        // JokerWins: the winning tile is of the joker's kind (jilin M3).
	NoCalls                          // NoCalls: no TCHE or TCHA this hand (jilin M4).
	Compensation                     // Compensation: the winning tile came from a compensation draw (jilin M6).
	Invoked                          // Invoked: won on a tile taken by invoking the Celestial Empire.
	AnyTing                          // AnyTing: some player declared TING this hand (jilin JL-13.2).
)

var flagNames = []struct {
	f    Flag
	name string
}{
	{LastTile, "last-tile"}, {LastDiscard, "last-discard"}, {KongReplacement, "kong-replacement"},
	{RobbingKong, "robbing-kong"}, {Heavenly, "heavenly"}, {Earthly, "earthly"}, {Calling, "calling"},
	{Ting, "ting"}, {JokerDrawn, "joker-drawn"}, {JokerWins, "joker-wins"}, {NoCalls, "no-calls"},
	{Compensation, "compensation"}, {Invoked, "invoked"}, {AnyTing, "any-ting"},
}

// ParseFlag reads a flag by its command-line name.
func ParseFlag(name string) (Flag, error) {
	for _, f := range flagNames {
		if f.name == name {
			return f.f, nil
		}
	}
	return 0, fmt.Errorf("rules: unknown flag %q; allowed: %s", name, FlagNames())
}

// FlagNames lists every flag name, comma separated.
func FlagNames() string {
	s := ""
	for i, f := range flagNames {
		if i > 0 {
			s += ", "
		}
		s += f.name
	}
	return s
}

// Has reports whether all of g are set in f.
func (f Flag) Has(g Flag) bool { return f&g == g }

// Hand is a player's tiles for scoring: concealed tiles (without the
// winning tile), melds already made (exposed melds and declared concealed
// kongs), bonus tiles, and the winning tile (tile.None for a loser's hand).
type Hand struct {
	Concealed tile.Counts
	Melds     []hand.Meld
	Bonus     []tile.Kind
	Winning   tile.Kind
	// Groups are the declared groups as written in notation; rulesets whose
	// groups are not all melds read them (jilin special combinations, JL-0).
	Groups []tile.Group
}

// IsWinner reports whether the hand has a winning tile.
func (h Hand) IsWinner() bool { return h.Winning != tile.None }

// HandFromNotation converts a parsed hand in notation to a scoring Hand.
// Exposed groups become Open melds; "(...)" groups become concealed kongs.
func HandFromNotation(n tile.Hand) (Hand, error) {
	h := Hand{Concealed: tile.CountsOf(n.Concealed), Bonus: n.Bonus, Winning: n.Winning, Groups: n.Groups}
	for _, k := range n.Concealed {
		if !k.Valid() {
			return Hand{}, fmt.Errorf("rules: %s cannot be held", k)
		}
	}
	if len(n.Groups) > 0 {
		h.Melds = make([]hand.Meld, 0, len(n.Groups))
	}
	for _, g := range n.Groups {
		m, err := hand.MeldFromTiles(g.Tiles, g.Kind == tile.Exposed)
		if err != nil {
			return Hand{}, err
		}
		if m.Kind == hand.Pair {
			return Hand{}, fmt.Errorf("rules: a pair %q cannot be a declared group", tile.Format(g.Tiles))
		}
		if g.Kind == tile.ConcealedKong && m.Kind != hand.Kong {
			return Hand{}, fmt.Errorf("rules: %q in parentheses must be a concealed kong of four identical tiles", tile.Format(g.Tiles))
		}
		h.Melds = append(h.Melds, m)
	}
	return h, nil
}

// Context is everything about a hand's situation that its value depends on.
type Context struct {
	Options  Options
	Seat     Wind // Seat is the scored player's seat wind.
	Round    Wind // Round is the round (prevailing) wind.
	Dominant Wind // Dominant is the wind of the breached wall side (hongkong, french).
	// From is the seat that discarded the winning tile; NoWind when self-drawn.
	From  Wind
	Flags Flag
	// Joker is the jilin shared joker's kind, or tile.None.
	Joker tile.Kind
}

// SelfDrawn reports whether the winning tile came from the wall.
func (c Context) SelfDrawn() bool { return c.From == NoWind }

// Item is one line of a score breakdown. Points, Doubles and Value are what
// the line adds; Limit marks a line that sets the hand to a limit or fixed value.
type Item struct {
	Rule    string `json:"rule"`
	Name    string `json:"name"`
	Points  int    `json:"points"`
	Doubles int    `json:"doubles"`
	Limit   bool   `json:"limit"`
	// Value is a fixed value set by this line (a limit hand, a Grand Jeu, a card line).
	Value int `json:"value,omitempty"`
	// Bonus is what the line adds to Valuation.Bonus (jilin end-of-hand points, JL-13).
	Bonus int `json:"bonus,omitempty"`
}

// Valuation is a hand's value with its explanation.
type Valuation struct {
	Valid bool `json:"valid"`
	// Error says why a hand is not valid.
	Error   string `json:"error,omitempty"`
	Items   []Item `json:"items"`
	Points  int    `json:"points"`
	Doubles int    `json:"doubles"`
	// Value is the hand's value after limits and before any seat doubling.
	Value int  `json:"value"`
	Limit bool `json:"limit"`
	// Line is the matched card line (american).
	Line string `json:"line,omitempty"`
	// Decomposition is how the hand was split, in notation, when it matters.
	Decomposition string `json:"decomposition,omitempty"`
	// Bonus is what the player collects from each other player when the hand
	// ends, win or not (jilin JL-13); the engine passes it as SeatFacts.Bonus.
	Bonus int `json:"bonus,omitempty"`
}

// Sets returns the sets and pairs into which v's Decomposition split h's
// concealed tiles and winning tile, each set's tiles in order (h's
// declared groups, also in the decomposition, left out). It is false when
// h has no winning tile or v carries no such split: no decomposition, one
// not written in sets and pairs (a card line), or one whose tiles are not
// h's (jokers standing for other tiles).
func (v Valuation) Sets(h tile.Hand) ([][]tile.Kind, bool) {
	if h.Winning == tile.None || v.Decomposition == "" {
		return nil, false
	}
	var sets [][]tile.Kind
	for _, f := range strings.Fields(v.Decomposition) {
		ks, err := tile.Parse(strings.Trim(f, "[]()"))
		if err != nil || len(ks) == 0 {
			return nil, false
		}
		sets = append(sets, ks)
	}
	for _, g := range h.Groups {
		want := tile.CountsOf(g.Tiles)
		i := slices.IndexFunc(sets, func(ks []tile.Kind) bool { return tile.CountsOf(ks) == want })
		if i < 0 {
			return nil, false
		}
		sets = slices.Delete(sets, i, i+1)
	}
	var got tile.Counts
	for _, ks := range sets {
		for _, k := range ks {
			got.Add(k)
		}
	}
	want := tile.CountsOf(h.Concealed)
	want.Add(h.Winning)
	return sets, got == want
}

// Invalid returns a Valuation that is not valid, with the reason.
func Invalid(format string, args ...any) Valuation {
	return Valuation{Valid: false, Error: fmt.Sprintf(format, args...), Items: []Item{}}
}

// Transfer is an amount paid from one seat to another.
type Transfer struct {
	From   Wind `json:"from"`
	To     Wind `json:"to"`
	Amount int  `json:"amount"`
}

// MarshalText writes a wind as "E", "S", "W" or "N".
func (w Wind) MarshalText() ([]byte, error) { return []byte(w.String()), nil }

// UnmarshalText reads a wind written "E", "S", "W" or "N".
func (w *Wind) UnmarshalText(b []byte) error {
	v, err := ParseWind(string(b))
	*w = v
	return err
}

// Settlement is who pays whom for a finished hand. Transfers always sum to
// zero. When the scoring system passes no points (a ledger system, HK-S-37),
// Ledger is true, Transfers is empty, and Net is each seat's ledger entry.
type Settlement struct {
	Transfers []Transfer `json:"transfers"`
	// Net is each seat's gain or loss (its ledger entry in a ledger system).
	Net    [4]int `json:"net"`
	Ledger bool   `json:"ledger,omitempty"`
	// Note explains the settlement in a sentence, citing rule ids.
	Note string `json:"note,omitempty"`
	// Bettor is the net of american's bettor (AM-8.5), a fifth participant
	// who sits out the hand: transfers to or from her name NoWind on her
	// side, and Net and Bettor together sum to zero.
	Bettor int `json:"bettor,omitempty"`
}

// Pay records a transfer and updates the nets; amounts ≤ 0 are ignored.
func (s *Settlement) Pay(from, to Wind, amount int) {
	if amount <= 0 || from == to {
		return
	}
	s.Transfers = append(s.Transfers, Transfer{From: from, To: to, Amount: amount})
	s.Net[from] -= amount
	s.Net[to] += amount
}

// MaxValue is the largest hand value (and end-of-hand amount) a
// settlement is asked to pay: about a thousand times the largest limit an
// option allows (HK-OPT-3, 10^9), and small enough that no settlement's
// sums and doublings overflow.
const MaxValue = 1 << 40

// SettleInput is what a settlement needs: the winner (NoWind for a void
// hand), the discarder (NoWind when self-drawn), every seat's valuation
// (indexed by seat wind) and the options.
type SettleInput struct {
	Options Options
	Winner  Wind
	From    Wind
	Values  [4]int
	// Flags of the win, as in Context.
	Flags Flag
	// Extra carries per-ruleset settlement facts (jilin: TING and calls per seat).
	Extra [4]SeatFacts
}

// SeatFacts are per-seat facts some settlements need.
type SeatFacts struct {
	Ting   bool // Ting: the seat declared TING.
	Called bool // Called: the seat made a TCHE or TCHA this hand.
	// Bonus is an end-of-hand amount every player collects (jilin kongs and combinations).
	Bonus int
	// Bet: american's bettor named this seat before the deal (AM-8.5).
	Bet bool
}

// Fact names one field of SeatFacts.
type Fact uint8

// The seat facts a settlement may read.
const (
	FactTing   Fact = 1 << iota // FactTing: SeatFacts.Ting.
	FactCalled                  // FactCalled: SeatFacts.Called.
	FactBonus                   // FactBonus: SeatFacts.Bonus.
)

// FactReader is implemented by rulesets whose settlement reads per-seat
// facts (SeatFacts) beyond the values: SeatFacts says which, so that a
// caller asks for them (jilin: TING, calls and end-of-hand points) and
// refuses them where they mean nothing.
type FactReader interface {
	SeatFacts(o Options) Fact
}

// SeatFactsOf returns the seat facts r's settlement reads under o.
func SeatFactsOf(r Ruleset, o Options) Fact {
	if fr, ok := r.(FactReader); ok {
		return fr.SeatFacts(o)
	}
	return 0
}

// StandardScoreFlags are the situations of a win that the Chinese family's
// values read (HK-S-25, HK-S-26, CL-10.3, CL-10.4, CL-12, HK-OPT-9,
// HK-8.2): the ones a scorer asks about, unless the ruleset names its own
// (ScoreFlagger).
const StandardScoreFlags = LastTile | LastDiscard | KongReplacement | RobbingKong | Heavenly | Earthly | Calling | Invoked

// ScoreFlagger is implemented by rulesets whose values read other
// situations of a win than StandardScoreFlags (jilin's TING and joker,
// american's none).
type ScoreFlagger interface {
	// ScoreFlags returns the situations a scorer asks about.
	ScoreFlags() Flag
}

// ScoreFlagsOf returns the situations of a win a scorer asks about under
// r: its own (ScoreFlagger), or StandardScoreFlags.
func ScoreFlagsOf(r Ruleset) Flag {
	if f, ok := r.(ScoreFlagger); ok {
		return f.ScoreFlags()
	}
	return StandardScoreFlags
}

// Names returns the command-line names of the flags set in f, in order.
func (f Flag) Names() []string {
	var out []string
	for _, n := range flagNames {
		if f.Has(n.f) {
			out = append(out, n.name)
		}
	}
	return out
}
