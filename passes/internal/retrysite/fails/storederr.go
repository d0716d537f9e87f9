package fails

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// StoredErrFact marks a getter of a stored error: a function whose one
// result is an error and whose body does nothing but return a field of a
// value it holds, under a lock perhaps (func (c *cache) getStatus()
// error { c.RLock(); defer c.RUnlock(); return c.status }). Calling it
// reads state an earlier attempt left; it attempts nothing, so a loop
// testing it is not retrying it.
type StoredErrFact struct{}

func (*StoredErrFact) AFact()         {}
func (*StoredErrFact) String() string { return "returns a stored error" }

// StoredErr reports whether call's callee is such a getter.
func (f *Fails) StoredErr(call *ast.CallExpr) bool {
	return marked(f, libs.Callee(f.pass.TypesInfo, call), f.storedErr, new(StoredErrFact))
}

// learnStoredErr finds the package's getters of a stored error.
func (f *Fails) learnStoredErr() {
	for _, b := range f.index.Bodies {
		fd, ok := b.Node.(*ast.FuncDecl)
		if !ok || b.Func == nil || fd.Body == nil {
			continue
		}
		res := b.Func.Signature().Results()
		if res.Len() != 1 || !site.IsErrorType(res.At(0).Type()) || !returnsStored(f.pass.TypesInfo, fd.Body) {
			continue
		}
		f.storedErr[b.Func] = true
		f.pass.ExportObjectFact(b.Func, &StoredErrFact{})
	}
}

// returnsStored reports whether body is lock calls and one return of a
// field. A package variable is left out: a stub returning errFailed is
// an operation that fails, not a stored state.
func returnsStored(info *types.Info, body *ast.BlockStmt) bool {
	if len(body.List) == 0 {
		return false
	}
	for _, st := range body.List[:len(body.List)-1] {
		var call *ast.CallExpr
		switch st := st.(type) {
		case *ast.ExprStmt:
			call, _ = st.X.(*ast.CallExpr)
		case *ast.DeferStmt:
			call = st.Call
		}
		if call == nil || !isLocking(libs.Callee(info, call)) {
			return false
		}
	}
	ret, ok := body.List[len(body.List)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return false
	}
	e, ok := ast.Unparen(ret.Results[0]).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	v, ok := info.ObjectOf(e.Sel).(*types.Var)
	return ok && v.IsField() && onlyNames(e.X)
}

// onlyNames reports whether e is a name or a chain of fields of one
// (c, c.conn), not a call's result.
func onlyNames(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		return onlyNames(e.X)
	}
	return false
}

// isLocking reports whether fn takes or releases a sync mutex.
func isLocking(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "sync" {
		return false
	}
	switch fn.Name() {
	case "Lock", "Unlock", "RLock", "RUnlock":
		return true
	}
	return false
}
