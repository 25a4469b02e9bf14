package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// rendered draws the pictures once for all the tests.
var rendered = sync.OnceValue(render)

// TestCommittedPicturesAreDrawn checks that every committed picture is
// exactly what the code draws, so the pictures cannot drift from their
// source. Run `go run ./tools/art` after changing the drawing.
func TestCommittedPicturesAreDrawn(t *testing.T) {
	root := filepath.Join("..", "..")
	for path, want := range rendered() {
		got, err := os.ReadFile(filepath.Join(root, path))
		if err != nil {
			t.Errorf("%s: %v (run `go run ./tools/art`)", path, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from what tools/art draws (run `go run ./tools/art`)", path)
		}
	}
}

func TestPictureSizes(t *testing.T) {
	for path, data := range rendered() {
		cfg, err := png.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		w, h := IconSize, IconSize
		if strings.HasSuffix(path, "featureGraphic.png") {
			w, h = FeatureWidth, FeatureHeight
		}
		if cfg.Width != w || cfg.Height != h {
			t.Errorf("%s is %d×%d, want %d×%d", path, cfg.Width, cfg.Height, w, h)
		}
	}
}
