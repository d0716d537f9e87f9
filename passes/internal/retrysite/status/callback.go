package status

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
)

// runsCallback returns the function literal a call statement hands to
// its callee to run, when the simulation can read it as run there, once:
// a literal with no results that neither returns nor branches
// (metrics.Measure("lock", func() { err = lock.Post(c) }), a span or
// timing wrapper). What it assigns is then the attempt's own outcome. A
// literal handed to time.AfterFunc runs later, and one with results
// answers its callee, who decides what to do: neither is read.
func runsCallback(info *types.Info, call *ast.CallExpr) *ast.FuncLit {
	if fn := libs.Callee(info, call); fn == nil || fn.Pkg() != nil && fn.Pkg().Path() == "time" {
		return nil
	}
	var found *ast.FuncLit
	for _, a := range call.Args {
		lit, ok := ast.Unparen(a).(*ast.FuncLit)
		if !ok {
			continue
		}
		if found != nil || lit.Type.Results != nil && len(lit.Type.Results.List) > 0 || leavesEarly(lit.Body) {
			return nil
		}
		found = lit
	}
	return found
}

// leavesEarly reports whether a literal's body returns or branches out of
// its statements (a nested literal's do not count).
func leavesEarly(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt, *ast.BranchStmt:
			found = true
		}
		return !found
	})
	return found
}
