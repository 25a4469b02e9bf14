package main

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
)

func init() {
	register(command{name: "rules", usage: "rules [--json] [ID]", about: "list the rulesets, or one ruleset's options and defaults", run: runRules})
}

func runRules(args []string, stdout, _ io.Writer) error {
	fs := newFlags("rules")
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	ids := rules.IDs()
	switch len(pos) {
	case 0:
	case 1:
		if _, err := rules.Get(pos[0]); err != nil {
			return usagef("%v", err)
		}
		ids = pos
	default:
		return usagef("give at most one ruleset id")
	}
	var out []rules.Summary
	for _, id := range ids {
		r, _ := rules.Get(id)
		out = append(out, rules.Summarize(r))
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	for _, r := range out {
		fmt.Fprintf(stdout, "%-10s %s\n", r.ID, r.Name)
		if len(pos) == 0 {
			continue
		}
		fmt.Fprintln(stdout, "\noptions (set with --opt NAME=VALUE; NAME is the id or the key):")
		tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "  ID\tKEY\tDEFAULT\tWHAT IT SETS\tRULE\tALLOWED")
		for _, o := range r.Options {
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\n", dash(o.ID), dash(o.Key), o.Default, rules.EnglishName(o.Label), dash(o.Rule), o.Allowed())
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return nil
}

// dash writes an empty cell as "-".
func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
