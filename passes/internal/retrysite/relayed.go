package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// A relayed recursion retries through a helper of the package: on a
// failure the function calls the helper, which waits and calls the
// function back with the same operation (mautrix's executeCompiledRequest
// and doRetry):
//
//	func (c *Client) send(ctx context.Context, req *http.Request, retries int, d time.Duration) error {
//		resp, err := c.hc.Do(req)
//		if err != nil && retries > 0 {
//			return c.retry(ctx, req, err, retries, d)
//		}
//		...
//	}
//
//	func (c *Client) retry(ctx context.Context, req *http.Request, cause error, retries int, d time.Duration) error {
//		time.Sleep(d)
//		return c.send(ctx, req, retries-1, d*2)
//	}
//
// The site is the helper's call in the function; its retry path runs on
// through the helper's statements up to the call back, so the helper's
// wait is the retry's wait.

// relayedRecursions lists the relayed recursions of the package.
func (f *finder) relayedRecursions() []*Site {
	decls := map[*types.Func]*bodies.Body{}
	for _, b := range f.index.Decls() {
		if _, ok := b.Node.(*ast.FuncDecl); ok && b.Func != nil {
			decls[b.Func] = b
		}
	}
	var out []*Site
	for _, b := range f.index.Decls() {
		fd, ok := b.Node.(*ast.FuncDecl)
		if !ok || b.Func == nil {
			continue
		}
		for _, c := range b.Calls {
			g := decls[c.Callee]
			if g == nil || g.Func == b.Func {
				continue
			}
			for _, back := range g.Calls {
				if back.Callee != b.Func {
					continue
				}
				if s := f.relayed(fd, c.CallExpr, g.Node.(*ast.FuncDecl), back.CallExpr); s != nil {
					out = append(out, s)
				}
			}
		}
	}
	return out
}

// relayed returns the site of fd's call c of helper g, whose call back is
// the call of fd in g, or nil.
func (f *finder) relayed(fd *ast.FuncDecl, c *ast.CallExpr, g *ast.FuncDecl, back *ast.CallExpr) *Site {
	counters, ok := f.relaysOperation(fd, c, g, back)
	if !ok {
		return nil
	}
	path, test, neg := f.failureBranch(fd, c)
	if path == nil {
		return nil
	}
	inHelper := litPathTo(g.Body.List, back)
	if inHelper == nil {
		return nil
	}
	s := &Site{Kind: Loop, Node: c, Encl: fd, Op: site.Operation{Body: fd.Body}, RetryPath: append(path, inHelper...), Tests: []ast.Expr{test}, RetryTests: []ast.Expr{test}}
	if neg {
		s.RetryOnFalse = map[ast.Expr]bool{test: true}
	}
	f.noteWaits(s)
	if len(s.Waits) == 0 && len(counters) == 0 {
		return nil
	}
	s.Attempt = []ast.Node{fd.Body}
	s.Bound = f.recursionBound(fd, s, counters, nil)
	return s
}

// relaysOperation reports whether fd's call c of g and g's call back of
// fd together pass fd's operation on: the same receiver, and each of fd's
// parameters handed to g and back unchanged, or advanced by a constant
// (a counter, returned), or a duration.
func (f *finder) relaysOperation(fd *ast.FuncDecl, c *ast.CallExpr, g *ast.FuncDecl, back *ast.CallExpr) (counters map[types.Object]bool, ok bool) {
	if (fd.Recv == nil) != (g.Recv == nil) || !f.onOwnReceiver(fd, c) || !f.onOwnReceiver(g, back) {
		return nil, false
	}
	fdParams, gParams := paramVars(f.info, fd), paramVars(f.info, g)
	if len(back.Args) != len(fdParams) || len(c.Args) != len(gParams) {
		return nil, false
	}
	// what g's parameter j holds of fd's: the index of the parameter of fd
	// c passes it unchanged, or -1
	from := make([]int, len(gParams))
	for j, a := range c.Args {
		from[j] = -1
		if id, isID := ast.Unparen(a).(*ast.Ident); isID {
			for i, p := range fdParams {
				if p != nil && f.info.Uses[id] == p {
					from[j] = i
				}
			}
		}
	}
	counters = map[types.Object]bool{}
	for i, a := range back.Args {
		p := fdParams[i]
		if p == nil {
			return nil, false
		}
		if libs.IsNamed(p.Type(), "time", "Duration") {
			continue
		}
		a = ast.Unparen(a)
		passed := false
		for j, gp := range gParams {
			if gp == nil || from[j] != i {
				continue
			}
			if id, isID := a.(*ast.Ident); isID && f.info.Uses[id] == gp {
				passed = true
			} else if site.IsInteger(p.Type()) && stepsBy(f.info, a, gp) {
				passed = true
				counters[p] = true
			}
		}
		if !passed {
			return nil, false
		}
	}
	return counters, true
}

// onOwnReceiver reports whether call is made on fd's own receiver (or fd
// is a function and call a plain one).
func (f *finder) onOwnReceiver(fd *ast.FuncDecl, call *ast.CallExpr) bool {
	if fd.Recv == nil {
		_, isID := ast.Unparen(call.Fun).(*ast.Ident)
		return isID
	}
	sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !isSel || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 {
		return false
	}
	recv, isID := ast.Unparen(sel.X).(*ast.Ident)
	return isID && f.info.Uses[recv] != nil && f.info.Uses[recv] == f.info.Defs[fd.Recv.List[0].Names[0]]
}

// paramVars returns fd's parameters in order, nil for an unnamed one.
func paramVars(info *types.Info, fd *ast.FuncDecl) []*types.Var {
	var params []*types.Var
	for _, field := range fd.Type.Params.List {
		for _, name := range field.Names {
			v, _ := info.Defs[name].(*types.Var)
			params = append(params, v)
		}
		if len(field.Names) == 0 {
			params = append(params, nil)
		}
	}
	return params
}
