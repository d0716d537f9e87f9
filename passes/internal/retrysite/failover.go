package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// Failover over targets (RULES.md, "Vocabulary"): each round sends the
// same request to the next target that a method of the client draws,
// advancing the client's own position:
//
//	func (c *Client) nextEndpoint() string {
//		c.i = (c.i + 1) % len(c.endpoints)
//		return c.endpoints[c.i]
//	}
//	retry:
//		err := get(c.hc, c.nextEndpoint())
//		if err != nil && retries < 3 { retries++; goto retry }
//
// It stays a retry (a POST sent to the next replica after a timeout is
// the double charge), but its missing delay and its bound are not
// nojitter or unboundedretry hazards.

// markFailovers sets Failover on the loop sites among sites whose
// attempt is given a target drawn in the round.
func (f *finder) markFailovers(sites []*Site) {
	for _, s := range sites {
		if s.Kind == Loop && s.Op.Body != nil {
			s.Failover = f.drawsTargets(s.Op.Body)
		}
	}
}

// drawsTargets reports whether body calls a drawing method (draws) and
// hands what it returns, directly or through a variable, to another call.
func (f *finder) drawsTargets(body ast.Node) bool {
	drawn := map[types.Object]bool{}
	found := false
	for n := range f.index.In(body, nil) {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == 1 && len(n.Rhs) == 1 {
				if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok && f.draws(call) {
					if id, ok := n.Lhs[0].(*ast.Ident); ok {
						drawn[f.info.ObjectOf(id)] = true
					}
				}
			}
		case *ast.CallExpr:
			for _, a := range n.Args {
				a = ast.Unparen(a)
				if call, ok := a.(*ast.CallExpr); ok && f.draws(call) {
					found = true
				}
				if id, ok := a.(*ast.Ident); ok && drawn[f.info.ObjectOf(id)] {
					found = true
				}
			}
		}
		if found {
			return true
		}
	}
	return false
}

// draws reports whether call, given no argument, calls a method of the
// package that writes a field of its receiver and returns a value: it
// hands out the next of something it keeps.
func (f *finder) draws(call *ast.CallExpr) bool {
	if len(call.Args) != 0 {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	fn, ok := f.info.Uses[sel.Sel].(*types.Func)
	if !ok || fn.Signature().Recv() == nil || fn.Signature().Results().Len() != 1 {
		return false
	}
	// A target is an address, a URL, a client or a connection; a number
	// drawn is a delay or a counter (b.Duration() of a backoff), an error
	// the outcome of an attempt (b.connect()).
	res := fn.Signature().Results().At(0).Type()
	if b, isBasic := res.Underlying().(*types.Basic); isBasic && b.Info()&types.IsString == 0 || site.IsErrorType(res) {
		return false
	}
	fd := f.decls[fn]
	if fd == nil || fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 {
		return false
	}
	recv := f.info.Defs[fd.Recv.List[0].Names[0]]
	writesRecv := func(e ast.Expr) bool {
		s, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		id, ok := ast.Unparen(s.X).(*ast.Ident)
		return ok && f.info.Uses[id] == recv
	}
	return recv != nil && astutil.Some(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IncDecStmt:
			return writesRecv(n.X)
		case *ast.AssignStmt:
			return n.Tok != token.DEFINE && writesRecv(n.Lhs[0])
		}
		return false
	})
}
