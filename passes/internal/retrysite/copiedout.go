package retrysite

import (
	"go/ast"
	"go/token"

	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// noteCopiedOut reads the statement right after an attempt that copies
// its results into variables declared outside the round (resp, e :=
// c.Do(req); response, err = resp, e): the copies hold the outcome too,
// and a test of them tests the attempt.
func (w *loopWalk) noteCopiedOut(body *ast.BlockStmt) {
	ast.Inspect(body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		block, ok := n.(*ast.BlockStmt)
		if !ok {
			return true
		}
		for i := 0; i+1 < len(block.List); i++ {
			if w.opAssigns[block.List[i]] {
				w.copyOut(block.List[i+1])
			}
		}
		return true
	})
}

// copyOut marks the variables st assigns one by one from an outcome
// variable as outcome variables of the same kind.
func (w *loopWalk) copyOut(st ast.Stmt) {
	as, ok := st.(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
		return
	}
	for i, l := range as.Lhs {
		to, ok := ast.Unparen(l).(*ast.Ident)
		from, ok2 := ast.Unparen(as.Rhs[i]).(*ast.Ident)
		if !ok || !ok2 || to.Name == "_" {
			continue
		}
		src, dst := w.info.ObjectOf(from), w.info.ObjectOf(to)
		switch {
		case src == nil || dst == nil:
		case w.out.Errs[src] && site.IsErrorType(dst.Type()):
			w.out.Errs[dst] = true
		case w.out.Derived[src]:
			w.out.Derived[dst] = true
		}
	}
}
