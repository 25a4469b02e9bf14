// Package translations embeds the app's texts: one go-i18n JSON file per
// language (en.json is the fallback), loaded by the ui through
// fyne.io/fyne/v2/lang.
package translations

import "embed"

// Files holds en.json, fr.json, ...
//
//go:embed *.json
var Files embed.FS

// Languages are the languages shipped, in the order the settings offer them.
var Languages = []string{"en", "fr"}
