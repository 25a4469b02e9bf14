package main

import (
	"io"
	"path/filepath"
	"testing"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
)

// typer is an io.Reader that types a person's answers to `fourwinds play`:
// one answer a line, each made by answer when the terminal asks.
type typer struct {
	answer  func() string
	pending []byte
	typed   []string
}

// maxTyped bounds a typed game, so that a test cannot hang.
const maxTyped = 20000

// Read implements io.Reader.
func (y *typer) Read(p []byte) (int, error) {
	if len(y.pending) == 0 {
		if len(y.typed) > maxTyped {
			return 0, io.EOF
		}
		line := y.answer()
		y.typed = append(y.typed, line)
		y.pending = []byte(line + "\n")
	}
	n := copy(p, y.pending)
	y.pending = y.pending[n:]
	return n, nil
}

// typedTerminal returns a started terminal for a game of ruleset id with
// its default options, whose person types with in and whose other three
// players are novices; the game is saved in a temporary directory.
func typedTerminal(t testing.TB, id, seed string, in io.Reader, out io.Writer) *terminal {
	t.Helper()
	resolve := func() (rules.Ruleset, rules.Options, error) {
		r, err := rules.Get(id)
		if err != nil {
			return nil, rules.Options{}, err
		}
		return r, rules.DefaultOptions(r), nil
	}
	tb, err := newPlayTable(resolve, seed, "novice", filepath.Join(t.TempDir(), "play.save"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tb.Close() })
	term, err := startTerminal(tb, in, out)
	if err != nil {
		t.Fatal(err)
	}
	return term
}
