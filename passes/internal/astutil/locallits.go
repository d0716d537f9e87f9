package astutil

import (
	"go/ast"
	"go/types"
)

// LocalCalls returns the function literals root assigns to a local
// variable and only ever calls, in the same goroutine (handlePage :=
// func(page int) error {...}; ... handlePage(p)): their code runs when
// root's does, as if it were written where they are called. A literal
// whose variable is passed on, returned, stored, reassigned or started
// with go is not among them.
func LocalCalls(info *types.Info, root ast.Node) map[*ast.FuncLit]bool {
	lits := map[types.Object]*ast.FuncLit{}
	ast.Inspect(root, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, l := range as.Lhs {
			id, isID := l.(*ast.Ident)
			lit, isLit := ast.Unparen(as.Rhs[i]).(*ast.FuncLit)
			if !isID || !isLit {
				continue
			}
			if obj := info.Defs[id]; obj != nil {
				lits[obj] = lit
			} else if obj := info.Uses[id]; obj != nil {
				lits[obj] = nil // assigned again: which literal runs is not known
			}
		}
		return true
	})
	if len(lits) == 0 {
		return nil
	}
	calls := map[*ast.Ident]bool{} // uses that call the variable
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GoStmt:
			if id, ok := ast.Unparen(n.Call.Fun).(*ast.Ident); ok {
				lits[info.Uses[id]] = nil
			}
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok {
				calls[id] = true
			}
		case *ast.Ident:
			if obj := info.Uses[n]; obj != nil && lits[obj] != nil && !calls[n] {
				lits[obj] = nil // read as a value
			}
		}
		return true
	})
	out := map[*ast.FuncLit]bool{}
	for _, lit := range lits {
		if lit != nil {
			out[lit] = true
		}
	}
	return out
}
