package appmeta

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestRepositoryFyneApp(t *testing.T) {
	a, err := Load(filepath.Join("..", "..", File))
	if err != nil {
		t.Fatal(err)
	}
	if a.Details.ID != "io.github.fourwinds_mahjong.fourwinds" {
		t.Errorf("ID = %q; the ui and the stores use io.github.fourwinds_mahjong.fourwinds", a.Details.ID)
	}
}

func TestCheck(t *testing.T) {
	good := `[Details]
Icon = "assets/icon.png"
Name = "Four Winds"
ID = "io.github.a_b.c"
Version = "1.2.3"
Build = 4
`
	if _, err := Parse([]byte(good)); err != nil {
		t.Fatalf("good file refused: %v", err)
	}
	for _, tc := range []struct{ from, to, says string }{
		{`ID = "io.github.a_b.c"`, `ID = "io.github.a-b.c"`, "ID"},
		{`ID = "io.github.a_b.c"`, `ID = "fourwinds"`, "ID"},
		{`ID = "io.github.a_b.c"`, `ID = "io.1github.c"`, "ID"},
		{`Version = "1.2.3"`, `Version = "1.2"`, "Version"},
		{`Version = "1.2.3"`, `Version = "v1.2.3"`, "Version"},
		{`Build = 4`, `Build = 0`, "Build"},
		{`Name = "Four Winds"`, `Name = ""`, "Name"},
		{`Icon = "assets/icon.png"`, ``, "Icon"},
		{`Build = 4`, `Build = "4"`, "Build"},
	} {
		_, err := Parse([]byte(strings.Replace(good, tc.from, tc.to, 1)))
		if err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: err = %v, want one naming %s", tc.to, err, tc.says)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte("[Details]\nName = \"x\"\nID = \"a.b\"\nVersion = \"0.1.0\"\nBuild = 1\nIcon = \"i.png\"\n"))
	f.Add([]byte("[Details\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := Parse(data)
		if err == nil && a.Check() != nil {
			t.Fatalf("Parse accepted what Check refuses: %+v", a)
		}
	})
}
