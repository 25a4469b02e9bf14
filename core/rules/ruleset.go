// Package rules is the contract between the engine and the rule families: a
// Ruleset is a value (data plus a few hooks with standard defaults), its
// table options are a typed schema, and rulesets are registered by id.
// Scoring and settlement types live here too, so every ruleset values and
// pays hands through the same interface.
package rules

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// Ruleset is one rule family. Every method must be safe for concurrent use
// and must not keep state between calls: a ruleset is a value.
type Ruleset interface {
	// ID is the ruleset's registry id, such as "hongkong".
	ID() string
	// Name is the ruleset's display name.
	Name() string
	// OptionSpecs is the schema of the table options, from the rules file.
	OptionSpecs() []OptionSpec
	// Validate checks options against each other (for example, japanese
	// discards turn the Celestial Empire off) and returns them normalised.
	Validate(o Options) (Options, error)
	// Setup returns the data the engine plays with under o.
	Setup(o Options) Setup
	// Value values a winning hand (h.Winning set) or a loser's hand in its
	// context. An impossible or non-winning hand is a Valuation with Valid
	// false and the reason; Value never panics on any input.
	Value(h Hand, ctx Context) Valuation
	// Settle says who pays whom once a hand is over.
	Settle(in SettleInput) Settlement
}

// DefaultID is the id of the ruleset an app offers before its player has
// chosen one.
const DefaultID = "hongkong"

// ErrUnknownRuleset is returned by Get for an id that is not registered.
var ErrUnknownRuleset = errors.New("rules: unknown ruleset")

var (
	registryMu sync.RWMutex
	registry   = map[string]Ruleset{}
)

// Register adds a ruleset to the registry; it panics on a duplicate id,
// which is a programming error.
func Register(r Ruleset) {
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, dup := registry[r.ID()]; dup {
		panic("rules: ruleset " + r.ID() + " registered twice")
	}
	registry[r.ID()] = r
}

// Get returns the ruleset registered under id.
func Get(id string) (Ruleset, error) {
	registryMu.RLock()
	defer registryMu.RUnlock()
	if r, ok := registry[id]; ok {
		return r, nil
	}
	return nil, fmt.Errorf("%w %q; known: %s", ErrUnknownRuleset, id, strings.Join(idsLocked(), ", "))
}

// IDs returns the registered ids, sorted.
func IDs() []string {
	registryMu.RLock()
	defer registryMu.RUnlock()
	return idsLocked()
}

func idsLocked() []string {
	ids := make([]string, 0, len(registry))
	for id := range registry {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// DefaultOptions returns r's options with every default.
func DefaultOptions(r Ruleset) Options {
	o, err := NewOptions(r.OptionSpecs(), nil)
	if err != nil {
		panic(err) // defaults that do not validate are a programming error
	}
	o, err = r.Validate(o)
	if err != nil {
		panic(err)
	}
	return o
}

// ResolveOptions builds r's options from name=value pairs and validates them.
func ResolveOptions(r Ruleset, set map[string]string) (Options, error) {
	o, err := NewOptions(r.OptionSpecs(), set)
	if err != nil {
		return Options{}, err
	}
	return r.Validate(o)
}

// StandardTiles returns the 136 standard tiles, plus the 8 bonus tiles when
// bonus is true.
func StandardTiles(bonus bool) tile.Counts {
	var c tile.Counts
	for k := range tile.NumStandard {
		c[k] = 4
	}
	if bonus {
		for k := tile.F1; k < tile.Joker; k++ {
			c[k] = 1
		}
	}
	return c
}

// HasRule reports whether id is among known, for tests that check every
// breakdown line names a real rule.
func HasRule(known []string, id string) bool { return slices.Contains(known, id) }

// Waiter is implemented by rulesets whose winning hands go beyond four sets
// and a pair of standard shapes (thirteen orphans, Grands Jeux, jilin's
// combinations). Waits returns a superset of the tiles that may complete h
// (a 13-effective-tile hand with no winning tile); the engine confirms each
// candidate with Value. Without it the engine uses hand.Waits on the
// concealed tiles.
type Waiter interface {
	Waits(h Hand, ctx Context) tile.Set
}

// CardCarrier is implemented by rulesets that can play with a player's own
// card given as text (american, AM-11). The text travels with a game (its
// record, a table's snapshot), so a game on a user's card can be replayed
// and resumed anywhere.
type CardCarrier interface {
	// WithCardText returns the ruleset carrying the card written in text.
	WithCardText(text string) (Ruleset, error)
	// CardText returns the text of the card the ruleset carries, "" for
	// none of the player's own.
	CardText() string
}

// CardChecker is implemented by rulesets that play a player's own card
// (CardCarrier) and check a card file before a game carries it (american,
// AM-11), so that an app offers the file without knowing the card format.
type CardChecker interface {
	// CardOption returns the option that chooses the card and its choice
	// that plays the player's own card.
	CardOption() (name, own string)
	// CheckCard reads a card file's text, named name in the problems: how
	// many of its lines can be played (0: the card is refused) and the
	// problems of the others, each written "NAME:LINE:COL: message" as
	// `fourwinds card check` writes them.
	CheckCard(name string, text []byte) (lines int, problems []string)
}

// CardTextOf returns the text of the player's own card that r carries, or
// "" (so that a table built from r's id can carry the same card).
func CardTextOf(r Ruleset) string {
	if c, ok := r.(CardCarrier); ok {
		return c.CardText()
	}
	return ""
}

// GetWithCard returns the ruleset registered under id, carrying the card
// written in text when text is not empty.
func GetWithCard(id, text string) (Ruleset, error) {
	r, err := Get(id)
	if err != nil || text == "" {
		return r, err
	}
	c, ok := r.(CardCarrier)
	if !ok {
		return nil, fmt.Errorf("%w: %s plays no card of its own; a card is for american only", ErrOption, id)
	}
	return c.WithCardText(text)
}
