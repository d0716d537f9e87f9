package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
)

// A limit of zero that means none. A helper that stops after max attempts
// unless max is zero
//
//	if maxRetries != 0 && try >= maxRetries { break }
//
// retries forever only when its caller asks for that: the loop is
// bounded as its callers configure it. A caller that passes zero is not
// followed (docs/limits.md): asking for no limit is its own decision.

// zeroMeansNoLimit reports whether cond is a limit test that a zero limit
// switches off: max != 0 && try >= max (or max > 0, 0 < max), the
// counter compared with the same variable the first operand tests.
func (w *loopWalk) zeroMeansNoLimit(cond ast.Expr) bool {
	and, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || and.Op != token.LAND {
		return false
	}
	b, ok := ast.Unparen(and.X).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	x, zero, op := b.X, b.Y, b.Op
	if astutil.IsZero(w.info, x) {
		x, zero, op = b.Y, b.X, astutil.Mirror(op)
	}
	if !astutil.IsZero(w.info, zero) || op != token.NEQ && op != token.GTR {
		return false
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return false
	}
	limit, ok := w.info.Uses[id].(*types.Var)
	if !ok || w.bounder().counters[limit] {
		return false
	}
	c, ok := ast.Unparen(and.Y).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch c.Op {
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
		return mentions(w.info, c.X, limit) && w.bounder().bounds(c.Y) || mentions(w.info, c.Y, limit) && w.bounder().bounds(c.X)
	}
	return false
}

func mentions(info *types.Info, e ast.Expr, v *types.Var) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && info.Uses[id] == v
}
