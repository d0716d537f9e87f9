package retryamplify

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// A function that retries as its caller configures it (issue 33, kind 1)
// bounds its retry loop with a value its caller gives: an attempt count
// parameter (for i := 0; i < attempts; i++), a field of a configuration
// parameter or of its receiver (i <= cfg.MaxRetries, i <= c.retries), or
// a field of a local configuration that its options set (c :=
// cfg{attempts: 3}; for _, o := range opts { o(&c) }; i < c.attempts). A
// call that makes the bound a single attempt (WithAttempts(1),
// Config{MaxRetries: 0}, a client built with retries: 0) does not retry:
// it is no inner retry (switchedoff.go). The Limit says where the bound
// comes from, so a caller in another package can read it too.

// Limit is where the attempt bound of a function's one retry loop comes
// from, as its caller sees it: attempts = value + Plus.
type Limit struct {
	// Param is the index of the parameter that carries the value, or -1
	// for the receiver.
	Param int
	// Field is the field of it that holds the value, or "" for the
	// parameter itself.
	Field string
	// Options says that Param is a variadic list of options applied to
	// a local configuration whose Field is the value; Default is the
	// value before the options (Known false when it cannot be read).
	Options bool
	Default int
	Known   bool
	Plus    int
}

// limitOf returns where the bound of d's one retry site comes from, or
// nil: the site must be a counted for loop (i := start; i < E or i <= E)
// whose E is read from a parameter, its receiver, or a configuration its
// options set, and nothing else in d may write that value.
func (a *amplifier) limitOf(d astutil.Decl) *Limit {
	sites := a.inDecl[d.FuncDecl]
	if len(sites) != 1 || a.recursive[d.FuncDecl] != nil {
		return nil
	}
	s := sites[0]
	info := a.pass.TypesInfo
	loop, ok := s.Node.(*ast.ForStmt)
	if s.Kind != retrysite.Loop || !ok || s.Uncounted || s.Attempts(info) != 0 {
		return nil
	}
	cond, ok := loop.Cond.(*ast.BinaryExpr)
	if !ok || cond.Op != token.LSS && cond.Op != token.LEQ {
		return nil
	}
	init, ok := loop.Init.(*ast.AssignStmt)
	if !ok || len(init.Lhs) != 1 || len(init.Rhs) != 1 || !sameVar(info, init.Lhs[0], cond.X) {
		return nil
	}
	start, ok := astutil.IntConst(info, init.Rhs[0])
	if !ok {
		return nil
	}
	l := a.limitFrom(d, cond.Y, map[types.Object]bool{})
	if l == nil {
		return nil
	}
	l.Plus -= int(start)
	if cond.Op == token.LEQ {
		l.Plus++
	}
	return l
}

// limitFrom reads where the value of e, in d, comes from.
func (a *amplifier) limitFrom(d astutil.Decl, e ast.Expr, seen map[types.Object]bool) *Limit {
	info := a.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		// c.Retries+1: the value, moved by a constant.
		n, ok := astutil.IntConst(info, x.Y)
		if !ok || x.Op != token.ADD && x.Op != token.SUB {
			return nil
		}
		l := a.limitFrom(d, x.X, seen)
		if l != nil && x.Op == token.ADD {
			l.Plus += int(n)
		} else if l != nil {
			l.Plus -= int(n)
		}
		return l
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok || seen[v] {
			return nil
		}
		seen[v] = true
		if i := paramIndex(d.Func, v); i >= 0 {
			return &Limit{Param: i}
		}
		// max := cfg.MaxRetries: a local set once.
		if defs := astutil.Assignments(info, d.FuncDecl.Body, v); len(defs) == 1 {
			return a.limitFrom(d, defs[0], seen)
		}
	case *ast.SelectorExpr:
		root, ok := ast.Unparen(x.X).(*ast.Ident)
		if !ok || writesField(info, d.FuncDecl.Body, x.Sel.Name, info.Uses[root]) {
			return nil
		}
		v, ok := info.Uses[root].(*types.Var)
		if !ok {
			return nil
		}
		if recv := d.Func.Signature().Recv(); recv == v {
			return &Limit{Param: -1, Field: x.Sel.Name}
		}
		if i := paramIndex(d.Func, v); i >= 0 {
			return &Limit{Param: i, Field: x.Sel.Name}
		}
		return a.optionsLimit(d, v, x.Sel.Name)
	}
	return nil
}

// optionsLimit reads a local configuration c that a range over d's
// variadic options parameter applies (for _, o := range opts { o(&c) }):
// field's value is what the options set, or its value in the literal c is
// built from.
func (a *amplifier) optionsLimit(d astutil.Decl, c *types.Var, field string) *Limit {
	info := a.pass.TypesInfo
	defs := astutil.Assignments(info, d.FuncDecl.Body, c)
	if len(defs) != 1 {
		return nil
	}
	l := &Limit{Options: true, Param: -2, Field: field}
	l.Default, l.Known = literalField(info, defs[0], field)
	sig := d.Func.Signature()
	if !sig.Variadic() {
		return nil
	}
	opts := sig.Params().At(sig.Params().Len() - 1)
	for _, st := range d.FuncDecl.Body.List {
		r, ok := st.(*ast.RangeStmt)
		if !ok || r.Value == nil {
			continue
		}
		if id, ok := ast.Unparen(r.X).(*ast.Ident); !ok || info.Uses[id] != opts {
			continue
		}
		val, ok := r.Value.(*ast.Ident)
		if !ok {
			continue
		}
		o := info.ObjectOf(val)
		ast.Inspect(r.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 1 {
				return true
			}
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && info.Uses[id] == o && refersTo(info, call.Args[0], c) {
				l.Param = sig.Params().Len() - 1
			}
			return true
		})
	}
	if l.Param < 0 {
		return nil
	}
	return l
}

// literalField returns the constant value of field in a struct literal
// (&T{...} or T{...}), 0 when a keyed literal leaves it out, or false.
func literalField(info *types.Info, e ast.Expr, field string) (int, bool) {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return 0, false
	}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return 0, false // positional: not read
		}
		if k, ok := kv.Key.(*ast.Ident); ok && k.Name == field {
			n, ok := astutil.IntConst(info, kv.Value)
			return int(n), ok
		}
	}
	return 0, true
}

// writesField reports whether body assigns field of v (v.retries = n,
// v.retries++): the value is then not the one the caller gave.
func writesField(info *types.Info, body ast.Node, field string, v types.Object) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		var lhs []ast.Expr
		switch n := n.(type) {
		case *ast.AssignStmt:
			lhs = n.Lhs
		case *ast.IncDecStmt:
			lhs = []ast.Expr{n.X}
		}
		for _, l := range lhs {
			if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && sel.Sel.Name == field {
				if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && info.Uses[id] == v {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

func paramIndex(fn *types.Func, v *types.Var) int {
	params := fn.Signature().Params()
	for i := range params.Len() {
		if params.At(i) == v {
			return i
		}
	}
	return -1
}

func sameVar(info *types.Info, a, b ast.Expr) bool {
	x, ok1 := ast.Unparen(a).(*ast.Ident)
	y, ok2 := ast.Unparen(b).(*ast.Ident)
	return ok1 && ok2 && info.ObjectOf(x) != nil && info.ObjectOf(x) == info.ObjectOf(y)
}

// refersTo reports whether e is v or &v.
func refersTo(info *types.Info, e ast.Expr, v types.Object) bool {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && info.Uses[id] == v
}
