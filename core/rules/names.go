package rules

import (
	"fmt"
	"strings"
	"sync"
)

// The registry of translation names: the English text of every translation
// key the rulesets use.
var (
	namesMu sync.RWMutex
	names   = map[string]string{}
)

// RegisterNames adds the English texts of translation keys (score
// breakdown names such as "score.pung_honour_exposed", option labels such
// as "option.limit"). Rulesets call it from init; the translations of the
// app start from these texts.
func RegisterNames(m map[string]string) {
	namesMu.Lock()
	defer namesMu.Unlock()
	for k, v := range m {
		names[k] = v
	}
}

// EnglishName returns the English text of a translation key, or the key
// itself when none is registered.
func EnglishName(key string) string {
	namesMu.RLock()
	defer namesMu.RUnlock()
	if v, ok := names[key]; ok {
		return v
	}
	return key
}

// Phrase is a score line whose name is English prose, possibly with
// arguments (jilin: "kong made alone [4444p]"): the ruleset writes the name
// with Text, and the app finds its stable translation key with PhraseOf.
// Format has one %s per argument; Args name them for the translations
// ("{{.Group}}").
type Phrase struct {
	Key, Format string
	Args        []string
}

// Text is the line's English name with args.
func (p Phrase) Text(args ...any) string { return fmt.Sprintf(p.Format, args...) }

var phrases []Phrase

// RegisterPhrases registers score line phrases: PhraseOf finds them, and
// their keys' English texts are their formats with {{.Arg}} fields.
func RegisterPhrases(ps ...Phrase) {
	namesMu.Lock()
	defer namesMu.Unlock()
	for _, p := range ps {
		phrases = append(phrases, p)
		text := p.Format
		for _, a := range p.Args {
			text = strings.Replace(text, "%s", "{{."+a+"}}", 1)
		}
		names[p.Key] = text
	}
}

// PhraseOf returns the registered phrase a score line's name was written
// with, and its arguments; false when none was.
func PhraseOf(name string) (Phrase, []string, bool) {
	namesMu.RLock()
	defer namesMu.RUnlock()
	for _, p := range phrases {
		args := make([]string, len(p.Args))
		ptrs := make([]any, len(args))
		for i := range args {
			ptrs[i] = &args[i]
		}
		if len(args) > 0 {
			if _, err := fmt.Sscanf(name, p.Format, ptrs...); err != nil {
				continue
			}
		}
		vals := make([]any, len(args))
		for i, a := range args {
			vals[i] = a
		}
		if p.Text(vals...) == name {
			return p, args, true
		}
	}
	return Phrase{}, nil, false
}
