package main

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/fourwinds-mahjong/fourwinds/internal/appmeta"
)

// root is the repository root, seen from this package.
var root = filepath.Join("..", "..")

// The store's text limits, in characters.
var textLimits = []struct {
	file string
	max  int
}{
	{"title.txt", 30},
	{"short_description.txt", 80},
	{"full_description.txt", 4000},
}

// readText returns a metadata text file without its final newline.
func readText(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !utf8.Valid(data) {
		t.Fatalf("%s is not UTF-8", path)
	}
	return strings.TrimSuffix(string(data), "\n")
}

func checkText(t *testing.T, path string, max int) {
	t.Helper()
	s := readText(t, path)
	n := utf8.RuneCountInString(s)
	switch {
	case strings.TrimSpace(s) == "":
		t.Errorf("%s is empty", path)
	case n > max:
		t.Errorf("%s has %d characters; the store allows %d", path, n, max)
	case s != strings.TrimSpace(s):
		t.Errorf("%s starts or ends with spaces or blank lines", path)
	}
}

func checkPNG(t *testing.T, path string, w, h int) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if cfg.Width != w || cfg.Height != h {
		t.Errorf("%s is %d×%d, want %d×%d", path, cfg.Width, cfg.Height, w, h)
	}
}

func TestStoreTexts(t *testing.T) {
	for _, l := range Locales {
		dir := filepath.Join(root, Metadata, l.Locale)
		for _, lim := range textLimits {
			checkText(t, filepath.Join(dir, lim.file), lim.max)
		}
	}
}

// TestChangelogs checks that every locale has a changelog for the build
// in FyneApp.toml, and none for a build not made yet.
func TestChangelogs(t *testing.T) {
	app, err := appmeta.Load(filepath.Join(root, appmeta.File))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range Locales {
		dir := filepath.Join(root, Metadata, l.Locale, "changelogs")
		checkText(t, filepath.Join(dir, strconv.Itoa(app.Details.Build)+".txt"), 500)
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			b, err := strconv.Atoi(strings.TrimSuffix(e.Name(), ".txt"))
			if err != nil || !strings.HasSuffix(e.Name(), ".txt") || b < 1 || b > app.Details.Build {
				t.Errorf("%s/%s: changelogs are named <build>.txt for builds 1 to %d", dir, e.Name(), app.Details.Build)
				continue
			}
			checkText(t, filepath.Join(dir, e.Name()), 500)
		}
	}
}

func TestStoreImages(t *testing.T) {
	for _, l := range Locales {
		dir := filepath.Join(root, Metadata, l.Locale, "images")
		checkPNG(t, filepath.Join(dir, "icon.png"), 512, 512)
		checkPNG(t, filepath.Join(dir, "featureGraphic.png"), 1024, 500)
	}
}

// TestPhoneScreenshots checks every locale has phone screenshots of the
// right size. They come from the app (`make screenshots`, then
// `make store-screenshots`), so the check waits for the app's main.go.
func TestPhoneScreenshots(t *testing.T) {
	if _, err := os.Stat(filepath.Join(root, "main.go")); os.IsNotExist(err) {
		t.Skip("skipped until the Fyne app (main.go, `make screenshots`) is in this tree: " +
			"the phone screenshots are the app's; copy them with `make store-screenshots`")
	}
	for _, l := range Locales {
		dir := filepath.Join(root, Metadata, l.Locale, "images", "phoneScreenshots")
		shots, _ := filepath.Glob(filepath.Join(dir, "*.png"))
		if len(shots) == 0 {
			t.Errorf("%s has no screenshots: run `make store-screenshots`", dir)
		}
		for _, s := range shots {
			checkPNG(t, s, PhoneWidth, PhoneHeight)
		}
	}
}

func TestInLanguage(t *testing.T) {
	for _, tc := range []struct {
		rel, lang string
		want      bool
	}{
		{"fr/table.png", "fr", true},
		{"en/table.png", "fr", false},
		{"table-fr.png", "fr", true},
		{"table_en.png", "en", true},
		{"phone/en/1.png", "en", true},
		{"french.png", "fr", false},
		{"frame-en.png", "fr", false},
		{"FR/table.png", "fr", true},
		{"home_360x640_en.png", "en", true}, // make screenshots names them so
		{"home_360x640_en.png", "fr", false},
	} {
		if got := inLanguage(tc.rel, tc.lang); got != tc.want {
			t.Errorf("inLanguage(%q, %q) = %v, want %v", tc.rel, tc.lang, got, tc.want)
		}
	}
}

func writePNG(t *testing.T, path string, w, h int) {
	t.Helper()
	var b bytes.Buffer
	img := image.NewGray(image.Rect(0, 0, w, h))
	img.Pix[0] = filepath.Base(path)[0] // each name its own picture
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestCopyScreenshots(t *testing.T) {
	from, to := t.TempDir(), t.TempDir()
	writePNG(t, filepath.Join(from, "en", "b.png"), 360, 640)
	writePNG(t, filepath.Join(from, "en", "c.png"), 360, 640)
	writePNG(t, filepath.Join(from, "en", "a.png"), 360, 640)
	writePNG(t, filepath.Join(from, "en", "wide.png"), 1280, 720) // not a phone shot
	writePNG(t, filepath.Join(from, "table-fr.png"), 360, 640)
	old := filepath.Join(to, Metadata, "fr-FR", "images", "phoneScreenshots", "9.png")
	writePNG(t, old, 360, 640)
	if err := copyScreenshots(from, to, []string{"b"}); err != nil {
		t.Fatal(err)
	}
	first, err := os.ReadFile(filepath.Join(to, Metadata, "en-US", "images", "phoneScreenshots", "1.png"))
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(from, "en", "b.png")); !bytes.Equal(first, b) {
		t.Error("-first b: 1.png is not b.png")
	}
	for locale, want := range map[string]int{"en-US": 3, "fr-FR": 1} {
		got, _ := filepath.Glob(filepath.Join(to, Metadata, locale, "images", "phoneScreenshots", "*.png"))
		if len(got) != want {
			t.Errorf("%s: %d screenshots %v, want %d", locale, len(got), got, want)
		}
	}
	if _, err := os.Stat(old); !os.IsNotExist(err) {
		t.Errorf("an old screenshot was kept: %v", err)
	}
	empty := t.TempDir()
	writePNG(t, filepath.Join(empty, "en", "a.png"), 360, 640)
	if err := copyScreenshots(empty, t.TempDir(), nil); err == nil || !strings.Contains(err.Error(), `"fr"`) {
		t.Errorf("missing French screenshots: err = %v, want one naming fr", err)
	}
}
