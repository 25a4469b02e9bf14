// Command fastlane copies the app's phone screenshots into the store
// metadata, fastlane/metadata/android/<locale>/images/phoneScreenshots:
//
//	go run ./tools/fastlane -from DIR [-first table,sheet] [-root .]
//
// A PNG under DIR is a phone screenshot when it is 360×640; it belongs to a
// locale's language (en for en-US, fr for fr-FR) when one folder of its
// path, or one word of its name split at '-', '_' and '.', is that
// language ("screenshots/fr/table.png", "table-fr.png"). Each locale's
// folder is replaced by the screenshots found for it, numbered 1.png,
// 2.png, ... in the order the stores show them: those whose name starts
// with a -first word, in that order, then the others by name. The test beside this
// file checks all of the store metadata.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Metadata is the store metadata folder from the repository root.
const Metadata = "fastlane/metadata/android"

// Locales are the store locales with the language of their screenshots.
var Locales = []struct{ Locale, Lang string }{{"en-US", "en"}, {"fr-FR", "fr"}}

// The size of a phone screenshot.
const (
	PhoneWidth  = 360
	PhoneHeight = 640
)

func main() {
	from := flag.String("from", "", "the folder holding the app's screenshots (make screenshots)")
	root := flag.String("root", ".", "the repository root")
	first := flag.String("first", "", "comma-separated name starts of the screenshots to show first, in order")
	flag.Parse()
	if *from == "" {
		fmt.Fprintln(os.Stderr, "fastlane: give -from, the folder `make screenshots` writes")
		os.Exit(2)
	}
	if err := copyScreenshots(*from, *root, strings.Split(*first, ",")); err != nil {
		fmt.Fprintln(os.Stderr, "fastlane:", err)
		os.Exit(1)
	}
}

// copyScreenshots replaces each locale's phoneScreenshots with the
// screenshots for its language under from, those named first ahead.
func copyScreenshots(from, root string, first []string) error {
	found := map[string][]string{}
	err := filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(path), ".png") {
			return err
		}
		rel, err := filepath.Rel(from, path)
		if err != nil {
			return err
		}
		ok, err := isPhone(path)
		if err != nil || !ok {
			return err
		}
		for _, l := range Locales {
			if inLanguage(rel, l.Lang) {
				found[l.Locale] = append(found[l.Locale], path)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, l := range Locales {
		if len(found[l.Locale]) == 0 {
			return fmt.Errorf("no %d×%d PNG for language %q under %s (name a folder %s/ or a file *-%s.png)",
				PhoneWidth, PhoneHeight, l.Lang, from, l.Lang, l.Lang)
		}
	}
	for _, l := range Locales {
		shots := found[l.Locale]
		slices.SortFunc(shots, func(a, b string) int {
			if c := rank(a, first) - rank(b, first); c != 0 {
				return c
			}
			return strings.Compare(a, b)
		})
		dir := filepath.Join(root, Metadata, l.Locale, "images", "phoneScreenshots")
		if err := os.RemoveAll(dir); err != nil {
			return err
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		for i, src := range shots {
			data, err := os.ReadFile(src)
			if err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%d.png", i+1)), data, 0o644); err != nil {
				return err
			}
		}
		fmt.Printf("%s: %d screenshots\n", l.Locale, len(shots))
	}
	return nil
}

// rank is the place of the first word path's file name starts with, or
// len(first) when none.
func rank(path string, first []string) int {
	name := filepath.Base(path)
	for i, f := range first {
		if f != "" && strings.HasPrefix(name, f) {
			return i
		}
	}
	return len(first)
}

// inLanguage reports whether rel, a path under the screenshots folder,
// names lang as a folder or as a word of the file name.
func inLanguage(rel, lang string) bool {
	parts := strings.Split(filepath.ToSlash(rel), "/")
	name := strings.TrimSuffix(parts[len(parts)-1], filepath.Ext(rel))
	words := strings.FieldsFunc(name, func(r rune) bool { return r == '-' || r == '_' || r == '.' })
	return slices.ContainsFunc(append(parts[:len(parts)-1], words...), func(s string) bool { return strings.EqualFold(s, lang) })
}

// isPhone reports whether the PNG at path is a phone screenshot.
func isPhone(path string) (bool, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return false, err
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return false, errors.Join(fmt.Errorf("%s is not a PNG", path), err)
	}
	return cfg.Width == PhoneWidth && cfg.Height == PhoneHeight, nil
}
