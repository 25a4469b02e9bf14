// Package appmeta reads FyneApp.toml, the one place that names Four Winds
// and numbers its releases, for the tools that stamp, package and describe
// the app (release builds, the Linux desktop entry and AppStream
// metainfo, the store metadata checks).
package appmeta

import (
	"errors"
	"fmt"
	"os"
	"regexp"

	"github.com/BurntSushi/toml"
)

// File is FyneApp.toml's name; it lies at the repository root.
const File = "FyneApp.toml"

// App is what FyneApp.toml says about the app (the fields Fyne's packager
// reads, by the same names).
type App struct {
	// Website is the project's home page.
	Website string
	// Description is one or two sentences about the app.
	Description string
	// Details name and number the app.
	Details Details
	// LinuxAndBSD describe the desktop entry.
	LinuxAndBSD LinuxAndBSD
}

// Details are the app's name, id, version and build number.
type Details struct {
	// Icon is the icon's path from the repository root.
	Icon string
	// Name is the name people see.
	Name string
	// ID is the reverse-DNS app id (also the Android package name).
	ID string
	// Version is MAJOR.MINOR.PATCH.
	Version string
	// Build numbers the releases, from 1; the stores need it to grow.
	Build int
}

// LinuxAndBSD describe the app in a freedesktop desktop entry.
type LinuxAndBSD struct {
	// GenericName is what the app is ("Mahjong").
	GenericName string
	// Categories are freedesktop menu categories.
	Categories []string
	// Comment is a one-line tooltip.
	Comment string
	// Keywords help people find the app in a launcher.
	Keywords []string
}

var (
	// An Android package name: two or more dot-separated parts, each a
	// letter followed by letters, digits or underscores.
	idPattern      = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$`)
	versionPattern = regexp.MustCompile(`^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$`)
)

// Load reads and checks the FyneApp.toml at path.
func Load(path string) (App, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return App{}, fmt.Errorf("appmeta: %w", err)
	}
	return Parse(data)
}

// Parse reads and checks FyneApp.toml's text.
func Parse(data []byte) (App, error) {
	var a App
	if _, err := toml.Decode(string(data), &a); err != nil {
		return App{}, fmt.Errorf("appmeta: %s: %w", File, err)
	}
	if err := a.Check(); err != nil {
		return App{}, err
	}
	return a, nil
}

// Check reports what is missing or malformed in the app's details.
func (a App) Check() error {
	var errs []error
	d := a.Details
	if d.Name == "" {
		errs = append(errs, errors.New("[Details] Name is empty"))
	}
	if !idPattern.MatchString(d.ID) {
		errs = append(errs, fmt.Errorf("[Details] ID %q must be reverse-DNS parts of letters, digits and underscores, each starting with a letter (io.github.owner.app)", d.ID))
	}
	if !versionPattern.MatchString(d.Version) {
		errs = append(errs, fmt.Errorf("[Details] Version %q must be MAJOR.MINOR.PATCH (0.1.0)", d.Version))
	}
	if d.Build < 1 {
		errs = append(errs, fmt.Errorf("[Details] Build %d must be 1 or more", d.Build))
	}
	if d.Icon == "" {
		errs = append(errs, errors.New("[Details] Icon is empty"))
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("appmeta: %s: %w", File, err)
	}
	return nil
}
