package main

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/template"

	"github.com/fourwinds-mahjong/fourwinds/internal/appmeta"
)

// desktopEntry returns the freedesktop desktop entry that starts the app
// with the command exec.
func desktopEntry(app appmeta.App, exec string) ([]byte, error) {
	l := app.LinuxAndBSD
	if l.Comment == "" || len(l.Categories) == 0 {
		return nil, errors.New("FyneApp.toml: [LinuxAndBSD] needs Comment and Categories for the desktop entry")
	}
	var b strings.Builder
	line := func(key, value string) {
		if value != "" {
			fmt.Fprintf(&b, "%s=%s\n", key, value)
		}
	}
	b.WriteString("[Desktop Entry]\n")
	line("Type", "Application")
	line("Version", "1.4")
	line("Name", desktopString(app.Details.Name))
	line("GenericName", desktopString(l.GenericName))
	line("Comment", desktopString(l.Comment))
	line("Exec", exec)
	line("Icon", app.Details.ID)
	line("Terminal", "false")
	line("Categories", desktopList(l.Categories))
	line("Keywords", desktopList(l.Keywords))
	line("StartupNotify", "true")
	return []byte(b.String()), nil
}

// desktopString escapes a desktop entry string value.
func desktopString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, "\n", `\n`, "\t", `\t`, "\r", `\r`)
	return r.Replace(s)
}

// desktopList writes a desktop entry list: each item escaped and ended by ';'.
func desktopList(items []string) string {
	var b strings.Builder
	for _, it := range items {
		b.WriteString(strings.ReplaceAll(desktopString(it), ";", `\;`))
		b.WriteString(";")
	}
	return b.String()
}

// release is one release in the metainfo.
type release struct {
	Version, Date string
	// Notes are its release notes, one paragraph a line.
	Notes []string
}

// releaseNotes reads the English store changelog of build: one note a
// line, without the list bullet.
func releaseNotes(root string, build int) ([]string, error) {
	path := filepath.Join(root, "fastlane", "metadata", "android", "en-US", "changelogs", strconv.Itoa(build)+".txt")
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("release notes for build %d: %w", build, err)
	}
	var notes []string
	for l := range strings.Lines(string(data)) {
		if l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "•")); l != "" {
			notes = append(notes, l)
		}
	}
	if len(notes) == 0 {
		return nil, fmt.Errorf("%s is empty", path)
	}
	return notes, nil
}

var metainfoTemplate = template.Must(template.New("metainfo").Funcs(template.FuncMap{"x": escapeXML}).Parse(
	`<?xml version="1.0" encoding="UTF-8"?>
<!-- Written from FyneApp.toml by ` + "`go run ./tools/release desktop`" + `. -->
<component type="desktop-application">
  <id>{{x .App.Details.ID}}</id>
  <metadata_license>CC0-1.0</metadata_license>
  <name>{{x .App.Details.Name}}</name>
  <summary>{{x .App.LinuxAndBSD.Comment}}</summary>
  <description>
    <p>{{x .App.Description}}</p>
  </description>
  <launchable type="desktop-id">{{x .App.Details.ID}}.desktop</launchable>
  <url type="homepage">{{x .App.Website}}</url>
  <developer id="{{x .Developer}}">
    <name>{{x .App.Details.Name}} contributors</name>
  </developer>
  <content_rating type="oars-1.1"/>
  <keywords>{{range .App.LinuxAndBSD.Keywords}}
    <keyword>{{x .}}</keyword>{{end}}
  </keywords>
  <releases>
    <release version="{{x .Release.Version}}" date="{{x .Release.Date}}">
      <description>{{range .Release.Notes}}
        <p>{{x .}}</p>{{end}}
      </description>
    </release>
  </releases>
</component>
`))

// metainfo returns the AppStream metainfo describing app at release r.
func metainfo(app appmeta.App, r release) ([]byte, error) {
	if app.Description == "" || app.Website == "" || app.LinuxAndBSD.Comment == "" {
		return nil, errors.New("FyneApp.toml: the metainfo needs Description, Website and [LinuxAndBSD] Comment")
	}
	var b bytes.Buffer
	err := metainfoTemplate.Execute(&b, struct {
		App       appmeta.App
		Developer string
		Release   release
	}{app, app.Details.ID[:strings.LastIndex(app.Details.ID, ".")], r})
	return b.Bytes(), err
}

// escapeXML escapes s for XML text and attribute values.
func escapeXML(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s)) // a strings.Builder never fails to write
	return b.String()
}
