package site

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
)

// isConstant reports whether e is a constant expression: a loop limit of
// 0 read from one (i <= 0) is a limit, one that is not (i <= c.maxRetries,
// a field set by an option) is unknown.
func isConstant(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil
}

// Attempts returns how many attempts a retry loop makes when its operation
// keeps failing, read from its header (for i := 0; i < 3; i++, for range 3,
// or a limit held in a local variable set once: maxRetries := 3), or 0
// when that is not a constant we can see (or the site is not a loop).
func (s *Site) Attempts(info *types.Info) int {
	limit := func(e ast.Expr) int {
		if n := astutil.IntValue(info, e); n != 0 {
			return n
		}
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok || s.Encl == nil {
			return 0
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok {
			return 0
		}
		if defs := astutil.Assignments(info, s.Encl, v); len(defs) == 1 {
			return astutil.IntValue(info, defs[0])
		}
		return 0
	}
	switch l := s.Node.(type) {
	case *ast.BranchStmt:
		return gotoAttempts(info, s)
	case *ast.RangeStmt:
		return limit(l.X)
	case *ast.ForStmt:
		cond, ok := l.Cond.(*ast.BinaryExpr)
		if !ok {
			return 0
		}
		n := limit(cond.Y)
		start := 0
		if as, ok := l.Init.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
			start = astutil.IntValue(info, as.Rhs[0])
		}
		switch cond.Op {
		case token.LSS:
			return max(0, n-start)
		case token.LEQ:
			if n == 0 && !isConstant(info, cond.Y) {
				return 0 // i <= c.maxRetries: a limit we cannot see, not 0
			}
			return max(0, n-start+1)
		}
	}
	return 0
}

// gotoAttempts is how many attempts a goto retry makes while the
// operation keeps failing, when its bound counts them against a constant
// (if err != nil && n < 3 { n++; goto retry }, n set once to a constant
// and only advanced by one): the first attempt and one per retry. It
// returns 0 when that is not what the code says.
func gotoAttempts(info *types.Info, s *Site) int {
	cond, ok := s.Bound.(ast.Expr)
	if !ok || s.Encl == nil {
		return 0
	}
	n := 0
	ast.Inspect(cond, func(x ast.Node) bool {
		b, ok := x.(*ast.BinaryExpr)
		if !ok || n != 0 || b.Op != token.LSS && b.Op != token.LEQ {
			return n == 0
		}
		id, ok := ast.Unparen(b.X).(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := info.Uses[id].(*types.Var)
		limit, isConst := astutil.IntConst(info, b.Y)
		if !ok || !isConst {
			return true
		}
		defs := astutil.Assignments(info, s.Encl, v)
		if len(defs) != 1 || !onlyIncremented(info, s.Encl, v) {
			return true
		}
		start, isConst := astutil.IntConst(info, defs[0])
		if !isConst {
			return true
		}
		retries := limit - start
		if b.Op == token.LEQ {
			retries++
		}
		if retries >= 0 && retries < 1<<20 {
			n = int(retries) + 1
		}
		return false
	})
	return n
}

// onlyIncremented reports whether v is changed in encl only by v++ (or
// v += 1) besides its one assignment.
func onlyIncremented(info *types.Info, encl ast.Node, v *types.Var) bool {
	ok := true
	ast.Inspect(encl, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.IncDecStmt:
			if id, isID := ast.Unparen(x.X).(*ast.Ident); isID && info.Uses[id] == v && x.Tok != token.INC {
				ok = false
			}
		case *ast.AssignStmt:
			if x.Tok == token.ASSIGN || x.Tok == token.DEFINE {
				return true
			}
			for _, l := range x.Lhs {
				if id, isID := ast.Unparen(l).(*ast.Ident); isID && info.Uses[id] == v {
					if c, isConst := astutil.IntConst(info, x.Rhs[0]); x.Tok != token.ADD_ASSIGN || !isConst || c != 1 {
						ok = false
					}
				}
			}
		}
		return ok
	})
	return ok
}

// RetriesOnce reports whether every retry of the loop passes its bound, and
// that bound allows a single retry: it compares a counter that starts at
// 0 with a limit of 1 (retryCount < maxRetries, maxRetries := 1), or the
// loop makes two attempts (for range 2), as a token renewed after a 401
// and the request sent once more do. A retry
// that runs once makes no storm, with or without a delay.
func (s *Site) RetriesOnce(info *types.Info) bool {
	if s.Kind == Loop && !s.Uncounted && s.Attempts(info) == 2 {
		return true // for range 2, for i := 0; i < 2; i++: one retry
	}
	cond, ok := s.Bound.(ast.Expr)
	if !ok || s.Uncounted || s.Encl == nil {
		return false
	}
	if s.Label != nil && OnceFlag(info, cond, s.Encl, s.Op.Body.Pos()) {
		return true // if !retried { retried = true; goto retry }
	}
	// startValue is the constant a variable is set to by its one
	// assignment (increments and decrements are no assignments).
	startValue := func(e ast.Expr) (int, bool) {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return 0, false
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok {
			return 0, false
		}
		defs := astutil.Assignments(info, s.Encl, v)
		if len(defs) != 1 || !isConstant(info, defs[0]) {
			return 0, false
		}
		return astutil.IntValue(info, defs[0]), true
	}
	value := func(e ast.Expr) (int, bool) {
		if isConstant(info, e) {
			return astutil.IntValue(info, e), true
		}
		return startValue(e)
	}
	// counter starts at 0: every assignment but increments is that 0.
	startsAtZero := func(e ast.Expr) bool {
		n, ok := startValue(e)
		return ok && n == 0
	}
	// A counter that starts at 1 and counts down (retryCount > 0; retryCount--)
	// allows one retry too.
	countsDownFromOne := func(b *ast.BinaryExpr) bool {
		x, y, op := b.X, b.Y, b.Op
		if isConstant(info, x) {
			x, y, op = y, x, astutil.Mirror(op)
		}
		if n, ok := startValue(x); !ok || n != 1 {
			return false
		}
		limit, ok := value(y)
		return ok && (op == token.GTR || op == token.NEQ) && limit == 0 || ok && op == token.GEQ && limit == 1
	}
	once := false
	ast.Inspect(cond, func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if !ok || once {
			return !once
		}
		if countsDownFromOne(b) {
			once = true
			return false
		}
		x, y, op := b.X, b.Y, b.Op
		if startsAtZero(y) {
			x, y = y, x
			switch op {
			case token.GTR:
				op = token.LSS
			case token.GEQ:
				op = token.LEQ
			}
		}
		if !startsAtZero(x) {
			return true
		}
		limit, ok := value(y)
		if !ok {
			return true
		}
		switch {
		case op == token.LSS && limit == 1, op == token.LEQ && limit == 0, op == token.EQL && limit == 0:
			once = true
		}
		return !once
	})
	return once
}
