package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// TestCommittedPicturesAreDrawn checks that every committed picture is
// exactly what the code draws, so the pictures cannot drift from their
// source. Run `go run ./tools/art` after changing the drawing.
func TestCommittedPicturesAreDrawn(t *testing.T) {
	root := filepath.Join("..", "..")
	for path, want := range render() {
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
	for _, tc := range []struct {
		name string
		data []byte
		w, h int
	}{
		{"icon", encode(icon(IconSize)), 512, 512},
		{"feature graphic", encode(featureGraphic(FeatureWidth, FeatureHeight)), 1024, 500},
	} {
		cfg, err := png.DecodeConfig(bytes.NewReader(tc.data))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if cfg.Width != tc.w || cfg.Height != tc.h {
			t.Errorf("%s is %d×%d, want %d×%d", tc.name, cfg.Width, cfg.Height, tc.w, tc.h)
		}
	}
}
