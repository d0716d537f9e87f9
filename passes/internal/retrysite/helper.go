package retrysite

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/idemlint/idemlint/passes/internal/retrysite/status"
)

// helperParam returns the index of the function-typed parameter of fd that
// one of the sites (all inside fd) runs as, or in, its operation, or -1.
func helperParam(info *types.Info, fd *ast.FuncDecl, sites []*Site) int {
	fn, ok := info.Defs[fd.Name].(*types.Func)
	if !ok {
		return -1
	}
	params := fn.Signature().Params()
	index := map[types.Object]int{}
	for i := range params.Len() {
		if _, isFunc := params.At(i).Type().Underlying().(*types.Signature); isFunc {
			index[params.At(i)] = i
		}
	}
	if len(index) == 0 {
		return -1
	}
	returned := returnedLits(fd)
	for _, s := range sites {
		if s.Encl == nil || s.Encl.Pos() < fd.Pos() || s.Encl.End() > fd.End() || inLits(s.Encl, returned) {
			continue
		}
		if i := runsParam(info, s, index); i >= 0 {
			return i
		}
	}
	return -1
}

// returnedLits returns the function literals fd returns: their sites run
// when the caller calls what it got, not in fd (a maker, makers.go).
func returnedLits(fd *ast.FuncDecl) []*ast.FuncLit {
	var lits []*ast.FuncLit
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if ret, ok := n.(*ast.ReturnStmt); ok {
			for _, r := range ret.Results {
				if lit, ok := ast.Unparen(r).(*ast.FuncLit); ok {
					lits = append(lits, lit)
				}
			}
		}
		return true
	})
	return lits
}

// inLits reports whether n lies within one of lits.
func inLits(n ast.Node, lits []*ast.FuncLit) bool {
	for _, l := range lits {
		if l.Pos() <= n.Pos() && n.End() <= l.End() {
			return true
		}
	}
	return false
}

// runsParam returns the index of the parameter (of index) that site s
// runs as, or in, its operation, or -1.
func runsParam(info *types.Info, s *Site, index map[types.Object]int) int {
	if id, ok := ast.Unparen(s.Op.Expr).(*ast.Ident); ok {
		if i, ok := index[info.Uses[id]]; ok {
			return i
		}
	}
	if s.Op.Body == nil {
		return -1
	}
	found := -1
	ast.Inspect(s.Op.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && found < 0 {
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
				if i, ok := index[info.Uses[id]]; ok {
					found = i
				}
			}
		}
		return found < 0
	})
	return found
}

// throttledOnly reports whether fd, a helper retrying its parameter op,
// does so in loops that each go round only on a 429 (site.HelperFact
// Throttled).
func throttledOnly(info *types.Info, fd *ast.FuncDecl, op int, sites []*Site, throttles *status.ThrottleTypes) bool {
	fn, ok := info.Defs[fd.Name].(*types.Func)
	if !ok || op >= fn.Signature().Params().Len() {
		return false
	}
	runs := opSites(info, fd, fn, op, sites)
	for _, s := range runs {
		if s.Kind != Loop || !s.OnlyRetriesRoundWhen(func(t ast.Expr, failIf bool) bool { return throttles.Proves(info, t, failIf) }) {
			return false
		}
	}
	return len(runs) > 0
}

// opSites returns the sites inside fd (fn's declaration) that run its
// parameter op as, or in, their operation.
func opSites(info *types.Info, fd *ast.FuncDecl, fn *types.Func, op int, sites []*Site) []*Site {
	index := map[types.Object]int{fn.Signature().Params().At(op): op}
	var out []*Site
	for _, s := range sites {
		if s.Encl != nil && s.Encl.Pos() >= fd.Pos() && s.Encl.End() <= fd.End() && runsParam(info, s, index) >= 0 {
			out = append(out, s)
		}
	}
	return out
}

// learnRefused marks the package's helpers whose every retry of their
// operation lets only unprocessed attempts go round (HelperFact.Refused),
// a helper calling another one of the package included, until nothing
// changes, and marks the package's calls of them as retrying only what
// was refused.
func (f *finder) learnRefused(sites []*Site) {
	for range len(f.helpers) + 1 {
		grew := false
		for fn, fact := range f.helpers {
			fd := f.decls[fn]
			if fact.Refused || fd == nil {
				continue
			}
			runs := opSites(f.info, fd, fn, fact.Op, sites)
			if len(runs) > 0 && !slices.ContainsFunc(runs, func(s *Site) bool { return !s.RetriesOnlyUnprocessed() }) {
				fact.Refused, grew = true, true
				// Its callers in the package read it again.
				for _, s := range sites {
					if s.UserHelper == fact {
						s.OpUnprocessed = true
					}
				}
			}
		}
		if !grew {
			break
		}
	}
}
