package main

import (
	"fmt"
	"io"
)

// version is the release version, stamped by `make dist` from FyneApp.toml
// with -ldflags "-X main.version=...".
var version = "dev"

func init() {
	register(command{
		name:  "version",
		usage: "version",
		about: "print the version",
		run: func(args []string, stdout, _ io.Writer) error {
			if len(args) > 0 {
				return usagef("version takes no arguments")
			}
			_, err := fmt.Fprintf(stdout, "fourwinds %s\n", version)
			return err
		},
	})
}
