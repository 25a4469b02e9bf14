// Package words gives the app its texts through fyne.io/fyne/v2/lang: the
// translations/en.json and fr.json files, the language switch, and the
// names of tiles, melds, rules and options in full ("Three of Bamboo",
// "Pung of Red Dragon").
package words

import (
	"os"
	"strconv"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/hand"
	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/internal/syslocale"
	"github.com/fourwinds-mahjong/fourwinds/translations"
)

// current is the language in use ("en", "fr").
var current = "en"

// switching guards fyne's translation bundle and current: Use rewrites
// them while the texts are read under its read lock. On a device both happen on the UI
// thread; in tests, screens of several apps read texts from their own
// goroutines while a test switches languages.
var switching sync.RWMutex

// x is lang.X under switching's read lock.
func x(key, fallback string, data ...any) string {
	switching.RLock()
	defer switching.RUnlock()
	return lang.X(key, fallback, data...)
}

// Use loads the translations and switches to language code ("en", "fr";
// "" keeps the system's language, English for a C or POSIX locale).
// Screens built afterwards use it.
func Use(code string) error {
	switching.Lock()
	defer switching.Unlock()
	if code == "" {
		syslocale.Settle()
	} else {
		// lang picks the language from the environment when
		// translations are added: LANGUAGE comes first.
		if err := os.Setenv("LANGUAGE", code); err != nil {
			return err
		}
	}
	for _, l := range translations.Languages {
		b, err := translations.Files.ReadFile(l + ".json")
		if err != nil {
			return err
		}
		if err := lang.AddTranslations(fyne.NewStaticResource(l+".json", b)); err != nil {
			return err
		}
	}
	current = "en"
	if strings.HasPrefix(lang.X("lang.code", "en"), "fr") {
		current = "fr"
	}
	return nil
}

// Current returns the language in use.
func Current() string {
	switching.RLock()
	defer switching.RUnlock()
	return current
}

// T returns the text of key in the current language; a key the files do
// not have falls back to the core's English name for it.
func T(key string) string { return x(key, rules.EnglishName(key)) }

// F returns the text of key with its {{.Name}} fields filled from data.
func F(key string, data map[string]any) string {
	return x(key, rules.EnglishName(key), data)
}

// N returns the text of key for count (its "one" or "other" form), with
// {{.Count}} and data's fields filled.
func N(key string, count int, data map[string]any) string {
	d := map[string]any{"Count": count}
	for k, v := range data {
		d[k] = v
	}
	switching.RLock()
	defer switching.RUnlock()
	return lang.XN(key, rules.EnglishName(key), count, d)
}

// Labelled writes a label and its value: "Default: on", in French
// "Par défaut : oui" (a narrow no-break space before the colon).
func Labelled(label, value string) string {
	return F("text.labelled", map[string]any{"Label": label, "Value": value})
}

// Decimal writes x with one decimal in the language's way: "0.8", "0,8".
func Decimal(x float64) string {
	return strings.Replace(strconv.FormatFloat(x, 'f', 1, 64), ".", T("number.decimal"), 1)
}

// Tile is a tile's full name: "Three of Bamboo", "Red Dragon", "Joker",
// "Hidden tile".
func Tile(k tile.Kind) string {
	if k == tile.Unknown {
		return T("tile.hidden")
	}
	if !k.Valid() {
		return ""
	}
	return T("tile." + k.String())
}

// Meld is a meld's full name: "Pung of Red Dragon", "Chow from Three of
// Bamboo", "Concealed kong of East Wind".
func Meld(m hand.Meld) string {
	key := "meld." + m.Kind.String()
	if m.Kind == hand.Kong && !m.Open {
		key = "meld.concealed_kong"
	}
	return F(key, map[string]any{"Tile": Tile(m.Tile)})
}

// Computer is the name of the computer playing player p (0–3) in the
// current language: the same on the new-game screen, at the table, on
// the sheet and at a shared table.
func Computer(p int) string {
	if p < 0 || p > 3 {
		return ""
	}
	return T("player.computer." + strconv.Itoa(p))
}

// Wind is a wind's name ("East").
func Wind(w rules.Wind) string {
	if w < rules.E || w > rules.N {
		return ""
	}
	return T("wind." + w.String())
}

// Score is a score line's name: the translation of its key, or, for a
// line written in prose (jilin), the translation of its phrase with the
// tiles named in full; prose of no registered phrase is shown as it is.
func Score(name string) string {
	if p, args, ok := rules.PhraseOf(name); ok {
		data := map[string]any{}
		for i, a := range p.Args {
			data[a] = tileArg(args[i])
		}
		return F(p.Key, data)
	}
	if strings.ContainsAny(name, " ") {
		return name
	}
	return T(name)
}

// tileArg names a single tile in notation ("3z") in full, and each of
// several ("99p 2z"); other text (a group "[4444p]") stays as it is.
func tileArg(v string) string {
	ks, err := tile.Parse(v)
	switch {
	case err != nil || len(ks) == 0:
		return v
	case len(ks) == 1 && ks[0].String() == v:
		return Tile(ks[0])
	case len(ks) > 1:
		// Several tiles ("99p 2z", the Charleston's pass) are named one
		// by one: a hint once read "passes 99p 2z".
		return Tiles(ks)
	}
	return v
}

// Tiles names several tiles one by one: "Nine of Circles, South Wind".
func Tiles(ks []tile.Kind) string {
	names := make([]string, len(ks))
	for i, k := range ks {
		names[i] = Tile(k)
	}
	return strings.Join(names, ", ")
}

// Option is an option's translated label.
func Option(s rules.OptionSpec) string { return T(s.Label) }

// Choice is an option value's translated name.
func Choice(v string) string { return x("choice."+v, v) }

// Ruleset is a ruleset's name and its one-line description.
func Ruleset(id string) (name, line string) {
	return T("ruleset." + id), T("ruleset." + id + ".line")
}

// Reason returns the text of a hint's reason: key with its arguments
// (Count chooses the plural), or the AI's English text when no file has
// the key.
func Reason(key, english string, args map[string]string) string {
	data := map[string]any{}
	for k, v := range args {
		data[k] = tileArg(v) // a single tile in notation ("3z") is named in full
	}
	if c, err := strconv.Atoi(args["Count"]); err == nil && ai.Messages()[key].One != "" {
		switching.RLock()
		defer switching.RUnlock()
		return lang.XN(key, english, c, data)
	}
	return x(key, english, data)
}
