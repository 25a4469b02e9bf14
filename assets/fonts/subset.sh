#!/bin/sh
# Regenerates tiles-cjk.otf, the glyphs the tiles draw, from Debian's
# fonts-noto-cjk (Noto Serif CJK TC Bold, SIL Open Font License 1.1).
# Needs: apt-get install fonts-noto-cjk fonttools
set -e
cd "$(dirname "$0")"
pyftsubset /usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc --font-number=3 \
	--text="一二三四五六七八九萬東南西北中發梅蘭菊竹春夏秋冬●|0123456789ESWNRGhFJOK" \
	--layout-features='' --no-hinting --desubroutinize \
	--name-IDs='*' --output-file=tiles-cjk.otf
