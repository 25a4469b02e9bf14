package rules

import (
	"slices"
	"testing"
)

// TestPhraseOf finds a prose line's key and arguments, and only when the
// whole name is the phrase's text.
func TestPhraseOf(t *testing.T) {
	RegisterPhrases(
		Phrase{Key: "score.test.kong", Format: "test kong %s", Args: []string{"Group"}},
		Phrase{Key: "score.test.kong_shown", Format: "test kong shown %s", Args: []string{"Group"}},
		Phrase{Key: "score.test.swap", Format: "test %s plays as %s", Args: []string{"Joker", "Tile"}},
		Phrase{Key: "score.test.plain", Format: "test plain"},
	)
	for _, c := range []struct {
		name, key string
		args      []string
	}{
		{"test kong [4444p]", "score.test.kong", []string{"[4444p]"}},
		{"test kong shown [567z]", "score.test.kong_shown", []string{"[567z]"}},
		{"test 1z plays as 3s", "score.test.swap", []string{"1z", "3s"}},
		{"test plain", "score.test.plain", []string{}},
		{"test plain and more", "", nil},
		{"score.pung", "", nil},
	} {
		p, args, ok := PhraseOf(c.name)
		if ok != (c.key != "") || p.Key != c.key || !slices.Equal(args, c.args) {
			t.Errorf("PhraseOf(%q) = %q %q %v, want %q %q", c.name, p.Key, args, ok, c.key, c.args)
		}
	}
	if got := EnglishName("score.test.swap"); got != "test {{.Joker}} plays as {{.Tile}}" {
		t.Errorf("English text %q", got)
	}
}
