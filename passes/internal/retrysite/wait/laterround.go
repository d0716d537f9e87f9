package wait

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// A reconnect loop often waits at the top of every round but the first,
// and goes round only after something failed:
//
//	for attempt := 0; ; attempt++ {
//		if attempt > 0 {
//			if !sleep(ctx, backoff(attempt)) { return }
//		}
//		conn, err := dial(ctx, offset)
//		if err != nil { continue }
//		attempt = 0
//	read:
//		for {
//			offset, err = read(conn, offset)
//			if err != nil { conn.Close(); break read }
//		}
//	}
//
// Its wait comes after a failure as surely as a wait written in the failure
// branch, so it is a failure backoff too. When a path goes round after a
// success, the wait is a schedule's.

// laterRound reports whether cond holds on every round of loop but the
// first: attempt > 0 or attempt != 0 for a counter the loop starts at 0 and
// increments after every round.
func (f *Waits) laterRound(loop *ast.ForStmt, cond ast.Expr) bool {
	counter := f.roundCounter(loop)
	if counter == nil {
		return false
	}
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	x, y, op := be.X, be.Y, be.Op
	if f.isZero(x) { // 0 < attempt
		x, y = y, x
		switch op {
		case token.LSS:
			op = token.GTR
		case token.GTR:
			op = token.LSS
		}
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	return ok && f.info.ObjectOf(id) == counter && f.isZero(y) && (op == token.NEQ || op == token.GTR)
}

// roundCounter returns the variable of for attempt := 0; ...; attempt++.
func (f *Waits) roundCounter(loop *ast.ForStmt) types.Object {
	init, ok := loop.Init.(*ast.AssignStmt)
	if !ok || len(init.Lhs) != 1 || len(init.Rhs) != 1 || !f.isZero(init.Rhs[0]) {
		return nil
	}
	post, ok := loop.Post.(*ast.IncDecStmt)
	if !ok || post.Tok != token.INC {
		return nil
	}
	a, ok1 := init.Lhs[0].(*ast.Ident)
	b, ok2 := ast.Unparen(post.X).(*ast.Ident)
	if !ok1 || !ok2 || f.info.ObjectOf(a) == nil || f.info.ObjectOf(a) != f.info.ObjectOf(b) {
		return nil
	}
	return f.info.ObjectOf(a)
}

func (f *Waits) isZero(e ast.Expr) bool {
	tv, ok := f.info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Int && constant.Sign(tv.Value) == 0
}

// branchTargets maps each break and continue inside loop's body to the
// statement it leaves or continues (a nested loop, switch or select, or
// loop itself); a continue to a label outside the body is taken for loop's
// own when encl does not label another loop with it, and a goto, a break
// to a label outside the body and a continue of an outer loop (continue
// Outer: it leaves loop) are left out.
func branchTargets(loop *ast.ForStmt, encl ast.Node) map[*ast.BranchStmt]ast.Stmt {
	var outer map[string]bool // found on the first continue to a label outside the body
	isOuter := func(label string) bool {
		if outer == nil {
			outer = outerLabels(loop, encl)
		}
		return outer[label]
	}
	out := map[*ast.BranchStmt]ast.Stmt{}
	labels := map[string]ast.Stmt{}
	var walk func(n ast.Node, brk, cont ast.Stmt)
	walk = func(n ast.Node, brk, cont ast.Stmt) {
		ast.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.LabeledStmt:
				labels[m.Label.Name] = m.Stmt
			case *ast.ForStmt:
				walk(m.Body, m, m)
				return false
			case *ast.RangeStmt:
				walk(m.Body, m, m)
				return false
			case *ast.SwitchStmt:
				walk(m.Body, m, cont)
				return false
			case *ast.TypeSwitchStmt:
				walk(m.Body, m, cont)
				return false
			case *ast.SelectStmt:
				walk(m.Body, m, cont)
				return false
			case *ast.BranchStmt:
				switch {
				case m.Label != nil && (m.Tok == token.BREAK || m.Tok == token.CONTINUE):
					if t, ok := labels[m.Label.Name]; ok {
						out[m] = t
					} else if m.Tok == token.CONTINUE && !isOuter(m.Label.Name) {
						out[m] = loop // its own label
					}
				case m.Tok == token.BREAK:
					out[m] = brk
				case m.Tok == token.CONTINUE:
					out[m] = cont
				}
			}
			return true
		})
	}
	walk(loop.Body, loop, loop)
	return out
}

// outerLabels returns the labels encl gives to statements other than
// loop, outside loop's body: a continue of one of them leaves loop.
func outerLabels(loop *ast.ForStmt, encl ast.Node) map[string]bool {
	out := map[string]bool{}
	if encl == nil {
		return out
	}
	ast.Inspect(encl, func(n ast.Node) bool {
		if n == loop {
			return false
		}
		if l, ok := n.(*ast.LabeledStmt); ok && l.Stmt != loop {
			out[l.Label.Name] = true
		}
		return true
	})
	return out
}
