package words

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2/test"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/translations"
)

// files reads every translation file's keys.
func files(t *testing.T) map[string]map[string]any {
	out := map[string]map[string]any{}
	for _, l := range translations.Languages {
		b, err := translations.Files.ReadFile(l + ".json")
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]any{}
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("%s.json: %v", l, err)
		}
		out[l] = m
	}
	return out
}

// sourceKeys finds the string keys given to T and F in the ui sources.
func sourceKeys(t *testing.T) []string {
	re := regexp.MustCompile(`words\.(?:T|F|N)\("([a-z0-9_.-]+)"`)
	local := regexp.MustCompile(`\b(?:T|F|N)\("([a-z0-9_.-]+)"`)
	var keys []string
	err := filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		r := re
		if filepath.Dir(p) == "." {
			r = local
		}
		for _, m := range r.FindAllStringSubmatch(string(b), -1) {
			if !strings.HasSuffix(m[1], ".") { // a prefix: its keys are in dynamicKeys
				keys = append(keys, m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return keys
}

// coreKeys are the core's translation keys: the score and option names
// the rulesets register, found as literals in the core's sources.
func coreKeys(t *testing.T) []string {
	re := regexp.MustCompile(`"((?:score|option|american|[a-z]+\.option)\.[a-z0-9_.]+)"`)
	var keys []string
	err := filepath.WalkDir(filepath.Join("..", "..", "core"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range re.FindAllStringSubmatch(string(b), -1) {
			if rules.EnglishName(m[1]) != m[1] {
				keys = append(keys, m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return keys
}

// dynamicKeys are the keys the app builds from the core's values.
func dynamicKeys() []string {
	var keys []string
	add := func(k ...string) { keys = append(keys, k...) }
	for k := tile.Kind(0); k < tile.NumKinds; k++ {
		add("tile." + k.String())
	}
	add("tile.hidden")
	for p := range 4 {
		add("player.computer." + strconv.Itoa(p))
	}
	add("charleston.dir.right", "charleston.dir.across", "charleston.dir.left")
	for _, w := range []rules.Wind{rules.E, rules.S, rules.W, rules.N} {
		add("wind." + w.String())
	}
	for m := hand.Chow; m <= hand.Sextet; m++ {
		add("meld." + m.String())
	}
	add("meld.concealed_kong")
	for a := game.ActDiscard; a <= game.ActExchange; a++ {
		add("action." + a.String())
	}
	for e := game.EvAction; e <= game.EvMatchEnd; e++ {
		add("event." + e.String())
	}
	for _, e := range []game.EventType{game.EvDraw, game.EvDiscard, game.EvClaim, game.EvMahjong, game.EvBonus,
		game.EvConcealedKong, game.EvAddKong, game.EvExpose, game.EvReceive} {
		add("event." + e.String() + ".you")
	}
	for _, d := range []game.Declaration{game.DeclServi, game.DeclCalling, game.DeclTing} {
		add("declare." + d.String())
	}
	for _, f := range strings.Split(rules.FlagNames(), ", ") {
		add("flag." + f)
	}
	for _, id := range rules.IDs() {
		add("ruleset."+id, "ruleset."+id+".line")
		r, _ := rules.Get(id)
		for _, s := range r.OptionSpecs() {
			add(s.Label)
			for _, c := range s.Choices {
				add("choice." + c)
			}
		}
	}
	for _, l := range []ai.Level{ai.Novice, ai.Intermediate, ai.Expert} {
		add("level." + string(l))
	}
	for _, l := range translations.Languages {
		add("lang.name." + l)
	}
	for _, s := range []string{"standard", "contrast", "large"} {
		add("style." + s)
	}
	add("value.on", "value.off", "lang.code")
	// The pung and kong rows the scoring tables generate (pattern.SetRows).
	for _, k := range []string{"pung", "kong"} {
		for _, c := range []string{"simple", "terminal", "honour", "major"} {
			for _, e := range []string{"exposed", "concealed"} {
				if key := "score." + k + "_" + c + "_" + e; rules.EnglishName(key) != key {
					add(key)
				}
			}
		}
	}
	for k := range ai.Messages() {
		add(k)
	}
	return keys
}

// TestTranslationsComplete fails when a key used by the app (in code, built
// from the core's values, or a core translation key) is missing from
// en.json or fr.json, or when the files' keys differ.
func TestTranslationsComplete(t *testing.T) {
	fs := files(t)
	var used []string
	used = append(used, sourceKeys(t)...)
	used = append(used, coreKeys(t)...)
	used = append(used, dynamicKeys()...)
	sort.Strings(used)
	for _, k := range used {
		for l, m := range fs {
			if _, ok := m[k]; !ok {
				t.Errorf("key %q is missing from %s.json", k, l)
			}
		}
	}
	for l, m := range fs {
		for k := range m {
			for l2, m2 := range fs {
				if _, ok := m2[k]; !ok {
					t.Errorf("key %q of %s.json is missing from %s.json", k, l, l2)
				}
			}
		}
	}
	if len(sourceKeys(t)) < 50 {
		t.Errorf("found only %d keys in the ui sources: the scan is broken", len(sourceKeys(t)))
	}
}

func TestNamesInBothLanguages(t *testing.T) {
	test.NewTempApp(t)
	t.Setenv("LANG", "en_US.UTF-8")
	if err := Use("en"); err != nil {
		t.Fatal(err)
	}
	red := hand.Meld{Kind: hand.Pung, Tile: tile.Red, Open: true}
	for _, c := range []struct{ got, want string }{
		{Tile(tile.S1 + 2), "Three of Bamboo"},
		{Meld(red), "Pung of Red Dragon"},
		{Wind(rules.E), "East"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	if err := Use("fr"); err != nil {
		t.Fatal(err)
	}
	defer Use("en")
	if Current() != "fr" {
		t.Fatalf("language is %s after switching to fr", Current())
	}
	for _, c := range []struct{ got, want string }{
		{Tile(tile.S1 + 2), "Trois de Bambous"},
		{Meld(red), "Pung de Dragon Rouge"},
		{T("home.new"), "Nouvelle partie"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// TestReasons: hint reasons are translated, plurals chosen by Count, tiles
// named in full.
func TestReasons(t *testing.T) {
	test.NewTempApp(t)
	if err := Use("en"); err != nil {
		t.Fatal(err)
	}
	if got := Reason("hint.pass", "english", map[string]string{"Tile": "3z", "Count": "1"}); got != "claiming West Wind would not help the hand enough" {
		t.Errorf("hint.pass: %q", got)
	}
	if got := Reason("hint.efficient", "english", map[string]string{"Count": "1", "Live": "8"}); !strings.HasPrefix(got, "keeps the hand one tile") {
		t.Errorf("hint.efficient, one: %q", got)
	}
	// A card hand is named as the app names it elsewhere ("Line Y3" in
	// the guide, the line's id on the score sheet), never by its
	// pattern's notation.
	give := map[string]string{"Tiles": "99p 2z", "Line": "E2", "Pattern": "FF 2468a DDDDa 2468b", "Value": "35"}
	if got := Reason("hint.line.give", "english", give); got != "line E2, worth 35, needs them least" {
		t.Errorf("hint.line.give: %q", got)
	}
	if got := Tiles([]tile.Kind{tile.P1 + 8, tile.South}); got != "Nine of Circles, South Wind" {
		t.Errorf("Tiles: %q", got)
	}
	if got := tileArg("[4444p]"); got != "[4444p]" {
		t.Errorf("a group: %q", got)
	}
	if got := Reason("hint.unknown", "the AI's own words", nil); got != "the AI's own words" {
		t.Errorf("unknown key: %q", got)
	}
}

// TestJilinLinesTranslated: jilin's prose score lines (JL-11, JL-13,
// JL-8.4) are shown by their keys, in French too, tiles named in full.
func TestJilinLinesTranslated(t *testing.T) {
	test.NewTempApp(t)
	if err := Use("fr"); err != nil {
		t.Fatal(err)
	}
	defer Use("en")
	r, err := rules.Get("jilin")
	if err != nil {
		t.Fatal(err)
	}
	v, err := rules.Score(r, "2345m 123p 789p [777s] +5m", rules.Context{Seat: rules.S, From: rules.NoWind,
		Flags: rules.Ting | rules.JokerDrawn, Joker: tile.M1 + 4})
	if err != nil || !v.Valid || len(v.Items) < 3 {
		t.Fatalf("%+v %v", v, err)
	}
	for _, it := range v.Items {
		if got := Score(it.Name); got == it.Name || strings.Contains(got, "{{") {
			t.Errorf("%s %q shown as %q in French", it.Rule, it.Name, got)
		}
	}
	if got, want := Score("the drawn joker 5m plays as 5m"), "Le joker pioché Cinq de Caractères joue comme Cinq de Caractères"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, want := Score("kong made alone (2222p)"), "Kong fait seul (2222p)"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestChoicesReadAsWords (issue 20): every option value a ruleset offers,
// and on/off, is shown as words a player reads, capitalised, in each
// language: never its key ("east-keeps", "simple").
func TestChoicesReadAsWords(t *testing.T) {
	test.NewTempApp(t)
	defer Use("en")
	for _, l := range translations.Languages {
		if err := Use(l); err != nil {
			t.Fatal(err)
		}
		shown := []string{T("value.on"), T("value.off")}
		for _, id := range rules.IDs() {
			r, _ := rules.Get(id)
			for _, s := range r.OptionSpecs() {
				for _, c := range s.Choices {
					if name := Choice(c); name == c {
						t.Errorf("%s: %s's value %q is shown as its key", l, s.Name(), c)
					}
					shown = append(shown, Choice(c))
				}
			}
		}
		for _, name := range shown {
			if r, _ := utf8.DecodeRuneInString(name); !unicode.IsUpper(r) && !unicode.IsDigit(r) {
				t.Errorf("%s: option value %q does not begin with a capital", l, name)
			}
		}
	}
}

// frenchTypography lists what a French text does against French
// typography: a narrow no-break space (U+202F) before : ; ! ? and inside
// « », a decimal comma, a narrow no-break space between a number and its
// unit ("0,8 s"), the typographic apostrophe and ellipsis. Templates'
// fields ({{.N}}) count as numbers; an address ("192.168.1.20:40123") is
// not prose.
func frenchTypography(text string) []string {
	var out []string
	s := regexp.MustCompile(`\{\{[^}]*\}\}`).ReplaceAllString(text, "9")
	s = regexp.MustCompile(`\d+(?:\.\d+){3}(?::\d+)?|/[a-z0-9]+/`).ReplaceAllString(s, "ADDR")
	rs := []rune(s)
	for i, r := range rs {
		before, after := rune(0), rune(0)
		if i > 0 {
			before = rs[i-1]
		}
		if i+1 < len(rs) {
			after = rs[i+1]
		}
		switch {
		case strings.ContainsRune(":;!?»", r) && before != '\u202f':
			out = append(out, fmt.Sprintf("%q without a narrow no-break space before it", r))
		case r == '«' && after != '\u202f':
			out = append(out, "« without a narrow no-break space after it")
		case r == '\'':
			out = append(out, "a straight apostrophe (’)")
		}
	}
	if regexp.MustCompile(`(?:^|[\s(])\d+\.\d`).MatchString(s) {
		out = append(out, "a decimal point (a comma in French)")
	}
	if regexp.MustCompile(`\d[ \x{a0}]?s\b`).MatchString(s) {
		out = append(out, "seconds without a narrow no-break space (0,8\u202fs)")
	}
	if strings.Contains(s, "...") {
		out = append(out, "three points (…)")
	}
	return out
}

// TestFrenchTypography (issue 20): every French text follows French
// typography (frenchTypography), and so do the texts the words package
// writes itself: labelled values and decimals.
func TestFrenchTypography(t *testing.T) {
	for _, bad := range []string{"Délai: 3", "« Seven »", "0.8 s", "0,8 s", "{{.N}}s", "l'Est", "Attendez...", "Prêt ?"} {
		if len(frenchTypography(bad)) == 0 {
			t.Errorf("%q passes the typography check", bad)
		}
	}
	for _, good := range []string{"Délai\u202f: 3", "«\u202fSeven\u202f»", "0,8\u202fs", "après {{.N}}\u202fs", "l’Est", "Attendez…", "192.168.1.20:40123 ou /ip4/…/p2p/…"} {
		if got := frenchTypography(good); len(got) > 0 {
			t.Errorf("%q fails the typography check: %v", good, got)
		}
	}
	fr := files(t)["fr"]
	for k, v := range fr {
		texts := map[string]string{k: ""}
		switch x := v.(type) {
		case string:
			texts[k] = x
		case map[string]any:
			delete(texts, k)
			for form, s := range x {
				texts[k+"."+form], _ = s.(string)
			}
		}
		for key, text := range texts {
			for _, p := range frenchTypography(text) {
				t.Errorf("fr.json %s %q: %s", key, text, p)
			}
		}
	}
	test.NewTempApp(t)
	if err := Use("fr"); err != nil {
		t.Fatal(err)
	}
	defer Use("en")
	for _, s := range []string{Labelled("Délai", Decimal(0.8)+"\u202fs"), Decimal(1.5)} {
		if p := frenchTypography(s); len(p) > 0 {
			t.Errorf("%q: %v", s, p)
		}
	}
	if got := Decimal(0.8); got != "0,8" {
		t.Errorf("0.8 written %q in French", got)
	}
}

// TestComputerNames (issue 20): the computer seats have names, four
// different ones in each language, used as they are everywhere (Computer).
func TestComputerNames(t *testing.T) {
	test.NewTempApp(t)
	defer Use("en")
	for _, l := range translations.Languages {
		if err := Use(l); err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for p := range 4 {
			name := Computer(p)
			if name == "" || seen[name] || strings.ContainsAny(name, "0123456789") || name == "player.computer."+strconv.Itoa(p) {
				t.Errorf("%s: computer player %d is named %q (seen %v)", l, p, name, seen)
			}
			seen[name] = true
		}
	}
}

// TestReasonsDoNotRepeatTheAction (issue 20): a hint reads "Suggested:
// Pass — claiming Four of Bamboo would not help the hand enough", one
// sentence: no reason opens with the action again ("Pass — passes:"),
// whether by an action's own first word ("passes", "expose", "appelle")
// or by a verb announcing the move ("claims", "declares", "votes"). A
// reason may open on the move it advises against ("claiming Four of
// Bamboo", "prendre le Quatre de Bambous"): a gerund or an infinitive.
func TestReasonsDoNotRepeatTheAction(t *testing.T) {
	announcing := []string{"claim", "declar", "déclar", "announc", "annonc", "add", "ajout", "vote", "propos", "win", "prend"}
	for l, m := range files(t) {
		var actions []string
		for k, v := range m {
			if s, ok := v.(string); ok && strings.HasPrefix(k, "action.") {
				actions = append(actions, firstWord(s))
			}
		}
		for k, v := range m {
			forms, ok := v.(map[string]any)
			if !ok || !strings.HasPrefix(k, "hint.") {
				continue
			}
			for form, text := range forms {
				w := firstWord(text.(string))
				if strings.HasSuffix(w, "ing") || strings.HasSuffix(w, "er") || strings.HasSuffix(w, "re") {
					continue // the move not made
				}
				for _, a := range actions {
					if stem := a[:min(len(a), 4)]; strings.HasPrefix(w, stem) {
						t.Errorf("%s.json %s.%s %q opens like the action %q", l, k, form, text, a)
					}
				}
				for _, a := range announcing {
					if strings.HasPrefix(w, a) {
						t.Errorf("%s.json %s.%s %q opens by announcing the move again (%q)", l, k, form, text, w)
					}
				}
			}
		}
	}
}

// firstWord is s's first word in lower case, without punctuation.
func firstWord(s string) string {
	w, _, _ := strings.Cut(strings.ToLower(s), " ")
	return strings.TrimRight(w, "!:,")
}

// TestHintsSayTheSameEverywhere: the engine's English reasons (what
// `fourwinds hint` and `play` print) are the app's English ones, word for
// word, so a hint reads the same on the command line and in the app.
func TestHintsSayTheSameEverywhere(t *testing.T) {
	en := files(t)["en"]
	for k, m := range ai.Messages() {
		var want forms
		switch v := en[k].(type) {
		case string:
			want.Other = v
		case map[string]any:
			want.One, _ = v["one"].(string)
			want.Other, _ = v["other"].(string)
		}
		if got := (forms{One: m.One, Other: m.Other}); got != want {
			t.Errorf("%s: the engine says %+v, en.json %+v", k, got, want)
		}
	}
}

// forms are one reason's plural forms, as the test compares them.
type forms struct{ One, Other string }
