package site

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
)

// LeavesOnOwnFailure reports whether the loop site never goes round after
// call failed: call's error is tested at once (if err := f(); err != nil,
// or err := f() and an if err != nil right after it), that test's failure
// side leaves the loop, and no failure test of the site reads call's other
// results. Such a call is sent again only after it succeeded, when another
// operation of the attempt failed: a token request made before the
// operation, or a refresh made after a 401 (RULES.md, retry loop: on
// failure the loop reaches the next iteration). A request whose outcome
// is unknown (a timeout) then leaves the loop and is not re-sent.
func (s *Site) LeavesOnOwnFailure(info *types.Info, call *ast.CallExpr) bool {
	if s.Kind != Loop || s.Op.Body == nil {
		return false
	}
	leaves := false
	var walk func(list []ast.Stmt, inBreakable bool)
	walk = func(list []ast.Stmt, inBreakable bool) {
		for i, st := range list {
			if leaves {
				return
			}
			switch st := st.(type) {
			case *ast.IfStmt:
				if as, ok := st.Init.(*ast.AssignStmt); ok && rhsIs(as, call) {
					leaves = checkedAndLeaves(info, s, as, st, inBreakable)
					return
				}
				walk(st.Body.List, inBreakable)
				if els, ok := st.Else.(*ast.BlockStmt); ok {
					walk(els.List, inBreakable)
				} else if els, ok := st.Else.(*ast.IfStmt); ok {
					walk([]ast.Stmt{els}, inBreakable)
				}
			case *ast.AssignStmt:
				if rhsIs(st, call) && i+1 < len(list) {
					if next, ok := list[i+1].(*ast.IfStmt); ok && next.Init == nil {
						leaves = checkedAndLeaves(info, s, st, next, inBreakable)
					}
					return
				}
			case *ast.BlockStmt:
				walk(st.List, inBreakable)
			case *ast.SwitchStmt:
				for _, c := range st.Body.List {
					walk(c.(*ast.CaseClause).Body, true)
				}
			case *ast.TypeSwitchStmt:
				for _, c := range st.Body.List {
					walk(c.(*ast.CaseClause).Body, true)
				}
			}
		}
	}
	walk(s.Op.Body.List, false)
	return leaves
}

// rhsIs reports whether as assigns the results of call alone.
func rhsIs(as *ast.AssignStmt, call *ast.CallExpr) bool {
	return len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == call
}

// checkedAndLeaves reports whether the if statement tests the last result
// of as, an error, with err != nil and leaves the loop on that side, and
// the site's failure tests read none of as's other results.
func checkedAndLeaves(info *types.Info, s *Site, as *ast.AssignStmt, test *ast.IfStmt, inBreakable bool) bool {
	last, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident)
	if !ok || last.Name == "_" || !IsErrorType(info.TypeOf(last)) {
		return false
	}
	errVar := info.ObjectOf(last)
	cond, ok := ast.Unparen(test.Cond).(*ast.BinaryExpr)
	if !ok || cond.Op != token.NEQ || !astutil.IsNilTest(info, cond, errVar) {
		return false
	}
	if !leavesLoop(test.Body, inBreakable) {
		return false
	}
	others := map[types.Object]bool{}
	for _, l := range as.Lhs[:len(as.Lhs)-1] {
		if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
			others[info.ObjectOf(id)] = true
		}
	}
	for _, t := range s.RetryTests {
		read := false
		ast.Inspect(t, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && others[info.ObjectOf(id)] {
				read = true
			}
			return !read
		})
		if read {
			return false
		}
	}
	return true
}

// leavesLoop reports whether a block ends by leaving the loop: a return,
// a panic, or an unlabelled break not inside a switch or select.
func leavesLoop(b *ast.BlockStmt, inBreakable bool) bool {
	if !astutil.Terminates(b) {
		return false
	}
	br, ok := b.List[len(b.List)-1].(*ast.BranchStmt)
	return !ok || br.Tok == token.BREAK && br.Label == nil && !inBreakable
}
