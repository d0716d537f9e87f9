package fails

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// SwallowsFailure reports whether call runs code of this package that
// can fail and keeps the failure to itself: a function, or a literal a
// local variable holds, that returns no error (nothing, or only
// booleans) and tests the error of a call it makes (runOnce := func() {
// c, err := dial(); if err != nil { log(err); return }; ... }). Its
// caller cannot tell how it ended; a loop that backs off after every
// such call reconnects (retrysite, backoff.go).
func (f *Fails) SwallowsFailure(call *ast.CallExpr) bool {
	info := f.pass.TypesInfo
	sig, ok := info.TypeOf(call.Fun).Underlying().(*types.Signature)
	if !ok {
		return false
	}
	for i := range sig.Results().Len() {
		if !site.IsBool(sig.Results().At(i).Type()) {
			return false
		}
	}
	body := f.LocalBody(call)
	if body == nil {
		return false
	}
	tests := false
	ast.Inspect(body, func(n ast.Node) bool {
		if ifs, ok := n.(*ast.IfStmt); ok && TestsErr(info, ifs.Cond) {
			tests = true
		}
		return !tests
	})
	return tests
}

// LocalBody returns the body of the code of this package that call runs:
// a declared function or method, or a literal a local variable holds.
func (f *Fails) LocalBody(call *ast.CallExpr) *ast.BlockStmt {
	if lit := f.LocalLiteral(call); lit != nil {
		return lit.Body
	}
	if fn := libs.Callee(f.pass.TypesInfo, call); fn != nil {
		return f.decls.Body(fn.Origin())
	}
	return nil
}

// ImplementationBody returns the body of the one implementation in the
// program of the interface method call calls (issuer.Issue(ctx, csr)
// with one Issuer of the package), or nil.
func (f *Fails) ImplementationBody(call *ast.CallExpr) *ast.BlockStmt {
	fn := libs.Callee(f.pass.TypesInfo, call)
	if fn == nil {
		return nil
	}
	if impl := f.impls.SoleImplementation(fn); impl != nil {
		return f.decls.Body(impl.Origin())
	}
	return nil
}

// LocalLiteral returns the function literal that call runs through a
// local variable assigned it once (backoff := func() *time.Timer {...};
// t := backoff()), or nil.
func (f *Fails) LocalLiteral(call *ast.CallExpr) *ast.FuncLit {
	info := f.pass.TypesInfo
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	// The variable is declared in the function holding the call or in
	// one around it: search the declaration that holds them all.
	for _, b := range f.index.Bodies {
		if b.Func != nil && b.Node.Pos() <= v.Pos() && call.End() <= b.Node.End() {
			lit, _ := ast.Unparen(site.LocalDef(info, b.Node, v)).(*ast.FuncLit)
			return lit
		}
	}
	return nil
}
