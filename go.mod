module github.com/fourwinds-mahjong/fourwinds

go 1.26.0

require github.com/BurntSushi/toml v1.5.0

require fyne.io/fyne/v2 v2.7.1

require (
	golang.org/x/mobile v0.0.0-20260908204917-8b95e45f8d3e // indirect
	golang.org/x/mod v0.41.0 // indirect
	golang.org/x/sync v0.23.0 // indirect
	golang.org/x/tools v0.50.0 // indirect
)

tool golang.org/x/mobile/cmd/gobind
