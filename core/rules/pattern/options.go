package pattern

import (
	"strconv"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
)

// Book is a ruleset's option schema with each option's position, so that
// Value reads its options without looking them up by name.
type Book struct {
	specs    []rules.OptionSpec
	pos      map[string]int
	defaults func() rules.Options
}

// NewBook returns the book of specs; defaults gives the ruleset's
// default options, for options that are not the ruleset's.
func NewBook(specs []rules.OptionSpec, defaults func() rules.Options) *Book {
	b := &Book{specs: specs, pos: map[string]int{}, defaults: defaults}
	for i, s := range specs {
		for _, n := range []string{s.ID, s.Key} {
			if n != "" {
				b.pos[n] = i
			}
		}
	}
	return b
}

// Read returns a reader of o, or of the defaults when o does not hold the
// book's options (a zero Options, or another ruleset's), so that reading
// an option never panics on input.
func (b *Book) Read(o rules.Options) Reader {
	if !b.owns(o) {
		o = b.defaults()
	}
	return Reader{o: o, pos: b.pos}
}

func (b *Book) owns(o rules.Options) bool {
	got := o.Specs()
	if len(got) != len(b.specs) {
		return false
	}
	if len(got) == 0 || &got[0] == &b.specs[0] {
		return true
	}
	for i := range got {
		if got[i].Name() != b.specs[i].Name() {
			return false
		}
	}
	return true
}

// Reader reads a ruleset's own options by id or key.
type Reader struct {
	o   rules.Options
	pos map[string]int
}

// String returns an option's value; it panics on a name the book does not
// define, which is a programming error.
func (r Reader) String(name string) string {
	i, ok := r.pos[name]
	if !ok {
		panic("pattern: option " + name + " is not defined")
	}
	return r.o.At(i)
}

// Bool returns a boolean option.
func (r Reader) Bool(name string) bool { return r.String(name) == "on" }

// Int returns an integer option.
func (r Reader) Int(name string) int {
	n, _ := strconv.Atoi(r.String(name))
	return n
}
