package status

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
)

const grpcStatus = "google.golang.org/grpc/status"

// noteCode notes code := status.Code(err), the gRPC code of an outcome
// error, and reports whether n is one.
func (o *Outcomes) noteCode(obj types.Object, call *ast.CallExpr) bool {
	if !o.isCodeOf(call) {
		return false
	}
	if o.codes == nil {
		o.codes = map[types.Object]bool{}
	}
	o.codes[obj] = true
	return true
}

// isCodeOf reports whether call is status.Code(err) of an outcome error.
func (o *Outcomes) isCodeOf(call *ast.CallExpr) bool {
	return libs.Is(libs.Callee(o.info, call), grpcStatus, "Code") && len(call.Args) == 1 && o.IsErr(call.Args[0])
}

// codeTest classifies a comparison of an outcome error's gRPC code with a
// constant code (status.Code(err) == codes.Unavailable, or through a
// variable holding the code): Code(nil) is OK, so a code other than OK
// says the attempt failed; OK says it succeeded.
func (o *Outcomes) codeTest(e *ast.BinaryExpr) (State, State, bool) {
	code := func(x ast.Expr) bool {
		switch x := ast.Unparen(x).(type) {
		case *ast.CallExpr:
			return o.isCodeOf(x)
		case *ast.Ident:
			return o.codes[o.info.ObjectOf(x)]
		}
		return false
	}
	other := e.Y
	if !code(e.X) {
		if !code(e.Y) {
			return keep, keep, false
		}
		other = e.X
	}
	tv, ok := o.info.Types[other]
	if !ok || tv.Value == nil || !libs.IsNamed(tv.Type, "google.golang.org/grpc/codes", "Code") {
		return keep, keep, false
	}
	v, exact := constant.Uint64Val(tv.Value)
	if !exact {
		return keep, keep, false
	}
	t, f := failure, keep // == Unavailable: failed; otherwise unknown
	if v == 0 {
		t, f = success, failure // == OK
	}
	if e.Op == token.NEQ {
		t, f = f, t
	}
	return t, f, true
}
