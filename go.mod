module github.com/fourwinds-mahjong/fourwinds

go 1.26
