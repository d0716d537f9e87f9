package unboundedretry

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/report"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// checkNeverDone reports a call of a program's retry helper that stops
// only when its context is done (site.HelperFact CtxOnly), handed a
// context that never is: `internal.Retry(context.Background(), op, next)`
// retries op until it succeeds. The helper's own loop is bounded (its
// callers decide); this call's is not. An operation that counts its own
// attempts, or a predicate handed to the helper, may end it, and is left
// alone.
func checkNeverDone(pass *analysis.Pass, s *retrysite.Site) {
	f := s.UserHelper
	call, ok := s.Node.(*ast.CallExpr)
	if !ok || f == nil || f.CtxOnly <= 0 || f.CtxOnly > len(call.Args) || f.Op >= len(call.Args) {
		return
	}
	if f.Pred >= 0 && f.Pred < len(call.Args) && !site.IsNil(pass.TypesInfo, call.Args[f.Pred]) {
		return
	}
	if countsOutside(pass.TypesInfo, call.Args[f.Op]) {
		return
	}
	ctx := call.Args[f.CtxOnly-1]
	made := neverDone(pass.TypesInfo, s.Encl, ctx)
	if made == "" {
		return
	}
	report.At(pass, call, "retry can run forever: %s stops only when its context is done, and %s never is; pass a context with a deadline or one that is cancelled on shutdown, or limit the attempts", astutil.FuncName(s.HelperFunc), made)
}

// neverDone returns how ctx was made when it is a context that is never
// done (context.Background(), context.TODO(), or a variable only ever
// given one), or "".
func neverDone(info *types.Info, encl ast.Node, ctx ast.Expr) string {
	made := func(e ast.Expr) string {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return ""
		}
		if fn := libs.Callee(info, call); libs.NeverDone(fn) {
			return "context." + fn.Name() + "()"
		}
		return ""
	}
	if m := made(ctx); m != "" {
		return m
	}
	id, ok := ast.Unparen(ctx).(*ast.Ident)
	v, _ := info.ObjectOf(id).(*types.Var)
	if !ok || v == nil || encl == nil {
		return ""
	}
	m, ok := "", true
	ast.Inspect(encl, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if lid, isID := ast.Unparen(l).(*ast.Ident); isID && info.ObjectOf(lid) == v {
					if len(n.Rhs) != len(n.Lhs) {
						ok = false
					} else if m = made(n.Rhs[i]); m == "" {
						ok = false
					}
				}
			}
		case *ast.UnaryExpr:
			if uid, isID := ast.Unparen(n.X).(*ast.Ident); isID && n.Op == token.AND && info.ObjectOf(uid) == v {
				ok = false // its address is taken: anything may set it
			}
		}
		return ok
	})
	if !ok {
		return ""
	}
	return m
}

// countsOutside reports whether op, a function literal, moves a variable
// declared outside it: it may count its attempts and end the retries.
func countsOutside(info *types.Info, op ast.Expr) bool {
	lit, ok := ast.Unparen(op).(*ast.FuncLit)
	if !ok {
		return false
	}
	outside := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return true // a field or an element: kept elsewhere
		}
		obj := info.ObjectOf(id)
		return obj != nil && (obj.Pos() < lit.Pos() || obj.Pos() >= lit.End())
	}
	found := false
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IncDecStmt:
			found = found || outside(n.X)
		case *ast.AssignStmt:
			if n.Tok != token.DEFINE {
				for _, l := range n.Lhs {
					if id, ok := ast.Unparen(l).(*ast.Ident); ok && id.Name == "_" {
						continue
					}
					if v, ok := info.TypeOf(l).Underlying().(*types.Basic); ok && v.Info()&types.IsNumeric != 0 && outside(l) {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}
