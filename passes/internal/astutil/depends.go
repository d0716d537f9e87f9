package astutil

import (
	"go/ast"
	"go/types"
)

// ResultVars returns the variables that the result of call lands in: the
// left side of the assignment or declaration it is part of (through method
// chains: v, err := q.Get(k).Result()). extra, if not nil, is called for
// each call of the chain above call, to add to out what it knows (Scan's
// destinations).
func ResultVars(info *types.Info, parents map[ast.Node]ast.Node, call ast.Node, extra func(chained *ast.CallExpr, out map[types.Object]bool)) map[types.Object]bool {
	out := map[types.Object]bool{}
	var n ast.Node = call
walk:
	for p := parents[n]; p != nil; n, p = p, parents[p] {
		switch p := p.(type) {
		case *ast.CallExpr:
			if extra != nil {
				extra(p, out)
			}
		case *ast.SelectorExpr, *ast.ParenExpr:
		case *ast.AssignStmt:
			for _, l := range p.Lhs {
				AddVar(info, out, l)
			}
			break walk
		case *ast.ValueSpec:
			for _, id := range p.Names {
				AddVar(info, out, id)
			}
			break walk
		default:
			break walk
		}
	}
	return out
}

// AddVar adds the variable e names (or whose address it takes) to set.
func AddVar(info *types.Info, set map[types.Object]bool, e ast.Expr) {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = u.X
	}
	if id, ok := e.(*ast.Ident); ok && id.Name != "_" {
		if obj := info.ObjectOf(id); obj != nil {
			set[obj] = true
		}
	}
}

// Decides reports whether target runs only on some outcome of source: it
// sits in an if or switch case whose condition tests the outcome (a
// variable of outcome, or source itself), or follows, in an enclosing
// block, an if on the outcome that leaves.
func Decides(info *types.Info, parents map[ast.Node]ast.Node, source ast.Node, outcome map[types.Object]bool, target ast.Node) bool {
	return len(Decisions(info, parents, source, outcome, target)) > 0
}

// A Decision is a test of an outcome that target depends on, and whether
// target runs when the test holds (When is false for an else branch, and
// for code after an if that leaves). Test is nil for a switch case.
type Decision struct {
	Test ast.Expr
	When bool
}

// Decisions lists the tests of source's outcome that decide whether
// target runs, innermost first.
func Decisions(info *types.Info, parents map[ast.Node]ast.Node, source ast.Node, outcome map[types.Object]bool, target ast.Node) []Decision {
	mentions := func(n ast.Node) bool { return n != nil && Mentions(info, n, outcome, source) }
	var out []Decision
	var child = target
	for n := parents[child]; n != nil; child, n = n, parents[n] {
		switch n := n.(type) {
		case *ast.IfStmt:
			if (child == n.Body || child == n.Else) && (mentions(n.Cond) || mentions(n.Init) && !Contains(n.Init, source)) {
				out = append(out, Decision{n.Cond, child == n.Body})
			}
		case *ast.CaseClause:
			for _, e := range n.List {
				if mentions(e) {
					out = append(out, Decision{nil, true})
					break
				}
			}
			if sw, ok := parents[parents[n]].(*ast.SwitchStmt); ok && mentions(sw.Tag) {
				out = append(out, Decision{nil, true})
			}
			out = leftBefore(n.Body, child, mentions, out)
		case *ast.CommClause:
			// select { case m := <-in: n, err := count(m); if n > 0 { continue }; insert(m) }
			out = leftBefore(n.Body, child, mentions, out)
		case *ast.BlockStmt:
			out = leftBefore(n.List, child, mentions, out)
		case *ast.FuncLit, *ast.FuncDecl:
			return out
		}
	}
	return out
}

// leftBefore adds the tests of the statements before child in list (a
// block, or the body of a switch or select case, which is no BlockStmt)
// that leave the list when they hold: child runs only without them.
func leftBefore(list []ast.Stmt, child ast.Node, mentions func(ast.Node) bool, out []Decision) []Decision {
	for _, st := range list {
		if st.Pos() >= child.Pos() {
			break
		}
		// if err == nil { return } else if !notFound(err) { return err }
		// then the code: every leaving branch of the chain is a test
		// it runs only without.
		for ifs, _ := st.(*ast.IfStmt); ifs != nil; ifs, _ = ifs.Else.(*ast.IfStmt) {
			if Terminates(ifs.Body) && mentions(ifs.Cond) {
				out = append(out, Decision{ifs.Cond, false})
			}
		}
		// switch { case err == nil: return nil; case ...: return err }
		// then the code: it runs only when no leaving case matched.
		if sw, ok := st.(*ast.SwitchStmt); ok {
			for _, cc := range sw.Body.List {
				cc := cc.(*ast.CaseClause)
				if !Terminates(&ast.BlockStmt{List: cc.Body}) {
					continue
				}
				for _, e := range cc.List {
					if mentions(e) || mentions(sw.Tag) {
						out = append(out, Decision{e, false})
						break
					}
				}
			}
		}
	}
	return out
}
