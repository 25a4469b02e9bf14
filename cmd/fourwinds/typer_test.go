package main

import (
	"bufio"
	"io"

	"github.com/fourwinds-mahjong/fourwinds/core/ai"
	"github.com/fourwinds-mahjong/fourwinds/core/game"
	"github.com/fourwinds-mahjong/fourwinds/core/record"
	"github.com/fourwinds-mahjong/fourwinds/core/wall"
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

// typedTerminal returns a terminal for cfg whose person types with y and
// whose other three players are novices.
func typedTerminal(cfg game.MatchConfig, y *typer, out io.Writer) *terminal {
	term := &terminal{in: bufio.NewScanner(y), out: out, rec: record.New(cfg), names: [4]string{"you", "AI 1", "AI 2", "AI 3"}}
	for p := 1; p < 4; p++ {
		term.ais[p], _ = ai.New(ai.Novice, wall.Derive(cfg.Seed, "player", p))
	}
	return term
}
