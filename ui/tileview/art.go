// Package tileview draws Mahjong tiles with Fyne canvas objects: an ivory
// face with rounded corners and a dark edge, suits drawn by shape (dots as
// circles, bamboo as sticks, characters as the numeral over 萬), honours in
// a subset of Noto Serif CJK, flowers and seasons numbered with a small
// picture, the joker, a coloured back, and a corner index on every face so
// that a player who cannot read the characters knows the tile at a glance.
package tileview

import (
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"github.com/fourwinds-mahjong/fourwinds/assets"
	"github.com/fourwinds-mahjong/fourwinds/core/tile"
	"github.com/fourwinds-mahjong/fourwinds/ui/words"
)

// Style is how tiles are drawn.
type Style string

// The tile styles.
const (
	// Standard is the coloured face.
	Standard Style = "standard"
	// HighContrast is black ink on white with thick strokes.
	HighContrast Style = "contrast"
	// Large is the standard face at a larger size.
	Large Style = "large"
)

// Styles are the tile styles in the order the settings offer them.
var Styles = []Style{Standard, HighContrast, Large}

// Scale is how much bigger than the standard size a style draws tiles.
func (s Style) Scale() float32 {
	if s == Large {
		return 1.35
	}
	return 1
}

// cjk is the font of the Chinese characters and of the corner index.
var cjk = fyne.NewStaticResource("tiles-cjk.otf", assets.CJKFont)

// palette is the colours of one style.
type palette struct {
	face, edge, back, backInner           color.Color
	blue, green, red, ink, frame, bonus   color.Color
	edgeWidth, strokeWidth, selectedEdge  float32
	selected, highlight, dim, indexColour color.Color
}

func rgb(r, g, b uint8) color.Color { return color.NRGBA{R: r, G: g, B: b, A: 255} }

var (
	standardPalette = palette{
		face: rgb(0xF7, 0xF1, 0xDE), edge: rgb(0x6B, 0x55, 0x38), back: rgb(0x1F, 0x6F, 0x5C), backInner: rgb(0x2B, 0x8C, 0x74),
		blue: rgb(0x1F, 0x4E, 0x9C), green: rgb(0x1B, 0x7A, 0x3A), red: rgb(0xC0, 0x28, 0x2D), ink: rgb(0x1A, 0x1A, 0x1A),
		frame: rgb(0x2A, 0x5D, 0xB0), bonus: rgb(0x9C, 0x2C, 0x8C),
		edgeWidth: 1.5, strokeWidth: 0, selectedEdge: 3,
		selected: rgb(0xE8, 0xA3, 0x17), highlight: rgb(0xF2, 0xC1, 0x4E), dim: color.NRGBA{A: 0x70}, indexColour: rgb(0x55, 0x48, 0x38),
	}
	contrastPalette = palette{
		face: rgb(0xFF, 0xFF, 0xFF), edge: rgb(0, 0, 0), back: rgb(0x20, 0x20, 0x20), backInner: rgb(0x60, 0x60, 0x60),
		blue: rgb(0, 0, 0), green: rgb(0, 0, 0), red: rgb(0, 0, 0), ink: rgb(0, 0, 0),
		frame: rgb(0, 0, 0), bonus: rgb(0, 0, 0),
		edgeWidth: 2.5, strokeWidth: 2, selectedEdge: 4,
		selected: rgb(0xD0, 0x00, 0x00), highlight: rgb(0xFF, 0xD0, 0x00), dim: color.NRGBA{A: 0x90}, indexColour: rgb(0, 0, 0),
	}
)

func (s Style) palette() *palette {
	if s == HighContrast {
		return &contrastPalette
	}
	return &standardPalette
}

// part is one drawn object of a face, placed relative to the art area (the
// face below the index strip): x, y, w, h in 0..1. A text part's size is
// h times the art height.
type part struct {
	obj        fyne.CanvasObject
	x, y, w, h float32
}

// The dot and stick positions of each number, in the art area.
var layouts = [10][][2]float32{
	1: {{.5, .5}},
	2: {{.5, .27}, {.5, .73}},
	3: {{.24, .2}, {.5, .5}, {.76, .8}},
	4: {{.28, .27}, {.72, .27}, {.28, .73}, {.72, .73}},
	5: {{.25, .22}, {.75, .22}, {.5, .5}, {.25, .78}, {.75, .78}},
	6: {{.3, .18}, {.7, .18}, {.3, .5}, {.7, .5}, {.3, .82}, {.7, .82}},
	7: {{.2, .14}, {.5, .27}, {.8, .4}, {.3, .63}, {.7, .63}, {.3, .87}, {.7, .87}},
	8: {{.3, .13}, {.7, .13}, {.3, .38}, {.7, .38}, {.3, .62}, {.7, .62}, {.3, .87}, {.7, .87}},
	9: {{.2, .17}, {.5, .17}, {.8, .17}, {.2, .5}, {.5, .5}, {.8, .5}, {.2, .83}, {.5, .83}, {.8, .83}},
}

// dotRadius is a dot's radius (share of the art width) for each number.
var dotRadius = [10]float32{1: .3, 2: .17, 3: .15, 4: .16, 5: .14, 6: .13, 7: .11, 8: .11, 9: .11}

var numerals = []string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}

// glyph returns a text part in the CJK font.
func glyph(s string, c color.Color, x, y, h float32) part {
	t := canvas.NewText(s, c)
	t.FontSource = cjk
	t.Alignment = fyne.TextAlignCenter
	t.TextStyle = fyne.TextStyle{Bold: true}
	return part{obj: t, x: x, y: y, w: 0, h: h}
}

// dotColour picks the colour of dot i of number n as on real tiles.
func dotColour(p *palette, n, i int) color.Color {
	switch {
	case n == 1:
		return p.red
	case n == 5 && i == 2, n == 7 && i < 3, n == 3 && i == 1:
		return p.red
	case n == 9 && i >= 3 && i < 6, n == 6 && i >= 2:
		return p.red
	case (n+i)%2 == 0:
		return p.blue
	}
	return p.green
}

// artParts draws the face of k (a real tile kind) under palette p.
func artParts(k tile.Kind, p *palette) []part {
	n := k.Number()
	switch k.Suit() {
	case tile.Circles:
		var out []part
		r := dotRadius[n]
		for i, at := range layouts[n] {
			c := canvas.NewCircle(dotColour(p, n, i))
			c.StrokeColor, c.StrokeWidth = p.ink, p.strokeWidth
			inner := canvas.NewCircle(p.face)
			out = append(out, part{obj: c, x: at[0] - r, y: at[1] - r*.75, w: 2 * r, h: 1.5 * r},
				part{obj: inner, x: at[0] - r*.35, y: at[1] - r*.26, w: .7 * r, h: .52 * r})
		}
		return out
	case tile.Bamboo:
		if n == 1 {
			return oneBamboo(p)
		}
		var out []part
		w, h := float32(.15), float32(.3)
		if n >= 7 {
			w, h = .13, .23
		}
		for i, at := range layouts[n] {
			c := p.green
			if (n == 5 || n == 9) && i == len(layouts[n])/2 || n == 7 && i == 0 {
				c = p.red
			}
			s := canvas.NewRectangle(c)
			s.CornerRadius = 3
			s.StrokeColor, s.StrokeWidth = p.ink, p.strokeWidth
			node := canvas.NewRectangle(p.face)
			out = append(out, part{obj: s, x: at[0] - w/2, y: at[1] - h/2, w: w, h: h},
				part{obj: node, x: at[0] - w/2, y: at[1] - .01, w: w, h: .02})
		}
		return out
	case tile.Characters:
		return []part{glyph(numerals[n], p.ink, .5, 0, .5), glyph("萬", p.red, .5, .5, .5)}
	case tile.Honors:
		switch k {
		case tile.White:
			outer := canvas.NewRectangle(color.Transparent)
			outer.StrokeColor, outer.StrokeWidth, outer.CornerRadius = p.frame, 3+p.strokeWidth, 3
			inner := canvas.NewRectangle(color.Transparent)
			inner.StrokeColor, inner.StrokeWidth, inner.CornerRadius = p.frame, 1.5+p.strokeWidth/2, 2
			return []part{{obj: outer, x: .14, y: .08, w: .72, h: .84}, {obj: inner, x: .24, y: .18, w: .52, h: .64}}
		case tile.Green:
			return []part{glyph("發", p.green, .5, .12, .7)}
		case tile.Red:
			return []part{glyph("中", p.red, .5, .12, .7)}
		}
		return []part{glyph([]string{"東", "南", "西", "北"}[k-tile.East], p.ink, .5, .12, .7)}
	case tile.Flowers, tile.Seasons:
		return bonusParts(k, p)
	case tile.Jokers:
		t := canvas.NewText("JOKER", p.bonus)
		t.Alignment, t.TextStyle = fyne.TextAlignCenter, fyne.TextStyle{Bold: true}
		star := canvas.NewCircle(p.red)
		star.StrokeColor, star.StrokeWidth = p.ink, p.strokeWidth
		return []part{{obj: star, x: .35, y: .12, w: .3, h: .24}, {obj: t, x: .5, y: .5, h: .22}}
	}
	return nil
}

// oneBamboo draws the 1 bamboo: a bird standing on a single tall stick.
func oneBamboo(p *palette) []part {
	stick := canvas.NewRectangle(p.green)
	stick.CornerRadius = 3
	stick.StrokeColor, stick.StrokeWidth = p.ink, p.strokeWidth
	body := canvas.NewCircle(p.green)
	body.StrokeColor, body.StrokeWidth = p.ink, 1+p.strokeWidth
	head := canvas.NewCircle(p.red)
	head.StrokeColor, head.StrokeWidth = p.ink, p.strokeWidth
	eye := canvas.NewCircle(p.face)
	beak := canvas.NewLine(p.red)
	beak.StrokeWidth = 2 + p.strokeWidth
	tail := canvas.NewLine(p.blue)
	tail.StrokeWidth = 3 + p.strokeWidth
	return []part{
		{obj: stick, x: .46, y: .5, w: .08, h: .48},
		{obj: tail, x: .15, y: .2, w: .22, h: .2},
		{obj: body, x: .28, y: .28, w: .42, h: .3},
		{obj: head, x: .56, y: .1, w: .22, h: .18},
		{obj: eye, x: .66, y: .15, w: .05, h: .04},
		{obj: beak, x: .77, y: .19, w: .12, h: .02},
	}
}

// bonusParts draws a flower (plum, orchid, chrysanthemum, bamboo) or a
// season (spring, summer, autumn, winter): its character and a small
// flower or sun.
func bonusParts(k tile.Kind, p *palette) []part {
	n := k.Number()
	var out []part
	if k.Suit() == tile.Flowers {
		petal := p.red
		if n%2 == 0 {
			petal = p.bonus
		}
		for _, at := range [][2]float32{{.5, .08}, {.36, .18}, {.64, .18}, {.42, .32}, {.58, .32}} {
			c := canvas.NewCircle(petal)
			c.StrokeColor, c.StrokeWidth = p.ink, p.strokeWidth
			out = append(out, part{obj: c, x: at[0] - .09, y: at[1] - .07, w: .18, h: .14})
		}
		heart := canvas.NewCircle(rgb(0xE8, 0xB4, 0x2A))
		out = append(out, part{obj: heart, x: .44, y: .16, w: .12, h: .09})
		out = append(out, glyph([]string{"梅", "蘭", "菊", "竹"}[n-1], p.green, .5, .46, .46))
		return out
	}
	sun := canvas.NewCircle(rgb(0xE8, 0x8A, 0x1A))
	sun.StrokeColor, sun.StrokeWidth = p.red, 2+p.strokeWidth
	out = append(out, part{obj: sun, x: .34, y: .04, w: .32, h: .26})
	out = append(out, glyph([]string{"春", "夏", "秋", "冬"}[n-1], p.blue, .5, .46, .46))
	return out
}

// englishHonours are the honours' corner indices when the language has
// none: East, South, West, North, White, Green, Red.
var englishHonours = []string{"E", "S", "W", "N", "Wh", "G", "R"}

// Index returns the corner index of k: "3●", "7|", "5萬", "E", "R", "Wh",
// "F2", "S3", "J"; the honours' letters are the language's (in French
// O for Ouest, B V R for Blanc, Vert, Rouge).
func Index(k tile.Kind) string {
	n := k.Number()
	switch k.Suit() {
	case tile.Circles:
		return string(rune('0'+n)) + "●"
	case tile.Bamboo:
		return string(rune('0'+n)) + "|"
	case tile.Characters:
		return string(rune('0'+n)) + "萬"
	case tile.Honors:
		hs := strings.Fields(words.T("index.honours"))
		if len(hs) != len(englishHonours) {
			hs = englishHonours
		}
		return hs[n-1]
	case tile.Flowers:
		return "F" + string(rune('0'+n))
	case tile.Seasons:
		return "S" + string(rune('0'+n))
	case tile.Jokers:
		return "J"
	}
	return ""
}

// BackColours are the colours of a tile's back in the style: the back
// and its lighter inner band (for tiles drawn as backs alone: the wall's
// stacks and the other players' racks).
func (s Style) BackColours() (back, inner color.Color) {
	p := s.palette()
	return p.back, p.backInner
}
