package retrynonidempotent

import (
	"go/ast"
	"go/constant"
	"go/token"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// predicateOnlyUnprocessed reports whether a retry helper is told to retry
// only errors that prove the server did not process the request: its
// predicate (retry-go's RetryIf(rateLimited), k8s retry.OnError) is true
// only for a 429 status or an attempt that was never sent.
func (a *analyzer) predicateOnlyUnprocessed(site *retrysite.Site) bool {
	call, ok := site.Node.(*ast.CallExpr)
	if !ok || site.Kind != retrysite.Helper {
		return false
	}
	info := a.pass.TypesInfo
	var preds []ast.Expr
	if i, ok := libs.RetryPredicates.Lookup(site.HelperFunc); ok && i < len(call.Args) {
		preds = append(preds, call.Args[i])
	}
	// The options as retrysite resolved them: the call's own, or those
	// its retrier was built with (retry-go v5's retry.New(opts...).Do).
	for _, oc := range site.Options {
		if i, ok := libs.RetryPredicates.Lookup(libs.Callee(info, oc)); ok && i < len(oc.Args) {
			preds = append(preds, oc.Args[i])
		}
	}
	if len(preds) == 0 {
		return false
	}
	for _, p := range preds {
		if !a.predicateProves(p) {
			return false
		}
	}
	return true
}

// predicateProves reports whether every true answer of a predicate (a
// function literal or a function of the package) proves the request was
// not processed.
func (a *analyzer) predicateProves(e ast.Expr) bool {
	var body *ast.BlockStmt
	switch lit, fn := astutil.FuncValue(a.pass.TypesInfo, e); {
	case lit != nil:
		body = lit.Body
	case fn != nil:
		for _, d := range a.decls {
			if d.Func == fn {
				body = d.Block
			}
		}
	}
	if body == nil {
		return false
	}
	return astutil.EveryReturn(body, a.proves)
}

// proves reports whether a boolean expression is true only for a 429
// status or an error of an attempt that was never sent.
func (a *analyzer) proves(e ast.Expr) bool {
	info := a.pass.TypesInfo
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.Bool {
		return !constant.BoolVal(tv.Value)
	}
	if b, ok := e.(*ast.BinaryExpr); ok {
		switch b.Op {
		case token.LAND:
			return a.proves(b.X) || a.proves(b.Y)
		case token.LOR:
			return a.proves(b.X) && a.proves(b.Y)
		case token.EQL:
			if astutil.ComparesWith(info, b, constant.MakeInt64(429)) {
				return true
			}
		}
	}
	return a.pass.ResultOf[retrysite.Analyzer].(*retrysite.Result).NotSent(info, e)
}
