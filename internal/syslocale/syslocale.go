// Package syslocale reads a C or POSIX locale as English. Fyne's lang
// package reads the locale from the environment (LC_ALL, LC_MESSAGES,
// LANG, then LANGUAGE); a locale such as "C.UTF-8", usual on servers and
// in containers, is no language, and Fyne logged "Error parsing user
// locale C" at every start (once when it loads its own translations,
// once for each of the app's files) before falling back to English.
//
// The package sets LANGUAGE to "en" when the locale is C or POSIX and
// LANGUAGE is empty, as its init (which runs before Fyne's lang package:
// importers of words get it) and again through Settle.
package syslocale

import (
	"os"
	"strings"
)

func init() { Settle() }

// Settle sets LANGUAGE to "en" when the environment's locale is C or
// POSIX (with or without a codeset, "C.UTF-8") and LANGUAGE is not set.
func Settle() {
	if os.Getenv("LANGUAGE") != "" || !plain(locale()) {
		return
	}
	_ = os.Setenv("LANGUAGE", "en")
}

// locale is the environment's locale for messages: the first of LC_ALL,
// LC_MESSAGES and LANG that is set.
func locale() string {
	for _, v := range [...]string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if l := os.Getenv(v); l != "" {
			return l
		}
	}
	return ""
}

// plain reports whether l is the C or POSIX locale, with or without a
// codeset or modifier.
func plain(l string) bool {
	name, _, _ := strings.Cut(l, ".")
	name, _, _ = strings.Cut(name, "@")
	return name == "C" || name == "POSIX"
}
