package passes

import (
	"fmt"
	"go/types"
	"io"
	"os"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
)

// panicEnv makes an analyzer panic on one package ("analyzer@import/path"),
// so the tests can show what a user sees when one does.
const panicEnv = "IDEMLINT_PANIC_ON"

// crashes records the packages an analyzer panicked on in this process.
var crashes struct {
	sync.Mutex
	pkgs    map[string]bool
	out     io.Writer
	wrapped map[*analysis.Analyzer]bool
}

// Recovering makes every analyzer of the suite, and every analyzer they
// require, survive its own panic: the analyzer prints one line that names
// it, the package and the line of idemlint that failed, and gives an
// empty result and no facts for that package, so the packages that import
// it are still analyzed (what the lost facts would have said is unknown
// to them) and every other package is reported. Without it a panic in one
// analyzer on one package ends the whole run with no report at all: the
// go/analysis drivers recover nothing. It wraps the analyzers in place,
// each once per process (a required analyzer is shared: its dependents
// find its result under its own pointer), and writes the lines to w.
func Recovering(analyzers []*analysis.Analyzer, w io.Writer) {
	crashes.Lock()
	defer crashes.Unlock()
	crashes.out = w
	if crashes.wrapped == nil {
		crashes.wrapped = map[*analysis.Analyzer]bool{}
	}
	var wrap func(a *analysis.Analyzer)
	wrap = func(a *analysis.Analyzer) {
		if crashes.wrapped[a] {
			return
		}
		crashes.wrapped[a] = true
		for _, r := range a.Requires {
			wrap(r)
		}
		a.Run = recoverRun(a, a.Run)
	}
	for _, a := range analyzers {
		wrap(a)
	}
}

// skipping, when set, says which packages an analyzer must not run on
// (AnalyzingDespiteBrokenImports).
var skipping atomic.Pointer[func(*types.Package) bool]

// AnalyzingDespiteBrokenImports makes the analyzers (wrapped by Recovering)
// run on a package whose own files type-check although a package it
// imports does not, and skip, with an empty result and no facts, the
// packages broken tells: those with errors of their own. A driver that
// loads from source marks every importer of a broken package ill-typed,
// and the go/analysis checker then runs nothing on it nor on anything
// above it (a failed dependency fails its importers' actions), so one
// package that does not build (a module the proxy does not serve,
// generated code not checked in) silenced the whole program above it.
func AnalyzingDespiteBrokenImports(analyzers []*analysis.Analyzer, broken func(*types.Package) bool) {
	crashes.Lock()
	defer crashes.Unlock()
	seen := map[*analysis.Analyzer]bool{}
	var mark func(a *analysis.Analyzer)
	mark = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		a.RunDespiteErrors = true
		for _, r := range a.Requires {
			mark(r)
		}
	}
	for _, a := range analyzers {
		mark(a)
	}
	skipping.Store(&broken)
}

// Crashed reports whether an analyzer panicked on the package with this
// import path in this process.
func Crashed(path string) bool {
	crashes.Lock()
	defer crashes.Unlock()
	return crashes.pkgs[path]
}

// AnyCrashed reports whether an analyzer panicked on any package.
func AnyCrashed() bool {
	crashes.Lock()
	defer crashes.Unlock()
	return len(crashes.pkgs) > 0
}

// recoverRun wraps an analyzer's run: the facts it exports are held back
// until it returns, so a run that panics half way exports none of them.
func recoverRun(a *analysis.Analyzer, run func(*analysis.Pass) (any, error)) func(*analysis.Pass) (any, error) {
	inject := os.Getenv(panicEnv)
	return func(pass *analysis.Pass) (res any, err error) {
		held := holdFacts(pass)
		defer func() {
			v := recover()
			if v == nil {
				held.flush()
				return
			}
			notePanic(a, pass.Pkg, v, callers())
			res, err = emptyResult(a), nil
		}()
		if skip := skipping.Load(); skip != nil && (*skip)(pass.Pkg) {
			return emptyResult(a), nil
		}
		if inject != "" && inject == a.Name+"@"+pass.Pkg.Path() {
			panic("injected by " + panicEnv)
		}
		return labelled(a, pass, run)
	}
}

// notePanic prints one line for the first panic on a package; a panic of
// an analyzer that required the one that failed first is its consequence.
func notePanic(a *analysis.Analyzer, pkg *types.Package, v any, where string) {
	crashes.Lock()
	defer crashes.Unlock()
	if crashes.pkgs == nil {
		crashes.pkgs = map[string]bool{}
	}
	if crashes.pkgs[pkg.Path()] {
		return
	}
	crashes.pkgs[pkg.Path()] = true
	w := crashes.out
	if w == nil {
		w = os.Stderr
	}
	fmt.Fprintf(w, "idemlint: internal error: %s panicked on package %s%s: %v; its reports and facts for this package are lost, the other packages are analyzed (please report this with the package's code)\n",
		a.Name, pkg.Path(), where, v)
}

// callers names the innermost function of idemlint's own code on the
// panicking goroutine's stack, where the fault is.
func callers() string {
	pcs := make([]uintptr, 64)
	n := runtime.Callers(3, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		if strings.Contains(f.Function, "/idemlint/passes") && !strings.Contains(f.Function, "passes.recoverRun") {
			return fmt.Sprintf(" in %s (%s:%d)", f.Function[strings.LastIndex(f.Function, "/")+1:], shortFile(f.File), f.Line)
		}
		if !more {
			return ""
		}
	}
}

func shortFile(path string) string {
	if i := strings.Index(path, "/passes/"); i >= 0 {
		return path[i+1:]
	}
	return path
}

// emptyResult is the zero value of an analyzer's result (a pointer to a
// zero value for a pointer type), which its dependents read as "nothing
// found here".
func emptyResult(a *analysis.Analyzer) any {
	t := a.ResultType
	if t == nil {
		return nil
	}
	if t.Kind() == reflect.Pointer {
		return reflect.New(t.Elem()).Interface()
	}
	return reflect.Zero(t).Interface()
}
