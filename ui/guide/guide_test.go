package guide

import (
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/assets"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all"
)

// guides parses every guide, by file name ("hongkong.fr.md").
func guides(t *testing.T) map[string]Doc {
	t.Helper()
	names, err := fs.Glob(assets.Guides, "guides/*.md")
	if err != nil || len(names) == 0 {
		t.Fatalf("no guides: %v", err)
	}
	out := map[string]Doc{}
	for _, n := range names {
		b, err := assets.Guides.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		d, err := Parse(string(b))
		if err != nil {
			t.Errorf("%s: %v", n, err)
			continue
		}
		out[strings.TrimPrefix(n, "guides/")] = d
	}
	return out
}

// TestGuidesParse checks that every guide parses, is named after a
// ruleset and a language of the app, and that its English and French
// versions explain the same rule ids with the same example hands.
func TestGuidesParse(t *testing.T) {
	all := guides(t)
	for name, d := range all {
		id, lang, ok := strings.Cut(strings.TrimSuffix(name, ".md"), ".")
		if _, err := rules.Get(id); err != nil || !ok || (lang != "en" && lang != "fr") {
			t.Errorf("%s: want <ruleset>.<en|fr>.md with a known ruleset (%v)", name, err)
			continue
		}
		ref, err := assets.Rules.ReadFile("rules/" + id + ".md")
		if err != nil {
			t.Fatal(err)
		}
		cited := citedRule.FindAllString(string(ref), -1)
		for _, b := range d.Blocks {
			for _, r := range b.Rules {
				if !slices.Contains(cited, r) && Reference(id, r) == "" {
					t.Errorf("%s: rule %s is not stated in rules/%s.md", name, r, id)
				}
			}
		}
		other, ok := all[id+".fr.md"]
		if lang == "fr" || !ok {
			continue
		}
		if a, b := ruleIDs(d), ruleIDs(other); !slices.Equal(a, b) {
			t.Errorf("%s explains %v, its French version %v", id, a, b)
		}
		if a, b := d.Examples(), other.Examples(); len(a) != len(b) {
			t.Errorf("%s has %d example hands, its French version %d", id, len(a), len(b))
		} else {
			for i := range a {
				if a[i].Notation != b[i].Notation || a[i].Example.Value != b[i].Example.Value {
					t.Errorf("%s example %d: %q = %d in English, %q = %d in French", id, i+1, a[i].Notation, a[i].Example.Value, b[i].Notation, b[i].Example.Value)
				}
			}
		}
	}
}

// ruleIDs lists a guide's rule ids, sorted.
func ruleIDs(d Doc) []string {
	var ids []string
	for _, b := range d.Blocks {
		ids = append(ids, b.Rules...)
	}
	slices.Sort(ids)
	return ids
}

// TestExamplesScore scores every example hand of every guide with the
// engine and checks the value the guide states, and that each rule id of
// its score lines leads somewhere in the guide or the reference.
func TestExamplesScore(t *testing.T) {
	for name, d := range guides(t) {
		id, _, _ := strings.Cut(name, ".")
		r, err := rules.Get(id)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range d.Examples() {
			s, err := b.Score(r)
			if err != nil {
				t.Errorf("%s: %q: %v", name, b.Notation, err)
				continue
			}
			if !s.Valid || s.Value != b.Example.Value {
				t.Errorf("%s: %q: the engine says valid %v, value %d (%s); the guide says %d", name, b.Notation, s.Valid, s.Value, s.Error, b.Example.Value)
			}
			for _, it := range s.Items {
				if d.Find(it.Rule) < 0 && Reference(id, it.Rule) == "" {
					t.Errorf("%s: %q scores under %s, which neither the guide nor the reference explains", name, b.Notation, it.Rule)
				}
			}
		}
	}
}

// citedRule is a rule id as the references write them ("HK-S-12",
// "JL-9.3", "FR-D5", "CL-12"); placeholders such as "HK-S-n" do not match.
var citedRule = regexp.MustCompile(`\b[A-Z]{2}-(?:[A-Z]+-?)?[0-9]+(?:\.[0-9]+)*\b`)

// TestEveryScoringRuleLeadsSomewhere checks that every rule id each
// ruleset's reference cites (its scoring tables among them; the ids score
// lines carry) opens a guide paragraph in each language, or falls back to
// the reference's text of that rule.
func TestEveryScoringRuleLeadsSomewhere(t *testing.T) {
	for _, id := range rules.IDs() {
		b, err := assets.Rules.ReadFile("rules/" + id + ".md")
		if err != nil {
			t.Fatal(err)
		}
		ids := citedRule.FindAllString(string(b), -1)
		if len(ids) < 20 {
			t.Errorf("%s: only %d rule ids in the reference", id, len(ids))
		}
		count := map[string]int{}
		own := ""
		for _, r := range ids {
			p := r[:3]
			if count[p]++; count[p] > count[own] {
				own = p // the ruleset's own prefix is the one cited most
			}
		}
		for _, r := range ids {
			if !strings.HasPrefix(r, own) {
				continue // another ruleset's rule, cited for comparison
			}
			for _, lang := range []string{"en", "fr"} {
				d, ok, err := Load(id, lang)
				if err != nil {
					t.Fatal(err)
				}
				if (!ok || d.Find(r) < 0) && Reference(id, r) == "" {
					t.Errorf("%s (%s): rule %s has neither a guide paragraph nor a reference text", id, lang, r)
				}
			}
		}
	}
}

// TestParseErrors checks that a malformed guide is refused with the line.
func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"no title", "line 1"},
		{"# T\n", "no blocks"},
		{"# T\n\nrules:\ntext", "names no rule id"},
		{"# T\n\nrules: X-1", "a block must follow"},
		{"# T\n\n## H\nmore", "heading is one line"},
		{"# T\n\n### H", "only the title"},
		{"# T\n\nhand: 11m\nworth 3", "\"score:\" line"},
		{"# T\n\nhand: 11m\nscore: seat=E\nworth 3", "no value"},
		{"# T\n\nhand: 11m\nscore: value=3 size=2\nworth 3", "unknown key"},
		{"# T\n\nhand: 11m\nscore: value=3\nworth four", "must state its value 3"},
		{"# T\n\ntiles:\ncaption", "no tiles"},
	} {
		_, err := Parse(c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want an error with %q", c.src, err, c.want)
		}
	}
}

// TestReference checks the reference texts the fallback shows: a table
// row, a bold item, and nothing for an id the reference does not define.
func TestReference(t *testing.T) {
	for _, c := range []struct{ ruleset, rule, want string }{
		{"hongkong", "HK-S-8", "HK-S-8 · Pung of winds or dragons · 4 · 8"},
		{"hongkong", "HK-S-33", "- **HK-S-33 Who scores.**"},
		{"hongkong", "HK-D-10", "Decision HK-D-10:"},
		{"hongkong", "HK-S-99", ""},
		{"hongkong", "HK-12", "## 12. Grands Jeux"},
		{"jilin", "JL-11.M5", "winner is the dealer"},
	} {
		got := Reference(c.ruleset, c.rule)
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("Reference(%s, %s) = %q, want %q", c.ruleset, c.rule, got, c.want)
		}
	}
}
