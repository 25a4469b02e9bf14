package main

import (
	"bytes"
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/internal/appmeta"
)

// root is the repository root, seen from this package.
var root = filepath.Join("..", "..")

func loadApp(t *testing.T) appmeta.App {
	t.Helper()
	app, err := appmeta.Load(filepath.Join(root, appmeta.File))
	if err != nil {
		t.Fatal(err)
	}
	return app
}

func TestVersion(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"version", "-root", root}, &out); err != nil {
		t.Fatal(err)
	}
	if got, want := strings.TrimSpace(out.String()), loadApp(t).Details.Version; got != want {
		t.Errorf("version printed %q, want %q", got, want)
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{nil, {"publish"}, {"desktop", "-root", root}} {
		if err := run(args, new(bytes.Buffer)); err == nil {
			t.Errorf("release %q: no error", args)
		}
	}
}

// TestAndroidManifestIsCurrent checks the committed AndroidManifest.xml is
// the one FyneApp.toml gives (Fyne's packager copies it as it is, so a
// stale one would ship the wrong version).
func TestAndroidManifestIsCurrent(t *testing.T) {
	got, err := os.ReadFile(filepath.Join(root, "AndroidManifest.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if want := androidManifest(loadApp(t)); !bytes.Equal(got, want) {
		t.Errorf("AndroidManifest.xml is not what FyneApp.toml gives: run `go run ./tools/release manifest`")
	}
}

// metaData is an activity's meta-data element.
type metaData struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

// TestAndroidManifestShape checks what Fyne's packager and Android need of
// the manifest.
func TestAndroidManifestShape(t *testing.T) {
	app := loadApp(t)
	var m struct {
		Package     string `xml:"package,attr"`
		VersionCode string `xml:"versionCode,attr"`
		VersionName string `xml:"versionName,attr"`
		UsesSDK     []struct {
			Min string `xml:"minSdkVersion,attr"`
		} `xml:"uses-sdk"`
		Application struct {
			Icon     string `xml:"icon,attr"`
			Activity struct {
				Name     string     `xml:"name,attr"`
				MetaData []metaData `xml:"meta-data"`
			} `xml:"activity"`
		} `xml:"application"`
		Permissions []struct {
			Name string `xml:"name,attr"`
		} `xml:"uses-permission"`
	}
	if err := xml.Unmarshal(androidManifest(app), &m); err != nil {
		t.Fatal(err)
	}
	if m.Package != app.Details.ID || m.VersionName != app.Details.Version || m.VersionCode != strconv.Itoa(app.Details.Build) {
		t.Errorf("package %q version %q (%q): want FyneApp.toml's", m.Package, m.VersionName, m.VersionCode)
	}
	if len(m.UsesSDK) > 0 || m.Application.Icon != "" {
		t.Error("uses-sdk and android:icon are the packager's: Fyne refuses a manifest that has them")
	}
	if m.Application.Activity.Name != "org.golang.app.GoNativeActivity" {
		t.Errorf("activity %q: Fyne builds only org.golang.app.GoNativeActivity", m.Application.Activity.Name)
	}
	if !slices.Contains(m.Application.Activity.MetaData, metaData{"android.app.lib_name", AndroidLibName}) {
		t.Error("the activity lacks android.app.lib_name")
	}
	var perms []string
	for _, p := range m.Permissions {
		perms = append(perms, p.Name)
	}
	for _, want := range []string{"INTERNET", "ACCESS_NETWORK_STATE", "ACCESS_WIFI_STATE", "CHANGE_WIFI_MULTICAST_STATE"} {
		if !slices.Contains(perms, "android.permission."+want) {
			t.Errorf("permission %s missing (have %v)", want, perms)
		}
	}
}

// validatorsRequired says whether the desktop validators must be present: the
// Makefile installs them and sets FOURWINDS_VALIDATORS=required.
var validatorsRequired = os.Getenv("FOURWINDS_VALIDATORS") == "required"

// validate runs an external validator when it is installed.
func validate(t *testing.T, tool string, args ...string) {
	t.Helper()
	if _, err := exec.LookPath(tool); err != nil {
		if validatorsRequired {
			t.Fatalf("%s is not installed (make test installs it)", tool)
		}
		t.Logf("%s is not installed: only the Go checks ran", tool)
		return
	}
	out, err := exec.Command(tool, args...).CombinedOutput()
	if err != nil {
		t.Errorf("%s %s: %v\n%s", tool, strings.Join(args, " "), err, out)
	}
}

func TestDesktopFiles(t *testing.T) {
	dir := t.TempDir()
	if err := run([]string{"desktop", "-root", root, "-exec", "four-winds", "-o", dir, "-date", "2026-11-24"}, new(bytes.Buffer)); err != nil {
		t.Fatal(err)
	}
	app := loadApp(t)
	entryPath := filepath.Join(dir, app.Details.ID+".desktop")
	infoPath := filepath.Join(dir, app.Details.ID+".metainfo.xml")
	entry, err := os.ReadFile(entryPath)
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]string{}
	for i, l := range strings.Split(strings.TrimSuffix(string(entry), "\n"), "\n") {
		if i == 0 {
			if l != "[Desktop Entry]" {
				t.Fatalf("first line %q, want [Desktop Entry]", l)
			}
			continue
		}
		k, v, ok := strings.Cut(l, "=")
		if !ok {
			t.Fatalf("line %q is not KEY=VALUE", l)
		}
		keys[k] = v
	}
	for k, want := range map[string]string{"Type": "Application", "Name": app.Details.Name, "Exec": "four-winds", "Icon": app.Details.ID} {
		if keys[k] != want {
			t.Errorf("%s=%q, want %q", k, keys[k], want)
		}
	}
	if !strings.HasSuffix(keys["Categories"], ";") || !strings.Contains(keys["Categories"], "Game;") {
		t.Errorf("Categories=%q: want a ;-ended list with Game", keys["Categories"])
	}
	info, err := os.ReadFile(infoPath)
	if err != nil {
		t.Fatal(err)
	}
	var c struct {
		Type       string `xml:"type,attr"`
		ID         string `xml:"id"`
		Name       string `xml:"name"`
		Summary    string `xml:"summary"`
		Launchable string `xml:"launchable"`
		Release    struct {
			Version string `xml:"version,attr"`
			Notes   []string
		} `xml:"releases>release"`
	}
	if err := xml.Unmarshal(info, &c); err != nil {
		t.Fatal(err)
	}
	if c.Type != "desktop-application" || c.ID != app.Details.ID || c.Name != app.Details.Name || c.Summary == "" ||
		c.Launchable != filepath.Base(entryPath) || c.Release.Version != app.Details.Version {
		t.Errorf("metainfo %+v does not match FyneApp.toml", c)
	}
	validate(t, "desktop-file-validate", entryPath)
	validate(t, "appstreamcli", "validate", "--no-net", infoPath)
}

func TestDesktopEscapes(t *testing.T) {
	if got := desktopList([]string{"a;b", `c\d`}); got != `a\;b;c\\d;` {
		t.Errorf("desktopList = %q", got)
	}
	if got := escapeXML(`<a & "b">`); got != "&lt;a &amp; &#34;b&#34;&gt;" {
		t.Errorf("escapeXML = %q", got)
	}
}

func TestID(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"id", "-root", root}, &out); err != nil {
		t.Fatal(err)
	}
	if got, want := strings.TrimSpace(out.String()), loadApp(t).Details.ID; got != want {
		t.Errorf("id printed %q, want %q", got, want)
	}
}

// plistDict reads the top dict of a property list as key → the raw XML of
// its value.
func plistDict(t *testing.T, path string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var p struct {
		Dict struct {
			Items []struct {
				XMLName xml.Name
				Inner   string `xml:",innerxml"`
			} `xml:",any"`
		} `xml:"dict"`
	}
	if err := xml.Unmarshal(data, &p); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	out := map[string]string{}
	items := p.Dict.Items
	for i := 0; i+1 < len(items); i += 2 {
		if items[i].XMLName.Local != "key" {
			t.Fatalf("%s: <%s> where a <key> belongs", path, items[i].XMLName.Local)
		}
		out[items[i].Inner] = "<" + items[i+1].XMLName.Local + ">" + items[i+1].Inner
	}
	return out
}

// TestIOSAdditions checks what iOS needs for discovery on the local
// network: the usage text, the Bonjour service p2p advertises, and the
// multicast entitlement.
func TestIOSAdditions(t *testing.T) {
	info := plistDict(t, filepath.Join(root, "ios", "Info.additions.plist"))
	if d := info["NSLocalNetworkUsageDescription"]; !strings.HasPrefix(d, "<string>") || len(d) < len("<string>")+20 {
		t.Errorf("NSLocalNetworkUsageDescription = %q: iOS shows it when asking; say why", d)
	}
	if s := info["NSBonjourServices"]; !strings.HasPrefix(s, "<array>") || !strings.Contains(s, "<string>_fourwinds._udp</string>") {
		t.Errorf("NSBonjourServices = %q, want an array with _fourwinds._udp", s)
	}
	ent := plistDict(t, filepath.Join(root, "ios", "fourwinds.entitlements"))
	if v := ent["com.apple.developer.networking.multicast"]; v != "<true>" {
		t.Errorf("multicast entitlement = %q, want <true/>", v)
	}
}
