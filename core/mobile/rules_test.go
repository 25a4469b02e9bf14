package fourwinds

import (
	"encoding/json"
	"strings"
	"testing"
)

func decode(t testing.TB, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("%v in %s", err, s)
	}
	return v
}

func TestRulesets(t *testing.T) {
	s, err := Rulesets()
	if err != nil {
		t.Fatal(err)
	}
	list, _ := decode(t, s).([]any)
	ids := map[string]bool{}
	for _, e := range list {
		r := e.(map[string]any)
		ids[r["id"].(string)] = true
		for _, o := range r["options"].([]any) {
			if typ := o.(map[string]any)["type"]; typ != "bool" && typ != "int" && typ != "choice" {
				t.Errorf("%s option %v: type %v", r["id"], o, typ)
			}
		}
	}
	for _, id := range []string{"classical", "hongkong", "french", "jilin", "american"} {
		if !ids[id] {
			t.Errorf("ruleset %s missing from %s", id, s)
		}
	}
	one, err := Ruleset("hongkong")
	if err != nil || !strings.Contains(one, `"id":"hongkong"`) || !strings.Contains(one, `"key":"scoring"`) {
		t.Errorf("Ruleset(hongkong) = %s, %v", one, err)
	}
	if _, err := Ruleset("go"); err == nil {
		t.Error("Ruleset(go): no error")
	}
}

func TestScore(t *testing.T) {
	for _, tc := range []struct {
		request string
		value   float64
		payment bool
	}{
		// HK-TV-4, as `fourwinds score --rules hongkong --seat S --from W --dominant W`.
		{`{"rules":"hongkong","hand":"234m 567m 5z [666z] [999p] +5z","seat":"S","from":"W","dominant":"W"}`, 56, false},
		{`{"rules":"hongkong","options":{"scoring":"advanced"},"hand":"234m 567m 5z [666z] [999p] +5z","seat":"S","from":"W","dominant":"W"}`, 56, false},
		// CL-TV-4: losers pay.
		{`{"rules":"classical","hand":"567p 23s 88m [777z] [111z] +4s","round":"S","from":"N"}`, 72, true},
		{`{"rules":"classical","hand":"234s 67s 99s [666z] (5555s) +8s","seat":"N","flags":["kong-replacement"]}`, 240, true},
	} {
		s, err := Score(tc.request)
		if err != nil {
			t.Errorf("%s: %v", tc.request, err)
			continue
		}
		m := decode(t, s).(map[string]any)
		if m["valid"] != true || m["value"] != tc.value || (m["payments"] != nil) != tc.payment {
			t.Errorf("%s: %s; want value %v, payments %v", tc.request, s, tc.value, tc.payment)
		}
	}
}

func TestScoreErrors(t *testing.T) {
	for _, req := range []string{
		`not json`,
		`{"rules":"nope","hand":"234m +5z"}`,
		`{"rules":"hongkong","hand":"234x +5z"}`,
		`{"rules":"hongkong","hand":"234m +5z","seat":"X"}`,
		`{"rules":"hongkong","hand":"234m +5z","round":"X"}`,
		`{"rules":"hongkong","hand":"234m +5z","dominant":"X"}`,
		`{"rules":"hongkong","hand":"234m +5z","from":"X"}`,
		`{"rules":"hongkong","hand":"234m +5z","flags":["lucky"]}`,
		`{"rules":"hongkong","hand":"234m +5z","joker":"5x"}`,
		`{"rules":"hongkong","hand":"234m +5z","bonus":"9f"}`,
		`{"rules":"hongkong","hand":"234m +5z","options":{"HK-OPT-3":"cheap"}}`,
		`{"rules":"hongkong","hand":"234m +5z","seat":"S","from":"S"}`,
	} {
		if s, err := Score(req); err == nil {
			t.Errorf("%s: no error, answer %s", req, s)
		}
	}
	s, err := Score(`{"rules":"hongkong","hand":"123m 456m 789m 11p 23s +9s"}`)
	if err != nil || !strings.Contains(s, `"valid":false`) {
		t.Errorf("an incomplete hand: %s, %v; want valid false", s, err)
	}
}

func FuzzScore(f *testing.F) {
	f.Add(`{"rules":"hongkong","hand":"234m 567m 5z [666z] [999p] +5z","seat":"S","from":"W"}`)
	f.Add(`{"rules":"jilin","hand":"[1z2z3z] 11m +1m","joker":"6p"}`)
	f.Add(`{"rules":"american","hand":"2222m 0j 44p 66s 8888m +8m"}`)
	f.Fuzz(func(t *testing.T, req string) {
		if s, err := Score(req); err == nil && !json.Valid([]byte(s)) {
			t.Errorf("%s: answer is not JSON: %s", req, s)
		}
	})
}

func TestScoreOwnCard(t *testing.T) {
	card := "@card Own\nA1 | 2222a 0000 2222b 66c | X 20 | year | mine\n"
	req, _ := json.Marshal(map[string]string{"rules": "american", "hand": "222m 0j 5555z 2222p 6s +6s", "card": card})
	s, err := Score(string(req))
	if err != nil {
		t.Fatal(err)
	}
	if m := decode(t, s).(map[string]any); m["line"] != "A1" || m["value"] != 20.0 {
		t.Errorf("own card: %s", s)
	}
	req, _ = json.Marshal(map[string]string{"rules": "hongkong", "hand": "222m 0j 5555z 2222p 6s +6s", "card": card})
	if _, err := Score(string(req)); err == nil {
		t.Error("a card for hongkong: no error")
	}
}
