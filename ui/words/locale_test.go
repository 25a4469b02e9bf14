package words

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestCLocaleIsQuietEnglish: under a C locale with no LANGUAGE (a server's
// or a container's "C.UTF-8"), starting the app's texts logs no locale
// error and speaks English. The test runs itself again in that
// environment, so that Fyne's own start is part of it.
func TestCLocaleIsQuietEnglish(t *testing.T) {
	if os.Getenv("FOURWINDS_LOCALE_CHILD") == "1" {
		if err := Use(""); err != nil {
			t.Fatal(err)
		}
		os.Stdout.WriteString("lang=" + Current() + "\n")
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestCLocaleIsQuietEnglish$", "-test.v")
	var env []string
	for _, e := range os.Environ() {
		if k, _, _ := strings.Cut(e, "="); k != "LANGUAGE" && k != "LC_ALL" && k != "LC_MESSAGES" && k != "LANG" {
			env = append(env, e)
		}
	}
	cmd.Env = append(env, "FOURWINDS_LOCALE_CHILD=1", "LANG=C.UTF-8")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if strings.Contains(string(out), "locale") || !strings.Contains(string(out), "lang=en") {
		t.Errorf("under LANG=C.UTF-8 the texts start with:\n%s", out)
	}
}
