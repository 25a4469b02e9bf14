package rules_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all"
)

// TestOptionSchemasJSONRoundTrip: every ruleset's option schema comes back
// from JSON whole, types included, so a remote screen can draw it.
func TestOptionSchemasJSONRoundTrip(t *testing.T) {
	for _, id := range rules.IDs() {
		r, _ := rules.Get(id)
		specs := r.OptionSpecs()
		b, err := json.Marshal(specs)
		if err != nil {
			t.Fatal(err)
		}
		var back []rules.OptionSpec
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if !reflect.DeepEqual(specs, back) {
			t.Fatalf("%s: the option schema changes through JSON:\n%+v\n%+v", id, specs, back)
		}
		for _, s := range back {
			if s.Type == rules.OptionNone {
				t.Errorf("%s: option %s has no type", id, s.Name())
			}
		}
	}
	var ty rules.OptionType
	if err := ty.UnmarshalText([]byte("colour")); err == nil {
		t.Error("option type colour accepted")
	}
}

// TestSettlementNetJSON: a settlement's net survives JSON.
func TestSettlementNetJSON(t *testing.T) {
	var s rules.Settlement
	s.Pay(rules.S, rules.E, 16)
	b, _ := json.Marshal(s)
	var back rules.Settlement
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Net != s.Net || back.Net == ([4]int{}) {
		t.Fatalf("net %v comes back as %v (%s)", s.Net, back.Net, b)
	}
}
