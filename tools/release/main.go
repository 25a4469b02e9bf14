// Command release writes what packaging needs from FyneApp.toml, so the
// app's name, id and version are written in one place only:
//
//	go run ./tools/release version                  # prints the version (for -ldflags -X)
//	go run ./tools/release id                       # prints the app id
//	go run ./tools/release manifest [-o FILE]       # writes AndroidManifest.xml
//	go run ./tools/release desktop -exec CMD -o DIR # writes the Linux desktop entry and AppStream metainfo
//
// `desktop` names its files after the app id: DIR/<id>.desktop and
// DIR/<id>.metainfo.xml. The metainfo's release notes are the English
// store changelog of the current build, dated -date (YYYY-MM-DD).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/fourwinds-mahjong/fourwinds/internal/appmeta"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "release:", err)
		os.Exit(2)
	}
}

// run executes one command line.
func run(args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return errors.New("give a command: version, id, manifest or desktop")
	}
	fs := flag.NewFlagSet(args[0], flag.ContinueOnError)
	root := fs.String("root", ".", "the repository root (where FyneApp.toml is)")
	switch args[0] {
	case "version", "id":
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		app, err := appmeta.Load(filepath.Join(*root, appmeta.File))
		if err != nil {
			return err
		}
		if args[0] == "id" {
			_, err = fmt.Fprintln(stdout, app.Details.ID)
		} else {
			_, err = fmt.Fprintln(stdout, app.Details.Version)
		}
		return err
	case "manifest":
		out := fs.String("o", "AndroidManifest.xml", "the file to write")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		app, err := appmeta.Load(filepath.Join(*root, appmeta.File))
		if err != nil {
			return err
		}
		return writeFile(*out, androidManifest(app))
	case "desktop":
		out := fs.String("o", "", "the folder to write the two files to")
		exec := fs.String("exec", "", "the command that starts the app")
		date := fs.String("date", "", "the release date, YYYY-MM-DD")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		if *out == "" || *exec == "" || *date == "" {
			return errors.New("desktop needs -o DIR, -exec CMD and -date YYYY-MM-DD")
		}
		app, err := appmeta.Load(filepath.Join(*root, appmeta.File))
		if err != nil {
			return err
		}
		notes, err := releaseNotes(*root, app.Details.Build)
		if err != nil {
			return err
		}
		entry, err := desktopEntry(app, *exec)
		if err != nil {
			return err
		}
		info, err := metainfo(app, release{Version: app.Details.Version, Date: *date, Notes: notes})
		if err != nil {
			return err
		}
		if err := writeFile(filepath.Join(*out, app.Details.ID+".desktop"), entry); err != nil {
			return err
		}
		return writeFile(filepath.Join(*out, app.Details.ID+".metainfo.xml"), info)
	}
	return fmt.Errorf("unknown command %q: use version, id, manifest or desktop", args[0])
}

// writeFile writes data to path atomically (temp file + rename).
func writeFile(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".release-*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr, os.Chmod(tmp.Name(), 0o644)); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}
