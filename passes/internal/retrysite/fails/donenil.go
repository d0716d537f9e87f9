package fails

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// DoneNilFact marks a function that returns a nil error once the context
// or done channel it is given as parameter Param is done:
//
//	select {
//	case <-ctx.Done():
//		return nil
//	...
//
// A loop that leaves when such a call succeeds, and passes it a context or
// channel, is bounded by it: cancelling it ends the loop, although the
// loop's own retry path checks nothing (issue 33, kind 8).
type DoneNilFact struct{ Param int }

func (*DoneNilFact) AFact()         {}
func (*DoneNilFact) String() string { return "nil when done" }

// DoneParam returns the index of the parameter whose being done makes fn
// return nil, or -1.
func (f *Fails) DoneParam(fn *types.Func) int {
	if fn == nil {
		return -1
	}
	fn = fn.Origin()
	if fn.Pkg() == f.pass.Pkg {
		if i, ok := f.doneNil[fn]; ok {
			return i
		}
		return -1
	}
	var fact DoneNilFact
	if fn.Pkg() != nil && f.pass.ImportObjectFact(fn, &fact) {
		return fact.Param
	}
	return -1
}

// learnDoneNil finds the package's functions that return nil when a
// context or channel parameter is done, and exports their facts.
func (f *Fails) learnDoneNil() {
	info := f.pass.TypesInfo
	for _, b := range f.index.Bodies {
		fd, ok := b.Node.(*ast.FuncDecl)
		if !ok || b.Func == nil || !returnsError(info, fd) || !b.Receives && !callsErr(b) {
			continue
		}
		params := map[types.Object]int{}
		sig := b.Func.Signature()
		for i := range sig.Params().Len() {
			p := sig.Params().At(i)
			if libs.IsNamed(p.Type(), "context", "Context") || isChan(p.Type()) {
				params[p] = i
			}
		}
		if len(params) == 0 {
			continue
		}
		if i := doneNilParam(info, fd.Body, params); i >= 0 {
			f.doneNil[b.Func] = i
			f.pass.ExportObjectFact(b.Func, &DoneNilFact{Param: i})
		}
	}
}

func isChan(t types.Type) bool {
	_, ok := t.Underlying().(*types.Chan)
	return ok
}

// callsErr reports whether body b calls an Err method (ctx.Err()).
func callsErr(b *bodies.Body) bool {
	for _, c := range b.Calls {
		if sel, ok := c.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Err" {
			return true
		}
	}
	return false
}

// doneNilParam returns the index of the parameter among params whose
// being done leads to a return of nil: a select case <-p.Done() or <-p
// that returns nil, or if p.Err() != nil { return nil }.
func doneNilParam(info *types.Info, body *ast.BlockStmt, params map[types.Object]int) int {
	found := -1
	param := func(e ast.Expr) int {
		e = ast.Unparen(e)
		if call, ok := e.(*ast.CallExpr); ok {
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Done" || sel.Sel.Name == "Err") {
				e = ast.Unparen(sel.X)
			}
		}
		if id, ok := e.(*ast.Ident); ok {
			if i, ok := params[info.ObjectOf(id)]; ok {
				return i
			}
		}
		return -1
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if found >= 0 {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CommClause:
			var recv ast.Expr
			switch c := n.Comm.(type) {
			case *ast.ExprStmt:
				recv = c.X
			case *ast.AssignStmt:
				recv = c.Rhs[0]
			}
			if u, ok := recv.(*ast.UnaryExpr); ok && u.Op == token.ARROW && returnsNil(info, n.Body) {
				found = param(u.X)
			}
		case *ast.IfStmt:
			if b, ok := ast.Unparen(n.Cond).(*ast.BinaryExpr); ok && b.Op == token.NEQ && site.IsNil(info, b.Y) && returnsNil(info, n.Body.List) {
				found = param(b.X)
			}
		}
		return true
	})
	return found
}

// returnsNil reports whether list ends in a return whose last result is
// nil.
func returnsNil(info *types.Info, list []ast.Stmt) bool {
	if len(list) == 0 {
		return false
	}
	r, ok := list[len(list)-1].(*ast.ReturnStmt)
	return ok && len(r.Results) > 0 && site.IsNil(info, r.Results[len(r.Results)-1])
}
