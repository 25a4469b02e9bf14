package rules

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// OptionType is the type of a table option's value.
type OptionType uint8

// The option types. OptionNone is the none value.
const (
	OptionNone   OptionType = iota
	OptionBool              // OptionBool is "on" or "off".
	OptionInt               // OptionInt is a whole number between Min and Max.
	OptionChoice            // OptionChoice is one of Choices.
)

// String names the option type.
func (t OptionType) String() string {
	return optionTypeNames[min(int(t), len(optionTypeNames)-1)]
}

// optionTypeNames are the option types' names, by value.
var optionTypeNames = [...]string{"none", "bool", "int", "choice"}

// MarshalText writes the option type's name.
func (t OptionType) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText reads an option type's name.
func (t *OptionType) UnmarshalText(b []byte) error {
	for i, n := range optionTypeNames {
		if n == string(b) {
			*t = OptionType(i)
			return nil
		}
	}
	return fmt.Errorf("%w: unknown option type %q; allowed: bool, int, choice", ErrOption, b)
}

// OptionSpec describes one table option of a rules file's options table. The
// UI renders options generically from it.
type OptionSpec struct {
	// ID is the option's id in the rules file, such as "HK-OPT-2"; may be
	// empty when the file names the option only by key.
	ID string `json:"id,omitempty"`
	// Key is the option's key where the file gives one, such as
	// "round_start"; may be empty when the file gives only an id.
	Key string `json:"key,omitempty"`
	// Label is the translation key of the option's name.
	Label   string     `json:"label"`
	Type    OptionType `json:"type"`
	Default string     `json:"default"`
	// Choices are the allowed values of an OptionChoice.
	Choices []string `json:"choices,omitempty"`
	// Min and Max bound an OptionInt.
	Min int `json:"min,omitempty"`
	Max int `json:"max,omitempty"`
	// Even requires an OptionInt to be even (CL-OPT-2).
	Even bool `json:"even,omitempty"`
	// Rule is the rule id the option changes.
	Rule string `json:"rule,omitempty"`
}

// Name returns the option's preferred name: its key, else its id.
func (s OptionSpec) Name() string {
	if s.Key != "" {
		return s.Key
	}
	return s.ID
}

// Matches reports whether name names this option, by id or by key
// (case-insensitive, with '-' and '_' alike in keys).
func (s OptionSpec) Matches(name string) bool {
	return (s.ID != "" && strings.EqualFold(name, s.ID)) ||
		(s.Key != "" && strings.EqualFold(strings.ReplaceAll(name, "-", "_"), s.Key))
}

// Allowed describes the values the option accepts, for error messages.
func (s OptionSpec) Allowed() string {
	switch s.Type {
	case OptionBool:
		return "on or off"
	case OptionInt:
		even := ""
		if s.Even {
			even = " (even)"
		}
		return fmt.Sprintf("a whole number from %d to %d%s", s.Min, s.Max, even)
	case OptionChoice:
		return strings.Join(s.Choices, ", ")
	}
	return "nothing"
}

// normalize checks v against the spec and returns its canonical form.
func (s OptionSpec) normalize(v string) (string, error) {
	v = strings.TrimSpace(v)
	bad := func() error {
		return fmt.Errorf("%w: option %s does not accept %q; allowed: %s", ErrOption, s.Name(), v, s.Allowed())
	}
	switch s.Type {
	case OptionBool:
		switch strings.ToLower(v) {
		case "on", "true", "yes", "1":
			return "on", nil
		case "off", "false", "no", "0":
			return "off", nil
		}
	case OptionInt:
		n, err := strconv.Atoi(v)
		if err == nil && n >= s.Min && n <= s.Max && (!s.Even || n%2 == 0) {
			return strconv.Itoa(n), nil
		}
	case OptionChoice:
		for _, c := range s.Choices {
			if strings.EqualFold(c, v) {
				return c, nil
			}
		}
	}
	return "", bad()
}

// ErrOption is wrapped by every option error.
var ErrOption = errors.New("rules: bad option")

// Options are the values of a ruleset's table options, defaults filled in.
// The zero value has no options; build one with NewOptions.
type Options struct {
	specs []OptionSpec
	vals  []string
}

// NewOptions returns the defaults of specs with the named values set. Names
// may be ids or keys; an unknown name or a bad value is an error that says
// what is allowed.
func NewOptions(specs []OptionSpec, set map[string]string) (Options, error) {
	o := Options{specs: specs, vals: make([]string, len(specs))}
	for i, s := range specs {
		o.vals[i] = s.Default
	}
	names := make([]string, 0, len(set))
	for n := range set {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if err := o.Set(n, set[n]); err != nil {
			return Options{}, err
		}
	}
	return o, nil
}

// Set sets one option by id or key.
func (o *Options) Set(name, value string) error {
	i := o.index(name)
	if i < 0 {
		known := make([]string, 0, len(o.specs))
		for _, s := range o.specs {
			known = append(known, s.Name())
		}
		return fmt.Errorf("%w: unknown option %q; known: %s", ErrOption, name, strings.Join(known, ", "))
	}
	v, err := o.specs[i].normalize(value)
	if err != nil {
		return err
	}
	o.vals[i] = v
	return nil
}

func (o Options) index(name string) int {
	return slices.IndexFunc(o.specs, func(s OptionSpec) bool { return s.Matches(name) })
}

// Specs returns the option schema.
func (o Options) Specs() []OptionSpec { return o.specs }

// String returns an option's value by id or key; it panics on a name the
// ruleset does not define, which is a programming error.
func (o Options) String(name string) string {
	i := o.index(name)
	if i < 0 {
		panic("rules: option " + name + " is not defined")
	}
	return o.vals[i]
}

// Bool returns a boolean option by id or key.
func (o Options) Bool(name string) bool { return o.String(name) == "on" }

// Int returns an integer option by id or key.
func (o Options) Int(name string) int {
	n, _ := strconv.Atoi(o.String(name))
	return n
}

// Map returns every option by its preferred name, for records and JSON.
func (o Options) Map() map[string]string {
	m := make(map[string]string, len(o.specs))
	for i, s := range o.specs {
		m[s.Name()] = o.vals[i]
	}
	return m
}

// Changed returns the options that differ from their defaults, by preferred name.
func (o Options) Changed() map[string]string {
	m := map[string]string{}
	for i, s := range o.specs {
		if o.vals[i] != s.Default {
			m[s.Name()] = o.vals[i]
		}
	}
	return m
}

// ParseAssignments reads "KEY=VALUE" strings (as given to --opt) into a map.
func ParseAssignments(list []string) (map[string]string, error) {
	m := map[string]string{}
	for _, a := range list {
		k, v, ok := strings.Cut(a, "=")
		if !ok || strings.TrimSpace(k) == "" {
			return nil, fmt.Errorf("%w: %q is not KEY=VALUE", ErrOption, a)
		}
		m[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	return m, nil
}

// At returns the value of the i-th option of Specs(), or "" when i is out
// of range. Rulesets read their own options by position where a lookup by
// name would cost too much (Value runs in the AI's search).
func (o Options) At(i int) string {
	if i < 0 || i >= len(o.vals) {
		return ""
	}
	return o.vals[i]
}
