package main

import (
	"encoding/json"
	"reflect"
	"testing"

	fourwinds "github.com/fourwinds-mahjong/fourwinds/core/mobile"
)

// TestScoreSameAsBinding checks `fourwinds score --json` and the mobile
// binding's Score answer the same JSON for the same hand.
func TestScoreSameAsBinding(t *testing.T) {
	for _, c := range []struct {
		args    []string
		request string
	}{
		{[]string{"--rules", "hongkong", "--seat", "S", "--from", "W", "--dominant", "W", "234m 567m 5z [666z] [999p] +5z"},
			`{"rules":"hongkong","seat":"S","from":"W","dominant":"W","hand":"234m 567m 5z [666z] [999p] +5z"}`},
		{[]string{"--rules", "classical", "--round", "S", "--from", "N", "567p 23s 88m [777z] [111z] +4s"},
			`{"rules":"classical","round":"S","from":"N","hand":"567p 23s 88m [777z] [111z] +4s"}`},
		{[]string{"--rules", "jilin", "--joker", "6p", "--flag", "ting", "123m 456m 789p 11s 23s +4s"},
			`{"rules":"jilin","joker":"6p","flags":["ting"],"hand":"123m 456m 789p 11s 23s +4s"}`},
		{[]string{"--rules", "hongkong", "123m 456m 789m 11p 23s +9s"},
			`{"rules":"hongkong","hand":"123m 456m 789m 11p 23s +9s"}`},
	} {
		code, out, errOut := runCmd(append([]string{"score", "--json"}, c.args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d, %s", c.args, code, errOut)
		}
		got, err := fourwinds.Score(c.request)
		if err != nil {
			t.Fatalf("%s: %v", c.request, err)
		}
		var a, b any
		if err := json.Unmarshal([]byte(out), &a); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(got), &b); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%v:\ncommand %s\nbinding %s", c.args, out, got)
		}
	}
}

// TestRulesSameAsBinding checks `fourwinds rules --json` and the mobile
// binding's Rulesets answer the same JSON.
func TestRulesSameAsBinding(t *testing.T) {
	code, out, errOut := runCmd("rules", "--json")
	if code != 0 {
		t.Fatalf("exit %d, %s", code, errOut)
	}
	got, err := fourwinds.Rulesets()
	if err != nil {
		t.Fatal(err)
	}
	var a, b any
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(got), &b); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Errorf("command %s\nbinding %s", out, got)
	}
}
