package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
)

// The failure test of a goto retry (gotoloop.go) is read like a loop's:
// its operation is simulated from the label on, a path that takes a goto
// back to the label goes round for another attempt, and every other end
// (a return, the end of the statements after the label) ends the retries.

// gotoOf returns the goto of a goto retry, or nil for any other site.
func gotoOf(s *Site) *ast.BranchStmt {
	if s == nil || s.Kind != Loop {
		return nil
	}
	if b, ok := s.Node.(*ast.BranchStmt); ok && b.Tok == token.GOTO && b.Label != nil {
		return b
	}
	return nil
}

// backToRetry reports whether a goto jumps back to the label of the goto
// retry being simulated.
func (s *sim) backToRetry(b *ast.BranchStmt) bool {
	return s.retryGoto != nil && b.Label != nil && b.Label.Name == s.retryGoto.Label.Name
}

// gotoJudge: a goto back to the label goes round; a return, or falling
// out of the statements the retry spans, leaves.
func gotoJudge(_ *sim, e simEnd) endKind {
	if b, ok := e.node.(*ast.BranchStmt); ok && b.Tok == token.GOTO {
		return endRetry
	}
	return endExit
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
