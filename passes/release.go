package passes

import (
	"go/types"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
	"github.com/idemlint/idemlint/passes/internal/ssautil"
)

// Releasing makes the analyzers (copies, as KeepingSuppressed returns)
// drop what a dependency no longer needs once they are done with it. A
// driver that loads the program from source keeps every package's syntax
// and type information, and the checker every result, until the run
// ends, though a dependency's are read only by the analyzers of that
// package: its importers see its types and facts. Once every analyzer
// with facts has run on a package (the others never run on a
// dependency, and those they require ran before them), the indexes of
// its function bodies and its retry sites are emptied and release is
// called, which drops the package's syntax and type information unless
// it is a root, whose reports are still to be read; it says whether it
// did. On a large application most of the heap is its dependencies', so
// the peak memory, and the collector's work, shrink as the run goes on.
// The package's SSA form is held from the first of them that can ask for
// it to the last, so that it is built once for all of them.
func Releasing(analyzers []*analysis.Analyzer, release func(*types.Package) bool) {
	if !coversDependencies(analyzers) {
		return
	}
	n := 0
	for _, a := range analyzers {
		if len(a.FactTypes) > 0 {
			n++
		}
	}
	var mu sync.Mutex
	left := map[*types.Package]*atomic.Int64{}
	held := map[*types.Package][]any{}
	// The SSA form of a package is held from the first of these analyzers
	// that can ask for it to the last: each drops it when done, and one
	// that ran after another had dropped it built it again.
	ssas := map[*types.Package]*ssautil.SSA{}
	for _, a := range analyzers {
		if len(a.FactTypes) == 0 {
			continue
		}
		run := a.Run
		a.Run = func(pass *analysis.Pass) (any, error) {
			if s, ok := pass.ResultOf[ssautil.Analyzer].(*ssautil.SSA); ok {
				mu.Lock()
				if ssas[pass.Pkg] == nil {
					ssas[pass.Pkg] = s
					s.Acquire()
				}
				mu.Unlock()
			}
			res, err := run(pass)
			mu.Lock()
			c := left[pass.Pkg]
			if c == nil {
				c = new(atomic.Int64)
				c.Store(int64(n))
				left[pass.Pkg] = c
			}
			for _, r := range pass.ResultOf {
				held[pass.Pkg] = append(held[pass.Pkg], r)
			}
			rs := held[pass.Pkg]
			last := c.Add(-1) == 0
			ssa := ssas[pass.Pkg]
			if last {
				delete(held, pass.Pkg)
				delete(ssas, pass.Pkg)
			}
			mu.Unlock()
			if last && ssa != nil {
				ssa.Release()
			}
			if last && release(pass.Pkg) {
				for _, r := range rs {
					empty(r)
				}
			}
			return res, err
		}
	}
}

// empty drops what a result of a required analyzer holds of the syntax.
func empty(r any) {
	switch r := r.(type) {
	case *bodies.Index:
		*r = bodies.Index{}
	case *retrysite.Result:
		*r = retrysite.Result{}
	}
}

// coversDependencies reports whether every analyzer that runs on a
// dependency runs before one of the analyzers with facts is done there:
// an analyzer with facts that they require is required by one of them
// (were it required only by an analyzer without facts, as when only
// those are switched on, it could run on a package already dropped).
func coversDependencies(analyzers []*analysis.Analyzer) bool {
	listed := map[*analysis.Analyzer]bool{}
	for _, a := range analyzers {
		listed[a] = true
	}
	underFacts := map[*analysis.Analyzer]bool{} // required by one with facts
	all := map[*analysis.Analyzer]bool{}
	var visit func(a *analysis.Analyzer, facts bool)
	visit = func(a *analysis.Analyzer, facts bool) {
		if all[a] && (underFacts[a] || !facts) {
			return
		}
		all[a] = true
		underFacts[a] = underFacts[a] || facts
		for _, r := range a.Requires {
			visit(r, facts)
		}
	}
	for _, a := range analyzers {
		for _, r := range a.Requires {
			visit(r, len(a.FactTypes) > 0)
		}
	}
	for a := range all {
		if len(a.FactTypes) > 0 && !listed[a] && !underFacts[a] {
			return false
		}
	}
	return true
}
