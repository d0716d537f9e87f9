package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// refreshedBefore returns the variables that another attempt of the same
// iteration assigns before op on every path: a statement of a block that
// encloses op and precedes it. What op reads through them (res.Body after
// res, err = c.do(req)) is this iteration's result, not feedback from the
// last one, even when the body later stores into their fields (res.Body =
// io.NopCloser(buffered), to hand the response on).
func (w *loopWalk) refreshedBefore(body *ast.BlockStmt, op ast.Node) map[types.Object]bool {
	out := map[types.Object]bool{}
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		stack = append(stack, n)
		if n == op || !w.opAssigns[n] || n.End() > op.Pos() {
			return true
		}
		// The statement holding n (var x, err = f() is a ValueSpec in a
		// DeclStmt) and the statement list holding that.
		stmt := n
		i := len(stack) - 1
		if _, ok := n.(*ast.ValueSpec); ok && i >= 2 {
			i -= 2
			stmt = stack[i]
		}
		if i == 0 {
			return true
		}
		var list []ast.Stmt
		switch p := stack[i-1].(type) {
		case *ast.BlockStmt:
			list = p.List
		case *ast.CaseClause:
			list = p.Body
		case *ast.CommClause:
			list = p.Body
		default:
			return true
		}
		if len(list) == 0 || op.Pos() < list[0].Pos() || op.End() > list[len(list)-1].End() {
			return true
		}
		for _, s := range list {
			if s == stmt {
				lhs, _ := site.OpParts(n)
				for _, l := range lhs {
					if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
						out[w.info.ObjectOf(id)] = true
					}
				}
			}
		}
		return true
	})
	return out
}

// staleMentions returns the objects of objs that e reads other than
// through a variable in fresh (a field of this iteration's response).
func staleMentions(info *types.Info, e ast.Node, objs, fresh map[types.Object]bool) map[types.Object]bool {
	var out map[types.Object]bool
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.SelectorExpr:
			if root := site.RootIdent(x); root != nil && fresh[info.ObjectOf(root)] {
				return false
			}
		case *ast.Ident:
			if obj := info.ObjectOf(x); objs[obj] && !fresh[obj] {
				if out == nil {
					out = map[types.Object]bool{}
				}
				out[obj] = true
			}
		}
		return true
	})
	return out
}

// noteMoves records, as moves of the loop, the statements that carry an
// attempt's outcome into what a later attempt reads (objs): a region
// redirect that stores the region an error names (t.region =
// apiErr.Region; continue). A path through a move sends a different request
// next time round, so it is not a retry path; the loop is a retry loop when
// other failure paths go round without one (loopWalk.visit). It returns
// false when the outcome reaches the next attempt in a way that is not a
// separate statement of the body: through a variable declared in the body
// (computed afresh each time round from the last outcome), or through an
// attempt's own result (err = x.Unwrap() walks a chain).
func (w *loopWalk) noteMoves(body *ast.BlockStmt, objs map[types.Object]bool) bool {
	for obj := range objs {
		if _, ok := obj.(*types.Var); !ok || declaredIn(obj, body) {
			return false
		}
	}
	var moves []ast.Node
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || !ok {
			return false
		}
		as, isAssign := n.(*ast.AssignStmt)
		if !isAssign {
			return true
		}
		for _, l := range as.Lhs {
			var obj types.Object
			switch x := ast.Unparen(l).(type) {
			case *ast.Ident:
				obj = w.info.ObjectOf(x)
			case *ast.SelectorExpr:
				obj = w.info.ObjectOf(x.Sel)
			}
			if obj == nil || !objs[obj] {
				continue
			}
			if w.opAssigns[n] {
				ok = false
				return false
			}
			moves = append(moves, n)
		}
		return true
	})
	if !ok || len(moves) == 0 {
		return false
	}
	if w.moves == nil {
		w.moves = map[ast.Node]bool{}
	}
	for _, m := range moves {
		w.moves[m] = true
	}
	return true
}
