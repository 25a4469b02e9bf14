module github.com/fourwinds-mahjong/fourwinds

go 1.26

require github.com/BurntSushi/toml v1.5.0

require fyne.io/fyne/v2 v2.7.1
