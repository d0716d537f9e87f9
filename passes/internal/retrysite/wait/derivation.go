package wait

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// derivation returns the local variables that e computes its value from,
// when e gives the same value again while they do not change: a call of
// a function that returns no error (next(lastT), time.Until(t) excluded:
// it reads the clock), a String method (u.String(): fmt.Stringer formats
// its receiver; another call with no arguments, q.Pop(), may give a new
// value each time), arithmetic, a field of one. It returns nil for
// what may give a new value each time: a receive, an attempt, a clock,
// random or fresh-ID call, or an expression that reads no local.
//
//	for {
//		t := next(lastT)
//		if err := send(t); err != nil { sleep(d); continue } // t again
//		lastT = t
//	}
func (w *failWalk) derivation(e ast.Expr) map[types.Object]bool {
	info := w.f.info
	out := map[types.Object]bool{}
	pure := true
	ast.Inspect(e, func(n ast.Node) bool {
		if !pure {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			pure = false
		case *ast.UnaryExpr:
			pure = n.Op != token.ARROW
		case *ast.CallExpr:
			if tv, ok := info.Types[n.Fun]; ok && tv.IsType() {
				return true // a conversion
			}
			t := info.TypeOf(n)
			if tup, ok := t.(*types.Tuple); ok && tup.Len() > 0 {
				t = tup.At(tup.Len() - 1).Type()
			}
			fn := libs.Callee(info, n)
			fresh := libs.MakesFreshValue(fn)
			clock := fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "time"
			pure = (len(n.Args) > 0 || isStringer(fn)) && !site.IsErrorType(t) && !fresh && !clock && (fn == nil || !libs.IsRandom(fn))
		case *ast.Ident:
			if v, ok := info.Uses[n].(*types.Var); ok && !v.IsField() && v.Pkg() != nil && v.Parent() != v.Pkg().Scope() {
				out[v] = true
			}
		}
		return pure
	})
	if !pure || len(out) == 0 {
		return nil
	}
	return out
}

// isStringer reports whether fn is a String() string method, which
// formats its receiver (fmt.Stringer).
func isStringer(fn *types.Func) bool {
	if fn == nil || fn.Name() != "String" {
		return false
	}
	sig := fn.Signature()
	return sig.Recv() != nil && sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), types.Typ[types.String])
}

// literalOfConstants reports whether e is a composite literal built from
// constants alone (http.Header{"User-Agent": {"x"}}): made again each
// round, it holds the same value.
func literalOfConstants(info *types.Info, e ast.Expr) bool {
	if _, ok := e.(*ast.CompositeLit); !ok {
		return false
	}
	constant := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if tv, ok := info.Types[n.Fun]; !ok || !tv.IsType() {
				constant = false // a call, not a conversion
			}
		case *ast.FuncLit:
			constant = false
		case *ast.UnaryExpr:
			constant = constant && n.Op != token.ARROW
		case *ast.Ident:
			if v, ok := info.Uses[n].(*types.Var); ok && !v.IsField() {
				constant = false // a variable; a field name is a key
			}
		}
		return constant
	})
	return constant
}

// drawsNext reports whether e receives from a channel or calls a function
// value with no arguments (next(), s.pick()): each call may give the next
// value. A declared method with no arguments (cfg.Addr()) is read as a
// getter.
func drawsNext(info *types.Info, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.UnaryExpr:
			found = found || n.Op == token.ARROW
		case *ast.CallExpr:
			if tv, ok := info.Types[n.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
				return true
			}
			found = found || len(n.Args) == 0 && libs.Callee(info, n) == nil
		}
		return !found
	})
	return found
}

// onlyRead reports whether the variable l names is only read in the loop
// body besides its assignments: no method is called on it, its address is
// not taken and none of its fields is set. A literal of constants held in
// one (h := http.Header{...}) is then the same value each round; one
// filled in afterwards (m := Msg{}; m.FromMessage(msg)) is not.
func (w *failWalk) onlyRead(l ast.Expr) bool {
	id, ok := ast.Unparen(l).(*ast.Ident)
	if !ok {
		return false
	}
	info := w.f.info
	v := info.ObjectOf(id)
	is := func(e ast.Expr) bool {
		x, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.ObjectOf(x) == v
	}
	read := true
	ast.Inspect(w.loop.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if sel := info.Selections[n]; sel != nil && sel.Kind() != types.FieldVal && is(n.X) {
				read = false // a method of it may fill it in
			}
		case *ast.UnaryExpr:
			read = read && !(n.Op == token.AND && is(n.X))
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if root := site.RootIdent(lhs); root != nil && info.ObjectOf(root) == v && !is(lhs) {
					read = false // m.ID = ..., m.Tags[k] = ...
				}
			}
		case *ast.IncDecStmt:
			if root := site.RootIdent(n.X); root != nil && info.ObjectOf(root) == v && !is(n.X) {
				read = false
			}
		}
		return read
	})
	return read
}
