package site

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// IsBool reports whether t is a boolean type. t may be nil: the type
// checker records none for an expression it could not type (a field of a
// value whose type is broken).
func IsBool(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

// IsInteger reports whether t (perhaps nil, as for IsBool) is an integer
// type.
func IsInteger(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// IsNil reports whether e is the untyped nil.
func IsNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}

var errorType = types.Universe.Lookup("error").Type()

// IsErrorType reports whether t is the error interface.
func IsErrorType(t types.Type) bool {
	return t != nil && types.Identical(t, errorType)
}

// IsResponseType recognises *http.Response and resty's *Response.
func IsResponseType(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	return libs.IsNamed(p.Elem(), "net/http", "Response") || libs.IsNamed(p.Elem(), libs.RestyV2, "Response") || wrapsResponse(p.Elem())
}

// wrapsResponse reports whether t is a struct of the program that embeds
// *http.Response (type Response struct{ *http.Response }, as API clients
// wrap it): its StatusCode and Header are the response's.
func wrapsResponse(t types.Type) bool {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		if !f.Embedded() {
			continue
		}
		if p, ok := types.Unalias(f.Type()).(*types.Pointer); ok && libs.IsNamed(p.Elem(), "net/http", "Response") {
			return true
		}
	}
	return false
}

// IsContext reports whether t is context.Context.
func IsContext(t types.Type) bool {
	return libs.IsNamed(t, "context", "Context")
}

// OpParts returns the left side and the call of an attempt's assignment.
func OpParts(n ast.Node) ([]ast.Expr, *ast.CallExpr) {
	var lhs []ast.Expr
	var rhs ast.Expr
	switch n := n.(type) {
	case *ast.AssignStmt:
		if len(n.Rhs) == 0 {
			return nil, nil
		}
		lhs, rhs = n.Lhs, n.Rhs[0]
	case *ast.ValueSpec:
		if len(n.Values) == 0 {
			return nil, nil // var v T: nothing called
		}
		for _, id := range n.Names {
			lhs = append(lhs, id)
		}
		rhs = n.Values[0]
	}
	call, _ := ast.Unparen(rhs).(*ast.CallExpr)
	return lhs, call
}

// MentionsAny reports whether e mentions one of objs.
func MentionsAny(info *types.Info, e ast.Node, objs map[types.Object]bool) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && objs[info.ObjectOf(id)] {
			found = true
		}
		return !found
	})
	return found
}

// RootIdent returns the variable an index or selector expression starts
// from (cfg in cfg["port"], req in req.URL.Path), or nil.
func RootIdent(e ast.Expr) *ast.Ident {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return x
		case *ast.IndexExpr:
			e = x.X
		case *ast.SelectorExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// LoopBody returns the body of a for or range statement, or nil.
func LoopBody(loop ast.Stmt) *ast.BlockStmt {
	switch l := loop.(type) {
	case *ast.ForStmt:
		return l.Body
	case *ast.RangeStmt:
		return l.Body
	}
	return nil
}

// DerefType returns what t points to, or t when it is no pointer.
func DerefType(t types.Type) types.Type {
	if p, ok := t.(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// Received returns the channel a select case's communication receives
// from (<-ctx.Done(), v := <-ch), or nil for a send or a default case.
func Received(comm ast.Stmt) ast.Expr {
	var e ast.Expr
	switch c := comm.(type) {
	case *ast.ExprStmt:
		e = c.X
	case *ast.AssignStmt:
		e = c.Rhs[0]
	}
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
		return u.X
	}
	return nil
}

// NameOf returns the identifier e names a declared thing by: x, or the Sel
// of pkg.x; nil for any other expression.
func NameOf(e ast.Expr) *ast.Ident {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	}
	return nil
}

// CountsAcross reports whether obj, incremented in loop, can count the
// loop's rounds: a number (path += "?" + q builds a string) that lives
// across them (one declared in the body starts afresh every round; the
// loop's own init, a field or an outer variable does not).
func CountsAcross(obj types.Object, loop ast.Node) bool {
	b, ok := obj.Type().Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsNumeric == 0 {
		return false
	}
	var body *ast.BlockStmt
	if st, ok := loop.(ast.Stmt); ok {
		body = LoopBody(st)
	}
	if v, isVar := obj.(*types.Var); isVar && !v.IsField() && body != nil && body.Pos() <= v.Pos() && v.Pos() < body.End() {
		return false
	}
	return true
}

// ReceiverObject returns the variable a method call is made on (nc in
// nc.createConn()), or nil.
func ReceiverObject(info *types.Info, call *ast.CallExpr) types.Object {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if _, method := info.Selections[sel]; !method {
		return nil
	}
	if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
		return info.Uses[id]
	}
	return nil
}

// RandomArg reports whether an argument of call draws a random number
// (seed, err = convert(new(maphash.Hash).Sum64()), f(rand.Int63())):
// each round tries a new candidate, not the last one again.
func RandomArg(info *types.Info, call *ast.CallExpr) bool {
	return slices.ContainsFunc(call.Args, func(a ast.Expr) bool {
		return astutil.Some(a, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			return ok && libs.IsRandom(libs.Callee(info, c))
		})
	})
}
