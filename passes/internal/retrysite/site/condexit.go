package site

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
)

// A loop may go round only while its error is one sentinel: for err =
// ErrMustRetry; errors.Is(err, ErrMustRetry); { ... }. A path that gives
// the error another value (err = os.ErrDeadlineExceeded once a deadline
// passed, err = errors.New(...)) leaves the loop at its condition: it
// does not go round, whatever it failed.

// keptSentinels returns, for a loop condition, the error variables it
// requires to match a package-level sentinel (a conjunct errors.Is(err,
// S), err == S, or a predicate of the program given both, match(err, S)),
// and the sentinel each must match.
func keptSentinels(info *types.Info, cond ast.Expr) map[types.Object]types.Object {
	out := map[types.Object]types.Object{}
	var walk func(e ast.Expr)
	walk = func(e ast.Expr) {
		switch x := ast.Unparen(e).(type) {
		case *ast.BinaryExpr:
			switch x.Op {
			case token.LAND:
				walk(x.X)
				walk(x.Y)
			case token.EQL:
				noteSentinel(info, x.X, x.Y, out)
			}
		case *ast.CallExpr:
			if len(x.Args) == 2 && IsBool(info.TypeOf(x)) {
				noteSentinel(info, x.Args[0], x.Args[1], out)
			}
		}
	}
	walk(cond)
	return out
}

func noteSentinel(info *types.Info, a, b ast.Expr, out map[types.Object]types.Object) {
	v := errVar(info, a)
	s := sentinel(info, b)
	if v != nil && s != nil {
		out[v] = s
	}
}

// errVar returns the local error variable e names, or nil.
func errVar(info *types.Info, e ast.Expr) types.Object {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Parent() == v.Pkg().Scope() || !IsErrorType(v.Type()) {
		return nil
	}
	return v
}

// sentinel returns the package-level error variable e names (io.EOF,
// api.ErrMustRetry), or nil.
func sentinel(info *types.Info, e ast.Expr) types.Object {
	id := NameOf(e)
	if id == nil {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() || !IsErrorType(v.Type()) {
		return nil
	}
	return v
}

// EndsLoop reports whether the assignment as sets a variable the loop
// condition cond tests (sets), and whether the value it gives makes the
// condition false (ends): work = nil in for work != nil, or, where the
// condition keeps an error at a sentinel, another package-level error or a
// new one (errors.New, fmt.Errorf without %w).
func EndsLoop(info *types.Info, cond ast.Expr, as *ast.AssignStmt) (sets, ends bool) {
	if cond == nil || len(as.Lhs) != len(as.Rhs) {
		return false, false
	}
	if sets, ends := endsInequality(info, cond, as); sets {
		return sets, ends
	}
	if sets, ends := endsFlag(info, cond, as); sets {
		return sets, ends
	}
	kept := keptSentinels(info, cond)
	for i, l := range as.Lhs {
		v := errVar(info, l)
		want, ok := kept[v]
		if v == nil || !ok {
			continue
		}
		if s := sentinel(info, as.Rhs[i]); s != nil {
			return true, s != want
		}
		if call, ok := ast.Unparen(as.Rhs[i]).(*ast.CallExpr); ok {
			fn := libs.Callee(info, call)
			if libs.Is(fn, "errors", "New") || libs.Is(fn, "fmt", "Errorf") && !wrapsVerb(info, call) {
				return true, true
			}
		}
		return true, false
	}
	return false, false
}

// endsInequality reads a condition v != lim (for work != nil): an
// assignment of lim to v ends the loop.
func endsInequality(info *types.Info, c ast.Expr, as *ast.AssignStmt) (sets, ends bool) {
	cond, ok := ast.Unparen(c).(*ast.BinaryExpr)
	if !ok || cond.Op != token.NEQ || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return false, false
	}
	id, ok := ast.Unparen(as.Lhs[0]).(*ast.Ident)
	if !ok {
		return false, false
	}
	v := info.ObjectOf(id)
	for _, side := range [][2]ast.Expr{{cond.X, cond.Y}, {cond.Y, cond.X}} {
		x, ok := ast.Unparen(side[0]).(*ast.Ident)
		if !ok || info.ObjectOf(x) != v {
			continue
		}
		lim, val := info.Types[side[1]], info.Types[as.Rhs[0]]
		same := lim.IsNil() && val.IsNil() || lim.Value != nil && val.Value != nil && constant.Compare(lim.Value, token.EQL, val.Value)
		return true, same
	}
	return false, false
}

// endsFlag reads a loop condition that is a boolean variable, or its
// negation (for !done), set by as: done = true ends for !done.
func endsFlag(info *types.Info, c ast.Expr, as *ast.AssignStmt) (sets, ends bool) {
	want := false // the value that keeps the loop going
	c = ast.Unparen(c)
	if u, ok := c.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		c, want = ast.Unparen(u.X), true
	}
	flag, ok := c.(*ast.Ident)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || !IsBool(info.TypeOf(flag)) {
		return false, false
	}
	if id, ok := ast.Unparen(as.Lhs[0]).(*ast.Ident); !ok || info.ObjectOf(id) != info.ObjectOf(flag) {
		return false, false
	}
	tv := info.Types[as.Rhs[0]]
	if tv.Value == nil || tv.Value.Kind() != constant.Bool {
		return true, false
	}
	// for !done: the loop goes on while done is false; done = true ends it.
	return true, constant.BoolVal(tv.Value) == want
}

// wrapsVerb reports whether a fmt.Errorf call may wrap an error (%w), which
// could be the sentinel.
func wrapsVerb(info *types.Info, call *ast.CallExpr) bool {
	for _, a := range call.Args[1:] {
		if IsErrorType(info.TypeOf(a)) {
			return true
		}
	}
	return false
}
