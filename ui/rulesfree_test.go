package ui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
)

// rulesFree lists what a source file of package ui says that only rules
// work needs: imports of the hand analysis, the american card format or a
// ruleset's own package, and string literals that are a ruleset's id.
func rulesFree(t *testing.T, path string, src any, ids []string) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	const mod = "github.com/fourwinds-mahjong/fourwinds/"
	banned := []string{mod + "core/hand", mod + "core/rules/american/card"}
	for _, id := range ids {
		banned = append(banned, mod+"core/rules/"+id)
	}
	var out []string
	for _, im := range f.Imports {
		if p, _ := strconv.Unquote(im.Path.Value); slices.Contains(banned, p) {
			out = append(out, fset.Position(im.Pos()).String()+": imports "+p)
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if s, err := strconv.Unquote(lit.Value); err == nil && slices.Contains(ids, s) {
				out = append(out, fset.Position(lit.Pos()).String()+": names ruleset "+lit.Value)
			}
		}
		return true
	})
	return out
}

// TestUIKnowsNoRuleset: no source file of package ui imports core/hand,
// the american card package or a ruleset's package, or names a ruleset by
// its id. What a screen needs to know of a ruleset comes from its Setup or
// an interface of core/rules, so a new ruleset needs no ui edit.
func TestUIKnowsNoRuleset(t *testing.T) {
	ids := rules.IDs()
	if len(ids) == 0 {
		t.Fatal("no ruleset registered")
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		n++
		for _, p := range rulesFree(t, path, nil, ids) {
			t.Error(p)
		}
	}
	if n == 0 {
		t.Fatal("no source file of package ui found")
	}
	// The check itself finds both kinds of fault.
	bad := "package ui\nimport \"github.com/fourwinds-mahjong/fourwinds/core/hand\"\nvar id = \"" + ids[0] + "\"\n"
	if got := rulesFree(t, "bad.go", bad, ids); len(got) != 2 {
		t.Errorf("a file importing core/hand and naming %s gave %q", ids[0], got)
	}
}
