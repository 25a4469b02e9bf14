package pattern

import (
	"slices"
	"sync"

	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
)

// Eval is what a scoring row looks at: a reading of the hand, its facts,
// its context and the ruleset's configuration C. It holds them by value
// so that valuing a hand allocates it once.
type Eval[C any] struct {
	R   Reading
	F   Facts
	Ctx rules.Context
	Cfg C
}

// EvalPool lends Evals, so that valuing a hand allocates none: the rows'
// Count functions are called through function values, which makes an
// Eval built in place escape to the heap. The zero EvalPool is ready.
type EvalPool[C any] struct{ p sync.Pool }

// Get returns an Eval holding facts f, context ctx and configuration cfg,
// its reading zero. Give it back with Put once nothing reads it.
func (ep *EvalPool[C]) Get(f Facts, ctx rules.Context, cfg C) *Eval[C] {
	e, ok := ep.p.Get().(*Eval[C])
	if !ok {
		e = new(Eval[C])
	}
	*e = Eval[C]{F: f, Ctx: ctx, Cfg: cfg}
	return e
}

// Put gives e back to the pool.
func (ep *EvalPool[C]) Put(e *Eval[C]) { ep.p.Put(e) }

// Row is one row of a scoring table: the rule id it cites, the translation
// key of its name and its English text, the points and doubles it adds
// each time it applies, and Count, how many times it applies (0: not).
type Row[C any] struct {
	Rule    string
	Name    string
	English string
	Points  int
	Doubles int
	Count   func(e *Eval[C]) int
}

// Tally is what a table gives a reading: the total points and doubles,
// and the breakdown items when asked for.
type Tally struct {
	Points  int
	Doubles int
	Items   []rules.Item
}

// Apply adds every row of table to t; items are appended only when
// withItems is true, so that the search over readings does not allocate.
func Apply[C any](table []Row[C], e *Eval[C], t *Tally, withItems bool) {
	for i := range table {
		r := &table[i]
		n := r.Count(e)
		if n <= 0 {
			continue
		}
		t.Points += n * r.Points
		t.Doubles += n * r.Doubles
		for range n * btoi(withItems) {
			t.Items = append(t.Items, rules.Item{Rule: r.Rule, Name: r.Name, Points: r.Points, Doubles: r.Doubles})
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Names returns the English texts of the tables' rows by name key, for
// rules.RegisterNames.
func Names[C any](tables ...[]Row[C]) map[string]string {
	m := map[string]string{}
	for _, t := range tables {
		for _, r := range t {
			m[r.Name] = r.English
		}
	}
	return m
}

// Rules returns the rule ids the tables cite.
func Rules[C any](tables ...[]Row[C]) []string {
	var ids []string
	for _, t := range tables {
		for _, r := range t {
			if !slices.Contains(ids, r.Rule) {
				ids = append(ids, r.Rule)
			}
		}
	}
	return ids
}

// Class is how a set's tiles score: simples, terminals, honours, or majors
// (terminals and honours together, for tables that do not split them).
type Class uint8

// The classes of tiles.
const (
	Simples Class = iota
	Terminals
	Honours
	Majors
)

// ClassOf returns the class of k: Simples, Terminals or Honours.
func ClassOf(k tile.Kind) Class {
	switch {
	case k.IsHonor():
		return Honours
	case k.IsTerminal():
		return Terminals
	}
	return Simples
}

// Holds reports whether a set of tile k belongs to class c.
func (c Class) Holds(k tile.Kind) bool {
	kc := ClassOf(k)
	return kc == c || (c == Majors && kc != Simples)
}

// SetPoints is the table both families share for pungs and kongs (CL-11.1,
// HK-S-6 to HK-S-11, FR-13.3): 2 for an exposed pung of simples, doubled
// for terminals or honours, ×4 for a kong, doubled when concealed.
func SetPoints(kind hand.MeldKind, c Class, exposed bool) int {
	p := 2
	if c != Simples {
		p *= 2
	}
	if kind == hand.Kong {
		p *= 4
	}
	if !exposed {
		p *= 2
	}
	return p
}

// SetRows returns the pung and kong rows, exposed and concealed, for each
// class in classes; rule gives the rule id of each.
func SetRows[C any](classes []Class, rule func(hand.MeldKind, Class) string) []Row[C] {
	var rows []Row[C]
	for _, kind := range []hand.MeldKind{hand.Pung, hand.Kong} {
		for _, c := range classes {
			for _, exposed := range []bool{true, false} {
				rows = append(rows, Row[C]{
					Rule:    rule(kind, c),
					Name:    "score." + kind.String() + "_" + classKeys[c] + "_" + exposure(exposed),
					English: exposureEnglish(exposed) + " " + kind.String() + " of " + classEnglish[c],
					Points:  SetPoints(kind, c, exposed),
					Count: func(e *Eval[C]) int {
						return e.R.CountSets(func(s Set) bool {
							return s.Kind == kind && s.Exposed == exposed && c.Holds(s.Tile)
						})
					},
				})
			}
		}
	}
	return rows
}

var (
	classKeys    = [...]string{Simples: "simple", Terminals: "terminal", Honours: "honour", Majors: "major"}
	classEnglish = [...]string{Simples: "2-8", Terminals: "1 or 9", Honours: "winds or dragons", Majors: "1/9 or honours"}
)

func exposure(exposed bool) string {
	if exposed {
		return "exposed"
	}
	return "concealed"
}

func exposureEnglish(exposed bool) string {
	if exposed {
		return "Exposed"
	}
	return "Concealed"
}
