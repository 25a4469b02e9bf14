package table_test

import (
	"testing"

	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all"
	"github.com/fourwinds-mahjong/fourwinds/core/table"
)

// TestInfoSetup: a table's Info gives its ruleset's data without naming
// the ruleset, and says what it does not know.
func TestInfoSetup(t *testing.T) {
	for id, winds := range map[string]bool{"classical": true, "hongkong": true, "french": true, "jilin": false, "american": false} {
		s, err := table.Info{Rules: id}.Setup()
		if err != nil || s.UsesWinds() != winds {
			t.Errorf("%s: winds %v (%v), want %v", id, s.UsesWinds(), err, winds)
		}
	}
	if _, err := (table.Info{Rules: "chess"}).Setup(); err == nil {
		t.Error("an unknown ruleset has a Setup")
	}
	if _, err := (table.Info{Rules: "hongkong", Options: map[string]string{"no_such_option": "on"}}).Setup(); err == nil {
		t.Error("an unknown option was accepted")
	}
}
