package rules

import "sync"

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
