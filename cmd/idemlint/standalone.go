package main

import (
	"errors"
	"flag"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/idemlint/idemlint/passes"
)

// Exit codes, as documented in the README.
const (
	exitClean    = 0
	exitReports  = 1
	exitUsage    = 2 // bad flags, no package matched
	exitBrokenPk = 3 // a package failed to load or type-check
)

// standalone runs idemlint on package patterns and returns the exit code.
func standalone(args []string, stdout, stderr io.Writer) int {
	opts, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return exitClean
	}
	if err != nil {
		fmt.Fprintf(stderr, "idemlint: %v (run 'idemlint -help' for usage)\n", err)
		return exitUsage
	}
	if opts.dir != "" {
		if err := os.Chdir(opts.dir); err != nil {
			fmt.Fprintf(stderr, "idemlint: %v\n", err)
			return exitUsage
		}
	}
	if opts.version {
		fmt.Fprintln(stdout, "idemlint", version())
		return exitClean
	}
	pkgs, err := load(opts)
	if err != nil {
		fmt.Fprintf(stderr, "idemlint: %v\n", err)
		return exitUsage
	}
	code := exitClean
	if n := printLoadErrors(pkgs, stderr); n > 0 {
		code = exitBrokenPk
	}
	graph, err := checker.Analyze(opts.analyzers, pkgs, nil)
	if err != nil {
		fmt.Fprintf(stderr, "idemlint: %v\n", err)
		return exitBrokenPk
	}
	if opts.json {
		if err := graph.PrintJSON(stdout); err != nil {
			fmt.Fprintf(stderr, "idemlint: %v\n", err)
			return exitBrokenPk
		}
		return code
	}
	if printText(graph, stdout) > 0 && code == exitClean {
		code = exitReports
	}
	return code
}

type options struct {
	json, tests, version bool
	tags, dir            string
	patterns             []string
	analyzers            []*analysis.Analyzer
}

// parseFlags reads the driver's flags, one -NAME flag per analyzer to switch
// it on or off, and the analyzers' own flags as -NAME.FLAG.
func parseFlags(args []string, stderr io.Writer) (*options, error) {
	opts := &options{}
	fs := flag.NewFlagSet("idemlint", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.BoolVar(&opts.json, "json", false, "print reports as the go/analysis JSON tree")
	fs.BoolVar(&opts.tests, "test", true, "also analyze test files")
	fs.StringVar(&opts.tags, "tags", "", "comma-separated build tags")
	fs.BoolVar(&opts.version, "version", false, "print the version and exit")
	fs.StringVar(&opts.dir, "C", "", "change to `dir` before doing anything else")
	all := passes.All()
	enabled := map[string]*triState{}
	for _, a := range all {
		enabled[a.Name] = new(triState)
		fs.Var(enabled[a.Name], a.Name, "enable the "+a.Name+" analyzer")
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
	fs.Usage = func() {} // errors are one line; -help prints the usage below
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage(stderr, fs)
		}
		return nil, err
	}
	opts.patterns = fs.Args()
	if len(opts.patterns) == 0 {
		opts.patterns = []string{"."}
	}
	// As in go vet: naming analyzers runs only those; switching some off
	// runs all the others.
	anyOn := false
	for _, e := range enabled {
		anyOn = anyOn || *e == on
	}
	for _, a := range all {
		e := *enabled[a.Name]
		if e == on || (!anyOn && e != off) {
			opts.analyzers = append(opts.analyzers, a)
		}
	}
	if len(opts.analyzers) == 0 {
		return nil, errors.New("every analyzer is switched off")
	}
	return opts, nil
}

type triState int

const (
	unset triState = iota
	on
	off
)

func (t *triState) String() string   { return [...]string{"", "true", "false"}[*t] }
func (t *triState) IsBoolFlag() bool { return true }
func (t *triState) Set(s string) error {
	switch strings.ToLower(s) {
	case "true", "1", "t":
		*t = on
	case "false", "0", "f":
		*t = off
	default:
		return fmt.Errorf("%q is not true or false", s)
	}
	return nil
}

func usage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintln(w, "idemlint finds retry and idempotency hazards in Go code.")
	fmt.Fprintln(w, "\nUsage: idemlint [flags] [packages]")
	fmt.Fprintln(w, "       go vet -vettool=$(command -v idemlint) [flags] [packages]")
	fmt.Fprintln(w, "\nExit status: 0 no reports, 1 reports, 2 bad usage, 3 a package failed to load.")
	fmt.Fprintln(w, "\nAnalyzers:")
	for _, a := range passes.All() {
		fmt.Fprintf(w, "  %-20s %s\n", a.Name, strings.SplitN(a.Doc, "\n", 2)[0])
	}
	fmt.Fprintln(w, "\nFlags:")
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
}

func load(opts *options) ([]*packages.Package, error) {
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax,
		Tests: opts.tests,
	}
	if opts.tags != "" {
		cfg.BuildFlags = []string{"-tags=" + opts.tags}
	}
	pkgs, err := packages.Load(cfg, opts.patterns...)
	if err != nil {
		return nil, err
	}
	if noneMatched(pkgs) {
		return nil, fmt.Errorf("%s matched no packages", strings.Join(opts.patterns, " "))
	}
	return pkgs, nil
}

// noneMatched reports whether the patterns named no package with Go files:
// go list answers a pattern that matches nothing with a package of errors.
func noneMatched(pkgs []*packages.Package) bool {
	for _, p := range pkgs {
		if len(p.GoFiles)+len(p.CompiledGoFiles)+len(p.OtherFiles)+len(p.IgnoredFiles) > 0 {
			return false
		}
	}
	return true
}

// printLoadErrors prints, one line each, the errors of the packages that
// failed to load or type-check, and returns how many there were.
func printLoadErrors(pkgs []*packages.Package, w io.Writer) int {
	seen := map[string]bool{}
	var lines []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			msg := e.Msg
			if e.Pos != "" && e.Pos != "-" {
				msg = e.Pos + ": " + msg
			}
			line := fmt.Sprintf("idemlint: %s: %s", p.PkgPath, strings.ReplaceAll(msg, "\n", " "))
			if !seen[line] {
				seen[line] = true
				lines = append(lines, line)
			}
		}
	})
	sort.Strings(lines)
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
	return len(lines)
}

type finding struct {
	posn    token.Position
	message string
	related string // the related information lines, printed as go vet prints them
}

// printText prints each report once as file:line:col: message, in file and
// position order, and returns how many it printed.
func printText(graph *checker.Graph, w io.Writer) int {
	wd, _ := os.Getwd()
	seen := map[finding]bool{}
	var all []finding
	for _, act := range graph.Roots {
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			f := finding{posn: fset.Position(d.Pos), message: d.Message}
			for _, r := range d.Related {
				p := fset.Position(r.Pos)
				f.related += fmt.Sprintf("%s:%d:%d: \t%s\n", relative(wd, p.Filename), p.Line, p.Column, r.Message)
			}
			if !seen[f] {
				seen[f] = true
				all = append(all, f)
			}
		}
	}
	sort.Slice(all, func(i, j int) bool {
		a, b := all[i].posn, all[j].posn
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		return all[i].message < all[j].message
	})
	for _, f := range all {
		fmt.Fprintf(w, "%s:%d:%d: %s\n%s", relative(wd, f.posn.Filename), f.posn.Line, f.posn.Column, f.message, f.related)
	}
	return len(all)
}

// relative shortens a path under the working directory, as go vet does.
func relative(wd, name string) string {
	if rel, err := filepath.Rel(wd, name); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return name
}
