package libs

import (
	"go/ast"
	"go/types"
)

// NotAttemptFields are function-typed struct fields whose call returns an
// error but performs no attempt: (*http.Request).GetBody rewinds the body
// for the next attempt (req.Body, err = req.GetBody()), it sends nothing.
var NotAttemptFields = Table[bool]{
	{"net/http", "Request", "GetBody"}: true,
}

// LookupField finds the row of a call of a function-typed struct field
// (req.GetBody()), keyed like a method of the struct type.
func (t Table[V]) LookupField(info *types.Info, call *ast.CallExpr) (V, bool) {
	var zero V
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return zero, false
	}
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal || s.Obj().Pkg() == nil {
		return zero, false
	}
	recv := TypeNameOf(s.Recv())
	if recv == nil {
		return zero, false
	}
	v, ok := t[Func{Pkg: s.Obj().Pkg().Path(), Recv: recv.Name(), Name: s.Obj().Name()}]
	return v, ok
}
