package main

import (
	"errors"
	"flag"
	"fmt"
	"go/types"
	"io"
	"os"
	"sort"
	"strings"
	"time"

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
	exitBrokenPk = 3 // a package failed to load or type-check, or an analyzer panicked on one
)

// A run shows progress, on a terminal, once it is progressAfter old,
// redrawn every progressEvery.
const (
	progressAfter = 2 * time.Second
	progressEvery = 200 * time.Millisecond
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
	if opts.explain != "" {
		if err := explain(opts.explain, stdout); err != nil {
			fmt.Fprintf(stderr, "idemlint: %v\n", err)
			return exitUsage
		}
		return exitClean
	}
	if opts.version {
		fmt.Fprintln(stdout, "idemlint", version())
		return exitClean
	}
	// The collector keeps its default pace: since dependencies' syntax and
	// type information are dropped once analyzed, GOGC 150 no longer buys
	// time (lego and std, interleaved runs: within noise) and costs 7-10%
	// of peak memory.
	var shown io.Writer // where progress goes, if anywhere
	if showProgress(isTerminal(stderr), stdout, opts.format) {
		shown = stderr
	}
	prog := newProgress(shown, time.Now, progressAfter)
	stop := prog.run(progressEvery)
	passes.Recovering(withSites(opts, opts.analyzers), aboveProgress{prog, stderr})
	units, errs, err := analyzeCached(opts, prog)
	stop()
	if err != nil {
		fmt.Fprintf(stderr, "idemlint: %v\n", err)
		if errors.As(err, new(errAnalysis)) {
			return exitBrokenPk
		}
		return exitUsage
	}
	code := exitClean
	if len(errs) > 0 {
		code = exitBrokenPk
		fmt.Fprint(stderr, strings.Join(errs, "\n")+"\n")
	}
	all, directives := merge(units)
	all = append(all, checkDirectives(directives, opts.analyzers, all)...)
	sortFindings(all)
	if opts.sites {
		return writeSites(opts, units, all, code, stdout, stderr)
	}
	if opts.writeBaseline != "" {
		if err := writeBaseline(opts.writeBaseline, all); err != nil {
			fmt.Fprintf(stderr, "idemlint: %v\n", err)
			return exitUsage
		}
	}
	if opts.baseline != "" {
		known, err := readBaseline(opts.baseline)
		if err != nil {
			fmt.Fprintf(stderr, "idemlint: %v\n", err)
			return exitUsage
		}
		all = known.filter(all)
	}
	if err := write(opts, all, stdout); err != nil {
		fmt.Fprintf(stderr, "idemlint: %v\n", err)
		return exitBrokenPk
	}
	if opts.fix || opts.diff {
		if err := applyFixes(all, opts.diff, stdout); err != nil {
			fmt.Fprintf(stderr, "idemlint: %v\n", err)
			return exitBrokenPk
		}
	}
	if opts.summary {
		printSummary(all, stdout)
	}
	if active(all) > 0 && code == exitClean && opts.format == "text" && !opts.fix {
		code = exitReports
	}
	if passes.AnyCrashed() {
		code = exitBrokenPk // the line that says so is printed already
	}
	return code
}

// active counts the findings no directive silenced.
func active(all []finding) int {
	n := 0
	for _, f := range all {
		if !f.suppressed {
			n++
		}
	}
	return n
}

// write prints the findings in the chosen format.
func write(opts *options, all []finding, w io.Writer) error {
	switch opts.format {
	case "json":
		return writeJSON(all, w)
	case "sarif":
		return writeSARIF(all, opts.analyzers, w)
	}
	writeText(all, w)
	return nil
}

type options struct {
	json, sarif, tests, version bool
	summary, fix, diff, cache   bool
	sites                       bool   // print the retry map (sites.go)
	html                        string // and write it as a page there
	format                      string
	baseline, writeBaseline     string
	tags, dir, explain          string
	patterns                    []string
	rootDirs                    []string // see newParse
	analyzers                   []*analysis.Analyzer
}

// parseFlags reads the driver's flags, one -NAME flag per analyzer to switch
// it on or off, and the analyzers' own flags as -NAME.FLAG.
func parseFlags(args []string, stderr io.Writer) (*options, error) {
	opts := &options{}
	fs := flag.NewFlagSet("idemlint", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.BoolVar(&opts.json, "json", false, "print reports as the go/analysis JSON tree (same as -format=json)")
	fs.BoolVar(&opts.sarif, "sarif", false, "print reports as SARIF 2.1.0 (same as -format=sarif)")
	fs.StringVar(&opts.format, "format", "text", "output format: text, json or sarif")
	fs.StringVar(&opts.baseline, "baseline", "", "report only findings not recorded in `file`")
	fs.StringVar(&opts.writeBaseline, "write-baseline", "", "record the current findings in `file`")
	fs.BoolVar(&opts.summary, "summary", false, "after the findings, print counts per analyzer and per package")
	fs.BoolVar(&opts.fix, "fix", false, "apply the suggested fixes")
	fs.BoolVar(&opts.diff, "diff", false, "print the suggested fixes as a diff, without applying them")
	fs.BoolVar(&opts.tests, "test", true, "also analyze test files")
	fs.BoolVar(&opts.cache, "cache", true, "reuse the results of packages analyzed before, unchanged since (IDEMLINT_CACHE=off also turns this off)")
	fs.StringVar(&opts.tags, "tags", "", "comma-separated build tags")
	fs.BoolVar(&opts.version, "version", false, "print the version and exit")
	fs.StringVar(&opts.explain, "explain", "", "print the documentation of the `check` a report ends with (an analyzer, or a hazard such as nojitter/no-cap) and exit")
	fs.StringVar(&opts.dir, "C", "", "change to `dir` before doing anything else")
	fs.BoolVar(&opts.sites, "sites", false, "print the retry map: every retry site, its attempts, waits, what it repeats and nests, and its reports (with -json: as JSON)")
	fs.StringVar(&opts.html, "html", "", "with -sites, also write the map as a self-contained HTML page to `file`")
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
	switch {
	case opts.json:
		opts.format = "json"
	case opts.sarif:
		opts.format = "sarif"
	}
	if opts.format != "text" && opts.format != "json" && opts.format != "sarif" {
		return nil, fmt.Errorf("-format=%s: want text, json or sarif", opts.format)
	}
	if err := checkSitesFlags(opts); err != nil {
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
	fmt.Fprintln(w, "       idemlint -explain CHECK")
	fmt.Fprintln(w, "\nEach report ends with the check that made it, an analyzer or one of its hazards:")
	fmt.Fprintln(w, "  demo.go:31:3: retry delay has no jitter, ... (nojitter/no-jitter)")
	fmt.Fprintln(w, "-explain prints what the check reports, why it matters, the fix and how to")
	fmt.Fprintln(w, "silence it (//idemlint:ignore ANALYZER REASON, or -ANALYZER=false).")
	fmt.Fprintln(w, "\nOn a terminal, a run that takes more than 2 s shows its progress on stderr.")
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

// analyze loads the packages the patterns match, with their dependencies,
// from source and analyzes them. It returns what each root package
// yields and, one line each, the errors of the packages that failed to
// load or type-check; err is for a run that could not start or finish.
// analyze loads patterns and analyzes them; it returns, besides the
// findings, the roots loaded, whose metadata the cache keys.
func analyze(opts *options, patterns []string, prog *progress) (units []unit, roots []*packages.Package, errs []string, err error) {
	pkgs, err := load(opts, patterns, prog)
	if err != nil {
		return nil, nil, nil, err
	}
	errs = loadErrors(pkgs)
	analyzers := passes.KeepingSuppressed(opts.analyzers)
	if opts.sites {
		analyzers = append(analyzers, sitesAnalyzer(analyzers))
	}
	passes.AnalyzingDespiteBrokenImports(analyzers, ownErrors(pkgs))
	passes.Releasing(analyzers, releaser(pkgs))
	prog.watch(pkgs, analyzers)
	restore := paceAnalysis(pkgs)
	graph, err := checker.Analyze(analyzers, pkgs, nil)
	restore()
	profileHeap()
	if err != nil {
		return nil, nil, nil, errAnalysis{err}
	}
	return collect(graph, pkgs, opts.sites), pkgs, errs, nil
}

// ownErrors tells the packages that failed to load or type-check
// themselves, as opposed to their importers, which go/packages marks
// ill-typed too but whose own type information is complete, and to
// packages whose only errors come from an import that could not be loaded
// (brokenimports.go): those are analyzed
// (passes.AnalyzingDespiteBrokenImports), with what the broken package's
// facts would have said unknown to them. The broken package's
// error is still printed and the run exits 3.
func ownErrors(roots []*packages.Package) func(*types.Package) bool {
	broken := map[*types.Package]bool{}
	packages.Visit(roots, nil, func(p *packages.Package) {
		if p.Types == nil || p.TypesInfo == nil || !importErrorsOnly(p) {
			broken[p.Types] = true
		}
	})
	return func(p *types.Package) bool { return p == nil || broken[p] }
}

// errAnalysis is an error of the analysis, not of the loading.
type errAnalysis struct{ error }

func load(opts *options, patterns []string, prog *progress) ([]*packages.Package, error) {
	cfg := &packages.Config{
		// The module and the tested package are what the cache keys a
		// root with (keys.go), besides what loading needs.
		Mode:      packages.LoadAllSyntax | packages.NeedModule | packages.NeedForTest,
		Tests:     opts.tests,
		ParseFile: newParse(patterns, opts.rootDirs).file,
	}
	if prog.w != nil {
		cfg.ParseFile = prog.parseFile(cfg.ParseFile)
	}
	if opts.tags != "" {
		cfg.BuildFlags = []string{"-tags=" + opts.tags}
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, goListError(err)
	}
	if noneMatched(pkgs) {
		return nil, fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	return pkgs, nil
}

// goListError keeps, of an error go/packages wraps around a failed go list
// ("err: exit status 1: stderr: go: go.mod requires go >= 1.27"), what the
// go command said.
func goListError(err error) error {
	msg := err.Error()
	if i := strings.Index(msg, "stderr: "); i >= 0 {
		return errors.New(strings.TrimSpace(msg[i+len("stderr: "):]))
	}
	return err
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

// loadErrors returns, one line each, the errors of the packages that
// failed to load or type-check.
func loadErrors(pkgs []*packages.Package) []string {
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
	return lines
}
