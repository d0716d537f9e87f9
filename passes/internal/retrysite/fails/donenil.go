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
// loop's own retry path checks nothing (issue 33, kind 8). Sentinel, when
// set, names the package's error variable the function returns instead
// of nil (case <-stop: return errStopped): a loop that leaves on that
// error is bounded the same way.
type DoneNilFact struct {
	Param    int
	Sentinel string
}

func (*DoneNilFact) AFact() {}
func (f *DoneNilFact) String() string {
	if f.Sentinel != "" {
		return f.Sentinel + " when done"
	}
	return "nil when done"
}

// DoneParam returns the index of the parameter whose being done makes fn
// return nil, or -1; with the sentinel error it returns then instead, if
// any.
func (f *Fails) DoneParam(fn *types.Func) (int, *types.Var) {
	if fn == nil {
		return -1, nil
	}
	fn = fn.Origin()
	fact, ok := f.doneNil[fn]
	if fn.Pkg() != f.pass.Pkg {
		ok = fn.Pkg() != nil && f.pass.ImportObjectFact(fn, &fact)
	}
	if !ok {
		return -1, nil
	}
	if fact.Sentinel == "" {
		return fact.Param, nil
	}
	v, _ := fn.Pkg().Scope().Lookup(fact.Sentinel).(*types.Var)
	if v == nil {
		return -1, nil
	}
	return fact.Param, v
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
		if i, sentinel := doneNilParam(info, fd.Body, params); i >= 0 {
			fact := DoneNilFact{Param: i}
			if sentinel != nil {
				fact.Sentinel = sentinel.Name()
			}
			f.doneNil[b.Func] = fact
			f.pass.ExportObjectFact(b.Func, &fact)
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
// that returns nil, or if p.Err() != nil { return nil }. A select case
// that returns an error variable of the package instead names it.
func doneNilParam(info *types.Info, body *ast.BlockStmt, params map[types.Object]int) (int, *types.Var) {
	found := -1
	var sentinel *types.Var
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
			ch := site.Received(n.Comm)
			if ch == nil {
				break
			}
			if returnsNil(info, n.Body) {
				found = param(ch)
			} else if v := returnedSentinel(info, n.Body); v != nil {
				if found = param(ch); found >= 0 {
					sentinel = v
				}
			}
		case *ast.IfStmt:
			if b, ok := ast.Unparen(n.Cond).(*ast.BinaryExpr); ok && b.Op == token.NEQ && site.IsNil(info, b.Y) && returnsNil(info, n.Body.List) {
				found = param(b.X)
			}
		}
		return true
	})
	return found, sentinel
}

// returnedSentinel returns the error variable of the package that list
// ends in returning last (return nil, 0, errStopped), or nil.
func returnedSentinel(info *types.Info, list []ast.Stmt) *types.Var {
	if len(list) == 0 {
		return nil
	}
	r, ok := list[len(list)-1].(*ast.ReturnStmt)
	if !ok || len(r.Results) == 0 {
		return nil
	}
	id, ok := ast.Unparen(r.Results[len(r.Results)-1]).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() || !site.IsErrorType(v.Type()) {
		return nil
	}
	return v
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
