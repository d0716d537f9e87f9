package main

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/term"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// progress keeps, on a terminal, one status line on stderr while a long
// run loads and analyzes packages, and erases it before the reports: what
// is printed for the user to read or for a program is unchanged. Counters
// are bumped from the loader's and the analyzers' goroutines; tick draws
// them, from a ticker in a real run and by hand in tests.
type progress struct {
	w       io.Writer // nil: show nothing
	now     func() time.Time
	start   time.Time
	quiet   time.Duration // nothing is drawn before the run is this old
	parsed  atomic.Int64  // files parsed while loading
	loaded  atomic.Int64  // packages loaded, once loading is done
	done    atomic.Int64  // packages analyzed
	total   atomic.Int64  // packages to analyze
	mu      sync.Mutex
	drawn   int    // length of the line on screen, 0 for none
	last    string // the line last drawn
	stopped bool
}

// showProgress decides whether a run draws progress: only for a person
// watching, so stderr must be a terminal (CI logs stay clean), and not
// when JSON or SARIF goes to a pipe, which a program reads.
func showProgress(stderrIsTerminal bool, stdout io.Writer, format string) bool {
	if !stderrIsTerminal {
		return false
	}
	if f, ok := stdout.(*os.File); ok && format != "text" {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeNamedPipe != 0 {
			return false
		}
	}
	return true
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// newProgress returns a progress drawn on w, or one that draws nothing
// when w is nil.
func newProgress(w io.Writer, now func() time.Time, quiet time.Duration) *progress {
	return &progress{w: w, now: now, start: now(), quiet: quiet}
}

// run draws the line every tick until stop; it returns stop.
func (p *progress) run(every time.Duration) (stop func()) {
	if p.w == nil {
		return func() {}
	}
	t := time.NewTicker(every)
	quit := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		for {
			select {
			case <-t.C:
				p.tick()
			case <-quit:
				return
			}
		}
	}()
	return func() {
		t.Stop()
		close(quit)
		<-finished
		p.finish()
	}
}

// finish erases the line for good.
func (p *progress) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.erase()
	p.stopped = true
}

// tick draws the current line, once the run is old enough to need one.
func (p *progress) tick() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.w == nil || p.stopped || p.now().Sub(p.start) < p.quiet {
		return
	}
	line := fmt.Sprintf("idemlint: loading packages, %d files parsed", p.parsed.Load())
	if n := p.loaded.Load(); n > 0 {
		line = fmt.Sprintf("idemlint: %d packages loaded, %d of %d analyzed", n, p.done.Load(), p.total.Load())
	}
	if line == p.last && p.drawn > 0 {
		return
	}
	// Spaces, not terminal escapes, blank out the rest of a longer line.
	fmt.Fprintf(p.w, "\r%s%s", line, strings.Repeat(" ", max(p.drawn-len(line), 0)))
	p.drawn, p.last = len(line), line
}

// above prints something (errors) on stderr above the status line: the
// line is erased, and the next tick draws it again below.
func (p *progress) above(print func()) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.erase()
	print()
}

func (p *progress) erase() {
	if p.drawn > 0 {
		fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.drawn))
		p.drawn = 0
	}
}

// parseFile wraps a ParseFile of go/packages, counting the files.
func (p *progress) parseFile(parse func(*token.FileSet, string, []byte) (*ast.File, error)) func(*token.FileSet, string, []byte) (*ast.File, error) {
	return func(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
		p.parsed.Add(1)
		return parse(fset, filename, src)
	}
}

// watch counts the packages to analyze (the roots, and their dependencies
// when an analyzer uses facts, since those run there too) and wraps the Run
// of the analyzers, copies the caller owns, to count a package as analyzed
// when the last of them has run on it.
func (p *progress) watch(roots []*packages.Package, analyzers []*analysis.Analyzer) {
	if p.w == nil {
		return // nothing is shown, so nothing needs counting
	}
	p.loaded.Store(int64(len(packagesOf(roots))))
	facts := 0
	for _, a := range analyzers {
		if len(a.FactTypes) > 0 {
			facts++
		}
	}
	left := map[*types.Package]*atomic.Int64{}
	expect := func(pkg *packages.Package, n int) {
		if pkg.Types != nil && !pkg.IllTyped && n > 0 {
			if left[pkg.Types] == nil {
				left[pkg.Types] = new(atomic.Int64)
			}
			left[pkg.Types].Store(int64(n))
		}
	}
	for _, pkg := range packagesOf(roots) {
		expect(pkg, facts)
	}
	for _, pkg := range roots {
		expect(pkg, len(analyzers))
	}
	p.total.Store(int64(len(left)))
	for _, a := range analyzers {
		run := a.Run
		a.Run = func(pass *analysis.Pass) (any, error) {
			defer func() {
				if n := left[pass.Pkg]; n != nil && n.Add(-1) == 0 {
					p.done.Add(1)
				}
			}()
			return run(pass)
		}
	}
}

// packagesOf lists the roots and all their dependencies, once each.
func packagesOf(roots []*packages.Package) []*packages.Package {
	var all []*packages.Package
	packages.Visit(roots, nil, func(p *packages.Package) { all = append(all, p) })
	return all
}

// aboveProgress writes to w above the status line, for lines printed
// while the run goes on (an analyzer that panicked on a package).
type aboveProgress struct {
	p *progress
	w io.Writer
}

func (a aboveProgress) Write(b []byte) (n int, err error) {
	a.p.above(func() { n, err = a.w.Write(b) })
	return n, err
}
