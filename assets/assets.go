// Package assets carries the files the app embeds: the subset of Noto Serif
// CJK that draws the tiles' Chinese characters (fonts/, with its licence and
// the script that makes it), the project's rules texts (rules/, copied
// from the shared rules so that the app can show them offline) and the
// players' guides (guides/).
package assets

import "embed"

// CJKFont is an OpenType font with the tiles' glyphs only:
// 一二三四五六七八九 萬 東南西北 中發 梅蘭菊竹 春夏秋冬, and the corner
// indexes (digits, ●, |, E S W N R G Wh F JOKER).
//
//go:embed fonts/tiles-cjk.otf
var CJKFont []byte

// Rules holds rules/<ruleset>.md, the rules of each ruleset with their ids.
//
//go:embed rules/*.md
var Rules embed.FS

// Guides holds guides/<ruleset>.<lang>.md, how to play each ruleset, in
// the markup that ui/guide reads.
//
//go:embed guides/*.md
var Guides embed.FS
