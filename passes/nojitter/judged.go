package nojitter

import (
	"go/token"
	"runtime"
	"sync"
	"weak"
)

// judgedIn returns the messages (or "" for none) of the waits whose delay
// was traced in this run, keyed by *ast.CallExpr. The test variants of a
// package ("testing [fmt.test]") share its parsed files, so the same wait is
// met once per variant; judging it once spares building the package's SSA
// again for each (the standard library's testing package has 31 variants).
//
// A run is a FileSet: a driver loads all of a run's packages into one. The
// judgements are held per FileSet and dropped with it, so a long-running
// host (golangci-lint, an editor) neither shares them between runs, where a
// dependency's facts may have changed, nor accumulates them.
func judgedIn(fset *token.FileSet) *sync.Map {
	key := weak.Make(fset)
	if m, ok := runs.Load(key); ok {
		return m.(*sync.Map)
	}
	m, loaded := runs.LoadOrStore(key, new(sync.Map))
	if !loaded {
		runtime.AddCleanup(fset, func(k weak.Pointer[token.FileSet]) { runs.Delete(k) }, key)
	}
	return m.(*sync.Map)
}

// runs maps each live run's FileSet (weakly) to its judgements.
var runs sync.Map // weak.Pointer[token.FileSet] -> *sync.Map
