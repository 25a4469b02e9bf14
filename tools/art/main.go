// Command art draws Four Winds' icon and store graphics from code, so the
// pictures are the project's own and can be redrawn at any size:
//
//	go run ./tools/art            # writes the files below under the repository root
//	go run ./tools/art -root DIR  # writes them under DIR
//
// It writes assets/icon.png (512×512), and for each store locale
// fastlane/metadata/android/<locale>/images/icon.png and
// featureGraphic.png (1024×500). A test checks the committed files are
// what this command draws.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
)

// Locales are the store locales that get the pictures.
var Locales = []string{"en-US", "fr-FR"}

// Sizes of the pictures.
const (
	IconSize       = 512
	FeatureWidth   = 1024
	FeatureHeight  = 500
	metadataFolder = "fastlane/metadata/android"
)

func main() {
	root := flag.String("root", ".", "the repository root to write under")
	flag.Parse()
	for path, data := range render() {
		if err := writeFile(filepath.Join(*root, path), data); err != nil {
			fmt.Fprintln(os.Stderr, "art:", err)
			os.Exit(1)
		}
	}
}

// render draws every picture and returns the PNG bytes by path from the
// repository root.
func render() map[string][]byte {
	iconPNG := encode(icon(IconSize))
	featurePNG := encode(featureGraphic(FeatureWidth, FeatureHeight))
	out := map[string][]byte{"assets/icon.png": iconPNG}
	for _, l := range Locales {
		dir := filepath.Join(metadataFolder, l, "images")
		out[filepath.Join(dir, "icon.png")] = iconPNG
		out[filepath.Join(dir, "featureGraphic.png")] = featurePNG
	}
	return out
}

func encode(img image.Image) []byte {
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&b, img); err != nil {
		panic(err) // encoding into memory fails only on a bad image, which render never makes
	}
	return b.Bytes()
}

// writeFile writes data to path atomically (temp file + rename).
func writeFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".art-*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}
