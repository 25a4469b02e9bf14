// Package guide reads the players' guides (assets/guides/<ruleset>.<lang>.md):
// how to play a ruleset, in a small markup that the app draws with its own
// tiles. A guide is a title, then blocks separated by blank lines:
//
//	# Title                      the first line
//	## Heading                   a heading block
//	rules: HK-S-6 HK-S-7         optional first line of any block: the rule
//	                             ids the block explains
//	Text on one or more lines.   a paragraph
//	tiles: 123m 456p 77z         a row of tiles, then an optional caption
//	hand: 234m 5z [666z] +5z     an example hand in the tile notation
//	score: seat=S from=W value=56   how it is scored (Example), then its
//	                             caption, which states the value
//
// The ids on the end-of-hand sheet lead to the block that explains them.
package guide

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	"github.com/fourwinds-mahjong/fourwinds/core/score"
)

// Kind is what a block is.
type Kind uint8

// The block kinds.
const (
	// Heading is a section title.
	Heading Kind = iota + 1
	// Paragraph is text.
	Paragraph
	// Tiles is a row of tiles with a caption.
	Tiles
	// Hand is an example hand with how it scores and a caption.
	Hand
)

// Block is one block of a guide.
type Block struct {
	Kind Kind
	// Text is the heading, the paragraph or the caption, its lines joined
	// by spaces.
	Text string
	// Rules are the rule ids the block explains.
	Rules []string
	// Notation is the tiles of a Tiles or Hand block.
	Notation string
	// Example is how a Hand block is scored.
	Example Example
}

// Example is how an example hand is scored: the score command's flags
// (seat, round, dominant, from, bonus, flag, joker, opt) and the value the
// guide states.
type Example struct {
	Seat, Round, Dominant, From string
	// Bonus is bonus tiles in notation ("1f 3y").
	Bonus string
	// Flags are situations of the win (self-draw, last tile...).
	Flags []string
	// Joker is jilin's shared joker.
	Joker string
	// Options are table options, NAME=VALUE.
	Options []string
	// Value is the hand's value as the guide states it.
	Value int
}

// Doc is a parsed guide.
type Doc struct {
	Title  string
	Blocks []Block
}

// Find returns the index of the first block that explains rule, or -1.
func (d Doc) Find(rule string) int {
	for i, b := range d.Blocks {
		if slices.Contains(b.Rules, rule) {
			return i
		}
	}
	return -1
}

// Examples returns the Hand blocks.
func (d Doc) Examples() []Block {
	var out []Block
	for _, b := range d.Blocks {
		if b.Kind == Hand {
			out = append(out, b)
		}
	}
	return out
}

// Parse reads a guide. Its errors name the line that is wrong.
func Parse(src string) (Doc, error) {
	lines := strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n")
	if len(lines) == 0 || !strings.HasPrefix(lines[0], "# ") {
		return Doc{}, fmt.Errorf("guide: line 1: want the title as \"# Title\"")
	}
	d := Doc{Title: strings.TrimSpace(lines[0][2:])}
	var block []string
	start := 0
	flush := func() error {
		if len(block) == 0 {
			return nil
		}
		b, err := parseBlock(block)
		if err != nil {
			return fmt.Errorf("guide: line %d: %w", start+1, err)
		}
		d.Blocks = append(d.Blocks, b)
		block = nil
		return nil
	}
	for i, l := range lines[1:] {
		l = strings.TrimSpace(l)
		if l == "" {
			if err := flush(); err != nil {
				return Doc{}, err
			}
			continue
		}
		if len(block) == 0 {
			start = i + 1
		}
		block = append(block, l)
	}
	if err := flush(); err != nil {
		return Doc{}, err
	}
	if len(d.Blocks) == 0 {
		return Doc{}, fmt.Errorf("guide: %q has no blocks", d.Title)
	}
	return d, nil
}

// parseBlock reads the lines of one block.
func parseBlock(ls []string) (Block, error) {
	var b Block
	if rest, ok := strings.CutPrefix(ls[0], "rules:"); ok {
		b.Rules = strings.Fields(rest)
		if len(b.Rules) == 0 {
			return b, fmt.Errorf("\"rules:\" names no rule id")
		}
		ls = ls[1:]
		if len(ls) == 0 {
			return b, fmt.Errorf("rule ids %s explain nothing: a block must follow them", strings.Join(b.Rules, " "))
		}
	}
	head := ls[0]
	switch {
	case strings.HasPrefix(head, "## "):
		if len(ls) > 1 {
			return b, fmt.Errorf("a heading is one line; leave a blank line after it")
		}
		b.Kind, b.Text = Heading, strings.TrimSpace(head[3:])
		return b, nil
	case strings.HasPrefix(head, "#"):
		return b, fmt.Errorf("%q: only the title (line 1) and \"## \" headings are allowed", head)
	case strings.HasPrefix(head, "tiles:"):
		b.Kind, b.Notation = Tiles, strings.TrimSpace(head[len("tiles:"):])
		ls = ls[1:]
	case strings.HasPrefix(head, "hand:"):
		b.Kind, b.Notation = Hand, strings.TrimSpace(head[len("hand:"):])
		if len(ls) < 2 || !strings.HasPrefix(ls[1], "score:") {
			return b, fmt.Errorf("hand %q: want a \"score:\" line after it", b.Notation)
		}
		ex, err := parseExample(ls[1][len("score:"):])
		if err != nil {
			return b, fmt.Errorf("hand %q: %w", b.Notation, err)
		}
		b.Example = ex
		ls = ls[2:]
		if !strings.Contains(strings.Join(ls, " "), strconv.Itoa(ex.Value)) {
			return b, fmt.Errorf("hand %q: the caption must state its value %d", b.Notation, ex.Value)
		}
	default:
		b.Kind = Paragraph
	}
	if b.Notation == "" && b.Kind != Paragraph {
		return b, fmt.Errorf("%q: no tiles", head)
	}
	b.Text = strings.Join(ls, " ")
	return b, nil
}

// parseExample reads "seat=S from=W opt=scoring=advanced value=56".
func parseExample(s string) (Example, error) {
	var ex Example
	hasValue := false
	for _, f := range strings.Fields(s) {
		k, v, ok := strings.Cut(f, "=")
		if !ok || v == "" {
			return ex, fmt.Errorf("score: %q: want KEY=VALUE", f)
		}
		switch k {
		case "seat":
			ex.Seat = v
		case "round":
			ex.Round = v
		case "dominant":
			ex.Dominant = v
		case "from":
			ex.From = v
		case "bonus":
			ex.Bonus = strings.ReplaceAll(v, ",", " ")
		case "flag":
			ex.Flags = append(ex.Flags, v)
		case "joker":
			ex.Joker = v
		case "opt":
			ex.Options = append(ex.Options, v)
		case "value":
			n, err := strconv.Atoi(v)
			if err != nil {
				return ex, fmt.Errorf("score: value %q: want a whole number", v)
			}
			ex.Value, hasValue = n, true
		default:
			return ex, fmt.Errorf("score: unknown key %q; allowed: seat, round, dominant, from, bonus, flag, joker, opt, value", k)
		}
	}
	if !hasValue {
		return ex, fmt.Errorf("score: no value=N")
	}
	return ex, nil
}

// Score values a Hand block under r as the score command would, with its
// example's context and options.
func (b Block) Score(r rules.Ruleset) (score.Sheet, error) {
	ex := b.Example
	set, err := rules.ParseAssignments(ex.Options)
	if err != nil {
		return score.Sheet{}, err
	}
	o, err := rules.ResolveOptions(r, set)
	if err != nil {
		return score.Sheet{}, err
	}
	ctx := rules.Context{Seat: rules.E, Round: rules.E, From: rules.NoWind}
	for _, w := range []struct {
		s  string
		to *rules.Wind
	}{{ex.Seat, &ctx.Seat}, {ex.Round, &ctx.Round}, {ex.From, &ctx.From}} {
		if w.s != "" {
			if *w.to, err = rules.ParseWind(w.s); err != nil {
				return score.Sheet{}, err
			}
		}
	}
	ctx.Dominant = ctx.Round
	if ex.Dominant != "" {
		if ctx.Dominant, err = rules.ParseWind(ex.Dominant); err != nil {
			return score.Sheet{}, err
		}
	}
	setup := r.Setup(o)
	if ctx.Flags, err = score.Flags(ex.Flags, setup); err != nil {
		return score.Sheet{}, err
	}
	if ctx.Joker, err = score.Joker(ex.Joker, setup); err != nil {
		return score.Sheet{}, err
	}
	notation, err := score.WithBonus(b.Notation, ex.Bonus)
	if err != nil {
		return score.Sheet{}, err
	}
	return score.Hand(r, o, notation, ctx)
}
