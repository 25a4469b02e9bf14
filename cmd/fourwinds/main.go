// Command fourwinds is Four Winds' headless command line: rules, score,
// settle, sim, play, replay, card, hint and bench. It needs no C toolchain.
//
// Usage errors exit with status 2 and a message that says what is allowed.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/fourwinds-mahjong/fourwinds/core/rules"
	_ "github.com/fourwinds-mahjong/fourwinds/core/rules/all" // register every ruleset
	"github.com/fourwinds-mahjong/fourwinds/core/rules/american"
)

// command is one subcommand of fourwinds.
type command struct {
	name  string
	usage string // usage is the one-line synopsis after "fourwinds".
	about string // about is a one-line description.
	run   func(args []string, stdout, stderr io.Writer) error
}

var commands = map[string]command{}

// register adds a subcommand; each command's file registers itself in init.
func register(c command) { commands[c.name] = c }

// usageError is an error in how the command was called: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// usagef returns a usage error.
func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// newFlags returns a flag set that reports errors instead of exiting.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// helpRequest is -h or --help: the command's flags with their descriptions.
type helpRequest struct{ flags string }

func (helpRequest) Error() string { return "help requested" }

// parseFlags parses args, turning flag errors into usage errors and -h or
// --help into a helpRequest. Flags may come before or after positional
// arguments.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				var b strings.Builder
				fs.SetOutput(&b)
				fs.PrintDefaults()
				fs.SetOutput(io.Discard)
				return nil, helpRequest{b.String()}
			}
			return nil, usagef("%s: %v", fs.Name(), err)
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// listFlag is a repeatable string flag such as --opt or --flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: fourwinds COMMAND [flags] [args]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n           fourwinds %s\n", n, commands[n].about, commands[n].usage)
	}
}

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// run executes one command line and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stdout)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "fourwinds: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
	err := c.run(args[1:], stdout, stderr)
	var ue usageError
	var help helpRequest
	switch {
	case err == nil:
		return 0
	case errors.As(err, &help):
		fmt.Fprintf(stdout, "usage: fourwinds %s\n\n%s\n", c.usage, c.about)
		if help.flags != "" {
			fmt.Fprintf(stdout, "\nflags:\n%s", help.flags)
		}
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "fourwinds %s: %v\nusage: fourwinds %s\n", c.name, err, c.usage)
		return 2
	}
	fmt.Fprintf(stderr, "fourwinds %s: %v\n", c.name, err)
	return 1
}

// rulesFlags adds the --rules, --opt and --card flags every game command
// takes and returns a function that resolves them after parsing. A card
// file (AM-11) goes with a ruleset that plays by a card of hands, which
// then plays and values by it: option card defaults to user (warnings on
// single lines go to stderr).
func rulesFlags(fs *flag.FlagSet, def string, stderr io.Writer) func() (rules.Ruleset, rules.Options, error) {
	id := fs.String("rules", def, "ruleset id (see fourwinds rules)")
	var opts listFlag
	fs.Var(&opts, "opt", "table option NAME=VALUE (repeatable; NAME is the option's id or key)")
	cardFile := fs.String("card", "", "a card of hands in the AM-11 format, for american (default: the house card)")
	return func() (rules.Ruleset, rules.Options, error) {
		if *id == "" {
			return nil, rules.Options{}, usagef("--rules is required; known: %s", strings.Join(rules.IDs(), ", "))
		}
		r, err := rules.Get(*id)
		if err != nil {
			return nil, rules.Options{}, usagef("%v", err)
		}
		if *cardFile != "" {
			if _, ok := r.(american.Ruleset); !ok {
				return nil, rules.Options{}, usagef("--card: %s plays by no card of hands; allowed with american", r.ID())
			}
			c, err := loadCard(*cardFile, stderr)
			if err != nil {
				return nil, rules.Options{}, fmt.Errorf("--card: %w", err)
			}
			r = american.WithCard(c)
		}
		set, err := rules.ParseAssignments(opts)
		if err != nil {
			return nil, rules.Options{}, usagef("%v", err)
		}
		o, err := rules.ResolveOptions(r, set)
		if err != nil {
			return nil, rules.Options{}, usagef("%v", err)
		}
		return r, o, nil
	}
}
