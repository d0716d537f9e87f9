package retryclienterror

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/report"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// A helper of the package that retries the operation it is given
// (func (d *P) waitFor(ctx, op func() error) error { return
// wait.Retry(ctx, op, ...) }) retries whatever its callers pass. When a
// caller passes an operation that fails on every non-success status, the
// hazard is the helper's retry of it: the report goes to the retry call
// inside the helper, where the policy that retries every error is chosen
// (a library helper's call: wait.Retry, backoff.Retry), once for all its
// callers, with the failing call as related information.

// passedThrough maps the functions of the package to the retry helper
// call inside each whose operation is the function's own parameter.
func passedThrough(pass *analysis.Pass, sites []*retrysite.Site) map[*types.Func]*retrysite.Site {
	var out map[*types.Func]*retrysite.Site
	for _, s := range sites {
		if s.Kind == retrysite.Loop || s.Op.Expr == nil {
			continue
		}
		id, ok := ast.Unparen(s.Op.Expr).(*ast.Ident)
		if !ok {
			continue
		}
		v, ok := pass.TypesInfo.Uses[id].(*types.Var)
		if !ok {
			continue
		}
		fn := enclosingFunc(pass, s.Node)
		if fn == nil || !isParam(fn, v) {
			continue
		}
		if out == nil {
			out = map[*types.Func]*retrysite.Site{}
		}
		if out[fn] == nil {
			out[fn] = s
		}
	}
	return out
}

func enclosingFunc(pass *analysis.Pass, n ast.Node) *types.Func {
	for _, f := range pass.Files {
		if f.Pos() > n.Pos() || n.End() > f.End() {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && fd.Pos() <= n.Pos() && n.End() <= fd.End() {
				fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
				return fn
			}
		}
	}
	return nil
}

func isParam(fn *types.Func, v *types.Var) bool {
	params := fn.Signature().Params()
	for i := range params.Len() {
		if params.At(i) == v {
			return true
		}
	}
	return false
}

// reportInHelper reports the client-error retry of site s, a call of a
// helper of the package, at the helper's own retry call; it returns false
// when s calls no such helper.
func reportInHelper(pass *analysis.Pass, s *retrysite.Site, inner map[*types.Func]*retrysite.Site, done map[ast.Node]bool) bool {
	call, ok := s.Node.(*ast.CallExpr)
	if !ok || len(inner) == 0 {
		return false
	}
	fn := libs.Callee(pass.TypesInfo, call)
	if fn == nil {
		return false
	}
	t := inner[fn.Origin()]
	if t == nil || handsOn(pass, t, fn) {
		// A helper that only hands its parameters on to another helper
		// (WithRetries(n, d, f) calling WithRetriesContext(nil, n, d, f))
		// chooses no policy: the report stays at the failing send.
		return false
	}
	if !done[t.Node] {
		done[t.Node] = true
		send := s.Fail.Sends[0]
		name := "the operation"
		if callee := libs.Callee(pass.TypesInfo, send); callee != nil {
			name = callee.Name()
		}
		report.Report(pass, analysis.Diagnostic{
			Pos: t.Node.Pos(), End: t.Node.End(),
			Message: msgStatus,
			Related: []analysis.RelatedInformation{{
				Pos:     send.Pos(),
				Message: fmt.Sprintf("%s, passed to %s, fails on every non-success status", name, fn.Name()),
			}},
		})
	}
	return true
}

// handsOn reports whether the retry call of site t, inside fn, passes
// nothing but fn's own parameters and nil.
func handsOn(pass *analysis.Pass, t *retrysite.Site, fn *types.Func) bool {
	call, ok := t.Node.(*ast.CallExpr)
	if !ok {
		return false
	}
	for _, a := range call.Args {
		id, ok := ast.Unparen(a).(*ast.Ident)
		if !ok {
			return false
		}
		if v, ok := pass.TypesInfo.Uses[id].(*types.Var); ok && isParam(fn, v) {
			continue
		}
		if _, isNil := pass.TypesInfo.Uses[id].(*types.Nil); !isNil {
			return false
		}
	}
	return true
}
