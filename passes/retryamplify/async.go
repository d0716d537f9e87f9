package retryamplify

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
)

// Work started in a goroutine. An attempt that starts a retry in a
// goroutine (go h.onEvent(ctx, ev), or a literal handed to a group's Go:
// errgroup.Group, sync.WaitGroup) and returns without waiting for it does
// not fail when that retry fails: the outer retry never goes round on the
// inner's failures, so the attempts do not multiply. One that waits for
// the group in the same operation (g.Go(...); return g.Wait()) runs it
// as part of the attempt.

// asyncWork returns the nodes of body that run in a goroutine the body
// does not wait for: the call of a go statement when the body waits for
// no group, and the function literals handed to a group's Go whose Wait
// the body does not call. A function that starts one and lets its caller
// wait (b.do starting go b.handle(pr), waitResp receiving the answer)
// still retries for its callers: only the outer attempt is read so.
func asyncWork(info *types.Info, body *ast.BlockStmt) []ast.Node {
	if body == nil {
		return nil
	}
	waited := map[string]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Wait" {
				waited[types.ExprString(sel.X)] = true
			}
		}
		return true
	})
	var out []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GoStmt:
			// go d.attemptLock(...) followed by d.wg.Wait(): waited.
			if len(waited) == 0 {
				out = append(out, n.Call)
			}
		case *ast.CallExpr:
			sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Go" && sel.Sel.Name != "TryGo" || waited[types.ExprString(sel.X)] || !hasWait(info.TypeOf(sel.X)) {
				return true
			}
			for _, arg := range n.Args {
				if lit, ok := ast.Unparen(arg).(*ast.FuncLit); ok {
					out = append(out, lit)
				}
			}
		}
		return true
	})
	return out
}

// hasWait reports whether t has a Wait method: a group whose Go starts
// goroutines it can wait for.
func hasWait(t types.Type) bool {
	if t == nil {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Wait")
	_, isFunc := obj.(*types.Func)
	return isFunc
}

// inNodes reports whether n lies in one of nodes.
func inNodes(nodes []ast.Node, n ast.Node) bool {
	for _, m := range nodes {
		if astutil.Contains(m, n) {
			return true
		}
	}
	return false
}
